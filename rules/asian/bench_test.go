package asian

import (
	"testing"

	"github.com/arbiter-xq/arbiter/xiangqi"
)

// BenchmarkClassifyPly measures the classification of one cycle move, averaged over
// every cycle move of the WXF cases (ns/op is per ply).
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
	i := 0
	for b.Loop() {
		j := &jobs[i%len(jobs)]
		cl.classify(&j.pos, j.m, 0)
		i++
	}
}

// BenchmarkJudgeCycle4 measures JudgeCycle on a typical 4-ply cycle (a rook chasing
// a cannon).
func BenchmarkJudgeCycle4(b *testing.B) {
	g := play(b, rookChasesCannon[0], rookChasesCannon[1:]...)
	rs := New()
	b.ReportAllocs()
	for b.Loop() {
		rs.JudgeCycle(g, 0, 4)
	}
}
