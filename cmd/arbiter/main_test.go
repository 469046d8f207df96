package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/arbiter-xq/arbiter/internal/corpus"
	"github.com/arbiter-xq/arbiter/pgn"
	arbiterv1 "github.com/arbiter-xq/arbiter/proto/arbiter/v1"
)

func runCLI(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(context.Background(), args, strings.NewReader(stdin), &out, &errb)
	return out.String(), errb.String(), code
}

const perpetualCheckFEN = "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 0 1"

// perpetualCheckPawnFEN is CXA 图6 with a red pawn on a4: Red has a move besides the
// perpetual check.
const perpetualCheckPawnFEN = "2b6/4k4/9/9/9/P8/9/9/2p6/3K1RBc1 w - - 0 1"

func TestJudgeJSON(t *testing.T) {
	for _, rs := range []string{"chinese", "asian"} {
		out, stderr, code := runCLI(t, "", "judge", "--ruleset", rs, "--json", "--fen", perpetualCheckFEN,
			"--moves", "f0e0 e8f8 e0f0 f8e8")
		if code != exitOK {
			t.Fatalf("%s: exit %d: %s", rs, code, stderr)
		}
		var v struct {
			Ruling struct {
				Verdict string `json:"verdict"`
			} `json:"ruling"`
			Result string `json:"result"`
			Plies  []any  `json:"plies"`
		}
		if err := json.Unmarshal([]byte(out), &v); err != nil {
			t.Fatalf("%s: %v\n%s", rs, err, out)
		}
		if v.Ruling.Verdict != "VERDICT_RED_MUST_CHANGE" || v.Result != "RESULT_ONGOING" || len(v.Plies) != 4 {
			t.Errorf("%s: verdict %q result %q plies %d", rs, v.Ruling.Verdict, v.Result, len(v.Plies))
		}
	}
	// No repetition: the verdict is absent.
	out, _, code := runCLI(t, "", "judge", "--json", "--moves", "炮二平五 马８进７ H2+3 c9e7")
	if code != exitOK || strings.Contains(out, "verdict") || !strings.Contains(out, `"result":"RESULT_ONGOING"`) {
		t.Errorf("no repetition: exit %d\n%s", code, out)
	}
}

func TestJudgeHumanOutput(t *testing.T) {
	out, stderr, code := runCLI(t, "", "judge", "--ruleset", "chinese", "--fen", perpetualCheckFEN,
		"--moves", "f0e0 e8f8 e0f0 f8e8 f0e0 e8f8 e0f0 f8e8")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"车四平五", "R4.5", "f0e0", "将", "RED MUST CHANGE", "black wins", "perpetual check"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestJudgeErrors(t *testing.T) {
	tests := []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"judge"}, exitUsage, "give --moves"},
		{[]string{"judge", "--moves", "h2e2", "x.pgn"}, exitUsage, "not both"},
		{[]string{"judge", "--ruleset", "cxa1999", "--moves", "h2e2"}, exitInput, "valid: asian, "},
		{[]string{"judge", "--moves", "h2e2 h9g7 h2e3"}, exitInput, "moves[2]"},
		{[]string{"judge", "--moves", "h2e2 zz"}, exitInput, "moves[1]"},
		{[]string{"judge", "--fen", "4k4/9/9/9/9/9/9/9/9/4K4 w", "--moves", "e0d0"}, exitInput, "fen: invalid FEN"},
		{[]string{"judge", "--on-violation", "maybe", "--moves", "h2e2"}, exitUsage, "lose or forbid"},
		{[]string{"judge", "--loss-at", "1", "--moves", "h2e2"}, exitUsage, "loss_at_occurrence"},
		{[]string{"judge", "/no/such/file.pgn"}, exitInput, "no such file"},
		{[]string{"nosuchcommand"}, exitUsage, "unknown command"},
		{[]string{"perft"}, exitUsage, "missing --depth N"},
		{[]string{"rulesets", "x"}, exitUsage, `unexpected argument "x"`},
		{[]string{"perft", "--depth", "2", "--fen", "bad"}, exitInput, "invalid FEN"},
		{[]string{"casebook", "show", "no-such-case"}, exitInput, "no case"},
		{[]string{"judge", "--check-limit", "-3", "--moves", "h2e2"}, exitUsage, "counted_checks_limit"},
	}
	for _, tt := range tests {
		_, stderr, code := runCLI(t, "", tt.args...)
		if code != tt.code || !strings.Contains(stderr, tt.msg) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and %q", tt.args, code, stderr, tt.code, tt.msg)
		}
	}
}

func TestHelpExitsZero(t *testing.T) {
	for _, args := range [][]string{{"--help"}, {"judge", "--help"}, {"compare", "--help"}, {"perft", "--help"}, {"casebook", "verify", "--help"}} {
		if _, _, code := runCLI(t, "", args...); code != exitOK {
			t.Errorf("%v: exit %d, want 0", args, code)
		}
	}
}

func TestJudgeEmptyPGN(t *testing.T) {
	file := filepath.Join(t.TempDir(), "empty.pgn")
	if err := os.WriteFile(file, []byte("\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, stderr, code := runCLI(t, "", "judge", file)
	if code != exitInput || !strings.Contains(stderr, "no games") {
		t.Errorf("empty PGN: exit %d, %q", code, stderr)
	}
}

// compare lists the games where the rulesets disagree: one check one chase (the second
// game) is forbidden under the Chinese rules and allowed under the Asian ones. That game
// is recorded as a draw and ends in the repetition: the summary counts it, ruled
// must-change by chinese alone.
func TestCompare(t *testing.T) {
	file := filepath.Join(t.TempDir(), "games.pgn")
	pgnText := `[FEN "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 0 1"]

1. f0e0 e8f8 2. e0f0 f8e8 *

[FEN "4k4/9/1n5R1/9/9/9/9/9/9/5K3 w - - 0 1"]

1. h7h9 e9e8 2. h9h7 e8e9 1/2-1/2

[Event "quiet"]

1. h2e2 h9g7 *
`
	if err := os.WriteFile(file, []byte(pgnText), 0o644); err != nil {
		t.Fatal(err)
	}
	out, stderr, code := runCLI(t, "", "compare", "--json", file)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(out, `{"summary":{"games":3,"plies":10,"withRulings":2,"disagreements":1,"errors":0,"unreadableFiles":0,`+
		`"drawnRepetitions":1,"drawnRepetitionsMustChange":{"asian":0,"chinese":1}}}`) ||
		!strings.Contains(out, `"index":2`) {
		t.Errorf("summary line:\n%s", out)
	}
	out, stderr, code = runCLI(t, "", "compare", "--rulesets", "chinese,asian", file)
	if code != exitOK || !strings.HasSuffix(out, "games recorded as draws that end in a repetition: 1; that repetition ruled must-change: chinese 1, asian 0\n") {
		t.Errorf("exit %d: %s\n%s", code, stderr, out)
	}
}

func TestPerftCLI(t *testing.T) {
	out, _, code := runCLI(t, "", "perft", "--depth", "3")
	if code != exitOK || strings.TrimSpace(out) != "79666" {
		t.Errorf("perft --depth 3: exit %d, %q", code, out)
	}
}

func TestCasebookCLI(t *testing.T) {
	out, _, code := runCLI(t, "", "casebook", "list", "--source", "cxa2020", "--tag", "perpetual-check")
	if code != exitOK || !strings.Contains(out, "cxa2020-图6") {
		t.Errorf("casebook list: exit %d\n%s", code, out)
	}
	out, _, code = runCLI(t, "", "casebook", "show", "cxa2020-图6")
	if code != exitOK || !strings.Contains(out, "Explanation:") || !strings.Contains(out, "车四平五") {
		t.Errorf("casebook show: exit %d\n%s", code, out)
	}
	out, _, _ = runCLI(t, "", "casebook", "verify", "--source", "cxa2020-图6")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if last := lines[len(lines)-1]; !strings.HasSuffix(last, "passed, 0 failed") && !strings.Contains(last, " failed") {
		t.Errorf("casebook verify must end with 'N passed, M failed': %q", last)
	}
}

// The whole CCPD database, written as one PGN file with ICCS moves, goes through judge
// with one JSON line per game and no error. Under -race or -short a slice of it.
func TestJudgeCCPDAsPGN(t *testing.T) {
	path := corpus.Path(corpus.CCPDPath)
	if path == "" {
		t.Skip("shared corpus absent")
	}
	limit := 0
	if testing.Short() || raceEnabled {
		limit = 1500
	}
	games, err := corpus.ReadCCPD(path, limit)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	for _, g := range games {
		pg := &pgn.Game{Tags: []pgn.Tag{{Name: "Event", Value: g.ID}, {Name: "Format", Value: "ICCS"}, {Name: "FEN", Value: g.FEN}},
			Moves: g.Moves, Result: g.Result}
		if err := pgn.Write(&buf, pg); err != nil {
			t.Fatalf("%s: %v", g.ID, err)
		}
		buf.WriteByte('\n')
	}
	file := filepath.Join(t.TempDir(), "ccpd.pgn")
	if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	out, stderr, code := runCLI(t, "", "judge", "--ruleset", "asian", "--json", "--relaxed-fen", file)
	if code != exitOK {
		t.Fatalf("exit %d: %.2000s", code, stderr)
	}
	lines := strings.Count(out, "\n")
	if lines != len(games) {
		t.Errorf("%d JSON lines for %d games", lines, len(games))
	}
	t.Logf("%d games judged", lines)
}

// Finding 1 of issue 9: the move refused under --on-violation forbid closes a cycle
// whose last ply is not in the game; the text report used to index past the game.
func TestJudgeForbidTextNoPanic(t *testing.T) {
	out, stderr, code := runCLI(t, "", "judge", "--ruleset", "chinese", "--fen", perpetualCheckPawnFEN,
		"--moves", "f0e0 e8f8 e0f0 f8e8 f0e0 e8f8 e0f0 f8e8 f0e0", "--on-violation", "forbid")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"Ply 9 is FORBIDDEN", "refused: Red 车四平五 R4.5 f0e0", "would repeat the position after plies 1, 5"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

// Finding 2 of issue 9: flags may follow positional arguments, in every command.
func TestFlagsAfterArguments(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "g.pgn")
	if err := os.WriteFile(file, []byte("[FEN \""+perpetualCheckFEN+"\"]\n\n1. f0e0 e8f8 2. e0f0 f8e8 *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, stderr, code := runCLI(t, "", "judge", file, "--ruleset", "asian", "--json")
	if code != exitOK || !strings.Contains(out, `"ruleset":"asian"`) {
		t.Errorf("judge FILE --ruleset asian --json: exit %d, %s\n%s", code, stderr, out)
	}
	out, stderr, code = runCLI(t, "", "compare", dir, "--json")
	if code != exitOK || !strings.Contains(out, `"summary"`) {
		t.Errorf("compare DIR --json: exit %d, %s\n%s", code, stderr, out)
	}
	out, stderr, code = runCLI(t, "", "casebook", "list", "--source", "cxa2020-图6")
	if code != exitOK || !strings.Contains(out, "cxa2020-图6") {
		t.Errorf("casebook list --source: exit %d, %s\n%s", code, stderr, out)
	}
	out, stderr, code = runCLI(t, "", "casebook", "--source", "cxa2020-图6", "list")
	if code != exitOK || !strings.Contains(out, "cxa2020-图6") {
		t.Errorf("casebook --source X list: exit %d, %s\n%s", code, stderr, out)
	}
	out, stderr, code = runCLI(t, "", "casebook", "show", "cxa2020-图6", "--help")
	if code != exitOK {
		t.Errorf("casebook show ID --help: exit %d, %s\n%s", code, stderr, out)
	}
}

// Finding 4 and 10 of issue 9: unknown rulesets and usage errors say why.
func TestUsageErrorsSayWhy(t *testing.T) {
	tests := []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"casebook", "verify", "--ruleset", "nope"}, exitInput, `unknown ruleset "nope" (valid: asian, `},
		{[]string{"casebook", "list", "--ruleset", "foo"}, exitInput, `unknown ruleset "foo" (valid: asian, `},
		{[]string{"casebook", "frob"}, exitUsage, `unknown subcommand "frob" (want list, show or verify)`},
		{[]string{"casebook"}, exitUsage, "missing subcommand"},
		{[]string{"casebook", "show"}, exitUsage, "want one case id"},
		{[]string{"casebook", "list", "extra"}, exitUsage, `unexpected argument "extra"`},
		{[]string{"perft", "--depth", "0"}, exitUsage, "--depth 0: want a depth from 1 to 8"},
		{[]string{"perft", "--depth", "9"}, exitUsage, "--depth 9: want a depth from 1 to 8"},
		{[]string{"perft", "--depth", "2", "x"}, exitUsage, `unexpected argument "x"`},
		{[]string{"compare", "--rulesets", "chinese,nope", "x.pgn"}, exitInput, `unknown ruleset "nope" (valid: asian, `},
		{[]string{"compare", "--moves", "h2e2", "x.pgn"}, exitUsage, `give --fen/--moves or files, not both (got "x.pgn")`},
		{[]string{"compare", "--rulesets", "chinese,chu-lishogi", "--moves", "h2e2"}, exitInput, "must belong to the same game"},
		{[]string{"judge", "--ruleset", "nope", "--moves", "h2e2"}, exitInput, `unknown ruleset "nope" (valid: asian, `},
	}
	for _, tt := range tests {
		_, stderr, code := runCLI(t, "", tt.args...)
		if code != tt.code || !strings.Contains(stderr, tt.msg) {
			t.Errorf("%q: exit %d, stderr %q; want exit %d and %q", tt.args, code, stderr, tt.code, tt.msg)
		}
	}
}

// Ruleset ids are case-insensitive on the command line.
func TestRulesetIDCaseInsensitive(t *testing.T) {
	out, stderr, code := runCLI(t, "", "judge", "--ruleset", "Asian", "--json", "--fen", perpetualCheckFEN, "--moves", "f0e0 e8f8 e0f0 f8e8")
	if code != exitOK || !strings.Contains(out, `"ruleset":"asian"`) {
		t.Errorf("--ruleset Asian: exit %d, %s\n%s", code, stderr, out)
	}
	out, stderr, code = runCLI(t, "", "casebook", "list", "--ruleset", "CHINESE", "--source", "cxa2020-图6")
	if code != exitOK || !strings.Contains(out, "cxa2020-图6") {
		t.Errorf("casebook list --ruleset CHINESE: exit %d, %s\n%s", code, stderr, out)
	}
}

// Finding 5 of issue 9: plies are counted from 1 in every human-facing line, and the
// ruling's per-ply explanation is not printed a second time under the ply list.
func TestPliesFromOne(t *testing.T) {
	out, _, code := runCLI(t, "", "casebook", "show", "cxa2020-图6")
	if code != exitOK {
		t.Fatalf("exit %d", code)
	}
	if strings.Contains(out, "ply 0") || strings.Contains(out, "ply  0") || !strings.Contains(out, "1. Red   车四平五") ||
		!strings.Contains(out, "f0e0 +   将 check") || !strings.Contains(out, "f8e8   闲 idle") {
		t.Errorf("casebook show numbers plies from 1:\n%s", out)
	}
	if n := strings.Count(out, "answers check with the king"); n != 2 {
		t.Errorf("each ply's note once (2 idle king moves), got %d:\n%s", n, out)
	}
	out, _, _ = runCLI(t, "", "judge", "--ruleset", "chinese", "--fen", perpetualCheckFEN, "--moves", "f0e0 e8f8 e0f0 f8e8")
	if n := strings.Count(out, "answers check with the king"); n != 2 {
		t.Errorf("judge: each ply's note once, got %d:\n%s", n, out)
	}
}

// Moves are numbered as the start FEN numbers them, in the ply list and in errors (a
// history from Black to move at move 7: Black's 7th, then Red's 8th); they used to count
// from 1 whatever the FEN said, and Black's reply to Red's first move was "move 1".
func TestMoveNumbersFollowTheFEN(t *testing.T) {
	const fen = "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 b - - 0 7"
	out, _, code := runCLI(t, "", "judge", "--fen", fen, "--moves", "e8e9")
	if code != exitOK || !strings.Contains(out, "  7. Black 将５退１") {
		t.Errorf("exit %d:\n%s", code, out)
	}
	_, stderr, _ := runCLI(t, "", "judge", "--fen", fen, "--moves", "e8e9 d0d1")
	if !strings.Contains(stderr, "moves[1]: move 8 (ply 2, Red to move)") {
		t.Errorf("stderr %q", stderr)
	}
	_, stderr, _ = runCLI(t, "", "judge", "--moves", "h2e2 h9g7 h0g2 zz")
	if !strings.Contains(stderr, "moves[3]: move 2 (ply 4, Black to move)") {
		t.Errorf("stderr %q", stderr)
	}
}

// casebook list shows what each expectation asks for: a verdict, or for another game's
// case a move refused (the ply and the reason) or the result, never "none" for a case
// that expects a rejection.
func TestCasebookListExpectations(t *testing.T) {
	tests := []struct {
		e    *arbiterv1.CaseExpectation
		want string
	}{
		{&arbiterv1.CaseExpectation{Verdict: arbiterv1.Verdict_VERDICT_RED_MUST_CHANGE}, "red-changes"},
		{&arbiterv1.CaseExpectation{Verdict: arbiterv1.Verdict_VERDICT_SENTE_MUST_CHANGE, Result: arbiterv1.Result_RESULT_GOTE_WINS}, "sente-changes"},
		{&arbiterv1.CaseExpectation{Verdict: arbiterv1.Verdict_VERDICT_GOTE_MUST_CHANGE}, "gote-changes"},
		{&arbiterv1.CaseExpectation{}, "none"},
		{&arbiterv1.CaseExpectation{RejectedPly: 1, RejectedReason: "distant_protected_lion"}, "rejects@1:distant_protected_lion"},
		{&arbiterv1.CaseExpectation{RejectedPly: 3}, "rejects@3"},
		{&arbiterv1.CaseExpectation{Result: arbiterv1.Result_RESULT_RED_WINS, DecidedAtPly: 9}, "red-wins@9"},
		{&arbiterv1.CaseExpectation{Result: arbiterv1.Result_RESULT_DRAW}, "draw"},
	}
	for _, tt := range tests {
		if got := expectationWord(tt.e); got != tt.want {
			t.Errorf("expectationWord(%v) = %q, want %q", tt.e, got, tt.want)
		}
	}
	out, stderr, code := runCLI(t, "", "casebook", "list", "--source", "chu-q2-jump")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(out, "chu-jcsa2004=rejects@1:distant_protected_lion") {
		t.Errorf("casebook list --source chu-q2-jump:\n%s", out)
	}
	// A chu shogi must-change verdict reads as such in the list and in the verify table
	// (both said "none" for VERDICT_SENTE_MUST_CHANGE).
	out, stderr, code = runCLI(t, "", "casebook", "list", "--source", "chu-t-r1-perpetual-attack")
	if code != exitOK || !strings.Contains(out, "chu-jcsa2004=sente-changes") {
		t.Errorf("casebook list --source chu-t-r1-perpetual-attack: exit %d\n%s%s", code, out, stderr)
	}
	out, stderr, code = runCLI(t, "", "casebook", "verify", "--ruleset", "chu-lishogi")
	if code != exitOK || !regexp.MustCompile(`chu-t-r1-perpetual-attack +chu-lishogi +pass +sente-changes +sente-changes`).MatchString(out) {
		t.Errorf("casebook verify --ruleset chu-lishogi: exit %d, want T-R1's expected and actual verdicts as sente-changes\n%s", code, stderr)
	}
}
