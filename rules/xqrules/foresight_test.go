package xqrules_test

import (
	"context"
	"reflect"
	"slices"
	"testing"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/internal/worstcase"
	"github.com/arbiter-xq/arbiter/rules/asian"
	"github.com/arbiter-xq/arbiter/rules/chinese"
	"github.com/arbiter-xq/arbiter/rules/xqrules"
	"github.com/arbiter-xq/arbiter/xiangqi"
)

// foresightLog records what a game judge was told ahead (Foresee) and what it was asked.
type foresightLog struct {
	told, judged []xqrules.CycleBounds
	calls        int
	untold       int // judgements of cycles not told before
}

// gameJudgeOf returns the judge a session of rs uses.
func gameJudgeOf(rs xqrules.Ruleset) xqrules.CycleJudge {
	if gj, ok := rs.(xqrules.GameJudger); ok {
		return gj.NewGameJudge()
	}
	return rs
}

// foreseeRuleset is a ruleset whose game judges are Foreseers that keep a log and pass
// what they are told on to the ruleset's own game judge.
type foreseeRuleset struct {
	xqrules.Ruleset
	log *foresightLog
}

func (r foreseeRuleset) NewGameJudge() xqrules.CycleJudge {
	return &foreseeJudge{gameJudgeOf(r.Ruleset), r.log}
}

type foreseeJudge struct {
	inner xqrules.CycleJudge
	log   *foresightLog
}

func (j *foreseeJudge) JudgeCycle(ctx context.Context, g *xiangqi.Game, start, end int) (xqrules.Judgement, error) {
	c := xqrules.CycleBounds{Start: start, End: end}
	if !slices.Contains(j.log.told, c) {
		j.log.untold++
	}
	j.log.judged = append(j.log.judged, c)
	return j.inner.JudgeCycle(ctx, g, start, end)
}

func (j *foreseeJudge) Foresees() bool { return true }

func (j *foreseeJudge) Foresee(ctx context.Context, g *xiangqi.Game, cycles []xqrules.CycleBounds) {
	j.log.calls++
	for _, c := range cycles {
		if c.Start < 0 || c.End > g.Len() || c.Start >= c.End || g.HashAt(c.Start) != g.HashAt(c.End) {
			panic("told of a cycle that is not one")
		}
	}
	j.log.told = append(j.log.told, cycles...)
	if fs, ok := j.inner.(xqrules.Foreseer); ok && fs.Foresees() {
		fs.Foresee(ctx, g, cycles)
	}
}

// blindRuleset is a ruleset whose game judges cannot be told anything ahead.
type blindRuleset struct{ xqrules.Ruleset }

func (r blindRuleset) NewGameJudge() xqrules.CycleJudge {
	return struct{ xqrules.CycleJudge }{gameJudgeOf(r.Ruleset)}
}

// TestAdjudicateForesight: Adjudicate tells a judge that can use it (Foreseer) of cycles
// before it asks for their judgements, and of no cycle it will not ask about: the
// foresight stops where the game may end (the occurrence that draws or loses, the
// natural move limit), goes on in bounded batches over a long record, and stays silent
// about a lone cycle or one that may end the game. The report is the same as without
// foresight (the chinese game judge's own Foresee runs behind the log).
func TestAdjudicateForesight(t *testing.T) {
	start := position(t, worstcase.LongCycleFEN)
	long := moves(t, worstcase.RookLoops(3, 4, 1000), 1)
	check := position(t, checkFEN)
	checks := moves(t, checkCycle, 10)
	for _, tc := range []struct {
		name   string
		rs     xqrules.Ruleset
		start  xiangqi.Position
		policy arbiter.Policy
		moves  []xiangqi.Move
		// batches is the least number of Foresee calls expected; every judged cycle was
		// told before when all is set.
		batches int
		all     bool
	}{
		{"ends at the third occurrence", asian.New(), start, arbiter.DefaultPolicy(), long, 1, true},
		{"ends at the third occurrence, chinese", chinese.New(), start, arbiter.DefaultPolicy(), long, 1, true},
		{"natural move limit", chinese.New(), start, arbiter.Policy{NaturalMoveLimit: 20, DrawAtOccurrence: 100}, long, 1, true},
		{"long record", chinese.New(), start, arbiter.Policy{NaturalMoveLimit: -1, DrawAtOccurrence: 100, LossAtOccurrence: 100}, long, 3, true},
		{"draws go on past the occurrence that may lose", chinese.New(), start, arbiter.Policy{NaturalMoveLimit: -1, DrawAtOccurrence: 100, LossAtOccurrence: 2}, long, 0, false},
		{"draws go on past the occurrence that may lose, later", chinese.New(), start, arbiter.Policy{NaturalMoveLimit: -1, DrawAtOccurrence: 100, LossAtOccurrence: 4}, long, 1, false},
		{"loss at the third occurrence, draw later", chinese.New(), check, arbiter.Policy{LossAtOccurrence: 3, DrawAtOccurrence: 100}, checks, 1, true},
		{"forbidden at the third occurrence, draw later", chinese.New(), check, arbiter.Policy{OnViolation: arbiter.ViolationForbid, LossAtOccurrence: 3, DrawAtOccurrence: 100}, checks, 1, false},
		{"loss at the second occurrence", chinese.New(), check, arbiter.Policy{LossAtOccurrence: 2, DrawAtOccurrence: 100}, checks, 0, false},
		{"forbidden at the second occurrence", chinese.New(), check, arbiter.Policy{OnViolation: arbiter.ViolationForbid, LossAtOccurrence: 2, DrawAtOccurrence: 100}, checks, 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			log := &foresightLog{}
			got, err := xqrules.Adjudicate(foreseeRuleset{tc.rs, log}, tc.start, tc.moves, tc.policy)
			if err != nil {
				t.Fatal(err)
			}
			want, err := xqrules.Adjudicate(blindRuleset{tc.rs}, tc.start, tc.moves, tc.policy)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("the report differs from one made without foresight")
			}
			t.Logf("%d plies, %d cycles judged, %d told in %d batches; end ply %d, forbidden ply %d", len(got.Plies), len(log.judged), len(log.told), log.calls, got.EndPly, got.ForbiddenPly)
			if len(log.judged) == 0 || tc.all && log.untold != 0 {
				t.Errorf("%d cycles judged, %d of them not told ahead", len(log.judged), log.untold)
			}
			for _, c := range log.told {
				if !slices.Contains(log.judged, c) {
					t.Errorf("told of plies %d-%d, never asked about them", c.Start, c.End)
				}
			}
			if log.calls < tc.batches {
				t.Errorf("%d batches, want at least %d", log.calls, tc.batches)
			}
			if got.EndPly < 0 && got.ForbiddenPly < 0 && len(got.Plies) == len(tc.moves) && tc.policy.NaturalMoveLimit >= 0 && tc.moves[0] == checks[0] {
				t.Errorf("the perpetual check neither ended the game nor was forbidden")
			}
		})
	}
}
