package chu

import (
	"context"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/chushogi"
)

// walkStart is a quiet position for long reversible games: kings, golds, silvers and
// rooks, far apart.
const walkStart = "10rk/12/3s8/12/8g3/12/12/3G8/12/8S3/12/KR10 b - 1"

// reversibleWalk returns n seeded random plies from walkStart that capture nothing,
// promote nothing and move no pawn or lance, so all of them stay in one repetition
// window, and that never make a position stand a third time (the game goes on).
func reversibleWalk(tb testing.TB, n int) []string {
	tb.Helper()
	p, err := chushogi.ParseSFEN(walkStart)
	if err != nil {
		tb.Fatal(err)
	}
	o := chushogi.DefaultOptions()
	r := rand.New(rand.NewPCG(11, 13))
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
			tb.Fatalf("the walk is stuck after %d plies", len(out))
		}
		m := cands[r.IntN(len(cands))]
		p.MakeMove(m)
		seen[key(&p)]++
		out = append(out, m.String())
	}
	return out
}

func key(p *chushogi.Position) string {
	f := strings.Fields(p.SFEN())
	return strings.Join(f[:3], " ")
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
				s, err := rs.NewGame(arbiter.GameStart{Position: walkStart})
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
		r, err := arbiter.AdjudicateGame(context.Background(), rs, arbiter.GameStart{Position: "6k5/3gg7/11g/12/12/3R8/12/12/12/12/12/K11 b - 1"}, moves)
		if err != nil || r.Termination != arbiter.TerminationPerpetualAttack {
			b.Fatal(err)
		}
	}
}
