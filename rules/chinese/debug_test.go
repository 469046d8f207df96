package chinese

import (
	"flag"
	"strings"
	"testing"
)

var (
	debugCase = flag.String("cxa.case", "", "print the board and the full analysis of the named cases (comma separated, e.g. 图23)")
	debugTr   = flag.Int("cxa.tr", 0, "orientation for -cxa.case: 0 original, 1 mirrored, 2 colour-flipped")
)

func TestDebugCase(t *testing.T) {
	if *debugCase == "" {
		t.Skip("set -cxa.case")
	}
	for _, c := range loadCases(t) {
		for _, want := range strings.Split(*debugCase, ",") {
			if c.id != "cxa2020-"+want {
				continue
			}
			g, start, end := replay(t, c, transform(*debugTr))
			j := New().JudgeCycle(g, 0, end)
			p := g.PositionAt(0)
			t.Logf("%s start=%d\n%s\n%s", c.id, start, p.String(), c.note)
			for _, pn := range j.Plies {
				want := "?"
				_ = want
				if c.natures != nil {
					want = c.natures[pn.Ply].Chinese()
				}
				q := g.PositionAt(pn.Ply + 1)
				b := g.PositionAt(pn.Ply)
				q.SetSideToMove(b.SideToMove())
				t.Logf("ply %d %s got %s want %s all=%v: %s\n   null-FEN %s", pn.Ply, c.moves[pn.Ply], pn.Nature.Chinese(), want, pn.All, pn.Note, q.FEN())
				for _, th := range pn.Threats {
					t.Logf("   threat %v %v joint=%v root=%v exc=%s att=%v: %s", th.Victim.Name(), th.Target, th.Joint, th.Root, th.Exception, th.Attackers, th.Note)
				}
				for _, th := range pn.Excluded {
					t.Logf("   excluded %v %v exc=%s: %s", th.Victim.Name(), th.Target, th.Exception, th.Note)
				}
			}
			t.Logf("verdict %v want %v", j.Ruling.Verdict, c.expect)
		}
	}
}
