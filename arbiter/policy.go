package arbiter

import "fmt"

// OnViolation says what happens when a side that must change repeats anyway.
type OnViolation uint8

// Violation handling.
const (
	// ViolationLose: the violator loses at the loss occurrence (the default).
	ViolationLose OnViolation = iota + 1
	// ViolationForbid: the move that would complete the violating occurrence is refused
	// ("you must change your move") and the game goes on.
	ViolationForbid
)

// Policy is a site's or tournament's house policy around the rulesets.
type Policy struct {
	// LossAtOccurrence is the occurrence of a position at which a must-change ruling
	// against a side that did not change becomes a loss (or, under ViolationForbid, the
	// violating move is refused). Before it the ruling is a warning. Default 3. It counts
	// occurrences of the position, not violating cycles: when a side varies within the
	// repetition, the cycle ruled at the loss occurrence may be its first violating one.
	LossAtOccurrence int
	// OnViolation: ViolationLose (default) or ViolationForbid.
	OnViolation OnViolation
	// DrawAtOccurrence is the occurrence at which an allowed repetition (a draw ruling)
	// ends the game in a draw. Default 3.
	DrawAtOccurrence int
	// NaturalMoveLimit is the number of moves (pairs of plies) without a capture after
	// which the game is drawn: 0 means the default of 60, -1 turns the limit off. At most
	// MaxNaturalMoveLimit.
	NaturalMoveLimit int
	// CheckCountLimit: in the natural-move window, each side's checks beyond this many
	// do not advance the counter (CXA 2020 practice). Default 10; -1 turns the check
	// counting rule off (every ply counts).
	CheckCountLimit int
	// NoDrawBeforeMove forbids draws by repetition before this move number (tournament
	// regulation): a repetition that would be a draw earlier is not allowed and the
	// side that moved first in the game must change. 0 = off.
	NoDrawBeforeMove int
}

// MaxNaturalMoveLimit is the largest natural move limit a policy may set: 1,000 moves
// (2,000 plies), more than sixteen times the rulebooks' 60 and half the service's
// default history limit. The limit bounds the capture-free stretch in which a
// repetition is searched and a long cycle is read (JudgeLongCycle), and so the work of
// one move; the longest capture-free stretch in the 31,049 CCPD games has 197 plies.
// -1 (no limit) remains for research runs over whole records: the work of one move is
// then bounded by MaxCyclePlies and the history length.
const MaxNaturalMoveLimit = 1000

// MaxCheckCountLimit is the largest Policy.CheckCountLimit.
const MaxCheckCountLimit = 10000

// DefaultPolicy returns the house policy's defaults (README.md, policy flags).
func DefaultPolicy() Policy {
	return Policy{LossAtOccurrence: 3, OnViolation: ViolationLose, DrawAtOccurrence: 3, NaturalMoveLimit: 60, CheckCountLimit: 10}
}

// PolicyError reports a policy field out of range.
type PolicyError struct {
	Field, Reason string
}

func (e *PolicyError) Error() string { return "policy." + e.Field + ": " + e.Reason }

// Normalize fills zero fields with the defaults and checks the ranges.
func (p Policy) Normalize() (Policy, error) {
	d := DefaultPolicy()
	if p.LossAtOccurrence == 0 {
		p.LossAtOccurrence = d.LossAtOccurrence
	}
	if p.OnViolation == 0 {
		p.OnViolation = d.OnViolation
	}
	if p.DrawAtOccurrence == 0 {
		p.DrawAtOccurrence = d.DrawAtOccurrence
	}
	if p.NaturalMoveLimit == 0 {
		p.NaturalMoveLimit = d.NaturalMoveLimit
	}
	if p.CheckCountLimit == 0 {
		p.CheckCountLimit = d.CheckCountLimit
	}
	switch {
	case p.LossAtOccurrence < 2 || p.LossAtOccurrence > 100:
		return p, &PolicyError{"loss_at_occurrence", fmt.Sprintf("%d is outside 2..100", p.LossAtOccurrence)}
	case p.DrawAtOccurrence < 2 || p.DrawAtOccurrence > 100:
		return p, &PolicyError{"draw_at_occurrence", fmt.Sprintf("%d is outside 2..100", p.DrawAtOccurrence)}
	case p.OnViolation != ViolationLose && p.OnViolation != ViolationForbid:
		return p, &PolicyError{"on_violation", "must be lose or forbid"}
	case p.NaturalMoveLimit < -1 || p.NaturalMoveLimit > MaxNaturalMoveLimit:
		return p, &PolicyError{"natural_move_limit", fmt.Sprintf("%d is outside 1..%d (or -1 for off)", p.NaturalMoveLimit, MaxNaturalMoveLimit)}
	case p.CheckCountLimit < -1 || p.CheckCountLimit > MaxCheckCountLimit:
		return p, &PolicyError{"check_count_limit", fmt.Sprintf("%d is outside 1..%d (or -1 for off)", p.CheckCountLimit, MaxCheckCountLimit)}
	case p.NoDrawBeforeMove < 0 || p.NoDrawBeforeMove > 10000:
		return p, &PolicyError{"no_draw_before_move", fmt.Sprintf("%d is outside 0..10000", p.NoDrawBeforeMove)}
	}
	return p, nil
}
