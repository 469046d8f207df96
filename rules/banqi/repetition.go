package banqi

import (
	"fmt"

	"github.com/arbiter-xq/arbiter/arbiter"
	bq "github.com/arbiter-xq/arbiter/banqi"
)

// SidePattern is one side's half of a repetition cycle (§6.3).
type SidePattern struct {
	Side bq.Color
	// Plies and Attacks count the side's plies in the cycle and how many of them attack.
	Plies, Attacks int
	// Perpetual is true when the side has plies in the cycle and every one attacks.
	Perpetual bool
	// Pattern names it: "perpetual attack" (長攻), "attack and idle", "idle".
	Pattern string
}

// Cycle is a repetition (k ≥ 2) and its ruling (§6.1, §6.3, §6.4).
type Cycle struct {
	// Start and End delimit the cycle's plies (0-based indices Start..End-1): the
	// position after Start plies recurs after End plies.
	Start, End int
	// Occurrence is k under the ruleset's repetition_counting.
	Occurrence int
	Sides      [2]SidePattern // [0] Red, [1] Black
	Verdict    arbiter.Verdict
	// Explanation gives the ruling in words.
	Explanation string
}

// occurrence returns k for the current position of s.game under the ruleset's counting,
// and the start of the latest cycle (-1 when k = 1).
func (s *Session) occurrence() (k, prev int) {
	g := s.game
	prev = g.PreviousOccurrence()
	if prev < 0 {
		return 1, -1
	}
	if s.rs.Policy.Counting == CountOccurrences {
		return g.Occurrence(), prev
	}
	// consecutive_cycles (the NTU course referee, §6.4): k counts the identical cycles
	// of L plies played in a row at the end of the window, the latest one included. The
	// first time a position recurs the cycle has been played once (k = 1), so with
	// draw_at_occurrence=3 a 4-ply cycle draws at ply 12, as the referee does, not at
	// ply 8 (the position's third occurrence).
	n := g.Len()
	L := n - prev
	k = 1
	for j := prev; j-L >= g.WindowStart() && g.HashAt(j-L) == g.HashAt(n); j -= L {
		same := true
		for i := 0; i < L; i++ {
			if g.Ply(j-L+i).Move != g.Ply(j+i).Move {
				same = false
				break
			}
		}
		if !same {
			break
		}
		k++
	}
	return k, prev
}

// thresholdText names the occurrence at which a policy fires ("3rd occurrence", or
// under consecutive_cycles "3rd time the cycle is played").
func (s *Session) thresholdText(k int) string {
	if s.rs.Policy.Counting == CountConsecutiveCycles {
		return arbiter.Ordinal(k) + " time the cycle is played"
	}
	return arbiter.Ordinal(k) + " occurrence"
}

// repeatText says what a refused ply would do ("repeat the position a third time").
func (s *Session) repeatText(k int) string {
	if s.rs.Policy.Counting == CountConsecutiveCycles {
		return "play the cycle a " + arbiter.Ordinal(k) + " time in a row"
	}
	return "repeat the position a " + arbiter.Ordinal(k) + " time"
}

// occurrenceText says what k counts under the ruleset's repetition_counting.
func (s *Session) occurrenceText(k, plies int) string {
	if s.rs.Policy.Counting == CountConsecutiveCycles {
		return fmt.Sprintf("the same %d-ply cycle has been played %s in a row", plies, times(k))
	}
	return fmt.Sprintf("the position has occurred %d times", k)
}

func times(k int) string {
	switch k {
	case 1:
		return "once"
	case 2:
		return "twice"
	}
	return fmt.Sprintf("%d times", k)
}

// cycle builds the cycle of plies prev..n-1 at occurrence k and rules on it.
func (s *Session) cycle(prev, n, k int) *Cycle {
	c := &Cycle{Start: prev, End: n, Occurrence: k}
	for _, side := range []bq.Color{bq.Red, bq.Black} {
		sp := &c.Sides[side-1]
		sp.Side = side
		sp.Plies = int(s.count[n][side-1].plies - s.count[prev][side-1].plies)
		sp.Attacks = int(s.count[n][side-1].attacks - s.count[prev][side-1].attacks)
		sp.Perpetual = sp.Plies > 0 && sp.Attacks == sp.Plies
		switch {
		case sp.Perpetual:
			sp.Pattern = "perpetual attack (長攻)"
		case sp.Attacks > 0:
			sp.Pattern = "attack and idle (攻閑)"
		default:
			sp.Pattern = "idle (閑)"
		}
	}
	red, black := c.Sides[0].Perpetual, c.Sides[1].Perpetual
	switch s.rs.Policy.Repetition {
	case RepetitionAllowed:
		c.Verdict = arbiter.VerdictDraw
		c.Explanation = fmt.Sprintf("repetition is allowed (repetition=allowed, §6.4): %s; the %s is a draw", s.occurrenceText(k, n-prev), s.thresholdText(s.rs.Policy.DrawAtOccurrence))
	case RepetitionForbidden:
		// §6.3: exactly one perpetual attacker must change; both or neither: draw.
		switch {
		case red && !black:
			c.Verdict = arbiter.VerdictRedMustChange
			c.Explanation = fmt.Sprintf("Red attacks with every ply of the cycle (%d of %d), Black does not: Red must change (perpetual attack, §6.3)", c.Sides[0].Attacks, c.Sides[0].Plies)
		case black && !red:
			c.Verdict = arbiter.VerdictBlackMustChange
			c.Explanation = fmt.Sprintf("Black attacks with every ply of the cycle (%d of %d), Red does not: Black must change (perpetual attack, §6.3)", c.Sides[1].Attacks, c.Sides[1].Plies)
		case red && black:
			c.Verdict = arbiter.VerdictDraw
			c.Explanation = "both sides attack with every ply of the cycle: draw (§6.3)"
		default:
			c.Verdict = arbiter.VerdictDraw
			c.Explanation = "neither side attacks with every ply of the cycle: draw (§6.3)"
		}
	}
	return c
}
