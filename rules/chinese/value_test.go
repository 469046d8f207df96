package chinese

import (
	"testing"

	"github.com/arbiter-xq/arbiter/xiangqi"
)

// referenceValue is value as it reads in the rules (value.go), kind by kind.
func referenceValue(pc xiangqi.Piece, s xiangqi.Square, chaser xiangqi.Color) int {
	switch pc.Kind() {
	case xiangqi.Rook:
		return valueRook
	case xiangqi.Horse, xiangqi.Cannon:
		return 2
	case xiangqi.Advisor, xiangqi.Elephant:
		return 1
	case xiangqi.King:
		return valueKing
	case xiangqi.Pawn:
		crossed := pawnCrossed(pc.Color(), s)
		switch {
		case pc.Color() == chaser && crossed:
			return 2
		case pc.Color() == chaser, crossed:
			return 1
		}
	}
	return 0
}

// TestValueTables: the tables behind value give every piece's worth on every square,
// for either chaser, as the rules state it.
func TestValueTables(t *testing.T) {
	for s := xiangqi.NoSquare; s < xiangqi.NumSquares; s++ {
		for _, chaser := range []xiangqi.Color{xiangqi.Red, xiangqi.Black} {
			if got := value(xiangqi.NoPiece, s, chaser); got != 0 {
				t.Errorf("no piece on %v: %d", s, got)
			}
			for _, c := range []xiangqi.Color{xiangqi.Red, xiangqi.Black} {
				for k := xiangqi.King; k <= xiangqi.Pawn; k++ {
					pc := xiangqi.MakePiece(c, k)
					if got, want := value(pc, s, chaser), referenceValue(pc, s, chaser); got != want {
						t.Errorf("%v on %v, chaser %v: %d, want %d", pc, s, chaser, got, want)
					}
				}
			}
		}
	}
}
