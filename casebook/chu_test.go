package casebook_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/arbiter-xq/arbiter/casebook"
	"github.com/arbiter-xq/arbiter/chushogi"
)

// The chu shogi cases pin every illegal-move reason of chu-shogi.md §10 at least once,
// and each disputed point (a case tagged contrast) has rulesets that disagree: one
// rejects a move another accepts, they end the game differently, or they classify a
// move differently.
func TestChuCoverage(t *testing.T) {
	b, err := casebook.Load()
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, c := range b.Cases() {
		if !strings.HasPrefix(c.GetId(), "chu-") {
			continue
		}
		outcomes := map[string]bool{}
		for _, e := range c.GetExpectations() {
			if r := e.GetRejectedReason(); r != "" {
				seen[r] = true
			}
			outcomes[fmt.Sprint(e.GetRejectedPly(), e.GetRejectedReason(), e.GetResult(), e.GetTermination(), e.GetVerdict(), e.GetDecidedAtPly(), e.GetNatures())] = true
		}
		for _, tag := range c.GetTags() {
			if tag == "contrast" && len(outcomes) < 2 {
				t.Errorf("%s is tagged contrast but every ruleset expects the same", c.GetId())
			}
		}
		if c.GetSource().GetClause() == "" {
			t.Errorf("%s: no clause", c.GetId())
		}
	}
	for _, r := range chushogi.Reasons() {
		if !seen[r.Code()] {
			t.Errorf("no chu case is rejected for %s (%s)", r.Code(), r)
		}
	}
}
