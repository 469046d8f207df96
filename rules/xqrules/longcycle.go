package xqrules

import (
	"fmt"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/xiangqi"
)

// MaxCyclePlies is the longest repetition cycle a ruleset classifies move by move; a
// longer one is judged by JudgeLongCycle. It bounds the work of one judgement, and so
// of one move of a game: a ruleset classifies at most MaxCyclePlies moves (the Asian
// ruleset looks back over at most two more cycles of the same length), each within the
// ruleset's own per-move budget.
//
// Why 120: a cycle has no capture in it (a capture changes the material, so no later
// position equals an earlier one), and under the default natural move limit (60 moves,
// 120 plies without a capture) a longer cycle cannot close before the game is drawn,
// unless checks beyond the check-count limit stretch the window, and checks are exactly
// what a long cycle is still judged on. In the 31,049 games of the CCPD database the
// longest of 40,830 repetition cycles has 42 plies (99.9% have at most 20).
const MaxCyclePlies = 120

// LongCycleReference is the reference a ruleset adds to the ruling of a cycle judged
// by JudgeLongCycle.
var LongCycleReference = fmt.Sprintf("arbiter: a cycle over %d plies is judged on its checks only (interpretation)", MaxCyclePlies)

// JudgeLongCycle judges a cycle longer than MaxCyclePlies (the moves start..end-1 of g)
// by the one nature that needs no search: a move that gives check (将) is a check, and
// every other move counts as idle (闲) without being classified further. The ruling is
// the rule both rulebooks share: a side that checks on every move of the cycle while
// the other does not must change (unilateral perpetual check, 长将); otherwise the
// repetition is a draw. A chase or mate threat is never found in such a cycle, so a
// side is never ruled against for one: the conservative reading when the cycle is too
// long to classify in full. The ruleset adds its references. Its cost is a few
// operations per move, from the replay records.
func JudgeLongCycle(g *xiangqi.Game, start, end int) Judgement {
	var j Judgement
	if g == nil || start < 0 || end > g.Len() || start >= end {
		return j
	}
	note := fmt.Sprintf("not classified beyond check: the cycle has %d plies, more than the %d classified move by move; counted as idle",
		end-start, MaxCyclePlies)
	// The side to move at start, from the parity of start (no replay).
	side := g.Start().SideToMove()
	if start%2 == 1 {
		side = side.Other()
	}
	// The moves share their All lists and notes: a long cycle costs a few words per move.
	idle, check := []arbiter.Nature{arbiter.NatureIdle}, []arbiter.Nature{arbiter.NatureCheck}
	j.Plies = make([]PlyNature, end-start)
	for c := range j.Sides {
		n := (end - start + 1) / 2
		j.Sides[c].Plies, j.Sides[c].Natures = make([]int, 0, n), make([]arbiter.Nature, 0, n)
	}
	for i := start; i < end; i++ {
		pn := &j.Plies[i-start]
		*pn = PlyNature{Ply: i, Nature: arbiter.NatureIdle, All: idle[:1:1], Note: note}
		if g.Ply(i).Check {
			*pn = PlyNature{Ply: i, Nature: arbiter.NatureCheck, All: check[:1:1], Note: "gives check (将)"}
		}
		sp := &j.Sides[side]
		sp.Plies = append(sp.Plies, i)
		sp.Natures = append(sp.Natures, pn.Nature)
		side = side.Other()
	}
	var checks [2]bool
	for _, c := range []xiangqi.Color{xiangqi.Red, xiangqi.Black} {
		sp := &j.Sides[c]
		sp.Side = c
		sp.Pattern = arbiter.PatternName(sp.Natures)
		checks[c] = len(sp.Natures) > 0 && arbiter.AllSame(sp.Natures) && sp.Natures[0] == arbiter.NatureCheck
		sp.Forbidden = checks[c]
	}
	long := fmt.Sprintf("The cycle has %d plies, more than the %d classified move by move, so only checks are read. ", end-start, MaxCyclePlies)
	switch {
	case checks[xiangqi.Red] && !checks[xiangqi.Black]:
		j.Ruling = arbiter.Ruling{Verdict: arbiter.VerdictRedMustChange, Explanation: long + "Red checks on every move (长将) and Black does not: Red must change."}
	case checks[xiangqi.Black] && !checks[xiangqi.Red]:
		j.Ruling = arbiter.Ruling{Verdict: arbiter.VerdictBlackMustChange, Explanation: long + "Black checks on every move (长将) and Red does not: Black must change."}
	case checks[xiangqi.Red]:
		j.Ruling = arbiter.Ruling{Verdict: arbiter.VerdictDraw, Explanation: long + "Both sides check on every move: neither alone checks perpetually, so the repetition is a draw."}
	default:
		j.Ruling = arbiter.Ruling{Verdict: arbiter.VerdictDraw, Explanation: long + "Neither side checks on every move, so the repetition is a draw."}
	}
	return j
}
