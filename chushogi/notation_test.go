package chushogi

import (
	"strconv"
	"strings"
	"testing"
)

// T-N1: the SFEN round trip on the start and on every SFEN of the spec.
var specSFENs = []string{
	StartSFEN,
	"lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3IP3I3/PPPP1PPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL w - 2",
	"k11/12/12/7s4/6n5/6N5/12/12/12/12/12/K11 b - 1",
	"k11/12/6g5/6n5/12/6N5/12/12/12/12/12/K11 b - 1",
	"k11/12/12/6n5/12/6N5/12/6r5/12/12/12/K11 b - 1",
	"k11/12/6g5/6n5/6s5/6N5/12/12/12/12/12/K11 b - 1",
	"k11/6g5/6n5/6P5/6O5/12/12/12/12/12/12/K11 b - 1",
	"k6r3n/12/8S3/7Nn2R/12/12/12/7V4/12/12/12/K11 b - 1",
	"k5+H5/12/12/12/12/12/12/12/12/12/12/K11 b - 1",
	"k11/12/12/5p1pt3/6+D1+H3/12/12/12/12/12/12/K11 b - 1",
	"6k5/12/12/12/12/12/3s8/3G8/12/12/12/5K6 b - 1",
	"6k5/12/12/12/12/12/3s8/3G8/12/12/12/5K5p b - 1",
	"k9g1/10gn/9N1G/12/12/12/12/12/12/12/12/K11 b - 1",
	"k9g1/10n+o/9N2/12/12/12/12/12/12/12/12/K11 b - 1",
	"k6r3n/9n2/8S3/7N3R/12/12/12/7V4/12/12/12/K11 b - 1",
	"k6r3n/9n2/12/7N3R/12/12/12/12/12/12/12/K11 b - 1",
	"k9n1/10i1/10N1/12/12/12/12/12/12/12/12/K11 b - 1",
	"k6r3+o/9n2/12/7N4/12/12/12/12/12/12/12/K11 w 1a 2",
	"12/12/12/12/12/12/12/12/12/12/12/12 b - 9999",
}

func TestSFENRoundTrip(t *testing.T) {
	for _, s := range specSFENs {
		p := mustSFEN(t, s)
		if got := p.SFEN(); got != s {
			t.Errorf("round trip:\n got %s\nwant %s", got, s)
		}
	}
	p := mustSFEN(t, "startpos")
	if p.SFEN() != StartSFEN {
		t.Errorf("startpos = %s", p.SFEN())
	}
	// Move number optional.
	p = mustSFEN(t, "k11/12/12/12/12/12/12/12/12/12/12/K11 b -")
	if p.MoveNumber != 1 {
		t.Errorf("default move number %d", p.MoveNumber)
	}
}

func TestSFENStartCounts(t *testing.T) {
	p := StartPosition()
	if p.Count(Sente) != 46 || p.Count(Gote) != 46 {
		t.Errorf("pieces %d/%d, want 46 each", p.Count(Sente), p.Count(Gote))
	}
	king, _ := ParseSquare("7l")
	lion, _ := ParseSquare("6c")
	if p.At(king) != NewPiece(Sente, King, false) || p.At(lion) != NewPiece(Gote, Lion, false) {
		t.Errorf("7l %v, 6c %v", p.At(king), p.At(lion))
	}
}

func TestSFENErrors(t *testing.T) {
	tests := []struct{ sfen, want string }{
		{"k10/12/12/12/12/12/12/12/12/12/12/K11 b - 1", "rank a: the rank has 11 squares"},
		{"k12/12/12/12/12/12/12/12/12/12/12/K11 b - 1", "rank a, file 11: the rank has more than 12 squares"},
		{"+k11/12/12/12/12/12/12/12/12/12/12/K11 b - 1", "a king cannot be promoted"},
		{"+n11/12/12/12/12/12/12/12/12/12/12/K11 b - 1", "a lion cannot be promoted"},
		{"+q11/12/12/12/12/12/12/12/12/12/12/K11 b - 1", "a free king cannot be promoted"},
		{"z11/12/12/12/12/12/12/12/12/12/12/K11 b - 1", "unknown piece letter 'z'"},
		{"k11/12/12/12/12/12/12/12/12/12/12/K11 x - 1", "sfen side"},
		{"k11/12/12/12/12/12/12/12/12/12/12/K11 b 13a 1", "file 13 is off the board"},
		{"k11/12/12/12/12/12/12/12/12/12/12/K11 b 0a 1", "leading zero"},
		{"k11/12/12/12/12/12/12/12/12/12/12/K11 b 1m 1", "rank 'm' is off the board"},
		{"k11/12/12/12/12/12/12/12/12/12/12/K11 b - -1", "move number"},
		{"k11/12/12/12/12/12/12/12/12/12/12/K11 b - +5", "move number"},
		{"k11/12/12/12/12/12/12/12/12/12/12/K11 b - 1x", "move number"},
		{"k11/12/12/12/12/12/12/12/12/12/12 b - 1", "expected 12 ranks"},
		{"KK+EK8/12/12/12/12/12/12/12/12/12/12/12 b - 1", "more than 2 royal pieces"},
		{"k11/12/12/12/12/12/12/12/12/12/12/K11", "expected 3 or 4 fields"},
		{"k11/12/12/12/12/12/12/12/12/12/12/K11+ b - 1", "'+' at the end of the rank"},
		{"k11/12/12/12/12/12/12/12/12/12/12/K011 b - 1", "not 1-12"},
	}
	for _, tc := range tests {
		_, err := ParseSFEN(tc.sfen)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseSFEN(%q) = %v, want an error containing %q", tc.sfen, err, tc.want)
		}
	}
}

// The move number is clamped to 1..9999 as lishogi clamps it, not refused.
func TestSFENMoveNumberClamp(t *testing.T) {
	const board = "k11/12/12/12/12/12/12/12/12/12/12/K11 b - "
	for _, tc := range []struct {
		field string
		want  int
	}{
		{"0", 1}, {"00", 1}, {"1", 1}, {"007", 7}, {"9999", 9999}, {"10000", 9999},
		{"123456789012345678901234567890", 9999},
	} {
		p, err := ParseSFEN(board + tc.field)
		if err != nil {
			t.Errorf("%q: %v", tc.field, err)
			continue
		}
		if p.MoveNumber != tc.want {
			t.Errorf("%q: move number %d, want %d", tc.field, p.MoveNumber, tc.want)
		}
		if got, want := p.SFEN(), board+strconv.Itoa(tc.want); got != want {
			t.Errorf("%q: SFEN %q, want %q", tc.field, got, want)
		}
	}
}

// T-N2: USI round trip and canonical forms.
func TestUSI(t *testing.T) {
	for _, s := range []string{"8i8h", "5e5d+", "6f5e4d", "6f5e6f", "7h7g7h", "10e12l", "12a11b10c"} {
		m, err := ParseUSI(s)
		if err != nil {
			t.Fatalf("ParseUSI(%q): %v", s, err)
		}
		if m.String() != s {
			t.Errorf("round trip %q -> %q", s, m)
		}
	}
	if m, err := ParseUSI("5e5d="); err != nil || m.String() != "5e5d" {
		t.Errorf("5e5d= -> %v, %v", m, err)
	}
	for _, s := range []string{"7g7g", "P*5e", "6f5e6f+", "13a1a", "0a1a", "1m1a", "", "5e", "1a2a3a4a", "5e5e5d", "6f5e5e", "5e5d++"} {
		if _, err := ParseUSI(s); err == nil {
			t.Errorf("ParseUSI(%q) accepted", s)
		}
	}
	// 6f5e4d through an empty 5e is the single move 6f4d.
	p := mustSFEN(t, "k11/12/12/12/12/6N5/12/12/12/12/12/K11 b - 1")
	o := DefaultOptions()
	two, _ := ParseUSI("6f5e4d")
	one, _ := ParseUSI("6f4d")
	if p.WhyIllegal(two, &o) != nil || p.WhyIllegal(one, &o) != nil {
		t.Fatalf("6f5e4d or 6f4d illegal")
	}
	if two.Canonical(&p) != one {
		t.Errorf("canonical of 6f5e4d = %v", two.Canonical(&p))
	}
}

// T-N3: Japanese squares.
func TestJapaneseSquares(t *testing.T) {
	for in, want := range map[string]string{"▲3三": "3c", "▽１２一": "12a", "▲１十二": "1l", "７七": "7g", "☖10十一": "10k"} {
		s, err := ParseJapaneseSquare(in)
		if err != nil || s.String() != want {
			t.Errorf("ParseJapaneseSquare(%q) = %v, %v; want %s", in, s, err, want)
		}
	}
	for _, in := range []string{"▲13三", "▲3十三", "3", "三", "▲0一"} {
		if _, err := ParseJapaneseSquare(in); err == nil {
			t.Errorf("ParseJapaneseSquare(%q) accepted", in)
		}
	}
}

func FuzzSFEN(f *testing.F) {
	for _, s := range specSFENs {
		f.Add(s)
	}
	f.Add("k10/12/12/12/12/12/12/12/12/12/12/K11 b 13a 1")
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseSFEN(s)
		if err != nil {
			return
		}
		out := p.SFEN()
		q, err := ParseSFEN(out)
		if err != nil {
			t.Fatalf("formatted %q does not parse: %v", out, err)
		}
		if q.SFEN() != out || !q.SameAs(&p, true) || q.Hash() != p.Hash() {
			t.Fatalf("round trip changed %q -> %q", out, q.SFEN())
		}
		o := DefaultOptions()
		for _, m := range p.LegalMoves(&o) {
			if err := p.WhyIllegal(m, &o); err != nil {
				t.Fatalf("%s: generated %s is illegal: %v", out, m, err)
			}
		}
	})
}

func FuzzUSI(f *testing.F) {
	for _, s := range []string{"8i8h", "5e5d+", "6f5e4d", "7h7g7h", "5e5d=", "P*5e", "12l1a+"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseUSI(s)
		if err != nil {
			return
		}
		back, err := ParseUSI(m.String())
		if err != nil || back != m {
			t.Fatalf("%q -> %v -> %v, %v", s, m, back, err)
		}
		p := StartPosition()
		o := DefaultOptions()
		_ = p.WhyIllegal(m, &o) // must not panic
	})
}
