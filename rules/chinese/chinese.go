// Package chinese implements the repetition rules (棋例) of the Chinese Xiangqi
// Association (中国象棋协会), 象棋竞赛规则 2020 edition, chapter 6: the nature of every
// move of a cycle (将 check, 杀 mate threat, 捉 chase, and the idle kinds 兑 献 拦 跟 闲)
// and the ruling on the cycle.
package chinese

import (
	"context"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/rules/xqrules"
	"github.com/arbiter-xq/arbiter/xiangqi"
)

type ruleset struct{}

// New returns the CXA 2020 ruleset.
func New() xqrules.Ruleset { return ruleset{} }

func (ruleset) Info() arbiter.RulesetInfo {
	return arbiter.RulesetInfo{
		ID:      "chinese",
		Name:    "Chinese Xiangqi Association rules",
		Edition: "2020",
		Description: "CXA 象棋竞赛规则 (2020), chapter 6 棋例: a side whose every move in the cycle is an attack " +
			"(将 check, 杀 mate threat, 捉 chase) must change; unilateral perpetual check is never allowed; when both " +
			"sides attack perpetually the game is drawn unless 26.9 (joint chases) makes one side responsible.",
	}
}

// JudgeCycle classifies the moves start..end-1 of g and rules on the cycle. A cycle
// longer than xqrules.MaxCyclePlies is judged on its checks only
// (xqrules.JudgeLongCycle). It polls ctx before every move it classifies and returns
// ctx.Err() when ctx has ended.
func (ruleset) JudgeCycle(ctx context.Context, g *xiangqi.Game, start, end int) (xqrules.Judgement, error) {
	if g == nil || start < 0 || end > g.Len() || start >= end {
		return xqrules.Judgement{}, nil
	}
	j, _, err := judgeCounted(ctx, g, start, end, nil)
	return j, err
}

// judgeLong judges a cycle too long to classify (xqrules.JudgeLongCycle) with the
// articles of the rule it applies: unilateral perpetual check must change (25.1),
// otherwise the repetition is drawn (25.2).
func judgeLong(g *xiangqi.Game, start, end int) xqrules.Judgement {
	j := xqrules.JudgeLongCycle(g, start, end)
	ref := "CXA 2020 25.2"
	if _, ok := xqrules.Violator(j.Ruling.Verdict); ok {
		ref = "CXA 2020 25.1"
	}
	j.Ruling.References = []string{ref, xqrules.LongCycleReference}
	return j
}

// workStats is what a judgement cost: the cheapest tier any of its moves was
// classified in (the highest number), the work units of the tiers that completed, and
// the units of all tiers tried.
type workStats struct {
	tier, work, total int
	// most is the most work one move's classification took in the tier that completed.
	most int
}

// judgeCounted is JudgeCycle on valid bounds, with what it cost. cache, when not nil,
// holds the classifications of moves already judged in the same game (judge.go).
func judgeCounted(ctx context.Context, g *xiangqi.Game, start, end int, cache *plyCache) (xqrules.Judgement, workStats, error) {
	if err := ctx.Err(); err != nil {
		return xqrules.Judgement{}, workStats{}, err
	}
	if end-start > xqrules.MaxCyclePlies {
		return judgeLong(g, start, end), workStats{}, nil
	}
	c := &classifier{mates: getMateSearch(), cache: cache}
	defer c.release()
	return c.judge(ctx, g, start, end)
}

// nextFacts returns the facts of ply i of g, whose position before it is cur, and plays
// the move on cur.
func nextFacts(g *xiangqi.Game, i int, cur *xiangqi.Position) plyFacts {
	rec := g.Ply(i)
	f := plyFacts{ply: i, move: rec.Move, mover: cur.SideToMove(), moved: cur.At(rec.Move.From()), before: *cur, prevTo: xiangqi.NoSquare}
	if i > 0 {
		f.prev = g.Ply(i - 1).Move
		f.prevTo = f.prev.To()
	}
	cur.MakeMove(rec.Move)
	f.after = *cur
	return f
}

// judge classifies the moves start..end-1 of g and rules on the cycle. Each move is
// classified on its own (classifyMove, judge.go): its nature depends on the move and
// the position before it (and the opponent's move just before) alone. It stops with
// ctx.Err() when ctx ends.
func (c *classifier) judge(ctx context.Context, g *xiangqi.Game, start, end int) (xqrules.Judgement, workStats, error) {
	cache := c.cache
	j := xqrules.Judgement{Plies: make([]xqrules.PlyNature, 0, end-start)}
	var st workStats
	cur := g.PositionAt(start)
	movers := make([]xiangqi.Color, 0, end-start)
	plies := cache.takeScratch(end - start)
	defer func() { cache.giveScratch(plies) }()
	for i := start; i < end; i++ {
		f := nextFacts(g, i, &cur)
		movers = append(movers, f.mover)
		plies = append(plies, f)
	}
	ahead, err := classifyAhead(ctx, plies, cache)
	if err != nil {
		return xqrules.Judgement{}, st, err
	}
	c.ahead = ahead
	defer func() { c.ahead = nil }()
	for k := range plies {
		if err := ctx.Err(); err != nil {
			return xqrules.Judgement{}, st, err
		}
		f := &plies[k]
		i := f.ply
		pn, ps := c.classifyCached(f)
		pn.Ply = i
		j.Plies = append(j.Plies, pn)
		st.tier = max(st.tier, ps.tier)
		st.work += ps.work
		st.total += ps.total
		st.most = max(st.most, ps.work)
	}
	var facts [2]sideFacts
	for _, side := range []xiangqi.Color{xiangqi.Red, xiangqi.Black} {
		facts[side] = summarise(j.Plies, movers, side)
		sp := &j.Sides[side]
		sp.Side = side
		sp.Natures = facts[side].natures
		sp.Pattern = arbiter.PatternName(sp.Natures)
		sp.Forbidden = facts[side].forbidden
		for k, pn := range j.Plies {
			if movers[k] == side {
				sp.Plies = append(sp.Plies, pn.Ply)
			}
		}
		if sp.Forbidden {
			sp.Chased = chased(g, j.Plies, sp.Plies)
		}
	}
	v, refs, why := rule(facts[xiangqi.Red], facts[xiangqi.Black])
	j.Ruling = arbiter.Ruling{Verdict: v, References: refs}
	j.Ruling.Explanation = explainRuling(&j, why)
	return j, st, nil
}

// chased lists the pieces a forbidden side chases perpetually: the victims of its 捉
// moves in the cycle, each followed through the moves after the chase (a victim that
// moves is followed to its new square; one that is taken is dropped) to where it stands
// after the side's last move of the cycle (xqrules.SidePattern.Chased).
func chased(g *xiangqi.Game, plies []xqrules.PlyNature, mine []int) []xiangqi.Square {
	if len(mine) == 0 {
		return nil
	}
	last := mine[len(mine)-1]
	var out []xiangqi.Square
	for _, pn := range plies {
		if pn.Nature != arbiter.NatureChase || !containsInt(mine, pn.Ply) {
			continue
		}
		for _, t := range pn.Threats {
			s := t.Target
			for i := pn.Ply + 1; i <= last && s != xiangqi.NoSquare; i++ {
				switch m := g.Ply(i).Move; s {
				case m.From():
					s = m.To()
				case m.To():
					s = xiangqi.NoSquare // taken
				}
			}
			if s != xiangqi.NoSquare && !containsSquare(out, s) {
				out = append(out, s)
			}
		}
	}
	return out
}

func containsInt(list []int, x int) bool {
	for _, v := range list {
		if v == x {
			return true
		}
	}
	return false
}
