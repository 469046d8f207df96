package main

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func writeFile(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func gzipped(t *testing.T, text string) []byte {
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write([]byte(text))
	zw.Close()
	return b.Bytes()
}

const goodPGN = "[FEN \"" + perpetualCheckFEN + "\"]\n\n1. f0e0 e8f8 2. e0f0 f8e8 *\n"

// Finding 3 of issue 9: compare reports an unreadable file by its name, skips it, goes
// on with the others, counts it in the summary and exits 2. A tag that is not valid GBK
// does not make a file unreadable since records are read through package record (issue
// 25): its bytes become U+FFFD with a warning naming the file and the game.
func TestCompareSkipsUnreadableFiles(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "mix")
	writeFile(t, filepath.Join(dir, "a-good.pgn"), []byte(goodPGN))
	writeFile(t, filepath.Join(dir, "b-bad.pgn"), []byte("[Event \"\x81\x20\xff\xfe\x81\"]\n1. h2e2 *\n"))
	writeFile(t, filepath.Join(dir, "c-packed.pgn"), gzipped(t, goodPGN))
	writeFile(t, filepath.Join(dir, "sub", "d-good.pgn"), []byte(goodPGN))
	out, stderr, code := runCLI(t, "", "compare", "--json", dir)
	if code != exitInput {
		t.Errorf("exit %d, want %d (some input was bad)", code, exitInput)
	}
	for _, want := range []string{
		"warning: " + filepath.Join(dir, "b-bad.pgn") + ": game 1: pgn: line 1: invalid GBK",
		filepath.Join(dir, "c-packed.pgn") + ": pgn: not a PGN text file: gzip-compressed data",
		"(skipped)",
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	if strings.Contains(stderr, "compare: "+dir+":") {
		t.Errorf("the error names the folder, not the file:\n%s", stderr)
	}
	if !strings.Contains(out, `"summary":{"games":3,"plies":9,`) || !strings.Contains(out, `"unreadableFiles":1,`) {
		t.Errorf("summary must count the three readable games and the unreadable file:\n%s", out)
	}
	// A missing source among good ones: reported, the good one still compared.
	out, stderr, code = runCLI(t, "", "compare", filepath.Join(dir, "a-good.pgn"), filepath.Join(dir, "nope.pgn"))
	if code != exitInput || !strings.Contains(stderr, "nope.pgn") || !strings.Contains(out, "1 game (4 plies)") || !strings.Contains(out, "1 unreadable file") {
		t.Errorf("missing file: exit %d\n%s\n%s", code, stderr, out)
	}
}

// A binary given to judge says what it is; a TSV database is judged game by game.
func TestJudgeSaysWhatTheFileIs(t *testing.T) {
	dir := t.TempDir()
	tsvgz := filepath.Join(dir, "games.tsv.gz")
	writeFile(t, tsvgz, gzipped(t, "game_id\tstart_fen\tmoves\tresult\nx\t\th2e2\t*\n"))
	zip := filepath.Join(dir, "games.zip")
	writeFile(t, zip, []byte("PK\x03\x04\x14\x00\x00\x00"))
	good := filepath.Join(dir, "good.pgn")
	writeFile(t, good, []byte(goodPGN))
	tests := []struct {
		args []string
		msg  string
	}{
		{[]string{"judge", zip}, "a ZIP archive; judge reads game records (unpack the archive first)"},
		{[]string{"judge", "-"}, "NUL bytes"},
	}
	for _, tt := range tests {
		_, stderr, code := runCLI(t, "\x00\x01binary", tt.args...)
		if code != exitInput || !strings.Contains(stderr, tt.msg) || strings.Contains(stderr, "invalid GBK") {
			t.Errorf("%q: exit %d, stderr %q; want %q", tt.args, code, stderr, tt.msg)
		}
	}
	if out, stderr, code := runCLI(t, "", "judge", "--json", tsvgz); code != exitOK || !strings.Contains(out, `"GameId":"x"`) {
		t.Errorf("judge GAMES.tsv.gz: exit %d, %s\n%s", code, stderr, out)
	}
	// A bad file among good ones: the good one is judged, the exit code says input was bad.
	out, stderr, code := runCLI(t, "", "judge", "--json", zip, good)
	if code != exitInput || strings.Count(out, "\n") != 1 || !strings.Contains(out, `"file":"`+good+`"`) || !strings.Contains(stderr, "ZIP") {
		t.Errorf("zip then good: exit %d\n%s\n%s", code, stderr, out)
	}
}

// The same --relaxed-fen default (off) in judge and compare, and the error says how to
// accept such a position.
func TestRelaxedFENSameDefault(t *testing.T) {
	// A red advisor on d1 can never be reached (the palace points are d0, f0, e1, d2, f2).
	const fen = "3k5/9/9/9/9/9/9/9/3A5/4K4 w - - 0 1"
	file := filepath.Join(t.TempDir(), "odd.pgn")
	writeFile(t, file, []byte("[FEN \""+fen+"\"]\n\n1. e0f0 d9d8 *\n"))
	for _, cmd := range []string{"judge", "compare"} {
		_, stderr, code := runCLI(t, "", cmd, file)
		if code != exitInput || !strings.Contains(stderr, "can never reach") || !strings.Contains(stderr, "--relaxed-fen accepts") {
			t.Errorf("%s strict by default: exit %d, %s", cmd, code, stderr)
		}
		_, stderr, code = runCLI(t, "", cmd, "--relaxed-fen", file)
		if code != exitOK {
			t.Errorf("%s --relaxed-fen: exit %d, %s", cmd, code, stderr)
		}
	}
}

// No input may panic any command: hostile arguments and files, every subcommand.
func TestHostileInputsDoNotPanic(t *testing.T) {
	dir := t.TempDir()
	files := map[string][]byte{
		"empty.pgn":    nil,
		"nul.pgn":      []byte("\x00\x00\x00"),
		"huge-tag.pgn": []byte("[Event \"" + strings.Repeat("x", 1<<16) + "\"]\n1. h2e2 *\n"),
		"unclosed.pgn": []byte("[Event \"x\n1. h2e2 {comment ( ; *"),
		"badfen.pgn":   []byte("[FEN \"9/9/9\"]\n1. h2e2 *\n"),
		"nomoves.pgn":  []byte("[Event \"x\"]\n*\n"),
		"gbk.pgn":      []byte("[Event \"\xb2\xe2\xca\xd4\"]\n1. \xc5\xda\xb6\xfe\xc6\xbd\xce\xe5 *\n"),
		"bad.tsv":      []byte("not\ta\tdatabase\n\x01\x02\n"),
		"bad.tsv.gz":   []byte("\x1f\x8b\x08\x00garbage"),
		"mate.pgn":     []byte("[FEN \"3k5/9/9/9/9/9/9/9/3R5/3RK4 w - - 0 1\"]\n1. d1d8 *\n"),
	}
	for name, data := range files {
		writeFile(t, filepath.Join(dir, name), data)
	}
	var argSets [][]string
	for name := range files {
		f := filepath.Join(dir, name)
		argSets = append(argSets, []string{"judge", f}, []string{"judge", "--json", f}, []string{"compare", f}, []string{"compare", "--json", f})
	}
	argSets = append(argSets,
		[]string{"compare", dir},
		[]string{"judge", "--moves", strings.Repeat("h2e2 e2h2 ", 40)},
		[]string{"judge", "--moves", "h2e2 h9g7 h0g2 g7h9 g2h0 h9g7 h0g2 g7h9 g2h0", "--on-violation", "forbid", "--json"},
		[]string{"judge", "--fen", perpetualCheckFEN, "--moves", "f0e0 e8f8 e0f0 f8e8 f0e0 e8f8 e0f0 f8e8 f0e0 e8f8", "--on-violation", "forbid"},
		[]string{"judge", "--fen", perpetualCheckFEN, "--moves", "f0e0 e8f8 e0f0 f8e8 f0e0 e8f8 e0f0 f8e8 f0e0", "--on-violation", "forbid", "--loss-at", "2", "--draw-at", "2"},
		[]string{"judge", "--fen", "3k5/9/9/9/9/9/9/9/3R5/3RK4 w - - 0 1", "--moves", "d1d8 d9d8"},
		[]string{"judge", "--fen", "", "--moves", " "},
		[]string{"judge", "--moves", "\x00\xff 炮二平五 ＋"},
		[]string{"judge", "--fen", "\xff\xfe", "--moves", "h2e2"},
		[]string{"judge", "--natural-limit", "-1", "--moves", "h2e2"},
		[]string{"judge", "--natural-limit", "2", "--moves", "h2e2 h7e7 h0g2 h9g7"},
		[]string{"judge", "--no-draw-before", "99999999999", "--moves", "h2e2"},
		[]string{"judge", "--loss-at", "-5", "--moves", "h2e2"},
		[]string{"judge", "--ruleset", ""},
		[]string{"judge", "--"},
		[]string{"judge", "--", "--json"},
		[]string{"compare", "--rulesets", ",,", dir},
		[]string{"compare", "--workers", "-3", filepath.Join(dir, "mate.pgn")},
		[]string{"casebook", "show", "\xff"},
		[]string{"casebook", "list", "--tag", "\x00"},
		[]string{"casebook", "verify", "--source", "no-such-source"},
		[]string{"perft", "--depth", "1", "--fen", "9/9/9/9/9/9/9/9/9/9 w"},
		[]string{"perft", "--depth", "-1"},
		[]string{"perft", "--ruleset", "chinese", "--depth", "1"},
		[]string{"perft", "--ruleset", "nope", "--depth", "1"},
		[]string{"judge", "--ruleset", "chinese+x=y", "--moves", "h2e2"},
		[]string{"compare", "--rulesets", "asian+repetition=allowed", "--moves", "h2e2"},
		[]string{"perft", "--depth", "1", "--fen", "3k5/9/9/9/9/9/9/9/3R5/3RK4 b - - 0 1", "--divide"},
		[]string{"rulesets", "--", "x"},
		[]string{"serve", "--max-plies", "nope"},
		[]string{"serve", "extra-arg"},
		[]string{"", ""},
		[]string{"-"},
	)
	for _, args := range argSets {
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("%q panicked: %v", args, r)
				}
			}()
			runCLI(t, "\x00garbage on stdin", args...)
		}()
	}
}
