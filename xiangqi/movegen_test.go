package xiangqi_test

import (
	"math/rand/v2"
	"slices"
	"sort"
	"testing"

	"github.com/arbiter-xq/arbiter/internal/corpus"
	"github.com/arbiter-xq/arbiter/xiangqi"
)

// casePositions returns the start positions of the official cases: many pins, cannon
// screens and facing kings.
func casePositions(tb testing.TB) []xiangqi.Position {
	tb.Helper()
	var out []xiangqi.Position
	for _, f := range []string{"cases/cxa2020.tsv", "cases/wxf.tsv"} {
		path := corpus.Path(f)
		if path == "" {
			tb.Skip("shared cases absent")
		}
		cases, err := corpus.ReadCases(path)
		if err != nil {
			tb.Fatal(err)
		}
		for _, c := range cases {
			// wxf-L545 has a black pawn behind its start rank: official diagrams may be
			// composed positions, so they are read in relaxed mode.
			p, err := xiangqi.ParseFENOptions(c.FEN, xiangqi.FENOptions{AllowUnreachable: true})
			if err != nil {
				tb.Fatalf("%s: %v", c.ID, err)
			}
			out = append(out, p)
		}
	}
	return out
}

// slowLegalMoves finds the legal moves by asking WhyIllegal about every from/to pair:
// a second, independent path through the movement rules.
func slowLegalMoves(p *xiangqi.Position) []string {
	var out []string
	for from := xiangqi.Square(0); from < xiangqi.NumSquares; from++ {
		for to := xiangqi.Square(0); to < xiangqi.NumSquares; to++ {
			if from != to && p.WhyIllegal(xiangqi.NewMove(from, to)) == "" {
				out = append(out, xiangqi.NewMove(from, to).String())
			}
		}
	}
	sort.Strings(out)
	return out
}

func fastLegalMoves(p *xiangqi.Position) []string {
	var out []string
	for _, m := range p.LegalMoves() {
		out = append(out, m.String())
	}
	sort.Strings(out)
	return out
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// The generator agrees with the one-move legality test on every position of the official
// cases and on positions from real games, and perft is invariant under mirroring and
// colour flipping.
func TestMoveGenerationAgrees(t *testing.T) {
	positions := casePositions(t)
	games := loadCCPD(t, 300)
	for _, pg := range parseCCPD(t, games) {
		g := xiangqi.NewGame(pg.start)
		for i, m := range pg.moves {
			if err := g.Play(m); err != nil {
				t.Fatal(err)
			}
			if i%17 == 5 {
				positions = append(positions, *g.Position())
			}
		}
	}
	for i := range positions {
		p := &positions[i]
		if fast, slow := fastLegalMoves(p), slowLegalMoves(p); !equalStrings(fast, slow) {
			t.Fatalf("%s: generator %v, legality test %v", p.FEN(), fast, slow)
		}
		if i%10 != 0 {
			continue
		}
		n := p.Perft(2)
		m, f := p.Mirror(), p.ColorFlip()
		if nm, nf := m.Perft(2), f.Perft(2); nm != n || nf != n {
			t.Fatalf("%s: perft(2) %d, mirrored %d, flipped %d", p.FEN(), n, nm, nf)
		}
	}
	t.Logf("%d positions checked", len(positions))
}

// Perft on positions with pins, cannon screens and facing-king lines, with counts
// established by this generator and cross-checked by TestMoveGenerationAgrees.
func TestPerftPositions(t *testing.T) {
	tests := []struct {
		fen   string
		depth int
		want  uint64
	}{
		// A cannon screen and a pinned horse on the king's file.
		{"4k4/9/3R5/4c4/2n6/4N4/9/4C4/9/5K3 w - - 0 1", 3, 17099},
		// Perpetual-check position of CXA 图6: the checking side has few moves.
		{"2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 0 1", 3, 4},
		// Kings on one file with one screen: the screen is pinned by the facing rule.
		{"4k4/9/9/9/4n4/9/9/9/4A4/4K4 b - - 0 1", 3, 298},
	}
	for _, tt := range tests {
		p, err := xiangqi.ParseFEN(tt.fen)
		if err != nil {
			t.Fatal(err)
		}
		got := p.Perft(tt.depth)
		t.Logf("perft(%q, %d) = %d", tt.fen, tt.depth, got)
		if tt.want != 0 && got != tt.want {
			t.Errorf("perft(%q, %d) = %d, want %d", tt.fen, tt.depth, got, tt.want)
		}
	}
}

func TestRepetitionDetection(t *testing.T) {
	p, _ := xiangqi.ParseFEN(xiangqi.StartFEN)
	g := xiangqi.NewGame(p)
	cycle := []string{"h0g2", "h9g7", "g2h0", "g7h9"}
	for round := 0; round < 3; round++ {
		for _, s := range cycle {
			m, _ := xiangqi.ParseICCS(s)
			if err := g.Play(m); err != nil {
				t.Fatal(err)
			}
		}
	}
	// After 12 plies the start position has occurred at plies 0, 4, 8 and now 12.
	if got := g.Occurrences(nil); len(got) != 3 || got[0] != 0 || got[1] != 4 || got[2] != 8 {
		t.Errorf("Occurrences = %v, want [0 4 8]", got)
	}
	if prev := g.PreviousOccurrence(); prev != 8 {
		t.Errorf("PreviousOccurrence = %d, want 8", prev)
	}
	// A capture cuts the history: nothing before it can repeat.
	m, _ := xiangqi.ParseICCS("h2h9")
	if err := g.Play(m); err != nil {
		t.Fatal(err)
	}
	if g.LastCapturePly() != 13 || g.PreviousOccurrence() != -1 {
		t.Errorf("after a capture: last capture %d, previous occurrence %d", g.LastCapturePly(), g.PreviousOccurrence())
	}
	g.Undo()
	if g.LastCapturePly() != 0 || g.PreviousOccurrence() != 8 {
		t.Errorf("after undo: last capture %d, previous occurrence %d", g.LastCapturePly(), g.PreviousOccurrence())
	}
	pa := g.PositionAt(4)
	if pa.Hash() != p.Hash() || !pa.Equal(&p) {
		t.Error("PositionAt(4) is not the start position")
	}
}

func TestPlayErrors(t *testing.T) {
	tests := []struct{ fen, move, reason string }{
		{xiangqi.StartFEN, "e3e5", "a pawn cannot move"},
		{xiangqi.StartFEN, "h9g7", "cannot move: Red to move"},
		{xiangqi.StartFEN, "a3a3", "not a move"},
		{xiangqi.StartFEN, "b0d1", "leg"},
		{xiangqi.StartFEN, "b2b8", "path is blocked"}, {"4k4/9/9/9/4p4/4p4/9/4C4/9/3K5 w", "e2e9", "exactly one screen"},
		{xiangqi.StartFEN, "e5e6", "no piece on e5"},
		{"4k4/9/9/9/9/9/9/9/9/3K5 w", "d0e0", "kings facing"},
		{"4k4/9/9/9/9/9/9/9/4A4/4K4 w", "e1f2", "kings facing"},
		{"4k4/4r4/9/9/9/9/9/9/4A4/4K4 w", "e1d2", "in check"},
	}
	for _, tt := range tests {
		p, err := xiangqi.ParseFEN(tt.fen)
		if err != nil {
			t.Fatal(err)
		}
		m, ok := xiangqi.ParseICCS(tt.move)
		if !ok {
			m = xiangqi.NoMove
		}
		g := xiangqi.NewGame(p)
		err = g.Play(m)
		me, isMove := err.(*xiangqi.MoveError)
		if !isMove {
			t.Errorf("%s %s: got %v, want a *MoveError", tt.fen, tt.move, err)
			continue
		}
		if !contains(me.Reason, tt.reason) || me.Ply != 0 {
			t.Errorf("%s %s: reason %q ply %d, want %q", tt.fen, tt.move, me.Reason, me.Ply, tt.reason)
		}
		if g.Len() != 0 || !g.Position().Equal(&p) {
			t.Error("a refused move changed the game")
		}
	}
}

func contains(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}

// HasLegalMove (which skips playing the moves MayExposeKing clears) agrees with
// playing every pseudo-legal move, on every position of a sample of real games with
// either side to move, including the checkmates and stalemates they end in.
func TestHasLegalMoveMatchesPlayingEveryMove(t *testing.T) {
	limit := 600
	if testing.Short() || xiangqi.RaceEnabled {
		limit = 100
	}
	games := parseCCPD(t, loadCCPD(t, limit))
	var buf []xiangqi.Move
	none := 0
	for gi, pg := range games {
		p := pg.start
		for ply := 0; ply <= len(pg.moves); ply++ {
			for _, side := range [2]xiangqi.Color{xiangqi.Red, xiangqi.Black} {
				q := p
				q.SetSideToMove(side)
				want := false
				for _, m := range q.AppendPseudoMoves(buf[:0]) {
					cap := q.MakeMove(m)
					if !q.InCheck(side) {
						want = true
					}
					q.UnmakeMove(m, cap)
				}
				if !want {
					none++
				}
				if got := q.HasLegalMove(); got != want {
					t.Fatalf("game %d ply %d %s: HasLegalMove = %v, playing every move says %v", gi, ply, q.FEN(), got, want)
				}
			}
			if ply < len(pg.moves) {
				p.MakeMove(pg.moves[ply])
			}
		}
	}
	t.Logf("%d positions without a legal move", none)
}

// The rook and cannon moves read from the ray tables come in the same order as the
// square-by-square walk produced them (the rulesets' work budgets count moves in this
// order), on every position of a sample of real games with either side to move.
func TestPseudoMovesMatchReference(t *testing.T) {
	limit := 600
	if testing.Short() || xiangqi.RaceEnabled {
		limit = 100
	}
	games := parseCCPD(t, loadCCPD(t, limit))
	var got, want []xiangqi.Move
	for gi, pg := range games {
		p := pg.start
		for ply := 0; ply <= len(pg.moves); ply++ {
			for _, side := range [2]xiangqi.Color{xiangqi.Red, xiangqi.Black} {
				q := p
				q.SetSideToMove(side)
				got = q.AppendPseudoMoves(got[:0])
				want = q.AppendPseudoMovesReference(want[:0])
				if !slices.Equal(got, want) {
					t.Fatalf("game %d ply %d %s: pseudo moves %v, reference %v", gi, ply, q.FEN(), got, want)
				}
			}
			if ply < len(pg.moves) {
				p.MakeMove(pg.moves[ply])
			}
		}
	}
}

// TestWouldRepeat: WouldRepeat tells, without playing the move, whether playing it
// repeats a position (PreviousOccurrence after it), for every legal move along seeded
// random shuffling games; moves that cannot be played (empty squares, off the board)
// repeat nothing. Rewind restores the game exactly, whatever was played since its mark.
func TestWouldRepeat(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 2026))
	repeats := 0
	for n := range 30 {
		g := xiangqi.NewGame(xiangqi.StartPosition())
		for ply := 0; ply < 80; ply++ {
			p := *g.Position()
			legal := p.AppendLegalMoves(nil)
			if len(legal) == 0 {
				break
			}
			mark, lc := g.Mark(), g.LastCapturePly()
			for _, m := range legal {
				got := g.WouldRepeat(m)
				if err := g.Play(m); err != nil {
					t.Fatal(err)
				}
				want := g.PreviousOccurrence() >= 0
				// Two more plies, so that the rewind takes back a capture now and then.
				for range 2 {
					if next := g.Position().LegalMoves(); len(next) > 0 {
						g.Play(next[r.IntN(len(next))])
					}
				}
				g.Rewind(mark)
				if got != want {
					t.Fatalf("game %d ply %d %s: WouldRepeat %v, PreviousOccurrence says %v", n, ply, m, got, want)
				}
				if g.Len() != ply || !g.Position().Equal(&p) || g.Position().Hash() != p.Hash() || g.LastCapturePly() != lc {
					t.Fatalf("game %d ply %d: Rewind did not restore the game", n, ply)
				}
				if want {
					repeats++
				}
			}
			// Moves that cannot be played repeat nothing: from an empty square, off the
			// board (squares 90 to 127 of the encoding).
			var empty xiangqi.Square
			for s := xiangqi.Square(0); s < xiangqi.NumSquares; s++ {
				if p.At(s) == xiangqi.NoPiece {
					empty = s
					break
				}
			}
			for _, m := range []xiangqi.Move{xiangqi.NewMove(empty, xiangqi.SquareAt(4, 5)), xiangqi.Move(0x7f), xiangqi.Move(0x7f << 7), xiangqi.Move(0x3fff)} {
				if g.WouldRepeat(m) {
					t.Fatalf("game %d ply %d: %v repeats", n, ply, uint16(m))
				}
			}
			// Shuffle back and forth often, so that many moves repeat.
			m := legal[r.IntN(len(legal))]
			if ply >= 4 && r.IntN(5) > 0 {
				back := g.Ply(ply - 4).Move
				if slices.Contains(legal, back) {
					m = back
				}
			}
			if err := g.Play(m); err != nil {
				t.Fatal(err)
			}
		}
	}
	if repeats < 100 {
		t.Errorf("only %d repeating moves met", repeats)
	}
	t.Logf("%d repeating moves", repeats)
}
