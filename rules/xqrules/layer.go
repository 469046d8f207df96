package xqrules

import (
	"context"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/xiangqi"
)

// Layer is a house-rule layer (rules/site): it rules every move of a session in the
// session's place, with the session's game, cycle judge and end of game (Game,
// CycleJudge, End), and returns the state after the move as Session.Play does: an
// illegal move is an error and changes nothing; a refused move (StatusForbidden) is
// taken back before Play returns; when ctx ends during a judgement the move is taken
// back and ctx.Err() returned.
type Layer interface {
	Play(ctx context.Context, s *Session, m xiangqi.Move) (Update, error)
}

// layered is what makes a Rules the ruleset of a house-rule layer.
type layered struct {
	info     func() arbiter.RulesetInfo
	newLayer func(req arbiter.Policy, s *Session) Layer
}

// NewLayered returns a xiangqi ruleset whose game sessions are ruled by a house-rule
// layer: newLayer makes one for each game, given the policy fields the request set
// (zero where unset) and the session. judge is the cycle judge the layer may consult
// (Session.CycleJudge); policy is the house policy the session is opened with (its
// fields the request did not set), and info describes the ruleset. The result reports
// info as its own Info; its WithOptions is the plain xiangqi one and is not meant to
// be used (the layer's ruleset takes its own options).
func NewLayered(judge Ruleset, policy arbiter.Policy, info func() arbiter.RulesetInfo, newLayer func(req arbiter.Policy, s *Session) Layer) *Rules {
	return &Rules{judge: judge, base: judge.Info().ID, policy: policy, layered: &layered{info: info, newLayer: newLayer}}
}

// CycleJudge returns the judge the session rules cycles with (the ruleset's per-game
// judge where it offers one).
func (s *Session) CycleJudge() CycleJudge { return s.judge }

// End ends the game with result r for reason t (a layer's ruling).
func (s *Session) End(r arbiter.Result, t arbiter.Termination) { s.end(r, t) }

// TerminationFor names the violation of a side whose counted natures in a cycle are
// natures: perpetual check, chase or mate threat, or a combined attack.
func TerminationFor(natures []arbiter.Nature) arbiter.Termination { return terminationFor(natures) }
