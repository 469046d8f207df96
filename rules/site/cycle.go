package site

import (
	"context"
	"fmt"
	"strings"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/rules/xqrules"
	"github.com/arbiter-xq/arbiter/xiangqi"
)

// ruleCycle rules the repetition cycle the last move closed (plies prev..Len-1) under
// cycle_rule, occ being the occurrence it makes. mutual reports a mutual perpetual
// check or chase ruled a draw (mutual_draw_at applies to it).
func (l *layer) ruleCycle(ctx context.Context, s *xqrules.Session, prev, occ int) (*xqrules.Cycle, bool, error) {
	g := s.Game()
	if l.cfg.cycleRule == "fsf" {
		c, mutual := l.fsf.rule(g, prev, occ, l.r.def.clause("cycle"))
		return c, mutual, nil
	}
	j, err := s.CycleJudge().JudgeCycle(ctx, g, prev, g.Len())
	if err != nil {
		return nil, false, err
	}
	c := &xqrules.Cycle{Start: prev, End: g.Len(), Occurrence: occ, Judgement: j}
	changed := l.refilter(g, c)
	var decided []string // the site's clauses that changed the Asian table's reading
	forb := [2]bool{c.Sides[0].Forbidden, c.Sides[1].Forbidden}
	switch l.cfg.cycleRule {
	case "check_only":
		for side := range forb {
			forb[side] = len(c.Sides[side].Natures) > 0 && allOf(c.Sides[side].Natures, arbiter.NatureCheck)
			c.Sides[side].Forbidden = forb[side]
		}
		changed = true
	case "tiantian":
		if decided = l.tiantian(g, c, &forb); len(decided) > 0 {
			changed = true
		}
	}
	v, mutual := l.decide(c, forb)
	if !changed && v == j.Ruling.Verdict && l.cfg.cycleRule == "asian" {
		return c, mutual, nil // the Asian ruling as the judge wrote it
	}
	if v != j.Ruling.Verdict || changed {
		c.Ruling = l.rewrite(c, v, mutual, j.Ruling, decided)
	}
	return c, mutual, nil
}

// decide applies the decision table to the sides' violations: one violator must
// change; both: check_over_chase, then mutual_violation. The second result reports a
// mutual perpetual check or a mutual perpetual chase ruled a draw, the draws that
// mutual_draw_at counts (T-4, T-5); other violations by both sides (a check against a
// chase without check_over_chase, or patterns a site's clauses hold) draw as any
// allowed cycle does.
func (l *layer) decide(c *xqrules.Cycle, forb [2]bool) (arbiter.Verdict, bool) {
	r, b := forb[xiangqi.Red], forb[xiangqi.Black]
	switch {
	case r && b:
		red, black := c.Sides[xiangqi.Red].Natures, c.Sides[xiangqi.Black].Natures
		rc, bc := allOf(red, arbiter.NatureCheck), allOf(black, arbiter.NatureCheck)
		if l.cfg.checkOverChase && rc != bc {
			if rc {
				return arbiter.VerdictRedMustChange, false
			}
			return arbiter.VerdictBlackMustChange, false
		}
		if l.cfg.mutualRedChanges {
			return arbiter.VerdictRedMustChange, false
		}
		alike := (rc && bc) || (allOf(red, arbiter.NatureChase) && allOf(black, arbiter.NatureChase))
		return arbiter.VerdictDraw, alike
	case r:
		return arbiter.VerdictRedMustChange, false
	case b:
		return arbiter.VerdictBlackMustChange, false
	}
	return arbiter.VerdictDraw, false
}

// rewrite writes the ruling v of the site on the cycle, after the judge's; decided
// names the site's clauses that changed the Asian reading ("T-12"), cited with its
// cycle clause.
func (l *layer) rewrite(c *xqrules.Cycle, v arbiter.Verdict, mutual bool, asian arbiter.Ruling, decided []string) arbiter.Ruling {
	clause := l.r.def.clause("cycle")
	if len(decided) > 0 {
		clause += ", " + strings.Join(decided, ", ")
	}
	refs := append([]string{clause}, asian.References...)
	var why string
	switch side, ok := xqrules.Violator(v); {
	case ok:
		why = fmt.Sprintf("%s must change: %s (%s) violates under %s (%s).", upper(side.String()), c.Sides[side].Pattern,
			arbiter.PatternChinese(c.Sides[side].Natures), l.r.def.name, clause)
	case mutual:
		why = fmt.Sprintf("Both sides violate alike (red: %s; black: %s): a draw under %s (%s).", c.Sides[xiangqi.Red].Pattern,
			c.Sides[xiangqi.Black].Pattern, l.r.def.name, l.r.def.clause("mutual"))
	case c.Sides[xiangqi.Red].Forbidden && c.Sides[xiangqi.Black].Forbidden:
		why = fmt.Sprintf("Both sides violate, not alike (red: %s; black: %s): neither is held under %s, and the repetition counts as an allowed one.",
			c.Sides[xiangqi.Red].Pattern, c.Sides[xiangqi.Black].Pattern, l.r.def.name)
	default:
		why = fmt.Sprintf("Neither side violates under %s (red: %s; black: %s): the repetition is allowed.", l.r.def.name,
			c.Sides[xiangqi.Red].Pattern, c.Sides[xiangqi.Black].Pattern)
	}
	if asian.Explanation != "" && asian.Verdict != v {
		why += " (The Asian rules alone: " + xqrules.RulingSummary(asian.Explanation) + ")"
	}
	return arbiter.Ruling{Verdict: v, References: refs, Explanation: why}
}

// refilter applies chase_value_rule, counter_capture_exclusion and
// king_cut_protection to the natures of the cycle's moves: a chase left without a
// threat is idle, and a side whose pattern was a perpetual chase stays forbidden only
// if every one of its moves still chases. It reports whether anything changed.
func (l *layer) refilter(g *xiangqi.Game, c *xqrules.Cycle) bool {
	if l.cfg.chaseValueRule && !l.cfg.counterCaptureAny && !l.cfg.kingCutIgnore {
		return false
	}
	changed := false
	for i := range c.Plies {
		pn := &c.Plies[i]
		if pn.Nature != arbiter.NatureChase || pn.Ply < 0 || pn.Ply >= g.Len() {
			continue
		}
		before, after := g.PositionAt(pn.Ply), g.PositionAt(pn.Ply+1)
		n := len(pn.Threats)
		kept := l.filterThreats(&before, &after, g.Ply(pn.Ply).Move, append([]xqrules.Threat(nil), pn.Threats...))
		if len(kept) == n {
			continue
		}
		changed = true
		pn.Threats = kept
		if len(kept) == 0 {
			pn.Nature = arbiter.NatureIdle
			pn.Note += " (no chase under this site's rules)"
		}
	}
	if !changed {
		return false
	}
	for side := range c.Sides {
		sp := &c.Sides[side]
		for k, ply := range sp.Plies {
			for i := range c.Plies {
				if c.Plies[i].Ply == ply && k < len(sp.Natures) {
					sp.Natures[k] = c.Plies[i].Nature
				}
			}
		}
		if sp.Forbidden && !allOf(sp.Natures, arbiter.NatureCheck) && !allOf(sp.Natures, arbiter.NatureChase) {
			sp.Forbidden = false
			sp.Pattern += " (not a perpetual chase under this site's rules)"
		}
	}
	return true
}

func allOf(ns []arbiter.Nature, n arbiter.Nature) bool {
	if len(ns) == 0 {
		return false
	}
	for _, x := range ns {
		if x != n {
			return false
		}
	}
	return true
}

// neutral reports whether a cycle holds no check and no chase (and so no answer to
// either): the only cycles draw_scope=neutral_only draws.
func neutral(c *xqrules.Cycle) bool {
	for side := range c.Sides {
		for _, n := range c.Sides[side].Natures {
			if n == arbiter.NatureCheck || n == arbiter.NatureChase {
				return false
			}
		}
	}
	return true
}

// tiantian applies TianTian's changes to the Asian table (docs/rules/site-rules.md,
// T-12, T-13, T-14, T-17; T-9 is check_over_chase) and returns the clauses that changed
// anything. T-12 (opened) comes first; then each side's half is read as: attacking on
// every move (check or chase, any victims), holding a check, holding a chase, and
// whether all its chases answer a check.
//
//   - T-14: a side chasing on every move (changing victims, which the Asian rules
//     allow) violates against a side that checks at least once and does not violate;
//   - T-13: a side that checks and chases on every move violates against a side that
//     does not attack on every move;
//   - T-17: when both sides check and chase on every move, a side whose chases all
//     answer checks does not violate: the other does.
func (l *layer) tiantian(g *xiangqi.Game, c *xqrules.Cycle, forb *[2]bool) []string {
	type half struct{ all, check, chase, chaseAll, chasesAnswer bool }
	var decided []string
	if l.opened(c, forb) {
		decided = append(decided, "T-12")
	}
	var h [2]half
	for side := range c.Sides {
		sp := &c.Sides[side]
		x := half{all: len(sp.Natures) > 0, chaseAll: len(sp.Natures) > 0, chasesAnswer: true}
		for k, n := range sp.Natures {
			switch n {
			case arbiter.NatureCheck:
				x.check = true
				x.chaseAll = false
			case arbiter.NatureChase:
				x.chase = true
				if k < len(sp.Plies) {
					if p := sp.Plies[k]; p == 0 || !g.Ply(p-1).Check {
						x.chasesAnswer = false
					}
				}
			default:
				x.all, x.chaseAll = false, false
			}
		}
		h[side] = x
	}
	for side := range h {
		me, other := h[side], h[1-side]
		var clause string
		switch {
		case forb[side]:
		case me.chaseAll && other.check && !forb[1-side]:
			clause = "T-14"
		case me.all && me.check && me.chase && !other.all:
			clause = "T-13"
		case me.all && me.check && me.chase && other.all && other.check && other.chase && other.chasesAnswer && !me.chasesAnswer:
			clause = "T-17"
		}
		if clause == "" {
			continue
		}
		forb[side] = true
		if !c.Sides[side].Forbidden {
			c.Sides[side].Forbidden = true
			c.Sides[side].Pattern += " (a violation under TianTian's rulings, " + clause + ")"
			decided = append(decided, clause)
		}
	}
	return decided
}

// opened applies T-12, who opened the exchange (docs/rules/site-rules.md, TianTian): in
// a cycle where one side (the chaser) is held for chasing one piece P on every move
// while P gives check in the cycle, and the other side has attacked only with P since
// the chase of P began, the side that opened the exchange must change. The chaser
// opened it when its chase of P (unbroken since it began, within the stretch since the
// last capture) began before P gave any check; when P checked in the checking side's
// unbroken run of attacking moves that led up to the chase, the chase answered that
// check and the checking side must change instead. With another attacking piece on the
// checking side the Asian ruling stands (several pieces: T-13).
//
// It reads the moves' own chases (the streaks' reader) back to the last capture, only
// for a cycle of that shape. It reports whether it changed anything.
func (l *layer) opened(c *xqrules.Cycle, forb *[2]bool) bool {
	for y := range c.Sides {
		x := 1 - y
		sy, sx := &c.Sides[y], &c.Sides[x]
		if !forb[y] || forb[x] || !allOf(sy.Natures, arbiter.NatureChase) || !hasNature(sx.Natures, arbiter.NatureCheck) {
			continue
		}
		lo := 0 // the first ply after the last capture
		for j := c.Start - 1; j >= 0; j-- {
			if l.hist[j].capture {
				lo = j + 1
				break
			}
		}
		l.readPlies(lo, func(int) int { return readIt })
		victims := ^uint32(0)
		for _, j := range sy.Plies {
			victims &= l.hist[j].victims
		}
		for p := victims; p != 0; p &= p - 1 {
			piece := p & -p
			if who, ok := l.openedBy(c, sy, sx, piece, lo); ok && who == sx.Side {
				forb[x], forb[y] = true, false
				sx.Forbidden, sy.Forbidden = true, false
				sx.Pattern += " (a violation under TianTian's rulings: its checking piece was chased only after it checked, T-12)"
				sy.Pattern += " (allowed under TianTian's rulings: the piece it chases checked first, T-12)"
				return true
			}
		}
	}
	return false
}

// openedBy tells which side opened the exchange around piece (an identity bit) of the
// side sx, chased on every move of sy in the cycle: ok is false when the checking side
// attacked with another piece since the chase began, or piece gave no check in the
// cycle.
func (l *layer) openedBy(c *xqrules.Cycle, sy, sx *xqrules.SidePattern, piece uint32, lo int) (xiangqi.Color, bool) {
	checks := false
	for _, j := range sx.Plies {
		if r := &l.hist[j]; r.check && r.checkers&piece != 0 {
			checks = true
		}
	}
	if !checks || len(sy.Plies) == 0 {
		return 0, false
	}
	// The chase of the piece began at the earliest of the chaser's moves, unbroken back
	// from the cycle, after which the piece stood attacked (a move that answers a check
	// and leaves the attack in place continues it).
	start := l.chaseStart(sy.Side, sy.Plies[0], piece, lo)
	// Since then the checking side attacked with the piece alone.
	for j := start + 1; j < c.End; j += 2 {
		r := &l.hist[j]
		if (r.check && r.checkers != piece) || (r.chase && r.chasers&^piece != 0) {
			return 0, false
		}
	}
	// Before it, in the checking side's unbroken run of attacking moves, did the piece
	// check?
	for j := start - 1; j >= lo; j -= 2 {
		r := &l.hist[j]
		if !r.check && !r.chase {
			break
		}
		if r.check && r.checkers&piece != 0 {
			return sx.Side, true // the piece checked first
		}
	}
	return sy.Side, true
}

// chaseStart returns the earliest ply of side y, from first back to lo in the same
// unbroken run, after which side y could take the piece (an identity bit) at once.
func (l *layer) chaseStart(y xiangqi.Color, first int, piece uint32, lo int) int {
	g := l.s.Game()
	p, ids := *g.Position(), l.ids
	start := first
	var buf [16]xiangqi.Square
	for walked := g.Len(); walked > lo; {
		walked--
		rec := g.Ply(walked)
		after, idsAfter := p, ids
		p.UnmakeMove(rec.Move, rec.Captured)
		from, to := rec.Move.From(), rec.Move.To()
		ids[from], ids[to] = ids[to], l.hist[walked].capID
		if walked >= first || (first-walked)%2 != 0 {
			continue
		}
		attacked := false
		for sq := xiangqi.Square(0); sq < xiangqi.NumSquares && !attacked; sq++ {
			if bit(idsAfter[sq]) != piece {
				continue
			}
			after.SetSideToMove(y)
			for _, a := range after.AppendAttackers(buf[:0], sq, y) {
				if after.IsLegal(xiangqi.NewMove(a, sq)) {
					attacked = true
					break
				}
			}
		}
		if !attacked {
			break
		}
		start = walked
	}
	return start
}

func hasNature(ns []arbiter.Nature, n arbiter.Nature) bool {
	for _, x := range ns {
		if x == n {
			return true
		}
	}
	return false
}
