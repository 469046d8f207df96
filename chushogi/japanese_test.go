package chushogi

import (
	"errors"
	"math/rand"
	"strings"
	"testing"
)

// TestJapaneseMoves: moves written as lishogi writes them in Japanese.
func TestJapaneseMoves(t *testing.T) {
	o := DefaultOptions()
	tests := []struct {
		sfen, usi string
		last      string // previous destination, "" for none
		want      string
	}{
		{StartSFEN, "8i8h", "", "８八歩"},
		{StartSFEN, "7j7h", "", "７八獅"},
		{StartSFEN, "9h9g", "", "９七仲"},
		// Q3: the rook takes a lion, then the gote lion's bridge capture and the vertical
		// mover's recapture on the same square.
		{"k6r3n/9n2/8S3/7N3R/12/12/12/7V4/12/12/12/K11 b - 1", "1d1a", "", "１一飛不成"},
		{"k6r3R/9n2/8S3/7N4/12/12/12/7V4/12/12/12/K11 w 1a 2", "3b4c5d", "1a", "４三・５四獅"},
		{"k6r3R/12/12/7n4/12/12/12/7V4/12/12/12/K11 b - 3", "5h5d", "5d", "同　竪不成"},
		// Igui, jitto, promotion and its refusal.
		{"k11/12/12/7s4/6n5/6N5/12/12/12/12/12/K11 b - 1", "6f6e6f", "", "６五居喰い"},
		{"k11/12/12/12/12/12/12/12/12/6N5/12/K11 b - 1", "6j7i6j", "", "じっと"},
		{"k11/12/12/12/12/12/12/12/12/6N2+H2/12/K11 b - 1", "6j7i6j", "", "６十獅じっと"},
		{"k11/12/12/12/12/6P5/12/12/12/12/12/K11 b - 1", "6f6e", "", "６五歩"},
		{"k11/12/12/12/6P5/12/12/12/12/12/12/K11 b - 1", "6e6d+", "", "６四歩成"},
		{"k11/12/12/12/6P5/12/12/12/12/12/12/K11 b - 1", "6e6d", "", "６四歩不成"},
		// Two golds reaching one square: right and left, seen from the mover.
		{"k11/12/12/12/12/12/12/12/5G1G4/12/12/K11 b - 1", "5i6h", "", "６八金右"},
		{"k11/12/12/12/12/12/12/12/5G1G4/12/12/K11 b - 1", "7i6h", "", "６八金左"},
		// Straight forward beside another on the rank: 直.
		{"k11/12/12/12/12/12/12/12/5GG5/12/12/K11 b - 1", "6i6h", "", "６八金直"},
	}
	for _, tt := range tests {
		p, err := ParseSFEN(tt.sfen)
		if err != nil {
			t.Fatalf("%s: %v", tt.sfen, err)
		}
		m, err := ParseUSI(tt.usi)
		if err != nil {
			t.Fatal(err)
		}
		last := NoSquare
		if tt.last != "" {
			last, _ = ParseSquare(tt.last)
		}
		if !p.IsLegal(m, &o) {
			t.Fatalf("%s: %s is illegal: %v", tt.sfen, tt.usi, p.WhyIllegal(m, &o))
		}
		if got := p.JapaneseMove(m, last, &o); got != tt.want {
			t.Errorf("%s %s: %q, want %q", tt.sfen, tt.usi, got, tt.want)
		}
		back, err := p.ParseJapaneseMove(tt.want, last, &o)
		if err != nil || back != m.Canonical(&p) {
			t.Errorf("%s: reading %q gives %v, %v; want %s", tt.sfen, tt.want, back, err, tt.usi)
		}
	}
}

// TestJapaneseSpellings: the other ways players write a move are read too.
func TestJapaneseSpellings(t *testing.T) {
	o := DefaultOptions()
	p := StartPosition()
	for _, text := range []string{"８八歩", "▲８八歩", "☗8八歩", "8八歩兵", "８八歩 "} {
		m, err := p.ParseJapaneseMove(text, NoSquare, &o)
		if err != nil || m.String() != "8i8h" {
			t.Errorf("%q: %v, %v; want 8i8h", text, m, err)
		}
	}
	for text, want := range map[string]string{
		"５五金":   "no 金 of sente has a legal move to ５五",
		"８八":    "no piece name",
		"じっと":   "no legal move",
		"同　歩":   "no previous move",
		"８八歩xx": "not understood",
		"１３一歩":  "does not start with a square",
	} {
		_, err := p.ParseJapaneseMove(text, NoSquare, &o)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want an error saying %q", text, err, want)
		}
	}
	// The one piece of the name says why its move is illegal: the lion may not land on
	// its own pawn.
	_, err := p.ParseJapaneseMove("７九獅", NoSquare, &o)
	var ie *IllegalMoveError
	if !errors.As(err, &ie) || ie.Reason != ReasonOwnPieceOnTarget {
		t.Errorf("７九獅: %v, want own_piece_on_target", err)
	}
	// Two golds reach 6h: without 右 or 左 the text is ambiguous.
	q, _ := ParseSFEN("k11/12/12/12/12/12/12/12/5G1G4/12/12/K11 b - 1")
	_, err = q.ParseJapaneseMove("６八金", NoSquare, &o)
	var je *JapaneseError
	if !errors.As(err, &je) || !je.Ambiguous {
		t.Errorf("６八金 with two golds: %v, want ambiguous", err)
	}
}

// TestJapaneseRoundTrip: every legal move of positions met in random games reads back
// from the Japanese arbiter writes for it.
func TestJapaneseRoundTrip(t *testing.T) {
	o := DefaultOptions()
	rng := rand.New(rand.NewSource(27))
	games := 6
	if testing.Short() {
		games = 2
	}
	for g := 0; g < games; g++ {
		p := StartPosition()
		last := NoSquare
		for ply := 0; ply < 120; ply++ {
			moves := p.LegalMoves(&o)
			if len(moves) == 0 {
				break
			}
			seen := map[Move]bool{}
			for _, m := range moves {
				c := m.Canonical(&p)
				if seen[c] {
					continue
				}
				seen[c] = true
				text := p.JapaneseMove(c, last, &o)
				back, err := p.ParseJapaneseMove(text, last, &o)
				if c.IsTwoStep() && c.To == c.From && p.At(c.Mid) == NoPiece && err == nil && back.From == c.From {
					continue // a pass: every route is the same move
				}
				if err != nil || back != c {
					t.Fatalf("game %d ply %d %s: %s is written %q, read back as %v, %v", g, ply, p.SFEN(), c, text, back, err)
				}
			}
			m := moves[rng.Intn(len(moves))]
			p.MakeMove(m)
			last = m.To
			if p.Royals(Sente) == 0 || p.Royals(Gote) == 0 {
				break
			}
		}
	}
}
