package apiconv

import (
	"github.com/arbiter-xq/arbiter/arbiter"
	arbiterv1 "github.com/arbiter-xq/arbiter/proto/arbiter/v1"
	"github.com/arbiter-xq/arbiter/xiangqi"
)

// This file is the one mapping of the game-neutral reports (arbiter.Report, Update)
// onto the API's messages, for every game: a client reads xiangqi, banqi and chu shogi
// the same way.

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

// Report maps an adjudication to the response of the Adjudicate RPC (and of the CLI's
// `judge --json`): every played ply with its move, its natures and evidence and the
// position after it; the cycle closed by the last ply (or the one that decided the
// game) with each side's pattern; the ruling; the result, termination and status; the
// explanation and the final position. A move refused under ON_VIOLATION_FORBID is not
// among the plies (it was not played); the status is then GAME_STATUS_MOVE_FORBIDDEN
// and the explanation names it.
func Report(r *arbiter.Report) *arbiterv1.AdjudicateResponse {
	out := &arbiterv1.AdjudicateResponse{
		Ruleset:      r.Ruleset.ID,
		Result:       Result(r.Result),
		Termination:  Termination(r.Termination),
		Status:       GameStatus(r.Status),
		DecidedAtPly: int32(r.DecidedAtPly),
		Explanation:  r.Explanation,
		FinalFen:     r.FinalPosition,
		IgnoredPlies: int32(r.IgnoredPlies),
		FirstPlayer:  GameSide(r.FirstPlayer),
		Plies:        make([]*arbiterv1.PlyReport, 0, len(r.Plies)),
	}
	out.Game = Game(r.Ruleset)
	for i := range r.Plies {
		out.Plies = append(out.Plies, Ply(&r.Plies[i]))
	}
	if r.Cycle != nil {
		out.Cycle = Cycle(r.Cycle)
		out.Ruling = Ruling(r.Cycle.Ruling)
	}
	for i := range r.Incidents {
		out.Incidents = append(out.Incidents, Incident(&r.Incidents[i]))
	}
	return out
}

// Update maps the state after one move of a game stream.
func Update(u *arbiter.Update) *arbiterv1.PlayGameResponse {
	out := &arbiterv1.PlayGameResponse{
		Ply:         Ply(&u.Ply),
		Status:      GameStatus(u.Status),
		Result:      Result(u.Result),
		Termination: Termination(u.Termination),
		Explanation: u.Explanation,
		Fen:         u.Position,
	}
	if u.Cycle != nil {
		out.Cycle = Cycle(u.Cycle)
		out.Ruling = Ruling(u.Cycle.Ruling)
	}
	return out
}

// Move maps a ply's move: xiangqi's three notations (ICCS, WXF and Chinese), or the
// canonical text of the other games with chu shogi's Japanese beside it.
func Move(p *arbiter.Ply) *arbiterv1.Move {
	if n := p.Notations; n.ICCS != "" || n.WXF != "" || n.Chinese != "" {
		return &arbiterv1.Move{Iccs: n.ICCS, Wxf: n.WXF, Chinese: n.Chinese}
	}
	return &arbiterv1.Move{Canonical: p.Move, Japanese: p.Notations.Japanese}
}

// Ply maps one ply of a game.
func Ply(p *arbiter.Ply) *arbiterv1.PlyReport {
	out := &arbiterv1.PlyReport{
		Ply:         int32(p.Ply),
		Side:        GameSide(p.Side),
		Move:        Move(p),
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
		out.Threats = append(out.Threats, Threat(&p.Threats[i]))
	}
	for _, f := range p.Forbidden {
		out.ForbiddenNext = append(out.ForbiddenNext, &arbiterv1.ForbiddenMove{Move: f.Move, Reason: f.Reason})
	}
	return out
}

// Threat maps the evidence of one attack.
func Threat(t *arbiter.Threat) *arbiterv1.Threat {
	out := &arbiterv1.Threat{
		Nature:      Nature(t.Nature),
		Target:      Piece(t.Target),
		Joint:       t.Joint,
		RootStatus:  RootStatus(t.Root),
		Exception:   ThreatException(t.Exception),
		Counted:     t.Counted,
		Explanation: t.Note,
	}
	if out.Exception == arbiterv1.ThreatException_THREAT_EXCEPTION_OTHER {
		out.ExceptionDetail = t.Exception
	}
	for _, a := range t.Attackers {
		out.Attackers = append(out.Attackers, Piece(a))
	}
	return out
}

// Piece maps a piece of any game; nil for no piece.
func Piece(p arbiter.Piece) *arbiterv1.Piece {
	if p.Square == "" {
		return nil
	}
	out := &arbiterv1.Piece{
		Square:   p.Square,
		Side:     GameSide(p.Side),
		Name:     p.Name,
		Word:     p.Word,
		FaceDown: p.FaceDown,
	}
	if p.Kind != xiangqi.NoKind {
		out.Type = PieceType(p.Kind)
	}
	return out
}

// Incident maps one repetition incident of a record.
func Incident(in *arbiter.Incident) *arbiterv1.Incident {
	out := &arbiterv1.Incident{
		FirstPly:    int32(in.FirstPly),
		LastPly:     int32(in.LastPly),
		Occurrence:  int32(in.Occurrence),
		Status:      GameStatus(in.Status),
		Result:      Result(in.Result),
		Termination: Termination(in.Termination),
		Explanation: in.Explanation,
	}
	if in.Cycle != nil {
		out.Cycle = Cycle(in.Cycle)
		out.Ruling = Ruling(in.Cycle.Ruling)
	}
	return out
}

// Cycle maps a repetition cycle of a game.
func Cycle(c *arbiter.Cycle) *arbiterv1.Cycle {
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

// Ruling maps the ruling on a cycle.
func Ruling(r arbiter.Ruling) *arbiterv1.Ruling {
	return &arbiterv1.Ruling{
		Verdict:         Verdict(r.Verdict),
		References:      append([]string(nil), r.References...),
		Explanation:     r.Explanation,
		ResponsibleSide: GameSide(r.Verdict.Responsible()),
	}
}

// Disagree reports whether two adjudications of one history differ in what a person would
// call the ruling: one ruleset rejects a move the other accepts (or rejects another ply),
// or the verdict, the responsible side, the result, the termination or the ply that
// ended the game differ (the same draw at ply 8 and at ply 12 is a disagreement).
func Disagree(a, b *arbiterv1.AdjudicateResponse) bool {
	return (a.GetRejected() == nil) != (b.GetRejected() == nil) ||
		a.GetDecidedAtPly() != b.GetDecidedAtPly() ||
		a.GetRejected().GetPly() != b.GetRejected().GetPly() ||
		a.GetRuling().GetVerdict() != b.GetRuling().GetVerdict() ||
		a.GetRuling().GetResponsibleSide() != b.GetRuling().GetResponsibleSide() ||
		a.GetResult() != b.GetResult() || a.GetTermination() != b.GetTermination()
}

// Game is the response's game field for a ruleset: the other games are named; a xiangqi
// response leaves it empty, as the API has always answered xiangqi.
func Game(info arbiter.RulesetInfo) string {
	if info.Game == arbiter.GameXiangqi {
		return ""
	}
	return info.Game
}
