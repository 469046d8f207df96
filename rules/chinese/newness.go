package chinese

import "github.com/arbiter-xq/arbiter/xiangqi"

// Newness of a chase (CXA 2020 29.2; spec §1.3.3 (2) and §1.4 k): a win that already
// existed before the move and that the move leaves unchanged is no new threat, and so
// idle, also when the moved piece is itself one of the pieces that win it (a rook
// sliding along its line, retreating, or stepping aside while it could take the same
// target before and after). The same test makes an attack idle that exists because the
// opponent's own last move created the weakness (§1.4 k, 参考图21, 参考图22): the
// baseline is the position after that move, so the win is already there.
//
// A win the move changes stays new: a new target, or a new piece taking part in it (an
// attacker joining, a line the move opens, including the facing-kings file that lets
// the king take part, 26.1.1). The pieces taking part are compared as sets: those of
// the win after the move against those of the win before it, each followed through the
// move (the moved piece from its old square to its new one). A win the move destroys is
// simply gone: it is not in the scan after the move.

// participants lists the chaser's pieces that take part in winning the victim of w in
// p (chaser to move): the direct capturers with the screens of capturing cannons, the
// first movers and finishers of check lines, and the pieces without which the victim
// can no longer be won (necessary), each as a square of p. moved is the square of a
// piece whose part is also asked of bindsVictim and guardsChase (the moved piece).
func (a *analyst) participants(p xiangqi.Position, w *win, moved xiangqi.Square) []xiangqi.Square {
	out := a.linePieces(&p, w, nil)
	out = unionSquares(out, a.necessary(p, w, moved, needUnasked))
	if moved != xiangqi.NoSquare && !containsSquare(out, moved) && (a.bindsVictim(p, w, moved) || a.guardsChase(p, w, moved)) {
		out = append(out, moved)
	}
	return out
}

// sameWin reports whether the win of the same victim before the move (b, in before
// with the mover to move) already had every piece that takes part in it after the move
// (involved, squares of the position after the move m): the move leaves the win as it
// was. relaxed is set when the mover stood in check before the move; the baseline then
// has only direct captures and no question is asked of it beyond its capturers.
func (a *analyst) sameWin(before xiangqi.Position, b *win, m xiangqi.Move, involved []xiangqi.Square, relaxed bool) bool {
	var old []xiangqi.Square
	if relaxed {
		old = a.linePieces(&before, b, nil)
	} else {
		old = a.participants(before, b, m.From())
	}
	for _, s := range involved {
		from := s
		if s == m.To() {
			from = m.From()
		} else if s == m.From() {
			return false // a piece now on the square the moved piece left: not there before
		}
		if !containsSquare(old, from) {
			return false
		}
	}
	return true
}

// linePieces adds to out the pieces that make the win w in p: the direct capturers with
// the screens of capturing cannons, and the first movers and finishers of check lines.
func (a *analyst) linePieces(p *xiangqi.Position, w *win, out []xiangqi.Square) []xiangqi.Square {
	out = unionSquares(out, w.capturers)
	out = unionSquares(out, w.starts)
	out = unionSquares(out, w.finishers.Squares())
	for _, s := range w.capturers {
		if p.At(s).Kind() == xiangqi.Cannon {
			if sc := screenBetween(p, s, w.victim); sc != xiangqi.NoSquare && p.At(sc).Color() == a.chaser && !containsSquare(out, sc) {
				out = append(out, sc)
			}
		}
	}
	return out
}

// oldAfterSomeReply reports whether the defender has a reply to the first check of the
// line w after which the chaser wins only what it could already win before the move,
// and no more than it could win it for (29.2, newness per reply of the defender): a
// check line makes a new 捉 only when, against every reply, the mover now wins more
// than before. The victims of different replies are not merged: a fork that wins a new
// piece after one reply and an old one after another lets the defender choose the
// other. A reply after which the chaser mates is no defence. now is the position after
// the move with the chaser to move; before the position before it (relaxed as in the
// baseline scan).
func (a *analyst) oldAfterSomeReply(now xiangqi.Position, w *win, before *xiangqi.Position, relaxed bool) bool {
	if !w.viaCheck || a.mates.plain() {
		return false
	}
	k := w.first
	p := now
	if !p.IsLegal(k) {
		return false
	}
	taken := 0 // what the check itself takes
	if x := p.At(k.To()); x != xiangqi.NoPiece {
		taken = value(x, k.To(), a.chaser)
	}
	p.MakeMove(k)
	var mbuf [128]xiangqi.Move
	root := now
	for _, r := range p.AppendLegalMoves(mbuf[:0]) {
		// The chaser's gain after this reply counts what the check took and what the
		// reply takes back (the checker taken, 参考图23) with what follows.
		lost := 0
		if x := p.At(r.To()); x != xiangqi.NoPiece {
			lost = value(x, r.To(), a.chaser)
		}
		c2 := p.MakeMove(r)
		if taken > 0 && r.To() == k.To() {
			// A capture with check answered by taking the checker back is an
			// exchange inside the line, not one of its checks (line): the book
			// credits the line that follows it as a whole (参考图23, 献兼捉), and it
			// is not asked reply by reply here.
			p.UnmakeMove(r, c2)
			continue
		}
		a.lineRoot = &root
		g, vs := a.bestWin(&p, checkLineDepth-1, false)
		a.lineRoot = nil
		old := g > 0 && vs.n > 0
		var want squareSet
		for i := 0; old && i < vs.n; i++ {
			v := vs.sq[i]
			if v == r.To() {
				v = r.From() // the defender's reply moved it there
			}
			if before.At(v) == xiangqi.NoPiece || before.At(v).Color() == a.chaser {
				old = false
			}
			want.Add(v)
		}
		if old {
			bw := a.scan(*before, relaxed, want)
			for i := 0; old && i < vs.n; i++ {
				v := vs.sq[i]
				if v == r.To() {
					v = r.From()
				}
				b := bw.get(v)
				old = b != nil && taken-lost+g <= b.gain
			}
		}
		if old && a.matedAfter(&p) {
			old = false
		}
		p.UnmakeMove(r, c2)
		if old {
			return true
		}
	}
	return false
}
