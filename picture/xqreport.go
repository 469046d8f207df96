package picture

import (
	"fmt"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/xiangqi"
)

// xqGame is a xiangqi report read back from its game-neutral form (arbiter.Report):
// the game replayed from the start position and the plies' ICCS moves, the cycle's
// bounds, and each ply's nature with the threats a picture marks. Only xiangqi's board
// drawing lives here; the report is the same one every game gives.
type xqGame struct {
	r       *arbiter.Report
	game    *xiangqi.Game
	refused xiangqi.Move // the move refused under the forbid policy, if any
	start   int          // the cycle's bounds as plies played: it runs start..end-1
	end     int
}

// xqThreat is a counted threat of a move: a chased piece (victim on target) or, with no
// victim, a mate threat with the pieces that make it.
type xqThreat struct {
	victim    xiangqi.Piece
	target    xiangqi.Square
	attackers []xqPiece
	joint     bool
	root      arbiter.RootStatus
}

type xqPiece struct {
	piece  xiangqi.Piece
	square xiangqi.Square
}

// readXiangqi replays a xiangqi report.
func readXiangqi(r *arbiter.Report) (*xqGame, error) {
	if r == nil {
		return nil, fmt.Errorf("picture: no report")
	}
	start, err := xiangqi.ParseFENOptions(r.StartPosition, xiangqi.FENOptions{AllowUnreachable: true})
	if err != nil {
		return nil, fmt.Errorf("picture: start position: %w", err)
	}
	x := &xqGame{r: r, game: xiangqi.NewGame(start), refused: xiangqi.NoMove, start: -1}
	for i := range r.Plies {
		m, ok := xiangqi.ParseICCS(r.Plies[i].Move)
		if !ok {
			return nil, fmt.Errorf("picture: ply %d: %q is no ICCS move", i+1, r.Plies[i].Move)
		}
		x.game.PlayUnchecked(m)
	}
	if c := r.Cycle; c != nil {
		x.start, x.end = c.FirstPly-1, c.LastPly
	}
	if p := r.Refused; p != nil {
		if m, ok := xiangqi.ParseICCS(p.Move); ok {
			x.refused = m
		}
	}
	return x, nil
}

// cycleGame is the game whose moves the cycle indexes: under the forbid policy the
// cycle is closed by the refused move, which is played on a copy.
func (x *xqGame) cycleGame() *xiangqi.Game {
	g := x.game
	if x.refused == xiangqi.NoMove || x.end != g.Len()+1 {
		return g
	}
	cp := xiangqi.NewGame(*g.Start())
	for _, m := range g.Moves() {
		cp.PlayUnchecked(m)
	}
	cp.PlayUnchecked(x.refused)
	return cp
}

// ply is the report of the ply-th move (0-based), the refused one included.
func (x *xqGame) ply(i int) *arbiter.Ply {
	switch {
	case i >= 0 && i < len(x.r.Plies):
		return &x.r.Plies[i]
	case i == len(x.r.Plies) && x.r.Refused != nil:
		return x.r.Refused
	}
	return nil
}

// threats are the counted threats of a ply that a picture marks: chased pieces and the
// pieces behind a mate threat (a check is marked from the position, and the bare mate
// threat note names no piece).
func threats(p *arbiter.Ply) []xqThreat {
	var out []xqThreat
	for _, t := range p.Threats {
		if !t.Counted || t.Nature == arbiter.NatureCheck || t.Target.Square == "" && len(t.Attackers) == 0 {
			continue
		}
		xt := xqThreat{target: xiangqi.NoSquare, joint: t.Joint, root: t.Root}
		if t.Target.Square != "" && t.Nature != arbiter.NatureMateThreat {
			xt.victim, xt.target = xqPieceOf(t.Target).piece, xqPieceOf(t.Target).square
		}
		for _, a := range t.Attackers {
			xt.attackers = append(xt.attackers, xqPieceOf(a))
		}
		out = append(out, xt)
	}
	return out
}

func xqPieceOf(p arbiter.Piece) xqPiece {
	sq, ok := xiangqi.ParseSquare(p.Square)
	if !ok {
		sq = xiangqi.NoSquare
	}
	c := xiangqi.Red
	if p.Side == arbiter.SideBlack {
		c = xiangqi.Black
	}
	pc := xiangqi.NoPiece
	if p.Kind != xiangqi.NoKind {
		pc = xiangqi.MakePiece(c, p.Kind)
	}
	return xqPiece{piece: pc, square: sq}
}

// resultWords states the game result under the policy.
func resultWords(r *arbiter.Report) string {
	s := "Result: " + r.Result.String()
	if r.Termination != arbiter.TerminationNone {
		s += fmt.Sprintf(" (%s, on ply %d)", r.Termination, r.DecidedAtPly)
	}
	return s + "."
}

// moveNo is the ply-th move (0-based) numbered as players number it, in pairs from the
// start position's move number: "12" for Red's move, "12…" for Black's.
func (x *xqGame) moveNo(ply int) string {
	start := x.game.Start()
	return xiangqiMoveNo(start.Fullmove, start.SideToMove(), ply)
}

// xiangqiMoveNo numbers the ply-th move (0-based) of a game that starts at move
// fullmove (0 reads as 1) with side to move.
func xiangqiMoveNo(fullmove int, side xiangqi.Color, ply int) string {
	if fullmove < 1 {
		fullmove = 1
	}
	if side == xiangqi.Black {
		ply++
	}
	if ply%2 == 0 {
		return itoa(fullmove + ply/2)
	}
	return itoa(fullmove+ply/2) + "…"
}
