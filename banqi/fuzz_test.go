package banqi

import (
	"strings"
	"testing"
)

// FuzzParsePosition: no input panics; a position that parses formats canonically, and
// the canonical form parses back to the same position (parse(format(p)) == p).
func FuzzParsePosition(f *testing.F) {
	for _, s := range []string{"", "4/4/4/4/4/4/r3/1G2 r - 0", "3n/4/4/1X2/4/4/4/R3 r p 179",
		"XXXX/XXXX/XXkc/X2X/XXXX/XXXX/XXXX/XXXX r KGMMRRNNCCPPPPPggmmrrnncpppp 0",
		"XXXX/XXXX/XXXX/XXXX/XXXX/XXXX/XXXX/XXXX - * 0", "3X/4/e3/R3 r c 0", "X3/4/4/4/4/4/4/K3 r * 0"} {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, s string, animal bool) {
		o := DefaultOptions()
		if animal {
			o.Pieces, o.RankOrder = AnimalPieces, RankJungle
		}
		p, err := ParsePosition(s, o)
		if err != nil {
			if _, ok := err.(*PositionError); !ok {
				t.Fatalf("%q: error %T %v, want *PositionError", s, err, err)
			}
			return
		}
		canon := p.String()
		q, err := ParsePosition(canon, o)
		if err != nil {
			t.Fatalf("%q -> %q does not parse: %v", s, canon, err)
		}
		if q != p && strings.TrimSpace(s) != "" {
			t.Fatalf("%q -> %q parses to a different position", s, canon)
		}
		if q.String() != canon {
			t.Fatalf("%q: canonical form not stable: %q then %q", s, canon, q.String())
		}
		q.HasLegalAction()
		q.LegalMoves(nil, false)
	})
}

// FuzzParseMove: no input panics; a ply that parses formats canonically and the
// canonical form parses back to the same ply.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"c6=G", "c6(G)", "c6=仕", "c6", "c6=?", "c5-c6", "c6xc5", "c2xc3=m", "b2xb3xb4", "b2xb3=pxb4", "a1-a4"} {
		f.Add(s, false)
	}
	f.Add("a1xa2=E", true)
	f.Fuzz(func(t *testing.T, s string, animal bool) {
		set := XiangqiPieces
		if animal {
			set = AnimalPieces
		}
		m, err := ParseMove(s, set)
		if err != nil {
			if _, ok := err.(*SyntaxError); !ok {
				t.Fatalf("%q: error %T, want *SyntaxError", s, err)
			}
			return
		}
		canon := m.String()
		m2, err := ParseMove(canon, set)
		if err != nil {
			t.Fatalf("%q -> %q does not parse: %v", s, canon, err)
		}
		if m2 != m {
			t.Fatalf("%q -> %q parses to a different ply: %+v vs %+v", s, canon, m, m2)
		}
		// Playing it anywhere never panics.
		for _, pos := range []string{"", "4/4/4/r3/X3/X1n1/X1p1/C1R1 r Mkm 0"} {
			o := DefaultOptions()
			o.HiddenCapture, o.ChainCapture = HiddenAll, ChainAny
			if animal {
				o.Pieces, o.RankOrder = AnimalPieces, RankJungle
				pos = "3X/4/e3/R3 r c 0"
			}
			p, err := ParsePosition(pos, o)
			if err != nil {
				t.Fatal(err)
			}
			p.Play(m)
		}
	})
}
