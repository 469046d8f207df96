package chinese

import (
	"fmt"
	"strings"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/rules/xqrules"
	"github.com/arbiter-xq/arbiter/xiangqi"
)

// classifier gives every move of a cycle its nature, in the order of the spec (§1.5):
// 将, then a king's answer to check (idle), then 杀, then 捉, then the idle kinds.
type classifier struct {
	mates *mateSearch
	// followable records that the last classify reached the 跟 question (followKind)
	// with a rook or cannon moved, and idleNature that its nature is the idle kind: then
	// only that question depends on the opponent's move before (judge.go).
	followable, idleNature bool
	// ahead holds the classifications of the cycle being judged that were made ahead of
	// their turn (classifyAhead, judge.go), by ply.
	ahead map[int]aheadResult
	// cache holds what the game's judge keeps (judge.go; nil: nothing kept): the
	// classifications of its moves and the answers to their 杀 questions (threatens).
	// questions is the search that asks those.
	cache     *plyCache
	questions *mateSearch
}

// release gives the classifier's searches back (getMateSearch).
func (c *classifier) release() {
	putMateSearch(c.mates)
	if c.questions != nil {
		putMateSearch(c.questions)
		c.questions = nil
	}
}

// threatens reports whether side c, if its opponent passed in p, would mate by
// consecutive checks within mateThreatDepth moves (杀; threatensMate). The question is a
// fact about the position alone: it is searched on its own, in a table of its own,
// outside the move's work budget (with its own node budget, as in the bare tier), and in
// the position's own canonical orientation (positionKey), so its answer is the same
// whatever the classification asked before and in whatever orientation the move is
// classified, even when the node budget cuts the search short (the cut falls at the same
// point). A game's judge keeps the answers (c.cache), by that key: the 杀 a move
// threatens is the one the opponent's next move is asked to parry.
func (c *classifier) threatens(p xiangqi.Position, side xiangqi.Color) bool {
	p.SetSideToMove(side)
	if p.InCheck(side.Other()) {
		return false // side's opponent is in check: it cannot pass, the question is moot
	}
	key, o := positionKey(&p)
	if v, ok := c.cache.mateAnswer(key); ok {
		return v
	}
	if c.questions == nil {
		c.questions = getMateSearch()
	}
	q := c.questions
	q.reset()
	if o != 0 {
		p = o.position(&p)
	}
	v := q.canMate(&p, mateThreatDepth)
	c.cache.putMateAnswer(key, v)
	return v
}

// plyFacts is what the classifier knows about one move.
type plyFacts struct {
	ply           int
	move          xiangqi.Move
	mover         xiangqi.Color
	moved         xiangqi.Piece
	before, after xiangqi.Position
	// prev is the opponent's move just before (0 when there is none), prevTo where it went.
	prev   xiangqi.Move
	prevTo xiangqi.Square
	// view is the orientation the classification is reported in, relative to the one it
	// is computed in (orient.go).
	view orientation
}

func (c *classifier) classify(f *plyFacts) xqrules.PlyNature {
	pn := xqrules.PlyNature{Ply: f.ply}
	c.followable, c.idleNature = false, false
	opp := f.mover.Other()
	// 将 (CXA 24.x / 2011 28.1): the opponent's king is attacked after the move, directly,
	// by discovery or by facing kings.
	if f.after.InCheck(opp) {
		pn.Nature = arbiter.NatureCheck
		pn.All = []arbiter.Nature{arbiter.NatureCheck}
		pn.Note = checkNote(f)
		return pn
	}
	answering := f.before.InCheck(f.mover)
	kingAnswer := answering && f.moved.Kind() == xiangqi.King
	// A king move that parries the opponent's mate threat (杀) is a forced answer like
	// the king's answer to check: what it makes possible counts as idle (26.1.2 read
	// for 杀; 参考图30: the king steps out of the mating net and the elephant may then
	// take a pawn, 闲). Any other piece that parries a mate is judged by what it
	// creates (参考图35).
	kingParry := !answering && f.moved.Kind() == xiangqi.King && c.parriesMate(f)
	if kingAnswer || kingParry {
		// The king's forced answer is idle whatever it threatens (CXA 2020 26.1.2: a king
		// move answering check; 图17: even when it creates a mate threat): neither its 杀
		// nor its 捉 can count, so neither is searched.
		idle, _ := c.idleKind(f)
		pn.Nature, pn.All = idle, []arbiter.Nature{idle}
		what := "check"
		if kingParry {
			what = "the mate threat"
		}
		kind := "idle whatever it threatens (闲, 26.1.2)"
		if idle != arbiter.NatureIdle {
			// 兑, 献 or 跟: still idle (CXA 2011 28.9).
			kind = fmt.Sprintf("%s (%s), idle whatever it threatens (26.1.2)", idle, idle.Chinese())
		}
		pn.Note = moveName(f) + " answers " + what + " with the king: " + kind
		return pn
	}

	// 杀: with the opponent passing, a forced mate by consecutive checks that did not exist
	// before the move ("from 杀 to 杀" is treated like "from 捉 to 捉": idle).
	mateNow := c.threatens(f.after, f.mover)
	if mateNow {
		mateBefore := !answering && c.threatens(f.before, f.mover)
		// An excluded mate threat has no victim and no target square.
		if mateBefore {
			pn.Excluded = append(pn.Excluded, xqrules.Threat{Target: xiangqi.NoSquare, Exception: excPreExisting,
				Note: "the mate by consecutive checks already existed before the move"})
		} else {
			pn.Nature = arbiter.NatureMateThreat
			pn.All = append(pn.All, arbiter.NatureMateThreat)
			pn.Note = fmt.Sprintf("%s threatens mate by consecutive checks (杀) within %d moves", moveName(f), mateThreatDepth)
		}
	}

	threats, excl := c.chases(f, answering)
	pn.Excluded = append(pn.Excluded, excl...)
	if len(threats) > 0 {
		pn.Threats = threats
		pn.All = append(pn.All, arbiter.NatureChase)
		if pn.Nature == arbiter.NatureUnspecified {
			pn.Nature = arbiter.NatureChase
			pn.Note = chaseNote(f, threats)
		}
	}
	idle, idleNote := c.idleKind(f)
	pn.All = append(pn.All, idle)
	if pn.Nature == arbiter.NatureUnspecified {
		pn.Nature = idle
		pn.Note = idleNote
		c.idleNature = true
	}
	return pn
}

// parriesMate reports whether the opponent threatened mate by consecutive checks before
// the move and no longer does after it.
func (c *classifier) parriesMate(f *plyFacts) bool {
	return c.threatens(f.before, f.mover.Other()) && !c.threatens(f.after, f.mover.Other())
}

// blocksMate reports whether the square the mover's piece went to lies in the way of one
// of the checks that began the opponent's mate before the move: on the path of the
// checking move (a rook's, cannon's or king's line, a horse's leg, an elephant's eye), or
// between the king and a piece that gives check after it.
func (c *classifier) blocksMate(f *plyFacts) bool {
	p := f.before
	opp := f.mover.Other()
	p.SetSideToMove(opp)
	k := p.KingSquare(f.mover)
	s := f.move.To()
	var buf [128]xiangqi.Move
	for _, m := range appendCheckMoves(&p, buf[:0]) {
		cap := p.MakeMove(m)
		ok := cap.Kind() != xiangqi.King && p.InCheck(f.mover) && !p.InCheck(opp)
		if ok {
			in := onPath(p.At(m.To()), m.From(), m.To(), s)
			for _, ch := range p.Checkers(f.mover) {
				in = in || onPath(p.At(ch), ch, k, s)
			}
			ok = in && c.mates.checkedMateWithin(&p, mateThreatDepth-1, mateNodeBudget)
		}
		p.UnmakeMove(m, cap)
		if ok {
			return true
		}
	}
	return false
}

// onPath reports whether a piece on s would stop pc going from from to to: s is strictly
// between them on a line (rook, cannon, king), or is the horse's leg or the elephant's eye.
func onPath(pc xiangqi.Piece, from, to, s xiangqi.Square) bool {
	df, dr := to.File()-from.File(), to.Rank()-from.Rank()
	switch pc.Kind() {
	case xiangqi.Horse:
		if abs(df) == 2 {
			return s == xiangqi.SquareAt(from.File()+sign(df), from.Rank())
		}
		return s == xiangqi.SquareAt(from.File(), from.Rank()+sign(dr))
	case xiangqi.Elephant:
		return s == xiangqi.SquareAt(from.File()+sign(df), from.Rank()+sign(dr))
	case xiangqi.Rook, xiangqi.Cannon, xiangqi.King:
		if df != 0 && dr != 0 {
			return false
		}
		sf, sr := s.File()-from.File(), s.Rank()-to.Rank()+dr
		if df == 0 {
			return sf == 0 && sr != 0 && sign(sr) == sign(dr) && abs(sr) < abs(dr)
		}
		return s.Rank() == from.Rank() && sf != 0 && sign(sf) == sign(df) && abs(sf) < abs(df)
	}
	return false
}

// chases finds the new winning threats the move creates (捉) and the attacks that do not
// count, with the exception that applied.
func (c *classifier) chases(f *plyFacts, answering bool) (threats, excl []xqrules.Threat) {
	if c.mates.tier == tierBare {
		return nil, nil // out of budget twice: no 捉 analysis (budget.go)
	}
	a := &analyst{chaser: f.mover, mates: c.mates}
	now := f.after
	now.SetSideToMove(f.mover)
	ws := a.scan(now, false, everySquare)
	if len(ws.list) == 0 {
		return nil, nil
	}
	// CXA 29.2: the threat must be new. The baseline is the position before the move
	// with the mover to move. When the mover stood in check there, captures are taken as
	// if the check did not bind, so an attack the opponent's own checking move exposed
	// stays idle (参考图22).
	//
	// The baseline is scanned only when a win reaches that question, and only for the
	// victims that may reach it (material, not won only through another win): it
	// asks whether each of them could be won before, not what else could.
	var tbuf [16]xiangqi.Square    // one win per enemy piece at most
	through := tbuf[:len(ws.list)] // wonThrough, or NoSquare
	var need squareSet
	for i := range ws.list {
		w := &ws.list[i]
		through[i] = xiangqi.NoSquare
		if !isMaterial(w.piece, w.victim) {
			continue
		}
		if through[i] = a.wonThrough(now, ws, w); through[i] == xiangqi.NoSquare {
			need.Add(w.victim)
		}
	}
	var baseWins *winSet
	base := func() *winSet {
		if baseWins == nil {
			baseWins = a.scan(f.before, answering, need)
		}
		return baseWins
	}
	var escaping, renewing *bool
	for i := range ws.list {
		w := &ws.list[i]
		t := xqrules.Threat{Target: w.victim, Victim: w.piece}
		if !isMaterial(w.piece, w.victim) {
			excl = append(excl, excluded(t, excUncrossedPawn, f.view.pieceAt(w.piece, w.victim)+" has not crossed the river: not 子力"))
			continue
		}
		if y := through[i]; y != xiangqi.NoSquare {
			excl = append(excl, excluded(t, excWonElsewhere, f.view.pieceAt(w.piece, w.victim)+" is won only through the win of "+f.view.pieceAt(now.At(y), y)+", which counts as the chase (26.5)"))
			continue
		}
		// The pieces involved in the win: those that start it (its capturers, or the
		// first movers of its check lines) and those it needs (necessary, the
		// co-operating pieces of a joint chase), and the moved piece when it takes part
		// otherwise (below). Whether the moved piece is among them is asked first: a win
		// that was there before and that the moved piece takes no part in is excluded
		// without asking which other pieces it needs.
		moved := f.move.To()
		starts := w.capturers
		if w.viaCheck {
			starts = w.starts
		}
		movedNeeded := needUnasked
		takesPart := containsSquare(starts, moved)
		if !takesPart {
			movedNeeded = a.isNecessary(now, w, moved)
			takesPart = movedNeeded == needed
		}
		// CXA 29.2: the threat must be new. A victim that could already be won before the
		// move is a new chase only when the moved piece now takes part in winning it (it
		// re-forms the attack, 参考图38); otherwise the move leaves an old threat unchanged
		// (参考图6).
		//
		// The moved piece keeps the victim from exchanging itself for its attacker (it
		// pins it, or ties it to its line): it takes part in the chase.
		bound := !takesPart && a.bindsVictim(now, w, moved)
		takesPart = takesPart || bound
		// The moved piece keeps the victim from breaking the chase by taking one of its
		// pieces: it takes part in the chase (参考图39).
		guard := !takesPart && a.guardsChase(now, w, moved)
		takesPart = takesPart || guard
		b := base().get(w.victim)
		if b != nil && a.freedFromDuty(&f.before, &now, b, w, answering) {
			// The win was there before only at the price of a piece its capturer
			// guarded; the move freed the capturer of that duty: a new threat.
			b = nil
		}
		if b == nil && w.viaCheck && a.oldAfterSomeReply(now, w, &f.before, answering) {
			excl = append(excl, excluded(t, excPreExisting, "the defender has an answer to the check line after which it wins only what it could win before the move (CXA 29.2: not a new threat)"))
			continue
		}
		if b != nil && !takesPart {
			excl = append(excl, excluded(t, excPreExisting, f.view.pieceAt(w.piece, w.victim)+" could already be won before the move, and the moved piece takes no part (CXA 29.2: not a new threat)"))
			continue
		}
		necessary := a.necessary(now, w, moved, movedNeeded)
		involved := unionSquares(starts, necessary)
		if bound || guard {
			involved = append(involved, moved)
		}
		if guard {
			necessary = append(necessary, moved)
		}
		if b != nil {
			// The moved piece takes part, but it already did from its old square, with
			// the same partners: the move leaves the win unchanged (newness.go). A move
			// that answers the opponent's threat, escaping an attack on the moved piece
			// or parrying a mate threat, and keeps the win re-forms the chase that
			// threat broke (图11: the cannon b9-a9 that keeps pinning the elephant's
			// protector when the rook attacks it; 参考图35: the rook d4-f4 that parries
			// the mate and so makes the cannon's attack on the rook c6 real).
			if renewing == nil {
				e := c.wasThreatened(f) || c.parriesMate(f)
				renewing = &e
			}
			if !*renewing && a.sameWin(f.before, b, f.move, a.linePieces(&now, w, involved), answering) {
				excl = append(excl, excluded(t, excPreExisting, f.view.pieceAt(w.piece, w.victim)+" could already be won before the move by the same pieces, the moved one among them from its old square: the move leaves the win unchanged (CXA 29.2: not a new threat)"))
				continue
			}
		}
		attackers := involved
		if w.viaCheck {
			// The pieces that take the victim at the end of the line attack it too.
			attackers = unionSquares(involved, w.finishers.Squares())
		}
		t.Attackers = attackersOf(&now, attackers)
		t.Joint = isJoint(&now, w, necessary) || a.noLoneAttacker(now, w)
		t.Root, t.Exception = a.threatRoot(&now, w)
		t.Note = threatNote(f.view, &now, w, t)
		if exc := kingPawnAlone(&now, w); exc != "" {
			excl = append(excl, excluded(t, exc, "only the king or a pawn attacks "+f.view.pieceAt(w.piece, w.victim)+": idle (CXA 2020 26.1)"))
			continue
		}
		if a.sameTypeExchange(&f.after, w) {
			excl = append(excl, excluded(t, excSameTypeExchange, f.view.pieceAt(w.piece, w.victim)+" can take its attacker in return, like for like: an exchange offer (兑), idle"))
			continue
		}
		if a.exchangeFirst(f, w) {
			excl = append(excl, excluded(t, excExchangeFirst, "the line wins "+f.view.pieceAt(w.piece, w.victim)+" only if the opponent declines the like-for-like exchange the move offers; exchanging ends it: an exchange offer (兑), idle"))
			continue
		}
		if keyDrawingPoint(&now, f.mover, w.piece) {
			excl = append(excl, excluded(t, excKeyDrawingPoint, "with a single attacking piece, the attack on "+f.view.pieceAt(w.piece, w.victim)+" is incidental (CXA 2020 26.2)"))
			continue
		}
		if exc := a.pawnHelpedFromAfar(&now, w, f.move.To()); exc != "" {
			excl = append(excl, excluded(t, exc, moveName(f)+" only helps the capture of "+f.view.pieceAt(w.piece, w.victim)+" by a king or pawn from afar: the king's or pawn's own attack, idle (CXA 2020 26.1)"))
			continue
		}
		// Spec 1.4 l, narrowed by the official diagrams: a piece that escapes an attack
		// and keeps attacking an advisor or elephant it already attacked from the square
		// it left makes no new attack on it (参考图26: the rook e6-e7-e6 stays on the file
		// of the elephant e2). An escape that newly attacks an advisor or elephant is a
		// chase (参考图3, 参考图39, 参考图45; 参考图8 through a check line).
		if isAdvisorOrElephant(w.piece) && containsSquare(w.capturers, f.move.To()) {
			if b := base().get(w.victim); b != nil && containsSquare(b.capturers, f.move.From()) {
				if escaping == nil {
					e := c.wasThreatened(f)
					escaping = &e
				}
				if *escaping {
					excl = append(excl, excluded(t, excEscapingAttack, moveName(f)+" escapes an attack and keeps attacking "+f.view.pieceAt(w.piece, w.victim)+", which it attacked from its old square: incidental, idle"))
					continue
				}
			}
		}
		if t.Exception == "" && containsKingOrPawn(&now, involved) {
			t.Exception = excJointWithKingPawn
		}
		threats = append(threats, t)
	}
	return threats, excl
}

// freedFromDuty reports whether the victim could be won before the move (b, the win
// found there) only by a capture that would abandon a piece the capturing side guarded
// against an attack (a root doing its duty, spec §1.2 4, 做根子捉子: the exchange then
// goes on with the defender taking that piece, wardList.duties), and can be won after
// it (w) without that price: the move frees the capturer, a new threat (29.2). 图12: the
// cannon h7 escapes the rook and frees the rook g7, which guarded it, to take the pawn
// g9; 参考图16: the crossed pawn steps away from the black rook and frees the rook f6,
// which guarded it, to take the pawn f3 (the pawn's move uncovers the rook's attack,
// 26.1.1). The book does not weigh that price when it asks whether a capture wins
// (图22: the rook that takes the pawn e4 abandons the horse b6 it guards, and it is a
// chase; 参考图3, 参考图21, 参考图46); it only decides whether the win is new. A win
// through checks pays no such price (the line's own end weighs what it leaves, dutyLost).
func (a *analyst) freedFromDuty(before, now *xiangqi.Position, b, w *win, relaxed bool) bool {
	if len(b.starts) > 0 || a.directWin(before, b.victim, relaxed, true) {
		return false // winnable before, duty weighed: not freed
	}
	return len(w.starts) > 0 || a.directWin(now, w.victim, false, true)
}

// directWin reports whether the side to move of p (the chaser) wins the piece on victim
// by a capture there and the complete exchange, as scan values it; duty weighs what the
// capturing pieces stop guarding (wardList.duties).
func (a *analyst) directWin(p *xiangqi.Position, victim xiangqi.Square, relaxed, duty bool) bool {
	a.lineNodes = 0 // its own bound, as every question's (lineNodeBudget)
	a.duty = duty
	defer func() { a.duty = false }()
	var buf [16]xiangqi.Square
	for _, from := range p.AppendAttackers(buf[:0], victim, a.chaser) {
		m := xiangqi.NewMove(from, victim)
		g, ok := a.captureWins(p, m, relaxed)
		if ok && !relaxed {
			g = a.followUpGain(p, m, g)
		}
		if ok && g > 0 {
			return true
		}
	}
	return false
}

// wasThreatened reports whether the moved piece could have been won by the opponent
// before the move (it is escaping an attack, spec 1.4 l).
func (c *classifier) wasThreatened(f *plyFacts) bool {
	opp := &analyst{chaser: f.mover.Other(), mates: c.mates}
	p := f.before
	p.SetSideToMove(f.mover.Other())
	if p.InCheck(f.mover) {
		return false
	}
	return opp.scan(p, false, squareOf(f.move.From())).get(f.move.From()) != nil
}

// necessary returns the chaser's pieces without which the victim can no longer be won
// (the co-operating pieces of a joint chase, 联合捉, CXA 2020 26.9). Only pieces that
// bear on the victim are tried: its attackers, the screens of attacking cannons (a rook
// in front of a cannon, 参考图38), the moved piece and the first mover of a check line.
// Taking other
// pieces off the board would measure king safety, not co-operation.
//
// movedNeeded is the answer for the moved piece when the caller has it already
// (isNecessary), needUnasked otherwise.
func (a *analyst) necessary(p xiangqi.Position, w *win, moved xiangqi.Square, movedNeeded pieceNeed) []xiangqi.Square {
	var out []xiangqi.Square
	for _, s := range a.bearingOn(&p, w, moved) {
		need := movedNeeded
		if s != moved || need == needUnasked {
			need = a.needs(p, w, s)
		}
		if need == needed {
			out = append(out, s)
		}
	}
	return out
}

// pieceNeed is whether a win needs a piece: yes, no, or not asked yet.
type pieceNeed int8

const (
	needUnasked pieceNeed = iota
	needed
	notNeeded
)

// isNecessary reports whether the piece on s is among those necessary returns: a piece
// that bears on the victim (bearingOn) without which the victim can no longer be won.
func (a *analyst) isNecessary(p xiangqi.Position, w *win, s xiangqi.Square) pieceNeed {
	if pc := p.At(s); pc == xiangqi.NoPiece || pc.Color() != a.chaser || !coOperates(pc.Kind()) {
		return notNeeded // bearingOn leaves it out
	}
	return a.needs(p, w, s)
}

// needs reports whether the win w needs the piece on s (one of bearingOn's).
func (a *analyst) needs(p xiangqi.Position, w *win, s xiangqi.Square) pieceNeed {
	q := p
	q.Put(s, xiangqi.NoPiece)
	if q.InCheck(a.chaser) {
		return notNeeded // a shield of its own king, not a co-operating attacker
	}
	if w.viaCheck && q.InCheck(a.chaser.Other()) {
		// The piece masks a discovered check of the line: without it the position is
		// not one the chaser could move in, and the line needs it to unmask.
		return needed
	}
	if !a.canWin(q, w.victim) {
		return needed
	}
	return notNeeded
}

// isJoint applies the 2020 notion of 联合捉 (多子捉一子): two or more pieces are needed to
// win the victim (rook and cannon on one rook, 参考图14; a cannon that pins the protector
// while the rook takes, 图11; horse and cannon, 参考图40). A piece whose only part is being
// the screen of an attacking cannon is not a co-operator (参考图47).
func isJoint(p *xiangqi.Position, w *win, necessary []xiangqi.Square) bool {
	if w.viaCheck && w.lineJoint {
		return true
	}
	c := p.At(w.first.From()).Color()
	var buf [16]xiangqi.Square
	att := p.AppendAttackers(buf[:0], w.victim, c)
	n := 0
	for _, s := range necessary {
		if !containsSquare(att, s) && isScreenOf(p, s, att, w.victim) {
			continue
		}
		n++
	}
	return n >= 2
}

// noLoneAttacker reports whether a direct win needs several attackers although none of
// them is necessary by itself: the victim is attacked more often than it is protected
// (少根), and no attacker alone (rooks, horses, cannons and pawns; see coOperates), with the chaser's other attackers of the victim taken
// off the board, wins it (参考图49: rook, cannon and horse against a horse protected
// once). Such a chase is joint (联合捉) as much as one where each piece is needed.
func (a *analyst) noLoneAttacker(p xiangqi.Position, w *win) bool {
	if w.viaCheck {
		return false
	}
	var buf, cbuf [16]xiangqi.Square
	att := cbuf[:0]
	for _, s := range p.AppendAttackers(buf[:0], w.victim, a.chaser) {
		if coOperates(p.At(s).Kind()) {
			att = append(att, s)
		}
	}
	if len(att) < 2 {
		return false
	}
	for _, s := range att {
		q := p
		for _, o := range att {
			if o != s {
				q.Put(o, xiangqi.NoPiece)
			}
		}
		if q.InCheck(a.chaser) || a.canWin(q, w.victim) {
			return false
		}
	}
	return true
}

// isScreenOf reports whether s is the screen of one of the attacking cannons.
func isScreenOf(p *xiangqi.Position, s xiangqi.Square, attackers []xiangqi.Square, victim xiangqi.Square) bool {
	for _, a := range attackers {
		if p.At(a).Kind() == xiangqi.Cannon && screenBetween(p, a, victim) == s {
			return true
		}
	}
	return false
}

// bearingOn lists the chaser's pieces that bear on the victim of w.
func (a *analyst) bearingOn(p *xiangqi.Position, w *win, moved xiangqi.Square) []xiangqi.Square {
	var buf [16]xiangqi.Square
	att := p.AppendAttackers(buf[:0], w.victim, a.chaser)
	out := make([]xiangqi.Square, 0, len(att)+2)
	add := func(s xiangqi.Square) {
		if pc := p.At(s); pc != xiangqi.NoPiece && pc.Color() == a.chaser && coOperates(pc.Kind()) && !containsSquare(out, s) {
			out = append(out, s)
		}
	}
	for _, s := range att {
		add(s)
		if p.At(s).Kind() == xiangqi.Cannon {
			if sc := screenBetween(p, s, w.victim); sc != xiangqi.NoSquare {
				add(sc)
			}
		}
	}
	for _, s := range w.starts {
		add(s)
	}
	if w.followUp {
		// The win needs what the chaser's pieces win after the recapture: any of them
		// may take part (参考图34: the rook whose check line follows the exchange).
		for s := xiangqi.Square(0); s < xiangqi.NumSquares; s++ {
			add(s)
		}
	}
	add(moved)
	return out
}

// screenBetween returns the piece between a cannon on from and its target on to.
func screenBetween(p *xiangqi.Position, from, to xiangqi.Square) xiangqi.Square {
	df, dr := sign(to.File()-from.File()), sign(to.Rank()-from.Rank())
	if df != 0 && dr != 0 {
		return xiangqi.NoSquare
	}
	f, r := from.File()+df, from.Rank()+dr
	for f != to.File() || r != to.Rank() {
		if s := xiangqi.SquareAt(f, r); p.At(s) != xiangqi.NoPiece {
			return s
		}
		f, r = f+df, r+dr
	}
	return xiangqi.NoSquare
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// coOperates reports whether a piece of kind k can take part in a joint chase. Advisors
// and elephants only guard the palace; taking them off the board to see whether a chase
// survives would measure king safety, not co-operation.
func coOperates(k xiangqi.Kind) bool {
	switch k {
	case xiangqi.Rook, xiangqi.Horse, xiangqi.Cannon, xiangqi.Pawn:
		return true
	}
	return false
}

// threatRoot classifies the victim's protection.
func (a *analyst) threatRoot(p *xiangqi.Position, w *win) (arbiter.RootStatus, string) {
	if w.viaCheck {
		var buf [16]xiangqi.Square
		if len(p.AppendAttackers(buf[:0], w.victim, a.chaser.Other())) == 0 {
			return arbiter.Unrooted, excConsecutiveChecks
		}
		return arbiter.Rooted, excConsecutiveChecks
	}
	return a.rootStatus(p, w.first)
}

func unionSquares(a, b []xiangqi.Square) []xiangqi.Square {
	out := append([]xiangqi.Square(nil), a...)
	for _, s := range b {
		if !containsSquare(out, s) {
			out = append(out, s)
		}
	}
	return out
}

func containsSquare(list []xiangqi.Square, s xiangqi.Square) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func containsKingOrPawn(p *xiangqi.Position, list []xiangqi.Square) bool {
	for _, s := range list {
		if k := p.At(s).Kind(); k == xiangqi.King || k == xiangqi.Pawn {
			return true
		}
	}
	return false
}

func attackersOf(p *xiangqi.Position, squares []xiangqi.Square) []xqrules.Attacker {
	out := make([]xqrules.Attacker, 0, len(squares))
	for _, s := range squares {
		out = append(out, xqrules.Attacker{Square: s, Piece: p.At(s)})
	}
	return out
}

// idleKind labels a move that is not an attack, for reporting (CXA 2011 28.9: 兑, 献, 拦
// and 跟 are all idle, 闲).
func (c *classifier) idleKind(f *plyFacts) (arbiter.Nature, string) {
	to := f.move.To()
	moved := f.after.At(to)
	opp := f.mover.Other()
	// 拦 block: the opponent threatened mate by consecutive checks before the move, no
	// longer does, and the moved piece stands in the way of a mating check: on the path
	// of the checking move, on its horse's leg, or between a checker and the king (图7:
	// the rook steps onto the file the cannon needs). A move that parries otherwise (by
	// attacking a mating piece, 图20, or the king stepping away, 参考图30) is plain 闲.
	if moved.Kind() != xiangqi.King && c.parriesMate(f) && c.blocksMate(f) {
		return arbiter.NatureBlock, moveName(f) + " blocks the opponent's mate threat: 拦, idle"
	}
	var buf [16]xiangqi.Square
	attackedBy := f.after.AppendAttackers(buf[:0], to, opp)
	// 兑 exchange offer: the moved piece and an enemy piece of the same value attack
	// each other.
	for _, s := range attackedBy {
		e := f.after.At(s)
		if value(e, s, f.mover) == value(moved, to, f.mover) && f.after.CanMoveGeometrically(to, s) && e.Kind() != xiangqi.King {
			return arbiter.NatureExchange, fmt.Sprintf("%s offers an exchange with %s: 兑, idle", moveName(f), f.view.pieceAt(e, s))
		}
	}
	// 兑 by discovery: the move opens a line so that one of the mover's pieces and an
	// enemy piece of the same value now attack each other (图9: the horse leaves the
	// file between the two rooks).
	if x, y, ok := newMutualPair(f); ok {
		return arbiter.NatureExchange, fmt.Sprintf("%s lets %s and %s attack each other: 兑, idle", moveName(f), f.view.pieceAt(f.after.At(x), x), f.view.pieceAt(f.after.At(y), y))
	}
	// 兑 by support: two pieces of the same value already attack each other, and the
	// moved piece now protects the mover's one or attacks the opponent's one as well, so
	// it offers the exchange (图30 variant: the rook joins the attack on the horse the
	// black horse faces, and the cannon's return protects that horse).
	if x, y, ok := supportedPair(f); ok {
		return arbiter.NatureExchange, fmt.Sprintf("%s backs the exchange of %s and %s: 兑, idle", moveName(f), f.view.pieceAt(f.after.At(x), x), f.view.pieceAt(f.after.At(y), y))
	}
	// 献 offer: the opponent can win the moved piece by taking it (the capture gains
	// material after the complete exchange). A piece that is merely attacked, but
	// protected well enough, is offered nothing: the official diagrams label such moves
	// 闲 (参考图2, 参考图31). Nor is a piece the opponent could only win through a series
	// of checks (参考图6: the advisor that steps in front of the king is 闲).
	if len(attackedBy) > 0 && c.mates.tier != tierBare {
		opp := &analyst{chaser: opp, mates: c.mates}
		p := f.after
		if opp.canTake(p, to) {
			return arbiter.NatureOffer, moveName(f) + " puts the piece where it can be won: 献, idle"
		}
	}
	// Everything above depends on the position and the move alone; only 跟 looks at the
	// opponent's move just before (judge.go reuses a classification for another prev).
	c.followable = moved.Kind() == xiangqi.Rook || moved.Kind() == xiangqi.Cannon
	return followKind(f)
}

// followKind is the last question of idleKind: 跟, or else plain 闲.
func followKind(f *plyFacts) (arbiter.Nature, string) {
	to := f.move.To()
	moved := f.after.At(to)
	// 跟 follow: the moved piece keeps after the piece the opponent just moved, a piece
	// worth at least as much, attacking it again without winning it (spec 1.3.8: a
	// rooted piece of equal or greater value). Attacks on pieces that did not move, or on
	// lesser pieces, are plain idle moves in the official diagrams (图12, 图24, 参考图16,
	// 参考图26). A king's or pawn's attacks are idle by themselves (26.1, 图14). Only a
	// rook or cannon follows: a horse that jumps to attack the piece again is 闲 in the
	// book (参考图33: the horse c6-b8 attacks the cannon that has just stepped to d9).
	if f.prev != 0 && f.prevTo != xiangqi.NoSquare && (moved.Kind() == xiangqi.Rook || moved.Kind() == xiangqi.Cannon) {
		var mbuf [32]xiangqi.Move
		for _, m := range f.after.AppendPieceMoves(mbuf[:0], to) {
			if m.To() != f.prevTo {
				continue
			}
			if e := f.after.At(m.To()); e != xiangqi.NoPiece && isMaterial(e, m.To()) && value(e, m.To(), f.mover) >= value(moved, to, f.mover) {
				return arbiter.NatureFollow, fmt.Sprintf("%s follows %s, which has just moved, without winning it: 跟, idle", moveName(f), f.view.pieceAt(e, m.To()))
			}
		}
	}
	return arbiter.NatureIdle, moveName(f) + " creates no check, mate threat or chase: 闲"
}

// newMutualPair finds a piece of the mover (other than the moved one) and an enemy piece
// of the same value that attack each other after the move and did not before.
func newMutualPair(f *plyFacts) (mine, theirs xiangqi.Square, ok bool) {
	opp := f.mover.Other()
	var buf [16]xiangqi.Square
	for s := xiangqi.Square(0); s < xiangqi.NumSquares; s++ {
		pc := f.after.At(s)
		if pc == xiangqi.NoPiece || pc.Color() != f.mover || s == f.move.To() || pc.Kind() == xiangqi.King || !isMaterial(pc, s) {
			continue
		}
		for _, e := range f.after.AppendAttackers(buf[:0], s, opp) {
			ep := f.after.At(e)
			if ep.Kind() == xiangqi.King || value(ep, e, f.mover) != value(pc, s, f.mover) || !f.after.CanMoveGeometrically(s, e) {
				continue
			}
			if f.before.At(s) == pc && f.before.At(e) == ep && f.before.CanMoveGeometrically(s, e) && f.before.CanMoveGeometrically(e, s) {
				continue // already facing each other
			}
			return s, e, true
		}
	}
	return xiangqi.NoSquare, xiangqi.NoSquare, false
}

// supportedPair finds a piece of the mover (other than the moved one) and an enemy piece
// of the same value that attack each other after the move, where the moved piece newly
// protects the first or attacks the second.
func supportedPair(f *plyFacts) (mine, theirs xiangqi.Square, ok bool) {
	opp := f.mover.Other()
	to := f.move.To()
	var buf, sbuf [16]xiangqi.Square
	for s := xiangqi.Square(0); s < xiangqi.NumSquares; s++ {
		pc := f.after.At(s)
		if pc == xiangqi.NoPiece || pc.Color() != f.mover || s == to || pc.Kind() == xiangqi.King || !isMaterial(pc, s) {
			continue
		}
		for _, e := range f.after.AppendAttackers(buf[:0], s, opp) {
			ep := f.after.At(e)
			if ep.Kind() == xiangqi.King || value(ep, e, f.mover) != value(pc, s, f.mover) || !f.after.CanMoveGeometrically(s, e) {
				continue
			}
			protects := containsSquare(f.after.AppendAttackers(sbuf[:0], s, f.mover), to) && !containsSquare(f.before.AppendAttackers(sbuf[:0], s, f.mover), f.move.From())
			attacks := containsSquare(f.after.AppendAttackers(sbuf[:0], e, f.mover), to) && !containsSquare(f.before.AppendAttackers(sbuf[:0], e, f.mover), f.move.From())
			if protects || attacks {
				return s, e, true
			}
		}
	}
	return xiangqi.NoSquare, xiangqi.NoSquare, false
}

func checkNote(f *plyFacts) string {
	opp := f.mover.Other()
	var parts []string
	for _, s := range f.after.Checkers(opp) {
		pc := f.after.At(s)
		switch {
		case pc.Kind() == xiangqi.King:
			parts = append(parts, "the kings face each other")
		case s == f.move.To():
			parts = append(parts, f.view.pieceAt(pc, s)+" gives check")
		default:
			parts = append(parts, f.view.pieceAt(pc, s)+" gives a discovered check")
		}
	}
	return moveName(f) + ": " + strings.Join(parts, ", ") + " (将)"
}
