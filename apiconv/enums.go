package apiconv

import (
	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/notation"
	arbiterv1 "github.com/arbiter-xq/arbiter/proto/arbiter/v1"
	"github.com/arbiter-xq/arbiter/xiangqi"
)

// Nature maps a domain nature to the proto enum.
func Nature(n arbiter.Nature) arbiterv1.Nature {
	switch n {
	case arbiter.NatureCheck:
		return arbiterv1.Nature_NATURE_CHECK
	case arbiter.NatureMateThreat:
		return arbiterv1.Nature_NATURE_MATE_THREAT
	case arbiter.NatureChase:
		return arbiterv1.Nature_NATURE_CHASE
	case arbiter.NatureExchange:
		return arbiterv1.Nature_NATURE_EXCHANGE
	case arbiter.NatureOffer:
		return arbiterv1.Nature_NATURE_OFFER
	case arbiter.NatureBlock:
		return arbiterv1.Nature_NATURE_BLOCK
	case arbiter.NatureFollow:
		return arbiterv1.Nature_NATURE_FOLLOW
	case arbiter.NatureIdle:
		return arbiterv1.Nature_NATURE_IDLE
	case arbiter.NatureAttack:
		return arbiterv1.Nature_NATURE_ATTACK
	case arbiter.NatureFlip:
		return arbiterv1.Nature_NATURE_FLIP
	case arbiter.NatureCapture:
		return arbiterv1.Nature_NATURE_CAPTURE
	}
	return arbiterv1.Nature_NATURE_UNSPECIFIED
}

// Natures maps a list of natures; nil for an empty list.
func Natures(ns []arbiter.Nature) []arbiterv1.Nature {
	if len(ns) == 0 {
		return nil
	}
	out := make([]arbiterv1.Nature, len(ns))
	for i, n := range ns {
		out[i] = Nature(n)
	}
	return out
}

// Verdict maps a domain verdict to the proto enum (VerdictNone → VERDICT_UNSPECIFIED).
func Verdict(v arbiter.Verdict) arbiterv1.Verdict {
	switch v {
	case arbiter.VerdictDraw:
		return arbiterv1.Verdict_VERDICT_DRAW
	case arbiter.VerdictRedMustChange:
		return arbiterv1.Verdict_VERDICT_RED_MUST_CHANGE
	case arbiter.VerdictBlackMustChange:
		return arbiterv1.Verdict_VERDICT_BLACK_MUST_CHANGE
	case arbiter.VerdictSenteMustChange:
		return arbiterv1.Verdict_VERDICT_SENTE_MUST_CHANGE
	case arbiter.VerdictGoteMustChange:
		return arbiterv1.Verdict_VERDICT_GOTE_MUST_CHANGE
	}
	return arbiterv1.Verdict_VERDICT_UNSPECIFIED
}

// Result maps a game result to the proto enum.
func Result(r arbiter.Result) arbiterv1.Result {
	switch r {
	case arbiter.ResultOngoing:
		return arbiterv1.Result_RESULT_ONGOING
	case arbiter.ResultRedWins:
		return arbiterv1.Result_RESULT_RED_WINS
	case arbiter.ResultBlackWins:
		return arbiterv1.Result_RESULT_BLACK_WINS
	case arbiter.ResultDraw:
		return arbiterv1.Result_RESULT_DRAW
	case arbiter.ResultSenteWins:
		return arbiterv1.Result_RESULT_SENTE_WINS
	case arbiter.ResultGoteWins:
		return arbiterv1.Result_RESULT_GOTE_WINS
	}
	return arbiterv1.Result_RESULT_UNSPECIFIED
}

// Termination maps the reason a game ended to the proto enum. The no-draw-before-move
// regulation (arbiter.TerminationRegulation) is TERMINATION_EARLY_DRAW_REFUSED.
func Termination(t arbiter.Termination) arbiterv1.Termination {
	switch t {
	case arbiter.TerminationCheckmate:
		return arbiterv1.Termination_TERMINATION_CHECKMATE
	case arbiter.TerminationStalemate:
		return arbiterv1.Termination_TERMINATION_STALEMATE
	case arbiter.TerminationPerpetualCheck:
		return arbiterv1.Termination_TERMINATION_PERPETUAL_CHECK
	case arbiter.TerminationPerpetualChase:
		return arbiterv1.Termination_TERMINATION_PERPETUAL_CHASE
	case arbiter.TerminationPerpetualMateThreat:
		return arbiterv1.Termination_TERMINATION_PERPETUAL_MATE_THREAT
	case arbiter.TerminationCombinedAttack:
		return arbiterv1.Termination_TERMINATION_COMBINED_ATTACK
	case arbiter.TerminationRepetitionDraw:
		return arbiterv1.Termination_TERMINATION_REPETITION_DRAW
	case arbiter.TerminationNaturalMoveLimit:
		return arbiterv1.Termination_TERMINATION_NATURAL_MOVE_LIMIT
	case arbiter.TerminationRegulation:
		return arbiterv1.Termination_TERMINATION_EARLY_DRAW_REFUSED
	case arbiter.TerminationElimination:
		return arbiterv1.Termination_TERMINATION_ELIMINATION
	case arbiter.TerminationNoLegalMove:
		return arbiterv1.Termination_TERMINATION_NO_LEGAL_MOVE
	case arbiter.TerminationPerpetualAttack:
		return arbiterv1.Termination_TERMINATION_PERPETUAL_ATTACK
	case arbiter.TerminationLongChase:
		return arbiterv1.Termination_TERMINATION_LONG_CHASE
	case arbiter.TerminationNoProgress:
		return arbiterv1.Termination_TERMINATION_NO_PROGRESS
	case arbiter.TerminationRoyalCaptured:
		return arbiterv1.Termination_TERMINATION_ROYAL_CAPTURED
	case arbiter.TerminationBareKing:
		return arbiterv1.Termination_TERMINATION_BARE_KING
	case arbiter.TerminationKingAgainstKing:
		return arbiterv1.Termination_TERMINATION_KING_AGAINST_KING
	}
	return arbiterv1.Termination_TERMINATION_UNSPECIFIED
}

// GameStatus maps what a move did to the game to the proto enum.
func GameStatus(s arbiter.Status) arbiterv1.GameStatus {
	switch s {
	case arbiter.StatusOngoing:
		return arbiterv1.GameStatus_GAME_STATUS_ONGOING
	case arbiter.StatusWarning:
		return arbiterv1.GameStatus_GAME_STATUS_RULING_WARNING
	case arbiter.StatusGameOver:
		return arbiterv1.GameStatus_GAME_STATUS_GAME_OVER
	case arbiter.StatusForbidden:
		return arbiterv1.GameStatus_GAME_STATUS_MOVE_FORBIDDEN
	}
	return arbiterv1.GameStatus_GAME_STATUS_UNSPECIFIED
}

// Side maps a colour to the proto enum.
func Side(c xiangqi.Color) arbiterv1.Side {
	if c == xiangqi.Red {
		return arbiterv1.Side_SIDE_RED
	}
	return arbiterv1.Side_SIDE_BLACK
}

// PieceType maps a piece kind to the proto enum.
func PieceType(k xiangqi.Kind) arbiterv1.PieceType {
	switch k {
	case xiangqi.King:
		return arbiterv1.PieceType_PIECE_TYPE_KING
	case xiangqi.Advisor:
		return arbiterv1.PieceType_PIECE_TYPE_ADVISOR
	case xiangqi.Elephant:
		return arbiterv1.PieceType_PIECE_TYPE_ELEPHANT
	case xiangqi.Horse:
		return arbiterv1.PieceType_PIECE_TYPE_HORSE
	case xiangqi.Rook:
		return arbiterv1.PieceType_PIECE_TYPE_ROOK
	case xiangqi.Cannon:
		return arbiterv1.PieceType_PIECE_TYPE_CANNON
	case xiangqi.Pawn:
		return arbiterv1.PieceType_PIECE_TYPE_PAWN
	}
	return arbiterv1.PieceType_PIECE_TYPE_UNSPECIFIED
}

// RootStatus maps a victim's root status to the proto enum.
func RootStatus(r arbiter.RootStatus) arbiterv1.RootStatus {
	switch r {
	case arbiter.Rooted:
		return arbiterv1.RootStatus_ROOT_STATUS_ROOTED
	case arbiter.Unrooted:
		return arbiterv1.RootStatus_ROOT_STATUS_UNROOTED
	case arbiter.FalseRoot:
		return arbiterv1.RootStatus_ROOT_STATUS_FALSE_ROOT
	case arbiter.InsufficientRoot:
		return arbiterv1.RootStatus_ROOT_STATUS_INSUFFICIENT_ROOT
	}
	return arbiterv1.RootStatus_ROOT_STATUS_UNSPECIFIED
}

// ThreatException maps the exception name a ruleset records on a threat
// (xqrules.Threat.Exception) to the proto enum. Names without an enum value map to
// THREAT_EXCEPTION_OTHER; the caller keeps the name as the exception detail.
func ThreatException(name string) arbiterv1.ThreatException {
	switch name {
	case "":
		return arbiterv1.ThreatException_THREAT_EXCEPTION_UNSPECIFIED
	case "king-attacker":
		return arbiterv1.ThreatException_THREAT_EXCEPTION_KING_ATTACKER
	case "pawn-attacker":
		return arbiterv1.ThreatException_THREAT_EXCEPTION_PAWN_ATTACKER
	case "uncrossed-pawn":
		return arbiterv1.ThreatException_THREAT_EXCEPTION_UNCROSSED_PAWN
	case "same-type-exchange":
		return arbiterv1.ThreatException_THREAT_EXCEPTION_SAME_TYPE_EXCHANGE
	case "horse-or-cannon-on-rook":
		return arbiterv1.ThreatException_THREAT_EXCEPTION_HORSE_OR_CANNON_ON_ROOK
	case "key-drawing-point":
		return arbiterv1.ThreatException_THREAT_EXCEPTION_KEY_DRAWING_POINT
	case "answering-check":
		return arbiterv1.ThreatException_THREAT_EXCEPTION_ANSWERING_CHECK
	}
	return arbiterv1.ThreatException_THREAT_EXCEPTION_OTHER
}

// Notation maps the proto notation to the notation package's (UNSPECIFIED → Auto).
// The second result is false for a value the proto does not define.
func Notation(n arbiterv1.Notation) (notation.Notation, bool) {
	switch n {
	case arbiterv1.Notation_NOTATION_UNSPECIFIED:
		return notation.Auto, true
	case arbiterv1.Notation_NOTATION_ICCS:
		return notation.ICCS, true
	case arbiterv1.Notation_NOTATION_WXF:
		return notation.WXF, true
	case arbiterv1.Notation_NOTATION_CHINESE:
		return notation.Chinese, true
	}
	return notation.Auto, false
}
