package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// Banqi on the command line (issue 27): the evidence names pieces in banqi's words, the
// cycle position is a board, and compare reports a refused ply as a rejection and a
// repeated position under repetition=off as a repetition left unruled, in text and
// JSON (the documented shape, with unruledOccurrence).
func TestBanqiCLI(t *testing.T) {
	const pos = "4/4/4/4/4/4/r3/G3 b - 0"
	lap := "a2-b2 a1-a2 b2-b1 a2-b2 b1-a1 b2-b1 a1-a2 b1-a1"
	out, stderr, code := runCLI(t, "", "judge", "--ruleset", "banqi-tw", "--fen", pos, "--moves", lap)
	if code != exitOK {
		t.Fatalf("judge: exit %d: %s", code, stderr)
	}
	for _, want := range []string{
		"攻 black chariot on b2 by red advisor a2",
		"Cycle position:\n    1   2   3   4   5   6   7   8\na G仕 r車  .",
		"Black to move; clock 8",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("judge lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "black r ") || strings.Contains(out, "red G ") {
		t.Errorf("judge names pieces by letter:\n%s", out)
	}

	// A ply one ruleset refuses: the cannon's jump under Hong Kong rules.
	out, stderr, code = runCLI(t, "", "compare", "--rulesets", "banqi-tw,banqi-hk", "--fen", "4/4/4/k3/4/p3/4/C3 r - 0", "--moves", "a1xa5")
	if code != exitOK || !strings.Contains(out, "banqi-hk rejects ply 1:") || strings.Contains(out, "banqi-hk ruling") ||
		!strings.Contains(out, "1 disagreement,") {
		t.Errorf("compare refused ply: exit %d: %s\n%s", code, stderr, out)
	}

	// The position three times under repetition=off.
	args := []string{"compare", "--rulesets", "banqi-tw+repetition=off,banqi-cdc", "--fen", pos, "--moves", lap + " " + lap}
	out, stderr, code = runCLI(t, "", args...)
	if code != exitOK || !strings.Contains(out, "[the last position occurred 3 times; this ruleset rules on no repetition]") {
		t.Errorf("compare repetition=off: exit %d: %s\n%s", code, stderr, out)
	}
	out, _, code = runCLI(t, "", append([]string{"compare", "--json"}, args[1:]...)...)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	var row struct {
		Plies   int
		Rulings []struct {
			Ruleset, Verdict, Result string
			UnruledOccurrence        int
		}
		Disagree bool
	}
	if code != exitOK || len(lines) != 2 || json.Unmarshal([]byte(lines[0]), &row) != nil || len(row.Rulings) != 2 {
		t.Fatalf("compare --json: exit %d\n%s", code, out)
	}
	if r := row.Rulings[0]; r.Verdict != "" || r.Result != "RESULT_ONGOING" || r.UnruledOccurrence != 3 {
		t.Errorf("compare --json repetition=off: %+v", r)
	}
	if r := row.Rulings[1]; r.Verdict != "VERDICT_DRAW" || r.UnruledOccurrence != 0 || row.Plies != 16 || !row.Disagree {
		t.Errorf("compare --json banqi-cdc: %+v", row)
	}
	if !strings.HasPrefix(lines[1], `{"summary":`) {
		t.Errorf("compare --json summary: %s", lines[1])
	}

	// The NTU cycle: the same draw at ply 8 (banqi-tw) and at ply 12 (consecutive
	// cycles) is a disagreement.
	c := "a1-a2 d8-d7 a2-a1 d7-d8 "
	out, stderr, code = runCLI(t, "", "compare", "--rulesets", "banqi-cdc+repetition_counting=consecutive_cycles,banqi-tw",
		"--fen", "3r/4/4/4/4/4/4/R3 r - 0", "--moves", strings.Repeat(c, 3))
	if code != exitOK || !strings.Contains(out, "repetition draw at ply 12") || !strings.Contains(out, "repetition draw at ply 8") ||
		!strings.Contains(out, "1 disagreement,") {
		t.Errorf("compare NTU cycle: exit %d: %s\n%s", code, stderr, out)
	}
}
