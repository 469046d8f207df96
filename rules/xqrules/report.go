package xqrules

import (
	"strings"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/notation"
	"github.com/arbiter-xq/arbiter/xiangqi"
)

// This file writes a xiangqi game in the game-neutral report shapes (arbiter.Ply,
// arbiter.Threat, arbiter.Cycle): each move in ICCS, WXF and Chinese, its natures and
// evidence (victim, attackers, root, exception), the cycle's patterns.

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

// Side maps a colour to the game-neutral side.
func Side(c xiangqi.Color) arbiter.Side {
	if c == xiangqi.Red {
		return arbiter.SideRed
	}
	return arbiter.SideBlack
}

// neutralPly describes the ply-th move (0-based) m, played by side from before, giving
// after; text is what was sent. pn is its classification (nil outside repetition
// cycles).
func neutralPly(ply int, side xiangqi.Color, m xiangqi.Move, text string, capture, check bool, pn *PlyNature, before, after *xiangqi.Position) arbiter.Ply {
	iccs := xiangqi.ICCS(m)
	out := arbiter.Ply{
		Ply:  ply + 1,
		Side: Side(side),
		Move: iccs,
		Text: text,
		Notations: arbiter.Notations{
			ICCS:    iccs,
			WXF:     notation.Format(before, m, notation.WXF),
			Chinese: notation.Format(before, m, notation.Chinese),
		},
		MoveNumber: moveNumber(before, ply),
		Squares:    []string{iccs[:2], iccs[2:]}, // substrings: no copies
		Capture:    capture,
		Check:      check,
		Position:   after.FEN(),
	}
	if pn == nil {
		return out
	}
	out.Natures = append([]arbiter.Nature(nil), pn.All...)
	out.Nature = pn.Nature
	out.Explanation = pn.Note
	if check {
		out.Threats = append(out.Threats, checkThreat(after, side))
	}
	for _, n := range pn.All {
		if n == arbiter.NatureMateThreat {
			out.Threats = append(out.Threats, arbiter.Threat{
				Nature:  arbiter.NatureMateThreat,
				Counted: pn.Nature == arbiter.NatureMateThreat,
				Note:    "the move threatens mate by consecutive checks (杀)",
			})
			break
		}
	}
	for i := range pn.Threats {
		out.Threats = append(out.Threats, neutralThreat(&pn.Threats[i], after, true))
	}
	for i := range pn.Excluded {
		out.Threats = append(out.Threats, neutralThreat(&pn.Excluded[i], after, false))
	}
	return out
}

// checkThreat is the evidence of a check given by side: the enemy king and the pieces
// giving check in the position after the move.
func checkThreat(after *xiangqi.Position, side xiangqi.Color) arbiter.Threat {
	king := after.KingSquare(side.Other())
	checkers := after.Checkers(side.Other())
	t := arbiter.Threat{
		Nature:  arbiter.NatureCheck,
		Target:  piece(after, king, xiangqi.NoPiece),
		Joint:   len(checkers) > 1,
		Counted: true,
		Note:    "the move gives check (将)",
	}
	for _, s := range checkers {
		t.Attackers = append(t.Attackers, piece(after, s, xiangqi.NoPiece))
	}
	if len(checkers) > 1 {
		t.Note = "the move gives double check (将)"
	}
	return t
}

// neutralThreat maps one chase threat (counted) or excluded attack (not counted) of a
// move; after is the position after the move, used when the evidence lacks a piece.
func neutralThreat(t *Threat, after *xiangqi.Position, counted bool) arbiter.Threat {
	out := arbiter.Threat{
		Nature:    arbiter.NatureChase,
		Joint:     t.Joint,
		Root:      t.Root,
		Exception: t.Exception,
		Counted:   counted,
		Note:      t.Note,
	}
	if t.Victim != xiangqi.NoPiece {
		out.Target = piece(after, t.Target, t.Victim)
	} else {
		// Evidence without a victim is a mate threat (the king is never the victim of
		// a chase): it names no target square.
		out.Nature = arbiter.NatureMateThreat
	}
	for _, a := range t.Attackers {
		out.Attackers = append(out.Attackers, piece(after, a.Square, a.Piece))
	}
	return out
}

// piece describes the piece pc on s, or the piece standing on s in p when pc is empty.
func piece(p *xiangqi.Position, s xiangqi.Square, pc xiangqi.Piece) arbiter.Piece {
	if !s.Valid() {
		return arbiter.Piece{}
	}
	if pc == xiangqi.NoPiece {
		pc = p.At(s)
	}
	out := arbiter.Piece{Square: s.String(), Kind: xiangqi.NoKind}
	if pc != xiangqi.NoPiece {
		out.Side = Side(pc.Color())
		out.Kind = pc.Kind()
	}
	return out
}

// neutralCycle maps a repetition cycle with its ruling after the policy; fen is the
// repeated position.
func neutralCycle(c *Cycle, ruling arbiter.Ruling, fen string) *arbiter.Cycle {
	out := &arbiter.Cycle{
		FirstPly:   c.Start + 1,
		LastPly:    c.End,
		Occurrence: c.Occurrence,
		Position:   fen,
		Ruling:     ruling,
	}
	for _, side := range [...]xiangqi.Color{xiangqi.Red, xiangqi.Black} {
		sp := &c.Sides[side]
		p := arbiter.Pattern{
			Side:           Side(side),
			Pattern:        sp.Pattern,
			PatternChinese: arbiter.PatternChinese(sp.Natures),
			Natures:        append([]arbiter.Nature(nil), sp.Natures...),
			Forbidden:      sp.Forbidden,
		}
		for _, s := range sp.Chased {
			p.Chased = append(p.Chased, s.String())
		}
		out.Patterns = append(out.Patterns, p)
	}
	return out
}

// reportSummary is the report's explanation without the per-ply part of the ruling's
// explanation (the ply list shows it): the ruling's summary, then what the policy made
// of it (game over, a refused move).
func reportSummary(r *Report) string {
	e := r.Explanation
	if r.Cycle != nil && r.Ruling.Explanation != "" && strings.HasPrefix(e, r.Ruling.Explanation) {
		rest := strings.TrimSpace(strings.TrimPrefix(e, r.Ruling.Explanation))
		e = strings.TrimSpace(RulingSummary(r.Ruling.Explanation) + " " + rest)
	}
	return e
}

// RulingSummary is the first paragraph of a ruling's explanation: the sides' patterns and
// the reason. The per-ply lines some rulesets add after it repeat what the ply list of
// the text report already shows.
func RulingSummary(explanation string) string {
	if i := strings.IndexByte(explanation, '\n'); i >= 0 {
		return explanation[:i]
	}
	return explanation
}
