package chushogi

import (
	"math/rand/v2"
	"testing"
)

func BenchmarkLegalMovesStart(b *testing.B) {
	o := DefaultOptions()
	p := StartPosition()
	buf := make([]Move, 0, 512)
	for b.Loop() {
		buf = p.AppendLegalMoves(&o, buf[:0])
	}
}

// BenchmarkLegalMovesMidgame generates moves in positions from seeded random games
// (around ply 60, where lions and sliders are out).
func BenchmarkLegalMovesMidgame(b *testing.B) {
	o := lishogiOptions()
	r := rand.New(rand.NewPCG(1, 2))
	all := randomGamePositions(r, &o, 8, 80)
	var ps []Position
	for i := range all {
		if i%80 >= 40 {
			ps = append(ps, all[i])
		}
	}
	buf := make([]Move, 0, 1024)
	i := 0
	for b.Loop() {
		buf = ps[i%len(ps)].AppendLegalMoves(&o, buf[:0])
		i++
	}
}

func BenchmarkWhyIllegal(b *testing.B) {
	o := DefaultOptions()
	p := mustSFEN(b, "k6r3n/12/8S3/7Nn2R/12/12/12/7V4/12/12/12/K11 b - 1")
	ms := p.LegalMoves(&o)
	i := 0
	for b.Loop() {
		_ = p.WhyIllegal(ms[i%len(ms)], &o)
		i++
	}
}

func BenchmarkPerft3(b *testing.B) {
	o := DefaultOptions()
	p := StartPosition()
	for b.Loop() {
		Perft(&p, &o, 3)
	}
}

// BenchmarkReplayPerPly replays seeded random games (legality check, move, hashing and
// the repetition window), reported per ply.
func BenchmarkReplayPerPly(b *testing.B) {
	o := lishogiOptions()
	r := rand.New(rand.NewPCG(3, 4))
	var games [][]Move
	for range 8 {
		p := StartPosition()
		var ms []Move
		for range 200 {
			moves := p.LegalMoves(&o)
			if len(moves) == 0 {
				break
			}
			m := moves[r.IntN(len(moves))]
			ms = append(ms, m)
			p.MakeMove(m)
		}
		games = append(games, ms)
	}
	plies := 0
	for b.Loop() {
		for _, ms := range games {
			g := NewGame(StartPosition(), o, IdentityBoardSideMarker)
			for _, m := range ms {
				if _, err := g.Play(m); err != nil {
					b.Fatal(err)
				}
				_ = g.Occurrence()
			}
			plies += len(ms)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(plies), "ns/ply")
}
