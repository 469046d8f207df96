package asian

import (
	"context"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/rules/xqrules"
	"github.com/arbiter-xq/arbiter/xiangqi"
)

// pieceID names a piece for the length of a cycle: the square it stood on at the
// start of the cycle, plus one (0 = no piece).
type pieceID int8

// tracker follows the pieces through the moves of a cycle, so that a chased piece
// keeps its identity when it moves (spec §1.5: the perpetual-chase test is on the
// victim, which may flee from square to square).
type tracker struct {
	ids [xiangqi.NumSquares]pieceID
}

func newTracker(p *xiangqi.Position) tracker {
	var t tracker
	for s := xiangqi.Square(0); s < xiangqi.NumSquares; s++ {
		if p.At(s) != xiangqi.NoPiece {
			t.ids[s] = pieceID(s + 1)
		}
	}
	return t
}

// play moves the identity on m.From() to m.To().
func (t *tracker) play(m xiangqi.Move) {
	t.ids[m.To()] = t.ids[m.From()]
	t.ids[m.From()] = 0
}

// squareOf returns where the piece id stands, or NoSquare.
func (t *tracker) squareOf(id pieceID) xiangqi.Square {
	for s, x := range t.ids {
		if x == id {
			return xiangqi.Square(s)
		}
	}
	return xiangqi.NoSquare
}

// plyReading is one classified move of a cycle.
type plyReading struct {
	mover   xiangqi.Color
	nature  xqrules.PlyNature
	victims []pieceID // the pieces it chases, in the order of nature.Threats
	// checkers are the pieces giving check after the move (for the explanation).
	checkers []xqrules.Attacker
	ids      tracker // identities after the move
}

// cycle is a classified repetition cycle.
type cycle struct {
	// from is the first classified move (the position's first occurrence); the
	// requested cycle is start..end-1.
	from, start, end int
	plies            []plyReading
	// lastOf[c] is the identity map after c's last move of the cycle.
	lastOf [2]tracker
	// moves are the classified moves, plies[i] is moves[i].
	moves []xiangqi.Move
}

// readCycle classifies every move of g from from to end-1; the cycle asked for is
// start..end-1 (from <= start). A move already read in the same position (the memo m,
// or within this call when m is nil) is not read again. It stops with ctx.Err() when
// ctx ends.
func readCycle(ctx context.Context, g *xiangqi.Game, from, start, end int, m *memo) (*cycle, error) {
	c := &cycle{from: from, start: start, end: end, plies: make([]plyReading, 0, end-from)}
	pos := g.PositionAt(from)
	tr := newTracker(&pos)
	var cl classifier
	if m == nil {
		m = &memo{}
	}
	for i := from; i < end; i++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		mv := g.Ply(i).Move
		c.moves = append(c.moves, mv)
		mover := pos.SideToMove()
		pn, squares, hit := m.get(&pos, mv)
		if hit {
			pn.Ply = i
		} else {
			pn, squares = cl.classify(&pos, mv, i)
			m.put(&pos, mv, pn, squares)
		}
		tr.play(mv)
		r := plyReading{mover: mover, nature: pn, ids: tr}
		for _, s := range squares {
			r.victims = append(r.victims, tr.ids[s])
		}
		pos.MakeMove(mv)
		if pn.Nature == arbiter.NatureCheck {
			for _, s := range pos.Checkers(mover.Other()) {
				r.checkers = append(r.checkers, xqrules.Attacker{Square: s, Piece: pos.At(s)})
			}
		}
		c.plies = append(c.plies, r)
		c.lastOf[mover] = tr
	}
	return c, nil
}
