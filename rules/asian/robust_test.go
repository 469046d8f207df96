package asian

import (
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/xiangqi"
)

// randomGame plays n random legal moves from the start position (fewer if the game ends).
func randomGame(r *rand.Rand, n int) *xiangqi.Game {
	g := xiangqi.NewGame(xiangqi.StartPosition())
	for i := 0; i < n; i++ {
		ms := g.Position().LegalMoves()
		if len(ms) == 0 {
			break
		}
		g.PlayUnchecked(ms[r.IntN(len(ms))])
	}
	return g
}

// TestJudgeCycleAnyInput: any span of legal moves, any bounds, never a panic, and the
// game is left as it was. The cycle need not be a repetition.
func TestJudgeCycleAnyInput(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	rs := New()
	for n := 0; n < 40; n++ {
		g := randomGame(r, 10+r.IntN(60))
		hash, length := g.Position().Hash(), g.Len()
		for k := 0; k < 10; k++ {
			start, end := r.IntN(g.Len()+3)-1, r.IntN(g.Len()+3)-1
			j := rs.JudgeCycle(g, start, end)
			if start >= 0 && end <= g.Len() && end-start >= 2 {
				if len(j.Plies) != end-start {
					t.Fatalf("JudgeCycle(%d, %d): %d plies", start, end, len(j.Plies))
				}
				if j.Ruling.Verdict == arbiter.VerdictNone {
					t.Fatalf("JudgeCycle(%d, %d): no verdict", start, end)
				}
			}
		}
		if g.Position().Hash() != hash || g.Len() != length {
			t.Fatal("JudgeCycle changed the game")
		}
	}
	if j := rs.JudgeCycle(nil, 0, 4); j.Ruling.Verdict != arbiter.VerdictNone {
		t.Error("nil game judged")
	}
}

// TestJudgeCycleConcurrent runs one ruleset on one game from several goroutines (run
// with -race).
func TestJudgeCycleConcurrent(t *testing.T) {
	g := play(t, rookChasesCannon[0], rookChasesCannon[1:]...)
	rs := New()
	want := rs.JudgeCycle(g, 0, 4).Ruling.Verdict
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := 0; k < 20; k++ {
				if got := rs.JudgeCycle(g, 0, 4).Ruling.Verdict; got != want {
					t.Errorf("got %v, want %v", got, want)
				}
			}
		}()
	}
	wg.Wait()
}
