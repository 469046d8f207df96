package server

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"golang.org/x/net/http2"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/test/bufconn"
)

// The frame scanner finds every frame header however the bytes are split.
func TestFrameScanner(t *testing.T) {
	var buf bytes.Buffer
	buf.WriteString(http2.ClientPreface)
	fr := http2.NewFramer(&buf, nil)
	fr.WriteSettings()                         //nolint:errcheck // into a buffer
	fr.WriteData(1, false, make([]byte, 100))  //nolint:errcheck
	fr.WriteData(3, true, make([]byte, 20000)) //nolint:errcheck
	fr.WriteRSTStream(5, http2.ErrCodeCancel)  //nolint:errcheck
	fr.WriteData(1, true, nil)                 //nolint:errcheck
	want := "4/0/0 0/1/100 0/3/20000 3/5/4 0/1/0 "
	for _, step := range []int{1, 7, 9, 1000, buf.Len()} {
		f := frameScanner{skip: len(http2.ClientPreface)}
		var got bytes.Buffer
		p := buf.Bytes()
		for len(p) > 0 {
			k := min(step, len(p))
			f.scan(p[:k], func(typ http2.FrameType, _ http2.Flags, id uint32, n int) {
				fmt.Fprintf(&got, "%d/%d/%d ", typ, id, n)
			})
			p = p[k:]
		}
		if got.String() != want {
			t.Errorf("step %d: %q, want %q", step, got.String(), want)
		}
	}
}

func testBudget(t *testing.T, limit int64) *connBudget {
	t.Helper()
	m, err := newMetrics(prometheus.NewRegistry())
	if err != nil {
		t.Fatal(err)
	}
	return newConnBudget(limit, m, nil)
}

// A reservation waits while the connection is at its budget and goes through when
// bytes are written or a stream ends; a stream the client reset before its call
// reserved is refused; closing gives everything back.
func TestConnBudget(t *testing.T) {
	b := testBudget(t, 100)
	ctx := context.Background()
	if err := b.reserve(ctx, 1, 80); err != nil {
		t.Fatal(err)
	}
	b.settle(1, 90)
	short, cancel := context.WithTimeout(ctx, 10*time.Millisecond)
	defer cancel()
	if err := b.reserve(short, 3, 20); err == nil {
		t.Fatal("reserved over the budget")
	}
	done := make(chan error)
	go func() { done <- b.reserve(ctx, 3, 20) }()
	b.wrote(1, 50) // 40 left on stream 1: 40+20 fits
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if b.held != 60 {
		t.Fatalf("held %d, want 60", b.held)
	}
	b.end(1, false)
	b.end(3, true)
	if b.held != 0 || len(b.streams) != 0 {
		t.Fatalf("held %d on %v after both streams ended", b.held, b.streams)
	}
	b.end(5, true) // reset before its call reserved
	if err := b.reserve(ctx, 5, 10); err == nil {
		t.Fatal("a reset stream reserved")
	}
	// A call alone on its connection always runs, whatever its size.
	if err := b.reserve(ctx, 7, 1000); err != nil {
		t.Fatal(err)
	}
	b.close()
	if b.held != 0 {
		t.Fatalf("held %d after close", b.held)
	}
	if err := b.reserve(ctx, 9, 1); err == nil {
		t.Fatal("reserved on a closed connection")
	}
	b.end(11, true) // frames after the close
	b.wrote(7, 10)
	b.settle(7, 10)
	for i := uint32(0); i < 2*maxResetMemory; i++ {
		b := testBudget(t, 1)
		b.end(2*i+1, true)
		if len(b.order) > maxResetMemory {
			t.Fatal("resets remembered without bound")
		}
	}
}

// The server-wide budget holds over connections: each connection within its own budget
// waits while the server's replies are at its limit, and goes on when another
// connection's bytes come back; a call alone on the server always runs.
func TestReplyPool(t *testing.T) {
	m, err := newMetrics(prometheus.NewRegistry())
	if err != nil {
		t.Fatal(err)
	}
	pool := newReplyPool(100, -1)
	a, b := newConnBudget(80, m, pool), newConnBudget(80, m, pool)
	ctx := context.Background()
	if err := a.reserve(ctx, 1, 70); err != nil {
		t.Fatal(err)
	}
	short, cancel := context.WithTimeout(ctx, 10*time.Millisecond)
	defer cancel()
	if err := b.reserve(short, 1, 40); err == nil {
		t.Fatal("a second connection reserved over the server's budget")
	}
	done := make(chan error)
	go func() { done <- b.reserve(ctx, 1, 40) }()
	a.wrote(1, 20) // 50 held on a: 50+40 fits in 100
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if pool.held != 90 {
		t.Fatalf("the server holds %d, want 90", pool.held)
	}
	a.close()
	b.end(1, false)
	if pool.held != 0 {
		t.Fatalf("the server holds %d after the close and the end, want 0", pool.held)
	}
	// Alone on the server, a call runs whatever its size.
	if err := a.reserve(ctx, 3, 1000); err == nil {
		t.Fatal("reserved on a closed connection")
	}
	c := newConnBudget(80, m, pool)
	if err := c.reserve(ctx, 1, 1000); err != nil {
		t.Fatal(err)
	}
}

// One client address holds at most its share of the server's budget: its connections
// wait while another address's go through.
func TestReplyPoolPerPeer(t *testing.T) {
	m, err := newMetrics(prometheus.NewRegistry())
	if err != nil {
		t.Fatal(err)
	}
	pool := newReplyPool(1000, 100)
	a1, a2, other := newConnBudget(80, m, pool), newConnBudget(80, m, pool), newConnBudget(80, m, pool)
	a1.peer, a2.peer, other.peer = "10.0.0.1", "10.0.0.1", "10.0.0.2"
	ctx := context.Background()
	if err := a1.reserve(ctx, 1, 70); err != nil {
		t.Fatal(err)
	}
	short, cancel := context.WithTimeout(ctx, 10*time.Millisecond)
	defer cancel()
	if err := a2.reserve(short, 1, 40); err == nil {
		t.Fatal("a second connection of the address reserved over its share")
	}
	if err := other.reserve(ctx, 1, 70); err != nil {
		t.Fatalf("another address waited: %v", err)
	}
	done := make(chan error)
	go func() { done <- a2.reserve(ctx, 1, 40) }()
	a1.wrote(1, 20) // 50 held by the address: 50+40 fits in 100
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	for _, b := range []*connBudget{a1, a2, other} {
		b.close()
	}
	if pool.held != 0 || len(pool.peers) != 0 {
		t.Fatalf("the server holds %d for %v after every close", pool.held, pool.peers)
	}
}

// A connection that holds replies and writes none of their bytes for the stall timeout
// is closed; one whose bytes go out is not.
func TestUnsentStall(t *testing.T) {
	m, err := newMetrics(prometheus.NewRegistry())
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	stalled := make(chan struct{}, 1)
	b := newConnBudget(100, m, nil)
	const stall = 400 * time.Millisecond
	b.watchStalls(stall, func() { stalled <- struct{}{} })
	if err := b.reserve(ctx, 1, 60); err != nil {
		t.Fatal(err)
	}
	// A reply still being computed (reserved, not settled) does not stall.
	time.Sleep(stall + 100*time.Millisecond)
	select {
	case <-stalled:
		t.Fatal("closed while its reply was being computed")
	default:
	}
	b.settle(1, 60)
	// Progress within the timeout keeps it open.
	for i := 0; i < 6; i++ {
		time.Sleep(stall / 8)
		b.wrote(1, 1)
	}
	select {
	case <-stalled:
		t.Fatal("closed while its bytes went out")
	default:
	}
	select {
	case <-stalled:
	case <-time.After(5 * time.Second):
		t.Fatal("a connection that writes nothing was not closed")
	}
	// A reply written whole stops the timer.
	done := newConnBudget(100, m, nil)
	done.watchStalls(50*time.Millisecond, func() { t.Error("a connection with nothing left to send was closed") })
	if err := done.reserve(ctx, 1, 10); err != nil {
		t.Fatal(err)
	}
	done.settle(1, 10)
	done.wrote(1, 10)
	time.Sleep(150 * time.Millisecond)
}

// Every unary call of a connection served with the default options finds its stream
// id and its connection's budget (a gRPC upgrade that renames the transport stream's id
// would leave calls outside the budget).
func TestStreamID(t *testing.T) {
	s, err := New(Config{}, nil, nil, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	var ids []uint32
	var budgets int
	gs := s.GRPCServer(grpc.ChainUnaryInterceptor(func(ctx context.Context, req any, info *grpc.UnaryServerInfo, h grpc.UnaryHandler) (any, error) {
		if id, ok := streamID(ctx); ok {
			ids = append(ids, id)
		}
		if connBudgetOf(ctx) != nil {
			budgets++
		}
		return h(ctx, req)
	}))
	lis := bufconn.Listen(1 << 20)
	go gs.Serve(lis) //nolint:errcheck // ends with Stop
	defer gs.Stop()
	cc, err := grpc.NewClient("passthrough:///bufnet", grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithContextDialer(func(ctx context.Context, _ string) (net.Conn, error) { return lis.DialContext(ctx) }))
	if err != nil {
		t.Fatal(err)
	}
	defer cc.Close()
	hc := grpc_health_v1.NewHealthClient(cc)
	for range 3 {
		if _, err := hc.Check(context.Background(), &grpc_health_v1.HealthCheckRequest{}); err != nil {
			t.Fatal(err)
		}
	}
	if len(ids) != 3 || ids[0] != 1 || ids[1] != 3 || ids[2] != 5 || budgets != 3 {
		t.Fatalf("stream ids %v, %d calls with a budget; want [1 3 5] and 3", ids, budgets)
	}
}
