package pgn

import (
	"bytes"
	"errors"
	"io"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
)

func TestReadSyntax(t *testing.T) {
	tests := []struct {
		name   string
		in     string
		tags   []Tag    // of the first game
		moves  []string // of the first game
		result string   // of the first game
		games  int
	}{
		{
			name:  "tags and ICCS moves",
			in:    "[Event \"Test\"]\n[Format \"ICCS\"]\n\n1. h2e2 h9g7 2. h0g2 *\n",
			tags:  []Tag{{"Event", "Test"}, {"Format", "ICCS"}},
			moves: []string{"h2e2", "h9g7", "h0g2"}, result: "*", games: 1,
		},
		{
			name:  "escaped quotes and backslashes in a tag",
			in:    `[Event "the \"Cup\" C:\\x \d"]` + "\n1-0",
			tags:  []Tag{{"Event", `the "Cup" C:\x \d`}},
			moves: nil, result: "1-0", games: 1,
		},
		{
			name:   "unescaped quotes in a tag",
			in:     `[Event "the "Cup" 1997"]` + "\n[Red \"A\"]\n0-1",
			tags:   []Tag{{"Event", `the "Cup" 1997`}, {"Red", "A"}},
			result: "0-1", games: 1,
		},
		{
			name:   "tag spacing",
			in:     "[ Event   \"x\" ] [Site\"y\"]\t[Date \"\"]\n*",
			tags:   []Tag{{"Event", "x"}, {"Site", "y"}, {"Date", ""}},
			result: "*", games: 1,
		},
		{
			name:   "move numbers with and without spaces",
			in:     "1.炮二平五 马８进７ 2.马二进三 3... 车９平８ 12. h2e2 13.h0g2 1-0",
			moves:  []string{"炮二平五", "马８进７", "马二进三", "车９平８", "h2e2", "h0g2"},
			result: "1-0", games: 1,
		},
		{
			name:  "black to move: 1... and 1. ...",
			in:    "[FEN \"x b - - 0 1\"]\n1... h9g7 2. h2e2 2. ... h7e7 3...a b 4. ...c *",
			tags:  []Tag{{"FEN", "x b - - 0 1"}},
			moves: []string{"h9g7", "h2e2", "h7e7", "a", "b", "c"}, result: "*", games: 1,
		},
		{
			name:   "full-width WXF, signs and dots",
			in:     "1. Ｃ２＝５ ＋Ｐ＋１ 2. +P.4 -P+1 3. C2.5 H8+7 4. H2-E2 Ｐ７＋１ 5．炮二平五 6…h2e2 0-1",
			moves:  []string{"Ｃ２＝５", "＋Ｐ＋１", "+P.4", "-P+1", "C2.5", "H8+7", "H2-E2", "Ｐ７＋１", "炮二平五", "h2e2"},
			result: "0-1", games: 1,
		},
		{
			name:  "ideographic space between moves",
			in:    "1.　炮二平五　马８进７　*",
			moves: []string{"炮二平五", "马８进７"}, result: "*", games: 1,
		},
		{
			name:  "comments",
			in:    "{start} 1. h2e2 {a (b) ; c\n d} h9g7 ; rest of line 1-0 (x)\n2. h0g2{glued}i9h9 *",
			moves: []string{"h2e2", "h9g7", "h0g2", "i9h9"}, result: "*", games: 1,
		},
		{
			name:  "nested variations",
			in:    "1. h2e2 (1. c3c4 (1. b2e2 {)} ; )\n) h9g7) h9g7 (2. a b) 2. h0g2(x)i9h9 1/2-1/2",
			moves: []string{"h2e2", "h9g7", "h0g2", "i9h9"}, result: "1/2-1/2", games: 1,
		},
		{
			name:  "NAGs and annotation marks",
			in:    "1. h2e2! $1 h9g7?! $14 2. h0g2!! ?? 炮二平五！ Ｃ２＝５？ !? *",
			moves: []string{"h2e2", "h9g7", "h0g2", "炮二平五", "Ｃ２＝５"}, result: "*", games: 1,
		},
		{
			name:  "several games, blank lines, no results",
			in:    "[Event \"1\"]\n\n1. h2e2 h9g7\n\n\n[Event \"2\"]\n\n1. h0g2\n[Event \"3\"]\n",
			tags:  []Tag{{"Event", "1"}},
			moves: []string{"h2e2", "h9g7"}, games: 3,
		},
		{
			name:  "Windows line endings",
			in:    "[Event \"a\"]\r\n[Result \"1-0\"]\r\n\r\n1. h2e2 h9g7\r\n2. h0g2 ; c\r\n1-0\r\n\r\n[Event \"b\"]\r\n*\r\n",
			tags:  []Tag{{"Event", "a"}, {"Result", "1-0"}},
			moves: []string{"h2e2", "h9g7", "h0g2"}, result: "1-0", games: 2,
		},
		{
			name:  "result from the Result tag when the movetext has none",
			in:    "[Result \"0-1\"]\n1. h2e2\n",
			tags:  []Tag{{"Result", "0-1"}},
			moves: []string{"h2e2"}, result: "0-1", games: 1,
		},
		{
			name:  "movetext without tags, games split by results",
			in:    "h2e2 h9g7 1-0 b0c2 0-1 {only a comment}",
			moves: []string{"h2e2", "h9g7"}, result: "1-0", games: 2,
		},
		{
			name:  "tags after a comment or number still belong to the game",
			in:    "[Event \"a\"] {c} 1. [Site \"b\"] h2e2",
			tags:  []Tag{{"Event", "a"}, {"Site", "b"}},
			moves: []string{"h2e2"}, games: 1,
		},
		{
			name:  "tags only",
			in:    "\ufeff[FEN \"4k4/9/9/9/9/9/9/9/9/4K4 w\"]",
			tags:  []Tag{{"FEN", "4k4/9/9/9/9/9/9/9/9/4K4 w"}},
			games: 1,
		},
		{
			name: "empty", in: " \n\t\r\n", games: 0,
		},
		{
			name: "comments only", in: "{a} ; b\n(c)", games: 0,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			games, err := Read(strings.NewReader(tt.in))
			if err != nil {
				t.Fatal(err)
			}
			if len(games) != tt.games {
				t.Fatalf("%d games, want %d:\n%s", len(games), tt.games, dump(games))
			}
			if tt.games > 0 {
				g := games[0]
				if !slices.Equal(g.Tags, tt.tags) || !slices.Equal(g.Moves, tt.moves) || g.Result != tt.result {
					t.Errorf("got tags %q moves %q result %q\nwant tags %q moves %q result %q",
						g.Tags, g.Moves, g.Result, tt.tags, tt.moves, tt.result)
				}
			}
			// The streaming reader gives the same games, lines included.
			r := NewReader(strings.NewReader(tt.in))
			var streamed []*Game
			for {
				g, err := r.Next()
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Fatalf("Next: %v", err)
				}
				streamed = append(streamed, g)
			}
			if !equalGames(games, streamed, true) {
				t.Errorf("Reader disagrees with Read:\n%s\n%s", dump(streamed), dump(games))
			}
			roundTrip(t, games)
		})
	}
}

func TestGameLine(t *testing.T) {
	in := "; header\n\n[Event \"a\"]\n1. h2e2 *\n\n{c}\n\n  1. h0g2\n[Event \"b\"]\r\n\r\n1-0\r[Event \"c\"]"
	games, err := Read(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	var lines []int
	for _, g := range games {
		lines = append(lines, g.Line)
	}
	if want := []int{3, 8, 9, 12}; !slices.Equal(lines, want) {
		t.Errorf("lines %v, want %v\n%s", lines, want, dump(games))
	}
}

func TestTagLookup(t *testing.T) {
	g := &Game{Tags: []Tag{{"Event", "e"}, {"fen", "f"}, {"Event", "second"}}}
	if g.Tag("EVENT") != "e" || g.Tag("event") != "e" || g.FEN() != "f" || g.Tag("Site") != "" {
		t.Errorf("Tag lookups: %q %q %q %q", g.Tag("EVENT"), g.Tag("event"), g.FEN(), g.Tag("Site"))
	}
	if (&Game{}).FEN() != "" {
		t.Error("FEN of a game without tags")
	}
}

func TestReadErrors(t *testing.T) {
	tests := []struct {
		name      string
		in        string
		line, col int
		reason    string
	}{
		{"unterminated tag value", "[Event \"abc\n1. h2e2", 1, 1, "unterminated tag"},
		{"unterminated tag at EOF", "\n  [Event \"abc\"", 2, 3, "unterminated tag"},
		{"tag without bracket", "[Event \"abc\" x\n", 1, 1, "unterminated tag"},
		{"tag without value", "[Event abc]", 1, 8, "quoted string"},
		{"tag without name", "[\"abc\"]", 1, 1, "without a name"},
		{"unterminated comment", "1. h2e2 {abc\n\n", 1, 9, "unterminated comment"},
		{"unterminated comment in a variation", "1. h2e2 (h0g2 {)", 1, 15, "unterminated comment"},
		{"unterminated variation", "1. h2e2\r\n  (h0g2 (b) ", 2, 3, "unterminated variation"},
		{"stray closing parenthesis", "1. 炮二平五) h9g7", 1, 8, "unexpected ')'"},
		{"stray closing brace", "1. h2e2 }", 1, 9, "unexpected '}'"},
		{"stray closing bracket", "[Event \"a\"]]", 1, 12, "unexpected ']'"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Read(strings.NewReader(tt.in))
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("error %v (%T), want *SyntaxError", err, err)
			}
			if se.Line != tt.line || se.Col != tt.col || !strings.Contains(se.Reason, tt.reason) {
				t.Errorf("got %v, want line %d, column %d, %q", se, tt.line, tt.col, tt.reason)
			}
			r := NewReader(strings.NewReader(tt.in))
			for {
				_, err2 := r.Next()
				if err2 == nil {
					continue
				}
				if err2.Error() != err.Error() {
					t.Errorf("Reader error %v, Read error %v", err2, err)
				}
				if _, again := r.Next(); again != err2 {
					t.Errorf("Next after an error returned %v, want %v again", again, err2)
				}
				break
			}
		})
	}
}

func TestReadPartialGamesBeforeError(t *testing.T) {
	games, err := Read(strings.NewReader("1. h2e2 1-0\n1. h0g2 {"))
	if err == nil || len(games) != 1 || games[0].Moves[0] != "h2e2" {
		t.Errorf("got %s, %v; want the first game and an error", dump(games), err)
	}
}

func TestReaderSourceError(t *testing.T) {
	boom := errors.New("boom")
	if _, err := Read(iotest.ErrReader(boom)); err != boom {
		t.Errorf("Read: %v, want %v", err, boom)
	}
	if _, err := NewReader(iotest.ErrReader(boom)).Next(); err != boom {
		t.Errorf("Next: %v, want %v", err, boom)
	}
	// An error after the detection sample, in the middle of the stream.
	big := strings.Repeat("1. h2e2 h9g7 *\n", sampleSize/8)
	r := NewReader(io.MultiReader(strings.NewReader(big), iotest.ErrReader(boom)))
	n := 0
	var err error
	for err == nil {
		_, err = r.Next()
		n++
	}
	if err != boom || n < sampleSize/16 {
		t.Errorf("after %d games: %v, want %v", n, err, boom)
	}
}

func TestReaderOneByteAtATime(t *testing.T) {
	in := "[Event \"a\"]\n1. 炮二平五 马８进７ 2. h0g2 1-0\n[Event \"b\"]\n1. Ｃ２＝５ *"
	want, err := Read(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	r := NewReader(iotest.OneByteReader(bytes.NewReader([]byte(in))))
	var got []*Game
	for {
		g, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, g)
	}
	if !equalGames(got, want, true) {
		t.Errorf("got\n%s\nwant\n%s", dump(got), dump(want))
	}
}

// emptyReader returns no data and no error, forever.
type emptyReader struct{}

func (emptyReader) Read([]byte) (int, error) { return 0, nil }

func TestReaderNoProgress(t *testing.T) {
	r := NewReader(io.MultiReader(strings.NewReader("炮二平五 "), emptyReader{}))
	if _, err := r.Next(); err != io.ErrNoProgress {
		t.Errorf("Next: %v, want %v", err, io.ErrNoProgress)
	}
}
