package server_test

import (
	"bytes"
	"context"
	"log/slog"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/arbiter-xq/arbiter/arbiter"
	arbiterv1 "github.com/arbiter-xq/arbiter/proto/arbiter/v1"
	"github.com/arbiter-xq/arbiter/rules/xqrules"
	"github.com/arbiter-xq/arbiter/server"
	"github.com/arbiter-xq/arbiter/xiangqi"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"github.com/prometheus/client_golang/prometheus/testutil/promlint"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
)

// panicky is a ruleset with a bug: it panics on every repetition.
type panicky struct{}

func (panicky) Info() arbiter.RulesetInfo {
	return arbiter.RulesetInfo{ID: "panicky", Name: "a buggy ruleset"}
}
func (panicky) JudgeCycle(context.Context, *xiangqi.Game, int, int) (xqrules.Judgement, error) {
	panic("bug in a ruleset")
}

func TestPanicRecovery(t *testing.T) {
	var logs syncBuffer
	reg := registryOf(t, append(rulesets(), panicky{})...)
	metrics := prometheus.NewRegistry()
	srv, err := server.New(server.Config{}, reg, nil, slog.New(slog.NewJSONHandler(&logs, nil)), metrics)
	if err != nil {
		t.Fatal(err)
	}
	e := serve(t, srv)
	ctx := ctxT(t)
	_, err = e.Adjudicate(ctx, &arbiterv1.AdjudicateRequest{Ruleset: "panicky", Fen: checkFEN, Moves: fields(checkMoves)})
	if statusCode(err) != codes.Internal || strings.Contains(err.Error(), "bug in a ruleset") {
		t.Errorf("Adjudicate: %v, want a bare Internal", err)
	}
	st, _ := openGame(t, ctx, e, &arbiterv1.GameStart{Ruleset: "panicky", Fen: checkFEN})
	for i, m := range fields(checkMoves) {
		_, err = move(st, m)
		if i < 3 && err != nil {
			t.Fatal(err)
		}
	}
	if statusCode(err) != codes.Internal {
		t.Errorf("PlayGame: %v, want Internal", err)
	}
	// The process lives and serves.
	if _, err := e.Adjudicate(ctx, &arbiterv1.AdjudicateRequest{Ruleset: "asian", Fen: checkFEN, Moves: fields(checkMoves)}); err != nil {
		t.Errorf("after the panics: %v", err)
	}
	if got := metricValue(t, metrics, "arbiter_panics_total", nil); got != 2 {
		t.Errorf("arbiter_panics_total = %v, want 2", got)
	}
	if got := metricValue(t, metrics, "grpc_server_handled_total", map[string]string{"grpc_method": "Adjudicate", "grpc_code": "Internal"}); got != 1 {
		t.Errorf("Internal Adjudicate count = %v", got)
	}
	eventually(t, "active streams back to 0", func() bool { return metricValue(t, metrics, "arbiter_active_streams", nil) == 0 })
	out := logs.String()
	for _, want := range []string{`"msg":"panic in handler"`, `"panic":"bug in a ruleset"`, `"stack":"goroutine`, `"grpc.code":"Internal"`} {
		if !strings.Contains(out, want) {
			t.Errorf("logs lack %s:\n%s", want, out)
		}
	}
}

// serve runs srv on bufconn and returns a client.
func serve(t *testing.T, srv *server.Server) arbiterv1.ArbiterServiceClient {
	t.Helper()
	e := &env{srv: srv}
	e.gs = srv.GRPCServer()
	return startOn(t, e, false).client
}

func TestMetricsExposition(t *testing.T) {
	e := start(t, envOptions{})
	ctx := ctxT(t)
	if _, err := e.client.Adjudicate(ctx, &arbiterv1.AdjudicateRequest{Ruleset: "asian", Fen: checkFEN, Moves: fields(checkMoves)}); err != nil {
		t.Fatal(err)
	}
	e.client.Adjudicate(ctx, &arbiterv1.AdjudicateRequest{Ruleset: "nope"})
	st, _ := openGame(t, ctx, e.client, &arbiterv1.GameStart{Ruleset: "chinese"})
	if _, err := move(st, "h2e2"); err != nil {
		t.Fatal(err)
	}
	// The server counts a sent message after SendMsg returns, which can be after the
	// client has read the reply.
	eventually(t, "both stream replies counted", func() bool {
		return metricValue(t, e.metrics, "grpc_server_msg_sent_total", map[string]string{"grpc_method": "PlayGame"}) == 2
	})
	rec := httptest.NewRecorder()
	promhttp.HandlerFor(e.metrics, promhttp.HandlerOpts{}).ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	body := rec.Body.String()
	for _, want := range []string{
		`grpc_server_started_total{grpc_method="Adjudicate",grpc_service="arbiter.v1.ArbiterService",grpc_type="unary"} 2`,
		`grpc_server_handled_total{grpc_code="OK",grpc_method="Adjudicate",grpc_service="arbiter.v1.ArbiterService",grpc_type="unary"} 1`,
		`grpc_server_handled_total{grpc_code="InvalidArgument",grpc_method="Adjudicate",grpc_service="arbiter.v1.ArbiterService",grpc_type="unary"} 1`,
		`grpc_server_handling_seconds_bucket{grpc_code="OK",grpc_method="Adjudicate"`,
		`grpc_server_started_total{grpc_method="PlayGame",grpc_service="arbiter.v1.ArbiterService",grpc_type="bidi_stream"} 1`,
		`grpc_server_msg_received_total{grpc_method="PlayGame",grpc_service="arbiter.v1.ArbiterService",grpc_type="bidi_stream"} 2`,
		`grpc_server_msg_sent_total{grpc_method="PlayGame",grpc_service="arbiter.v1.ArbiterService",grpc_type="bidi_stream"} 2`,
		`arbiter_rulings_total{ruleset="asian",verdict="red_must_change"} 1`,
		`arbiter_active_streams 1`,
		`arbiter_history_plies_count 1`,
		`arbiter_panics_total 0`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("/metrics lacks %s", want)
		}
	}
	problems, err := promlint.New(strings.NewReader(body)).Lint()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Errorf("promlint: %s: %s", p.Metric, p.Text)
	}
}

// Shutting down with open streams: health turns NOT_SERVING, the drain deadline passes,
// the streams are cut off, and GracefulStop returns.
func TestShutdownWithOpenStreams(t *testing.T) {
	e := start(t, envOptions{tcp: true})
	ctx := ctxT(t)
	var streams []gameStream
	for i := 0; i < 3; i++ {
		st, _ := openGame(t, ctx, e.client, &arbiterv1.GameStart{Ruleset: "asian"})
		streams = append(streams, st)
	}
	// A second connection watches health during the drain.
	hc, err := grpc.NewClient(e.addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer hc.Close()
	if _, err := healthpb.NewHealthClient(hc).Check(ctx, &healthpb.HealthCheckRequest{}); err != nil {
		t.Fatal(err)
	}
	done := make(chan bool)
	t0 := time.Now()
	go func() { done <- e.srv.GracefulStop(e.gs, 300*time.Millisecond) }()
	// The open streams still work during the drain.
	if _, err := move(streams[0], "h2e2"); err != nil {
		t.Errorf("move during the drain: %v", err)
	}
	select {
	case graceful := <-done:
		if graceful {
			t.Error("GracefulStop reported a clean drain with streams open")
		}
		if d := time.Since(t0); d < 250*time.Millisecond || d > 5*time.Second {
			t.Errorf("drain took %v", d)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("GracefulStop did not return")
	}
	for i, st := range streams {
		if _, err := move(st, "h9g7"); statusCode(err) != codes.Unavailable || !strings.Contains(err.Error(), "drain period") {
			t.Errorf("stream %d after the stop: %v", i, err)
		}
	}
	eventually(t, "active streams back to 0", func() bool { return metricValue(t, e.metrics, "arbiter_active_streams", nil) == 0 })
}

// Streams that end during the drain let GracefulStop finish early and cleanly.
func TestShutdownDrains(t *testing.T) {
	e := start(t, envOptions{tcp: true})
	st, _ := openGame(t, ctxT(t), e.client, &arbiterv1.GameStart{Ruleset: "asian"})
	done := make(chan bool)
	go func() { done <- e.srv.GracefulStop(e.gs, 10*time.Second) }()
	time.Sleep(50 * time.Millisecond)
	if _, err := move(st, "h2e2"); err != nil {
		t.Errorf("move during the drain: %v", err)
	}
	st.CloseSend()
	st.Recv()
	select {
	case graceful := <-done:
		if !graceful {
			t.Error("drain not reported clean")
		}
	case <-time.After(5 * time.Second):
		t.Fatal("GracefulStop did not return after the last stream closed")
	}
}

type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
