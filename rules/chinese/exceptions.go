package chinese

import (
	"github.com/arbiter-xq/arbiter/rules/xqrules"
	"github.com/arbiter-xq/arbiter/xiangqi"
)

// Exception names recorded in xqrules.Threat.Exception.
const (
	excHorseCannonOnRook = "horse-or-cannon-on-rook" // counts: worth more than its attacker, 图2/图10
	excHeavierVictim     = "heavier-victim"          // counts: rooted, but worth more than the attacker
	excConsecutiveChecks = "consecutive-checks"      // counts: won through checks, 抽吃 (图16)
	excJointWithKingPawn = "king-or-pawn-joint"      // counts: 26.1.1 joint or discovered attack
	excKingAttacker      = "king-attacker"           // excluded: 26.1 the king may chase
	excPawnAttacker      = "pawn-attacker"           // excluded: 26.1 a pawn may chase
	excUncrossedPawn     = "uncrossed-pawn"          // excluded: not 子力
	excKeyDrawingPoint   = "key-drawing-point"       // excluded: 26.2
	excEscapingAttack    = "escaping-attack"         // excluded: escaping piece keeps its attack on an advisor/elephant
	excPreExisting       = "pre-existing"            // excluded: the threat existed before the move
	excSameTypeExchange  = "same-type-exchange"      // excluded: 兑, the victim can take its attacker like for like
	excWonElsewhere      = "won-elsewhere"           // excluded: the gain is the win of another piece, counted as such (elsewhere.go)
	excExchangeFirst     = "exchange-first"          // excluded: 兑, a check line that the opponent's exchange ends
)

// kingPawnAlone applies CXA 2020 26.1: "帅(将)、兵(卒)本身允许长捉": the king's and the
// pawns' own attacks are idle. It returns the exception when the win is the king's or a
// pawn's alone, "" when it counts. It counts (26.1.1) when another piece attacks the same
// target together with it (a cannon behind the pawn, 参考图11), and (26.8) when the pawn's
// capture itself discovers a check. Help from afar (a pin that stops the recapture, a
// check that drives the protector away before the pawn takes) does not make the pawn's
// attack a joint one (参考图11 second black move, 参考图7).
func kingPawnAlone(p *xiangqi.Position, w *win) string {
	var capturers []xiangqi.Square
	var finisher xiangqi.Piece
	if w.viaCheck {
		finisher = w.finisher
	} else {
		capturers = w.capturers
		for _, s := range capturers {
			if k := p.At(s).Kind(); k != xiangqi.King && k != xiangqi.Pawn {
				return ""
			}
		}
		if len(capturers) == 0 {
			return ""
		}
		finisher = p.At(capturers[0])
	}
	exc := excPawnAttacker
	switch finisher.Kind() {
	case xiangqi.King:
		exc = excKingAttacker
	case xiangqi.Pawn:
	default:
		return ""
	}
	if w.viaCheck {
		// The line's own first move: a pawn capture that gives check counts (26.8).
		if p.At(w.first.From()).Kind() == xiangqi.Pawn && p.At(w.first.To()) != xiangqi.NoPiece {
			return ""
		}
		return exc
	}
	c := p.At(capturers[0]).Color()
	var buf [16]xiangqi.Square
	for _, s := range p.AppendAttackers(buf[:0], w.victim, c) {
		if k := p.At(s).Kind(); k != xiangqi.King && k != xiangqi.Pawn {
			return "" // 26.1.1 joint attack
		}
	}
	for _, s := range capturers {
		m := xiangqi.NewMove(s, w.victim)
		q := *p
		q.MakeMove(m)
		if q.InCheck(c.Other()) {
			return "" // 26.8 the pawn's capture discovers a check
		}
	}
	return exc
}

// pawnHelpedFromAfar applies CXA 2020 26.1 to a move by another piece: when the win of
// the victim begins with a king's or pawn's capture and the moved piece on moved neither
// attacks the victim nor opens a line for a piece that does, its help is from afar (it
// ties or pins a protector), and the win stays the king's or pawn's own attack, idle
// (参考图5: the rook retreat that ties the elephant e7 to its mate-guarding square while
// the pawn h5 takes the elephant g5). It returns the exception, or "".
func (a *analyst) pawnHelpedFromAfar(p *xiangqi.Position, w *win, moved xiangqi.Square) string {
	if w.viaCheck || containsSquare(w.capturers, moved) {
		return ""
	}
	exc := ""
	switch p.At(w.first.From()).Kind() {
	case xiangqi.King:
		exc = excKingAttacker
	case xiangqi.Pawn:
		exc = excPawnAttacker
	default:
		return ""
	}
	var buf [16]xiangqi.Square
	for _, s := range p.AppendAttackers(buf[:0], w.victim, a.chaser) {
		if s == moved {
			return ""
		}
	}
	return exc
}

// sameTypeExchange reports whether every capturer of a direct win can be taken back by
// the victim itself, like for like (兑, CXA 2011 28.9; 参考图5, 图2): the opponent can
// always answer by exchanging, so the attack is an exchange offer, not a chase. p is the
// position after the move, the opponent to move. A victim that cannot leave its square
// or line without being mated by consecutive checks (不能离线, 参考图49) cannot take back:
// the attack on it stays a chase.
func (a *analyst) sameTypeExchange(p *xiangqi.Position, w *win) bool {
	if w.viaCheck || len(w.capturers) == 0 {
		return false
	}
	all, some := true, xiangqi.NoSquare
	for _, s := range w.capturers {
		x := p.At(s)
		m := xiangqi.NewMove(w.victim, s)
		if x.Kind() != w.piece.Kind() || !p.IsLegal(m) {
			all = false
			continue
		}
		c := p.MakeMove(m)
		mated := a.matedAfter(p)
		p.UnmakeMove(m, c)
		if mated {
			all = false
			continue
		}
		if some == xiangqi.NoSquare {
			some = s
		}
	}
	if all || some == xiangqi.NoSquare || !p.AttackedBy(w.victim, w.piece.Color()) {
		return all // an unprotected victim is chased by the others as well (图25)
	}
	// A protected victim can exchange itself for one like attacker, and without that
	// attacker the others cannot win it: the threat is only an exchange offer (图21: the
	// rook backs the horse against a horse the black rook protects; 参考图50). With a
	// third attacker the others still win it and the chase stands (参考图49).
	q := *p
	q.Put(some, xiangqi.NoPiece)
	q.SetSideToMove(a.chaser)
	if q.InCheck(a.chaser.Other()) {
		return false
	}
	return !a.canWin(q, w.victim)
}

// bindsVictim reports whether the piece on s keeps the victim of w from taking back its
// attacker like for like: without it the attack would be an exchange offer (兑), with it
// the victim is pinned or tied to its line and the attack is a chase. Such a piece takes
// part in the chase (参考图49: the horse that keeps the cannon on its line) without
// being one of its attackers. p is the position after the move with the chaser to move.
func (a *analyst) bindsVictim(p xiangqi.Position, w *win, s xiangqi.Square) bool {
	if w.viaCheck || containsSquare(w.capturers, s) {
		return false
	}
	p.SetSideToMove(a.chaser.Other())
	if a.sameTypeExchange(&p, w) {
		return false
	}
	p.Put(s, xiangqi.NoPiece)
	if p.InCheck(a.chaser) {
		return false
	}
	return a.sameTypeExchange(&p, w)
}

// attackingPieces counts c's rooks, horses, cannons and crossed pawns.
func attackingPieces(p *xiangqi.Position, c xiangqi.Color) int {
	n := 0
	for s := xiangqi.Square(0); s < xiangqi.NumSquares; s++ {
		if pc := p.At(s); pc != xiangqi.NoPiece && pc.Color() == c && isAttackingPiece(pc, s) {
			n++
		}
	}
	return n
}

// keyDrawingPoint applies CXA 2020 26.2: when the side has a single attacking piece,
// its incidental attacks on advisors and elephants while holding a defensive point
// (守和要点) are idle (图18, 参考图19).
func keyDrawingPoint(p *xiangqi.Position, c xiangqi.Color, victim xiangqi.Piece) bool {
	k := victim.Kind()
	return (k == xiangqi.Advisor || k == xiangqi.Elephant) && attackingPieces(p, c) == 1
}

func isAdvisorOrElephant(pc xiangqi.Piece) bool {
	return pc.Kind() == xiangqi.Advisor || pc.Kind() == xiangqi.Elephant
}

// excluded builds the evidence of an attack that does not count.
func excluded(t xqrules.Threat, exc, note string) xqrules.Threat {
	t.Exception, t.Note = exc, note
	return t
}

// guardsChase reports whether the chaser's piece on s keeps the victim of w from breaking
// the chase by taking one of the pieces that win it (an attacker, the screen of an
// attacking cannon, or the first mover of a check line): the victim can take that piece,
// and without s the capture would win material, while with s it loses material. A
// victim that can still trade itself for the piece with s there is not kept from anything
// (图25: the horse that guards the rook the black rook could take like for like). Such a piece takes
// part in the chase although it does not attack the victim (参考图39: the rook that
// protects the horse, the screen of the cannon that attacks the black rook on f8, which
// could otherwise take the horse; a rook + horse + cannon joint chase). p is the position
// after the move with the chaser to move.
func (a *analyst) guardsChase(p xiangqi.Position, w *win, s xiangqi.Square) bool {
	if w.viaCheck || containsSquare(w.capturers, s) {
		return false
	}
	p.SetSideToMove(a.chaser.Other())
	d := &analyst{chaser: a.chaser.Other(), mates: a.mates}
	var buf [16]xiangqi.Square
	for _, x := range a.bearingOn(&p, w, s) {
		if x == s {
			continue
		}
		m := xiangqi.NewMove(w.victim, x)
		if !p.CanMoveGeometrically(w.victim, x) {
			continue
		}
		if !containsSquare(p.AppendAttackers(buf[:0], x, a.chaser), s) {
			continue // s does not protect x
		}
		if g, ok := d.rawGain(&p, m, false); ok && g >= 0 {
			continue // the victim can still trade itself for the piece (图25)
		}
		q := p
		q.Put(s, xiangqi.NoPiece)
		if q.InCheck(a.chaser) || q.InCheck(d.chaser) {
			continue
		}
		if g, ok := d.rawGain(&q, m, false); ok && g > 0 {
			return true
		}
	}
	return false
}

// exchangeFirst reports whether the win w through consecutive checks is only the other
// face of the exchange the move offers (兑, spec §1.3.6, interpretation): the move makes
// one of the mover's pieces and an enemy piece of the same value attack each other, and
// when the opponent, on its move, exchanges (its piece takes the mover's, legally and
// without being mated by consecutive checks), the chaser no longer wins the victim. A
// check that keeps the opponent from exchanging is then no chase: the opponent is not
// bound to pass, and the exchange it may always choose ends the line (参考图5, 参考图9:
// perpetual offers of like for like are 兑 whatever the mover could win if the offer
// were declined). A line that still wins after the exchange stands (the offer is then
// 兑兼捉, 参考图26).
func (a *analyst) exchangeFirst(f *plyFacts, w *win) bool {
	if !w.viaCheck {
		return false
	}
	var pbuf [8][2]xiangqi.Square
	for _, pr := range exchangePairs(f, pbuf[:0]) {
		mine, theirs := pr[0], pr[1]
		m := xiangqi.NewMove(theirs, mine)
		q := f.after
		if !q.IsLegal(m) {
			continue
		}
		q.MakeMove(m)
		if a.matedAfter(&q) {
			continue
		}
		if w.victim == theirs || w.victim == mine || !a.winsAfterExchange(q, mine, w.victim) {
			return true
		}
	}
	return false
}

// winsAfterExchange reports whether the chaser, to move in q after the opponent's piece
// has taken its piece on s, still wins the victim once it has taken back on s (the
// exchange complete, the opponent passing again); when it cannot take back, whether it
// wins the victim at once.
func (a *analyst) winsAfterExchange(q xiangqi.Position, s, victim xiangqi.Square) bool {
	var buf [16]xiangqi.Square
	took := false
	for _, from := range q.AppendAttackers(buf[:0], s, a.chaser) {
		r := xiangqi.NewMove(from, s)
		if !q.IsLegal(r) {
			continue
		}
		took = true
		x := q
		x.MakeMove(r)
		if x.InCheck(a.chaser.Other()) {
			return true // the recapture checks: the line goes on with a tempo
		}
		x.SetSideToMove(a.chaser)
		if a.canWin(x, victim) {
			return true
		}
	}
	return !took && a.canWin(q, victim)
}

// exchangePairs appends the pairs (the mover's piece, the enemy piece) of the same value
// that attack each other after the move f and did not before: the moved piece and an
// enemy piece, or a pair the move lets face each other (newMutualPair).
func exchangePairs(f *plyFacts, dst [][2]xiangqi.Square) [][2]xiangqi.Square {
	to := f.move.To()
	moved := f.after.At(to)
	var buf [16]xiangqi.Square
	for _, e := range f.after.AppendAttackers(buf[:0], to, f.mover.Other()) {
		ep := f.after.At(e)
		if ep.Kind() != xiangqi.King && value(ep, e, f.mover) == value(moved, to, f.mover) && f.after.CanMoveGeometrically(to, e) {
			dst = append(dst, [2]xiangqi.Square{to, e})
		}
	}
	if x, y, ok := newMutualPair(f); ok {
		dst = append(dst, [2]xiangqi.Square{x, y})
	}
	return dst
}
