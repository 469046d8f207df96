package chinese

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/rules/xqrules"
	"github.com/arbiter-xq/arbiter/xiangqi"
)

var dump = flag.Bool("cxa.dump", false, "log the explanation of every case")

// cxaCase is one row of ../shared/cases/cxa2020.tsv.
type cxaCase struct {
	id      string
	fen     string
	moves   []string
	expect  arbiter.Verdict
	natures []arbiter.Nature // the book's label per ply, nil when absent
	note    string
}

const casesPath = "../../../shared/cases/cxa2020.tsv"

// loadCases reads the official CXA diagrams; the test is skipped when the shared
// casebook data is not beside the project.
func loadCases(tb testing.TB) []cxaCase {
	tb.Helper()
	f, err := os.Open(filepath.FromSlash(casesPath))
	if err != nil {
		tb.Skipf("CXA cases not available: %v", err)
	}
	defer f.Close()
	var out []cxaCase
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	header := true
	for sc.Scan() {
		if header {
			header = false
			continue
		}
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) < 8 {
			continue
		}
		c := cxaCase{id: cols[0], fen: cols[3], moves: strings.Fields(cols[4]), note: cols[7]}
		switch cols[5] {
		case "red_must_change":
			c.expect = arbiter.VerdictRedMustChange
		case "black_must_change":
			c.expect = arbiter.VerdictBlackMustChange
		case "draw":
			c.expect = arbiter.VerdictDraw
		default:
			c.expect = arbiter.VerdictNone
		}
		for _, w := range strings.Fields(cols[6]) {
			if n, ok := arbiter.ParseNature(w); ok && len(c.natures) < len(c.moves) {
				c.natures = append(c.natures, n)
			}
		}
		if len(c.natures) != len(c.moves) {
			c.natures = nil
		}
		out = append(out, c)
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return out
}

// transform maps a case onto its mirrored or colour-flipped twin.
type transform int

const (
	identity transform = iota
	mirrored
	flipped
)

func (t transform) String() string { return [...]string{"original", "mirrored", "flipped"}[t] }

// replay plays the case under the transform and returns the game and the cycle to judge.
// The cycle is the one the last move closes (start = the previous occurrence of the final
// position). Where the final position is no exact repetition (图29 variant: the rooks walk
// along a rank, so the positions only repeat up to the rooks' file), the whole sequence is
// judged as the cycle: start 0, end len. That is the reading of the book, which rules on
// the sequence as shown.
func replay(tb testing.TB, c cxaCase, tr transform) (*xiangqi.Game, int, int) {
	tb.Helper()
	pos, err := xiangqi.ParseFEN(c.fen)
	if err != nil {
		tb.Fatalf("%s: %v", c.id, err)
	}
	switch tr {
	case mirrored:
		pos = pos.Mirror()
	case flipped:
		pos = pos.ColorFlip()
	}
	g := xiangqi.NewGame(pos)
	for _, s := range c.moves {
		m, ok := xiangqi.ParseICCS(s)
		if !ok {
			tb.Fatalf("%s: bad move %q", c.id, s)
		}
		switch tr {
		case mirrored:
			m = m.Mirror()
		case flipped:
			m = m.Flip()
		}
		if err := g.Play(m); err != nil {
			tb.Fatalf("%s (%s): %v", c.id, tr, err)
		}
	}
	start := g.PreviousOccurrence()
	if start < 0 {
		start = 0
	}
	return g, start, g.Len()
}

func expectUnder(v arbiter.Verdict, tr transform) arbiter.Verdict {
	if tr != flipped {
		return v
	}
	switch v {
	case arbiter.VerdictRedMustChange:
		return arbiter.VerdictBlackMustChange
	case arbiter.VerdictBlackMustChange:
		return arbiter.VerdictRedMustChange
	}
	return v
}

type caseResult struct {
	verdictOK, naturesOK bool
	got                  arbiter.Verdict
	natures              []arbiter.Nature
	j                    xqrules.Judgement
	// all is the judgement of the whole sequence (j when the cycle starts at 0).
	all xqrules.Judgement
}

func judgeCase(tb testing.TB, c cxaCase, tr transform) caseResult {
	g, start, end := replay(tb, c, tr)
	rs := New()
	j := mustJudge(rs.JudgeCycle(context.Background(), g, start, end))
	all := j
	if start > 0 {
		all = mustJudge(rs.JudgeCycle(context.Background(), g, 0, end))
	}
	r := caseResult{got: j.Ruling.Verdict, j: j, all: all}
	r.verdictOK = j.Ruling.Verdict == expectUnder(c.expect, tr)
	for _, pn := range all.Plies {
		r.natures = append(r.natures, pn.Nature)
	}
	r.naturesOK = c.natures != nil && len(r.natures) == len(c.natures)
	for i := range c.natures {
		if r.naturesOK && r.natures[i] != c.natures[i] {
			r.naturesOK = false
		}
	}
	return r
}

func natureString(ns []arbiter.Nature) string {
	var b strings.Builder
	for _, n := range ns {
		b.WriteString(n.Chinese())
	}
	return b.String()
}

// TestCXADiagrams reports how many official diagrams pass (verdict and the exact nature
// of every ply) in each orientation. Pass or fail per case is the casebook runner's job
// (go test ./casebook/, where failing cases carry known_divergence); this test logs the
// score and the differences with -v.
func TestCXADiagrams(t *testing.T) {
	cases := loadCases(t)
	var verdicts, natures [3]int
	for _, c := range cases {
		for _, tr := range []transform{identity, mirrored, flipped} {
			r := judgeCase(t, c, tr)
			if r.verdictOK {
				verdicts[tr]++
			}
			if r.verdictOK && r.naturesOK {
				natures[tr]++
			}
			if tr == identity && *dump {
				t.Logf("%s: got %v %s, want %v %s\n%s", c.id, r.got, natureString(r.natures), c.expect, natureString(c.natures), r.j.Ruling.Explanation)
			}
			if tr == identity && !(r.verdictOK && r.naturesOK) {
				t.Logf("%s: got %v %s, want %v %s", c.id, r.got, natureString(r.natures), c.expect, natureString(c.natures))
			}
		}
	}
	n := len(cases)
	t.Logf("CXA diagrams: verdict %d/%d, verdict+natures %d/%d; mirrored %d/%d (%d); colour-flipped %d/%d (%d)",
		verdicts[identity], n, natures[identity], n, verdicts[mirrored], n, natures[mirrored], verdicts[flipped], n, natures[flipped])
}

// TestOrientationInvariance: a ruling must not depend on the orientation of the board.
// Every diagram gets the same nature on every ply, the same joint-chase flags (联合捉,
// which decide 26.9) on the same victims, and the same verdict (colours swapped for the
// colour-flipped twin), as given, mirrored (files a<->i) and colour-flipped.
func TestOrientationInvariance(t *testing.T) {
	cases := loadCases(t)
	// A check line whose tied replies are finished by different pieces: the joint flag
	// once depended on which finisher the move generator met first.
	cases = append(cases, cxaCase{id: "joint-finisher", fen: "8P/c4C3/4bk3/9/4r4/R8/1p1c5/9/3K5/5p1r1 b - - 0 1",
		moves: strings.Fields("h0h9 a4a0 h9h8 a0a1 h8h0 a1a4")})
	for _, c := range cases {
		base := judgeCase(t, c, identity)
		baseJoint := jointFlags(base.all, identity)
		for _, tr := range []transform{mirrored, flipped} {
			r := judgeCase(t, c, tr)
			if r.got != expectUnder(base.got, tr) || natureString(r.natures) != natureString(base.natures) {
				t.Errorf("%s %s: %v %s, original %v %s", c.id, tr, r.got, natureString(r.natures), base.got, natureString(base.natures))
			}
			if got := jointFlags(r.all, tr); got != baseJoint {
				t.Errorf("%s %s: joint flags %s, original %s", c.id, tr, got, baseJoint)
			}
		}
	}
}

// jointFlags lists, ply by ply, the victims of the counted and excluded threats (squares
// mapped back to the original orientation, sorted) with their joint flags.
func jointFlags(j xqrules.Judgement, tr transform) string {
	back := func(s xiangqi.Square) xiangqi.Square {
		switch tr {
		case mirrored:
			return s.Mirror()
		case flipped:
			return s.Flip()
		}
		return s
	}
	var b strings.Builder
	for _, pn := range j.Plies {
		var ts []string
		for _, th := range pn.Threats {
			ts = append(ts, fmt.Sprintf("%v:%v", back(th.Target), th.Joint))
		}
		for _, th := range pn.Excluded {
			if th.Victim != xiangqi.NoPiece && th.Target != xiangqi.NoSquare { // mate threats have no victim
				ts = append(ts, fmt.Sprintf("x%v:%v", back(th.Target), th.Joint))
			}
		}
		sort.Strings(ts)
		fmt.Fprintf(&b, "ply %d [%s] ", pn.Ply, strings.Join(ts, " "))
	}
	return b.String()
}

func ExampleNew() {
	fmt.Println(New().Info().ID)
	// Output: chinese
}
