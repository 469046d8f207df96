package chushogi

import (
	"flag"
	"math/rand/v2"
	"testing"
)

// crosscheckGames sets a larger sample for TestGeneratorAgreesWithWhyIllegal: games of
// 100 random plies each (0: the CI sample of 8, 1 under -race or -short).
var crosscheckGames = flag.Int("crosscheck.games", 0, "TestGeneratorAgreesWithWhyIllegal: random games of 100 plies (0: the CI sample)")

// randomPosition places pieces at random (lions and lion-power pieces often), with a
// random side to move and, sometimes, a counter-strike marker.
func randomPosition(r *rand.Rand) Position {
	p := NewEmptyPosition()
	var royals [2]int
	density := 0.1 + 0.4*r.Float64()
	for s := Square(0); s < NumSquares; s++ {
		if r.Float64() > density {
			continue
		}
		var pc Piece
		c := Color(r.IntN(2))
		switch r.IntN(6) {
		case 0:
			pc = NewPiece(c, Lion, false)
		case 1:
			pc = NewPiece(c, []Kind{Kirin, DragonHorse, DragonKing}[r.IntN(3)], true)
		default:
			k := Kind(1 + r.IntN(int(numKinds)-1))
			pc = NewPiece(c, k, k.CanPromote() && r.IntN(3) == 0)
		}
		if pc.IsRoyal() {
			if royals[c] == maxRoyals {
				continue
			}
			royals[c]++
		}
		p.Put(s, pc)
	}
	p.SetSideToMove(Color(r.IntN(2)))
	if r.IntN(3) == 0 {
		p.SetMarker(Square(r.IntN(NumSquares)))
	}
	return p
}

// randomGamePositions plays seeded random games from the start, preferring captures and
// two-step moves so lions meet, and returns every position reached.
func randomGamePositions(r *rand.Rand, o *Options, games, plies int) []Position {
	var out []Position
	for range games {
		p := StartPosition()
		for range plies {
			out = append(out, p)
			moves := p.LegalMoves(o)
			if len(moves) == 0 {
				break
			}
			m := moves[r.IntN(len(moves))]
			for range 4 { // prefer a capture
				c := moves[r.IntN(len(moves))]
				if (c.To != c.From && p.At(c.To) != NoPiece) || (c.IsTwoStep() && c.Mid != c.From && p.At(c.Mid) != NoPiece) {
					m = c
					break
				}
			}
			p.MakeMove(m)
		}
	}
	return out
}

// candidates lists the from-to and from-mid-to pairs worth asking about in p: from
// every square holding a piece of the side to move, single moves to every square, their
// promoting versions where the piece can get to (and a few elsewhere), and for a
// lion-power piece every two-step move whose steps stay within distance 2 of the start
// (a few for other pieces); plus moves from a few other squares.
func candidates(p *Position, r *rand.Rand) []Move {
	var out []Move
	for from := Square(0); from < NumSquares; from++ {
		pc := p.At(from)
		if pc == NoPiece || pc.Color() != p.SideToMove() {
			if r.IntN(40) == 0 {
				out = append(out, SingleMove(from, Square(r.IntN(NumSquares)), false))
			}
			continue
		}
		for to := Square(0); to < NumSquares; to++ {
			out = append(out, SingleMove(from, to, false))
			if r.IntN(30) == 0 || Distance(from, to) <= 2 || p.reach(pc, from, to, NoSquare, NoSquare) {
				out = append(out, SingleMove(from, to, true))
			}
		}
		near := append([]Square{from}, geo.ring2[from]...)
		for _, mid := range geo.ring2[from] {
			for _, to := range near {
				if to != mid && (pc.HasLionPower() || r.IntN(100) == 0) {
					out = append(out, TwoStepMove(from, mid, to))
				}
			}
		}
		out = append(out, Move{From: from, Mid: geo.ring1[from][0], To: from, Promote: true})
	}
	return out
}

// TestGeneratorAgreesWithWhyIllegal is the cross-check of the move generator against
// the one-move legality test: on positions from seeded random games and random
// placements, under each ruleset's move options, a move is generated exactly when
// WhyIllegal accepts it, and the generator lists no move twice. CI checks 800 positions
// from random play (100 under -race); -args -crosscheck.games=40 checks 4,000.
func TestGeneratorAgreesWithWhyIllegal(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 2004))
	games, randoms := 8, 300
	if testing.Short() || raceEnabled {
		games, randoms = 1, 40
	}
	if *crosscheckGames > 0 {
		games = *crosscheckGames
	}
	optsets := map[string]Options{"jcsa2004": DefaultOptions(), "lishogi": lishogiOptions(), "hachu": hachuOptions()}
	bind := DefaultOptions()
	bind.CounterStrikeBindsAdjacentLion = true
	bind.Promotion = PromotionEntryOnly
	bind.GoBetweenLastRank = true
	bind.Jitto = JittoNever
	optsets["variant"] = bind
	lo := lishogiOptions()
	positions := randomGamePositions(r, &lo, games, 100)
	for range randoms {
		positions = append(positions, randomPosition(r))
	}
	checked, legal := 0, 0
	for name, o := range optsets {
		for i := range positions {
			p := &positions[i]
			gen := map[Move]bool{}
			for _, m := range p.LegalMoves(&o) {
				if gen[m] {
					t.Fatalf("%s: %s: %s generated twice", name, p.SFEN(), m)
				}
				gen[m] = true
			}
			seen := 0
			for _, m := range candidates(p, r) {
				err := p.WhyIllegal(m, &o)
				checked++
				if (err == nil) != gen[m] {
					t.Fatalf("%s: %s: move %s generated=%v but WhyIllegal=%v", name, p.SFEN(), m, gen[m], err)
				}
				if err == nil {
					seen++
				}
			}
			if seen != len(gen) {
				t.Fatalf("%s: %s: %d generated moves, %d found legal among the candidates", name, p.SFEN(), len(gen), seen)
			}
			legal += seen
		}
	}
	t.Logf("%d positions x %d option sets: %d candidate moves judged, %d legal", len(positions), len(optsets), checked, legal)
}

// TestMetamorphic: mirroring the files keeps the legal-move count, and so does turning
// the board 180° with the colours, the side to move and the marker swapped (T-M2).
func TestMetamorphic(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	n := 2000
	if raceEnabled {
		n = 200
	}
	for _, o := range []Options{DefaultOptions(), lishogiOptions(), hachuOptions()} {
		for range n {
			p := randomPosition(r)
			want := len(p.LegalMoves(&o))
			mirror, flip := NewEmptyPosition(), NewEmptyPosition()
			for s := Square(0); s < NumSquares; s++ {
				pc := p.At(s)
				ms := Square(s.row()*Files + (Files - 1 - s.col()))
				mirror.Put(ms, pc)
				if pc != NoPiece {
					pc ^= goteBit
				}
				flip.Put(NumSquares-1-s, pc)
			}
			mirror.SetSideToMove(p.SideToMove())
			flip.SetSideToMove(p.SideToMove().Other())
			if m := p.Marker(); m != NoSquare {
				mirror.SetMarker(Square(m.row()*Files + (Files - 1 - m.col())))
				flip.SetMarker(NumSquares - 1 - m)
			}
			if got := len(mirror.LegalMoves(&o)); got != want {
				t.Fatalf("%s: %d moves, mirrored %s: %d", p.SFEN(), want, mirror.SFEN(), got)
			}
			if got := len(flip.LegalMoves(&o)); got != want {
				t.Fatalf("%s: %d moves, rotated %s: %d", p.SFEN(), want, flip.SFEN(), got)
			}
		}
	}
}
