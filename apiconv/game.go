package apiconv

import (
	"github.com/arbiter-xq/arbiter/arbiter"
	arbiterv1 "github.com/arbiter-xq/arbiter/proto/arbiter/v1"
	"github.com/arbiter-xq/arbiter/xiangqi"
)

// This file maps the other games' reports (arbiter.GameReport, GameUpdate) onto the
// messages xiangqi uses, so that a client reads every game the same way.

// GameSide maps a side of any game to the proto enum.
func GameSide(s arbiter.Side) arbiterv1.Side {
	switch s {
	case arbiter.SideRed:
		return arbiterv1.Side_SIDE_RED
	case arbiter.SideBlack:
		return arbiterv1.Side_SIDE_BLACK
	case arbiter.SideSente:
		return arbiterv1.Side_SIDE_SENTE
	case arbiter.SideGote:
		return arbiterv1.Side_SIDE_GOTE
	}
	return arbiterv1.Side_SIDE_UNSPECIFIED
}

// GameReport maps a game report to the Adjudicate response.
func GameReport(r *arbiter.GameReport) *arbiterv1.AdjudicateResponse {
	out := &arbiterv1.AdjudicateResponse{
		Ruleset:      r.Ruleset.ID,
		Game:         r.Ruleset.Game,
		Result:       Result(r.Result),
		Termination:  Termination(r.Termination),
		Status:       GameStatus(r.Status),
		DecidedAtPly: int32(r.DecidedAtPly),
		Explanation:  r.Explanation,
		FinalFen:     r.FinalPosition,
		IgnoredPlies: int32(r.IgnoredPlies),
		FirstPlayer:  GameSide(r.FirstPlayer),
	}
	for i := range r.Plies {
		out.Plies = append(out.Plies, GamePly(&r.Plies[i]))
	}
	if r.Cycle != nil {
		out.Cycle = GameCycle(r.Cycle)
		out.Ruling = Ruling(r.Cycle.Ruling)
	}
	return out
}

// GameUpdate maps the state after one move of a game stream.
func GameUpdate(u *arbiter.GameUpdate) *arbiterv1.PlayGameResponse {
	out := &arbiterv1.PlayGameResponse{
		Ply:         GamePly(&u.Ply),
		Status:      GameStatus(u.Status),
		Result:      Result(u.Result),
		Termination: Termination(u.Termination),
		Explanation: u.Explanation,
		Fen:         u.Position,
	}
	if u.Cycle != nil {
		out.Cycle = GameCycle(u.Cycle)
		out.Ruling = Ruling(u.Cycle.Ruling)
	}
	return out
}

// GamePly maps one ply of a game.
func GamePly(p *arbiter.GamePly) *arbiterv1.PlyReport {
	out := &arbiterv1.PlyReport{
		Ply:         int32(p.Ply),
		Side:        GameSide(p.Side),
		Move:        &arbiterv1.Move{Canonical: p.Move},
		Natures:     Natures(p.Natures),
		Nature:      Nature(p.Nature),
		Capture:     p.Capture,
		Check:       p.Check,
		Fen:         p.Position,
		Explanation: p.Explanation,
		Clock:       int32(p.Clock),
		Occurrence:  int32(p.Occurrence),
	}
	for i := range p.Threats {
		out.Threats = append(out.Threats, GameThreat(&p.Threats[i]))
	}
	for _, f := range p.Forbidden {
		out.ForbiddenNext = append(out.ForbiddenNext, &arbiterv1.ForbiddenMove{Move: f.Move, Reason: f.Reason})
	}
	return out
}

// GameThreat maps the evidence of one attack.
func GameThreat(t *arbiter.GameThreat) *arbiterv1.Threat {
	out := &arbiterv1.Threat{
		Nature:      Nature(t.Nature),
		Target:      GamePiece(t.Target),
		Counted:     t.Counted,
		Explanation: t.Note,
		Joint:       len(t.Attackers) > 1,
	}
	for _, a := range t.Attackers {
		out.Attackers = append(out.Attackers, GamePiece(a))
	}
	return out
}

// GamePiece maps a piece of any game.
func GamePiece(p arbiter.GamePiece) *arbiterv1.Piece {
	out := &arbiterv1.Piece{
		Square:   p.Square,
		Side:     GameSide(p.Side),
		Name:     p.Name,
		FaceDown: p.FaceDown,
	}
	if p.Kind != xiangqi.NoKind {
		out.Type = PieceType(p.Kind)
	}
	return out
}

// GameCycle maps a repetition cycle of a game.
func GameCycle(c *arbiter.GameCycle) *arbiterv1.Cycle {
	out := &arbiterv1.Cycle{
		FirstPly:   int32(c.FirstPly),
		LastPly:    int32(c.LastPly),
		Occurrence: int32(c.Occurrence),
		Fen:        c.Position,
	}
	for _, p := range c.Patterns {
		out.Patterns = append(out.Patterns, &arbiterv1.SidePattern{
			Side:           GameSide(p.Side),
			Pattern:        p.Pattern,
			PatternChinese: p.PatternChinese,
			Natures:        Natures(p.Natures),
			Forbidden:      p.Forbidden,
		})
	}
	return out
}

// Disagree reports whether two adjudications of one history differ in what a person would
// call the ruling: one ruleset rejects a move the other accepts (or rejects another ply),
// or the verdict, the responsible side, the result or the termination differ.
func Disagree(a, b *arbiterv1.AdjudicateResponse) bool {
	return (a.GetRejected() == nil) != (b.GetRejected() == nil) ||
		a.GetRejected().GetPly() != b.GetRejected().GetPly() ||
		a.GetRuling().GetVerdict() != b.GetRuling().GetVerdict() ||
		a.GetRuling().GetResponsibleSide() != b.GetRuling().GetResponsibleSide() ||
		a.GetResult() != b.GetResult() || a.GetTermination() != b.GetTermination()
}
