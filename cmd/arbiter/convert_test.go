package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arbiter-xq/arbiter/record"
)

// convertKept are the tags each output format holds (a PGN keeps every tag).
var convertKept = map[string][]string{
	".pgn": {"Event", "Site", "Date", "Round", "Red", "Black", "Title", "Annotator"},
	".ubb": {"Title", "Event", "Date", "Site", "Round", "Red", "Black", "Annotator", "Author"},
	".xqf": {"Title", "Event", "Date", "Site", "Red", "Black"},
}

// readBack reads every game of the files a convert wrote (OUT, or OUT-N.xqf per game).
func readBack(t *testing.T, out string, n int) []*record.Game {
	t.Helper()
	names := []string{out}
	if filepath.Ext(out) == ".xqf" && n > 1 {
		names = names[:0]
		for i := range n {
			names = append(names, svgPath(out, i, n))
		}
	}
	var games []*record.Game
	for _, name := range names {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		gs, err := record.Read(name, data, record.Options{Variations: true})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		games = append(games, gs...)
	}
	return games
}

// convertRoundTrip converts in to every written format and checks that reading the
// output gives back the position, the result, the main line and the tags the format
// holds, game by game.
func convertRoundTrip(t *testing.T, in string, relaxed bool) {
	t.Helper()
	data, err := os.ReadFile(in)
	if err != nil {
		t.Fatal(err)
	}
	opts := record.Options{Variations: true, RelaxedFEN: relaxed}
	orig, err := record.Read(in, data, opts)
	if err != nil {
		t.Fatalf("%s: %v", in, err)
	}
	var good []*record.Game
	for _, g := range orig {
		if g.Err == nil {
			good = append(good, g)
		}
	}
	for _, ext := range []string{".pgn", ".ubb", ".xqf"} {
		out := filepath.Join(t.TempDir(), "out"+ext)
		args := []string{"convert", in, out}
		if relaxed {
			args = append(args, "--relaxed-fen")
		}
		_, stderr, code := runCLI(t, "", args...)
		if len(good) < len(orig) {
			if code != exitInput {
				t.Errorf("%s → %s: exit %d with a game that has an error", in, ext, code)
			}
			continue // the written games no longer align with the read ones
		}
		if code != exitOK {
			t.Errorf("%s → %s: exit %d: %s", in, ext, code, stderr)
			continue
		}
		back := readBack(t, out, len(good))
		if len(back) != len(good) {
			t.Errorf("%s → %s: %d games read back, want %d", in, ext, len(back), len(good))
			continue
		}
		for i, g := range good {
			b := back[i]
			what := fmt.Sprintf("%s game %d → %s", in, g.Source.Index, ext)
			if b.Err != nil {
				t.Errorf("%s: read back: %v", what, b.Err)
			}
			if g.FEN != b.FEN {
				t.Errorf("%s: FEN %q, read back %q", what, g.FEN, b.FEN)
			}
			if g.Result != b.Result {
				t.Errorf("%s: result %q, read back %q", what, g.Result, b.Result)
			}
			if strings.Join(g.Moves, " ") != strings.Join(b.Moves, " ") {
				t.Errorf("%s: main line differs:\n%v\n%v", what, g.Moves, b.Moves)
			}
			if ext != ".pgn" && len(g.Lines()) != len(b.Lines()) {
				t.Errorf("%s: %d lines, read back %d", what, len(g.Lines()), len(b.Lines()))
			}
			if strings.Contains(stderr, "cannot hold") {
				continue // a tag clipped to its field, reported
			}
			for _, name := range convertKept[ext] {
				want := g.Tag(name)
				if ext == ".ubb" {
					want = strings.NewReplacer("[", "［", "]", "］").Replace(want)
				}
				if ext == ".pgn" && strings.ContainsAny(want, "\r\n") {
					continue
				}
				if got := b.Tag(name); got != want {
					t.Errorf("%s: tag %s %q, read back %q", what, name, want, got)
				}
			}
		}
	}
}

// read → write → read keeps the position, the moves, the tags and the main line, for a
// PGN written here (a position, a black first move, tags) and every fixture.
func TestConvertRoundTrip(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.pgn")
	writeFile(t, in, []byte(`[Event "Test 杯"]
[Red "甲"]
[Black "乙"]
[Date "2024.05.01"]
[FEN "`+perpetualCheckFEN+`"]

1. f0e0 e8f8 2. e0f0 f8e8 1-0

[Event "second"]
[FEN "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b"]

1... h9g7 2. h2e2 *
`))
	convertRoundTrip(t, in, false)
	_, files := formatFixtures(t)
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) { convertRoundTrip(t, f, false) })
	}
}

func TestConvertErrors(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.pgn")
	writeFile(t, in, []byte("[Event \"a\"]\n\n1. h2e2 *\n\n[Event \"b\"]\n\n1. h2e2 h9g7 *\n"))
	tests := []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"convert", in}, exitUsage, "want IN and OUT"},
		{[]string{"convert", in, filepath.Join(dir, "out.cbr")}, exitUsage, "CBR is read, not written"},
		{[]string{"convert", in, filepath.Join(dir, "out.doc")}, exitUsage, "unknown output format"},
		{[]string{"convert", in, "-"}, exitUsage, "give --to"},
		{[]string{"convert", "--to", "xqf", in, "-"}, exitUsage, "give --game N"},
		{[]string{"convert", "--game", "3", in, filepath.Join(dir, "o.pgn")}, exitInput, "the file holds 2 games"},
		{[]string{"convert", filepath.Join(dir, "nope.xqf"), filepath.Join(dir, "o.pgn")}, exitInput, "no such file"},
	}
	for _, tt := range tests {
		_, stderr, code := runCLI(t, "", tt.args...)
		if code != tt.code || !strings.Contains(stderr, tt.msg) {
			t.Errorf("%q: exit %d, %q; want exit %d and %q", tt.args, code, stderr, tt.code, tt.msg)
		}
	}
	out, stderr, code := runCLI(t, "", "convert", "--to", "ubb", "--game", "2", in, "-")
	if code != exitOK || !strings.Contains(out, "[DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]") || strings.Contains(out, "[DhtmlXQ_event]a[") {
		t.Errorf("--game 2 to stdout: exit %d, %s\n%s", code, stderr, out)
	}
	// A main line cut at an illegal move: written up to it, reported, exit 2.
	bad := filepath.Join(dir, "bad.pgn")
	writeFile(t, bad, []byte("1. h2e2 h9g7 2. h2e3 *\n"))
	out, stderr, code = runCLI(t, "", "convert", "--to", "pgn", bad, "-")
	if code != exitInput || !strings.Contains(out, "1. h2e2 h9g7 *") || !strings.Contains(stderr, "main line, ply 3") || !strings.Contains(stderr, "written up to ply 2") {
		t.Errorf("a cut main line: exit %d, %s\n%s", code, stderr, out)
	}
}
