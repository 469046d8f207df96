package chushogi

import (
	"fmt"
	"sort"
	"strings"
	"testing"
)

// ruleCase: from sfen, play the moves before (all must be legal), then judge move under
// each named option set; want is "" for legal or the reason code.
type ruleCase struct {
	name   string
	sfen   string
	before string
	move   string
	want   map[string]string // option set -> "" or reason code; "*" applies to all three
}

var optionSets = map[string]func() Options{
	"jcsa": DefaultOptions, "lishogi": lishogiOptions, "hachu": hachuOptions,
}

func all(code string) map[string]string { return map[string]string{"*": code} }

var ruleCases = []ruleCase{
	// Start position and jitto (T-J1, J1).
	{"start lion jumps its pawn", StartSFEN, "", "7j7h", all("")},
	{"start first step onto own pawn", StartSFEN, "", "7j7i7h", all("own_piece_on_target")},
	{"start no jitto (J1)", StartSFEN, "", "7j7i7j", all("own_piece_on_target")},
	{"T-J1 jitto 8g", StartSFEN, "7j7h 9e9f", "7h8g7h", all("")},
	{"T-J1 no jitto over own pawn", StartSFEN, "7j7h 9e9f", "7h7i7h", all("own_piece_on_target")},
	// T-L1 (L1).
	{"T-L1 step", "k11/12/12/7s4/6n5/6N5/12/12/12/12/12/K11 b - 1", "", "6f6e", all("")},
	{"T-L1 igui", "k11/12/12/7s4/6n5/6N5/12/12/12/12/12/K11 b - 1", "", "6f6e6f", all("")},
	{"T-L1 first step on", "k11/12/12/7s4/6n5/6N5/12/12/12/12/12/K11 b - 1", "", "6f6e6d", all("")},
	{"T-L1 first step aside", "k11/12/12/7s4/6n5/6N5/12/12/12/12/12/K11 b - 1", "", "6f6e7e", all("")},
	{"T-L1 second step adjacent", "k11/12/12/7s4/6n5/6N5/12/12/12/12/12/K11 b - 1", "", "6f7e6e", all("")},
	{"T-L1 second step adjacent 2", "k11/12/12/7s4/6n5/6N5/12/12/12/12/12/K11 b - 1", "", "6f5f6e", all("")},
	// T-L2 (L2).
	{"T-L2 jump", "k11/12/6g5/6n5/12/6N5/12/12/12/12/12/K11 b - 1", "", "6f6d", all("distant_protected_lion")},
	{"T-L2 two-step", "k11/12/6g5/6n5/12/6N5/12/12/12/12/12/K11 b - 1", "", "6f6e6d", all("distant_protected_lion")},
	{"T-L2 two-step diag", "k11/12/6g5/6n5/12/6N5/12/12/12/12/12/K11 b - 1", "", "6f5e6d", all("distant_protected_lion")},
	{"T-L2 step", "k11/12/6g5/6n5/12/6N5/12/12/12/12/12/K11 b - 1", "", "6f6e", all("")},
	{"T-L2 unprotected jump", "k11/12/12/6n5/12/6N5/12/12/12/12/12/K11 b - 1", "", "6f6d", all("")},
	{"T-L2 unprotected two-step", "k11/12/12/6n5/12/6N5/12/12/12/12/12/K11 b - 1", "", "6f6e6d", all("")},
	// T-L3 (ウラ足): the rook behind the capturing lion protects.
	{"T-L3 jump", "k11/12/12/6n5/12/6N5/12/6r5/12/12/12/K11 b - 1", "", "6f6d", all("distant_protected_lion")},
	{"T-L3 two-step", "k11/12/12/6n5/12/6N5/12/6r5/12/12/12/K11 b - 1", "", "6f6e6d", all("distant_protected_lion")},
	{"T-L3 two-step aside", "k11/12/12/6n5/12/6N5/12/6r5/12/12/12/K11 b - 1", "", "6f7e6d", all("distant_protected_lion")},
	// T-L4 (L3 bridge).
	{"T-L4 silver bridge", "k11/12/6g5/6n5/6s5/6N5/12/12/12/12/12/K11 b - 1", "", "6f6e6d", all("")},
	{"T-L4 pawn no bridge", "k11/12/6g5/6n5/6p5/6N5/12/12/12/12/12/K11 b - 1", "", "6f6e6d", all("distant_protected_lion")},
	{"T-L4 go-between no bridge", "k11/12/6g5/6n5/6i5/6N5/12/12/12/12/12/K11 b - 1", "", "6f6e6d", all("distant_protected_lion")},
	{"T-L4 tokin bridge", "k11/12/6g5/6n5/6+p5/6N5/12/12/12/12/12/K11 b - 1", "", "6f6e6d", all("")},
	{"T-L4 promoted go-between bridge", "k11/12/6g5/6n5/6+i5/6N5/12/12/12/12/12/K11 b - 1", "", "6f6e6d", all("")},
	// Q1.
	{"Q1 bridge over gold", "k9g1/10gn/9N1G/12/12/12/12/12/12/12/12/K11 b - 1", "", "3c2b1b", all("")},
	{"Q1 jump", "k9g1/10gn/9N1G/12/12/12/12/12/12/12/12/K11 b - 1", "", "3c1b", all("distant_protected_lion")},
	{"Q1 two-step empty", "k9g1/10gn/9N1G/12/12/12/12/12/12/12/12/K11 b - 1", "", "3c2c1b", all("distant_protected_lion")},
	{"Q1 ply 2 (③)", "k9g1/10gn/9N1G/12/12/12/12/12/12/12/12/K11 b - 1", "3c2b1b", "2a1b", all("")},
	// Q2.
	{"Q2 bridge over lion", "k9g1/10n+o/9N2/12/12/12/12/12/12/12/12/K11 b - 1", "", "3c2b1b", all("")},
	{"Q2 jump", "k9g1/10n+o/9N2/12/12/12/12/12/12/12/12/K11 b - 1", "", "3c1b", all("distant_protected_lion")},
	{"Q2 adjacent", "k9g1/10n+o/9N2/12/12/12/12/12/12/12/12/K11 b - 1", "", "3c2b", all("")},
	{"Q2 igui", "k9g1/10n+o/9N2/12/12/12/12/12/12/12/12/K11 b - 1", "", "3c2b3c", all("")},
	// Q3.
	{"Q3 bridge beats counter-strike", "k6r3n/9n2/8S3/7N3R/12/12/12/7V4/12/12/12/K11 b - 1", "1d1a", "3b4c5d", all("")},
	{"Q3 jump", "k6r3n/9n2/8S3/7N3R/12/12/12/7V4/12/12/12/K11 b - 1", "1d1a", "3b5d", all("distant_protected_lion")},
	{"Q3 rook under counter-strike", "k6r3n/9n2/8S3/7N3R/12/12/12/7V4/12/12/12/K11 b - 1", "1d1a", "5a5d", all("counter_strike")},
	{"Q3 ply 3", "k6r3n/9n2/8S3/7N3R/12/12/12/7V4/12/12/12/K11 b - 1", "1d1a 3b4c5d", "5h5d", all("")},
	{"Q3u rook", "k6r3n/9n2/12/7N3R/12/12/12/12/12/12/12/K11 b - 1", "1d1a", "5a5d",
		map[string]string{"jcsa": "", "lishogi": "counter_strike", "hachu": "counter_strike"}},
	{"Q3u jump", "k6r3n/9n2/12/7N3R/12/12/12/12/12/12/12/K11 b - 1", "1d1a", "3b5d", all("")},
	// Q4.
	{"Q4 go-between only protector", "k9n1/10i1/10N1/12/12/12/12/12/12/12/12/K11 b - 1", "", "2c2b2a",
		map[string]string{"jcsa": "distant_protected_lion", "lishogi": "distant_protected_lion", "hachu": ""}},
	{"Q4 jump", "k9n1/10i1/10N1/12/12/12/12/12/12/12/12/K11 b - 1", "", "2c2a", all("distant_protected_lion")},
	{"Q4 step", "k9n1/10i1/10N1/12/12/12/12/12/12/12/12/K11 b - 1", "", "2c2b", all("")},
	{"Q4 igui", "k9n1/10i1/10N1/12/12/12/12/12/12/12/12/K11 b - 1", "", "2c2b2c", all("")},
	// T-L9 marker-square recapture.
	{"T-L9 same square", "k11/6g5/6n5/6P5/6O5/12/12/12/12/12/12/K11 b - 1", "6e6c+", "6b6c",
		map[string]string{"jcsa": "counter_strike", "lishogi": "", "hachu": "counter_strike"}},
	{"T-L9 no pawn", "k11/6g5/6n5/12/6O5/12/12/12/12/12/12/K11 b - 1", "6e6c+", "6b6c",
		map[string]string{"jcsa": "", "lishogi": "", "hachu": "counter_strike"}},
	{"T-L9 unpromoted", "k11/6g5/6n5/6P5/6O5/12/12/12/12/12/12/K11 b - 1", "6e6c", "6b6c", all("")},
	// T-L10: counter-strike lasts one ply.
	{"T-L10", "k6r3n/9n2/12/7N3R/12/12/12/12/12/12/12/K11 b - 1", "1d1a 12a11b 12l11k", "5a5d", all("")},
	// T-L12 adjacent lion capture under counter-strike (default: free).
	{"T-L12 step", "k6r3n/12/8S3/7Nn2R/12/12/12/7V4/12/12/12/K11 b - 1", "1d1a", "4d5d", all("")},
	{"T-L12 igui", "k6r3n/12/8S3/7Nn2R/12/12/12/7V4/12/12/12/K11 b - 1", "1d1a", "4d5d4d", all("")},
	{"T-L12 bridge", "k6r3n/12/8S3/7Nn2R/12/12/12/7V4/12/12/12/K11 b - 1", "1d1a", "4d4c5d", all("")},
	{"T-L12 rook", "k6r3n/12/8S3/7Nn2R/12/12/12/7V4/12/12/12/K11 b - 1", "1d1a", "5a5d", all("counter_strike")},
	// J2, J3.
	{"J2 eagle igui", "k11/12/12/5p1pt3/6+D1+H3/12/12/12/12/12/12/K11 b - 1", "", "6e5d6e", all("")},
	{"J2 eagle igui 2", "k11/12/12/5p1pt3/6+D1+H3/12/12/12/12/12/12/K11 b - 1", "", "6e7d6e", all("")},
	{"J2 eagle on", "k11/12/12/5p1pt3/6+D1+H3/12/12/12/12/12/12/K11 b - 1", "", "6e5d4c", all("")},
	{"J2 falcon igui", "k11/12/12/5p1pt3/6+D1+H3/12/12/12/12/12/12/K11 b - 1", "", "4e4d4e", all("")},
	{"J2 eagle backward not lion line", "k11/12/12/5p1pt3/6+D1+H3/12/12/12/12/12/12/K11 b - 1", "", "6e6f6e", all("not_two_step_piece")},
	{"J3 falcon edge", "k5+H5/12/12/12/12/12/12/12/12/12/12/K11 b - 1", "", "6a6b6a", all("not_two_step_piece")},
	// Promotion T-P1..T-P6.
	{"T-P1 enter", "k11/12/12/12/7S4/12/12/12/12/12/12/K11 b - 1", "", "5e5d+", all("")},
	{"T-P1 inside", "k11/12/12/7S4/12/12/12/12/12/12/12/K11 b - 1", "", "5d5c+", all("promotion_not_allowed")},
	{"T-P1 leave", "k11/12/12/7S4/12/12/12/12/12/12/12/K11 b - 1", "", "5d6e+", all("promotion_not_allowed")},
	{"T-P1 re-enter", "k11/12/12/12/6S5/12/12/12/12/12/12/K11 b - 1", "", "6e5d+", all("")},
	{"T-P2 capture inside", "k11/12/7p4/7S4/12/12/12/12/12/12/12/K11 b - 1", "", "5d5c+", all("")},
	{"T-P2 capture leaving", "k11/12/12/7S4/6p5/12/12/12/12/12/12/K11 b - 1", "", "5d6e+", all("")},
	{"T-P3 pawn inside", "k11/12/7P4/12/12/12/12/12/12/12/12/K11 b - 1", "", "5c5b+", all("promotion_not_allowed")},
	{"T-P3 pawn last rank", "k11/7P4/12/12/12/12/12/12/12/12/12/K11 b - 1", "", "5b5a+", all("")},
	{"T-P3 pawn last rank unpromoted", "k11/7P4/12/12/12/12/12/12/12/12/12/K11 b - 1", "", "5b5a", all("")},
	{"T-P4 go-between", "k11/7I4/12/12/12/12/12/12/12/12/12/K11 b - 1", "", "5b5a+", all("promotion_not_allowed")},
	{"T-P4 go-between re-entry", "k11/12/12/12/7I4/12/12/12/12/12/12/K11 b - 1", "", "5e5d+", all("")},
	{"T-P5 lance enter", "k11/12/12/12/7L4/12/12/12/12/12/12/K11 b - 1", "", "5e5b+", all("")},
	{"T-P5 lance inside", "k11/12/7L4/12/12/12/12/12/12/12/12/K11 b - 1", "", "5c5b+", all("promotion_not_allowed")},
	{"T-P5 lance last rank", "k11/12/7L4/12/12/12/12/12/12/12/12/K11 b - 1", "", "5c5a+", all("")},
	{"T-P6 king", "k11/12/12/12/7K4/12/12/12/12/12/12/12 b - 1", "", "5e5d+", all("promotion_not_allowed")},
	{"T-P6 lion", "k11/12/12/12/7N4/12/12/12/12/12/12/K11 b - 1", "", "5e5d+", all("promotion_not_allowed")},
	{"T-P6 free king", "k11/12/12/12/7Q4/12/12/12/12/12/12/K11 b - 1", "", "5e5d+", all("promotion_not_allowed")},
	{"T-P6 promoted rook", "k11/12/12/12/7+R4/12/12/12/12/12/12/K11 b - 1", "", "5e5d+", all("promotion_not_allowed")},
	{"T-P6 promoted kirin", "k11/12/12/12/7+O4/12/12/12/12/12/12/K11 b - 1", "", "5e5d+", all("promotion_not_allowed")},
	{"two-step promotion", "k11/12/12/12/7N4/12/12/12/12/12/12/K11 b - 1", "", "5e5d5c+", all("malformed_move")},
	{"second step not adjacent", "k11/12/12/12/7N4/12/12/12/12/12/12/K11 b - 1", "", "5e5d5b", all("bad_second_step")},
	{"falcon second step off line", "k11/12/12/12/7+H4/12/12/12/12/12/12/K11 b - 1", "", "5e5d4c", all("bad_second_step")},
	{"gold two-step", "k11/12/12/12/7G4/12/12/12/12/12/12/K11 b - 1", "", "5e5d5e", all("not_two_step_piece")},
	{"no piece", StartSFEN, "", "7g7f", all("no_piece")},
	{"not your piece", StartSFEN, "", "7d7e", all("not_your_piece")},
	{"blocked slide", StartSFEN, "", "10j10g", all("cannot_reach")},
	// A promotion that would give a side a third royal piece (a crown prince beside a
	// king and a crown prince) is refused; without the second royal it is legal.
	{"third royal by promotion", "k11/12/12/12/6E5/12/12/12/12/12/12/K10+E b - 1", "", "6e6d+", all("promotion_not_allowed")},
	{"third royal, no promotion", "k11/12/12/12/6E5/12/12/12/12/12/12/K10+E b - 1", "", "6e6d", all("")},
	{"second royal by promotion", "k11/12/12/12/6E5/12/12/12/12/12/12/K11 b - 1", "", "6e6d+", all("")},
	{"third royal, gote", "k10+e/12/12/12/12/12/12/6e5/12/12/12/K11 w - 1", "", "6h6i+", all("promotion_not_allowed")},
	{"third royal, two kings", "k11/12/12/12/6E5/12/12/12/12/12/12/K10K b - 1", "", "6e6d+", all("promotion_not_allowed")},
}

func TestLionAndPromotionRules(t *testing.T) {
	for _, tc := range ruleCases {
		for name, mk := range optionSets {
			want, ok := tc.want[name]
			if !ok {
				want = tc.want["*"]
			}
			o := mk()
			p := mustSFEN(t, tc.sfen)
			for _, b := range strings.Fields(tc.before) {
				m, err := ParseUSI(b)
				if err != nil {
					t.Fatalf("%s: %v", tc.name, err)
				}
				if err := p.WhyIllegal(m, &o); err != nil {
					t.Fatalf("%s/%s: setup move %s: %v", tc.name, name, b, err)
				}
				p.MakeMove(m)
			}
			m, err := ParseUSI(tc.move)
			got := ""
			if err != nil {
				got = "malformed_move"
			} else if e := p.WhyIllegal(m, &o); e != nil {
				got = e.Reason.Code()
				t.Logf("%s/%s: %v", tc.name, name, e)
			}
			if got != want {
				t.Errorf("%s under %s: %s in %s = %q, want %q", tc.name, name, tc.move, p.SFEN(), got, want)
			}
		}
	}
}

// T-L9/T-L11 and §2.5: the marker.
func TestMarker(t *testing.T) {
	o := lishogiOptions()
	p := mustSFEN(t, "k6r3n/12/8S3/7Nn2R/12/12/12/7V4/12/12/12/K11 b - 1")
	m, _ := ParseUSI("1d1a")
	p.MakeMove(m)
	if !strings.HasSuffix(p.SFEN(), " w 1a 2") {
		t.Errorf("after 1d1a: %s", p.SFEN())
	}
	// A falcon igui of a lion sets the marker on the lion's (now empty) square.
	p = mustSFEN(t, "k11/12/12/12/12/6+h5/6N5/12/12/12/5n6/K11 w - 1")
	m, _ = ParseUSI("6f6g6f")
	if err := p.WhyIllegal(m, &o); err != nil {
		t.Fatal(err)
	}
	p.MakeMove(m)
	if p.Marker().String() != "6g" || p.At(p.Marker()) != NoPiece {
		t.Fatalf("falcon igui marker %v", p.Marker())
	}
	// Sente's non-lion captures of another gote lion are now illegal (strict).
	p.Put(mustSq("7l"), NewPiece(Sente, Gold, false))
	m, _ = ParseUSI("7l7k")
	if e := p.WhyIllegal(m, &o); e == nil || e.Reason != ReasonCounterStrike {
		t.Errorf("gold takes lion under counter-strike: %v", e)
	}
	// A jitto clears it.
	q := mustSFEN(t, "k11/12/12/12/12/12/12/12/12/12/12/K11 b 1a 1")
	q.Put(mustSq("6f"), NewPiece(Sente, Lion, false))
	q.MakeMove(TwoStepMove(mustSq("6f"), mustSq("6e"), mustSq("6f")))
	if q.Marker() != NoSquare {
		t.Errorf("jitto kept the marker")
	}
}

func mustSq(s string) Square {
	sq, err := ParseSquare(s)
	if err != nil {
		panic(err)
	}
	return sq
}

// TestJittoAfterOpening is T-J1 in full: after 7j7h 9e9f, five of the lion's first-step
// squares are empty (8g, 7g, 6g, 8h, 6h; the pawns hold 8i, 7i, 6i), so exactly five
// jitto moves are generated, and the start position has no two-step move at all.
func TestJittoAfterOpening(t *testing.T) {
	for name, mk := range optionSets {
		o := mk()
		p := StartPosition()
		for _, m := range p.LegalMoves(&o) {
			if m.IsTwoStep() {
				t.Errorf("%s: two-step move %s from the start position", name, m)
			}
		}
		for _, s := range []string{"7j7h", "9e9f"} {
			m, err := ParseUSI(s)
			if err != nil {
				t.Fatal(err)
			}
			p.MakeMove(m)
		}
		var jitto []string
		for _, m := range p.LegalMoves(&o) {
			if m.IsTwoStep() && m.To == m.From {
				jitto = append(jitto, m.String())
			}
		}
		sort.Strings(jitto)
		want := []string{"7h6g7h", "7h6h7h", "7h7g7h", "7h8g7h", "7h8h7h"}
		if fmt.Sprint(jitto) != fmt.Sprint(want) {
			t.Errorf("%s: jitto moves after 7j7h 9e9f: %v, want %v", name, jitto, want)
		}
	}
}

// Every position reached by legal moves prints an SFEN the parser reads back: a
// promotion never makes a third royal piece (issue 27).
func TestPromotionKeepsSFENReadable(t *testing.T) {
	for _, sfen := range []string{
		"k11/12/12/12/6E5/12/12/12/12/12/12/K10+E b - 1",
		"k10+e/12/12/12/12/12/12/6e5/12/12/12/K11 w - 1",
		"k11/12/12/12/6E5/12/12/12/12/12/12/K11 b - 1",
	} {
		p := mustSFEN(t, sfen)
		for name, mk := range optionSets {
			o := mk()
			for _, m := range p.LegalMoves(&o) {
				q := p
				q.MakeMove(m)
				if _, err := ParseSFEN(q.SFEN()); err != nil {
					t.Errorf("%s under %s: after %s the SFEN %q does not parse: %v", sfen, name, m, q.SFEN(), err)
				}
			}
		}
	}
}
