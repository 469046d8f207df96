package server

import (
	"context"
	"runtime"
	"testing"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/internal/corpus"
	arbiterv1 "github.com/arbiter-xq/arbiter/proto/arbiter/v1"
	"github.com/arbiter-xq/arbiter/rules/asian"
	"github.com/arbiter-xq/arbiter/rules/chinese"
	"github.com/arbiter-xq/arbiter/rules/xqrules"
)

// The service's own time, without gRPC: decode, call the domain, encode.

func benchServer(b *testing.B) (*Server, []corpus.Game) {
	b.Helper()
	path := corpus.Path(corpus.CCPDPath)
	if path == "" {
		b.Skip("shared corpus not found")
	}
	games, err := corpus.ReadCCPD(path, 500)
	if err != nil {
		b.Fatal(err)
	}
	reg := &arbiter.Registry{}
	for _, rs := range []xqrules.Ruleset{chinese.New(), asian.New()} {
		if err := reg.Register(xqrules.New(rs)); err != nil {
			b.Fatal(err)
		}
	}
	s, err := New(Config{}, reg, nil, nil, nil)
	if err != nil {
		b.Fatal(err)
	}
	return s, games
}

func BenchmarkServiceAdjudicate(b *testing.B) {
	s, games := benchServer(b)
	ctx := context.Background()
	for _, id := range []string{"asian", "chinese"} {
		b.Run(id, func(b *testing.B) {
			reqs := make([]*arbiterv1.AdjudicateRequest, len(games))
			for i, g := range games {
				reqs[i] = &arbiterv1.AdjudicateRequest{Ruleset: id, Fen: g.FEN, Moves: g.Moves}
			}
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				if _, err := s.Adjudicate(ctx, reqs[i%len(reqs)]); err != nil {
					b.Fatal(err)
				}
				i++
			}
		})
	}
}

// BenchmarkServiceStreamMove is the service's time per streamed move: read the move,
// play it in the session, encode the reply.
func BenchmarkServiceStreamMove(b *testing.B) {
	s, games := benchServer(b)
	for _, id := range []string{"asian", "chinese"} {
		b.Run(id, func(b *testing.B) { benchServiceStreamMove(b, s, games, id) })
	}
}

func benchServiceStreamMove(b *testing.B, s *Server, games []corpus.Game, id string) {
	gi, mi := 0, 0
	var g *game
	b.ReportAllocs()
	for b.Loop() {
		if g == nil || mi == len(games[gi].Moves) || g.over {
			if g != nil {
				gi, mi = (gi+1)%len(games), 0
				s.release(g) // its stream ends
			}
			var err error
			g, _, err = s.startGame(context.Background(), &arbiterv1.GameStart{Ruleset: id, Fen: games[gi].FEN,
				Policy: &arbiterv1.Policy{NaturalMoveLimit: arbiter.MaxNaturalMoveLimit}}, "")
			if err != nil {
				b.Fatal(err)
			}
		}
		resp, err := s.playMove(context.Background(), g, games[gi].Moves[mi])
		if err != nil || resp.GetRejected() != nil {
			b.Fatal(err, resp.GetRejected())
		}
		mi++
	}
}

// BenchmarkStreamState measures the server-side state of one game stream (its
// session) after a whole real game.
func BenchmarkStreamState(b *testing.B) {
	s, games := benchServer(b)
	const n = 200
	for b.Loop() {
		before := heapAlloc()
		held := make([]*game, 0, n)
		plies := 0
		for i := 0; i < n; i++ {
			gm := games[i%len(games)]
			g, _, err := s.startGame(context.Background(), &arbiterv1.GameStart{Ruleset: "chinese", Fen: gm.FEN, Moves: gm.Moves,
				Policy: &arbiterv1.Policy{NaturalMoveLimit: arbiter.MaxNaturalMoveLimit}}, "")
			if err != nil {
				b.Fatal(err)
			}
			plies += g.plies
			held = append(held, g)
		}
		after := heapAlloc()
		b.ReportMetric(float64(after-before)/n, "heapB/game")
		b.ReportMetric(float64(plies)/n, "plies/game")
		runtime.KeepAlive(held)
		for _, g := range held {
			s.release(g)
		}
	}
}

func heapAlloc() uint64 {
	runtime.GC()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}
