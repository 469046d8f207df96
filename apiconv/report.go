package apiconv

import (
	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/notation"
	arbiterv1 "github.com/arbiter-xq/arbiter/proto/arbiter/v1"
	"github.com/arbiter-xq/arbiter/xiangqi"
)

// Report maps an adjudication to the response of the Adjudicate RPC (and of the CLI's
// `judge --json`): every played ply with its move in ICCS, WXF and Chinese, its natures
// and evidence and the FEN after it; the cycle closed by the last ply with each side's
// pattern; the ruling; the result, termination and status; the explanation and the
// final FEN. A move refused under ON_VIOLATION_FORBID is not among the plies (it was not
// played); the status is then GAME_STATUS_MOVE_FORBIDDEN and the explanation names it.
func Report(r *arbiter.Report) *arbiterv1.AdjudicateResponse {
	out := &arbiterv1.AdjudicateResponse{
		Ruleset:     r.Ruleset.ID,
		Plies:       make([]*arbiterv1.PlyReport, 0, len(r.Plies)),
		Result:      Result(r.Result),
		Termination: Termination(r.Termination),
		Explanation: r.Explanation,
	}
	// Replay forward once: each ply is formatted from the position before it, so the
	// whole report costs one make per ply.
	p := *r.Game.Start()
	cycleFEN := ""
	if r.Cycle != nil && r.Cycle.Start == 0 {
		cycleFEN = p.FEN()
	}
	for i := range r.Plies {
		pi := &r.Plies[i]
		before := p
		advance(&p, pi.Move)
		out.Plies = append(out.Plies, plyReport(pi.Ply, pi.Side, pi.Move, pi.Capture, pi.Check, pi.Nature, &before, &p))
		if r.Cycle != nil && r.Cycle.Start == pi.Ply+1 {
			cycleFEN = p.FEN()
		}
	}
	out.FinalFen = p.FEN()
	if r.Cycle != nil {
		out.Cycle = Cycle(r.Cycle, cycleFEN)
		out.Ruling = Ruling(r.Ruling)
	}
	switch {
	case r.ForbiddenPly >= 0:
		out.Status = arbiterv1.GameStatus_GAME_STATUS_MOVE_FORBIDDEN
	case r.EndPly >= 0:
		out.Status = arbiterv1.GameStatus_GAME_STATUS_GAME_OVER
		out.DecidedAtPly = int32(r.EndPly + 1)
	case len(r.Plies) > 0 && r.Plies[len(r.Plies)-1].Status == arbiter.StatusWarning:
		out.Status = arbiterv1.GameStatus_GAME_STATUS_RULING_WARNING
	default:
		out.Status = arbiterv1.GameStatus_GAME_STATUS_ONGOING
	}
	return out
}

// Update maps the state after one move of a game stream to a PlayGame response. before
// is the position the move was played from and current the session's position now
// (equal to before when the move was refused as forbidden).
func Update(u arbiter.Update, before, current *xiangqi.Position) *arbiterv1.PlayGameResponse {
	after := *before
	captured := advance(&after, u.Move)
	var pn *arbiter.PlyNature
	if u.Cycle != nil {
		for i := range u.Cycle.Plies {
			if u.Cycle.Plies[i].Ply == u.Ply {
				pn = &u.Cycle.Plies[i]
			}
		}
	}
	out := &arbiterv1.PlayGameResponse{
		Ply:         plyReport(u.Ply, before.SideToMove(), u.Move, captured != xiangqi.NoPiece, u.Check, pn, before, &after),
		Status:      GameStatus(u.Status),
		Result:      Result(u.Result),
		Termination: Termination(u.Termination),
		Explanation: u.Explanation,
		Fen:         current.FEN(),
	}
	if u.Cycle != nil {
		// The repeated position is the one after the move, applied or refused.
		out.Cycle = Cycle(u.Cycle, after.FEN())
		out.Ruling = Ruling(u.Ruling)
	}
	return out
}

// advance plays m on p and keeps the FEN counters the way xiangqi.Game does, so that
// the FENs of a report match the game's.
func advance(p *xiangqi.Position, m xiangqi.Move) xiangqi.Piece {
	captured := p.MakeMove(m)
	if captured != xiangqi.NoPiece {
		p.HalfmoveClock = 0
	} else {
		p.HalfmoveClock++
	}
	if p.SideToMove() == xiangqi.Red {
		p.Fullmove++
	}
	return captured
}

// Move writes m, a move of position p, in the three notations.
func Move(p *xiangqi.Position, m xiangqi.Move) *arbiterv1.Move {
	return &arbiterv1.Move{
		Iccs:    notation.Format(p, m, notation.ICCS),
		Wxf:     notation.Format(p, m, notation.WXF),
		Chinese: notation.Format(p, m, notation.Chinese),
	}
}

// plyReport describes the ply-th move (0-based) m, played by side from before, giving
// after. pn is its classification (nil outside repetition cycles).
func plyReport(ply int, side xiangqi.Color, m xiangqi.Move, capture, check bool, pn *arbiter.PlyNature, before, after *xiangqi.Position) *arbiterv1.PlyReport {
	out := &arbiterv1.PlyReport{
		Ply:     int32(ply + 1),
		Side:    Side(side),
		Move:    Move(before, m),
		Capture: capture,
		Check:   check,
		Fen:     after.FEN(),
	}
	if pn == nil {
		return out
	}
	out.Natures = Natures(pn.All)
	out.Nature = Nature(pn.Nature)
	out.Explanation = pn.Note
	if check {
		out.Threats = append(out.Threats, checkThreat(after, side))
	}
	if hasNature(pn.All, arbiter.NatureMateThreat) {
		out.Threats = append(out.Threats, &arbiterv1.Threat{
			Nature:      arbiterv1.Nature_NATURE_MATE_THREAT,
			Counted:     pn.Nature == arbiter.NatureMateThreat,
			Explanation: "the move threatens mate by consecutive checks (杀)",
		})
	}
	for i := range pn.Threats {
		out.Threats = append(out.Threats, Threat(&pn.Threats[i], after, true))
	}
	for i := range pn.Excluded {
		out.Threats = append(out.Threats, Threat(&pn.Excluded[i], after, false))
	}
	return out
}

func hasNature(ns []arbiter.Nature, n arbiter.Nature) bool {
	for _, x := range ns {
		if x == n {
			return true
		}
	}
	return false
}

// checkThreat is the evidence of a check given by side: the enemy king and the pieces
// giving check in the position after the move.
func checkThreat(after *xiangqi.Position, side xiangqi.Color) *arbiterv1.Threat {
	king := after.KingSquare(side.Other())
	checkers := after.Checkers(side.Other())
	t := &arbiterv1.Threat{
		Nature:      arbiterv1.Nature_NATURE_CHECK,
		Target:      piece(after, king, xiangqi.NoPiece),
		Joint:       len(checkers) > 1,
		Counted:     true,
		Explanation: "the move gives check (将)",
	}
	for _, s := range checkers {
		t.Attackers = append(t.Attackers, piece(after, s, xiangqi.NoPiece))
	}
	if len(checkers) > 1 {
		t.Explanation = "the move gives double check (将)"
	}
	return t
}

// Threat maps one chase threat (counted) or excluded attack (not counted) of a move;
// after is the position after the move, used when the evidence lacks a piece.
func Threat(t *arbiter.Threat, after *xiangqi.Position, counted bool) *arbiterv1.Threat {
	out := &arbiterv1.Threat{
		Nature:      arbiterv1.Nature_NATURE_CHASE,
		Joint:       t.Joint,
		RootStatus:  RootStatus(t.Root),
		Exception:   ThreatException(t.Exception),
		Counted:     counted,
		Explanation: t.Note,
	}
	if out.Exception == arbiterv1.ThreatException_THREAT_EXCEPTION_OTHER {
		out.ExceptionDetail = t.Exception
	}
	if t.Victim != xiangqi.NoPiece {
		out.Target = piece(after, t.Target, t.Victim)
	} else {
		// Evidence without a victim is a mate threat (the king is never the victim of
		// a chase): it names no target square.
		out.Nature = arbiterv1.Nature_NATURE_MATE_THREAT
	}
	for _, a := range t.Attackers {
		out.Attackers = append(out.Attackers, piece(after, a.Square, a.Piece))
	}
	return out
}

// piece describes the piece pc on s, or the piece standing on s in p when pc is empty.
func piece(p *xiangqi.Position, s xiangqi.Square, pc xiangqi.Piece) *arbiterv1.Piece {
	if !s.Valid() {
		return nil
	}
	if pc == xiangqi.NoPiece {
		pc = p.At(s)
	}
	out := &arbiterv1.Piece{Square: s.String()}
	if pc != xiangqi.NoPiece {
		out.Side = Side(pc.Color())
		out.Type = PieceType(pc.Kind())
	}
	return out
}

// Cycle maps a repetition cycle; fen is the repeated position.
func Cycle(c *arbiter.Cycle, fen string) *arbiterv1.Cycle {
	out := &arbiterv1.Cycle{
		FirstPly:   int32(c.Start + 1),
		LastPly:    int32(c.End),
		Occurrence: int32(c.Occurrence),
		Fen:        fen,
	}
	for _, side := range [...]xiangqi.Color{xiangqi.Red, xiangqi.Black} {
		sp := &c.Sides[side]
		out.Patterns = append(out.Patterns, &arbiterv1.SidePattern{
			Side:           Side(side),
			Pattern:        sp.Pattern,
			PatternChinese: arbiter.PatternChinese(sp.Natures),
			Natures:        Natures(sp.Natures),
			Forbidden:      sp.Forbidden,
		})
	}
	return out
}

// Ruling maps the ruling on a cycle.
func Ruling(r arbiter.Ruling) *arbiterv1.Ruling {
	out := &arbiterv1.Ruling{
		Verdict:     Verdict(r.Verdict),
		References:  append([]string(nil), r.References...),
		Explanation: r.Explanation,
	}
	out.ResponsibleSide = GameSide(r.Verdict.Responsible())
	return out
}
