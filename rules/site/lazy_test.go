package site

import (
	"context"
	"reflect"
	"testing"

	"github.com/arbiter-xq/arbiter/arbiter"
)

// TestLazyChasesMatchEager plays seeded random games with many checks and chases (and
// some CCPD games) under every ruleset that counts chases, once reading every move's
// chases at once (eager) and once lazily as the layer does, and requires every update
// to be the same: the lazy reading is an optimisation, never a different rule.
func TestLazyChasesMatchEager(t *testing.T) {
	games := randomGamesBias(40, 240, 11, true)
	func() {
		defer func() { recover() }()
		games = append(games, readCCPD(t, 40)...)
	}()
	ids := []string{"site-tiantian", "site-cxq", "site-xiangqi-cc", "site-pychess",
		"site-tiantian+in_check_moves=count+streak_reset=own_capture", "site-cxq+streak_pieces=moving+in_check_moves=reset",
		"site-xiangqi-cc+streak_on_violation=forbid+chase_streak_target=any", "site-tiantian+streak_violation=at_cap+chase_streak_rounds=2+mixed_streak_rounds=3"}
	for _, id := range ids {
		base, ov, err := arbiter.ParseRulesetID(id)
		if err != nil {
			t.Fatal(err)
		}
		var rs *Ruleset
		for _, r := range All() {
			if r.Info().ID == base {
				x, err := r.WithOptions(ov)
				if err != nil {
					t.Fatal(id, err)
				}
				rs = x.(*Ruleset)
			}
		}
		for _, g := range games {
			lazy, eager := playLayer(t, rs, g, false), playLayer(t, rs, g, true)
			if len(lazy) != len(eager) {
				t.Fatalf("%s %s: %d updates lazily, %d eagerly", id, g.id, len(lazy), len(eager))
			}
			for i := range lazy {
				if !reflect.DeepEqual(lazy[i], eager[i]) {
					t.Fatalf("%s %s ply %d:\nlazy  %+v\neager %+v", id, g.id, i, lazy[i], eager[i])
				}
			}
		}
	}
}

func playLayer(t *testing.T, rs *Ruleset, g peerGame, eager bool) []arbiter.Update {
	eagerReading = eager
	defer func() { eagerReading = false }()
	s, err := rs.NewGame(arbiter.Start{Position: g.fen, Lenient: true})
	if err != nil {
		t.Fatal(err)
	}
	var out []arbiter.Update
	for _, m := range g.moves {
		u, err := s.Play(context.Background(), m)
		if err != nil {
			break
		}
		out = append(out, u)
		if u.Status == arbiter.StatusGameOver {
			break
		}
	}
	return out
}
