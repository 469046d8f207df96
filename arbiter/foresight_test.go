package arbiter_test

import (
	"context"
	"reflect"
	"slices"
	"testing"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/internal/worstcase"
	"github.com/arbiter-xq/arbiter/rules/asian"
	"github.com/arbiter-xq/arbiter/rules/chinese"
	"github.com/arbiter-xq/arbiter/xiangqi"
)

// foresightLog records what a game judge was told ahead (Foresee) and what it was asked.
type foresightLog struct {
	told, judged []arbiter.CycleBounds
	calls        int
	untold       int // judgements of cycles not told before
}

// foreseeRuleset is a ruleset whose game judges are Foreseers that keep a log.
type foreseeRuleset struct {
	arbiter.Ruleset
	log *foresightLog
}

func (r foreseeRuleset) NewGameJudge() arbiter.CycleJudge {
	return &foreseeJudge{r.Ruleset, r.log}
}

type foreseeJudge struct {
	rs  arbiter.Ruleset
	log *foresightLog
}

func (j *foreseeJudge) JudgeCycle(ctx context.Context, g *xiangqi.Game, start, end int) (arbiter.Judgement, error) {
	c := arbiter.CycleBounds{Start: start, End: end}
	if !slices.Contains(j.log.told, c) {
		j.log.untold++
	}
	j.log.judged = append(j.log.judged, c)
	return j.rs.JudgeCycle(ctx, g, start, end)
}

func (j *foreseeJudge) Foresee(_ context.Context, g *xiangqi.Game, cycles []arbiter.CycleBounds) {
	j.log.calls++
	for _, c := range cycles {
		if c.Start < 0 || c.End > g.Len() || c.Start >= c.End || g.HashAt(c.Start) != g.HashAt(c.End) {
			panic("told of a cycle that is not one")
		}
	}
	j.log.told = append(j.log.told, cycles...)
}

// TestAdjudicateForesight: Adjudicate tells a judge that can use it (Foreseer) of every
// cycle before it asks for its judgement, and of no cycle it will not ask about: the
// foresight stops where the game may end (the occurrence that draws or loses, the
// natural move limit), and goes on in bounded batches over a long record. The report is
// the same as without foresight.
func TestAdjudicateForesight(t *testing.T) {
	start := position(t, worstcase.LongCycleFEN)
	long := moves(t, worstcase.RookLoops(3, 4, 1000), 1)
	for _, tc := range []struct {
		name   string
		rs     arbiter.Ruleset
		policy arbiter.Policy
		moves  []xiangqi.Move
		// batches is the least number of Foresee calls expected.
		batches int
	}{
		{"ends at the third occurrence", asian.New(), arbiter.DefaultPolicy(), long, 1},
		{"natural move limit", chinese.New(), arbiter.Policy{NaturalMoveLimit: 20, DrawAtOccurrence: 100}, long, 1},
		{"long record", chinese.New(), arbiter.Policy{NaturalMoveLimit: -1, DrawAtOccurrence: 100, LossAtOccurrence: 100}, long, 3},
		{"forbid", chinese.New(), arbiter.Policy{OnViolation: arbiter.ViolationForbid, NaturalMoveLimit: -1}, long, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			log := &foresightLog{}
			got, err := arbiter.Adjudicate(foreseeRuleset{tc.rs, log}, start, tc.moves, tc.policy)
			if err != nil {
				t.Fatal(err)
			}
			want, err := arbiter.Adjudicate(tc.rs, start, tc.moves, tc.policy)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("the report differs from one made without foresight")
			}
			if len(log.judged) == 0 || log.untold != 0 {
				t.Errorf("%d cycles judged, %d of them not told ahead", len(log.judged), log.untold)
			}
			if !reflect.DeepEqual(log.told, log.judged) {
				t.Errorf("told of %d cycles, asked about %d", len(log.told), len(log.judged))
			}
			t.Logf("%d plies, %d cycles judged, %d batches", len(got.Plies), len(log.judged), log.calls)
			if log.calls < tc.batches {
				t.Errorf("%d batches, want at least %d", log.calls, tc.batches)
			}
		})
	}
}
