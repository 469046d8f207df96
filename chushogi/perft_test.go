package chushogi

import (
	"fmt"
	"testing"
)

func lishogiOptions() Options {
	o := DefaultOptions()
	o.CounterStrike = CounterStrikeStrict
	o.CounterStrikeSameSquare = true
	return o
}

func mustSFEN(t testing.TB, s string) Position {
	t.Helper()
	p, err := ParseSFEN(s)
	if err != nil {
		t.Fatalf("ParseSFEN(%q): %v", s, err)
	}
	return p
}

// TestPerftStart pins the counts of §12 from the standard start. Depth 1 by hand: 10
// pawns (9i and 4i are blocked by the go-betweens), 2 go-betweens, 2 vertical movers,
// 2 dragon horses, 2 dragon kings, 2 blind tigers, the kirin to 9k, 2 leopards, 4
// copper moves, 2 silvers, 2 golds and the lion 5 (8h, 7h, 6h, 5h, 9k) = 36; depth 2
// is 36 x 36 (the sides cannot interact yet).
func TestPerftStart(t *testing.T) {
	want := []uint64{1, 36, 1296, 52599, 2134748}
	max := 4
	if testing.Short() || raceEnabled {
		max = 3
	}
	for _, name := range []string{"chu-jcsa2004", "chu-lishogi"} {
		o := DefaultOptions()
		if name == "chu-lishogi" {
			o = lishogiOptions()
		}
		p := StartPosition()
		for d := 1; d <= max; d++ {
			if got := Perft(&p, &o, d); got != want[d] {
				t.Errorf("%s perft(%d) = %d, want %d", name, d, got, want[d])
			}
		}
	}
}

// TestPerftLishogiHarness explains the depth-4 number lishogi's library reports
// (2,134,737, eleven fewer than the correct 2,134,748): its debug perft plays two-step
// moves with the first and second step swapped (PerftLishogiDebug). Replaying that
// quirk reproduces the number exactly.
func TestPerftLishogiHarness(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("depth 4")
	}
	o := lishogiOptions()
	p := StartPosition()
	if got := PerftLishogiDebug(&p, &o, 3); got != 52599 {
		t.Errorf("lishogi harness perft(3) = %d, want 52599", got)
	}
	if got := PerftLishogiDebug(&p, &o, 4); got != 2134737 {
		t.Errorf("lishogi harness perft(4) = %d, want 2134737", got)
	}
}

// lone returns the position with piece letter pc on 8g, the sente king on 12l and the
// gote king on 12a.
func lone(pc string) string {
	return "k11/12/12/12/12/12/4" + pc + "7/12/12/12/12/K11 b - 1"
}

// TestPerftSinglePieces checks depth-1 counts derived by hand. The piece stands on 8g:
// from there the board has 6 squares forward (8f-8a), 5 backward (8h-8l), 4 to the left
// (9g-12g) and 7 to the right (7g-1g), so 22 orthogonal squares; on the diagonals 4
// forward-left, 6 forward-right, 4 backward-left and 5 backward-right (10 forward
// diagonal + 9 backward diagonal = 19). No ray meets a king; rank g is outside both
// zones; the promoted pieces cannot promote, and an unpromoted piece promotes only on
// the moves that enter ranks a-d (4 squares up file 8; 2 squares up the forward-left
// diagonal, 4 up the forward-right one), counted twice. The sente king on 12l adds 3 moves (11l, 12k, 11k).
func TestPerftSinglePieces(t *testing.T) {
	const kingMoves = 3
	tests := []struct {
		piece string
		n     int // moves of the piece
		why   string
	}{
		{"N", 24 + 8*8, "lion: 24 squares within distance 2, plus 8 first steps x 8 second steps (7 onward squares + back to 8g as jitto)"},
		{"+O", 24 + 8*8, "promoted kirin: a lion in every respect"},
		{"+D", 35 + 2*2, "soaring eagle: 22 orthogonal + 9 backward-diagonal + 2 x 2 forward-diagonal lion squares; two-step: 2 lines x (back, on)"},
		{"+H", 37 + 1*2, "horned falcon: 11 sideways + 5 backward + 19 diagonal + 2 forward lion squares; two-step: 1 line x (back, on)"},
		{"+R", 22 + 4, "promoted rook (dragon king): 22 orthogonal + 4 diagonal steps"},
		{"+B", 19 + 4, "promoted bishop (dragon horse): 19 diagonal + 4 orthogonal steps"},
		{"+V", 11 + 19, "flying ox: 6 forward + 5 backward + 19 diagonal"},
		{"+M", 11 + 19, "free boar: 11 sideways + 19 diagonal"},
		{"+A", 11 + 9, "whale: 6 forward + 5 backward + 9 backward-diagonal"},
		{"+L", 11 + 10, "white horse: 6 forward + 5 backward + 10 forward-diagonal"},
		{"+X", 22 + 19, "promoted phoenix (free king): all 41 lines"},
		{"+E", 8, "crown prince: 8 steps"},
		{"+T", 11 + 6, "flying stag: 11 vertical + steps 2 sideways, 2 forward-diagonal, 2 backward-diagonal"},
		{"+F", 19, "promoted leopard (bishop)"},
		{"+G", 22, "promoted gold (rook)"},
		{"+S", 11 + 2, "promoted silver (vertical mover): 11 vertical + 2 sideways steps"},
		{"+C", 11 + 2, "promoted copper (side mover): 11 sideways + 2 vertical steps"},
		{"+P", 6, "tokin (gold): forward, 2 forward-diagonal, 2 sideways, backward"},
		{"+I", 7, "promoted go-between (drunk elephant): all but backward"},
		{"Q", 41, "free king"},
		{"D", 22 + 4 + 4, "dragon king; +4 promoting versions of the forward slides into 8d-8a"},
		{"H", 19 + 4 + 6, "dragon horse; +6 promoting forward-diagonal slides into ranks a-d (2 left, 4 right)"},
		{"R", 22 + 4, "rook; +4 promoting"},
		{"B", 19 + 6, "bishop; +6 promoting"},
		{"V", 11 + 2 + 4, "vertical mover; +4 promoting"},
		{"M", 11 + 2, "side mover"},
		{"A", 11 + 4, "reverse chariot; +4 promoting"},
		{"L", 6 + 4, "lance; +4 promoting"},
		{"O", 4 + 4, "kirin: 4 diagonal steps + 4 orthogonal jumps"},
		{"X", 4 + 4, "phoenix: 4 orthogonal steps + 4 diagonal jumps"},
		{"E", 7, "drunk elephant"},
		{"T", 7, "blind tiger"},
		{"F", 6, "leopard: forward, backward and the 4 diagonals"},
		{"G", 6, "gold"},
		{"S", 5, "silver"},
		{"C", 4, "copper: forward, 2 forward-diagonal, backward"},
		{"P", 1, "pawn"},
		{"I", 2, "go-between"},
	}
	o := DefaultOptions()
	for _, tc := range tests {
		p := mustSFEN(t, lone(tc.piece))
		if got := Perft(&p, &o, 1); got != uint64(tc.n+kingMoves) {
			t.Errorf("%s (%s): perft(1) = %d, want %d", tc.piece, tc.why, got, tc.n+kingMoves)
		}
	}
}

// TestPerftSpecPositions pins the other rows of the spec's §12 table.
func TestPerftSpecPositions(t *testing.T) {
	tests := []struct {
		sfen  string
		jcsa  uint64
		lish  uint64
		hachu uint64
		why   string
	}{
		// Q1: king 3; gold 1c: 1b and 2b captures (each also promoting) + 1d, 2d = 6; the
		// lion 3c: 24 squares minus 2 off-board... counted by hand as 22 single moves and
		// 60 two-step moves in the spec.
		{"k9g1/10gn/9N1G/12/12/12/12/12/12/12/12/K11 b - 1", 91, 91, 91, "Q1"},
		// Q4: king 3, lion 18 single moves and 52 two-step moves; HaChu adds 2c2b2a.
		{"k9n1/10i1/10N1/12/12/12/12/12/12/12/12/K11 b - 1", 73, 73, 74, "Q4"},
	}
	for _, tc := range tests {
		for _, r := range []struct {
			name string
			o    Options
			want uint64
		}{{"jcsa", DefaultOptions(), tc.jcsa}, {"lishogi", lishogiOptions(), tc.lish}, {"hachu", hachuOptions(), tc.hachu}} {
			p := mustSFEN(t, tc.sfen)
			if got := Perft(&p, &r.o, 1); got != r.want {
				t.Errorf("%s under %s: perft(1) = %d, want %d", tc.why, r.name, got, r.want)
			}
		}
	}
}

func hachuOptions() Options {
	o := DefaultOptions()
	o.CounterStrike = CounterStrikeStrict
	o.Protection = ProtectionPostMove
	return o
}

func ExamplePerft() {
	o := DefaultOptions()
	p := StartPosition()
	fmt.Println(Perft(&p, &o, 2))
	// Output: 1296
}
