package chinese

import (
	"bufio"
	"compress/gzip"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/rules/asian"
	"github.com/arbiter-xq/arbiter/rules/xqrules"
	"github.com/arbiter-xq/arbiter/xiangqi"
)

// A game to adjudicate: its start and moves.
type benchGame struct {
	start xiangqi.Position
	moves []xiangqi.Move
}

const corpusPath = "../../../shared/corpus/ccpd-games.tsv.gz"

// loadCorpus reads the CCPD games (skipped when the shared corpus is absent).
func loadCorpus(tb testing.TB) []benchGame {
	tb.Helper()
	f, err := os.Open(filepath.FromSlash(corpusPath))
	if err != nil {
		tb.Skipf("corpus not available: %v", err)
	}
	defer f.Close()
	gz, err := gzip.NewReader(f)
	if err != nil {
		tb.Fatal(err)
	}
	var out []benchGame
	sc := bufio.NewScanner(gz)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		c := strings.Split(sc.Text(), "\t")
		if len(c) < 3 || c[0] == "game_id" {
			continue
		}
		p, err := xiangqi.ParseFENOptions(c[1], xiangqi.FENOptions{AllowUnreachable: true})
		if err != nil {
			continue
		}
		g := benchGame{start: p}
		for _, s := range strings.Fields(c[2]) {
			m, ok := xiangqi.ParseICCS(s)
			if !ok {
				break
			}
			g.moves = append(g.moves, m)
		}
		out = append(out, g)
	}
	return out
}

// randomRepetitionGames is a seeded sample of random games with forced repetitions.
func randomRepetitionGames(n int) []benchGame {
	r := rand.New(rand.NewPCG(3, 2026))
	out := make([]benchGame, n)
	for i := range out {
		out[i] = benchGame{xiangqi.StartPosition(), randomRepetitionGame(r, 60+r.IntN(60))}
	}
	return out
}

// perGameRuns is the number of times each game is adjudicated in an iteration; its time
// is the fastest of them. On a shared machine a game's time is its own work plus
// whatever the scheduler charges it for others' (a preemption of milliseconds lands on
// a few games of every run and makes the tail); the fastest of three runs is the
// game's own cost.
const perGameRuns = 3

// benchPerGame adjudicates every game perGameRuns times per iteration (a session per
// game, as a site ruling a record or a stream would) and reports the median, 99th
// percentile and slowest time per game (each the fastest of its runs) of the last
// iteration, in microseconds.
func benchPerGame(b *testing.B, rs xqrules.Ruleset, games []benchGame) {
	times := make([]time.Duration, len(games))
	for b.Loop() {
		for i, g := range games {
			times[i] = -1
			for range perGameRuns {
				t0 := time.Now()
				if _, err := xqrules.Adjudicate(rs, g.start, g.moves, arbiter.DefaultPolicy()); err != nil {
					break
				}
				if d := time.Since(t0); times[i] < 0 || d < times[i] {
					times[i] = d
				}
			}
		}
	}
	slices.Sort(times)
	us := func(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1e3 }
	b.ReportMetric(us(times[len(times)/2]), "p50-µs/game")
	b.ReportMetric(us(times[len(times)*99/100]), "p99-µs/game")
	b.ReportMetric(us(times[len(times)-1]), "max-µs/game")
}

// BenchmarkPerGame compares the Chinese and Asian rulesets game by game, on the CCPD
// corpus (31,049 games; run with -benchtime=1x) and on random games with forced
// repetitions. The target of issue 10: the Chinese p99 within 3x of the Asian one and
// the slowest game under 10x.
func BenchmarkPerGame(b *testing.B) {
	for _, set := range []struct {
		name  string
		games func() []benchGame
	}{{"corpus", func() []benchGame { return loadCorpus(b) }}, {"random-repetitions", func() []benchGame { return randomRepetitionGames(200) }}} {
		var games []benchGame
		for _, rs := range []xqrules.Ruleset{New(), asian.New()} {
			b.Run(set.name+"/"+rs.Info().ID, func(b *testing.B) {
				if games == nil {
					games = set.games()
				}
				benchPerGame(b, rs, games)
			})
		}
	}
}

// BenchmarkPerGameRatio measures the target of issue 10 directly: it adjudicates each
// game under one ruleset and then the other (perGameRuns times each, in a row, as
// benchPerGame does; which one first alternates from game to game), so that a slow
// spell of a shared machine falls on both alike, and
// reports each ruleset's 99th percentile and the ratios of the 99th percentiles and of
// the slowest games (run with -benchtime=1x).
func BenchmarkPerGameRatio(b *testing.B) {
	for _, set := range []struct {
		name  string
		games func() []benchGame
	}{{"corpus", func() []benchGame { return loadCorpus(b) }}, {"random-repetitions", func() []benchGame { return randomRepetitionGames(200) }}} {
		b.Run(set.name, func(b *testing.B) {
			games := set.games()
			rulesets := [2]xqrules.Ruleset{New(), asian.New()}
			var times [2][]time.Duration
			for k := range times {
				times[k] = make([]time.Duration, len(games))
			}
			for b.Loop() {
				for i, g := range games {
					times[0][i], times[1][i] = -1, -1
					for j := range rulesets {
						// Each ruleset goes first on every other game, so that the
						// garbage one leaves does not always fall on the other.
						k := (i + j) % 2
						for range perGameRuns {
							t0 := time.Now()
							if _, err := xqrules.Adjudicate(rulesets[k], g.start, g.moves, arbiter.DefaultPolicy()); err != nil {
								break
							}
							if d := time.Since(t0); times[k][i] < 0 || d < times[k][i] {
								times[k][i] = d
							}
						}
					}
				}
			}
			var p99, most [2]time.Duration
			for k := range times {
				slices.Sort(times[k])
				p99[k], most[k] = times[k][len(times[k])*99/100], times[k][len(times[k])-1]
			}
			us := func(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1e3 }
			b.ReportMetric(us(p99[0]), "chinese-p99-µs")
			b.ReportMetric(us(p99[1]), "asian-p99-µs")
			b.ReportMetric(float64(p99[0])/float64(p99[1]), "p99-ratio")
			b.ReportMetric(float64(most[0])/float64(most[1]), "max-ratio")
		})
	}
}
