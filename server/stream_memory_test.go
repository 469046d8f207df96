package server_test

import (
	"context"
	"runtime"
	"strings"
	"testing"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/chushogi/chutest"
	"github.com/arbiter-xq/arbiter/internal/worstcase"
	"github.com/arbiter-xq/arbiter/rules/banqi"
	"github.com/arbiter-xq/arbiter/rules/chinese"
	"github.com/arbiter-xq/arbiter/rules/chu"
	"github.com/arbiter-xq/arbiter/rules/site"
	"github.com/arbiter-xq/arbiter/rules/xqrules"
)

// streamCase is a long game stream of one game: its ruleset, start and moves, all in
// one repetition window or repeating a few positions (what a hostile client sends to
// make a stream hold as much as it can).
type streamCase struct {
	name  string
	rs    arbiter.Ruleset
	start string
	moves []string
}

func streamCases(tb testing.TB) []streamCase {
	tb.Helper()
	const plies = 4000
	xq, err := xqrules.New(chinese.New()).WithOptions([]arbiter.Override{{Name: "natural_move_limit", Value: "off"}})
	if err != nil {
		tb.Fatal(err)
	}
	walk, err := chutest.ReversibleWalk(plies)
	if err != nil {
		tb.Fatal(err)
	}
	jcsa, err := chu.New("chu-jcsa2004")
	if err != nil {
		tb.Fatal(err)
	}
	var bq arbiter.Ruleset
	for _, r := range banqi.All() {
		if r.Info().ID == "banqi-tw" {
			bq, err = r.WithOptions([]arbiter.Override{{Name: "repetition", Value: "off"}})
			if err != nil {
				tb.Fatal(err)
			}
		}
	}
	// The site rulesets, their move limits off, over the same long walk.
	siteRS := func(id string) arbiter.Ruleset {
		for _, r := range site.All() {
			if r.Info().ID == id {
				rs, err := r.WithOptions([]arbiter.Override{{Name: "natural_limit_plies", Value: "0"}, {Name: "total_plies_cap", Value: "0"}})
				if err != nil {
					tb.Fatal(err)
				}
				return rs
			}
		}
		tb.Fatalf("no ruleset %s", id)
		return nil
	}
	// The lion's shuffle: two squares back and forth, a handful of positions.
	return []streamCase{
		// Xiangqi: 2,900 plies without a capture (one repetition window), first
		// repeating at ply 1,472, drawn at the third occurrence (ply 2,944): the game's
		// compact plies (move, capture, hash, check), no per-ply report.
		{"xiangqi", xq, worstcase.LongCycleFEN, worstcase.LongCycle(2900)},
		// The site rulesets add their streak or Fairy-Stockfish records per ply.
		{"site-tiantian", siteRS("site-tiantian"), worstcase.LongCycleFEN, worstcase.LongCycle(2900)},
		{"site-pychess", siteRS("site-pychess"), worstcase.LongCycleFEN, worstcase.LongCycle(2900)},
		{"banqi", bq, "4/4/4/4/4/4/r3/G3 b - 0", strings.Fields("a2-a3 a1-b1 a3-b3 " + strings.Repeat("b1-a1 b3-c3 a1-b1 c3-b3 ", plies/4-1))},
		{"chu-walk", jcsa, chutest.WalkStart, walk}, // 4,000 distinct positions
	}
}

// streamBytes opens a stream's session, plays the moves and returns the live heap it
// holds after a collection.
func streamBytes(tb testing.TB, c streamCase) (int64, arbiter.Session) {
	tb.Helper()
	before := liveHeap()
	s, err := c.rs.NewGame(arbiter.Start{Position: c.start})
	if err != nil {
		tb.Fatal(err)
	}
	for i, m := range c.moves {
		u, err := s.Play(context.Background(), m)
		if err != nil || u.Status == arbiter.StatusGameOver {
			tb.Fatalf("%s ply %d %s: %v %s", c.name, i+1, m, err, u.Explanation)
		}
	}
	after := liveHeap()
	runtime.KeepAlive(s)
	return int64(after) - int64(before), s
}

// A game stream holds what its rules need (the repetition window, the latest cycle's
// plies), not every ply it has played (issue 29, finding 2: a chu shogi stream of a
// 4,000-ply shuffle kept 9.3 MB, a xiangqi one of 2,900 plies 858 KB), and never more
// than its footprint, what the service charges to its stream memory budgets.
func TestStreamMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("replays 4,000-ply games")
	}
	for _, c := range streamCases(t) {
		for _, n := range []int{0, 10, 100, 1000, len(c.moves)} {
			part := c
			part.moves = c.moves[:n]
			held, s := streamBytes(t, part)
			if _, ok := s.(arbiter.Footprinter); !ok {
				t.Fatalf("%s: the session offers no footprint", c.name)
			}
			f := arbiter.SessionFootprint(s, n)
			if n == len(c.moves) {
				t.Logf("%s: %d plies, %d bytes held (%.1f a ply), footprint %d", c.name, n, held, float64(held)/float64(n), f)
			}
			if held > int64(f) {
				t.Errorf("%s: a stream of %d plies holds %d bytes, over its footprint of %d", c.name, n, held, f)
			}
		}
	}
}

// BenchmarkStreamBytes reports the live heap one game stream holds after its 4,000
// plies (bytes/stream).
func BenchmarkStreamBytes(b *testing.B) {
	for _, c := range streamCases(b) {
		b.Run(c.name, func(b *testing.B) {
			var total int64
			streams := 0
			for b.Loop() {
				n, _ := streamBytes(b, c)
				total += n
				streams++
			}
			b.ReportMetric(float64(total)/float64(streams), "bytes/stream")
		})
	}
}
