package xiangqi_test

import (
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/arbiter-xq/arbiter/internal/randpos"
	"github.com/arbiter-xq/arbiter/xiangqi"
)

// checkCandidatesAgree tests AppendCheckCandidates on p: a subsequence of
// AppendPseudoMoves, each move once, holding every move after which the enemy king is
// attacked. It returns the numbers of candidates and of checking moves.
func checkCandidatesAgree(t *testing.T, p xiangqi.Position, where string) (cands, checks int) {
	t.Helper()
	pseudo := p.AppendPseudoMoves(nil)
	got, _ := p.AppendCheckCandidates(nil)
	in := map[xiangqi.Move]bool{}
	j := 0
	for _, m := range got {
		for j < len(pseudo) && pseudo[j] != m {
			j++
		}
		if j == len(pseudo) {
			t.Fatalf("%s %s: candidate %s out of the order of the pseudo-legal moves (or not one), candidates %v", where, p.FEN(), m, got)
		}
		j++
		in[m] = true
	}
	att := p.SideToMove()
	for _, m := range pseudo {
		q := p
		q.MakeMove(m)
		if q.AttackedBy(q.KingSquare(att.Other()), att) {
			checks++
			if !in[m] {
				t.Fatalf("%s %s: %s gives check but is not a candidate (candidates %v)", where, p.FEN(), m, got)
			}
		}
	}
	return len(got), checks
}

// TestCheckCandidates holds AppendCheckCandidates to the checks found by playing every
// pseudo-legal move, in every position of real games and of seeded random games, with
// either side to move.
func TestCheckCandidates(t *testing.T) {
	limit, randomGames := 600, 400
	if testing.Short() || xiangqi.RaceEnabled {
		limit, randomGames = 100, 80
	}
	positions := ccpdPositions(t, limit)
	r := rand.New(rand.NewPCG(7, 2026))
	for range randomGames {
		positions = append(positions, randpos.Game(r, 200)...)
	}
	kinds := []xiangqi.Kind{xiangqi.Rook, xiangqi.Cannon, xiangqi.Horse, xiangqi.Pawn}
	for range randomGames * 50 {
		positions = append(positions, randpos.Sparse(r, kinds, 2, 10))
	}
	var buf []xiangqi.Move
	var cands, checks, pseudo int
	for i, p := range positions {
		for _, side := range []xiangqi.Color{xiangqi.Red, xiangqi.Black} {
			p.SetSideToMove(side)
			c, k := checkCandidatesAgree(t, p, fmt.Sprintf("position %d, %v to move:", i, side))
			cands, checks = cands+c, checks+k
			pseudo += len(p.AppendPseudoMoves(buf[:0]))
		}
	}
	t.Logf("%d positions, both sides to move: %d pseudo-legal moves, %d candidates, %d checks", len(positions), pseudo, cands, checks)
}

// BenchmarkCheckCandidates measures AppendCheckCandidates on the positions of 200 real
// games, against picking the checks out of every pseudo-legal move (ns per position).
func BenchmarkCheckCandidates(b *testing.B) {
	positions := ccpdPositions(b, 200)
	perPosition := func(b *testing.B) {
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(positions)), "ns/position")
	}
	var buf []xiangqi.Move
	b.Run("candidates", func(b *testing.B) {
		for b.Loop() {
			for i := range positions {
				buf, _ = positions[i].AppendCheckCandidates(buf[:0])
			}
		}
		perPosition(b)
	})
	b.Run("pseudo-legal", func(b *testing.B) {
		for b.Loop() {
			for i := range positions {
				buf = positions[i].AppendPseudoMoves(buf[:0])
			}
		}
		perPosition(b)
	})
}

// TestMovesFromOrTo holds AppendMovesFromOrTo to the pseudo-legal moves filtered by
// their squares, in the same order, on CCPD positions and random sets of squares.
func TestMovesFromOrTo(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 2026))
	randomSet := func() xiangqi.SquareSet {
		var s xiangqi.SquareSet
		for range r.IntN(8) {
			s.Add(xiangqi.Square(r.IntN(xiangqi.NumSquares)))
		}
		return s
	}
	n := 0
	for _, p := range ccpdPositions(t, 200) {
		for _, side := range []xiangqi.Color{xiangqi.Red, xiangqi.Black} {
			p.SetSideToMove(side)
			from, to := randomSet(), randomSet()
			var want []xiangqi.Move
			for _, m := range p.AppendPseudoMoves(nil) {
				if from.Has(m.From()) || to.Has(m.To()) {
					want = append(want, m)
				}
			}
			if got := p.AppendMovesFromOrTo(nil, from, to); fmt.Sprint(got) != fmt.Sprint(want) {
				t.Fatalf("%s: from %v to %v: %v, want %v", p.FEN(), from, to, got, want)
			}
			n++
		}
	}
	t.Logf("%d positions", n)
}

// TestRankAndFileSquares checks the rank and file sets: each square is in the set of its
// own rank and file and in no other.
func TestRankAndFileSquares(t *testing.T) {
	for s := xiangqi.Square(0); s < xiangqi.NumSquares; s++ {
		for r := range xiangqi.Ranks {
			if xiangqi.RankSquares(r).Has(s) != (s.Rank() == r) {
				t.Fatalf("%v in RankSquares(%d): %v", s, r, xiangqi.RankSquares(r).Has(s))
			}
		}
		for f := range xiangqi.Files {
			if xiangqi.FileSquares(f).Has(s) != (s.File() == f) {
				t.Fatalf("%v in FileSquares(%d): %v", s, f, xiangqi.FileSquares(f).Has(s))
			}
		}
	}
}

// goldenPositions returns seeded positions for the golden tests: random games that
// favour captures and sparse boards with rooks, cannons, horses and pawns anywhere.
func goldenPositions() []xiangqi.Position {
	r := rand.New(rand.NewPCG(17, 2026))
	var positions []xiangqi.Position
	for range 60 {
		positions = append(positions, randpos.Game(r, 150)...)
	}
	kinds := []xiangqi.Kind{xiangqi.Rook, xiangqi.Cannon, xiangqi.Horse, xiangqi.Pawn}
	for range 3000 {
		positions = append(positions, randpos.Sparse(r, kinds, 2, 12))
	}
	return positions
}

// TestCheckCandidatesGolden pins the exact candidates of AppendCheckCandidates and the
// exact attackers of AppendAttackers, in their order, on seeded positions: the rulesets'
// searches count their work in the order these come in, so a faster generator must
// give the same lists (a hash of them all, established with the generators of commit
// ea7b62c).
func TestCheckCandidatesGolden(t *testing.T) {
	h := fnv.New64a()
	var buf []xiangqi.Move
	var sbuf []xiangqi.Square
	for _, p := range goldenPositions() {
		for _, side := range []xiangqi.Color{xiangqi.Red, xiangqi.Black} {
			p.SetSideToMove(side)
			buf, _ = p.AppendCheckCandidates(buf[:0])
			for _, m := range buf {
				h.Write([]byte{byte(m), byte(m >> 8)})
			}
			h.Write([]byte{0xff})
			for s := xiangqi.Square(0); s < xiangqi.NumSquares; s += 7 {
				for _, a := range p.AppendAttackers(sbuf[:0], s, side) {
					h.Write([]byte{byte(a)})
				}
				h.Write([]byte{0xfe})
			}
		}
	}
	if got, want := h.Sum64(), uint64(0x1be5f0974711d58d); got != want {
		t.Errorf("hash of the candidate and attacker lists %#x, want %#x", got, want)
	}
}

// TestAttackersAreCaptures holds AppendAttackers to the pseudo-legal moves: on a square
// that holds an enemy piece, the attackers are exactly the origins of the captures
// there (the searches take the captures of a square from AppendAttackers).
func TestAttackersAreCaptures(t *testing.T) {
	n := 0
	for _, p := range goldenPositions() {
		for _, side := range []xiangqi.Color{xiangqi.Red, xiangqi.Black} {
			p.SetSideToMove(side)
			pseudo := p.AppendPseudoMoves(nil)
			for s := xiangqi.Square(0); s < xiangqi.NumSquares; s++ {
				if pc := p.At(s); pc == xiangqi.NoPiece || pc.Color() == side {
					continue
				}
				var want []xiangqi.Square
				for _, m := range pseudo {
					if m.To() == s {
						want = append(want, m.From())
					}
				}
				got := p.AppendAttackers(nil, s, side)
				slices.Sort(got)
				slices.Sort(want)
				if !slices.Equal(got, want) {
					t.Fatalf("%s: attackers of %v %v, captures from %v", p.FEN(), s, got, want)
				}
				n++
			}
		}
	}
	t.Logf("%d targets", n)
}
