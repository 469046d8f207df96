package notation

import (
	"testing"

	"github.com/arbiter-xq/arbiter/xiangqi"
)

// fuzzFENs are the positions the fuzz targets parse moves in; the first byte of the
// input picks one.
var fuzzFENs = []string{
	startFEN, twoHorsesFEN, threePawnsFEN, fivePawnsFEN, twoFilesFEN, blackCannonsFEN, elephantsFEN,
	// Five black pawns on two files with Black to move, a red rook and horse.
	"3k5/9/9/9/2p1p4/2p1p4/4p4/9/4A2R1/4K1N2 b - - 0 1",
}

// checkRoundTrip parses text in notation n (Auto detects) and, when that succeeds,
// checks the move is legal and that writing it in every notation reads back to it.
func checkRoundTrip(t *testing.T, fenIndex uint8, text string, n Notation) {
	p, err := xiangqi.ParseFEN(fuzzFENs[int(fenIndex)%len(fuzzFENs)])
	if err != nil {
		t.Fatal(err)
	}
	m, err := ParseAs(&p, text, n)
	if err != nil {
		if _, ok := err.(*Error); !ok {
			t.Fatalf("%q: error %T, want *Error", text, err)
		}
		return
	}
	if why := p.WhyIllegal(m); why != "" {
		t.Fatalf("%q: parsed to illegal %v: %s", text, m, why)
	}
	for _, out := range []Notation{ICCS, WXF, Chinese} {
		s := Format(&p, m, out)
		back, err := ParseAs(&p, s, out)
		if err != nil || back != m {
			t.Fatalf("%q = %v; %v %q reads back as %v, %v", text, m, out, s, back, err)
		}
		if back, err := Parse(&p, s); err != nil || back != m {
			t.Fatalf("%q = %v; auto %q reads back as %v, %v", text, m, s, back, err)
		}
	}
	if s := FormatChineseTraditional(&p, m); true {
		if back, err := Parse(&p, s); err != nil || back != m {
			t.Fatalf("%q = %v; traditional %q reads back as %v, %v", text, m, s, back, err)
		}
	}
}

func FuzzParseICCS(f *testing.F) {
	for _, s := range []string{"h2e2", "H2-E2", "ｈ２ｅ２", "c6c7", "b5e5", "e9e8", "i0i9", "a0a0", "h2e"} {
		for i := range fuzzFENs {
			f.Add(uint8(i), s)
		}
	}
	f.Fuzz(func(t *testing.T, fenIndex uint8, text string) { checkRoundTrip(t, fenIndex, text, ICCS) })
}

func FuzzParseWXF(f *testing.F) {
	for _, s := range []string{"C2.5", "C2=5", "Ｃ２＝５", "＋Ｐ＋１", "+H+3", "-H+3", ".P.6", "3P.8", "cP.8",
		"+7+1", "+P7+1", "-3.4", "+C.5", "E7-5", "P+.4", "h8+7", "R2+9"} {
		for i := range fuzzFENs {
			f.Add(uint8(i), s)
		}
	}
	f.Fuzz(func(t *testing.T, fenIndex uint8, text string) { checkRoundTrip(t, fenIndex, text, WXF) })
}

func FuzzParseChinese(f *testing.F) {
	for _, s := range []string{"炮二平五", "马８进７", "車一進一", "前马进三", "后马进三", "中兵平六", "二兵平六",
		"前七进一", "前兵七进一", "后３平４", "前炮平５", "相七退五", "炮前平五", "一卒平4", "帥五進一"} {
		for i := range fuzzFENs {
			f.Add(uint8(i), s)
		}
	}
	f.Fuzz(func(t *testing.T, fenIndex uint8, text string) { checkRoundTrip(t, fenIndex, text, Chinese) })
}

// FuzzParse is the auto-detecting reader on any input.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"h2e2", "C2.5", "炮二平五", "＋Ｐ＋１", "1.", "", "前", "+"} {
		f.Add(uint8(0), s)
	}
	f.Fuzz(func(t *testing.T, fenIndex uint8, text string) {
		checkRoundTrip(t, fenIndex, text, Auto)
		_ = SplitMoves(text)
	})
}

// TestEveryLegalMoveRoundTrips writes every legal move of the fuzz positions and of
// every position of the wukong games in each notation and reads it back.
func TestEveryLegalMoveRoundTrips(t *testing.T) {
	var positions []xiangqi.Position
	for _, fen := range fuzzFENs {
		positions = append(positions, mustFEN(t, fen))
		// The same with the other side to move, and mirrored and colour-flipped.
		p := mustFEN(t, fen)
		positions = append(positions, p.Mirror(), p.ColorFlip())
	}
	if games := loadWukongIfPresent(t); games != nil {
		for _, g := range games {
			game, err := ParseMoves(xiangqi.StartPosition(), g.texts[1])
			if err != nil {
				t.Fatal(err)
			}
			for i := 0; i <= game.Len(); i++ {
				positions = append(positions, game.PositionAt(i))
			}
		}
	}
	n := 0
	for _, p := range positions {
		for _, m := range p.LegalMoves() {
			for _, out := range []Notation{ICCS, WXF, Chinese} {
				s := Format(&p, m, out)
				if back, err := Parse(&p, s); err != nil || back != m {
					t.Fatalf("%s %v: %v %q reads back as %v, %v", p.FEN(), m, out, s, back, err)
				}
			}
			n++
		}
	}
	t.Logf("%d positions, %d moves", len(positions), n)
}
