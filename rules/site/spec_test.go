package site

import (
	"strings"
	"testing"

	"github.com/arbiter-xq/arbiter/arbiter"
)

// ec1 is the elephantchess.io test game (its MoveHistoryTest, perpetualCheckTest01).
const ec1 = `b0c2 b9c7 c3c4 h9i7 g3g4 a9a8 h0g2 a8d8 g2f4 h7h4 i3i4 h4f4 h2e2 f4f2 i0h0 f2c2 c4c5 c6c5 b2b4 d8d3
b4e4 d9e8 a0b0 d3e3 e4c4 b7a7 c4c7 c2c7 b0b9 c7c0 e0e1 g9e7 g4g5 i9h9 h0h9 i7h9 g5g6 h9i7 g6g7 i7g6
g7g8 g6f4 g8g9 e7g9 b9c9 e8d9 e1d1 f9e8 c9c5 c0f0 c5c6 e3d3 d1e1 f4g2 e1e0 a7a3 e2e8 d9e8 c6e6 a3a0
d0e1 f0f4 e6a6 f4e4 e1f0 d3e3 e0d0 e3d3 d0e0 a0f0 a6a9 e8d9 a9a4 d3e3 e0d0 f0f4 a4a2 e3d3 d0e0 d3e3
e0d0 g2e1 d0d1 e1g0 a2g2 e3e1 d1d2 g0i1 g2g9 e9e8 g9d9 e4i4 d9d8 e8e7 d8d7 e7e8 d7d8 e8e7 d8d7 e7e8
d7d8 e8e7 d8d7 e7e8 d7d8 e8e7 d8d7 e7e8`

func TestEC1(t *testing.T) {
	for _, tc := range []struct {
		id     string
		result arbiter.Result
		ply    int
	}{
		{"site-elephantchess", arbiter.ResultBlackWins, 103},
		{"site-pychess", arbiter.ResultBlackWins, 101},
		{"site-playstrategy", arbiter.ResultBlackWins, 105},
	} {
		r := adjudicate(t, tc.id, "", ec1)
		if r.Result != tc.result || r.DecidedAtPly != tc.ply {
			t.Errorf("%s: %s at ply %d (%s), want %s at ply %d", tc.id, r.Result, r.DecidedAtPly, r.Explanation, tc.result, tc.ply)
		}
	}
	// Before ply 103 nothing ends the game under site-elephantchess.
	moves := strings.Fields(ec1)
	r := adjudicate(t, "site-elephantchess", "", strings.Join(moves[:102], " "))
	if r.Result != arbiter.ResultOngoing {
		t.Errorf("site-elephantchess after ply 102: %s, want ongoing", r.Result)
	}
}

func TestFSFCases(t *testing.T) {
	for _, tc := range []struct {
		fen, cycle string
		want       arbiter.Result
	}{
		{"9/3kc4/3a5/3P5/9/4p4/9/4K4/9/3C5 w - - 0 1", "d6e6 e4d4 e6d6 d4e4", arbiter.ResultRedWins},
		{"3k5/9/9/9/9/9/3r5/9/9/3NK4 w - - 0 1", "d0c2 d3c3 c2d0 c3d3", arbiter.ResultRedWins},
		{"9/4c4/3k5/3r5/9/9/4C4/9/4K4/3R5 w - - 0 1", "e3d3 d6e6 d3e3 e6d6", arbiter.ResultDraw},
	} {
		r := adjudicate(t, "site-pychess", tc.fen, tc.cycle+" "+tc.cycle)
		if r.Result != tc.want || r.DecidedAtPly != 8 {
			t.Errorf("site-pychess %s: %s at %d, want %s at 8", tc.fen, r.Result, r.DecidedAtPly, tc.want)
		}
		r = adjudicate(t, "site-playstrategy", tc.fen, tc.cycle+" "+tc.cycle+" "+tc.cycle)
		if r.Result != tc.want || r.DecidedAtPly != 12 {
			t.Errorf("site-playstrategy %s: %s at %d, want %s at 12", tc.fen, r.Result, r.DecidedAtPly, tc.want)
		}
		r = adjudicate(t, "site-xiangqi-com", tc.fen, tc.cycle+" "+tc.cycle+" "+tc.cycle)
		t.Logf("site-xiangqi-com: %s forbidden ply %d result %s", tc.fen, r.ForbiddenPly, r.Result)
	}
}

func TestOverrides(t *testing.T) {
	rs := lookup(t, "site-tiantian+chase_streak_rounds=6/12+loss_at_occurrence=off")
	if got := rs.Info().ID; got != "site-tiantian+chase_streak_rounds=6/12+loss_at_occurrence=off" {
		t.Errorf("id %q", got)
	}
	var reg arbiter.Registry
	for _, r := range All() {
		reg.Register(r)
	}
	for _, bad := range []string{"site-tiantian+nope=1", "site-tiantian+check_streak_rounds=6/x", "site-tiantian+check_streak_rounds=12/6",
		"site-tiantian+loss_at_occurrence=1", "site-pychess+natures=foo", "site-cxq+total_plies_cap=-1"} {
		if _, err := reg.Lookup(bad); err == nil {
			t.Errorf("%s: no error", bad)
		} else if _, ok := err.(*arbiter.OptionError); !ok {
			t.Errorf("%s: %T %v, want *OptionError", bad, err, err)
		}
	}
}

// TestNoPanic plays random and degenerate records under every site ruleset.
func TestNoPanic(t *testing.T) {
	games := randomGamesBias(40, 200, 5, true)
	games = append(games, shuttleGames(40, 6)...)
	for _, r := range All() {
		for _, g := range games {
			if _, err := arbiter.Adjudicate(t.Context(), r, arbiter.Start{Position: g.fen}, g.moves); err != nil {
				t.Fatalf("%s %s: %v", r.Info().ID, g.id, err)
			}
		}
		for _, fen := range []string{"4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "3k5/9/9/9/9/9/9/9/9/4K4 b - - 0 1", "4k4/4R4/9/9/9/9/9/9/9/3K5 b - - 0 1"} {
			if _, err := arbiter.Adjudicate(t.Context(), r, arbiter.Start{Position: fen}, nil); err != nil {
				t.Logf("%s %s: %v", r.Info().ID, fen, err)
			}
		}
	}
}
