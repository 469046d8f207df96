package xiangqi

import (
	"testing"
)

func TestPerftStart(t *testing.T) {
	want := []uint64{1, 44, 1920, 79666, 3290240}
	p := StartPosition()
	maxDepth := 4
	if testing.Short() || raceEnabled {
		maxDepth = 3
	}
	for d := 1; d <= maxDepth; d++ {
		if got := p.Perft(d); got != want[d] {
			t.Errorf("perft(%d) = %d, want %d", d, got, want[d])
		}
	}
}
