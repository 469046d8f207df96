package server_test

import (
	"context"
	"runtime"
	"testing"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/internal/corpus"
	arbiterv1 "github.com/arbiter-xq/arbiter/proto/arbiter/v1"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
)

// The benchmarks below run on one bufconn connection so that their times compare:
// BenchmarkRPCHealthCheck is the transport's cost for a no-op RPC; the service's own
// time is BenchmarkServiceAdjudicate / BenchmarkServiceStreamMove (internal, no
// transport) and the end-to-end times are BenchmarkRPCAdjudicate / BenchmarkRPCStreamMove.

func benchGames(b *testing.B, n int) []corpus.Game {
	b.Helper()
	path := corpus.Path(corpus.CCPDPath)
	if path == "" {
		b.Skip("shared corpus not found")
	}
	games, err := corpus.ReadCCPD(path, n)
	if err != nil {
		b.Fatal(err)
	}
	return games
}

func BenchmarkRPCHealthCheck(b *testing.B) {
	e := start(b, envOptions{})
	hc := healthpb.NewHealthClient(e.conn)
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := hc.Check(ctx, &healthpb.HealthCheckRequest{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkRPCAdjudicate(b *testing.B) {
	games := benchGames(b, 500)
	e := start(b, envOptions{})
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
				if _, err := e.client.Adjudicate(ctx, reqs[i%len(reqs)]); err != nil {
					b.Fatal(err)
				}
				i++
			}
		})
	}
}

// BenchmarkRPCStreamMove sends the moves of real games on streams, one move per
// iteration; a new stream opens when a game ends (its cost is spread over the game).
func BenchmarkRPCStreamMove(b *testing.B) {
	games := benchGames(b, 500)
	e := start(b, envOptions{})
	for _, id := range []string{"asian", "chinese"} {
		b.Run(id, func(b *testing.B) { benchRPCStreamMove(b, e, games, id) })
	}
}

func benchRPCStreamMove(b *testing.B, e *env, games []corpus.Game, id string) {
	ctx := context.Background()
	gi, mi := 0, 0
	var st gameStream
	b.ReportAllocs()
	for b.Loop() {
		if st == nil || mi == len(games[gi].Moves) {
			if st != nil {
				st.CloseSend()
				st.Recv()
				gi, mi = (gi+1)%len(games), 0
			}
			var err error
			if st, err = e.client.PlayGame(ctx); err != nil {
				b.Fatal(err)
			}
			start := &arbiterv1.GameStart{Ruleset: id, Fen: games[gi].FEN,
				Policy: &arbiterv1.Policy{NaturalMoveLimit: arbiter.MaxNaturalMoveLimit}}
			if _, err := send(st, &arbiterv1.PlayGameRequest{Input: &arbiterv1.PlayGameRequest_Start{Start: start}}); err != nil {
				b.Fatal(err)
			}
		}
		resp, err := move(st, games[gi].Moves[mi])
		if err != nil {
			b.Fatal(err)
		}
		mi++
		if resp.GetStatus() == arbiterv1.GameStatus_GAME_STATUS_GAME_OVER {
			mi = len(games[gi].Moves)
		}
	}
}

// BenchmarkOpenStreams measures the memory one open game stream holds, client and
// server side together (both live in this process), after a few moves.
func BenchmarkOpenStreams(b *testing.B) {
	const n = 1000
	e := start(b, envOptions{})
	moves := fields("h2e2 h9g7 h0g2 i9h9 i0h0 b9c7")
	for b.Loop() {
		ctx, cancel := context.WithCancel(context.Background())
		before := heap()
		streams := make([]gameStream, n)
		for i := range streams {
			st, err := e.client.PlayGame(ctx)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := send(st, &arbiterv1.PlayGameRequest{Input: &arbiterv1.PlayGameRequest_Start{
				Start: &arbiterv1.GameStart{Ruleset: "chinese"}}}); err != nil {
				b.Fatal(err)
			}
			for _, m := range moves {
				if _, err := move(st, m); err != nil {
					b.Fatal(err)
				}
			}
			streams[i] = st
		}
		after := heap()
		b.ReportMetric(float64(after-before)/n, "heapB/stream")
		runtime.KeepAlive(streams)
		cancel()
	}
}

func heap() uint64 {
	runtime.GC()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}
