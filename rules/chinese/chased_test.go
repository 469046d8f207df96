package chinese

import (
	"context"
	"strings"
	"testing"

	"github.com/arbiter-xq/arbiter/xiangqi"
)

func judgeMoves(t *testing.T, fen, moves string) (*xiangqi.Game, int) {
	t.Helper()
	p, err := xiangqi.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	g := xiangqi.NewGame(p)
	for _, s := range strings.Fields(moves) {
		m, ok := xiangqi.ParseICCS(s)
		if !ok {
			t.Fatalf("bad move %q", s)
		}
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	start := g.PreviousOccurrence()
	if start < 0 {
		t.Fatal("no repetition")
	}
	return g, start
}

// SidePattern.Chased lists, for a forbidden side only, where the pieces it chases stand
// after its last move of the cycle.
func TestChased(t *testing.T) {
	sq := func(s string) xiangqi.Square {
		x, ok := xiangqi.ParseSquare(s)
		if !ok {
			t.Fatalf("bad square %q", s)
		}
		return x
	}
	const fen = "3aka3/9/4b4/9/4n4/9/9/9/9/1R1K5 w - - 0 1"
	// One chase, one idle move: allowed, so nothing is chased perpetually (the horse the
	// rook attacked from b5 is no longer on e5 after Red's last move anyway).
	g, start := judgeMoves(t, fen, "b0b5 e5c6 b5b0 c6e5")
	j := mustJudge(New().JudgeCycle(context.Background(), g, start, g.Len()))
	if red := j.Sides[xiangqi.Red]; red.Forbidden || len(red.Chased) != 0 {
		t.Errorf("one chase one idle: forbidden %v, chased %v; want allowed, none", red.Forbidden, red.Chased)
	}
	// The rook follows the horse e5-c6-e5: a perpetual chase. The horse chased on c6 has
	// gone back to e5 by Red's last move, where the rook chases it again: e5 only.
	g, start = judgeMoves(t, fen, "b0b5 e5c6 b5b6 c6e5 b6b5 e5c6")
	j = mustJudge(New().JudgeCycle(context.Background(), g, start, g.Len()))
	red := j.Sides[xiangqi.Red]
	if !red.Forbidden || len(red.Chased) != 1 || red.Chased[0] != sq("e5") {
		t.Errorf("perpetual chase: forbidden %v, chased %v (%s); want forbidden, [e5]", red.Forbidden, red.Chased, red.Pattern)
	}
	if black := j.Sides[xiangqi.Black]; len(black.Chased) != 0 {
		t.Errorf("black chased %v, want none", black.Chased)
	}
}
