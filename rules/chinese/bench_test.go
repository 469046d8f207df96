package chinese

import (
	"context"
	"reflect"
	"testing"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/rules/xqrules"
	"github.com/arbiter-xq/arbiter/xiangqi"
)

// BenchmarkClassifyPly judges every CXA diagram's cycle and reports the cost per
// classified ply.
func BenchmarkClassifyPly(b *testing.B) {
	cases := loadCases(b)
	type judged struct {
		g          *xiangqi.Game
		start, end int
	}
	var all []judged
	plies := 0
	for _, c := range cases {
		g, start, end := replay(b, c, identity)
		all = append(all, judged{g, start, end})
		plies += end - start
	}
	rs := New()
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		for _, j := range all {
			mustJudge(rs.JudgeCycle(context.Background(), j.g, j.start, j.end))
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*plies), "ns/ply")
}

// BenchmarkJudgeCycle judges one typical four-ply cycle (图10: a horse chasing a rook,
// answered by chases).
func BenchmarkJudgeCycle(b *testing.B) {
	g := gameFrom(b, "2b1ka3/4a4/n1c1b1n2/p1r1p3p/6p2/5N1R1/P3P3P/2N1B2C1/4A4/2BAK4 w - - 0 1", "c2d4 c6c4 d4c2 c4c6")
	rs := New()
	b.ReportAllocs()
	for b.Loop() {
		mustJudge(rs.JudgeCycle(context.Background(), g, 0, 4))
	}
}

// worstMateFEN is the most expensive 杀 question found among hand-built attacks (two
// rooks, two horses, two cannons against a guarded king with a cannon: many checks at
// every level, no mate within mateThreatDepth; about 12,500 positions).
const worstMateFEN = "2bakab2/9/4c4/R2N1N2R/9/9/9/1C5C1/4A4/4K4 w - - 0 1"

// BenchmarkMateSearch measures the 杀 test: "worst" at the configured depth, and
// "budget-bound" at depth 8, where only the node budget (mateNodeBudget) stops it. The
// budget is what keeps any input within a few milliseconds.
func BenchmarkMateSearch(b *testing.B) {
	p, err := xiangqi.ParseFEN(worstMateFEN)
	if err != nil {
		b.Fatal(err)
	}
	for _, bc := range []struct {
		name  string
		depth int
	}{{"worst", mateThreatDepth}, {"budget-bound", 10}} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				s := newMateSearch()
				s.threatensMate(p, xiangqi.Red, bc.depth)
			}
		})
	}
}

// TestMateSearchBudget: the depth used for 杀 completes on the hardest hand-built attack
// (so its answer is exact, whatever the orientation), and a deeper search is stopped by
// the budget.
func TestMateSearchBudget(t *testing.T) {
	p, err := xiangqi.ParseFEN(worstMateFEN)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []xiangqi.Position{p, p.Mirror(), p.ColorFlip()} {
		s := newMateSearch()
		if s.threatensMate(q, q.SideToMove(), mateThreatDepth) || s.exhausted {
			t.Errorf("%s: no mate by checks within %d moves expected, and a complete search (nodes %d, cut %v)",
				q.FEN(), mateThreatDepth, s.nodes, s.exhausted)
		}
	}
	s := newMateSearch()
	s.threatensMate(p, xiangqi.Red, 10)
	if !s.exhausted || s.nodes > mateNodeBudget+1 {
		t.Errorf("depth 10: nodes %d exhausted %v, want the budget %d to stop the search", s.nodes, s.exhausted, mateNodeBudget)
	}
}

func gameFrom(tb testing.TB, fen, moves string) *xiangqi.Game {
	tb.Helper()
	p, err := xiangqi.ParseFEN(fen)
	if err != nil {
		tb.Fatal(err)
	}
	g := xiangqi.NewGame(p)
	for _, s := range splitMoves(moves) {
		m, ok := xiangqi.ParseICCS(s)
		if !ok {
			tb.Fatalf("bad move %q", s)
		}
		if err := g.Play(m); err != nil {
			tb.Fatal(err)
		}
	}
	return g
}

func splitMoves(s string) []string {
	var out []string
	start := -1
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == ' ' {
			if start >= 0 {
				out = append(out, s[start:i])
				start = -1
			}
			continue
		}
		if start < 0 {
			start = i
		}
	}
	return out
}

// worstExchange is the most expensive exchange found by hand: two rooks, two horses and a
// cannon of each side bear on e5, and every order of captures was once searched
// separately (minutes per judgement). worstFuzzed is the costliest cycle random games
// found (twelve plies of chases and checks).
var (
	worstExchange = [2]string{"5k3/4r4/3n1n3/4p4/Rr2cP1cR/4P4/3N1N3/4C4/9/3KC4 w - - 0 1", "d0d1 f9f8 d1d0 f8f9"}
	worstFuzzed   = [2]string{"rn1a1ab2/3k5/b1Cc3rP/6p2/p7c/2p1p1P2/P4C3/9/4A3R/RNB1KABN1 w - - 0 1",
		"f3d3 d7e7 c7c9 e4f4 e1f2 h7g7 d3f3 e7d7 c9c7 f4e4 f2e1 g7h7"}
)

// BenchmarkWorstExchange judges the worst-case cycles above.
func BenchmarkWorstExchange(b *testing.B) {
	for _, bc := range []struct {
		name string
		c    [2]string
	}{{"crowded-square", worstExchange}, {"fuzzed-cycle", worstFuzzed}} {
		b.Run(bc.name, func(b *testing.B) {
			g := gameFrom(b, bc.c[0], bc.c[1])
			rs := New()
			b.ReportAllocs()
			for b.Loop() {
				mustJudge(rs.JudgeCycle(context.Background(), g, 0, g.Len()))
			}
		})
	}
}

// TestWorkBudget: every move's classification stays within its work budget (counted in
// work units, not timed): the worst-case cycles complete in some tier, in every
// orientation with the same verdict and the same work, and the official diagrams
// complete in the full tier with a quarter of the budget to spare on every move.
func TestWorkBudget(t *testing.T) {
	for _, w := range [][2]string{worstExchange, worstFuzzed} {
		c := cxaCase{id: w[0], fen: w[0], moves: splitMoves(w[1])}
		var want arbiter.Verdict
		var wantSt workStats
		for _, tr := range []transform{identity, mirrored, flipped} {
			g, _, end := replay(t, c, tr)
			j, st, _ := judgeCounted(context.Background(), g, 0, end, nil)
			if st.most > workPerMove || st.total > 3*workPerMove*end {
				t.Errorf("%s (%s): %d units on one move in tier %d (%d in all), budget %d per move", c.id, tr, st.most, st.tier, st.total, workPerMove)
			}
			if tr == identity {
				want, wantSt = j.Ruling.Verdict, st
			} else if got := j.Ruling.Verdict; got != expectUnder(want, tr) || st != wantSt {
				t.Errorf("%s (%s): verdict %v, work %+v; %v, %+v in the original orientation", c.id, tr, got, st, want, wantSt)
			}
		}
	}
	for _, c := range loadCases(t) {
		for _, tr := range []transform{identity, mirrored, flipped} {
			g, start, end := replay(t, c, tr)
			if _, st, _ := judgeCounted(context.Background(), g, start, end, nil); st.tier != tierFull || st.most > workPerMove*3/4 {
				t.Errorf("%s (%s): tier %d, %d units on one move: the diagrams must complete the full analysis with room to spare", c.id, tr, st.tier, st.most)
			}
		}
	}
}

// TestHeaviestCorpusMove keeps room in the work budget for the heaviest move of the
// CCPD corpus that completes the full analysis with room to spare (game 12373 of the
// corpus file, ply 44, 22,834 units): the order a search tries its moves in changes only
// its work, and a change that brought this move near the budget would soon change
// rulings elsewhere. (Game 24724, ply 63, completes with 29,080 units, at the budget's
// edge; TestBudgetEdgeMove pins that its nature does not depend on the tier.)
func TestHeaviestCorpusMove(t *testing.T) {
	f := corpusMove(t, 12373, 44)
	c := &classifier{mates: newMateSearch()}
	_, st := c.classifyMove(&f)
	if st.tier != tierFull || st.work > workPerMove*85/100 {
		t.Errorf("tier %d, %d units: the heaviest corpus move must complete the full analysis within 85%% of the budget (%d)", st.tier, st.work, workPerMove)
	}
	t.Logf("%d units", st.work)
}

// TestBudgetEdgeMove: the CCPD move whose full analysis comes nearest the work budget
// (game 24724 of the corpus file, ply 63: a black advisor's move that offers the piece,
// 献, with old threats on a red advisor and cannon) gets the same classification from the
// full analysis and from the plain tier it falls back to when the budget runs out, so
// the side of the budget it lands on changes no ruling. It reports the full analysis's share of the budget.
func TestBudgetEdgeMove(t *testing.T) {
	f := corpusMove(t, 24724, 63)
	o := canonicalOrientation(&f.before, f.move, f.prev)
	cf := oriented(&f, o)
	var natures [2]xqrules.PlyNature
	var work [2]int
	for i, tier := range []int{tierFull, tierPlain} {
		c := &classifier{mates: newMateSearch()}
		c.mates.restart(tier, workPerMove)
		natures[i] = c.classify(&cf)
		work[i] = c.mates.work
		if c.mates.over {
			t.Fatalf("tier %d: out of budget (%d units)", tier, work[i])
		}
	}
	if !reflect.DeepEqual(natures[0], natures[1]) {
		t.Errorf("the full analysis (%d units) and the plain tier (%d) differ:\n%+v\n%+v", work[0], work[1], natures[0], natures[1])
	}
	t.Logf("full analysis %d units (%d%% of the budget), plain tier %d", work[0], 100*work[0]/workPerMove, work[1])
}

// corpusMove returns the facts of ply ply of the CCPD game gi (its index in the corpus
// file), skipping the test when the corpus does not have it.
func corpusMove(t *testing.T, gi, ply int) plyFacts {
	t.Helper()
	games := loadCorpus(t)
	if len(games) <= gi || len(games[gi].moves) <= ply {
		t.Skip("corpus without the game")
	}
	g := xiangqi.NewGame(games[gi].start)
	for _, m := range games[gi].moves[:ply+1] {
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	cur := g.PositionAt(ply)
	return nextFacts(g, ply, &cur)
}
