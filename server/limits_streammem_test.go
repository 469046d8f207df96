package server_test

import (
	"context"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/arbiter-xq/arbiter/chushogi/chutest"
	"github.com/arbiter-xq/arbiter/internal/memtest"
	arbiterv1 "github.com/arbiter-xq/arbiter/proto/arbiter/v1"
	"github.com/arbiter-xq/arbiter/server"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// The game streams of one client address hold at most Config.MaxStreamBytesPerPeer
// (their games' footprints), and all streams at most Config.MaxStreamBytes: a start
// that finds a budget spent is refused, a move is rejected with the game unchanged, and
// closing a stream gives its bytes back (issue 29, findings 2 and 5: 100 chu streams of
// a 4,000-ply walk took RSS from 22 MB to 1.47 GB, and one client could open 10,000
// streams). The heap the open streams hold is measured against the budget.
func TestStreamMemoryBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("opens long chu shogi streams")
	}
	d := server.DefaultConfig()
	if d.MaxStreamBytes != 256<<20 || d.MaxStreamBytesPerPeer != 64<<20 {
		t.Fatalf("defaults %d / %d differ from the README", d.MaxStreamBytes, d.MaxStreamBytesPerPeer)
	}
	const perPeer = 8 << 20
	e := start(t, envOptions{reg: chuRegistry(t), cfg: server.Config{MaxStreamBytesPerPeer: perPeer, MaxStreamBytes: 1 << 30}, tcp: true})
	ctx, cancel := context.WithCancel(ctxT(t))
	defer cancel()
	walk, err := chutest.ReversibleWalk(4000)
	if err != nil {
		t.Fatal(err)
	}
	begin := &arbiterv1.GameStart{Ruleset: "chu-jcsa2004", Fen: chutest.WalkStart, Moves: walk}
	before := liveHeap()
	var open []gameStream
	for i := 0; ; i++ {
		st, err := e.client.PlayGame(ctx)
		if err != nil {
			t.Fatal(err)
		}
		_, err = send(st, &arbiterv1.PlayGameRequest{Input: &arbiterv1.PlayGameRequest_Start{Start: begin}})
		if err != nil {
			s := status.Convert(err)
			if s.Code() != codes.ResourceExhausted || !strings.Contains(s.Message(), "per client address") {
				t.Fatalf("stream %d: %v, want ResourceExhausted naming the per-client budget", i+1, err)
			}
			t.Logf("stream %d refused: %s", i+1, s.Message())
			break
		}
		open = append(open, st)
		if i > 20 {
			t.Fatalf("%d streams of 4,000 plies opened within a budget of %d bytes", i+1, perPeer)
		}
	}
	held := int64(liveHeap()) - int64(before)
	t.Logf("%d streams open, holding %d bytes of heap (budget %d); arbiter_stream_bytes %.0f", len(open), held, perPeer,
		metricValue(t, e.metrics, "arbiter_stream_bytes", nil))
	// The footprints bound the games; each stream also has its gRPC buffers.
	if bound := int64(perPeer) + int64(len(open)+1)*(256<<10); held > bound {
		t.Errorf("the open streams hold %d bytes, over the budget %d and their buffers (%d)", held, perPeer, bound)
	}
	if len(open) < 2 {
		t.Fatalf("only %d streams opened", len(open))
	}
	// A new game plays until its moves find the budget spent: then a move is rejected
	// and the game is unchanged.
	short, _ := openGame(t, ctx, e.client, &arbiterv1.GameStart{Ruleset: "chu-jcsa2004", Fen: chutest.WalkStart})
	played := 0
	for ; played < len(walk); played++ {
		resp, err := move(short, walk[played])
		if err != nil {
			t.Fatal(err)
		}
		if r := resp.GetRejected(); r != nil {
			if r.GetReason() != "STREAM_MEMORY_SPENT" || r.GetPly() != int32(played+1) {
				t.Fatalf("ply %d: %v, want a STREAM_MEMORY_SPENT rejection", played+1, r)
			}
			t.Logf("ply %d of a new game rejected: %s", played+1, r.GetDescription())
			break
		}
	}
	if played == len(walk) {
		t.Fatalf("%d plies played past the budget", played)
	}
	// Closing the long streams gives their bytes back; the new game plays on from where
	// it was.
	for _, st := range open {
		st.CloseSend()
		st.Recv()
	}
	eventually(t, "the budget to come back", func() bool { return metricValue(t, e.metrics, "arbiter_stream_bytes", nil) < perPeer/2 })
	resp, err := move(short, walk[played])
	if err != nil || resp.GetRejected() != nil || resp.GetPly().GetPly() != int32(played+1) {
		t.Errorf("after the close, ply %d: %v %v", played+1, resp, err)
	}
	short.CloseSend()
	short.Recv()
	eventually(t, "every byte to come back", func() bool { return metricValue(t, e.metrics, "arbiter_stream_bytes", nil) == 0 })
}

// The server-wide budget refuses the same way, naming its own flag; a negative
// per-peer budget is no per-peer limit.
func TestStreamMemoryBudgetServerWide(t *testing.T) {
	e := start(t, envOptions{reg: chuRegistry(t), cfg: server.Config{MaxStreamBytes: 4 << 20, MaxStreamBytesPerPeer: -1}})
	ctx, cancel := context.WithCancel(ctxT(t))
	defer cancel()
	walk, err := chutest.ReversibleWalk(4000)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 4; i++ {
		st, err := e.client.PlayGame(ctx)
		if err != nil {
			t.Fatal(err)
		}
		_, err = send(st, &arbiterv1.PlayGameRequest{Input: &arbiterv1.PlayGameRequest_Start{Start: &arbiterv1.GameStart{Ruleset: "chu-jcsa2004", Fen: chutest.WalkStart, Moves: walk}}})
		if err != nil {
			if s := status.Convert(err); s.Code() != codes.ResourceExhausted || !strings.Contains(s.Message(), "(--max-stream-bytes)") {
				t.Fatalf("stream %d: %v", i+1, err)
			}
			if i != 2 {
				t.Errorf("stream %d refused, want the third (2 MB each, 4 MiB in all)", i+1)
			}
			return
		}
	}
	t.Fatal("four streams of 2 MB within a budget of 4 MiB")
}

// Starts played at once by one peer are charged as their moves are played: together
// they cannot build more than the peer's budget before being refused (the review of
// issue 29 found 60 concurrent chu starts held 86 MB against a budget of 8 MiB, as
// each was charged only once it had replayed all its moves).
func TestConcurrentStartsWithinBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("replays long chu shogi starts")
	}
	const perPeer = 8 << 20
	e := start(t, envOptions{reg: chuRegistry(t), cfg: server.Config{MaxStreamBytesPerPeer: perPeer, MaxStreamBytes: 1 << 30}, tcp: true})
	ctx, cancel := context.WithCancel(ctxT(t))
	defer cancel()
	walk, err := chutest.ReversibleWalk(4000)
	if err != nil {
		t.Fatal(err)
	}
	begin := &arbiterv1.GameStart{Ruleset: "chu-jcsa2004", Fen: chutest.WalkStart, Moves: walk}
	const n = 40
	var opened, refused atomic.Int32
	grew := memtest.PeakHeapGrowth(func() {
		var wg sync.WaitGroup
		for range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				st, err := e.client.PlayGame(ctx)
				if err != nil {
					t.Error(err)
					return
				}
				_, err = send(st, &arbiterv1.PlayGameRequest{Input: &arbiterv1.PlayGameRequest_Start{Start: begin}})
				switch status.Code(err) {
				case codes.OK:
					opened.Add(1)
				case codes.ResourceExhausted:
					refused.Add(1)
				default:
					t.Error(err)
				}
			}()
		}
		wg.Wait()
	})
	t.Logf("%d concurrent starts of 4,000 plies: %d opened, %d refused; peak heap growth %.1f MiB (budget %d MiB)",
		n, opened.Load(), refused.Load(), float64(grew)/(1<<20), perPeer>>20)
	if refused.Load() == 0 {
		t.Fatal("no start refused")
	}
	// The budget, each call's request and buffers, and the collector's slack.
	if bound := uint64(perPeer + n*(512<<10) + 16<<20); grew > bound {
		t.Errorf("the heap grew by %.1f MiB, over %.1f MiB", float64(grew)/(1<<20), float64(bound)/(1<<20))
	}
}
