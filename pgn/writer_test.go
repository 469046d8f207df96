package pgn

import (
	"bytes"
	"strings"
	"testing"
)

func TestWrite(t *testing.T) {
	tests := []struct {
		name string
		game *Game
		want string
	}{
		{
			name: "tags, moves and result",
			game: &Game{
				Tags:   []Tag{{"Event", `the "Cup" \ 1997`}, {"Format", "ICCS"}},
				Moves:  []string{"h2e2", "h9g7", "h0g2"},
				Result: "1-0",
			},
			want: "[Event \"the \\\"Cup\\\" \\\\ 1997\"]\n[Format \"ICCS\"]\n\n1. h2e2 h9g7 2. h0g2 1-0\n\n",
		},
		{
			name: "Black moves first",
			game: &Game{
				Tags:  []Tag{{"FEN", "3ckab2/4a3C/3nb4/p7p/7r1/2N1R4/P7P/4B4/4A4/4KA3 b - - 0 1"}},
				Moves: []string{"車８退３", "炮一進一", "車８平９"},
			},
			want: "[FEN \"3ckab2/4a3C/3nb4/p7p/7r1/2N1R4/P7P/4B4/4A4/4KA3 b - - 0 1\"]\n\n1... 車８退３ 2. 炮一進一 車８平９\n\n",
		},
		{
			name: "numbering from the FEN",
			game: &Game{Tags: []Tag{{"FEN", "9/9/9/9/9/9/9/9/9/9 w - - 0 31"}}, Moves: []string{"a", "b", "c"}},
			want: "[FEN \"9/9/9/9/9/9/9/9/9/9 w - - 0 31\"]\n\n31. a b 32. c\n\n",
		},
		{
			name: "result only",
			game: &Game{Result: "*"},
			want: "*\n\n",
		},
		{
			name: "tags only",
			game: &Game{Tags: []Tag{{"Event", ""}}},
			want: "[Event \"\"]\n\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b strings.Builder
			if err := Write(&b, tt.game); err != nil {
				t.Fatal(err)
			}
			if b.String() != tt.want {
				t.Errorf("got\n%q\nwant\n%q", b.String(), tt.want)
			}
			roundTrip(t, []*Game{tt.game})
		})
	}
}

func TestWriteWraps(t *testing.T) {
	moves := strings.Fields(strings.Repeat("炮二平五 马８进７ Ｃ２＝５ Ｈ８＋７ h2e2 h9g7 ", 40))
	g := &Game{Moves: moves, Result: "1/2-1/2"}
	var b bytes.Buffer
	if err := Write(&b, g); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n\n"), "\n")
	if len(lines) < 10 {
		t.Errorf("only %d lines", len(lines))
	}
	for i, l := range lines {
		if w := width(l); w > lineWidth || w < lineWidth-16 && i < len(lines)-1 {
			t.Errorf("line %d is %d columns wide: %q", i+1, w, l)
		}
		if strings.HasSuffix(l, ".") {
			t.Errorf("line %d ends with a move number: %q", i+1, l)
		}
	}
	roundTrip(t, []*Game{g})
}

func TestWriteErrors(t *testing.T) {
	tests := []struct {
		name string
		game *Game
	}{
		{"empty tag name", &Game{Tags: []Tag{{"", "x"}}}},
		{"space in tag name", &Game{Tags: []Tag{{"Red Team", "x"}}}},
		{"bracket in tag name", &Game{Tags: []Tag{{"Red]", "x"}}}},
		{"quote in tag name", &Game{Tags: []Tag{{`Red"`, "x"}}}},
		{"line break in tag value", &Game{Tags: []Tag{{"Event", "a\nb"}}}},
		{"empty move", &Game{Moves: []string{""}}},
		{"move with a space", &Game{Moves: []string{"h2 e2"}}},
		{"move with an ideographic space", &Game{Moves: []string{"炮二　平五"}}},
		{"move with a brace", &Game{Moves: []string{"h2e2{"}}},
		{"move like a move number", &Game{Moves: []string{"12."}}},
		{"move with a glued move number", &Game{Moves: []string{"1.h2e2"}}},
		{"move like a NAG", &Game{Moves: []string{"$3"}}},
		{"move like a result", &Game{Moves: []string{"1-0"}}},
		{"move with an annotation", &Game{Moves: []string{"h2e2!"}}},
		{"bad result", &Game{Result: "2-0"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := Write(&b, tt.game); err == nil {
				t.Errorf("no error; wrote %q", b.String())
			} else if b.Len() > 0 {
				t.Errorf("wrote %q before failing", b.String())
			}
		})
	}
}
