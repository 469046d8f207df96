package main

import (
	"encoding/csv"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arbiter-xq/arbiter/internal/corpus"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// golden compares got with testdata/NAME, or rewrites it under -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("output differs from %s (go test -update rewrites it):\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}

// The JSON of judge and compare is byte-stable: the same input gives the same bytes
// with every build (protojson varies its spacing per build; a golden file made by one
// build and compared by another catches it), and each judge line names its game.
func TestGoldenOutput(t *testing.T) {
	tests := []struct {
		golden string
		args   []string
		code   int
	}{
		{"judge.json", []string{"judge", "--ruleset", "chinese", "--json", "testdata/games.pgn"}, exitOK},
		{"judge-asian.json", []string{"judge", "testdata/games.pgn", "--ruleset", "asian", "--json"}, exitOK},
		{"judge.txt", []string{"judge", "--ruleset", "chinese", "testdata/games.pgn"}, exitOK},
		// Red has a pawn move besides the forbidden check: the check is refused and the
		// game goes on.
		{"judge-forbid.txt", []string{"judge", "--ruleset", "chinese", "--fen", perpetualCheckPawnFEN,
			"--moves", "f0e0 e8f8 e0f0 f8e8 f0e0 e8f8 e0f0 f8e8 f0e0", "--on-violation", "forbid"}, exitOK},
		{"judge-forbid.json", []string{"judge", "--ruleset", "chinese", "--json", "--fen", perpetualCheckPawnFEN,
			"--moves", "f0e0 e8f8 e0f0 f8e8 f0e0 e8f8 e0f0 f8e8 f0e0", "--on-violation", "forbid"}, exitOK},
		// Without the pawn every legal move of Red is forbidden: Red has lost (CXA 2020,
		// note to 图6).
		{"judge-forbid-dead-end.txt", []string{"judge", "--ruleset", "chinese", "--fen", perpetualCheckFEN,
			"--moves", "f0e0 e8f8 e0f0 f8e8 f0e0 e8f8 e0f0 f8e8 f0e0", "--on-violation", "forbid"}, exitOK},
		{"compare.json", []string{"compare", "--json", "testdata/games.pgn"}, exitOK},
		{"compare.txt", []string{"compare", "testdata/games.pgn"}, exitOK},
		// The game ends differently under the two rulesets: the result and how it ended
		// read as one phrase ("draw, repetition draw at ply 8"), the patterns aligned.
		{"compare-ended.txt", []string{"compare", "testdata/ended.pgn"}, exitOK},
		// One history given on the command line: every ruling shown, agreeing or not.
		{"compare-moves.txt", []string{"compare", "--rulesets", "chinese,asian", "--fen", "4k4/9/1n5R1/9/9/9/9/9/9/5K3 w - - 0 1",
			"--moves", "h7h9 e9e8 h9h7 e8e9"}, exitOK},
		{"compare-moves.json", []string{"compare", "--json", "--fen", perpetualCheckFEN, "--moves", "f0e0 e8f8 e0f0 f8e8"}, exitOK},
		// A mate: the result says it once ("red wins (checkmate, on ply 3)").
		{"judge-mate.txt", []string{"judge", "--fen", "3k5/9/9/8p/9/9/9/9/R8/1R2K4 w - - 0 1", "--moves", "a1a8 i6i5 b0b9"}, exitOK},
	}
	for _, tt := range tests {
		t.Run(tt.golden, func(t *testing.T) {
			out, stderr, code := runCLI(t, "", tt.args...)
			if code != tt.code {
				t.Fatalf("exit %d, want %d: %s", code, tt.code, stderr)
			}
			golden(t, tt.golden, out)
		})
	}
}

// compare --format csv|jsonl --all: one row per game and ruleset with a header, then a
// summary row per ruleset; a CSV reader and a JSON decoder load every row.
func TestCompareRows(t *testing.T) {
	out, stderr, code := runCLI(t, "", "compare", "--rulesets", "chinese,asian", "--format", "csv", "--all", "testdata/games.pgn")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 1+3*2+2 || strings.Join(recs[0], ",") != strings.Join(flatColumns, ",") {
		t.Fatalf("%d records, header %v:\n%s", len(recs), recs[0], out)
	}
	col := map[string]int{}
	for i, c := range recs[0] {
		col[c] = i
	}
	for _, r := range recs[1:7] {
		if r[col["kind"]] != "game" || r[col["file"]] != "testdata/games.pgn" || r[col["result"]] == "" || r[col["ruleset"]] == "" {
			t.Errorf("game row %v", r)
		}
	}
	if r := recs[8]; r[col["kind"]] != "summary" || r[col["games"]] != "3" || r[col["ruleset"]] != "asian" {
		t.Errorf("summary row %v", r)
	}
	out, _, _ = runCLI(t, "", "compare", "--rulesets", "chinese,asian", "--format", "jsonl", "testdata/games.pgn")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	for _, l := range lines {
		var row map[string]any
		if err := json.Unmarshal([]byte(l), &row); err != nil || len(row) != len(flatColumns) {
			t.Errorf("jsonl row %q: %v", l, err)
		}
	}
	// Without --all only the disagreeing game's rows (1 game x 2 rulesets) and the summaries.
	if len(lines) != 2+2 {
		t.Errorf("jsonl without --all: %d rows:\n%s", len(lines), out)
	}
}

// Every repetition of a record is listed (issue 24): a record that repeats at plies 1-4
// and then changes has one incident though its last position is no repetition.
func TestJudgeIncidents(t *testing.T) {
	out, stderr, code := runCLI(t, "", "judge", "--ruleset", "chinese", "--json", "--fen",
		"1r2kab1r/2c1a4/n1c1b1n2/4p2N1/p1p6/1C4P2/P1P1P4/2N1B3C/4A4/1RBAK2R1 w - - 0 1",
		"--moves", "h6i4 i9h9 i4h6 h9i9 g4g5 a5a4")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var resp struct {
		Ruling    any
		Incidents []struct {
			FirstPly, LastPly, Occurrence int
			Ruling                        struct{ Verdict string }
			Status                        string
		}
	}
	if err := json.Unmarshal([]byte(out), &resp); err != nil {
		t.Fatal(err)
	}
	if len(resp.Incidents) != 1 || resp.Incidents[0].FirstPly != 1 || resp.Incidents[0].LastPly != 4 || resp.Ruling != nil ||
		resp.Incidents[0].Ruling.Verdict != "VERDICT_RED_MUST_CHANGE" {
		t.Errorf("incidents: %+v\n%s", resp, out)
	}
	// CCPD game 994 under forbid: the third occurrence at ply 10 is listed.
	game994 := corpus.Path("corpus/pgn/ccpd/001-00000994.pgn")
	if game994 == "" {
		t.Skip("../shared/corpus is absent")
	}
	out, _, _ = runCLI(t, "", "judge", "--ruleset", "chinese", "--on-violation", "forbid", game994)
	if !strings.Contains(out, "Incidents (1 repetition):") || !strings.Contains(out, "plies 3-10, occurrence 3") {
		t.Errorf("game 994 under forbid:\n%s", out)
	}
}

// --game N picks one game of a file, --upto the record as it stood at a ply.
func TestJudgeGameUpto(t *testing.T) {
	var pgn strings.Builder
	for i := 0; i < 15; i++ {
		fmt.Fprintf(&pgn, "[Event \"game %d\"]\n\n1. h2e2 h9g7 2. h0g2 i9h9 *\n\n", i+1)
	}
	out, stderr, code := runCLI(t, pgn.String(), "judge", "--json", "--game", "2", "--upto", "3", "-")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != exitOK || len(lines) != 1 || !strings.Contains(lines[0], `"Event":"game 2"`) || strings.Count(lines[0], `"ply":`) != 3 {
		t.Errorf("--game 2 --upto 3: exit %d, %s\n%s", code, stderr, out)
	}
	if _, stderr, code := runCLI(t, pgn.String(), "judge", "--game", "16", "-"); code != exitInput || !strings.Contains(stderr, "has 15 games") {
		t.Errorf("--game 16: exit %d, %s", code, stderr)
	}
}
