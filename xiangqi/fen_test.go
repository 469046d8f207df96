package xiangqi

import (
	"errors"
	"strings"
	"testing"
)

func TestParseFENRoundTrip(t *testing.T) {
	for _, fen := range []string{
		StartFEN,
		"2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 0 1",
		"4k4/9/3R5/4c4/2n6/4N4/9/4C4/9/5K3 w - - 0 1",
		"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 3 7",
	} {
		p, err := ParseFEN(fen)
		if err != nil {
			t.Fatalf("ParseFEN(%q): %v", fen, err)
		}
		if got := p.FEN(); got != fen {
			t.Errorf("FEN round trip: got %q, want %q", got, fen)
		}
	}
}

func TestParseFENForms(t *testing.T) {
	start := StartPosition()
	for _, fen := range []string{
		"",
		"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR",
		"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR r",
		"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w 0 1",
		"rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w - - 0 1",
	} {
		p, err := ParseFEN(fen)
		if err != nil {
			t.Errorf("ParseFEN(%q): %v", fen, err)
			continue
		}
		if !p.Equal(&start) || p.Hash() != start.Hash() {
			t.Errorf("ParseFEN(%q) is not the start position", fen)
		}
	}
}

func TestParseFENErrors(t *testing.T) {
	tests := []struct {
		name, fen  string
		rank, file int
		reason     string
	}{
		{"nine ranks", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", -1, -1, "9 ranks"},
		{"short rank", "rnbakabnr/8/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", 8, -1, "8 files"},
		{"long rank", "rnbakabnr/91/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", 8, -1, "more than 9 files"},
		{"bad letter", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX w", 0, 8, "unknown piece letter"},
		{"bad side", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x", -1, -1, "side to move"},
		{"no red king", "4k4/9/9/9/9/9/9/9/9/9 w", -1, -1, "Red has no king"},
		{"two kings", "3kk4/9/9/9/9/9/9/9/9/4K4 w", 9, 4, "more than 1 kings"},
		{"king outside palace", "4k4/9/9/9/9/9/9/9/9/2K6 w", 0, 2, "outside its palace"},
		{"advisor off point", "4k4/9/9/9/9/9/9/9/3A5/3K5 w", 1, 3, "advisor can never reach"},
		{"elephant off point", "4k4/9/9/9/9/9/9/9/4B4/3K5 w", 1, 4, "elephant can never reach"},
		{"elephant across river", "4k4/9/9/9/2B6/9/9/9/9/3K5 w", 5, 2, "elephant can never reach"},
		{"pawn behind start", "4k4/9/9/9/9/9/9/4P4/9/3K5 w", 2, 4, "pawn can never reach"},
		{"uncrossed pawn off file", "4k4/9/9/9/9/9/3P5/9/9/3K5 w", 3, 3, "pawn can never reach"},
		{"six pawns", "4k4/9/9/PPPPPP3/9/9/9/9/9/3K5 w", 6, 5, "more than 5 pawns"},
		{"kings facing", "4k4/9/9/9/9/9/9/9/9/4K4 w", -1, 4, "face each other"},
		{"side not to move in check", "3k5/9/9/9/9/9/9/9/9/3RK4 w", 9, 3, "Black is not to move but is in check"},
		{"bad counter", "4k4/9/9/9/9/9/9/9/9/3K5 w - - x 1", -1, -1, "counter"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseFEN(tt.fen)
			var fe *FENError
			if !errors.As(err, &fe) {
				t.Fatalf("ParseFEN(%q) = %v, want *FENError", tt.fen, err)
			}
			if fe.Rank != tt.rank || fe.File != tt.file || !strings.Contains(fe.Reason, tt.reason) {
				t.Errorf("got rank %d file %d reason %q; want rank %d file %d reason containing %q (%v)",
					fe.Rank, fe.File, fe.Reason, tt.rank, tt.file, tt.reason, err)
			}
		})
	}
}

// Relaxed parsing accepts every unreachable advisor, elephant and pawn point, and still
// enforces kings and counts.
func TestParseFENRelaxed(t *testing.T) {
	relaxed := FENOptions{AllowUnreachable: true}
	for _, fen := range []string{
		"3k5/9/9/9/9/9/9/9/9/A3K4 w",  // advisor on a0: outside the palace
		"5k3/9/9/9/9/9/9/9/9/3KA4 w",  // advisor on e0: in the palace, wrong point
		"4k4/9/9/9/9/9/9/9/4B4/3K5 w", // elephant on e1
		"4k4/9/9/9/9/9/9/4P4/9/3K5 w", // pawn behind its start
	} {
		if _, err := ParseFEN(fen); err == nil {
			t.Errorf("strict ParseFEN(%q) accepted an unreachable point", fen)
		}
		if _, err := ParseFENOptions(fen, relaxed); err != nil {
			t.Errorf("relaxed ParseFEN(%q): %v", fen, err)
		}
	}
	if _, err := ParseFENOptions("4k4/9/9/9/9/9/9/9/9/2K6 w", relaxed); err == nil {
		t.Error("relaxed parsing accepted a king outside its palace")
	}
}

func TestMirrorAndFlip(t *testing.T) {
	p := StartPosition()
	m := p.Mirror()
	if m.Hash() != p.Hash() {
		t.Error("the start position is symmetric; its mirror must hash the same")
	}
	f := p.ColorFlip()
	if f.SideToMove() != Black || f.BoardFEN() != "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b" {
		t.Errorf("colour flip of the start: %s", f.BoardFEN())
	}
	for _, fen := range []string{StartFEN, "2bak4/4a4/9/4R3p/2b2R1n1/1p7/c8/B2rC4/4p4/2p2KB2 w - - 2 12",
		"3akab2/9/2n1N4/p1p5p/4c4/2P1C4/P7c/2NCBR1r1/4A4/3AK1B2 b - - 4 41"} {
		q, err := ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		qm, qf := q.Mirror(), q.ColorFlip()
		qb := qf.Mirror()
		if gm, gf, gb := q.TransformedHashes(); gm != qm.Hash() || gf != qf.Hash() || gb != qb.Hash() {
			t.Errorf("%s: TransformedHashes %x %x %x, positions %x %x %x", q.FEN(), gm, gf, gb, qm.Hash(), qf.Hash(), qb.Hash())
		}
	}
	if got := NewMove(SquareAt(7, 2), SquareAt(4, 2)).Flip().String(); got != "b7e7" {
		t.Errorf("flip h2e2 = %s, want b7e7", got)
	}
	if got := NewMove(SquareAt(7, 2), SquareAt(4, 2)).Mirror().String(); got != "b2e2" {
		t.Errorf("mirror h2e2 = %s", got)
	}
}

func FuzzParseFEN(f *testing.F) {
	for _, s := range []string{StartFEN, "", "4k4/9/9/9/9/9/9/9/9/3K5 w", "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 0 1",
		"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 3 7", "9/9/9/9/9/9/9/9/9/9 w", "k/"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseFEN(s)
		if err != nil {
			return
		}
		// Round trip: writing and reading again gives the same position.
		q, err := ParseFEN(p.FEN())
		if err != nil {
			t.Fatalf("re-parse of %q (from %q): %v", p.FEN(), s, err)
		}
		if !q.Equal(&p) || q.Hash() != p.Hash() || q.FEN() != p.FEN() {
			t.Fatalf("round trip changed the position: %q -> %q", p.FEN(), q.FEN())
		}
		// Every legal move can be played and taken back.
		for _, m := range p.LegalMoves() {
			cap := p.MakeMove(m)
			p.UnmakeMove(m, cap)
		}
		if !q.Equal(&p) || q.Hash() != p.Hash() {
			t.Fatal("make/unmake changed the position")
		}
	})
}
