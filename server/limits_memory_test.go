package server_test

import (
	"net"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	"github.com/arbiter-xq/arbiter/internal/h2test"
	arbiterv1 "github.com/arbiter-xq/arbiter/proto/arbiter/v1"
	"github.com/arbiter-xq/arbiter/server"
)

// A client that grants no stream window and never reads cannot make the server hold
// more than Config.MaxUnsentBytesPerConn of computed replies (issue 29, finding 1: 100
// Adjudicate requests of 150 plies with every picture made the server hold ~640 MB
// until the client left). The requests beyond the budget wait, and fail at the request
// timeout; the memory comes back when the connection closes.
func TestUnreadRepliesBounded(t *testing.T) {
	d := server.DefaultConfig()
	if d.MaxUnsentBytesPerConn != 16*mib {
		t.Fatalf("MaxUnsentBytesPerConn default %d, the README says 16 MiB", d.MaxUnsentBytesPerConn)
	}
	const budget = 4 * mib // a few replies, so that the test is quick under the race detector
	e := start(t, envOptions{tcp: true, cfg: server.Config{RequestTimeout: 5 * time.Minute, MaxUnsentBytesPerConn: budget}})
	const n = 24
	moves := fields(strings.Repeat("h2e2 h9g7 e2h2 g7h9 ", 37) + "h2e2 h9g7") // 150 plies: the longest with ply pictures
	body, err := proto.Marshal(&arbiterv1.AdjudicateRequest{Ruleset: "chinese", Moves: moves, Svg: true, PlySvgs: true})
	if err != nil {
		t.Fatal(err)
	}
	// One reply, read normally, for its size.
	one, err := e.client.Adjudicate(ctxT(t), &arbiterv1.AdjudicateRequest{Ruleset: "chinese", Moves: moves, Svg: true, PlySvgs: true})
	if err != nil {
		t.Fatal(err)
	}
	size := proto.Size(one)
	base := liveHeap()

	conn, err := net.Dial("tcp", e.addr)
	if err != nil {
		t.Fatal(err)
	}
	res, err := h2test.Unread(conn, e.addr, "/arbiter.v1.ArbiterService/Adjudicate", body, n)
	if err != nil {
		t.Fatal(err)
	}
	labels := map[string]string{"grpc_method": "Adjudicate"}
	// Every request has either been answered (its reply queued) or waits for the budget.
	waitFor(t, "every request to be answered or waiting", func() bool {
		done := metricSum(t, e.metrics, "grpc_server_handled_total", labels) - 1
		return done+metricValue(t, e.metrics, "arbiter_reply_budget_waiting", nil) >= n
	})
	held := liveHeap()
	grew := int64(held) - int64(base)
	t.Logf("reply %d bytes; live heap %d -> %d MiB (+%.1f MiB) with %d requests unread",
		size, base/mib, held/mib, float64(grew)/mib, n)
	// The budget, one reply that may overshoot it, and the requests themselves (held by
	// the waiting calls) with slack for the transport's buffers.
	bound := int64(budget) + int64(size) + n*int64(len(body)) + 8*mib
	if grew > bound {
		t.Errorf("the server holds %.1f MiB more for one connection that does not read, over the bound of %.1f MiB",
			float64(grew)/mib, float64(bound)/mib)
	}
	conn.Close()
	r := <-res
	if r.DataBytes != 0 {
		t.Errorf("the server sent %d bytes of DATA against a window of 0", r.DataBytes)
	}
	eventually(t, "the held bytes to come back", func() bool {
		return metricValue(t, e.metrics, "arbiter_reply_bytes_held", nil) == 0 &&
			metricValue(t, e.metrics, "arbiter_reply_budget_waiting", nil) == 0
	})
}

// Per-ply pictures that cannot fit in a reply are refused before they are drawn.
func TestPlyPicturesRefusedBeforeDrawing(t *testing.T) {
	e := start(t, envOptions{cfg: server.Config{MaxResponseBytes: 1 * mib}})
	moves := fields(strings.Repeat("h2e2 h9g7 e2h2 g7h9 ", 37) + "h2e2 h9g7")
	_, err := e.client.Adjudicate(ctxT(t), &arbiterv1.AdjudicateRequest{Ruleset: "chinese", Moves: moves, PlySvgs: true})
	if st := status.Convert(err); st.Code() != codes.ResourceExhausted || !strings.Contains(st.Message(), "at least") {
		t.Fatalf("151 pictures against a limit of 1 MiB: %v", err)
	}
	// Without the pictures the reply fits.
	if _, err := e.client.Adjudicate(ctxT(t), &arbiterv1.AdjudicateRequest{Ruleset: "chinese", Moves: moves}); err != nil {
		t.Fatal(err)
	}
}

// waitFor polls cond until it holds, for as long as the work takes (the race detector
// slows it tenfold).
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// Many connections that do not read cannot together make the server hold more than
// Config.MaxUnsentBytes (the probe of issue 29 found 20 connections held 290 MB within
// their 16 MiB each).
func TestUnreadRepliesBoundedOverConnections(t *testing.T) {
	if d := server.DefaultConfig(); d.MaxUnsentBytes != 256*mib {
		t.Fatalf("MaxUnsentBytes default %d, the README says 256 MiB", d.MaxUnsentBytes)
	}
	const budget = 4 * mib
	e := start(t, envOptions{tcp: true, cfg: server.Config{RequestTimeout: 5 * time.Minute, MaxUnsentBytes: budget}})
	const conns, n = 4, 8
	moves := fields(strings.Repeat("h2e2 h9g7 e2h2 g7h9 ", 37) + "h2e2 h9g7")
	body, err := proto.Marshal(&arbiterv1.AdjudicateRequest{Ruleset: "chinese", Moves: moves, Svg: true, PlySvgs: true})
	if err != nil {
		t.Fatal(err)
	}
	one, err := e.client.Adjudicate(ctxT(t), &arbiterv1.AdjudicateRequest{Ruleset: "chinese", Moves: moves, Svg: true, PlySvgs: true})
	if err != nil {
		t.Fatal(err)
	}
	size := proto.Size(one)
	base := liveHeap()
	var open []net.Conn
	var results []<-chan h2test.UnreadResult
	for range conns {
		conn, err := net.Dial("tcp", e.addr)
		if err != nil {
			t.Fatal(err)
		}
		res, err := h2test.Unread(conn, e.addr, "/arbiter.v1.ArbiterService/Adjudicate", body, n)
		if err != nil {
			t.Fatal(err)
		}
		open, results = append(open, conn), append(results, res)
	}
	labels := map[string]string{"grpc_method": "Adjudicate"}
	waitFor(t, "every request to be answered or waiting", func() bool {
		done := metricSum(t, e.metrics, "grpc_server_handled_total", labels) - 1
		return done+metricValue(t, e.metrics, "arbiter_reply_budget_waiting", nil) >= conns*n
	})
	held := liveHeap()
	grew := int64(held) - int64(base)
	replies := metricValue(t, e.metrics, "arbiter_reply_bytes_held", nil)
	t.Logf("%d connections x %d unread requests: %.1f MiB of replies held, live heap +%.1f MiB", conns, n, replies/mib, float64(grew)/mib)
	if replies > budget+float64(size) {
		t.Errorf("%.0f bytes of replies held over all connections, over the server's budget %d (and one reply)", replies, budget)
	}
	bound := int64(budget) + int64(size) + conns*n*int64(len(body)) + 8*mib
	if grew > bound {
		t.Errorf("the server holds %.1f MiB more, over the bound of %.1f MiB", float64(grew)/mib, float64(bound)/mib)
	}
	for i, c := range open {
		c.Close()
		<-results[i]
	}
	eventually(t, "the held bytes to come back", func() bool {
		return metricValue(t, e.metrics, "arbiter_reply_bytes_held", nil) == 0 &&
			metricValue(t, e.metrics, "arbiter_reply_budget_waiting", nil) == 0
	})
}

// A connection that holds replies and reads none of them is closed after
// Config.UnsentStallTimeout, which gives its replies back: a client that never reads no
// longer holds its share of the budgets for as long as it likes.
func TestUnreadConnectionClosedAfterStall(t *testing.T) {
	if d := server.DefaultConfig(); d.UnsentStallTimeout != 30*time.Second || d.MaxUnsentBytesPerPeer != 64*mib {
		t.Fatalf("defaults %v / %d differ from the README", d.UnsentStallTimeout, d.MaxUnsentBytesPerPeer)
	}
	e := start(t, envOptions{tcp: true, cfg: server.Config{UnsentStallTimeout: 300 * time.Millisecond}})
	moves := fields(strings.Repeat("h2e2 h9g7 e2h2 g7h9 ", 37) + "h2e2 h9g7")
	body, err := proto.Marshal(&arbiterv1.AdjudicateRequest{Ruleset: "chinese", Moves: moves, Svg: true, PlySvgs: true})
	if err != nil {
		t.Fatal(err)
	}
	conn, err := net.Dial("tcp", e.addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	res, err := h2test.Unread(conn, e.addr, "/arbiter.v1.ArbiterService/Adjudicate", body, 4)
	if err != nil {
		t.Fatal(err)
	}
	waitFor(t, "replies to be held", func() bool { return metricValue(t, e.metrics, "arbiter_reply_bytes_held", nil) > 0 })
	eventually(t, "the stalled connection to be closed and its replies given back", func() bool {
		return metricValue(t, e.metrics, "arbiter_reply_bytes_held", nil) == 0
	})
	select {
	case r := <-res:
		t.Logf("the client saw: %+v", r)
	case <-time.After(10 * time.Second):
		t.Fatal("the client's connection is still open")
	}
}
