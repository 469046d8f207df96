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
	if len(lines) != 6 || !strings.Contains(lines[1], "chu-jcsa2004 rejects ply 1") ||
		!strings.Contains(lines[2], "rejects ply 1") || !strings.Contains(lines[3], "chu-hachu") || !strings.Contains(lines[3], "ruling none") ||
		!strings.Contains(lines[5], "1 disagreement,") {
		t.Errorf("compare:\n%s", out)
	}
	out, _, code = runCLI(t, "", "compare", "--json", "--rulesets", "chu-jcsa2004,chu-hachu", "--fen", q4, "--moves", "2c2b2a")
	lines = strings.Split(strings.TrimSpace(out), "\n")
	var row struct {
		Rulings []struct {
			Ruleset, Result, Rejected string
			RejectedPly               int
		}
		Disagree bool
	}
	if code != exitOK || len(lines) != 2 || json.Unmarshal([]byte(lines[0]), &row) != nil || !row.Disagree || len(row.Rulings) != 2 {
		t.Fatalf("compare --json: exit %d\n%s", code, out)
	}
	if r := row.Rulings[0]; r.Ruleset != "chu-jcsa2004" || r.RejectedPly != 1 || r.Result != "" || !strings.Contains(r.Rejected, "[distant_protected_lion]") {
		t.Errorf("compare --json rejection: %+v", r)
	}
	if r := row.Rulings[1]; r.Ruleset != "chu-hachu" || r.RejectedPly != 0 || r.Result != "RESULT_ONGOING" {
		t.Errorf("compare --json acceptance: %+v", r)
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
