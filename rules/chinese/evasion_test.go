package chinese

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/arbiter-xq/arbiter/internal/randpos"
	"github.com/arbiter-xq/arbiter/xiangqi"
)

// TestEvasionsSameSet holds the answers to check that the searches generate
// (appendLikely, then appendOthers) to the pseudo-legal moves the evasion filter passes:
// the same moves, each once, on seeded positions in check, from random games and from
// sparse boards with pieces anywhere (several checkers, facing kings, cannon screens).
func TestEvasionsSameSet(t *testing.T) {
	r := rand.New(rand.NewPCG(29, 2026))
	var positions []xiangqi.Position
	for range 40 {
		p := xiangqi.StartPosition()
		for _, m := range randomRepetitionGame(r, 100) {
			p.MakeMove(m)
			positions = append(positions, p)
		}
	}
	kinds := []xiangqi.Kind{xiangqi.Rook, xiangqi.Cannon, xiangqi.Horse, xiangqi.Pawn, xiangqi.Advisor, xiangqi.Elephant}
	for range 20000 {
		positions = append(positions, randpos.Sparse(r, kinds, 3, 14))
	}
	n := 0
	for _, p := range positions {
		for _, side := range []xiangqi.Color{xiangqi.Red, xiangqi.Black} {
			p.SetSideToMove(side)
			if !p.InCheck(side) {
				continue
			}
			n++
			var ev evasionFilter
			ev.init(&p, side)
			var want []xiangqi.Move
			for _, m := range p.AppendPseudoMoves(nil) {
				if ev.mayEvade(m) {
					want = append(want, m)
				}
			}
			got := ev.appendOthers(&p, ev.appendLikely(&p, nil))
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Fatalf("%s: generated %v, filtered %v", p.FEN(), got, want)
			}
		}
	}
	if n < 5000 {
		t.Fatalf("only %d positions in check", n)
	}
	t.Logf("%d positions in check", n)
}
