package chinese

import (
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
