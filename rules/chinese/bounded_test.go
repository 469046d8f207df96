package chinese

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/arbiter-xq/arbiter/xiangqi"
)

// TestBoundedLinesExact checks that the bounded check-line search (floors, ceilings and
// the fail-high lower bounds of chase.go) finds the same wins as the complete search it
// replaced: every victim, gain, first move, finisher, capturer and line start, on every
// position of the official diagrams and of seeded random games with repetitions, with
// each side as the chaser. Only the work may differ. A position where either search had
// a question cut by a node budget is not compared (which questions a budget cuts
// depends on the work), and counted.
func TestBoundedLinesExact(t *testing.T) {
	positions, random := scanPositions(t)
	scan := func(p xiangqi.Position, c xiangqi.Color, exhaustive bool) ([]win, bool) {
		s := newMateSearch()
		s.exhaustive = exhaustive
		a := &analyst{chaser: c, mates: s}
		ws := a.scan(p, false, everySquare)
		return ws.list, s.cuts > 0 || a.lineNodes >= lineNodeBudget
	}
	compared, cut, withLines := 0, 0, 0
	for _, p := range positions {
		for _, c := range []xiangqi.Color{xiangqi.Red, xiangqi.Black} {
			p.SetSideToMove(c)
			if p.InCheck(c.Other()) {
				continue // the chaser's opponent cannot have passed
			}
			got, cutGot := scan(p, c, false)
			want, cutWant := scan(p, c, true)
			if cutGot || cutWant {
				cut++
				continue
			}
			compared++
			for _, w := range want {
				if w.viaCheck {
					withLines++
					break
				}
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s, %v chasing: bounded search finds\n%+v\nthe complete search\n%+v", p.FEN(), c, got, want)
			}
		}
	}
	t.Logf("%d positions (%d from random games), %d scans compared (%d with wins through checks), %d with a budget cut skipped", len(positions), random, compared, withLines, cut)
	if withLines < 20 {
		t.Errorf("only %d scans with wins through checks: the comparison says little", withLines)
	}
}

// scanPositions returns the positions of seeded random games with repetitions and of
// the official diagrams, and how many of them come from the random games.
func scanPositions(t *testing.T) ([]xiangqi.Position, int) {
	var positions []xiangqi.Position
	add := func(g *xiangqi.Game, from, to int) {
		for i := from; i <= to; i++ {
			positions = append(positions, g.PositionAt(i))
		}
	}
	for _, m := range randomRepetitionGames(12) {
		g := xiangqi.NewGame(m.start)
		for _, mv := range m.moves {
			if err := g.Play(mv); err != nil {
				t.Fatal(err)
			}
		}
		add(g, 0, g.Len())
	}
	random := len(positions)
	t.Run("diagrams", func(t *testing.T) {
		for _, c := range loadCases(t) {
			g, start, end := replay(t, c, identity)
			add(g, start, end)
		}
	})
	return positions, random
}

// TestRestrictedScanSameWins checks that a scan asked about some victims only (the
// baseline of newness, nature.go) finds for each of them the win the scan of every
// victim finds, and nothing for the others, with and without the chaser's king safety
// (relaxed): on the same positions as TestBoundedLinesExact, each side as the chaser,
// for seeded random sets of the defender's squares. A scan where a node budget cut a
// question is not compared (which questions a budget cuts depends on the work).
func TestRestrictedScanSameWins(t *testing.T) {
	positions, _ := scanPositions(t)
	r := rand.New(rand.NewPCG(5, 2026))
	scan := func(p xiangqi.Position, c xiangqi.Color, relaxed bool, only squareSet) (*winSet, bool) {
		s := newMateSearch()
		a := &analyst{chaser: c, mates: s}
		ws := a.scan(p, relaxed, only)
		return ws, s.cuts > 0 || a.lineNodes >= lineNodeBudget
	}
	compared, wins := 0, 0
	for _, p := range positions {
		for _, c := range []xiangqi.Color{xiangqi.Red, xiangqi.Black} {
			p.SetSideToMove(c)
			if p.InCheck(c.Other()) {
				continue
			}
			for _, relaxed := range []bool{false, true} {
				all, cutAll := scan(p, c, relaxed, everySquare)
				var only squareSet
				for _, s := range p.Pieces(c.Other()).Squares() {
					if r.IntN(2) == 0 {
						only.Add(s)
					}
				}
				some, cutSome := scan(p, c, relaxed, only)
				if cutAll || cutSome {
					continue
				}
				compared++
				for s := range xiangqi.Square(xiangqi.NumSquares) {
					want := all.get(s)
					if !only.Has(s) {
						want = nil
					}
					if got := some.get(s); !reflect.DeepEqual(got, want) {
						t.Errorf("%s, %v chasing (relaxed %v), victims %v: the restricted scan finds %+v on %s, the full one %+v", p.FEN(), c, relaxed, only.Squares(), got, s, want)
					} else if got != nil {
						wins++
					}
				}
			}
		}
	}
	t.Logf("%d scans compared, %d wins found by both", compared, wins)
	if wins < 100 {
		t.Errorf("only %d wins compared: the comparison says little", wins)
	}
}

// TestExchangeBoundsExact checks that the exchange search with its limits (an answer
// valued only below what keeps an option above the best, exchange.go) values every
// capture as the complete search does: every capture of each side on the positions of
// TestBoundedLinesExact, with the exchange's mate tests (as in a scan), without them (at
// a line's end) and weighing duties (the baseline of newness). A capture where either
// search had a mate question cut by its node budget is not compared.
func TestExchangeBoundsExact(t *testing.T) {
	positions, _ := scanPositions(t)
	type mode struct {
		name       string
		leaf, duty bool
	}
	modes := []mode{{"scan", false, false}, {"line's end", true, false}, {"duty", false, true}}
	gain := func(p xiangqi.Position, c xiangqi.Color, m xiangqi.Move, md mode, exhaustive bool) (int, bool, bool) {
		s := newMateSearch()
		s.exhaustive = exhaustive
		a := &analyst{chaser: c, mates: s, leafExchanges: md.leaf, duty: md.duty}
		g, legal := a.rawGain(&p, m, false)
		return g, legal, s.cuts > 0 || s.over
	}
	compared := 0
	var buf [16]xiangqi.Square
	for _, p := range positions {
		for _, c := range []xiangqi.Color{xiangqi.Red, xiangqi.Black} {
			p.SetSideToMove(c)
			if p.InCheck(c.Other()) {
				continue
			}
			for _, v := range p.Pieces(c.Other()).Squares() {
				if p.At(v).Kind() == xiangqi.King {
					continue
				}
				for _, from := range p.AppendAttackers(buf[:0], v, c) {
					m := xiangqi.NewMove(from, v)
					for _, md := range modes {
						g, legal, cut := gain(p, c, m, md, false)
						wg, wlegal, wcut := gain(p, c, m, md, true)
						if cut || wcut {
							continue
						}
						compared++
						if g != wg || legal != wlegal {
							t.Errorf("%s, %v takes %s (%s): bounded exchange %d (legal %v), complete %d (legal %v)", p.FEN(), c, m, md.name, g, legal, wg, wlegal)
						}
					}
				}
			}
		}
	}
	t.Logf("%d captures compared", compared)
	if compared < 10000 {
		t.Errorf("only %d captures compared: the comparison says little", compared)
	}
}
