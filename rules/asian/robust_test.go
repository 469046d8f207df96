package asian

import (
	"context"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/xiangqi"
)

// randomGame plays n random legal moves from the start position (fewer if the game ends).
func randomGame(r *rand.Rand, n int) *xiangqi.Game {
	g := xiangqi.NewGame(xiangqi.StartPosition())
	for i := 0; i < n; i++ {
		ms := g.Position().LegalMoves()
		if len(ms) == 0 {
			break
		}
		g.PlayUnchecked(ms[r.IntN(len(ms))])
	}
	return g
}

// TestJudgeCycleAnyInput: any span of legal moves, any bounds, never a panic, and the
// game is left as it was. The cycle need not be a repetition.
func TestJudgeCycleAnyInput(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	rs := New()
	for n := 0; n < 40; n++ {
		g := randomGame(r, 10+r.IntN(60))
		hash, length := g.Position().Hash(), g.Len()
		for k := 0; k < 10; k++ {
			start, end := r.IntN(g.Len()+3)-1, r.IntN(g.Len()+3)-1
			j := mustJudge(rs.JudgeCycle(context.Background(), g, start, end))
			if start >= 0 && end <= g.Len() && end-start >= 2 {
				if len(j.Plies) != end-start {
					t.Fatalf("JudgeCycle(%d, %d): %d plies", start, end, len(j.Plies))
				}
				if j.Ruling.Verdict == arbiter.VerdictNone {
					t.Fatalf("JudgeCycle(%d, %d): no verdict", start, end)
				}
			}
		}
		if g.Position().Hash() != hash || g.Len() != length {
			t.Fatal("JudgeCycle changed the game")
		}
	}
	if j := mustJudge(rs.JudgeCycle(context.Background(), nil, 0, 4)); j.Ruling.Verdict != arbiter.VerdictNone {
		t.Error("nil game judged")
	}
}

// TestJudgeCycleConcurrent runs one ruleset on one game from several goroutines (run
// with -race).
func TestJudgeCycleConcurrent(t *testing.T) {
	g := play(t, rookChasesCannon[0], rookChasesCannon[1:]...)
	rs := New()
	want := mustJudge(rs.JudgeCycle(context.Background(), g, 0, 4)).Ruling.Verdict
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := 0; k < 20; k++ {
				if got := mustJudge(rs.JudgeCycle(context.Background(), g, 0, 4)).Ruling.Verdict; got != want {
					t.Errorf("got %v, want %v", got, want)
				}
			}
		}()
	}
	wg.Wait()
}

// TestMayCheckIsNecessary checks the mate search's move filter against the slow test
// on every pseudo-legal move of the WXF case positions and of random games: a move it
// drops never gives check (the search only asks when the opponent is not in check).
func TestMayCheckIsNecessary(t *testing.T) {
	n := 0
	for _, c := range loadWXF(t) {
		g, start := replay(t, c, identity)
		if start < 0 {
			start = 0
		}
		for i := start; i <= g.Len(); i++ {
			p := g.PositionAt(i)
			for _, side := range []xiangqi.Color{xiangqi.Red, xiangqi.Black} {
				p.SetSideToMove(side)
				if p.InCheck(side.Other()) {
					continue // the filter is for moves that give a new check
				}
				k := p.KingSquare(side.Other())
				for _, m := range p.AppendPseudoMoves(nil) {
					if mayCheck(&p, m, k) {
						continue
					}
					cap := p.MakeMove(m)
					if p.InCheck(side.Other()) {
						t.Errorf("%s: %s %v gives check but mayCheck drops it", c.id, p.FEN(), m)
					}
					p.UnmakeMove(m, cap)
					n++
				}
			}
		}
	}
	r := rand.New(rand.NewPCG(7, 11))
	for range 200 {
		g := randomGame(r, 80)
		for i := 0; i <= g.Len(); i++ {
			p := g.PositionAt(i)
			side := p.SideToMove()
			if p.InCheck(side.Other()) {
				continue
			}
			k := p.KingSquare(side.Other())
			for _, m := range p.AppendPseudoMoves(nil) {
				if mayCheck(&p, m, k) {
					continue
				}
				cap := p.MakeMove(m)
				if p.InCheck(side.Other()) {
					t.Errorf("%s %v gives check but mayCheck drops it", p.FEN(), m)
				}
				p.UnmakeMove(m, cap)
				n++
			}
		}
	}
	if n == 0 {
		t.Error("no moves tested")
	}
}

// refThreatensMate is the mate search without the move filters (mayCheck,
// evasionSquares): the reference the filtered search must agree with.
func refThreatensMate(p xiangqi.Position, s xiangqi.Color) bool {
	p.SetSideToMove(s)
	budget := killBudget
	var mate func(p *xiangqi.Position, depth int) bool
	var replies func(p *xiangqi.Position, depth int) bool
	mate = func(p *xiangqi.Position, depth int) bool {
		if depth == 0 || budget <= 0 {
			return false
		}
		side := p.SideToMove()
		for _, m := range p.AppendPseudoMoves(nil) {
			cap := p.MakeMove(m)
			ok := false
			if p.InCheck(side.Other()) && !p.InCheck(side) {
				budget--
				ok = replies(p, depth-1)
			}
			p.UnmakeMove(m, cap)
			if ok {
				return true
			}
			if budget <= 0 {
				return false
			}
		}
		return false
	}
	replies = func(p *xiangqi.Position, depth int) bool {
		if depth == 0 {
			return !p.HasLegalMove()
		}
		side := p.SideToMove()
		for _, r := range p.AppendPseudoMoves(nil) {
			cap := p.MakeMove(r)
			ok := true
			if !p.InCheck(side) {
				budget--
				ok = mate(p, depth)
			}
			p.UnmakeMove(r, cap)
			if !ok {
				return false
			}
		}
		return true
	}
	return mate(&p, killDepth)
}

// TestMateSearchMatchesReference: the filtered mate search finds exactly what the
// unfiltered one finds, on every position of the WXF cases and of random games, for
// both sides (the filters are for speed and must not change a reported nature).
func TestMateSearchMatchesReference(t *testing.T) {
	var ps []xiangqi.Position
	for _, c := range loadWXF(t) {
		g, _ := replay(t, c, identity)
		for i := 0; i <= g.Len(); i++ {
			ps = append(ps, g.PositionAt(i))
		}
	}
	r := rand.New(rand.NewPCG(3, 5))
	for range 100 {
		g := randomGame(r, 120)
		for i := 0; i <= g.Len(); i += 3 {
			ps = append(ps, g.PositionAt(i))
		}
	}
	mates := 0
	for _, p := range ps {
		for _, s := range []xiangqi.Color{xiangqi.Red, xiangqi.Black} {
			q := p
			q.SetSideToMove(s)
			if q.InCheck(s.Other()) || q.InCheck(s) {
				continue
			}
			got, want := threatensMate(p, s), refThreatensMate(p, s)
			if got != want {
				t.Errorf("%s, %v to move: threatensMate = %v, reference %v", p.FEN(), s, got, want)
			}
			if want {
				mates++
			}
		}
	}
	t.Logf("%d positions, %d mate threats", len(ps), mates)
}
