package server_test

import (
	"context"
	"fmt"
	"net"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	"github.com/arbiter-xq/arbiter/internal/h2test"
	arbiterv1 "github.com/arbiter-xq/arbiter/proto/arbiter/v1"
	"github.com/arbiter-xq/arbiter/rules/banqi"
	"github.com/arbiter-xq/arbiter/server"
)

// Call metadata is bounded by Config.MaxHeaderListBytes (64 KiB), not the 16 MB HTTP/2
// header list gRPC accepts by default (issue 29, finding 7).
func TestMetadataSizeLimit(t *testing.T) {
	transports(t, envOptions{}, func(t *testing.T, e *env) {
		limit := server.DefaultConfig().MaxHeaderListBytes
		if limit != 64<<10 {
			t.Fatalf("MaxHeaderListBytes default %d, the README says 64 KiB", limit)
		}
		call := func(n int) error {
			ctx := metadata.AppendToOutgoingContext(ctxT(t), "x-pad", strings.Repeat("a", n))
			_, err := e.client.ListRulesets(ctx, &arbiterv1.ListRulesetsRequest{})
			return err
		}
		if err := call(1 << 10); err != nil {
			t.Fatalf("1 KiB of metadata: %v", err)
		}
		for _, n := range []int{limit, 1 << 20} {
			if err := call(n); err == nil {
				t.Errorf("%d bytes of metadata accepted, over the limit of %d", n, limit)
			}
		}
		if err := call(1 << 10); err != nil { // the connection is still good
			t.Fatalf("1 KiB of metadata after the refusals: %v", err)
		}
	})
}

// A client that opens streams and resets them at once (HTTP/2 rapid reset) has its
// connection closed once it has cancelled more than Config.MaxResetsPerConn RPCs in a
// burst (issue 29, finding 6). Before, 20,000 resets went through and the server
// answered the PING after them.
func TestRapidResetClosesConnection(t *testing.T) {
	e := &env{}
	e.srv = mustServer(t, server.Config{})
	e.gs = e.srv.GRPCServer()
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go e.gs.Serve(e.srv.Listener(lis))
	t.Cleanup(e.gs.Stop)

	conn, err := net.Dial("tcp", lis.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	const n = 20000
	res, err := h2test.RapidReset(conn, lis.Addr().String(), "/arbiter.v1.ArbiterService/ListRulesets", true, n)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%+v", res)
	if !res.Closed {
		t.Fatalf("the server took %d opened-and-reset streams and still answered a PING", res.Sent)
	}
	// How many were written before the close depends on the socket buffers, not only on
	// the budget: only the close is asserted.

	// Other connections are not affected.
	ok := start(t, envOptions{})
	if _, err := ok.client.ListRulesets(context.Background(), &arbiterv1.ListRulesetsRequest{}); err != nil {
		t.Fatal(err)
	}
}

func mustServer(t *testing.T, cfg server.Config) *server.Server {
	t.Helper()
	srv, err := server.New(cfg, registryOf(t, rulesets()...), nil, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	return srv
}

// Ruleset ids are looked up in full up to server.MaxRulesetIDBytes (256); only what an
// error repeats is clipped. The README's 69-byte
// banqi-cdc+no_progress_plies=60+repetition_counting=consecutive_cycles was "unknown
// ruleset" on the API, which clipped the id to 64 bytes before looking it up (issue 29,
// finding 8).
func TestLongRulesetIDs(t *testing.T) {
	reg := registryOf(t, rulesets()...)
	for _, g := range banqi.All() {
		if err := reg.Register(g); err != nil {
			t.Fatal(err)
		}
	}
	e := start(t, envOptions{reg: reg})
	ctx := ctxT(t)
	long := "banqi-cdc+no_progress_plies=60+repetition_counting=consecutive_cycles"
	moves := strings.Fields("a2-b2 a1-a2 b2-b1 a2-b2")
	if _, err := e.client.Adjudicate(ctx, &arbiterv1.AdjudicateRequest{Ruleset: long, Fen: "4/4/4/4/4/4/r3/G3 b - 0", Moves: moves}); err != nil {
		t.Errorf("Adjudicate %s: %v", long, err)
	}
	if _, err := e.client.Compare(ctx, &arbiterv1.CompareRequest{Rulesets: []string{"banqi-cdc", long}, Fen: "4/4/4/4/4/4/r3/G3 b - 0", Moves: moves}); err != nil {
		t.Errorf("Compare %s: %v", long, err)
	}
	// Up to the limit, an id is parsed in full: the error is about its options, not its length.
	padded := "chinese+" + strings.Repeat("x", server.MaxRulesetIDBytes-len("chinese+")-2) + "=1"
	_, err := e.client.Adjudicate(ctx, &arbiterv1.AdjudicateRequest{Ruleset: padded})
	if st := status.Convert(err); st.Code() != codes.InvalidArgument || strings.Contains(st.Message(), "longer than the limit") {
		t.Errorf("a %d-byte id: %v", len(padded), err)
	} else if len(st.Message()) > 1024 {
		t.Errorf("a %d-byte id: the error repeats %d bytes", len(padded), len(st.Message()))
	}
	over := padded + "x"
	_, err = e.client.Adjudicate(ctx, &arbiterv1.AdjudicateRequest{Ruleset: over})
	st := wantFieldError(t, err, codes.InvalidArgument, "ruleset", "UNKNOWN_RULESET")
	if !strings.Contains(st.Message(), "257 bytes is longer than the limit of 256") || strings.Contains(st.Message(), over) {
		t.Errorf("a %d-byte id: %s", len(over), st.Message())
	}
}

// A control character or a bidirectional override inside a move is refused, with the
// ply and the character named ("h2\x00e2" was played as h2e2), and no error description
// repeats one raw (issue 29, finding 11).
func TestControlCharactersInMoves(t *testing.T) {
	reg := registryOf(t, rulesets()...)
	for _, g := range banqi.All() {
		if err := reg.Register(g); err != nil {
			t.Fatal(err)
		}
	}
	e := start(t, envOptions{reg: reg})
	ctx := ctxT(t)
	raw := func(s string) bool { return strings.ContainsAny(s, "\x00\x1b\u202e\u2066\x7f\u0085") }
	for _, tc := range []struct{ text, char string }{
		{"h2\x00e2", "U+0000"}, {"h2\x1b[31me2", "U+001B"}, {"h2\u202ee2", "U+202E"}, {"\u2066h2e2", "U+2066"},
		{"h2e2\x7f", "U+007F"}, {"炮二\u0085平五", "U+0085"},
	} {
		_, err := e.client.Adjudicate(ctx, &arbiterv1.AdjudicateRequest{Ruleset: "chinese", Moves: []string{"h2e2", tc.text}})
		st := wantFieldError(t, err, codes.InvalidArgument, "moves[1]", "INVALID_MOVE")
		if msg := st.Message(); !strings.Contains(msg, "ply 2") || !strings.Contains(msg, tc.char) || raw(msg) {
			t.Errorf("%q: %q", tc.text, msg)
		}
		for _, d := range st.Details() {
			if raw(fmt.Sprint(d)) {
				t.Errorf("%q: a detail repeats the character raw: %v", tc.text, d)
			}
		}

		gs, _ := openGame(t, ctx, e.client, &arbiterv1.GameStart{Ruleset: "chinese"})
		resp, err := move(gs, tc.text)
		if err != nil {
			t.Fatal(err)
		}
		rej := resp.GetRejected()
		if rej.GetReason() != "INVALID_MOVE" || rej.GetPly() != 1 || !strings.Contains(rej.GetDescription(), tc.char) ||
			raw(rej.GetDescription()) || raw(resp.GetExplanation()) {
			t.Errorf("stream %q: %v", tc.text, resp)
		}
		gs.CloseSend()
	}
	// Another game's parser: the description is escaped even where its text is its own.
	_, err := e.client.Adjudicate(ctx, &arbiterv1.AdjudicateRequest{Ruleset: "banqi-tw", Fen: "4/4/4/4/4/4/r3/G3 b - 0",
		Moves: []string{"a2\x1b\u202e-b2"}})
	if st := status.Convert(err); st.Code() == codes.OK || raw(st.Message()) {
		t.Errorf("banqi: %q", st.Message())
	}
}

// One peer (remote IP, over all its connections) may hold at most
// Config.MaxStreamsPerPeer game streams; other peers are not affected, and a closed
// stream gives its slot back (issue 29, finding 5: one client filled all 10,000 slots).
func TestStreamsPerPeer(t *testing.T) {
	if d := server.DefaultConfig().MaxStreamsPerPeer; d != 1000 {
		t.Fatalf("MaxStreamsPerPeer default %d, the README says 1000", d)
	}
	const limit = 3
	e := start(t, envOptions{cfg: server.Config{MaxStreamsPerPeer: limit}, tcp: true})
	ctx, cancel := context.WithCancel(ctxT(t))
	defer cancel()
	// Over two connections from the same address: the limit is per peer, not per connection.
	other, err := grpc.NewClient(e.addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	clients := []arbiterv1.ArbiterServiceClient{e.client, arbiterv1.NewArbiterServiceClient(other)}
	var open []gameStream
	for i := 0; i < limit; i++ {
		gs, first := openGame(t, ctx, clients[i%2], &arbiterv1.GameStart{Ruleset: "chinese"})
		if first.GetStatus() != arbiterv1.GameStatus_GAME_STATUS_ONGOING {
			t.Fatalf("stream %d: %v", i, first)
		}
		open = append(open, gs)
	}
	refused := func(c arbiterv1.ArbiterServiceClient) error {
		st, err := c.PlayGame(ctx)
		if err != nil {
			return err
		}
		_, err = send(st, &arbiterv1.PlayGameRequest{Input: &arbiterv1.PlayGameRequest_Start{Start: &arbiterv1.GameStart{Ruleset: "chinese"}}})
		return err
	}
	for _, c := range clients {
		if err := refused(c); status.Code(err) != codes.ResourceExhausted || !strings.Contains(status.Convert(err).Message(), "per client address") {
			t.Errorf("stream %d of one peer: %v, want ResourceExhausted", limit+1, err)
		}
	}
	// A unary call is not limited.
	if _, err := e.client.ListRulesets(ctx, &arbiterv1.ListRulesetsRequest{}); err != nil {
		t.Fatal(err)
	}
	// Closing a stream gives its slot back.
	open[0].CloseSend()
	if _, err := open[0].Recv(); err == nil {
		t.Fatal("the closed stream answered")
	}
	eventually(t, "a slot to come back", func() bool { return metricValue(t, e.metrics, "arbiter_active_streams", nil) < limit })
	gs, first := openGame(t, ctx, e.client, &arbiterv1.GameStart{Ruleset: "chinese"})
	if first.GetStatus() != arbiterv1.GameStatus_GAME_STATUS_ONGOING {
		t.Fatalf("after a close: %v", first)
	}
	gs.CloseSend()

	// Negative: no per-peer limit.
	free := start(t, envOptions{cfg: server.Config{MaxStreamsPerPeer: -1}})
	for i := 0; i < limit+2; i++ {
		if _, first := openGame(t, ctx, free.client, &arbiterv1.GameStart{Ruleset: "chinese"}); first.GetStatus() != arbiterv1.GameStatus_GAME_STATUS_ONGOING {
			t.Fatalf("no limit, stream %d: %v", i, first)
		}
	}
}

// A client closed for resetting too fast that reconnects at once goes on spending its
// address's budget (Config.MaxResetsPerPeer): once it is spent, the address's new
// connections are closed as they are accepted, until the budget refills (the re-probe of
// issue 29 reconnected 82-220 times in 10 s, each connection with a fresh budget).
func TestRapidResetReconnectRefused(t *testing.T) {
	if d := server.DefaultConfig(); d.MaxResetsPerPeer != 2000 {
		t.Fatalf("MaxResetsPerPeer default %d, the README says 2000", d.MaxResetsPerPeer)
	}
	e := &env{}
	e.srv = mustServer(t, server.Config{MaxResetsPerConn: 1000, MaxResetsPerPeer: 10})
	e.gs = e.srv.GRPCServer()
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go e.gs.Serve(e.srv.Listener(lis))
	t.Cleanup(e.gs.Stop)
	addr := lis.Addr().String()

	// Each connection resets fewer streams than its own budget; together they spend
	// the address's.
	closed := 0
	for i := 0; i < 4; i++ {
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		res, err := h2test.RapidReset(conn, addr, "/arbiter.v1.ArbiterService/ListRulesets", true, 200)
		if err != nil && !res.Closed {
			t.Logf("connection %d: %v", i+1, err)
		}
		if res.Closed {
			closed++
		}
	}
	if closed == 0 {
		t.Fatal("four connections of one address reset 800 streams against its budget of 10 and none was closed")
	}
	// While the budget is spent, a new connection from the address is refused...
	call := func() error {
		c, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		_, err = arbiterv1.NewArbiterServiceClient(c).ListRulesets(ctx, &arbiterv1.ListRulesetsRequest{})
		return err
	}
	refused := call()
	t.Logf("a call right after: %v", refused)
	if status.Code(refused) != codes.Unavailable {
		t.Errorf("a call from the address right after: %v, want Unavailable (the connection refused)", refused)
	}
	// ...and once a token has come back (1 a second) the address is served again.
	time.Sleep(2500 * time.Millisecond)
	if err := call(); err != nil {
		t.Errorf("after the refill: %v", err)
	}
}
