package site

import (
	"os"
	"strings"
	"testing"
)

func TestDebugCase(t *testing.T) {
	id := os.Getenv("CASE")
	if id == "" {
		t.Skip()
	}
	rs := os.Getenv("RS")
	if rs == "" {
		rs = "site-tiantian"
	}
	for _, c := range readTianTian(t) {
		if c.id != id {
			continue
		}
		t.Logf("%s: %s", c.id, c.note)
		r := adjudicate(t, rs, c.fen, c.moves)
		ms := strings.Fields(c.moves)
		for _, p := range r.Plies {
			t.Logf("ply %2d %s %s %s check=%v cap=%v occ=%d nature=%s %s", p.Ply, p.Side, p.Move, p.Notations.Chinese, p.Check, p.Capture, p.Occurrence, p.Nature, p.Explanation)
		}
		if r.ForbiddenPly > 0 {
			t.Logf("refused ply %d %s", r.ForbiddenPly, ms[r.ForbiddenPly-1])
		}
		if r.Cycle != nil {
			t.Logf("cycle %d-%d occ %d verdict %s: %s", r.Cycle.FirstPly, r.Cycle.LastPly, r.Cycle.Occurrence, r.Cycle.Ruling.Verdict, r.Cycle.Ruling.Explanation)
			for _, p := range r.Cycle.Patterns {
				t.Logf("  %s: %s %v forbidden=%v chased=%v", p.Side, p.Pattern, p.Natures, p.Forbidden, p.Chased)
			}
		}
		t.Logf("result %s %s: %s", r.Result, r.Termination, r.Explanation)
	}
}
