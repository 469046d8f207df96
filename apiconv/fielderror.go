package apiconv

import (
	"errors"
	"fmt"
	"strings"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/notation"
	"github.com/arbiter-xq/arbiter/xiangqi"
)

// Machine-readable codes of a FieldError (google.rpc.ErrorInfo reasons in the service).
const (
	CodeInvalidFEN     = "INVALID_FEN"     // the start position cannot be read or is not a legal position
	CodeInvalidMove    = "INVALID_MOVE"    // a move text cannot be read in any notation
	CodeAmbiguousMove  = "AMBIGUOUS_MOVE"  // a move text fits more than one piece
	CodeIllegalMove    = "ILLEGAL_MOVE"    // a move reads fine but is not legal in its position
	CodeUnknownRuleset = "UNKNOWN_RULESET" // the ruleset id is not registered
	CodeInvalidPolicy  = "INVALID_POLICY"  // a policy field is out of range
	CodeTooLong        = "HISTORY_TOO_LONG"
	CodeInvalidOption  = "INVALID_RULESET_OPTION" // a ruleset option override is unknown or out of range
	CodeForbiddenMove  = "MOVE_FORBIDDEN"         // the policy refuses the move (on_violation forbid)
)

// FieldError is a problem with one field of a request. Field names the field the way
// the proto does, with 0-based indices for repeated fields: "fen", "moves[17]",
// "ruleset", "rulesets[1]", "policy.loss_at_occurrence".
type FieldError struct {
	Field  string
	Reason string
	// Code is one of the Code* constants.
	Code string
	// Err is the domain error behind it (*xiangqi.FENError, *xiangqi.MoveError,
	// *notation.Error, *arbiter.PolicyError, *arbiter.UnknownRulesetError), if any.
	Err error
}

func (e *FieldError) Error() string { return e.Field + ": " + e.Reason }

// Unwrap returns the domain error.
func (e *FieldError) Unwrap() error { return e.Err }

// ParseHistory reads a start position (empty = the standard start) and the moves played
// from it, each in any notation (detected per move), and checks that every move is
// legal. Errors are *FieldError naming "fen" or "moves[i]" (0-based).
func ParseHistory(fen string, moves []string) (xiangqi.Position, []xiangqi.Move, error) {
	return ParseHistoryAs(fen, moves, notation.Auto)
}

// ParseHistoryAs is ParseHistory with the moves' notation fixed (notation.Auto detects
// it per move).
func ParseHistoryAs(fen string, moves []string, n notation.Notation) (xiangqi.Position, []xiangqi.Move, error) {
	return ParseHistoryOptions(fen, moves, n, xiangqi.FENOptions{})
}

// ParseHistoryOptions is ParseHistoryAs with relaxed FEN validation options (the CLI's
// --relaxed-fen for databases with pieces on unreachable points).
func ParseHistoryOptions(fen string, moves []string, n notation.Notation, opts xiangqi.FENOptions) (xiangqi.Position, []xiangqi.Move, error) {
	start, err := xiangqi.ParseFENOptions(fen, opts)
	if err != nil {
		return start, nil, &FieldError{Field: "fen", Reason: err.Error(), Code: CodeInvalidFEN, Err: err}
	}
	out := make([]xiangqi.Move, len(moves))
	p := start
	for i, text := range moves {
		m, err := ParseMove(&p, i, text, n)
		if err != nil {
			return start, nil, err
		}
		out[i] = m
		black := p.SideToMove() == xiangqi.Black
		p.MakeMove(m)
		if black {
			p.Fullmove++ // MakeMove leaves the counters alone; messages number moves by it
		}
	}
	return start, out, nil
}

// MoveNumber is the number of the move played from p as the ply-th move (0-based) of a
// history: p's move counter, which counts from the start FEN's (Red's move and Black's
// reply share a number; the 7th ply from the standard start is move 4, a history
// starting with Black to move at "b - - 0 7" begins with move 7 and goes on with Red's
// move 8). p must carry the counter (xiangqi.Game keeps it; Position.MakeMove does not).
func MoveNumber(p *xiangqi.Position, ply int) int {
	if p.Fullmove > 0 {
		return p.Fullmove
	}
	return ply/2 + 1
}

// ParseMove reads the move text played as the ply-th move (0-based) of a history from
// position p. Errors are *FieldError naming "moves[ply]".
func ParseMove(p *xiangqi.Position, ply int, text string, n notation.Notation) (xiangqi.Move, error) {
	m, err := notation.ParseAs(p, text, n)
	if err != nil {
		reason, code := err.Error(), CodeInvalidMove
		var ne *notation.Error
		if errors.As(err, &ne) {
			code = moveCode(ne.Kind)
		}
		return m, &FieldError{
			Field:  fmt.Sprintf("moves[%d]", ply),
			Reason: fmt.Sprintf("move %d (ply %d, %s to move): %s", MoveNumber(p, ply), ply+1, p.SideToMove(), reason),
			Code:   code,
			Err:    &xiangqi.MoveError{Ply: ply, Text: text, Reason: reason},
		}
	}
	return m, nil
}

// moveCode maps a notation error kind to the error reason.
func moveCode(k notation.ErrorKind) string {
	switch k {
	case notation.ErrIllegal:
		return CodeIllegalMove
	case notation.ErrAmbiguous:
		return CodeAmbiguousMove
	}
	return CodeInvalidMove
}

// Lookup resolves a ruleset id of any game, with option overrides
// ("banqi-tw+repetition=allowed", "chinese+loss_at_occurrence=4"). An empty or unknown
// id, or a bad override, is a *FieldError on field that lists the valid ids.
func Lookup(reg *arbiter.Registry, field, id string) (arbiter.Ruleset, error) {
	if id == "" {
		ids := reg.IDs()
		return nil, &FieldError{Field: field, Code: CodeUnknownRuleset,
			Reason: "a ruleset id is required (valid: " + strings.Join(ids, ", ") + ")",
			Err:    &arbiter.UnknownRulesetError{ID: id, Valid: ids}}
	}
	rs, err := reg.Lookup(id)
	if err != nil {
		fe := AsFieldError(err)
		if fe == nil {
			fe = &FieldError{Field: field, Reason: err.Error(), Code: CodeUnknownRuleset, Err: err}
		}
		fe.Field = field
		return nil, fe
	}
	return rs, nil
}

// AsFieldError turns a domain error into a *FieldError naming the request field it comes
// from: a *FieldError as is, *xiangqi.FENError → "fen", *xiangqi.MoveError →
// "moves[ply]", *arbiter.PolicyError → "policy.<field>", *arbiter.UnknownRulesetError →
// "ruleset". It returns nil for any other error.
func AsFieldError(err error) *FieldError {
	var fe *FieldError
	var fen *xiangqi.FENError
	var me *xiangqi.MoveError
	var pe *arbiter.PolicyError
	var ue *arbiter.UnknownRulesetError
	var gme *arbiter.MoveError
	var gpe *arbiter.PositionError
	var oe *arbiter.OptionError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &fe):
		return fe
	case errors.As(err, &fen):
		return &FieldError{Field: "fen", Reason: fen.Error(), Code: CodeInvalidFEN, Err: err}
	case errors.As(err, &me):
		// A bare MoveError comes from replaying a move already read: the rules refused it.
		return &FieldError{Field: fmt.Sprintf("moves[%d]", me.Ply), Reason: me.Error(), Code: CodeIllegalMove, Err: err}
	case errors.As(err, &pe):
		f := "policy." + policyField(pe.Field)
		return &FieldError{Field: f, Reason: pe.Reason, Code: CodeInvalidPolicy, Err: err}
	case errors.As(err, &ue):
		return &FieldError{Field: "ruleset", Reason: ue.Error(), Code: CodeUnknownRuleset, Err: err}
	case errors.As(err, &gme):
		code := CodeIllegalMove
		switch gme.Code {
		case "malformed_move", "unreadable":
			code = CodeInvalidMove
		case "forbidden":
			code = CodeForbiddenMove
		}
		switch gme.Kind {
		case arbiter.MoveUnreadable:
			code = CodeInvalidMove
		case arbiter.MoveAmbiguous:
			code = CodeAmbiguousMove
		case arbiter.MoveIllegal:
			code = CodeIllegalMove
		}
		return &FieldError{Field: fmt.Sprintf("moves[%d]", gme.Ply-1), Reason: gme.Error(), Code: code, Err: err}
	case errors.As(err, &gpe):
		f := "fen"
		if gpe.Field == "deal" {
			f = "deal"
		}
		return &FieldError{Field: f, Reason: gpe.Error(), Code: CodeInvalidFEN, Err: err}
	case errors.As(err, &oe):
		return &FieldError{Field: "ruleset", Reason: oe.Error(), Code: CodeInvalidOption, Err: err}
	}
	return nil
}
