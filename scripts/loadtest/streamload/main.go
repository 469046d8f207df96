// Command streamload drives arbiter.v1.ArbiterService.PlayGame the way a game site
// does: each worker keeps one stream per game open and sends the game's moves one at
// a time, waiting for each reply. It reports the per-move round-trip latency (p50, p90,
// p99, max), the move throughput and the errors.
//
//	go run ./scripts/loadtest/streamload -addr 127.0.0.1:50051 -streams 32 -duration 20s
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/arbiter-xq/arbiter/internal/corpus"
	arbiterv1 "github.com/arbiter-xq/arbiter/proto/arbiter/v1"
	"github.com/arbiter-xq/arbiter/xiangqi"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:50051", "server address")
	streams := flag.Int("streams", 32, "concurrent game streams")
	duration := flag.Duration("duration", 20*time.Second, "how long to run")
	ngames := flag.Int("games", 1000, "corpus games to play (round-robin)")
	ruleset := flag.String("ruleset", "chinese", "ruleset id")
	flag.Parse()
	path := corpus.Path(corpus.CCPDPath)
	if path == "" {
		fmt.Fprintln(os.Stderr, "streamload: shared corpus not found (set ARBITER_SHARED)")
		os.Exit(1)
	}
	all, err := corpus.ReadCCPD(path, *ngames)
	if err != nil {
		fmt.Fprintln(os.Stderr, "streamload:", err)
		os.Exit(1)
	}
	// Leave out start positions the service rejects (a piece on an unreachable point).
	var games []corpus.Game
	for _, g := range all {
		if _, err := xiangqi.ParseFEN(g.FEN); err == nil {
			games = append(games, g)
		}
	}
	conn, err := grpc.NewClient(*addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		fmt.Fprintln(os.Stderr, "streamload:", err)
		os.Exit(1)
	}
	defer conn.Close()
	client := arbiterv1.NewArbiterServiceClient(conn)

	// Stop by cancelling rather than by a deadline, and count only errors before the stop:
	// the games in flight at the end are cut off on purpose.
	ctx, cancel := context.WithCancel(context.Background())
	var stopped atomic.Bool
	time.AfterFunc(*duration, func() { stopped.Store(true); cancel() })
	var mu sync.Mutex
	var lats []time.Duration
	errs, gamesDone := 0, 0
	var wg sync.WaitGroup
	t0 := time.Now()
	for w := 0; w < *streams; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			lat := make([]time.Duration, 0, 1<<16)
			nerr, ndone := 0, 0
			for gi := w; ctx.Err() == nil; gi += *streams {
				g := games[gi%len(games)]
				n, err := play(ctx, client, *ruleset, g, &lat)
				if err != nil && !stopped.Load() {
					nerr++
					fmt.Fprintf(os.Stderr, "streamload: game %s: %v (after %d moves)\n", g.ID, err, n)
				} else if err == nil && !stopped.Load() {
					ndone++
				}
			}
			mu.Lock()
			lats = append(lats, lat...)
			errs += nerr
			gamesDone += ndone
			mu.Unlock()
		}(w)
	}
	wg.Wait()
	elapsed := time.Since(t0)
	slices.Sort(lats)
	pct := func(p float64) time.Duration {
		if len(lats) == 0 {
			return 0
		}
		return lats[min(len(lats)-1, int(p*float64(len(lats))))]
	}
	fmt.Printf("PlayGame stream load: %d streams, ruleset %s, %v\n", *streams, *ruleset, elapsed.Round(time.Millisecond))
	fmt.Printf("  moves:        %d (%.0f moves/s), games completed: %d, errors: %d\n",
		len(lats), float64(len(lats))/elapsed.Seconds(), gamesDone, errs)
	fmt.Printf("  per-move latency: p50 %v  p90 %v  p99 %v  max %v\n", pct(0.50), pct(0.90), pct(0.99), pct(1))
	if errs > 0 {
		os.Exit(1)
	}
}

// play streams one game and appends each move's round-trip time to lat.
func play(ctx context.Context, client arbiterv1.ArbiterServiceClient, ruleset string, g corpus.Game, lat *[]time.Duration) (int, error) {
	sctx, cancel := context.WithCancel(ctx)
	defer cancel()
	st, err := client.PlayGame(sctx)
	if err != nil {
		return 0, err
	}
	if err := st.Send(&arbiterv1.PlayGameRequest{Input: &arbiterv1.PlayGameRequest_Start{Start: &arbiterv1.GameStart{
		Ruleset: ruleset, Fen: g.FEN}}}); err != nil {
		return 0, err
	}
	if _, err := st.Recv(); err != nil {
		return 0, err
	}
	for i, m := range g.Moves {
		t := time.Now()
		if err := st.Send(&arbiterv1.PlayGameRequest{Input: &arbiterv1.PlayGameRequest_Move{Move: m}}); err != nil {
			return i, err
		}
		resp, err := st.Recv()
		if err != nil {
			return i, err
		}
		*lat = append(*lat, time.Since(t))
		if resp.GetStatus() == arbiterv1.GameStatus_GAME_STATUS_GAME_OVER {
			break // a ruling ended the game; later moves would be refused
		}
	}
	if err := st.CloseSend(); err != nil {
		return len(g.Moves), err
	}
	st.Recv()
	return len(g.Moves), nil
}
