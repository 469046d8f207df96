package site

import (
	"context"
	"fmt"
	"math/bits"
	"strings"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/rules/asian"
	"github.com/arbiter-xq/arbiter/rules/xqrules"
	"github.com/arbiter-xq/arbiter/xiangqi"
)

// The house-rule layer of one game. Per move it keeps O(1) state: each side's running
// streaks (count, first ply, pieces as a bitset of piece identities, common victims),
// the capture-free, progress and check counts; nothing rescans the game. Cycles are
// classified only when a position repeats, as in the xiangqi session.
//
// The chases of single moves (chase and mixed streaks, effective counting) are read
// lazily, with the same reader and the same results as reading every move: a streak
// can only matter once it could have reached its smallest cap, and a count only once
// it could have reached its limit. Until then the moves that may extend it are kept
// pending (the first one and how many: O(1) state) and read only when the bound is
// reached, newest first, stopping at the first move that breaks the streak (a move
// that neither checks nor chases). With a cap of 6, most moves are never read; a
// long run of chases is read move by move, as before. See resolve.
type layer struct {
	r   *Ruleset
	cfg config
	s   *xqrules.Session
	// ids gives every piece of the start position an identity (0..31) that follows it
	// as it moves; -1 on empty squares.
	ids [xiangqi.NumSquares]int8
	st  state
	mr  asian.MoveReader
	fsf *fsfTracker // natures=fsf or cycle_rule=fsf
	// needChases: the moves' own chases may be needed (chase or mixed streaks,
	// effective counting).
	needChases bool
	// hist holds what each ply of the game was for the streaks (index: ply), its
	// chases once read.
	hist []plyRec
	// eager reads every move at once (the reference the lazy reading is tested against).
	eager      bool
	threats    []xqrules.Threat // scratch
	curThreats []xqrules.Threat // the threats of the latest ply, when read
	curPly     int              // the ply curThreats belong to (-1: none)
	occ        []int            // scratch
	startPlies int              // plies played before the start position (its FEN counters)
	startClock int              // the start position's capture-free clock (FEN)
}

// plyRec is what the layer keeps of one ply.
type plyRec struct {
	capID    int8 // identity of the piece the ply captured (-1: none)
	check    bool
	inCheck  bool // the mover was in check
	capture  bool
	skip     bool   // transparent to the streaks (a move in check under in_check_moves=skip)
	checkers uint32 // identities of the checking pieces
	moved    uint32 // identity of the moved piece
	known    bool   // chase, victims and chasers are read
	chase    bool
	victims  uint32
	chasers  uint32
}

// pending is a lazily kept streak's moves not applied yet: n moves of the side from
// ply from on (skipping transparent ones).
type pending struct{ from, n int }

// state is what a refused move must not change: restored when a move is taken back.
type state struct {
	streaks [2]sideStreaks
	// pend holds, per side, the chase and mixed streaks' pending moves.
	pend [2][2]pending
	// natural: capture-free plies that count; checks: each side's checks in that window
	// (checks_capped); progress: plies without a capture or a pawn's forward move.
	natural, progress int
	checks            [2]int
	// natPend: under effective counting, the plies from ply natFrom on not counted yet.
	natPend pending
}

type sideStreaks struct{ check, chase, mixed streak }

// streak is one running streak of a side.
type streak struct {
	count   int
	first   int    // 0-based ply of its first move
	pieces  uint32 // identities of the pieces counted (streak_pieces)
	set     uint32 // same_set: the checking pieces of its first move
	victims uint32 // chase: the victims every move of it chased
	check   bool   // mixed: holds a check
	chase   bool   // mixed: holds a chase
}

// facts is what a move is for the streaks.
type facts struct {
	check    bool
	checkers uint32 // identities of the checking pieces
	chase    bool
	victims  uint32 // identities of the chased pieces
	chasers  uint32 // identities of their attackers
	moved    uint32 // identity of the moved piece
	threats  []xqrules.Threat
}

// eagerReading makes new layers read every move's chases at once (tests compare it
// with the lazy reading).
var eagerReading bool

func newLayer(r *Ruleset, req arbiter.Policy, s *xqrules.Session) *layer {
	cfg, _ := r.cfg.withRequest(req)
	l := &layer{r: r, cfg: cfg, s: s, curPly: -1, eager: eagerReading}
	start := s.Game().Start()
	n := int8(0)
	for sq := xiangqi.Square(0); sq < xiangqi.NumSquares; sq++ {
		l.ids[sq] = -1
		if start.At(sq) != xiangqi.NoPiece && n < 32 {
			l.ids[sq] = n
			n++
		}
	}
	if start.Fullmove > 0 {
		l.startPlies = 2 * (start.Fullmove - 1)
		if start.SideToMove() == xiangqi.Black {
			l.startPlies++
		}
	}
	l.startClock = start.HalfmoveClock
	l.needChases = cfg.natures == "asian" && (cfg.chaseCaps.on() || cfg.mixedCaps.on() || cfg.naturalCounting == "effective")
	if cfg.natures == "fsf" || cfg.cycleRule == "fsf" {
		l.fsf = newFSFTracker(s.Game())
	}
	if cfg.naturalCounting == "fsf" {
		l.st.natural = l.startClock
	}
	return l
}

func bit(id int8) uint32 {
	if id < 0 {
		return 0
	}
	return 1 << uint(id)
}

// Play rules one move (see xqrules.Layer).
func (l *layer) Play(ctx context.Context, s *xqrules.Session, m xiangqi.Move) (xqrules.Update, error) {
	g := s.Game()
	mover := g.Position().SideToMove()
	// The mover is in check when the previous ply gave check (or the start position
	// has it in check).
	inCheck := false
	if n := g.Len(); n > 0 {
		inCheck = g.Ply(n - 1).Check
	} else {
		inCheck = g.Start().InCheck(mover)
	}
	if err := g.Play(m); err != nil {
		return xqrules.Update{}, err
	}
	ply := g.Len() - 1
	rec := g.Ply(ply)
	u := xqrules.Update{Ply: ply, Move: m, Check: rec.Check, Status: arbiter.StatusOngoing, Result: arbiter.ResultOngoing}
	capture := rec.Captured != xiangqi.NoPiece
	if res, term, over := s.Over(); over {
		l.record(m, rec.Check, capture, inCheck)
		u.Status, u.Result, u.Termination = arbiter.StatusGameOver, res, term
		u.Explanation = "the game was already over (" + term.String() + ")"
		return u, nil
	}
	saved := l.st
	fromID, toID := l.ids[m.From()], l.ids[m.To()]
	undo := func() {
		g.Undo()
		l.st = saved
		l.ids[m.From()], l.ids[m.To()] = fromID, toID
		l.hist = l.hist[:ply]
		if l.curPly >= ply {
			l.curPly = -1
		}
		if l.fsf != nil {
			l.fsf.pop()
		}
	}
	l.record(m, rec.Check, capture, inCheck)
	if l.fsf != nil {
		l.fsf.push(m, rec.Check, capture)
	}
	after := g.Position()
	l.count(mover, ply, after, m, capture, inCheck)

	// 2. A move that mates or stalemates ends the game (mate_exception: even on a
	// limit's ply).
	if !l.cfg.mateException {
		if d := l.limitDraw(g); d != nil {
			return l.endDraw(s, u, d), nil
		}
	}
	if !after.HasLegalMove() {
		term := arbiter.TerminationStalemate
		if after.InCheck(mover.Other()) {
			term = arbiter.TerminationCheckmate
		}
		s.End(xqrules.Wins(mover), term)
		u.Status, u.Result, u.Termination = arbiter.StatusGameOver, xqrules.Wins(mover), term
		u.Explanation = fmt.Sprintf("%s has no legal move (%s) and loses", mover.Other(), term)
		return u, nil
	}

	// 3. The mover's streaks.
	l.streaks(mover, ply, capture, inCheck)
	if v := l.violation(mover); v != nil {
		c := l.streakCycle(mover, ply, v, true)
		u.Cycle, u.Ruling = c, c.Ruling
		if l.cfg.streakSanction() == arbiter.ViolationForbid {
			undo()
			u.Status = arbiter.StatusForbidden
			u.Explanation = c.Ruling.Explanation
			return u, nil
		}
		res := xqrules.Wins(mover.Other())
		s.End(res, v.termination())
		u.Status, u.Result, u.Termination = arbiter.StatusGameOver, res, v.termination()
		u.Explanation = c.Ruling.Explanation
		return u, nil
	}

	// 4. The cycle, if the position repeats.
	if prev := g.PreviousOccurrence(); prev >= 0 && l.cfg.cycleRule != "none" {
		l.occ = g.Occurrences(l.occ[:0])
		occ := len(l.occ) + 1
		c, mutual, err := l.ruleCycle(ctx, s, prev, occ)
		if err != nil {
			undo()
			return xqrules.Update{}, err
		}
		regulated := l.noDraw(g, c)
		if regulated {
			mutual = false
		}
		u.Cycle, u.Ruling = c, c.Ruling
		if v, ok := xqrules.Violator(c.Ruling.Verdict); ok {
			if l.cfg.lossAt > 0 && occ >= l.cfg.lossAt {
				if l.cfg.onViolation == arbiter.ViolationForbid && v == mover {
					undo()
					u.Status = arbiter.StatusForbidden
					u.Explanation = fmt.Sprintf("%s must change: this move would repeat the position a %s time with %s (%s); play another move (%s)",
						v, arbiter.Ordinal(occ), c.Sides[v].Pattern, arbiter.PatternChinese(c.Sides[v].Natures), l.r.def.clause("cycle"))
					return u, nil
				}
				if l.cfg.onViolation == arbiter.ViolationLose {
					res := xqrules.Wins(v.Other())
					term := xqrules.TerminationFor(c.Sides[v].Natures)
					if l.cfg.cycleRule == "fsf" && !regulated { // the stretch, not the cycle, decided it
						term = arbiter.TerminationPerpetualChase
						if strings.Contains(c.Sides[v].Pattern, "perpetual check") {
							term = arbiter.TerminationPerpetualCheck
						}
					}
					s.End(res, term)
					u.Status, u.Result, u.Termination = arbiter.StatusGameOver, res, term
					u.Explanation = fmt.Sprintf("%s did not change (%s, %s) and loses at the %s occurrence (%s)",
						v, c.Sides[v].Pattern, arbiter.PatternChinese(c.Sides[v].Natures), arbiter.Ordinal(occ), l.r.def.clause("cycle"))
					return u, nil
				}
			}
			u.Status = arbiter.StatusWarning
			u.Explanation = fmt.Sprintf("%s must change (%s, %s); the position has occurred %d times",
				v, c.Sides[v].Pattern, arbiter.PatternChinese(c.Sides[v].Natures), occ)
		} else if c.Ruling.Verdict == arbiter.VerdictDraw {
			at, why := l.cfg.drawAt, l.r.def.clause("draw")
			if mutual && l.cfg.mutualDrawAt > 0 {
				at, why = l.cfg.mutualDrawAt, l.r.def.clause("mutual")
			} else if l.cfg.neutralOnly && !neutral(c) {
				at = 0 // a cycle with a check, a chase or an answer to either goes on
			}
			if at > 0 && occ >= at {
				s.End(arbiter.ResultDraw, arbiter.TerminationRepetitionDraw)
				u.Status, u.Result, u.Termination = arbiter.StatusGameOver, arbiter.ResultDraw, arbiter.TerminationRepetitionDraw
				u.Explanation = fmt.Sprintf("repetition allowed for both sides (不变作和); drawn at the %s occurrence (%s)", arbiter.Ordinal(occ), why)
				return u, nil
			}
		}
	}

	// 5. The draws.
	if d := l.materialDraw(after, capture); d != nil {
		return l.endDraw(s, u, d), nil
	}
	if l.cfg.mateException {
		if d := l.limitDraw(g); d != nil {
			return l.endDraw(s, u, d), nil
		}
	}

	// A counter standing at its cap: that side must change (its next move continuing
	// the streak violates), reported as a cycle's ruling is.
	if u.Cycle == nil || u.Cycle.Ruling.Verdict == arbiter.VerdictDraw {
		for _, side := range [2]xiangqi.Color{mover.Other(), mover} {
			if v := l.atCap(side); v != nil && !(side != mover && canMate(after)) {
				c := l.streakCycle(side, ply, v, false)
				u.Cycle, u.Ruling = c, c.Ruling
				u.Status = arbiter.StatusWarning
				u.Explanation = c.Ruling.Explanation
				break
			}
		}
	}
	return u, nil
}

// noDraw applies no_draw_before_move (the tournament regulation, as the xiangqi
// session applies it): a cycle ruled a draw before that move number makes the side that
// moved first in the game change. It reports whether it changed the ruling.
func (l *layer) noDraw(g *xiangqi.Game, c *xqrules.Cycle) bool {
	n := l.cfg.noDrawBeforeMove
	if n == 0 || c.Ruling.Verdict != arbiter.VerdictDraw {
		return false
	}
	pos := g.Position()
	move := pos.Fullmove // the next move's number; Red to move: the last ply was Black's
	if pos.SideToMove() == xiangqi.Red {
		move--
	}
	if move >= n {
		return false
	}
	first := xiangqi.Red
	if st := g.Start(); st.SideToMove() == xiangqi.Black && st.Fullmove <= 1 {
		first = xiangqi.Black
	}
	r := c.Ruling
	c.Ruling = arbiter.Ruling{
		Verdict:    xqrules.MustChange(first),
		References: append(append([]string(nil), r.References...), fmt.Sprintf("tournament regulation: no draw before move %d", n)),
		Explanation: fmt.Sprintf("%s Under the tournament regulation no draw is allowed before move %d, so %s, who moved first, must change.",
			r.Explanation, n, first),
	}
	return true
}

// record books the ply just played (the game holds it) and moves the piece
// identities along with m.
func (l *layer) record(m xiangqi.Move, check, capture, inCheck bool) {
	r := plyRec{capID: l.ids[m.To()], check: check, inCheck: inCheck, capture: capture,
		skip: inCheck && l.cfg.inCheck == "skip", moved: bit(l.ids[m.From()])}
	if check {
		after := l.s.Game().Position()
		for _, sq := range after.Checkers(after.SideToMove()) {
			id := l.ids[sq]
			if sq == m.To() {
				id = l.ids[m.From()]
			}
			r.checkers |= bit(id)
		}
	}
	// A check has no chases (the Asian rules read it as a check only); without chase
	// counters nothing reads them.
	r.known = check || !l.needChases
	l.hist = append(l.hist, r)
	l.ids[m.To()] = l.ids[m.From()]
	l.ids[m.From()] = -1
}

// facts returns the ply's facts for the streaks, reading its chases if not read yet.
func (l *layer) facts(ply int) facts {
	l.readPlies(ply, func(int) int { return readIt })
	r := &l.hist[ply]
	f := facts{check: r.check, checkers: r.checkers, chase: r.chase, victims: r.victims, chasers: r.chasers, moved: r.moved}
	if ply == l.curPly {
		f.threats = l.curThreats
	}
	return f
}

// readPlies visits the plies from the latest down to lo, asking sel what to do with
// each: readIt (read its chases if not read yet), skipIt, or stop. It takes the moves
// back from the current position, so reading the latest plies is cheap.
func (l *layer) readPlies(lo int, sel func(j int) int) {
	g := l.s.Game()
	L := g.Len()
	var p, after xiangqi.Position
	var ids [xiangqi.NumSquares]int8
	walked := L // p and ids hold the position after walked plies
	for j := L - 1; j >= lo; j-- {
		switch sel(j) {
		case stopIt:
			return
		case skipIt:
			continue
		}
		if l.hist[j].known {
			continue
		}
		if walked == L {
			p, ids = *g.Position(), l.ids
		}
		for walked > j {
			walked--
			after = p
			rec := g.Ply(walked)
			p.UnmakeMove(rec.Move, rec.Captured)
			from, to := rec.Move.From(), rec.Move.To()
			ids[from], ids[to] = ids[to], l.hist[walked].capID
		}
		l.read(j, &p, &after, g.Ply(j).Move, &ids)
	}
}

const (
	readIt = iota
	skipIt
	stopIt
)

// read reads the chases of ply j, played as m from before to after; ids hold the
// identities before it.
func (l *layer) read(j int, before, after *xiangqi.Position, m xiangqi.Move, ids *[xiangqi.NumSquares]int8) {
	r := &l.hist[j]
	idAfter := func(sq xiangqi.Square) int8 {
		if sq == m.To() {
			return ids[m.From()]
		}
		return ids[sq]
	}
	l.threats = l.mr.Chases(before, m, l.threats[:0])
	l.threats = l.filterThreats(before, after, m, l.threats)
	r.victims, r.chasers = 0, 0
	for i := range l.threats {
		t := &l.threats[i]
		r.victims |= bit(idAfter(t.Target))
		for _, a := range t.Attackers {
			r.chasers |= bit(idAfter(a.Square))
		}
	}
	r.chase = len(l.threats) > 0
	r.known = true
	if j == l.s.Game().Len()-1 {
		l.curThreats = append(l.curThreats[:0], l.threats...)
		l.curPly = j
	}
}

// filterThreats applies the options that adjust the Asian chases: chase_value_rule,
// counter_capture_exclusion and king_cut_protection.
func (l *layer) filterThreats(before, after *xiangqi.Position, m xiangqi.Move, ts []xqrules.Threat) []xqrules.Threat {
	if l.cfg.chaseValueRule && !l.cfg.counterCaptureAny && !l.cfg.kingCutIgnore {
		return ts
	}
	out := ts[:0]
	var buf [16]xiangqi.Square
	kingMove := before.At(m.From()).Kind() == xiangqi.King
	for _, t := range ts {
		if !l.cfg.chaseValueRule && t.Exception == "horse-or-cannon-on-rook" && t.Root == arbiter.Rooted {
			continue
		}
		if l.cfg.counterCaptureAny && canTakeBack(after, t) {
			continue
		}
		if l.cfg.kingCutIgnore && kingMove {
			// Only cut protection: every attacker already attacked the victim before
			// the king moved (the victim stood there too).
			cut := before.At(t.Target) == t.Victim
			for _, a := range t.Attackers {
				found := false
				for _, s := range before.AppendAttackers(buf[:0], t.Target, before.SideToMove()) {
					if s == a.Square {
						found = true
					}
				}
				cut = cut && found
			}
			if cut {
				continue
			}
		}
		out = append(out, t)
	}
	return out
}

// canTakeBack reports whether the victim of t could take one of its attackers at once
// (xiangqi.com's exchange invitation).
func canTakeBack(after *xiangqi.Position, t xqrules.Threat) bool {
	p := *after
	p.SetSideToMove(t.Victim.Color())
	for _, a := range t.Attackers {
		if p.At(t.Target) == t.Victim && p.CanMoveGeometrically(t.Target, a.Square) && p.IsLegal(xiangqi.NewMove(t.Target, a.Square)) {
			return true
		}
	}
	return false
}

// count advances the capture-free, progress and check counts.
func (l *layer) count(mover xiangqi.Color, ply int, after *xiangqi.Position, m xiangqi.Move, capture, inCheck bool) {
	st := &l.st
	pawnForward := false
	if pc := after.At(m.To()); pc.Kind() == xiangqi.Pawn {
		dr := m.To().Rank() - m.From().Rank()
		pawnForward = (pc.Color() == xiangqi.Red && dr > 0) || (pc.Color() == xiangqi.Black && dr < 0)
	}
	if capture || pawnForward {
		st.progress = 0
	} else {
		st.progress++
	}
	if capture {
		st.natural, st.checks = 0, [2]int{}
		st.natPend = pending{}
		return
	}
	check := l.hist[ply].check
	switch l.cfg.naturalCounting {
	case "checks_capped":
		if check && l.cfg.countedChecks > 0 {
			st.checks[mover]++
			if st.checks[mover] > l.cfg.countedChecks {
				return
			}
		}
	case "effective":
		// Checks, chases and the answers to them do not count: the chases are read
		// once the count could reach the limit.
		if st.natPend.n == 0 {
			st.natPend.from = ply
		}
		st.natPend.n++
		if l.eager || (l.cfg.naturalPlies > 0 && st.natural+st.natPend.n >= l.cfg.naturalPlies) {
			l.resolveNatural()
		}
		return
	}
	st.natural++
}

// resolveNatural counts the pending plies of effective counting: a ply counts unless
// it checks or chases, or answers a check or a chase.
func (l *layer) resolveNatural() {
	st := &l.st
	lo := max(st.natPend.from-1, 0)
	l.readPlies(lo, func(int) int { return readIt })
	for j := st.natPend.from; j < st.natPend.from+st.natPend.n; j++ {
		r := &l.hist[j]
		prevChase := j > 0 && l.hist[j-1].chase
		if !(r.check || r.chase || r.inCheck || prevChase) {
			st.natural++
		}
	}
	st.natPend = pending{}
}

// draw is a draw the layer found, with its termination and words.
type draw struct {
	term arbiter.Termination
	why  string
}

func (l *layer) endDraw(s *xqrules.Session, u xqrules.Update, d *draw) xqrules.Update {
	s.End(arbiter.ResultDraw, d.term)
	u.Status, u.Result, u.Termination = arbiter.StatusGameOver, arbiter.ResultDraw, d.term
	u.Explanation = d.why
	return u
}

// limitDraw returns the limit draw the position has reached, if any: natural limit,
// progress limit, total cap, in that order.
func (l *layer) limitDraw(g *xiangqi.Game) *draw {
	if n := l.cfg.naturalPlies; n > 0 {
		reached := l.st.natural >= n
		if l.cfg.naturalCounting == "fsf" {
			reached = l.fsf.naturalReached(n)
		}
		if reached {
			return &draw{arbiter.TerminationNaturalMoveLimit, fmt.Sprintf("%d plies without a capture (自然限着, %s)", n, l.r.def.clause("natural"))}
		}
	}
	if n := l.cfg.progressPlies; n > 0 && l.st.progress >= n {
		return &draw{arbiter.TerminationNoProgress, fmt.Sprintf("%d plies without a capture or a pawn's advance (%s)", n, l.r.def.clause("progress"))}
	}
	if n := l.cfg.totalCap; n > 0 && l.startPlies+g.Len() >= n {
		return &draw{arbiter.TerminationNoProgress, fmt.Sprintf("the game has reached %d plies in all (%s)", n, l.r.def.clause("total"))}
	}
	return nil
}

// materialDraw: after a capture that leaves neither side a rook, horse, cannon or pawn.
func (l *layer) materialDraw(p *xiangqi.Position, capture bool) *draw {
	if !l.cfg.noMaterialDraw || !capture {
		return nil
	}
	for _, c := range [2]xiangqi.Color{xiangqi.Red, xiangqi.Black} {
		for _, k := range [4]xiangqi.Kind{xiangqi.Rook, xiangqi.Horse, xiangqi.Cannon, xiangqi.Pawn} {
			if p.Count(c, k) > 0 {
				return nil
			}
		}
	}
	return &draw{arbiter.TerminationKingAgainstKing, fmt.Sprintf("neither side has a rook, horse, cannon or pawn left: drawn at once (%s)", l.r.def.clause("material"))}
}

// canMate reports whether the side to move in p has a move that mates or stalemates:
// a streak at its cap may end that way (the mate stands), so it is no must-change.
func canMate(p *xiangqi.Position) bool {
	for _, m := range p.LegalMoves() {
		q := *p
		q.MakeMove(m)
		if !q.HasLegalMove() {
			return true
		}
	}
	return false
}

func popcount(x uint32) int { return bits.OnesCount32(x) }
