// Package chutest holds test fixtures for chu shogi shared by the packages that test
// and benchmark it (rules/chu, server).
package chutest

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/arbiter-xq/arbiter/chushogi"
)

// WalkStart is a quiet position for long reversible games: kings, golds, silvers and
// rooks, far apart.
const WalkStart = "10rk/12/3s8/12/8g3/12/12/3G8/12/8S3/12/KR10 b - 1"

// ReversibleWalk returns n seeded random plies from WalkStart that capture nothing,
// promote nothing and move no pawn or lance, so all of them stay in one repetition
// window, and that never make a position stand a third time (the game goes on).
func ReversibleWalk(n int) ([]string, error) {
	p, err := chushogi.ParseSFEN(WalkStart)
	if err != nil {
		return nil, err
	}
	o := chushogi.DefaultOptions()
	r := rand.New(rand.NewPCG(11, 13))
	key := func(p *chushogi.Position) string { return strings.Join(strings.Fields(p.SFEN())[:3], " ") }
	seen := map[string]int{key(&p): 1}
	var out []string
	for len(out) < n {
		var cands []chushogi.Move
		for _, m := range p.LegalMoves(&o) {
			if m.Promote || p.At(m.To) != chushogi.NoPiece || (m.IsTwoStep() && p.At(m.Mid) != chushogi.NoPiece) {
				continue
			}
			q := p
			q.MakeMove(m)
			if seen[key(&q)] < 2 {
				cands = append(cands, m)
			}
		}
		if len(cands) == 0 {
			return nil, fmt.Errorf("chutest: the walk is stuck after %d plies", len(out))
		}
		m := cands[r.IntN(len(cands))]
		p.MakeMove(m)
		seen[key(&p)]++
		out = append(out, m.String())
	}
	return out, nil
}
