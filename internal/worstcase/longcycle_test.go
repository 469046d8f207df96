package worstcase

import (
	"testing"

	"github.com/arbiter-xq/arbiter/xiangqi"
)

// TestLongCycle checks that the history is legal, never captures or checks, and first
// repeats a position after 1,472 plies, each loop visiting distinct squares.
func TestLongCycle(t *testing.T) {
	start, err := xiangqi.ParseFEN(LongCycleFEN)
	if err != nil {
		t.Fatal(err)
	}
	g := xiangqi.NewGame(start)
	first := -1
	for i, s := range LongCycle(LongCyclePlies) {
		m, ok := xiangqi.ParseICCS(s)
		if !ok {
			t.Fatalf("ply %d: bad move %q", i+1, s)
		}
		if err := g.Play(m); err != nil {
			t.Fatalf("ply %d: %v", i+1, err)
		}
		if rec := g.Ply(i); rec.Check || rec.Captured != xiangqi.NoPiece {
			t.Fatalf("ply %d %s: check or capture", i+1, s)
		}
		if first < 0 && g.PreviousOccurrence() >= 0 {
			first = g.Len()
		}
	}
	red, black := LongCycleLoops()
	if red != 32 || black != 23 {
		t.Errorf("loops of %d and %d moves, want 32 and 23", red, black)
	}
	if want := 2 * red * black; first != want {
		t.Errorf("first repetition after %d plies, want %d", first, want)
	}
	if prev := g.PreviousOccurrence(); g.Len()-prev != 2*red*black {
		t.Errorf("last cycle %d plies, want %d", g.Len()-prev, 2*red*black)
	}
}
