package xiangqi

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestAppendPieceCaptures: the captures of every piece are the moves of AppendPieceMoves
// that land on a piece, in the same order, on the positions of seeded random games.
func TestAppendPieceCaptures(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 2026))
	p := StartPosition()
	for n := 0; n < 3000; n++ {
		for s := Square(0); s < NumSquares; s++ {
			var want []Move
			for _, m := range p.AppendPieceMoves(nil, s) {
				if p.At(m.To()) != NoPiece {
					want = append(want, m)
				}
			}
			if got := p.AppendPieceCaptures(nil, s); !slices.Equal(got, want) {
				t.Fatalf("%s, square %v: captures %v, want %v", p.FEN(), s, got, want)
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
