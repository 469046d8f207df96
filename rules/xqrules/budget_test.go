package xqrules_test

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/internal/worstcase"
	"github.com/arbiter-xq/arbiter/rules/asian"
	"github.com/arbiter-xq/arbiter/rules/chinese"
	"github.com/arbiter-xq/arbiter/rules/xqrules"
	"github.com/arbiter-xq/arbiter/xiangqi"
)

// longCycle is the history of issue 9 finding 11: two rooks walking loops of 32 and 23
// moves, 4,000 plies, with the natural move limit it was sent with.
func longCycle(t testing.TB) (xiangqi.Position, []xiangqi.Move, arbiter.Policy) {
	t.Helper()
	return position(t, worstcase.LongCycleFEN), moves(t, worstcase.LongCycle(worstcase.LongCyclePlies), 1),
		arbiter.Policy{NaturalMoveLimit: -1}
}

// BenchmarkLongCycle measures the long-cycle history of finding 11 adjudicated as one
// request, under each ruleset.
func BenchmarkLongCycle(b *testing.B) {
	start, ms, pol := longCycle(b)
	for _, rs := range []xqrules.Ruleset{chinese.New(), asian.New()} {
		b.Run(rs.Info().ID, func(b *testing.B) {
			for b.Loop() {
				if _, err := xqrules.AdjudicateContext(context.Background(), rs, start, ms, pol); err != nil {
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
	for _, rs := range []xqrules.Ruleset{chinese.New(), asian.New()} {
		t.Run(rs.Info().ID, func(t *testing.T) {
			s, err := xqrules.NewSession(rs, start, pol)
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

// TestCycleCap: a cycle of up to MaxCyclePlies plies is classified in full; a longer
// one is judged on its checks only, says so, and (here, with no check) is a draw.
func TestCycleCap(t *testing.T) {
	start := position(t, worstcase.LongCycleFEN)
	pol := arbiter.Policy{NaturalMoveLimit: -1}
	for _, tt := range []struct {
		red, black, cycle int
		long              bool
	}{
		{7, 8, 112, false},
		{7, 9, 126, true},
	} {
		for _, rs := range []xqrules.Ruleset{chinese.New(), asian.New()} {
			ms := moves(t, worstcase.RookLoops(tt.red, tt.black, tt.cycle), 1)
			rep, err := xqrules.Adjudicate(rs, start, ms, pol)
			if err != nil {
				t.Fatal(err)
			}
			c := rep.Cycle
			if c == nil || c.End-c.Start != tt.cycle {
				t.Fatalf("%s %d/%d: cycle %+v, want %d plies", rs.Info().ID, tt.red, tt.black, c, tt.cycle)
			}
			refs := strings.Join(rep.Ruling.References, "; ")
			if long := strings.Contains(refs, xqrules.LongCycleReference); long != tt.long {
				t.Errorf("%s %d plies: references %q, judged as a long cycle %v, want %v", rs.Info().ID, tt.cycle, refs, long, tt.long)
			}
			if rep.Ruling.Verdict != arbiter.VerdictDraw {
				t.Errorf("%s %d plies: %s, want a draw", rs.Info().ID, tt.cycle, rep.Ruling.Verdict)
			}
			if tt.long {
				for _, pn := range c.Plies {
					if pn.Nature != arbiter.NatureIdle || pn.Note == "" {
						t.Fatalf("%s: ply %d of a long cycle: %s %q, want idle with a note", rs.Info().ID, pn.Ply+1, pn.Nature, pn.Note)
					}
				}
			}
		}
	}
}

// TestLongCyclePerpetualCheck: beyond the cap, a side that checks on every move must
// still change (JudgeLongCycle), and mutual perpetual check is a draw.
func TestLongCyclePerpetualCheck(t *testing.T) {
	// Red checks perpetually (CXA 2020 图6): a cycle of 4 plies, judged here as if it
	// were longer than the cap.
	g := xiangqi.NewGame(position(t, checkFEN))
	for _, m := range moves(t, checkCycle, 1) {
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	j := xqrules.JudgeLongCycle(g, 0, 4)
	if j.Ruling.Verdict != arbiter.VerdictRedMustChange || !j.Sides[xiangqi.Red].Forbidden || j.Sides[xiangqi.Red].Pattern != "perpetual check" {
		t.Errorf("perpetual check: %s, red %+v", j.Ruling.Verdict, j.Sides[xiangqi.Red])
	}
	if j.Sides[xiangqi.Black].Pattern != "idle" || j.Sides[xiangqi.Black].Forbidden {
		t.Errorf("black: %+v", j.Sides[xiangqi.Black])
	}
	if j := xqrules.JudgeLongCycle(g, 2, 9); len(j.Plies) != 0 || j.Ruling.Verdict != arbiter.VerdictNone {
		t.Errorf("out-of-range bounds: %+v", j)
	}
}

// TestGameJudgeSameAsRuleset: a session's per-game judge (GameJudger) gives exactly
// the judgements the ruleset gives afresh, over a repetition played many times.
func TestGameJudgeSameAsRuleset(t *testing.T) {
	start := position(t, worstcase.LongCycleFEN)
	pol := arbiter.Policy{NaturalMoveLimit: -1, DrawAtOccurrence: 100}
	for _, rs := range []xqrules.Ruleset{chinese.New(), asian.New()} {
		s, err := xqrules.NewSession(rs, start, pol)
		if err != nil {
			t.Fatal(err)
		}
		judged := 0
		for _, m := range moves(t, worstcase.RookLoops(3, 4, 150), 1) {
			u, err := s.Play(context.Background(), m)
			if err != nil {
				t.Fatal(err)
			}
			if u.Cycle == nil {
				continue
			}
			judged++
			fresh, err := rs.JudgeCycle(context.Background(), s.Game(), u.Cycle.Start, u.Cycle.End)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(fresh, u.Cycle.Judgement) {
				t.Fatalf("%s ply %d: the session's judgement differs from a fresh one", rs.Info().ID, u.Ply+1)
			}
		}
		if judged < 100 {
			t.Errorf("%s: %d judgements, want the repetition judged over and over", rs.Info().ID, judged)
		}
	}
}

// pollCtx is a context that ends at its n-th Err() poll and counts the polls: a
// deterministic stand-in for a client that leaves while a judgement runs.
type pollCtx struct {
	context.Context
	n, polls int
}

func (c *pollCtx) Err() error {
	c.polls++
	if c.polls >= c.n {
		return context.Canceled
	}
	return nil
}

// TestJudgeStopsAtOnce: a judgement whose context ends while it works returns
// context.Canceled at the next poll, with no more than one move classified after the
// end.
func TestJudgeStopsAtOnce(t *testing.T) {
	g := xiangqi.NewGame(position(t, worstcase.LongCycleFEN))
	for _, m := range moves(t, worstcase.RookLoops(7, 8, 112), 1) {
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	for _, rs := range []xqrules.Ruleset{chinese.New(), asian.New()} {
		for _, n := range []int{1, 2, 10, 50} {
			ctx := &pollCtx{Context: context.Background(), n: n}
			if _, err := rs.JudgeCycle(ctx, g, 0, 112); err != context.Canceled {
				t.Fatalf("%s, cancelled at poll %d: %v, want context.Canceled", rs.Info().ID, n, err)
			}
			if ctx.polls != n {
				t.Errorf("%s: polled %d times after the context ended at poll %d", rs.Info().ID, ctx.polls-n, n)
			}
		}
		ctx := &pollCtx{Context: context.Background(), n: 1 << 30}
		if _, err := rs.JudgeCycle(ctx, g, 0, 112); err != nil {
			t.Fatal(err)
		}
		if ctx.polls < 112 {
			t.Errorf("%s: %d polls for a cycle of 112 moves, want at least one per move", rs.Info().ID, ctx.polls)
		}
	}
}

// BenchmarkCycleAtCap measures 1,000 plies of two rooks repeating a cycle of 112 plies
// (just under MaxCyclePlies, the longest classified in full) under a policy that lets
// the repetition go on (draws only at the 100th occurrence): every ply from the 112th
// is a judgement of a 112-ply cycle.
func BenchmarkCycleAtCap(b *testing.B) {
	start := position(b, worstcase.LongCycleFEN)
	ms := moves(b, worstcase.RookLoops(7, 8, 1000), 1)
	pol := arbiter.Policy{NaturalMoveLimit: -1, DrawAtOccurrence: 100, LossAtOccurrence: 100}
	for _, rs := range []xqrules.Ruleset{chinese.New(), asian.New()} {
		b.Run(rs.Info().ID, func(b *testing.B) {
			for b.Loop() {
				if _, err := xqrules.AdjudicateContext(context.Background(), rs, start, ms, pol); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestNaturalMoveLimitCap: the natural move limit is at most MaxNaturalMoveLimit.
func TestNaturalMoveLimitCap(t *testing.T) {
	if _, err := (arbiter.Policy{NaturalMoveLimit: arbiter.MaxNaturalMoveLimit}).Normalize(); err != nil {
		t.Errorf("the cap itself: %v", err)
	}
	_, err := (arbiter.Policy{NaturalMoveLimit: arbiter.MaxNaturalMoveLimit + 1}).Normalize()
	if pe, ok := err.(*arbiter.PolicyError); !ok || pe.Field != "natural_move_limit" || !strings.Contains(pe.Reason, "1..1000") {
		t.Errorf("over the cap: %v, want a natural_move_limit error naming 1..1000", err)
	}
}
