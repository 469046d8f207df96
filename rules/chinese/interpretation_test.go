package chinese

import (
	"context"
	"testing"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/xiangqi"
)

// TestFloatingPawn pins the value scale of value.go (§1.1 [?] horse/cannon vs advisor,
// floating pawn): a crossed pawn taking a protected horse wins nothing, an unprotected
// one wins it.
func TestFloatingPawn(t *testing.T) {
	for _, c := range []struct {
		fen, move string
		gain      int
	}{
		{"3r1k3/9/9/3nP4/9/9/9/9/9/4K4 w - - 0 1", "e6d6", 0}, // pawn for horse: even (floating)
		{"5k3/9/9/3nP4/9/9/9/9/9/4K4 w - - 0 1", "e6d6", 2},   // unprotected horse: won
	} {
		p, err := xiangqi.ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		m, _ := xiangqi.ParseICCS(c.move)
		a := &analyst{chaser: p.SideToMove(), mates: newMateSearch()}
		g, _ := a.captureGain(&p, m, false)
		if max(g, 0) != c.gain {
			t.Errorf("%s %s: gain %d, want %d", c.fen, c.move, g, c.gain)
		}
	}
}

// TestJudgeCycleBadInput: JudgeCycle never panics and returns no ruling on a bad range.
func TestJudgeCycleBadInput(t *testing.T) {
	g := gameFrom(t, xiangqi.StartFEN, "h2e2 h9g7 h0g2 g7h9")
	rs := New()
	for _, r := range [][2]int{{-1, 2}, {0, 0}, {3, 2}, {0, 9}, {2, 2}} {
		if j := mustJudge(rs.JudgeCycle(context.Background(), g, r[0], r[1])); j.Ruling.Verdict != arbiter.VerdictNone || len(j.Plies) != 0 {
			t.Errorf("range %v: got %v", r, j.Ruling.Verdict)
		}
	}
	if j := mustJudge(rs.JudgeCycle(context.Background(), nil, 0, 1)); j.Ruling.Verdict != arbiter.VerdictNone {
		t.Error("nil game judged")
	}
	j := mustJudge(rs.JudgeCycle(context.Background(), g, 0, 4))
	if j.Ruling.Verdict != arbiter.VerdictDraw {
		t.Errorf("opening shuffle: got %v, want draw", j.Ruling.Verdict)
	}
}
