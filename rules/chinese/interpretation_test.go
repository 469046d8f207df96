package chinese

import (
	"context"
	"strings"
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

// TestKingAnswerNotSearched: a king move that answers check (26.1.2, the spec's
// classification order §1.5 step 2) or parries a mate threat is idle whatever it
// threatens, so its threats are not searched: no work, no excluded threats, and a note
// that names its idle kind and says why. 图17: the king's answer d8-d7 would create a
// threat. Constructed: the king's answer e1-d1 uncovers the rook e0's attack on the
// unprotected rook e5, a 捉 if the king had not been in check; it offers the exchange of
// rooks (兑).
func TestKingAnswerNotSearched(t *testing.T) {
	for _, c := range []struct {
		fen, moves string
		ply        int
	}{
		{"1R3a3/3ka4/bRr4r1/p3p3P/4c4/6B2/9/3A5/9/4KA3 w - - 0 1", "b7b8 d8d7 b8b7 d7d8", 1},
		{"5k3/9/9/9/r8/9/9/9/4K4/4R4 b - - 0 1", "a5e5 e1d1 e5a5 d1e1", 1},
	} {
		g := gameFrom(t, c.fen, c.moves)
		cur := g.PositionAt(c.ply)
		f := nextFacts(g, c.ply, &cur)
		if !f.before.InCheck(f.mover) || f.moved.Kind() != xiangqi.King {
			t.Fatalf("%s ply %d: not a king's answer to check", c.fen, c.ply+1)
		}
		cl := &classifier{mates: newMateSearch()}
		pn, st := cl.classifyMove(&f)
		attack := pn.Nature == arbiter.NatureCheck || pn.Nature == arbiter.NatureMateThreat || pn.Nature == arbiter.NatureChase
		if attack || len(pn.All) != 1 || len(pn.Threats) != 0 || len(pn.Excluded) != 0 || st.total != 0 || !strings.Contains(pn.Note, "26.1.2") || !strings.Contains(pn.Note, pn.Nature.Chinese()) {
			t.Errorf("%s ply %d: %s %+v, work %d", c.fen, c.ply+1, pn.Nature, pn, st.total)
		}
	}
}
