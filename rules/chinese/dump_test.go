package chinese

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/rules/xqrules"
	"github.com/arbiter-xq/arbiter/xiangqi"
)

// dumpJudge records every cycle judged and the work of each of its moves.
type dumpJudge struct {
	w     *bufio.Writer
	cache plyCache
}

type dumpRuleset struct {
	ruleset
	w *bufio.Writer
}

func (d dumpRuleset) NewGameJudge() xqrules.CycleJudge { return &dumpJudge{w: d.w} }

func (d *dumpJudge) JudgeCycle(ctx context.Context, g *xiangqi.Game, start, end int) (xqrules.Judgement, error) {
	j, st, err := judgeCounted(ctx, g, start, end, &d.cache)
	fmt.Fprintf(d.w, "cycle %d-%d %+v st=%+v\n", start, end, j, st)
	if end-start <= xqrules.MaxCyclePlies {
		c := &classifier{mates: getMateSearch()}
		cur := g.PositionAt(start)
		for i := start; i < end; i++ {
			f := nextFacts(g, i, &cur)
			_, ps := c.classifyMove(&f)
			fmt.Fprintf(d.w, " ply %d %+v\n", i, ps)
		}
		c.release()
	}
	return j, err
}

func (d *dumpJudge) Foresees() bool { return aheadWorkerCount() >= 2 }

func (d *dumpJudge) Foresee(ctx context.Context, g *xiangqi.Game, cycles []xqrules.CycleBounds) {
	foresee(ctx, g, cycles, &d.cache)
}

// TestDumpRulings writes every ruling, nature and work count (ARBITER_DUMP=file).
func TestDumpRulings(t *testing.T) {
	path := os.Getenv("ARBITER_DUMP")
	if path == "" {
		t.Skip("ARBITER_DUMP not set")
	}
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	w := bufio.NewWriter(f)
	defer w.Flush()
	games := append(loadCorpus(t), randomRepetitionGames(200)...)
	rs := dumpRuleset{w: w}
	for gi, g := range games {
		fmt.Fprintf(w, "game %d\n", gi)
		r, err := xqrules.Adjudicate(rs, g.start, g.moves, arbiter.DefaultPolicy())
		if err != nil {
			fmt.Fprintf(w, "err %v\n", err)
			continue
		}
		fmt.Fprintf(w, "ruling %+v cycle %+v result %v term %v end %d forb %d state %v\n", r.Ruling, r.Cycle, r.Result, r.Termination, r.EndPly, r.ForbiddenPly, r.State)
		for _, p := range r.Plies {
			n := p.Nature
			p.Nature = nil
			fmt.Fprintf(w, " %+v", p)
			if n != nil {
				fmt.Fprintf(w, " nature %+v", *n)
			}
			fmt.Fprintln(w)
		}
	}
}

// TestFindSlowGames writes the indices of the slowest games (ARBITER_SLOW=file).
func TestFindSlowGames(t *testing.T) {
	path := os.Getenv("ARBITER_SLOW")
	if path == "" {
		t.Skip("ARBITER_SLOW not set")
	}
	games := append(loadCorpus(t), randomRepetitionGames(200)...)
	type gt struct {
		i int
		d time.Duration
	}
	var ts []gt
	for i, g := range games {
		best := time.Duration(-1)
		for range 2 {
			t0 := time.Now()
			xqrules.Adjudicate(New(), g.start, g.moves, arbiter.DefaultPolicy())
			if d := time.Since(t0); best < 0 || d < best {
				best = d
			}
		}
		ts = append(ts, gt{i, best})
	}
	slices.SortFunc(ts, func(a, b gt) int { return int(b.d - a.d) })
	f, _ := os.Create(path)
	defer f.Close()
	for _, x := range ts[:600] {
		fmt.Fprintf(f, "%d %d\n", x.i, x.d.Microseconds())
	}
}

var slowGames = func() []int {
	b, err := os.ReadFile(os.Getenv("ARBITER_SLOWLIST"))
	if err != nil {
		return nil
	}
	var out []int
	for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		var i, d int
		fmt.Sscan(l, &i, &d)
		out = append(out, i)
	}
	return out
}

// BenchmarkSlowGames adjudicates the games listed in ARBITER_SLOWLIST.
func BenchmarkSlowGames(b *testing.B) {
	idx := slowGames()
	if idx == nil {
		b.Skip("ARBITER_SLOWLIST not set")
	}
	all := append(loadCorpus(b), randomRepetitionGames(200)...)
	for b.Loop() {
		for _, i := range idx {
			xqrules.Adjudicate(New(), all[i].start, all[i].moves, arbiter.DefaultPolicy())
		}
	}
}
