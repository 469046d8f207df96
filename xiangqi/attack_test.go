package xiangqi_test

import (
	"slices"
	"sort"
	"testing"

	"github.com/arbiter-xq/arbiter/xiangqi"
)

func sq(t *testing.T, s string) xiangqi.Square {
	t.Helper()
	v, ok := xiangqi.ParseSquare(s)
	if !ok {
		t.Fatalf("bad square %q", s)
	}
	return v
}

func TestAttackers(t *testing.T) {
	tests := []struct {
		fen    string
		target string
		by     xiangqi.Color
		want   []string
	}{
		// A rook along the rank, a cannon over one screen, a horse with a free leg.
		{"5k3/9/9/9/9/9/4p4/4B4/R3C4/3K5 w", "e3", xiangqi.Red, []string{"e1"}},
		{"4k4/9/9/9/9/9/R3p4/9/9/3K5 w", "e3", xiangqi.Red, []string{"a3"}},
		{"4k4/9/9/9/9/9/4p4/9/3N5/3K5 w", "e3", xiangqi.Red, []string{"d1"}},
		// The same horse with its leg (d2) blocked does not attack.
		{"4k4/9/9/9/9/9/4p4/3P5/3N5/3K5 w", "e3", xiangqi.Red, []string{}},
		// An uncrossed pawn attacks forward only; a crossed pawn sideways too.
		{"4k4/9/9/9/9/4p4/4P4/9/9/3K5 w", "e4", xiangqi.Red, []string{"e3"}},
		{"4k4/9/9/4pP3/9/9/9/9/9/3K5 w", "e6", xiangqi.Red, []string{"f6"}},
		// Elephants and advisors on their own side and in the palace.
		{"4k4/9/9/9/9/9/9/4p4/9/2BAK4 w", "e2", xiangqi.Red, []string{"c0"}},
		{"4k4/9/9/9/9/9/9/9/4p4/3AK4 w", "e1", xiangqi.Red, []string{"d0", "e0"}},
	}
	for _, tt := range tests {
		p, err := xiangqi.ParseFENOptions(tt.fen, xiangqi.FENOptions{AllowUnreachable: true})
		if err != nil {
			t.Fatalf("%s: %v", tt.fen, err)
		}
		var got []string
		for _, s := range p.AppendAttackers(nil, sq(t, tt.target), tt.by) {
			got = append(got, s.String())
		}
		sort.Strings(got)
		if len(got) != len(tt.want) || (len(got) > 0 && !equalStrings(got, tt.want)) {
			t.Errorf("%s: attackers of %s = %v, want %v", tt.fen, tt.target, got, tt.want)
		}
		if p.AttackedBy(sq(t, tt.target), tt.by) != (len(tt.want) > 0) {
			t.Errorf("%s: AttackedBy(%s) disagrees with AppendAttackers", tt.fen, tt.target)
		}
	}
}

func TestPins(t *testing.T) {
	tests := []struct {
		name, fen, square string
		pinned            bool
	}{
		{"rook pin", "4k4/9/9/9/4r4/9/9/4N4/9/4K4 w", "e2", true},
		{"not on the line", "4k4/9/9/9/4r4/9/9/3N5/9/4K4 w", "d2", false},
		{"cannon pin (removing one of two screens)", "4k4/9/4c4/9/4P4/9/9/4N4/9/4K4 w", "e2", true},
		{"the only piece between the kings (facing-kings line)", "4k4/9/9/9/9/9/9/4N4/9/4K4 w", "e2", true},
		{"an advisor on the leg of a horse aimed at the king", "4k4/9/9/9/9/9/9/4n4/4A4/3K5 w", "e1", true},
		{"a rook on the leg of a horse aimed at the king", "5k3/9/9/9/9/9/9/2nR5/4K4/9 w", "d2", true},
		{"a piece off every line", "5k3/9/9/9/9/9/9/2n1R4/4K4/9 w", "e2", false},
	}
	for _, tt := range tests {
		p, err := xiangqi.ParseFENOptions(tt.fen, xiangqi.FENOptions{AllowUnreachable: true})
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if got := p.IsPinned(sq(t, tt.square)); got != tt.pinned {
			t.Errorf("%s: IsPinned(%s) = %v, want %v", tt.name, tt.square, got, tt.pinned)
		}
	}
}

// The table-driven attack scan equals the reference scan, attackers and their order,
// on every square of every position of a sample of real games, for both colours.
func TestAttackersMatchReference(t *testing.T) {
	limit := 600
	if testing.Short() || xiangqi.RaceEnabled {
		limit = 100
	}
	games := parseCCPD(t, loadCCPD(t, limit))
	var got, want []xiangqi.Square
	var moves []xiangqi.Move
	positions := 0
	for gi, pg := range games {
		p := pg.start
		for ply := 0; ply <= len(pg.moves); ply++ {
			positions++
			for s := xiangqi.Square(0); s < xiangqi.NumSquares; s++ {
				for _, by := range [2]xiangqi.Color{xiangqi.Red, xiangqi.Black} {
					got = p.AppendAttackers(got[:0], s, by)
					want = p.AppendAttackersReference(want[:0], s, by)
					if !slices.Equal(got, want) {
						t.Fatalf("game %d ply %d %s: attackers of %s by %v = %v, reference %v", gi, ply, p.FEN(), s, by, got, want)
					}
					if p.AttackedBy(s, by) != (len(want) > 0) {
						t.Fatalf("game %d ply %d %s: AttackedBy(%s, %v) disagrees with the reference", gi, ply, p.FEN(), s, by)
					}
				}
			}
			if p.KingsFacing() != p.KingsFacingReference() {
				t.Fatalf("game %d ply %d %s: KingsFacing disagrees with the reference", gi, ply, p.FEN())
			}
			if !p.OccupancyConsistent() {
				t.Fatalf("game %d ply %d %s: line masks out of step with the board", gi, ply, p.FEN())
			}
			// The captures among the pseudo-legal moves are the attackers of their
			// targets (the answers to check are generated either way, matethreat.go).
			captures := map[xiangqi.Move]bool{}
			for _, m := range p.AppendPseudoMoves(moves[:0]) {
				if p.At(m.To()) != xiangqi.NoPiece {
					captures[m] = true
				}
			}
			for s := xiangqi.Square(0); s < xiangqi.NumSquares; s++ {
				if pc := p.At(s); pc != xiangqi.NoPiece && pc.Color() != p.SideToMove() {
					for _, a := range p.AppendAttackers(got[:0], s, p.SideToMove()) {
						if !captures[xiangqi.NewMove(a, s)] {
							t.Fatalf("game %d ply %d %s: attacker %s of %s has no capture move", gi, ply, p.FEN(), a, s)
						}
						delete(captures, xiangqi.NewMove(a, s))
					}
				}
			}
			if len(captures) != 0 {
				t.Fatalf("game %d ply %d %s: captures %v are not attacks", gi, ply, p.FEN(), captures)
			}
			before := p
			for _, m := range p.AppendPseudoMoves(moves[:0]) {
				cap := p.MakeMove(m)
				if !p.OccupancyConsistent() {
					t.Fatalf("game %d ply %d %s: line masks out of step after %s", gi, ply, before.FEN(), m)
				}
				p.UnmakeMove(m, cap)
				if p != before {
					t.Fatalf("game %d ply %d %s: MakeMove/UnmakeMove of %s does not restore the position", gi, ply, before.FEN(), m)
				}
			}
			if ply < len(pg.moves) {
				p.MakeMove(pg.moves[ply])
			}
		}
	}
	t.Logf("%d positions compared", positions)
}

// BenchmarkAttackers measures the attack primitives on the positions of 200 real
// games: AttackedBy and AppendAttackers on every square for both colours, and InCheck.
func BenchmarkAttackers(b *testing.B) {
	positions := ccpdPositions(b, 200)
	b.Run("AttackedBy", func(b *testing.B) {
		n := 0
		for b.Loop() {
			for i := range positions {
				for s := xiangqi.Square(0); s < xiangqi.NumSquares; s++ {
					if positions[i].AttackedBy(s, xiangqi.Red) {
						n++
					}
					if positions[i].AttackedBy(s, xiangqi.Black) {
						n++
					}
				}
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(positions)*2*xiangqi.NumSquares), "ns/query")
	})
	b.Run("AppendAttackers", func(b *testing.B) {
		var buf []xiangqi.Square
		for b.Loop() {
			for i := range positions {
				for s := xiangqi.Square(0); s < xiangqi.NumSquares; s++ {
					buf = positions[i].AppendAttackers(buf[:0], s, xiangqi.Red)
					buf = positions[i].AppendAttackers(buf[:0], s, xiangqi.Black)
				}
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(positions)*2*xiangqi.NumSquares), "ns/query")
	})
	b.Run("InCheck", func(b *testing.B) {
		for b.Loop() {
			for i := range positions {
				positions[i].InCheck(xiangqi.Red)
				positions[i].InCheck(xiangqi.Black)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(positions)*2), "ns/query")
	})
}

// MayExposeKing never misses a move that leaves its own king in check: on every
// position of a sample of real games (and the same positions with the other side to
// move), a pseudo-legal move of a side not in check that it clears is legal.
func TestMayExposeKingIsSafe(t *testing.T) {
	limit := 600
	if testing.Short() || xiangqi.RaceEnabled {
		limit = 100
	}
	games := parseCCPD(t, loadCCPD(t, limit))
	var buf []xiangqi.Move
	cleared, tested := 0, 0
	for gi, pg := range games {
		p := pg.start
		for ply := 0; ply <= len(pg.moves); ply++ {
			for _, side := range [2]xiangqi.Color{xiangqi.Red, xiangqi.Black} {
				q := p
				q.SetSideToMove(side)
				if q.InCheck(side) {
					continue
				}
				for _, m := range q.AppendPseudoMoves(buf[:0]) {
					tested++
					if q.MayExposeKing(m) {
						continue
					}
					cleared++
					cap := q.MakeMove(m)
					if q.InCheck(side) {
						t.Fatalf("game %d ply %d %s: %s cleared by MayExposeKing leaves the king in check", gi, ply, p.FEN(), m)
					}
					q.UnmakeMove(m, cap)
				}
			}
			if ply < len(pg.moves) {
				p.MakeMove(pg.moves[ply])
			}
		}
	}
	t.Logf("%d of %d moves cleared without playing them", cleared, tested)
}
