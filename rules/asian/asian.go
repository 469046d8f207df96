package asian

import (
	"context"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/rules/xqrules"
	"github.com/arbiter-xq/arbiter/xiangqi"
)

// Ruleset is the Asian (AXF 2003 / WXF 2018) ruleset. The zero value is ready to use
// and safe for concurrent use.
type Ruleset struct{}

// New returns the Asian ruleset.
func New() xqrules.Ruleset { return Ruleset{} }

// Info describes the ruleset.
func (Ruleset) Info() arbiter.RulesetInfo {
	return arbiter.RulesetInfo{
		ID:      "asian",
		Name:    "Asian Xiangqi Federation rules",
		Edition: "AXF 2003 / WXF 2018",
		Description: "Repetition rules of the Asian Xiangqi Federation (Chapter 4, 棋例), " +
			"adopted as the WXF World Xiangqi Rules 2018: perpetual check (长将) and perpetual " +
			"chase (长捉) of one piece are forbidden; perpetual mate threats (长杀), one check " +
			"one chase, king and pawn chases and chases of protected pieces (except a horse " +
			"or cannon on a rook) are allowed.",
	}
}

// JudgeCycle classifies the moves start..end-1 of g and rules on the cycle. Out-of-range
// bounds give an empty judgement with no verdict. It polls ctx before every move it
// classifies and returns ctx.Err() when ctx has ended. A cycle longer than
// xqrules.MaxCyclePlies is judged on its checks only (xqrules.JudgeLongCycle).
func (Ruleset) JudgeCycle(ctx context.Context, g *xiangqi.Game, start, end int) (xqrules.Judgement, error) {
	return judgeCycle(ctx, g, start, end, nil)
}

// judgeCycle is JudgeCycle with the classifications remembered from earlier judgements
// of the same game (nil: none).
func judgeCycle(ctx context.Context, g *xiangqi.Game, start, end int, m *memo) (xqrules.Judgement, error) {
	if g == nil || start < 0 || end > g.Len() || end-start < 2 {
		return xqrules.Judgement{}, nil
	}
	if err := ctx.Err(); err != nil {
		return xqrules.Judgement{}, err
	}
	if end-start > xqrules.MaxCyclePlies {
		return judgeLong(g, start, end), nil
	}
	// The repetition is judged from the occurrence before start as well, when there is
	// one: a side whose chases changed victims between the previous turn of the
	// repetition and this one is not chasing one piece perpetually (AXF rule 32, D80:
	// two rooks taking turns on two cannons, wxf-L570). The look-back is one earlier
	// occurrence, at most two cycle lengths away, so the cost of a judgement does not
	// grow with the number of repetitions or the length of the game. The judgement
	// reports the natures of the requested cycle's moves only.
	from := previousTurn(g, start, end)
	c, err := readCycle(ctx, g, from, start, end, m)
	if err != nil {
		return xqrules.Judgement{}, err
	}
	return c.judge(), nil
}

// judgeLong judges a cycle too long to classify (xqrules.JudgeLongCycle) with the
// rules it applies: unilateral perpetual check must change (AXF rule 6), mutual
// perpetual check is a draw (AXF rule 7), anything else a draw (AXF general rule 5).
func judgeLong(g *xiangqi.Game, start, end int) xqrules.Judgement {
	j := xqrules.JudgeLongCycle(g, start, end)
	var ref string
	switch _, ok := xqrules.Violator(j.Ruling.Verdict); {
	case ok:
		ref = "AXF rule 6 (D1–D3)"
	case j.Sides[xiangqi.Red].Forbidden:
		ref = "AXF rule 7 (D4)"
	default:
		ref = "AXF general rule 5"
	}
	j.Ruling.References = []string{ref, xqrules.LongCycleReference}
	return j
}

// previousTurn returns the latest ply before start whose position equals the position
// after end plies, looking back at most two cycle lengths and never across a capture;
// start itself when there is none.
func previousTurn(g *xiangqi.Game, start, end int) int {
	h := g.HashAt(end)
	limit := max(0, start-2*(end-start))
	for i := start - 1; i >= limit; i-- {
		if g.Ply(i).Captured != xiangqi.NoPiece {
			break
		}
		if (start-i)%2 == 0 && g.HashAt(i) == h {
			return i
		}
	}
	return start
}
