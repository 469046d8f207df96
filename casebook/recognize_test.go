package casebook_test

import (
	"strings"
	"testing"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/casebook"
	"github.com/arbiter-xq/arbiter/rules/chinese"
	"github.com/arbiter-xq/arbiter/rules/xqrules"
)

// A history that is a case of the book, in any orientation the case is verified in and
// in any notation, is recognised with the book's ruling in the history's colours; a
// different history is not.
func TestRecognize(t *testing.T) {
	book, err := casebook.Load()
	if err != nil {
		t.Fatal(err)
	}
	rs := xqrules.New(chinese.New())
	for _, tt := range []struct {
		fen, moves, id, variant string
		verdict                 arbiter.Verdict
	}{
		{"2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 0 1", "f0e0 e8f8 e0f0 f8e8", "cxa2020-图6", "original", arbiter.VerdictRedMustChange},
		// The same in WXF, without the FEN's counters.
		{"2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w", "R4.5 K5.6 R5.4 K6.5", "cxa2020-图6", "original", arbiter.VerdictRedMustChange},
		// Mirrored: files a<->i.
		{"6b2/4k4/9/9/9/9/9/9/6p2/1cBR1K3 w - - 0 1", "d0e0 e8d8 e0d0 d8e8", "cxa2020-图6", "mirrored", arbiter.VerdictRedMustChange},
		// Colour-flipped: Black checks, Black must change.
		{"1Cbr1k3/6P2/9/9/9/9/9/9/4K4/6B2 b - - 0 1", "d9e9 e1d1 e9d9 d1e1", "cxa2020-图6", "colour-flipped", arbiter.VerdictBlackMustChange},
	} {
		r, err := arbiter.Adjudicate(t.Context(), rs, arbiter.Start{Position: tt.fen}, strings.Fields(tt.moves))
		if err != nil {
			t.Fatalf("%s: %v", tt.moves, err)
		}
		m := book.Recognize(rs, r.StartPosition, casebook.ReportMoves(r))
		if m == nil || m.Case.GetId() != tt.id || m.Variant != tt.variant || m.Verdict != tt.verdict {
			t.Errorf("%s %s: got %+v, want %s %s %s", tt.fen, tt.moves, m, tt.id, tt.variant, tt.verdict)
		}
	}
	r, err := arbiter.Adjudicate(t.Context(), rs, arbiter.Start{Position: "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 0 1"}, []string{"f0e0", "e8f8"})
	if err != nil {
		t.Fatal(err)
	}
	if m := book.Recognize(rs, r.StartPosition, casebook.ReportMoves(r)); m != nil {
		t.Errorf("a part of a case is not the case: %+v", m)
	}
}
