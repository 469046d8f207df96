package pgn

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// corpusDir is the shared corpus of real PGN files; tests skip without it.
const corpusDir = "../../shared/corpus/pgn"

func corpusFiles(t testing.TB, sub string) []string {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(corpusDir, sub, "*.pgn"))
	if len(files) == 0 {
		t.Skipf("no corpus files in %s", filepath.Join(corpusDir, sub))
	}
	return files
}

func readFile(t testing.TB, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// readBoth reads data with Read and with the streaming Reader, checks they
// agree, and returns the games and the streaming reader's encoding.
func readBoth(t *testing.T, data []byte) ([]*Game, Encoding) {
	t.Helper()
	games, err := Read(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("Read: %v", err)
	}
	r := NewReader(bytes.NewReader(data))
	var streamed []*Game
	for {
		g, err := r.Next()
		if err != nil {
			if err.Error() != "EOF" {
				t.Fatalf("Next: %v", err)
			}
			break
		}
		streamed = append(streamed, g)
	}
	if !equalGames(games, streamed, true) {
		t.Errorf("Read and Reader disagree:\n%s\n%s", dump(games), dump(streamed))
	}
	return games, r.Encoding()
}

func TestCorpusWukong(t *testing.T) {
	files := map[string]string{
		"bulk_games_uci.pgn":     "h2e2",
		"xqdb_international.pgn": "Ｃ２＝５",
		"xqdb_traditional.pgn":   "炮二平五",
	}
	corpusFiles(t, "wukong")
	var counts [][]int
	for name, first := range files {
		data := readFile(t, filepath.Join(corpusDir, "wukong", name))
		games, enc := readBoth(t, data)
		if enc != UTF8 {
			t.Errorf("%s: encoding %v, want UTF-8", name, enc)
		}
		if len(games) != 15 {
			t.Fatalf("%s: %d games, want 15", name, len(games))
		}
		if got := games[0].Moves[0]; got != first {
			t.Errorf("%s: first move %q, want %q", name, got, first)
		}
		if games[0].Tag("event") != "Zhongli Cup TV fast game Champion 1997" || games[0].Line != 1 {
			t.Errorf("%s: first game tags %v at line %d", name, games[0].Tags, games[0].Line)
		}
		var n []int
		for _, g := range games {
			if len(g.Tags) != 3 || g.Tag("Red") == "" || g.Tag("Black") == "" {
				t.Errorf("%s line %d: tags %v", name, g.Line, g.Tags)
			}
			n = append(n, len(g.Moves))
		}
		counts = append(counts, n)
		roundTrip(t, games)
	}
	for _, c := range counts[1:] {
		if !slices.Equal(c, counts[0]) {
			t.Errorf("move counts differ between notations: %v vs %v", c, counts[0])
		}
	}
	t.Logf("moves per game: %v", counts[0])
}

func TestCorpusCCPD(t *testing.T) {
	for _, path := range corpusFiles(t, "ccpd") {
		data := readFile(t, path)
		name := filepath.Base(path)
		if _, enc, err := Decode(data); err != nil || enc != Big5 {
			t.Errorf("%s: Decode: %v, %v; want Big5", name, enc, err)
		}
		games, enc := readBoth(t, data)
		if enc != Big5 {
			t.Errorf("%s: Reader encoding %v, want Big5", name, enc)
		}
		if len(games) != 1 {
			t.Fatalf("%s: %d games, want 1", name, len(games))
		}
		g := games[0]
		if g.FEN() == "" || len(g.Moves) == 0 || g.Result != g.Tag("Result") || g.Tag("Game") != "Chinese Chess" {
			t.Errorf("%s: FEN %q, %d moves, result %q (tag %q)", name, g.FEN(), len(g.Moves), g.Result, g.Tag("Result"))
		}
		roundTrip(t, games)
	}
}

func TestCorpusCCPDMoves(t *testing.T) {
	corpusFiles(t, "ccpd")
	data := readFile(t, filepath.Join(corpusDir, "ccpd", "001-00000994.pgn"))
	games, err := Read(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	g := games[0]
	want := []string{"車８退３", "炮一進一", "車８平９", "炮一平二", "車９平８"}
	if !slices.Equal(g.Moves[:len(want)], want) || len(g.Moves) != 21 {
		t.Errorf("moves %q (%d), want prefix %q and 21 moves", g.Moves, len(g.Moves), want)
	}
	if g.Tag("Red") != "王嘉良" || g.Result != "0-1" {
		t.Errorf("Red %q, result %q", g.Tag("Red"), g.Result)
	}
}

func BenchmarkRead(b *testing.B) {
	var inputs [][]byte
	size := 0
	for _, path := range corpusFiles(b, "wukong") {
		data := readFile(b, path)
		inputs = append(inputs, data)
		size += len(data)
	}
	b.SetBytes(int64(size))
	b.ReportAllocs()
	for b.Loop() {
		for _, data := range inputs {
			if _, err := Read(bytes.NewReader(data)); err != nil {
				b.Fatal(err)
			}
		}
	}
}

func BenchmarkReader(b *testing.B) {
	var inputs [][]byte
	size := 0
	for _, path := range corpusFiles(b, "wukong") {
		data := readFile(b, path)
		inputs = append(inputs, data)
		size += len(data)
	}
	b.SetBytes(int64(size))
	b.ReportAllocs()
	for b.Loop() {
		for _, data := range inputs {
			if _, err := readAll(NewReader(bytes.NewReader(data))); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkReadBig5 reads the Big5 files of the corpus, which go through
// encoding detection and decoding.
func BenchmarkReadBig5(b *testing.B) {
	var inputs [][]byte
	size := 0
	for _, path := range corpusFiles(b, "ccpd") {
		data := readFile(b, path)
		inputs = append(inputs, data)
		size += len(data)
	}
	b.SetBytes(int64(size))
	b.ReportAllocs()
	for b.Loop() {
		for _, data := range inputs {
			if _, err := Read(bytes.NewReader(data)); err != nil {
				b.Fatal(err)
			}
		}
	}
}
