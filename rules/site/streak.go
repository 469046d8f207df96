package site

import (
	"fmt"
	"strings"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/rules/xqrules"
	"github.com/arbiter-xq/arbiter/xiangqi"
)

// streaks updates the mover's streaks with its move (spec of the layer: docs/rules/site-rules.md,
// "Streak counters"). The chase and mixed streaks take the move as pending (see
// resolve); a check ends a chase streak at once.
func (l *layer) streaks(mover xiangqi.Color, ply int, capture, inCheck bool) {
	cfg := &l.cfg
	// Under in_check_moves=skip a move made in check is transparent to the streaks:
	// even a capture made in check does not end them.
	if capture && !(inCheck && cfg.inCheck == "skip") {
		switch cfg.streakReset {
		case "any_capture":
			l.st.streaks = [2]sideStreaks{}
			l.st.pend = [2][2]pending{}
		case "own_capture":
			l.st.streaks[mover] = sideStreaks{}
			l.st.pend[mover] = [2]pending{}
		}
	}
	ss := &l.st.streaks[mover]
	if inCheck {
		switch cfg.inCheck {
		case "skip":
			return
		case "reset":
			*ss = sideStreaks{}
			l.st.pend[mover] = [2]pending{}
			return
		}
	}
	r := &l.hist[ply]
	if cfg.checkCaps.on() {
		f := facts{check: r.check, checkers: r.checkers, moved: r.moved}
		st := &ss.check
		switch {
		case !f.check:
			*st = streak{}
		case st.count == 0 || (cfg.streakPieces == "same_set" && st.set != f.checkers):
			*st = streak{count: 1, first: ply, pieces: l.pieces(&f, f.checkers), set: f.checkers}
		default:
			st.count++
			st.pieces |= l.pieces(&f, f.checkers)
		}
	}
	if cfg.chaseCaps.on() {
		p := &l.st.pend[mover][0]
		if r.check { // a check has no chase: the streak ends
			ss.chase, *p = streak{}, pending{}
		} else {
			if p.n == 0 {
				p.from = ply
			}
			p.n++
		}
	}
	if cfg.mixedCaps.on() {
		p := &l.st.pend[mover][1]
		if p.n == 0 {
			p.from = ply
		}
		p.n++
	}
	if l.eager {
		l.resolve(mover)
	}
}

// resolve applies the side's pending chase and mixed moves once the streak could have
// reached its smallest cap (its count plus the pending moves): below it, no report or
// violation can arise, whatever the moves were. It reads the pending moves newest
// first and stops at the first that breaks the streak (no chase; for the mixed streak,
// neither check nor chase), from which the streak starts again at zero, then applies
// the moves after it in order, exactly as reading every move would.
func (l *layer) resolve(side xiangqi.Color) {
	cfg := &l.cfg
	ss := &l.st.streaks[side]
	for k := range 2 {
		p := &l.st.pend[side][k]
		if p.n == 0 {
			continue
		}
		st, min := &ss.chase, cfg.chaseCaps[0]
		if k == 1 {
			st, min = &ss.mixed, cfg.mixedCaps[0]
		}
		if !l.eager && st.count+p.n < min {
			continue
		}
		breaks := func(r *plyRec) bool {
			if k == 1 {
				return !r.check && !r.chase
			}
			return !r.chase
		}
		parity := p.from % 2
		zero, prev := -1, -1
		l.readPlies(p.from, func(j int) int {
			if prev >= 0 && breaks(&l.hist[prev]) {
				zero = prev
				return stopIt
			}
			if j%2 != parity || l.hist[j].skip {
				return skipIt
			}
			prev = j
			return readIt
		})
		if zero < 0 && prev >= 0 && breaks(&l.hist[prev]) {
			zero = prev
		}
		from := p.from
		if zero >= 0 {
			*st = streak{}
			from = zero + 2
		}
		for j := from; j < len(l.hist); j += 2 {
			r := &l.hist[j]
			if r.skip {
				continue
			}
			f := facts{check: r.check, checkers: r.checkers, chase: r.chase, victims: r.victims, chasers: r.chasers, moved: r.moved}
			if k == 0 {
				l.stepChase(st, j, &f)
			} else {
				l.stepMixed(st, j, &f)
			}
		}
		*p = pending{}
	}
}

func (l *layer) stepChase(st *streak, ply int, f *facts) {
	switch {
	case !f.chase:
		*st = streak{}
	case st.count == 0 || (!l.cfg.chaseTargetAny && st.victims&f.victims == 0):
		*st = streak{count: 1, first: ply, pieces: l.pieces(f, f.chasers), victims: f.victims}
	default:
		st.count++
		st.pieces |= l.pieces(f, f.chasers)
		if !l.cfg.chaseTargetAny {
			st.victims &= f.victims
		}
	}
}

func (l *layer) stepMixed(st *streak, ply int, f *facts) {
	switch {
	case !f.check && !f.chase:
		*st = streak{}
	case st.count == 0:
		*st = streak{count: 1, first: ply, pieces: l.pieces(f, f.checkers|f.chasers), check: f.check, chase: f.chase}
	default:
		st.count++
		st.pieces |= l.pieces(f, f.checkers|f.chasers)
		st.check = st.check || f.check
		st.chase = st.chase || f.chase
	}
}

// pieces is what a move adds to a streak's pieces: the attacking pieces, or the moved
// one (streak_pieces=moving).
func (l *layer) pieces(f *facts, attackers uint32) uint32 {
	if l.cfg.streakPieces == "moving" {
		return f.moved
	}
	return attackers
}

// streakState is a streak of one side of one kind, read against its cap.
type streakState struct {
	kind  string // "check", "chase", "mixed"
	st    streak
	cap   int
	count int
}

func (v *streakState) termination() arbiter.Termination {
	switch v.kind {
	case "check":
		return arbiter.TerminationPerpetualCheck
	case "chase":
		return arbiter.TerminationPerpetualChase
	}
	return arbiter.TerminationCombinedAttack
}

// capOf returns the cap that applies to a streak of kind.
func (l *layer) capOf(kind string, st *streak) int {
	var cs caps
	switch kind {
	case "check":
		cs = l.cfg.checkCaps
	case "chase":
		cs = l.cfg.chaseCaps
	default:
		cs = l.cfg.mixedCaps
		if !st.check || !st.chase {
			return 0 // a mixed streak is capped once it holds both kinds
		}
	}
	if !cs.on() {
		return 0
	}
	switch l.cfg.streakPieces {
	case "first_cap":
		return cs[0]
	case "same_set":
		return cs.cap(popcount(st.set))
	}
	return cs.cap(popcount(st.pieces))
}

// each calls fn for the side's streaks with a cap, check first.
func (l *layer) each(side xiangqi.Color, fn func(v *streakState) bool) *streakState {
	l.resolve(side)
	ss := &l.st.streaks[side]
	for _, k := range [3]struct {
		kind string
		st   *streak
	}{{"check", &ss.check}, {"chase", &ss.chase}, {"mixed", &ss.mixed}} {
		if k.st.count == 0 {
			continue
		}
		c := l.capOf(k.kind, k.st)
		if c == 0 {
			continue
		}
		v := &streakState{kind: k.kind, st: *k.st, cap: c, count: k.st.count}
		if fn(v) {
			return v
		}
	}
	return nil
}

// violation returns the mover's streak that its move made violate, if any.
func (l *layer) violation(side xiangqi.Color) *streakState {
	return l.each(side, func(v *streakState) bool {
		if l.cfg.atCap {
			return v.count >= v.cap
		}
		return v.count > v.cap
	})
}

// atCap returns a streak of side standing at its cap (above_cap): its next move
// continuing it violates.
func (l *layer) atCap(side xiangqi.Color) *streakState {
	if l.cfg.atCap {
		return nil
	}
	return l.each(side, func(v *streakState) bool { return v.count == v.cap })
}

var kindWords = map[string][2]string{
	"check": {"check", "checks"},
	"chase": {"chase", "chases"},
	"mixed": {"check or chase", "checks and chases"},
}

// streakCycle reports a streak at or over its cap the way a cycle's ruling is reported:
// the plies of the streak, the side that must change, its pattern, and the ruling in
// words citing the site's rule. violating is true for the move that violates.
func (l *layer) streakCycle(side xiangqi.Color, ply int, v *streakState, violating bool) *xqrules.Cycle {
	fv := l.facts(ply)
	f := &fv
	nature := arbiter.NatureCheck
	switch v.kind {
	case "chase":
		nature = arbiter.NatureChase
	case "mixed":
		nature = arbiter.NatureCheck
		if !f.check && f.chase {
			nature = arbiter.NatureChase
		}
	}
	natures := make([]arbiter.Nature, v.count)
	for i := range natures {
		natures[i] = nature
	}
	if v.kind == "mixed" && len(natures) > 1 {
		natures[0] = arbiter.NatureCheck
		natures[1] = arbiter.NatureChase
	}
	c := &xqrules.Cycle{Start: v.st.first, End: ply + 1, Occurrence: 1}
	if violating {
		pn := xqrules.PlyNature{Ply: ply, Nature: nature, All: []arbiter.Nature{nature}, Threats: append([]xqrules.Threat(nil), f.threats...)}
		c.Plies = []xqrules.PlyNature{pn}
	}
	pieces := popcount(v.st.pieces)
	if l.cfg.streakPieces == "same_set" {
		pieces = popcount(v.st.set)
	}
	w := kindWords[v.kind]
	pattern := fmt.Sprintf("%d consecutive %s (%s streak, cap %d)", v.count, w[1], v.kind, v.cap)
	sp := &c.Sides[side]
	sp.Side, sp.Pattern, sp.Natures, sp.Forbidden = side, pattern, natures, true
	c.Sides[side.Other()].Side = side.Other()
	c.Sides[side.Other()].Pattern = "-"
	first, last := v.st.first/2+1, ply/2+1
	var b strings.Builder
	pieceText := "one piece"
	switch {
	case l.cfg.streakPieces == "first_cap":
		pieceText = "the one-piece cap"
	case pieces == 2:
		pieceText = "two pieces"
	case pieces > 2:
		pieceText = fmt.Sprintf("%d pieces", pieces)
	}
	sanction := "the move is refused"
	if l.cfg.streakSanction() == arbiter.ViolationLose {
		sanction = side.String() + " loses"
	}
	if violating {
		fmt.Fprintf(&b, "%s's %s consecutive %s (moves %d-%d, %s) ", upper(side.String()), arbiter.Ordinal(v.count), w[0], first, last, pieceText)
		if l.cfg.atCap {
			fmt.Fprintf(&b, "reaches %s's cap of %d rounds (%s): %s.", l.r.def.name, v.cap, l.r.def.clause(v.kind), sanction)
		} else {
			fmt.Fprintf(&b, "exceeds %s's cap of %d rounds (%s): %s.", l.r.def.name, v.cap, l.r.def.clause(v.kind), sanction)
		}
	} else {
		fmt.Fprintf(&b, "%s has made %d consecutive %s (moves %d-%d, %s), %s's cap (%s): %s must change; its next move continuing the streak is a violation (%s).",
			upper(side.String()), v.count, w[1], first, last, pieceText, l.r.def.name, l.r.def.clause(v.kind), side, sanction)
	}
	c.Ruling = arbiter.Ruling{Verdict: xqrules.MustChange(side), References: []string{l.r.def.clause(v.kind)}, Explanation: b.String()}
	return c
}

func upper(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
