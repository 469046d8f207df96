package asian

import (
	"context"
	"testing"

	"github.com/arbiter-xq/arbiter/xiangqi"
)

// BenchmarkClassifyPly measures the classification of cycle moves: one op classifies
// every cycle move of the WXF cases; ns/ply is the average per move.
func BenchmarkClassifyPly(b *testing.B) {
	type job struct {
		pos xiangqi.Position
		m   xiangqi.Move
	}
	var jobs []job
	for _, c := range loadWXF(b) {
		g, start := replay(b, c, identity)
		if start < 0 {
			continue
		}
		p := g.PositionAt(start)
		for i := start; i < g.Len(); i++ {
			m := g.Ply(i).Move
			jobs = append(jobs, job{p, m})
			p.MakeMove(m)
		}
	}
	var cl classifier
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		for i := range jobs {
			cl.classify(&jobs[i].pos, jobs[i].m, i)
		}
		n++
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n*len(jobs)), "ns/ply")
	b.ReportMetric(float64(len(jobs)), "plies")
}

// BenchmarkJudgeCycle4 measures JudgeCycle on a typical 4-ply cycle (a rook chasing
// a cannon).
func BenchmarkJudgeCycle4(b *testing.B) {
	g := play(b, rookChasesCannon[0], rookChasesCannon[1:]...)
	rs := New()
	b.ReportAllocs()
	for b.Loop() {
		mustJudge(rs.JudgeCycle(context.Background(), g, 0, 4))
	}
}
