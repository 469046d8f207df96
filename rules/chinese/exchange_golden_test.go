package chinese

import (
	"hash/fnv"
	"math/rand/v2"
	"testing"

	"github.com/arbiter-xq/arbiter/xiangqi"
)

// TestExchangeMovesGolden pins the exact captures exchangeMoves lists, in their order,
// for seeded positions, exchange squares and vacated squares: an exchange's work is
// counted in that order, so a faster generation must list the same moves (a hash of
// them all, established with the walk along ranks and files of commit ea7b62c).
func TestExchangeMovesGolden(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 2026))
	h := fnv.New64a()
	a := &analyst{}
	var buf []xiangqi.Move
	n := 0
	for range 40 {
		p := xiangqi.StartPosition()
		for _, m := range randomRepetitionGame(r, 80) {
			for _, side := range []xiangqi.Color{xiangqi.Red, xiangqi.Black} {
				q := p
				q.SetSideToMove(side)
				s := xiangqi.Square(r.IntN(xiangqi.NumSquares))
				var vacated []xiangqi.Square
				for range r.IntN(5) {
					vacated = append(vacated, xiangqi.Square(r.IntN(xiangqi.NumSquares)))
				}
				buf = a.exchangeMoves(&q, s, vacated, buf[:0])
				n += len(buf)
				for _, m := range buf {
					h.Write([]byte{byte(m), byte(m >> 8)})
				}
				h.Write([]byte{0xff})
			}
			p.MakeMove(m)
		}
	}
	if got, want := h.Sum64(), uint64(0xa3a967905630dd37); got != want {
		t.Errorf("hash of the exchange moves %#x, want %#x", got, want)
	}
	t.Logf("%d moves", n)
}
