package banqi

import (
	"context"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/arbiter-xq/arbiter/arbiter"
	bq "github.com/arbiter-xq/arbiter/banqi"
)

// randomRecord plays a seeded random game under rs from the start and returns up to n
// plies that the referee accepts, stopping at the end of the game.
func randomRecord(tb testing.TB, rs Ruleset, seed uint64, n int) []string {
	tb.Helper()
	r := rand.New(rand.NewPCG(seed, 2))
	s, err := NewSession(rs, bq.StartPosition(rs.Options), "")
	if err != nil {
		tb.Fatal(err)
	}
	var out []string
	for len(out) < n {
		if _, _, _, over := s.Over(); over {
			break
		}
		moves := s.Game().Position().LegalMoves(nil, true)
		// Prefer plain moves, so that the record has long windows and repetitions.
		var plain []bq.Move
		for _, m := range moves {
			if m.Kind == bq.Step {
				plain = append(plain, m)
			}
		}
		if len(plain) > 0 && r.IntN(4) > 0 {
			moves = plain
		}
		m := moves[r.IntN(len(moves))]
		u, err := s.PlayMove(m, m.String())
		if err != nil {
			tb.Fatal(err)
		}
		if u.Status == arbiter.StatusForbidden {
			continue
		}
		out = append(out, m.String())
	}
	return out
}

// BenchmarkJudge300 rules on a whole 300-ply record from the start under banqi-tw.
func BenchmarkJudge300(b *testing.B) {
	for _, id := range []string{"banqi-tw", "banqi-cdc", "banqi-routechase"} {
		b.Run(id, func(b *testing.B) {
			rs, _ := Lookup(id)
			rs.Policy.NoProgressPlies = 0 // keep the game going for 300 plies
			rec := randomRecord(b, rs, 11, 300)
			b.ReportMetric(float64(len(rec)), "plies")
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Judge(rs, "", "", rec); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkStreamMove is the cost of one more ply on a stream after 10 and after 1,000
// plies: a flat cost per ply means the two are alike.
func BenchmarkStreamMove(b *testing.B) {
	for _, n := range []int{10, 1000} {
		b.Run(map[int]string{10: "after10", 1000: "after1000"}[n], func(b *testing.B) {
			rs, _ := Lookup("banqi-tw")
			// A late game: two chariots walk a loop forever (repetitions allowed, so
			// the game never ends), preceded by n plies of the same walk.
			rs.Policy.Repetition = RepetitionOff
			loop := []string{"a1-a2", "d8-d7", "a2-a3", "d7-d6", "a3-a2", "d6-d7", "a2-a1", "d7-d8"}
			start, err := bq.ParsePosition("3r/4/4/X3/4/4/4/R3 r p 0", rs.Options)
			if err != nil {
				b.Fatal(err)
			}
			s, err := NewSession(rs, start, "")
			if err != nil {
				b.Fatal(err)
			}
			for i := 0; i < n; i++ {
				if _, err := s.Play(loop[i%len(loop)]); err != nil {
					b.Fatal(err)
				}
			}
			i := n
			b.ReportAllocs()
			for b.Loop() {
				if _, err := s.Play(loop[i%len(loop)]); err != nil {
					b.Fatal(err)
				}
				i++
			}
		})
	}
}

// BenchmarkStreamMemory reports the heap a stream holds after 1,000 plies (bytes per
// stream), through the arbiter.Session a server keeps per open stream.
func BenchmarkStreamMemory(b *testing.B) {
	g, _ := New("banqi-tw")
	rs := g.rs
	rs.Policy.Repetition = RepetitionOff
	gr := &GameRuleset{base: g.base, rs: rs}
	loop := []string{"a1-a2", "d8-d7", "a2-a3", "d7-d6", "a3-a2", "d6-d7", "a2-a1", "d7-d8"}
	var held []arbiter.Session
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	for b.Loop() {
		s, err := gr.NewGame(arbiter.Start{Position: "3r/4/4/X3/4/4/4/R3 r p 0"})
		if err != nil {
			b.Fatal(err)
		}
		for i := 0; i < 1000; i++ {
			if _, err := s.Play(context.Background(), loop[i%len(loop)]); err != nil {
				b.Fatal(err)
			}
		}
		held = append(held, s)
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	b.ReportMetric(float64(after.HeapAlloc-before.HeapAlloc)/float64(len(held)), "B/stream")
	runtime.KeepAlive(held)
}
