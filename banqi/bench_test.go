package banqi

import (
	"math/rand/v2"
	"testing"
)

// randomRecord plays a random game from the start with a fixed seed and returns its
// plies as text.
func randomRecord(seed uint64, maxPlies int) []string {
	r := rand.New(rand.NewPCG(seed, 1))
	p := StartPosition(DefaultOptions())
	var out []string
	for len(out) < maxPlies {
		moves := p.LegalMoves(nil, true)
		if len(moves) == 0 {
			break
		}
		m := moves[r.IntN(len(moves))]
		if _, err := p.Play(m); err != nil {
			panic(err)
		}
		out = append(out, m.String())
	}
	return out
}

// BenchmarkReplayPerPly replays a 300-ply random game with full checks, repetition
// windows and hashing; the time is per ply.
func BenchmarkReplayPerPly(b *testing.B) {
	rec := randomRecord(7, 300)
	g := NewGame(StartPosition(DefaultOptions()))
	b.ReportAllocs()
	plies := 0
	for b.Loop() {
		g.Reset(StartPosition(DefaultOptions()))
		for _, m := range rec {
			if _, err := g.Play(m); err != nil {
				b.Fatal(err)
			}
			g.Occurrence()
		}
		plies += len(rec)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(plies), "ns/ply")
}

// BenchmarkLegalMoves generates the plies of a middle-game position.
func BenchmarkLegalMoves(b *testing.B) {
	p := mustPos(b, "XXXX/XXXX/XXkc/X2X/XXXX/XXXX/XXXX/XXXX r KGMMRRNNCCPPPPPggmmrrnncpppp 0", DefaultOptions())
	buf := make([]Move, 0, 256)
	for b.Loop() {
		buf = p.LegalMoves(buf[:0], false)
	}
}

// BenchmarkPerft counts perft 4 of an open position without face-down pieces.
func BenchmarkPerft(b *testing.B) {
	p := mustPos(b, "2Pg/2P1/4/4/4/4/1p2/Gp2 r - 0", DefaultOptions())
	for b.Loop() {
		Perft(&p, 4)
	}
}
