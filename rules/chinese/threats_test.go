package chinese

import (
	"context"
	"testing"

	"github.com/arbiter-xq/arbiter/xiangqi"
)

// An excluded mate threat names no victim and no target square (not a0, the zero
// square).
func TestMateThreatHasNoTarget(t *testing.T) {
	// Red's a4-a0 and a1-a4 leave a mate by consecutive checks that already existed.
	g, start := judgeMoves(t, "8P/c4C3/4bk3/9/4r4/R8/1p1c5/9/3K5/5p1r1 b - - 0 1", "h0h9 a4a0 h9h8 a0a1 h8h0 a1a4")
	j := mustJudge(New().JudgeCycle(context.Background(), g, start, g.Len()))
	n := 0
	for _, pn := range j.Plies {
		for _, th := range append(pn.Threats, pn.Excluded...) {
			if th.Victim != xiangqi.NoPiece {
				continue
			}
			n++
			if th.Target != xiangqi.NoSquare {
				t.Errorf("ply %d: mate threat (%s) with target %v, want none", pn.Ply, th.Exception, th.Target)
			}
		}
	}
	if n == 0 {
		t.Error("no excluded mate threat found")
	}
}
