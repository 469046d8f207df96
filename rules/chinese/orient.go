package chinese

import (
	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/rules/xqrules"
	"github.com/arbiter-xq/arbiter/xiangqi"
)

// A ruling must not depend on the orientation of the board: a position and its mirrored
// (files a <-> i) or colour-flipped twin get the same natures, the same evidence and the
// same verdict, mapped. The exact searches give the same answers in every orientation,
// but the work they take does not (the order squares and moves are visited in decides
// which transpositions and cut-offs are met), and the work decides whether a move is
// classified in the full tier or a cheaper one (budget.go).
//
// So every move is classified in a canonical orientation: of the four orientations of
// its (position before, move, opponent's move before) the one with the smallest key
// (canonicalOrientation). The work, hence the tier, is then a function of the move and
// its position alone. The classification is written in the orientation the caller
// gave: the evidence is mapped back (orientation.threat) and the notes name squares and
// colours through the orientation (orientation.pieceAt, orientation.moveText).

// orientation is one of the four orientations of the board: mirrored (files a <-> i),
// flipped (turned half a turn with the colours swapped), both, or neither. Each is its
// own inverse, so the same value maps a square there and back.
type orientation uint8

const (
	orientMirror orientation = 1 << iota
	orientFlip
)

func (o orientation) sq(s xiangqi.Square) xiangqi.Square {
	if s == xiangqi.NoSquare || !s.Valid() {
		return s
	}
	if o&orientFlip != 0 {
		s = s.Flip()
	}
	if o&orientMirror != 0 {
		s = s.Mirror()
	}
	return s
}

func (o orientation) move(m xiangqi.Move) xiangqi.Move {
	if m == 0 || o == 0 {
		return m
	}
	return xiangqi.NewMove(o.sq(m.From()), o.sq(m.To()))
}

func (o orientation) color(c xiangqi.Color) xiangqi.Color {
	if o&orientFlip != 0 {
		return c.Other()
	}
	return c
}

func (o orientation) piece(pc xiangqi.Piece) xiangqi.Piece {
	if pc == xiangqi.NoPiece || o&orientFlip == 0 {
		return pc
	}
	return xiangqi.MakePiece(pc.Color().Other(), pc.Kind())
}

func (o orientation) position(p *xiangqi.Position) xiangqi.Position {
	q := *p
	if o&orientFlip != 0 {
		q = q.ColorFlip()
	}
	if o&orientMirror != 0 {
		q = q.Mirror()
	}
	return q
}

// canonicalOrientation returns the orientation in which the move m in p, after the
// opponent's move prev (0 when none), is classified: the one whose position hash, then
// move, then previous move is smallest. Orientations that give the same key give the
// same input, so the choice among them does not matter.
func canonicalOrientation(p *xiangqi.Position, m, prev xiangqi.Move) orientation {
	hashes := orientationHashes(p)
	best := orientation(0)
	bh, bm, bp := hashes[0], m, prev
	for o := orientMirror; o <= orientMirror|orientFlip; o++ {
		h, om, op := hashes[o], o.move(m), o.move(prev)
		if h < bh || h == bh && (om < bm || om == bm && op < bp) {
			best, bh, bm, bp = o, h, om, op
		}
	}
	return best
}

// positionKey identifies a position with its side to move in every orientation: the
// least of the hashes of its four orientations, and the orientation that has it (the
// one canonicalOrientation picks without a move: the first in the order of orientation
// values when two have it, which are then the same position).
func positionKey(p *xiangqi.Position) (uint64, orientation) {
	h := orientationHashes(p)
	best := orientation(0)
	for o := orientMirror; o <= orientMirror|orientFlip; o++ {
		if h[o] < h[best] {
			best = o
		}
	}
	return h[best], best
}

// orientationHashes returns the hashes of p in each orientation, by orientation
// (o.position(p).Hash()).
func orientationHashes(p *xiangqi.Position) (h [4]uint64) {
	h[0] = p.Hash()
	h[orientMirror], h[orientFlip], h[orientMirror|orientFlip] = p.TransformedHashes()
	return h
}

// plyNature maps the classification of a move found in the orientation o back; the
// result shares nothing with pn.
func (o orientation) plyNature(pn xqrules.PlyNature) xqrules.PlyNature {
	pn.All = append([]arbiter.Nature(nil), pn.All...)
	pn.Threats = append([]xqrules.Threat(nil), pn.Threats...)
	pn.Excluded = append([]xqrules.Threat(nil), pn.Excluded...)
	if o == 0 {
		for i := range pn.Threats {
			pn.Threats[i].Attackers = append([]xqrules.Attacker(nil), pn.Threats[i].Attackers...)
		}
		for i := range pn.Excluded {
			pn.Excluded[i].Attackers = append([]xqrules.Attacker(nil), pn.Excluded[i].Attackers...)
		}
		return pn
	}
	for i := range pn.Threats {
		o.threat(&pn.Threats[i])
	}
	for i := range pn.Excluded {
		o.threat(&pn.Excluded[i])
	}
	return pn
}

// threat maps the evidence of a threat found in the orientation o back (o is its own
// inverse).
func (o orientation) threat(t *xqrules.Threat) {
	t.Attackers = append([]xqrules.Attacker(nil), t.Attackers...)
	t.Target = o.sq(t.Target)
	t.Victim = o.piece(t.Victim)
	for i := range t.Attackers {
		t.Attackers[i].Square = o.sq(t.Attackers[i].Square)
		t.Attackers[i].Piece = o.piece(t.Attackers[i].Piece)
	}
}
