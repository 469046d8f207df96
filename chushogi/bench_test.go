package chushogi

import (
	"math/rand/v2"
	"testing"
)

func BenchmarkLegalMovesStart(b *testing.B) {
	o := DefaultOptions()
	p := StartPosition()
	buf := make([]Move, 0, 512)
	for b.Loop() {
		buf = p.AppendLegalMoves(&o, buf[:0])
	}
}

// BenchmarkLegalMovesMidgame generates moves in positions from seeded random games
// (around ply 60, where lions and sliders are out).
func BenchmarkLegalMovesMidgame(b *testing.B) {
	o := lishogiOptions()
	r := rand.New(rand.NewPCG(1, 2))
	all := randomGamePositions(r, &o, 8, 80)
	var ps []Position
	for i := range all {
		if i%80 >= 40 {
			ps = append(ps, all[i])
		}
	}
	buf := make([]Move, 0, 1024)
	i := 0
	for b.Loop() {
		buf = ps[i%len(ps)].AppendLegalMoves(&o, buf[:0])
		i++
	}
}

func BenchmarkWhyIllegal(b *testing.B) {
	o := DefaultOptions()
	p := mustSFEN(b, "k6r3n/12/8S3/7Nn2R/12/12/12/7V4/12/12/12/K11 b - 1")
	ms := p.LegalMoves(&o)
	i := 0
	for b.Loop() {
		_ = p.WhyIllegal(ms[i%len(ms)], &o)
		i++
	}
}

func BenchmarkPerft3(b *testing.B) {
	o := DefaultOptions()
	p := StartPosition()
	for b.Loop() {
		Perft(&p, &o, 3)
	}
}
