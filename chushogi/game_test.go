package chushogi

import (
	"strings"
	"testing"
)

func playAll(t *testing.T, g *Game, moves string) {
	t.Helper()
	for _, s := range strings.Fields(moves) {
		m, err := ParseUSI(s)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := g.Play(m); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
}

// T-R5 (identity): after 6h6c 1c1d 6c6d 1d1c the position after ply 5 (6d6c) has the
// board and side of the position after ply 1 but no marker.
func TestIdentity(t *testing.T) {
	start := mustSFEN(t, "k11/12/6n4g/12/12/12/12/6R5/12/12/12/K11 b - 1")
	for _, tc := range []struct {
		id   Identity
		want bool
	}{{IdentityBoardSide, true}, {IdentityBoardSideMarker, false}} {
		g := NewGame(start, DefaultOptions(), tc.id)
		playAll(t, g, "6h6c 1c1d 6c6d 1d1c")
		m, _ := ParseUSI("6d6c")
		if got := g.WouldRepeat(m); got != tc.want {
			t.Errorf("%v: WouldRepeat(6d6c) = %v, want %v", tc.id, got, tc.want)
		}
	}
}

func TestWindowAndOccurrences(t *testing.T) {
	start := mustSFEN(t, "6k5/3gg7/11g/12/12/3R8/12/12/12/12/12/K11 b - 1")
	g := NewGame(start, DefaultOptions(), IdentityBoardSideMarker)
	playAll(t, g, "9f8f 1c1d 8f9f 1d1c 9f8f 1c1d 8f9f 1d1c")
	if occ := g.Occurrences(); len(occ) != 3 || occ[0] != 0 || occ[2] != 8 {
		t.Errorf("occurrences %v, want [0 4 8]", occ)
	}
	// An irreversible move (a pawn move) clears the window.
	g = NewGame(StartPosition(), DefaultOptions(), IdentityBoardSideMarker)
	playAll(t, g, "7j8h 6c6e 7i7h")
	if g.WindowLen() != 1 {
		t.Errorf("window %d after a pawn move", g.WindowLen())
	}
}
