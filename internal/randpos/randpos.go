// Package randpos makes the seeded random positions the tests of the move generators
// and the rulesets share: sparse boards with pieces anywhere, and random games that
// favour captures so that they reach open positions.
package randpos

import (
	"math/rand/v2"

	"github.com/arbiter-xq/arbiter/xiangqi"
)

// Sparse returns a board with the two kings somewhere in their palaces and least to
// least+spread-1 tries at a piece of kinds, of either colour, on a random empty square
// (the lines, screens and legs of open endgames; advisors and elephants may stand where
// they never could in a game). No side is to move in particular (Red).
func Sparse(r *rand.Rand, kinds []xiangqi.Kind, least, spread int) xiangqi.Position {
	var p xiangqi.Position
	p.Put(xiangqi.SquareAt(3+r.IntN(3), r.IntN(3)), xiangqi.MakePiece(xiangqi.Red, xiangqi.King))
	p.Put(xiangqi.SquareAt(3+r.IntN(3), 7+r.IntN(3)), xiangqi.MakePiece(xiangqi.Black, xiangqi.King))
	for range least + r.IntN(spread) {
		if s := xiangqi.Square(r.IntN(xiangqi.NumSquares)); p.At(s) == xiangqi.NoPiece {
			p.Put(s, xiangqi.MakePiece(xiangqi.Color(r.IntN(2)), kinds[r.IntN(len(kinds))]))
		}
	}
	return p
}

// Game returns the positions of a random game from the start, before each of its
// moves, of at most plies moves or until the side to move has none. Of a move and three
// more draws, the first capture is played: captures are likelier, so that the game
// reaches open, sparse positions.
func Game(r *rand.Rand, plies int) []xiangqi.Position {
	var out []xiangqi.Position
	var buf []xiangqi.Move
	p := xiangqi.StartPosition()
	for range plies {
		out = append(out, p)
		buf = p.AppendLegalMoves(buf[:0])
		if len(buf) == 0 {
			break
		}
		m := buf[r.IntN(len(buf))]
		for range 3 {
			if c := buf[r.IntN(len(buf))]; p.At(c.To()) != xiangqi.NoPiece {
				m = c
				break
			}
		}
		p.MakeMove(m)
	}
	return out
}
