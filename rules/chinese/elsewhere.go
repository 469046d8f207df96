package chinese

import "github.com/arbiter-xq/arbiter/xiangqi"

// A win whose gain is made elsewhere (CXA 2020 26.5, 完整的交换过程; 26.9): the complete
// exchange on a square may net material only through a capture on another square that
// the exchange itself makes possible, a piece the exchange uncovers or a ward it leaves
// unprotected. When that other piece can be won in its own right, in the same position,
// the chase is a chase of that piece, and the first victim is only the way to it: it
// is not counted as a second target (图26: the cannon e4 takes the elephant e2 and,
// once the elephant g0 has taken back, the cannon h4, whose line the cannon e4 had
// blocked, wins the rook d4; the rook is what Black chases, and it also wins it through
// the check e4-e2. Counting the elephant as a further, joint, chase made Black's chase
// joint, and the book a draw instead of Black changing under 26.9). A win made elsewhere
// whose other piece cannot be won in its own right stays a chase of the first victim
// (图4: the cannon takes the horse and the pawn the horse guarded falls).

// gainElsewhere reports whether the direct win w in p (chaser to move) nets nothing on
// its own square: the exchange restricted to captures on the victim's square does not
// gain.
func (a *analyst) gainElsewhere(p *xiangqi.Position, w *win) bool {
	if w.viaCheck || w.followUp {
		return false
	}
	a.squareOnly = true
	defer func() { a.squareOnly = false }()
	var buf [16]xiangqi.Square
	for _, from := range p.AppendAttackers(buf[:0], w.victim, a.chaser) {
		if g, ok := a.rawGain(p, xiangqi.NewMove(from, w.victim), false); ok && g > 0 {
			return false
		}
	}
	return true
}

// wonThrough returns the victim of ws, other than w's, whose win in its own right (on
// its own square, or through checks) makes w's: without that piece on the board, w's
// victim can no longer be won. NoSquare when there is none. Two wins that each gain
// only through the other (a defender guarding both, overloaded) are both chases.
func (a *analyst) wonThrough(p xiangqi.Position, ws *winSet, w *win) xiangqi.Square {
	if len(ws.list) < 2 || !a.gainElsewhere(&p, w) {
		return xiangqi.NoSquare
	}
	for i := range ws.list {
		y := &ws.list[i]
		if y.victim == w.victim || a.gainElsewhere(&p, y) {
			continue // the same piece, or one not won in its own right either
		}
		q := p
		q.Put(y.victim, xiangqi.NoPiece)
		if !a.canWin(q, w.victim) {
			return y.victim
		}
	}
	return xiangqi.NoSquare
}
