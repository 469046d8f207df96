package site

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/arbiter-xq/arbiter/arbiter"
)

// TestGoldenDump writes every update of every site ruleset (and a few overrides) over
// CCPD and random games to $GOLDEN (a debugging aid: diff two dumps to see that a change
// keeps every ruling).
func TestGoldenDump(t *testing.T) {
	out := os.Getenv("GOLDEN")
	if out == "" {
		t.Skip()
	}
	var games []peerGame
	func() {
		defer func() { recover() }()
		games = readCCPD(t, 300)
	}()
	games = append(games, randomGamesBias(150, 300, 7, true)...)
	ids := []string{}
	for _, r := range All() {
		ids = append(ids, r.Info().ID)
	}
	ids = append(ids, "site-tiantian+in_check_moves=count", "site-tiantian+in_check_moves=reset+streak_reset=own_capture",
		"site-cxq+streak_pieces=moving", "site-xiangqi-cc+streak_on_violation=forbid", "site-tiantian+chase_streak_target=any+streak_violation=at_cap")
	var b strings.Builder
	for _, id := range ids {
		base, ov, err := arbiter.ParseRulesetID(id)
		if err != nil {
			t.Fatal(id, err)
		}
		var rs arbiter.Ruleset
		for _, r := range All() {
			if r.Info().ID == base {
				if rs, err = r.WithOptions(ov); err != nil {
					t.Fatal(id, err)
				}
			}
		}
		for _, g := range games {
			s, err := rs.NewGame(arbiter.Start{Position: g.fen, Lenient: true})
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&b, "%s %s\n", id, g.id)
			for _, m := range g.moves {
				u, err := s.Play(context.Background(), m)
				if err != nil {
					fmt.Fprintf(&b, "  err %v\n", err)
					break
				}
				j, _ := json.Marshal(u)
				b.Write(j)
				b.WriteByte('\n')
				if u.Status == arbiter.StatusGameOver {
					break
				}
			}
		}
	}
	if err := os.WriteFile(out, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}
