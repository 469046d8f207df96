package chushogi

import (
	"math/rand/v2"
	"strings"
	"testing"
)

func playAll(t *testing.T, g *Game, moves string) {
	t.Helper()
	for _, s := range strings.Fields(moves) {
		m, err := ParseUSI(s)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := g.Play(m); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
}

// T-R5 (identity): after 6h6c 1c1d 6c6d 1d1c the position after ply 5 (6d6c) has the
// board and side of the position after ply 1 but no marker.
func TestIdentity(t *testing.T) {
	start := mustSFEN(t, "k11/12/6n4g/12/12/12/12/6R5/12/12/12/K11 b - 1")
	for _, tc := range []struct {
		id   Identity
		want bool
	}{{IdentityBoardSide, true}, {IdentityBoardSideMarker, false}} {
		g := NewGame(start, DefaultOptions(), tc.id)
		playAll(t, g, "6h6c 1c1d 6c6d 1d1c")
		m, _ := ParseUSI("6d6c")
		if got := g.WouldRepeat(m); got != tc.want {
			t.Errorf("%v: WouldRepeat(6d6c) = %v, want %v", tc.id, got, tc.want)
		}
	}
}

func TestWindowAndOccurrences(t *testing.T) {
	start := mustSFEN(t, "6k5/3gg7/11g/12/12/3R8/12/12/12/12/12/K11 b - 1")
	g := NewGame(start, DefaultOptions(), IdentityBoardSideMarker)
	playAll(t, g, "9f8f 1c1d 8f9f 1d1c 9f8f 1c1d 8f9f 1d1c")
	if occ := g.Occurrence(); occ != (Occurrence{Count: 3, First: 0, Previous: 4, Latest: 8}) {
		t.Errorf("occurrence %+v, want 3 times, after plies 0, 4 and 8", occ)
	}
	// An irreversible move (a pawn move) clears the window.
	g = NewGame(StartPosition(), DefaultOptions(), IdentityBoardSideMarker)
	playAll(t, g, "7j8h 6c6e 7i7h")
	if g.WindowLen() != 1 {
		t.Errorf("window %d after a pawn move", g.WindowLen())
	}
}

// The occurrence table agrees with a plain scan of the window on random games, for both
// identities, and WouldRepeat agrees with it.
func TestOccurrenceTableAgreesWithScan(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	start := mustSFEN(t, "10rk/12/3s8/12/8g3/12/12/3G8/12/8S3/12/KR10 b - 1")
	for _, id := range []Identity{IdentityBoardSideMarker, IdentityBoardSide} {
		o := DefaultOptions()
		g := NewGame(start, o, id)
		window := []Position{start}
		most, longest := 0, 0
		for ply := 1; ply <= 3000; ply++ {
			moves := g.Position().LegalMoves(&o)
			if len(moves) == 0 {
				break
			}
			m := moves[r.IntN(len(moves))]
			if r.IntN(10) > 0 { // mostly quiet moves, so that positions recur
				for _, q := range moves {
					if g.Position().At(q.To) == NoPiece && !q.Promote && !q.IsTwoStep() {
						m = q
						if r.IntN(3) == 0 {
							break
						}
					}
				}
			}
			wouldRepeat := g.WouldRepeat(m)
			rec, err := g.Play(m)
			if err != nil {
				t.Fatal(err)
			}
			if rec.Irreversible {
				window = window[:0]
			}
			cur := *g.Position()
			var plies []int
			for i := range window {
				if window[i].SameAs(&cur, id.withMarker()) {
					plies = append(plies, ply-len(window)+i)
				}
			}
			window = append(window, cur)
			if wouldRepeat != (len(plies) > 0) {
				t.Fatalf("%v ply %d: WouldRepeat %v, scan %v", id, ply, wouldRepeat, plies)
			}
			plies = append(plies, ply)
			want := Occurrence{Count: len(plies), First: plies[0], Previous: -1, Latest: ply}
			if len(plies) > 1 {
				want.Previous = plies[len(plies)-2]
			}
			if got := g.Occurrence(); got != want || g.WindowLen() != len(window) {
				t.Fatalf("%v ply %d: %+v (window %d), scan %+v (window %d)", id, ply, got, g.WindowLen(), want, len(window))
			}
			most, longest = max(most, want.Count), max(longest, len(window))
		}
		if most < 3 || longest < 100 {
			t.Errorf("%v: the random game is too tame (at most %d occurrences, window at most %d)", id, most, longest)
		}
	}
}

// A hash hit is no identity: a different position that shares the key is not counted.
func TestOccurrenceComparesExactly(t *testing.T) {
	start := mustSFEN(t, "6k5/3gg7/11g/12/12/3R8/12/12/12/12/12/K11 b - 1")
	g := NewGame(start, DefaultOptions(), IdentityBoardSideMarker)
	// Forge an entry for another position under the key of the position after 9f8f.
	after := start
	after.MakeMove(SingleMove(mustSquare(t, "9f"), mustSquare(t, "8f"), false))
	forged := after
	forged.Put(mustSquare(t, "12f"), NewPiece(Sente, Gold, false))
	key := after.Key(true)
	g.entries = append(g.entries, windowEntry{pos: forged, occ: Occurrence{Count: 1, First: 0, Previous: -1}})
	g.index[key] = append(g.index[key], int32(len(g.entries)-1))
	m := SingleMove(mustSquare(t, "9f"), mustSquare(t, "8f"), false)
	if g.WouldRepeat(m) {
		t.Error("WouldRepeat counted a hash hit of another position")
	}
	if _, err := g.Play(m); err != nil {
		t.Fatal(err)
	}
	if occ := g.Occurrence(); occ.Count != 1 {
		t.Errorf("occurrence %+v after a hash hit of another position", occ)
	}
}

func mustSquare(t *testing.T, s string) Square {
	t.Helper()
	sq, err := ParseSquare(s)
	if err != nil {
		t.Fatal(err)
	}
	return sq
}
