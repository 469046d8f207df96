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
// the capture-free, progress and check counts; nothing rescans the game. Moves are
// classified one by one only where a streak or the natural-limit counting needs their
// chases, and cycles only when a position repeats, as in the xiangqi session.
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
	// needChases: the move's own chases are read on every ply (chase or mixed streaks,
	// effective counting).
	needChases bool
	threats    []xqrules.Threat // scratch
	occ        []int            // scratch
	startPlies int              // plies played before the start position (its FEN counters)
	startClock int              // the start position's capture-free clock (FEN)
}

// state is what a refused move must not change: restored when a move is taken back.
type state struct {
	streaks [2]sideStreaks
	// natural: capture-free plies that count; checks: each side's checks in that window
	// (checks_capped); progress: plies without a capture or a pawn's forward move.
	natural, progress int
	checks            [2]int
	lastChase         bool // the previous move chased (effective counting)
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

func newLayer(r *Ruleset, req arbiter.Policy, s *xqrules.Session) *layer {
	cfg, _ := r.cfg.withRequest(req)
	l := &layer{r: r, cfg: cfg, s: s}
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
	before := *g.Position()
	mover := before.SideToMove()
	if err := g.Play(m); err != nil {
		return xqrules.Update{}, err
	}
	ply := g.Len() - 1
	rec := g.Ply(ply)
	u := xqrules.Update{Ply: ply, Move: m, Check: rec.Check, Status: arbiter.StatusOngoing, Result: arbiter.ResultOngoing}
	if res, term, over := s.Over(); over {
		l.track(m)
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
		if l.fsf != nil {
			l.fsf.pop()
		}
	}
	capture := rec.Captured != xiangqi.NoPiece
	f := l.read(&before, g.Position(), m, rec.Check)
	l.track(m)
	if l.fsf != nil {
		l.fsf.push(&before, g.Position(), m, capture)
	}
	after := g.Position()
	inCheck := before.InCheck(mover)
	l.count(mover, &before, m, capture, inCheck, &f)

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
	l.streaks(mover, ply, capture, inCheck, &f)
	if v := l.violation(mover); v != nil {
		c := l.streakCycle(mover, ply, v, &f, true)
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
					if l.cfg.cycleRule == "fsf" { // the stretch, not the cycle, decided it
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
				c := l.streakCycle(side, ply, v, &f, false)
				u.Cycle, u.Ruling = c, c.Ruling
				u.Status = arbiter.StatusWarning
				u.Explanation = c.Ruling.Explanation
				break
			}
		}
	}
	return u, nil
}

// track moves the piece identities along with m.
func (l *layer) track(m xiangqi.Move) {
	l.ids[m.To()] = l.ids[m.From()]
	l.ids[m.From()] = -1
}

// read classifies the move for the streaks: its check and checking pieces, its own
// chases (when needed) with their victims and attackers. ids still hold the position
// before the move.
func (l *layer) read(before, after *xiangqi.Position, m xiangqi.Move, check bool) facts {
	f := facts{check: check, moved: bit(l.ids[m.From()])}
	idAfter := func(sq xiangqi.Square) int8 {
		if sq == m.To() {
			return l.ids[m.From()]
		}
		return l.ids[sq]
	}
	if check {
		for _, sq := range after.Checkers(after.SideToMove()) {
			f.checkers |= bit(idAfter(sq))
		}
		return f
	}
	if !l.needChases {
		return f
	}
	l.threats = l.mr.Chases(before, m, l.threats[:0])
	l.threats = l.filterThreats(before, after, m, l.threats)
	for i := range l.threats {
		t := &l.threats[i]
		f.victims |= bit(idAfter(t.Target))
		for _, a := range t.Attackers {
			f.chasers |= bit(idAfter(a.Square))
		}
	}
	f.chase = len(l.threats) > 0
	f.threats = l.threats
	return f
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
func (l *layer) count(mover xiangqi.Color, before *xiangqi.Position, m xiangqi.Move, capture, inCheck bool, f *facts) {
	st := &l.st
	pawnForward := false
	if pc := before.At(m.From()); pc.Kind() == xiangqi.Pawn {
		dr := m.To().Rank() - m.From().Rank()
		pawnForward = (pc.Color() == xiangqi.Red && dr > 0) || (pc.Color() == xiangqi.Black && dr < 0)
	}
	if capture || pawnForward {
		st.progress = 0
	} else {
		st.progress++
	}
	prevChase := st.lastChase
	st.lastChase = f.chase
	if capture {
		st.natural, st.checks = 0, [2]int{}
		return
	}
	switch l.cfg.naturalCounting {
	case "checks_capped":
		if f.check && l.cfg.countedChecks > 0 {
			st.checks[mover]++
			if st.checks[mover] > l.cfg.countedChecks {
				return
			}
		}
	case "effective":
		if f.check || f.chase || inCheck || prevChase {
			return
		}
	}
	st.natural++
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
