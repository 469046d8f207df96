package site

import (
	"context"
	"testing"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/rules/asian"
	"github.com/arbiter-xq/arbiter/rules/xqrules"
)

// BenchmarkStreamMove measures one move of a stream (Session.Play) under each site
// ruleset and under asian, on CCPD games (a random game where the corpus is absent),
// at two game lengths: the per-move cost must not grow with the game (ns/move flat
// between the short and the long games) and stay within 1.5x of asian's. ns/move is
// the wall time; cpu-ns/move the process's CPU time, the figure to compare on a loaded
// machine (run with -cpu 1).
func BenchmarkStreamMove(b *testing.B) {
	var short, long []peerGame
	for _, g := range benchGames(b) {
		switch {
		case len(g.moves) >= 160 && len(long) < 20:
			long = append(long, peerGame{g.id, g.fen, g.moves[:160]})
		case len(g.moves) >= 40 && len(short) < 80:
			short = append(short, peerGame{g.id, g.fen, g.moves[:40]})
		}
	}
	sets := []arbiter.Ruleset{xqrules.New(asian.New())}
	for _, r := range All() {
		sets = append(sets, r)
	}
	for _, rs := range sets {
		for _, set := range []struct {
			name  string
			games []peerGame
		}{{"40plies", short}, {"160plies", long}} {
			b.Run(rs.Info().ID+"/"+set.name, func(b *testing.B) {
				ctx := context.Background()
				moves := 0
				cpu0 := cpuTime()
				for b.Loop() {
					for _, g := range set.games {
						s, err := rs.NewGame(arbiter.Start{Position: g.fen, Lenient: true})
						if err != nil {
							b.Fatal(err)
						}
						for _, m := range g.moves {
							if _, err := s.Play(ctx, m); err != nil {
								break
							}
							moves++
						}
					}
				}
				cpu := cpuTime() - cpu0
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(max(1, moves)), "ns/move")
				// The process's CPU time per move: on a loaded machine the wall time counts
				// the time the benchmark waited for a core, the CPU time does not (run with
				// -cpu 1 so that it is one thread's).
				b.ReportMetric(float64(cpu.Nanoseconds())/float64(max(1, moves)), "cpu-ns/move")
			})
		}
	}
}

func benchGames(b *testing.B) []peerGame {
	var gs []peerGame
	func() {
		defer func() { recover() }()
		gs = readCCPD(b, 2000)
	}()
	if len(gs) == 0 {
		gs = randomGames(100, 200, 1)
	}
	return gs
}
