package xqrules_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/rules/asian"
	"github.com/arbiter-xq/arbiter/rules/chinese"
	"github.com/arbiter-xq/arbiter/rules/xqrules"
)

// The xiangqi rulesets take their house policy from options in the id, as every game's
// rulesets do, and a request's policy fields override the options.
func TestRulesOptions(t *testing.T) {
	var reg arbiter.Registry
	for _, rs := range []xqrules.Ruleset{chinese.New(), asian.New()} {
		if err := reg.Register(xqrules.New(rs)); err != nil {
			t.Fatal(err)
		}
	}
	// Red checks perpetually; its ninth move would repeat the position a third time.
	moves := strings.Fields(strings.Join(checkCycle, " ") + " " + strings.Join(checkCycle, " ") + " " + checkCycle[0])
	for _, tt := range []struct {
		id       string
		policy   arbiter.Policy
		wantID   string
		status   arbiter.Status
		result   arbiter.Result
		decided  int
		forbidPl int
	}{
		{id: "chinese", wantID: "chinese", status: arbiter.StatusGameOver, result: arbiter.ResultBlackWins, decided: 8},
		{id: "chinese+loss_at_occurrence=4", wantID: "chinese+loss_at_occurrence=4", status: arbiter.StatusWarning, result: arbiter.ResultOngoing},
		{id: "Chinese+loss_at_occurrence=3", wantID: "chinese", status: arbiter.StatusGameOver, result: arbiter.ResultBlackWins, decided: 8},
		// Under forbid the ninth move is forbidden, and it is Red's only legal move: the
		// dead end ends the game at ply 9.
		{id: "asian+on_violation=forbid", wantID: "asian+on_violation=forbid", status: arbiter.StatusGameOver, result: arbiter.ResultBlackWins, decided: 9},
		// The request's policy wins over the id's option.
		{id: "asian+on_violation=forbid", policy: arbiter.Policy{OnViolation: arbiter.ViolationLose}, wantID: "asian+on_violation=forbid",
			status: arbiter.StatusGameOver, result: arbiter.ResultBlackWins, decided: 8},
	} {
		rs, err := reg.Lookup(tt.id)
		if err != nil {
			t.Fatalf("%s: %v", tt.id, err)
		}
		if got := rs.Info().ID; got != tt.wantID {
			t.Errorf("%s: id %q, want %q", tt.id, got, tt.wantID)
		}
		r, err := arbiter.Adjudicate(context.Background(), rs, arbiter.Start{Position: checkFEN, Policy: tt.policy}, moves)
		if err != nil {
			t.Fatalf("%s: %v", tt.id, err)
		}
		if r.Status != tt.status || r.Result != tt.result || r.DecidedAtPly != tt.decided || r.ForbiddenPly != tt.forbidPl {
			t.Errorf("%s %+v: status %v result %v decided %d forbidden %d, want %v %v %d %d", tt.id, tt.policy,
				r.Status, r.Result, r.DecidedAtPly, r.ForbiddenPly, tt.status, tt.result, tt.decided, tt.forbidPl)
		}
	}
	for _, bad := range []string{"chinese+loss_at_occurrence=1", "chinese+on_violation=maybe", "chinese+nope=1", "asian+natural_move_limit=x"} {
		var oe *arbiter.OptionError
		if _, err := reg.Lookup(bad); !errors.As(err, &oe) {
			t.Errorf("%s: err = %v, want an *OptionError", bad, err)
		}
	}
	info := xqrules.New(chinese.New()).Info()
	if info.Game != arbiter.GameXiangqi || len(info.Options) != 6 {
		t.Errorf("info: game %q, %d options", info.Game, len(info.Options))
	}
}
