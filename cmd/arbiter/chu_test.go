package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Chu shogi on the command line: judge rejects an illegal move with exit code 2 naming
// the ply and the reason code, compare shows the rulesets that disagree on a disputed
// point (a rejected move is a disagreement, exit 0), and --json carries the rejection.
func TestChuCLI(t *testing.T) {
	const q4 = "k9n1/10i1/10N1/12/12/12/12/12/12/12/12/K11 b - 1"
	out, stderr, code := runCLI(t, "", "judge", "--ruleset", "chu-jcsa2004", "--fen", q4, "--moves", "2c2b 2a2b")
	if code != exitOK {
		t.Fatalf("judge legal: exit %d: %s", code, stderr)
	}
	_, stderr, code = runCLI(t, "", "judge", "--ruleset", "chu-jcsa2004", "--fen", q4, "--moves", "2c2b2a")
	if code != exitInput || !strings.Contains(stderr, "moves[0]") || !strings.Contains(stderr, "ply 1") || !strings.Contains(stderr, "[distant_protected_lion]") {
		t.Errorf("judge illegal: exit %d: %s", code, stderr)
	}
	out, stderr, code = runCLI(t, "", "compare", "--rulesets", "chu-jcsa2004,chu-lishogi,chu-hachu", "--fen", q4, "--moves", "2c2b2a")
	if code != exitOK {
		t.Fatalf("compare: exit %d: %s", code, stderr)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 4 || !strings.Contains(lines[0], "chu-jcsa2004") || !strings.Contains(lines[0], "rejected") ||
		!strings.Contains(lines[1], "rejected") || !strings.Contains(lines[2], "chu-hachu") || !strings.Contains(lines[2], "accepted") ||
		lines[3] != "the rulesets disagree" {
		t.Errorf("compare:\n%s", out)
	}
	out, _, code = runCLI(t, "", "compare", "--json", "--rulesets", "chu-jcsa2004,chu-hachu", "--fen", q4, "--moves", "2c2b2a")
	lines = strings.Split(strings.TrimSpace(out), "\n")
	var first struct {
		Ruleset  string
		Rejected struct {
			Field, Reason, Move string
			Ply                 int
		}
	}
	if code != exitOK || len(lines) != 3 || json.Unmarshal([]byte(lines[0]), &first) != nil || lines[2] != `{"disagree":true}` {
		t.Fatalf("compare --json: exit %d\n%s", code, out)
	}
	if first.Ruleset != "chu-jcsa2004" || first.Rejected.Field != "moves[0]" || first.Rejected.Ply != 1 || first.Rejected.Reason != "ILLEGAL_MOVE" || first.Rejected.Move != "2c2b2a" {
		t.Errorf("compare --json rejection: %+v", first)
	}
}

// judge --svg draws a chu ruling: the board with the lion's two-step move as arrows
// through its first-step square.
func TestChuJudgeSVG(t *testing.T) {
	path := filepath.Join(t.TempDir(), "q1.svg")
	_, stderr, code := runCLI(t, "", "judge", "--ruleset", "chu-jcsa2004", "--fen", "k9g1/10gn/9N1G/12/12/12/12/12/12/12/12/K11 b - 1",
		"--moves", "3c2b1b 2a1b", "--svg", path)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	svg := string(b)
	for _, want := range []string{"<svg", ">金<", ">玉<", `data-at="1b"`, "gote gold 金将", "2. gote 2a1b", ">先<"} {
		if !strings.Contains(svg, want) {
			t.Errorf("the picture lacks %q", want)
		}
	}
}
