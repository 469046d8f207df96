package site

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/arbiter-xq/arbiter/arbiter"
)

// TestFindContrast looks, in seeded random games with checks and chases, for the
// shortest record two ruleset ids ($PAIR="id1,id2") rule differently (a debugging aid
// for constructed casebook cases).
func TestFindContrast(t *testing.T) {
	pair := os.Getenv("PAIR")
	if pair == "" {
		t.Skip()
	}
	ids := strings.Split(pair, ",")
	var rs [2]arbiter.Ruleset
	for i, id := range ids {
		base, ov, err := arbiter.ParseRulesetID(id)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range All() {
			if r.Info().ID == base {
				if rs[i], err = r.WithOptions(ov); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	best := -1
	var bestMoves []string
	var bestFEN string
	for _, g := range randomGamesBias(400, 200, 31, true) {
		var s [2]arbiter.Session
		for i := range s {
			s[i], _ = rs[i].NewGame(arbiter.Start{Position: g.fen, Lenient: true})
		}
		for k, m := range g.moves {
			if best >= 0 && k >= best {
				break
			}
			u0, e0 := s[0].Play(context.Background(), m)
			u1, e1 := s[1].Play(context.Background(), m)
			if (e0 == nil) != (e1 == nil) || u0.Status != u1.Status || u0.Result != u1.Result {
				best, bestMoves, bestFEN = k+1, g.moves[:k+1], g.fen
				t.Logf("ply %d: %v %v / %v %v: %s | %s", k+1, u0.Status, u0.Result, u1.Status, u1.Result, u0.Explanation, u1.Explanation)
				break
			}
			if e0 != nil || u0.Status == arbiter.StatusGameOver {
				break
			}
		}
	}
	t.Logf("fen %s\nmoves %s", bestFEN, strings.Join(bestMoves, " "))
}
