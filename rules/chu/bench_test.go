package chu

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/chushogi/chutest"
)

// walkStart and reversibleWalk: chutest's reversible game, one repetition window long.
const walkStart = chutest.WalkStart

func reversibleWalk(tb testing.TB, n int) []string {
	tb.Helper()
	moves, err := chutest.ReversibleWalk(n)
	if err != nil {
		tb.Fatal(err)
	}
	return moves
}

// BenchmarkReplayPerPly replays a reversible game of 10, 100 and 1,000 plies, all in one
// repetition window, through a chu-jcsa2004 session (legality, nature, occurrence count,
// game-end checks): ns/ply must not grow with the window.
func BenchmarkReplayPerPly(b *testing.B) {
	rs, _ := New("chu-jcsa2004")
	for _, n := range []int{10, 100, 1000} {
		moves := reversibleWalk(b, n)
		b.Run("plies="+strconv.Itoa(n), func(b *testing.B) {
			plies := 0
			for b.Loop() {
				s, err := rs.NewGame(arbiter.Start{Position: walkStart})
				if err != nil {
					b.Fatal(err)
				}
				for _, m := range moves {
					u, err := s.Play(context.Background(), m)
					if err != nil || u.Status == arbiter.StatusGameOver {
						b.Fatal(m, err, u.Explanation)
					}
				}
				plies += len(moves)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(plies), "ns/ply")
		})
	}
}

// BenchmarkRepetitionRuling replays T-R1 to its ruling: the rook attacks on every move,
// the fourth occurrence ends the game (sente loses).
func BenchmarkRepetitionRuling(b *testing.B) {
	rs, _ := New("chu-jcsa2004")
	moves := strings.Fields(rep3("9f8f 1c1d 8f9f 1d1c"))
	for b.Loop() {
		r, err := arbiter.Adjudicate(context.Background(), rs, arbiter.Start{Position: "6k5/3gg7/11g/12/12/3R8/12/12/12/12/12/K11 b - 1"}, moves)
		if err != nil || r.Termination != arbiter.TerminationPerpetualAttack {
			b.Fatal(err)
		}
	}
}
