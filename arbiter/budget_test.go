package arbiter_test

import (
	"context"
	"testing"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/internal/worstcase"
	"github.com/arbiter-xq/arbiter/rules/asian"
	"github.com/arbiter-xq/arbiter/rules/chinese"
	"github.com/arbiter-xq/arbiter/xiangqi"
)

// longCycle is the history of issue 9 finding 11: two rooks walking loops of 32 and 23
// moves, 4,000 plies, with the natural move limit it was sent with.
func longCycle(t testing.TB) (xiangqi.Position, []xiangqi.Move, arbiter.Policy) {
	t.Helper()
	return position(t, worstcase.LongCycleFEN), moves(t, worstcase.LongCycle(worstcase.LongCyclePlies), 1),
		arbiter.Policy{NaturalMoveLimit: worstcase.LongCycleNaturalMoveLimit}
}

// BenchmarkLongCycle measures the long-cycle history of finding 11 adjudicated as one
// request, under each ruleset.
func BenchmarkLongCycle(b *testing.B) {
	start, ms, pol := longCycle(b)
	for _, rs := range []arbiter.Ruleset{chinese.New(), asian.New()} {
		b.Run(rs.Info().ID, func(b *testing.B) {
			for b.Loop() {
				if _, err := arbiter.AdjudicateContext(context.Background(), rs, start, ms, pol); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestPlayCancelled: a move whose judgement is asked for under a context that has
// ended returns ctx.Err() and changes nothing; the same move then plays normally.
func TestPlayCancelled(t *testing.T) {
	start, ms, pol := longCycle(t)
	red, black := worstcase.LongCycleLoops()
	first := 2 * red * black // the ply that first repeats a position
	for _, rs := range []arbiter.Ruleset{chinese.New(), asian.New()} {
		t.Run(rs.Info().ID, func(t *testing.T) {
			s, err := arbiter.NewSession(rs, start, pol)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range ms[:first-1] {
				if _, err := s.Play(context.Background(), m); err != nil {
					t.Fatal(err)
				}
			}
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			if _, err := s.Play(ctx, ms[first-1]); err != context.Canceled {
				t.Fatalf("Play under a cancelled context: %v, want context.Canceled", err)
			}
			if n := s.Game().Len(); n != first-1 {
				t.Fatalf("the cancelled move changed the game: %d plies, want %d", n, first-1)
			}
			u, err := s.Play(context.Background(), ms[first-1])
			if err != nil || u.Cycle == nil {
				t.Fatalf("the move again: %v, cycle %v", err, u.Cycle)
			}
		})
	}
}
