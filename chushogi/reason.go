package chushogi

import "fmt"

// Reason is why a move is illegal (§10). Its Code is the stable snake_case name and
// its String the human wording.
type Reason uint8

// Reasons of §10.
const (
	ReasonMalformed            Reason = iota + 1 // not a chu USI move
	ReasonNoPiece                                // no piece on the start square
	ReasonNotYourPiece                           // the piece belongs to the opponent
	ReasonCannotReach                            // wrong pattern, blocked slide, from = to
	ReasonOwnPieceOnTarget                       // own piece on the destination or first-step square
	ReasonPromotionNotAllowed                    // may not promote on this move
	ReasonPromotionOnTwoStep                     // two-step moves cannot promote
	ReasonNotTwoStepPiece                        // no two-step move for this piece / direction
	ReasonBadSecondStep                          // second step not adjacent / off the line
	ReasonDistantProtectedLion                   // L2
	ReasonCounterStrike                          // L4
	ReasonRepeatsPosition                        // forbid_any_repeat
	ReasonGameOver                               // the game has already ended
	ReasonNoJitto                                // the ruleset allows no pass
)

var reasonCodes = [...]string{"", "malformed_move", "no_piece", "not_your_piece", "cannot_reach",
	"own_piece_on_target", "promotion_not_allowed", "promotion_on_two_step", "not_two_step_piece",
	"bad_second_step", "distant_protected_lion", "counter_strike", "repeats_position", "game_over",
	"no_jitto"}

var reasonTexts = [...]string{"", "not a chu USI move", "no piece on the start square",
	"that piece belongs to the opponent", "the piece cannot move there",
	"own piece on the destination or the first-step square", "may not promote on this move",
	"two-step moves cannot promote", "this piece cannot make a two-step move",
	"the second step is not allowed", "distant capture of a protected lion",
	"counter-strike: a non-lion may not capture a lion this ply", "repeats an earlier position",
	"the game has already ended", "passing (jitto) is not allowed"}

// Code returns the stable name, e.g. "distant_protected_lion".
func (r Reason) Code() string {
	if int(r) < len(reasonCodes) {
		return reasonCodes[r]
	}
	return "unknown"
}

// String returns the human wording, e.g. "distant capture of a protected lion".
func (r Reason) String() string {
	if int(r) < len(reasonTexts) {
		return reasonTexts[r]
	}
	return "unknown reason"
}

// IllegalMoveError says why a move is illegal in a position: the reason and, in
// Detail, the particulars a person needs (which protector, which square, ...).
type IllegalMoveError struct {
	Move   Move
	Reason Reason
	Detail string
}

func (e *IllegalMoveError) Error() string {
	if e.Detail == "" {
		return fmt.Sprintf("%s: %s", e.Move, e.Reason)
	}
	return fmt.Sprintf("%s: %s (%s)", e.Move, e.Reason, e.Detail)
}

func illegal(m Move, r Reason, format string, a ...any) *IllegalMoveError {
	d := format
	if len(a) > 0 {
		d = fmt.Sprintf(format, a...)
	}
	return &IllegalMoveError{Move: m, Reason: r, Detail: d}
}

// Reasons lists every reason, in the order of §10 (and no_jitto, the research option's).
func Reasons() []Reason {
	out := make([]Reason, 0, len(reasonCodes)-1)
	for r := ReasonMalformed; int(r) < len(reasonCodes); r++ {
		out = append(out, r)
	}
	return out
}
