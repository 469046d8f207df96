package xiangqi

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestAttacksOne: Attacks(from, to) is true exactly when from is among the attackers
// of to of its colour (AppendAttackers), for every pair of squares of the positions of
// seeded random games.
func TestAttacksOne(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 2026))
	p := StartPosition()
	for n := 0; n < 1500; n++ {
		for to := Square(0); to < NumSquares; to++ {
			att := [2][]Square{p.AppendAttackers(nil, to, Red), p.AppendAttackers(nil, to, Black)}
			for from := Square(0); from < NumSquares; from++ {
				pc := p.At(from)
				want := pc != NoPiece && slices.Contains(att[pc.Color()], from)
				if got := p.Attacks(from, to); got != want {
					t.Fatalf("%s: Attacks(%v, %v) = %v, want %v", p.FEN(), from, to, got, want)
				}
			}
		}
		moves := p.AppendLegalMoves(nil)
		if len(moves) == 0 {
			p = StartPosition()
			continue
		}
		p.MakeMove(moves[r.IntN(len(moves))])
	}
}
