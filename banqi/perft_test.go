package banqi

import (
	"fmt"
	"sort"
	"testing"
)

// bruteMoves lists every legal ply by trying every conceivable ply through the
// validator (Position.Play): flips of every square with every identity, steps to every
// square, and capture chains grown one link at a time to every square. It shares no
// code with LegalMoves' target search, so comparing the two checks the generator.
func bruteMoves(p *Position) []string {
	var out []string
	n := p.NumSquares()
	ids := []Piece{}
	for _, c := range []Color{Red, Black} {
		for _, k := range p.Set().Kinds() {
			ids = append(ids, MakePiece(c, k))
		}
	}
	for s := 0; s < n; s++ {
		for _, id := range ids {
			q := *p
			if _, err := q.Play(FlipMove(Square(s), id)); err == nil {
				out = append(out, FlipMove(Square(s), id).String())
			}
		}
		for to := 0; to < n; to++ {
			q := *p
			if p.At(Square(to)) == NoPiece {
				if _, err := q.Play(StepMove(Square(s), Square(to))); err == nil {
					out = append(out, StepMove(Square(s), Square(to)).String())
				}
			}
		}
		var grow func(m Move)
		grow = func(m Move) {
			if m.N == MaxLinks {
				return
			}
			q0 := *p
			if m.N > 0 {
				q0.Play(m)
			}
			for to := 0; to < n; to++ {
				// An identity matters only for a face-down target (the validator
				// refuses one on a face-up target anyway).
				tries := []Piece{NoPiece}
				if q0.At(Square(to)) == FaceDown {
					tries = append(tries, ids...)
				}
				for _, id := range tries {
					m2 := m.Extend(Square(to), id)
					q := *p
					if _, err := q.Play(m2); err == nil {
						out = append(out, m2.String())
						grow(m2)
					}
				}
			}
		}
		grow(Move{Kind: Capture, From: Square(s)})
	}
	sort.Strings(out)
	return out
}

func genMoves(p *Position) []string {
	var out []string
	for _, m := range p.LegalMoves(nil, true) {
		out = append(out, m.String())
	}
	sort.Strings(out)
	return out
}

func TestGeneratorMatchesValidator(t *testing.T) {
	for _, tc := range []struct{ opts, pos string }{
		{"", "4/4/4/4/4/4/r3/1G2 r - 0"},
		{"", "4/4/4/r3/X3/X1n1/X1p1/C1R1 r Mkm 0"},
		{"", "4/4/4/4/r3/P3/X3/C3 r p 0"},
		{"", "4/4/4/k3/4/4/X3/C3 r p 0"},
		{"cannon_capture=jump_and_direct", "4/4/4/4/4/1p2/1C2/3X r n 0"},
		{"cannon_jump_range=two", "c3/Xp2/4/k3/4/P3/X3/C1p1 r pn 0"},
		{"cannon_capture=super", "c3/Xp2/4/k3/4/P3/X3/C1p1 r pn 0"},
		{"cannon_capture=super", "4/4/4/r3/X3/X1n1/X1p1/C1R1 r Mkm 0"},
		{"cannon_capture=super cannon_screen=face_up", "c3/Xp2/4/k3/4/P3/X3/C1p1 r pn 0"},
		{"cannon_capture=super hidden_capture=cannon chain_capture=any", "4/4/4/r3/X3/X1n1/X1p1/C1R1 r Mkm 0"},
		{"cannon_capture=super hidden_capture=all", "c3/Xp2/4/k3/4/P3/X3/C1p1 r pn 0"},
		{"cannon_capture=super cannon_jump_range=two", "c3/Xp2/4/k3/4/P3/X3/C1p1 r pn 0"},
		{"cannon_capture=super chain_capture=cannon", "c3/p3/n3/1p2/pn2/rC2/1R2/3X r k 0"},
		{"cannon_screen=face_up", "c3/Xp2/4/k3/4/P3/X3/C1p1 r pn 0"},
		{"cannon_rank_slot=lowest", "4/4/4/1p2/1C2/4/4/3X b P 0"},
		{"rank_order=hk", "1c2/1p2/Xn2/1C1g/GR2/4/r3/K3 r p 0"},
		{"hidden_capture=all", "4/1X2/1X2/4/4/2X1/2N1/4 r mpk 0"},
		{"hidden_capture=cannon chain_capture=any", "4/4/4/r3/X3/X1n1/X1p1/C1R1 r Mkm 0"},
		{"hidden_capture=all chain_capture=any", "4/4/4/1p2/1X2/1n2/1R2/3X r kG 0"},
		{"chain_capture=face_up", "4/p3/n3/1p2/1n2/rC2/1R2/3X r k 0"},
		{"chain_capture=cannon cannon_screen=face_up", "c3/p3/n3/1p2/pn2/rC2/1R2/3X r k 0"},
		{"pieces=animal rank_order=jungle", "3X/tr2/e1L1/R3 r c 0"},
		{"pieces=animal rank_order=jungle rat_elephant=mutual", "3X/tr2/e1L1/RE2 r c 0"},
		{"", ""},
		{"", "XXXX/XXXX/XXkc/X2X/XXXX/XXXX/XXXX/XXXX r KGMMRRNNCCPPPPPggmmrrnncpppp 0"},
	} {
		p := mustPos(t, tc.pos, opts(t, tc.opts))
		for _, q := range []Position{p, p.Mirror(), p.SwapColors()} {
			got, want := genMoves(&q), bruteMoves(&q)
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("%s [%s]:\n generator %v\n validator %v", q.String(), tc.opts, got, want)
			}
		}
	}
}

func brutePerft(p *Position, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var n uint64
	for _, text := range bruteMoves(p) {
		m, err := ParseMove(text, p.Set())
		if err != nil {
			panic(err)
		}
		q := *p
		if _, err := q.Play(m); err != nil {
			panic(err)
		}
		n += brutePerft(&q, depth-1)
	}
	return n
}

// TestPerftMatchesValidator compares perft with the validator's exhaustive count on
// positions without face-down pieces.
func TestPerftMatchesValidator(t *testing.T) {
	for _, tc := range []struct{ opts, pos string }{
		{"", "2Pg/2P1/4/4/4/4/1p2/Gp2 r - 0"},
		{"chain_capture=face_up", "4/p3/n3/1p2/1n2/rC2/1R2/4 r - 0"},
		{"rank_order=hk", "1c2/1p2/1n2/1C1g/GR2/4/r3/K3 r - 0"},
		{"pieces=animal rank_order=jungle", "1w2/tr2/e1L1/RE2 r - 0"},
	} {
		p := mustPos(t, tc.pos, opts(t, tc.opts))
		if got, want := Perft(&p, 3), brutePerft(&p, 3); got != want {
			t.Errorf("%s [%s]: perft(3) %d, validator %d", tc.pos, tc.opts, got, want)
		}
	}
}

func TestPerft(t *testing.T) {
	for _, tc := range []struct {
		opts, pos string
		counts    []uint64
	}{
		// Start: 32 squares × 14 identities; then 31 squares × the identities left
		// (13 after a general, which is alone of its kind, else 14).
		// Depth 3 (78,989,568, from `arbiter perft --ruleset banqi-tw --depth 3`) takes
		// seconds and is left to the command line.
		{"", "", []uint64{448, 32 * 31 * (12*14 + 2*13)}},
		// The general of BQ-1: a1, c1, b2.
		// then the chariot: a3 b2 / a1 a3 b2 / a1 a3 (it cannot take the advisor).
		{"", "4/4/4/4/4/4/r3/1G2 r - 0", []uint64{3, 7, 21, 51}},
		{"", "3r/4/4/4/4/4/4/R3 r - 0", []uint64{2, 4, 12, 36}},
		{"", "2Pg/2P1/4/4/4/4/1p2/Gp2 r - 0", []uint64{6, 35, 254, 1805}},
	} {
		p := mustPos(t, tc.pos, opts(t, tc.opts))
		for d, want := range tc.counts {
			if got := Perft(&p, d+1); got != want {
				t.Errorf("perft(%q, %d) = %d, want %d", tc.pos, d+1, got, want)
			}
		}
	}
}

// TestActionCount checks the move count on positions with face-down pieces, counting
// a flip once per square (the player's choice, not the outcome).
func TestActionCount(t *testing.T) {
	for _, tc := range []struct {
		opts, pos string
		want      int
	}{
		{"", "", 32},
		{"", "XXXX/XXXX/XXkc/X2X/XXXX/XXXX/XXXX/XXXX r KGMMRRNNCCPPPPPggmmrrnncpppp 0", 28},     // 28 flips, no Red piece up
		{"", "XXXX/XXXX/XXkc/X2X/XXXX/XXXX/XXXX/XXXX b KGMMRRNNCCPPPPPggmmrrnncpppp 0", 28 + 1}, // + k c6-c5; the cannon d6 has only face-down targets
		{"hidden_capture=all", "4/4/4/4/4/2X1/2N1/4 r m 0", 1 + 1 + 3},                          // flip c3, hidden capture c3, steps b2 d2 c1
	} {
		p := mustPos(t, tc.pos, opts(t, tc.opts))
		if got := len(p.LegalMoves(nil, false)); got != tc.want {
			t.Errorf("%q: %d actions %v, want %d", tc.pos, got, p.LegalMoves(nil, false), tc.want)
		}
	}
}

// HasLegalAction agrees with the generator.
func TestHasLegalAction(t *testing.T) {
	for _, tc := range []struct{ opts, pos string }{
		{"", "4/4/4/4/4/4/g3/Pm2 r - 0"},
		{"", "4/4/4/4/4/4/g3/Pm2 b - 0"},
		{"", "3X/4/4/4/4/4/g3/Pm2 r p 0"},
		{"", "4/4/4/4/4/4/n3/C3 r - 0"},
		{"", "4/4/4/4/4/g3/n3/C3 r - 0"},
		{"", "4/4/4/4/4/1n2/nm2/C3 r - 0"},
		{"", "4/4/4/4/4/n3/mr2/Cg2 r - 0"},
		{"", "4/4/4/4/4/n3/mr2/Cg2 b - 0"},
	} {
		p := mustPos(t, tc.pos, opts(t, tc.opts))
		if got, want := p.HasLegalAction(), len(p.LegalMoves(nil, false)) > 0; got != want {
			t.Errorf("%s: HasLegalAction %v, generator %v", tc.pos, got, want)
		}
	}
}
