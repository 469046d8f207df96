package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	arbiterv1 "github.com/arbiter-xq/arbiter/proto/arbiter/v1"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/status"
)

type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// servingAddrs waits for the "serving" log line and returns the listen addresses.
func servingAddrs(t *testing.T, logs *lockedBuffer) (grpcAddr, metricsAddr string) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		for _, line := range strings.Split(logs.String(), "\n") {
			var rec struct {
				Msg         string `json:"msg"`
				GRPCAddr    string `json:"grpc_addr"`
				MetricsAddr string `json:"metrics_addr"`
			}
			if json.Unmarshal([]byte(line), &rec) == nil && rec.Msg == "serving" {
				return rec.GRPCAddr, rec.MetricsAddr
			}
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("no serving line in the logs:\n%s", logs.String())
	return "", ""
}

func TestServe(t *testing.T) {
	t.Setenv("ARBITER_MAX_PLIES", "50")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var logs lockedBuffer
	done := make(chan int)
	go func() {
		done <- runServe(ctx, []string{"--grpc-addr", "127.0.0.1:0", "--metrics-addr", "127.0.0.1:0", "--drain-timeout", "2s"}, io.Discard, &logs)
	}()
	grpcAddr, metricsAddr := servingAddrs(t, &logs)
	conn, err := grpc.NewClient(grpcAddr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	rctx, rcancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer rcancel()
	if resp, err := healthpb.NewHealthClient(conn).Check(rctx, &healthpb.HealthCheckRequest{}); err != nil || resp.GetStatus() != healthpb.HealthCheckResponse_SERVING {
		t.Fatalf("health: %v %v", resp, err)
	}
	client := arbiterv1.NewArbiterServiceClient(conn)
	rs, err := client.ListRulesets(rctx, &arbiterv1.ListRulesetsRequest{})
	if err != nil || len(rs.GetRulesets()) == 0 {
		t.Fatalf("ListRulesets: %v %v", rs, err)
	}
	if _, err := client.GetCase(rctx, &arbiterv1.GetCaseRequest{Id: "no-such-case"}); err == nil {
		t.Error("GetCase(unknown) succeeded")
	}
	// ARBITER_MAX_PLIES took effect.
	_, err = client.Adjudicate(rctx, &arbiterv1.AdjudicateRequest{Ruleset: rs.GetRulesets()[0].GetId(), Moves: make([]string, 51)})
	if err == nil || !strings.Contains(err.Error(), "limit of 50") {
		t.Errorf("51 plies with ARBITER_MAX_PLIES=50: %v", err)
	}
	resp, err := http.Get("http://" + metricsAddr + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	for _, want := range []string{"grpc_server_handled_total", "grpc_server_handling_seconds", "arbiter_active_streams", "go_goroutines",
		`arbiter_build_info{goversion="go`} {
		if !bytes.Contains(body, []byte(want)) {
			t.Errorf("/metrics lacks %s", want)
		}
	}
	if code := run(ctx, []string{"health", "--addr", grpcAddr}, nil, io.Discard, io.Discard); code != exitOK {
		t.Errorf("arbiter health before the drain: exit %d", code)
	}
	// An open stream does not keep the server from stopping (issue 9, finding 7): during
	// the drain it goes on, probes on new connections see NOT_SERVING, new work is
	// refused, and at the end of the drain the stream is told why it ends and the exit
	// status says the drain was cut short.
	st, err := client.PlayGame(rctx) // not ctx: that is the signal
	if err != nil {
		t.Fatal(err)
	}
	st.Send(&arbiterv1.PlayGameRequest{Input: &arbiterv1.PlayGameRequest_Start{Start: &arbiterv1.GameStart{Ruleset: "asian"}}})
	if _, err := st.Recv(); err != nil {
		t.Fatal(err)
	}
	t0 := time.Now()
	cancel()
	eventually(t, "the shutting down line", func() bool { return strings.Contains(logs.String(), `"msg":"shutting down"`) })
	var out bytes.Buffer
	if code := run(context.Background(), []string{"health", "--addr", grpcAddr}, nil, &out, io.Discard); code != exitUsage || !strings.Contains(out.String(), "NOT_SERVING") {
		t.Errorf("arbiter health during the drain: exit %d, %q; want 1, NOT_SERVING", code, out.String())
	}
	probe, err := grpc.NewClient(grpcAddr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer probe.Close()
	_, err = arbiterv1.NewArbiterServiceClient(probe).ListRulesets(context.Background(), &arbiterv1.ListRulesetsRequest{})
	if status.Code(err) != codes.Unavailable || !strings.Contains(err.Error(), "draining") {
		t.Errorf("new RPC during the drain: %v", err)
	}
	if err := st.Send(&arbiterv1.PlayGameRequest{Input: &arbiterv1.PlayGameRequest_Move{Move: "h2e2"}}); err != nil {
		t.Fatal(err)
	}
	if resp, err := st.Recv(); err != nil || resp.GetPly().GetPly() != 1 {
		t.Errorf("move during the drain: %v %v", resp, err)
	}
	_, err = st.Recv()
	if status.Code(err) != codes.Unavailable || !strings.Contains(err.Error(), "drain period of 2s ended") {
		t.Errorf("stream at the end of the drain: %v", err)
	}
	select {
	case code := <-done:
		if code != exitDrainCutShort {
			t.Errorf("exit %d after a drain cut short, want %d\n%s", code, exitDrainCutShort, logs.String())
		}
		if d := time.Since(t0); d < 2*time.Second {
			t.Errorf("stopped after %v, before the drain period", d)
		}
	case <-time.After(15 * time.Second):
		t.Fatal("serve did not stop")
	}
	if !strings.Contains(logs.String(), `"msg":"stopped"`) || !strings.Contains(logs.String(), `"graceful":false`) ||
		!strings.Contains(logs.String(), `"drain_ms":`) {
		t.Errorf("no stopped line:\n%s", logs.String())
	}
}

// A drain that ends with no RPC open exits 0.
func TestServeCleanDrain(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var logs lockedBuffer
	done := make(chan int)
	go func() {
		done <- runServe(ctx, []string{"--grpc-addr", "127.0.0.1:0", "--metrics-addr", "off", "--drain-timeout", "5s"}, io.Discard, &logs)
	}()
	grpcAddr, _ := servingAddrs(t, &logs)
	conn, err := grpc.NewClient(grpcAddr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	st, err := arbiterv1.NewArbiterServiceClient(conn).PlayGame(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	st.Send(&arbiterv1.PlayGameRequest{Input: &arbiterv1.PlayGameRequest_Start{Start: &arbiterv1.GameStart{Ruleset: "asian"}}})
	if _, err := st.Recv(); err != nil {
		t.Fatal(err)
	}
	cancel()
	time.Sleep(100 * time.Millisecond)
	st.CloseSend() // the game ends during the drain
	st.Recv()
	select {
	case code := <-done:
		if code != exitOK {
			t.Errorf("exit %d after a complete drain, want 0\n%s", code, logs.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not stop")
	}
}

func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// An invalid ARBITER_* value names the variable (issue 9, finding 10).
func TestServeEnvErrorsNameTheVariable(t *testing.T) {
	for env, val := range map[string]string{"ARBITER_MAX_PLIES": "many", "ARBITER_DRAIN_TIMEOUT": "soon",
		"ARBITER_LOG_LEVEL": "loud", "ARBITER_GRPC_ADDR": "nowhere", "ARBITER_STREAM_IDLE_TIMEOUT": "0s"} {
		t.Run(env, func(t *testing.T) {
			t.Setenv(env, val)
			var stderr lockedBuffer
			if code := runServe(context.Background(), nil, io.Discard, &stderr); code != exitUsage {
				t.Errorf("exit %d, want %d", code, exitUsage)
			}
			if !strings.Contains(stderr.String(), "$"+env+"=\""+val+"\"") {
				t.Errorf("the error does not name $%s: %s", env, stderr.String())
			}
		})
	}
	// A flag on the command line is named as the flag.
	var stderr lockedBuffer
	runServe(context.Background(), []string{"--max-plies", "lots"}, io.Discard, &stderr)
	if !strings.Contains(stderr.String(), `--max-plies "lots"`) {
		t.Errorf("flag error: %s", stderr.String())
	}
}

func TestVersion(t *testing.T) {
	for _, arg := range []string{"--version", "version"} {
		var out bytes.Buffer
		if code := run(context.Background(), []string{arg}, nil, &out, io.Discard); code != exitOK ||
			!strings.HasPrefix(out.String(), "arbiter ") || !strings.Contains(out.String(), "go1.") {
			t.Errorf("arbiter %s: exit %d, %q", arg, code, out.String())
		}
	}
}

func TestServeUsageErrors(t *testing.T) {
	busy, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer busy.Close()
	tests := []struct {
		name string
		env  map[string]string
		args []string
		code int
	}{
		{"unknown flag", nil, []string{"--nope"}, exitUsage},
		{"extra argument", nil, []string{"extra"}, exitUsage},
		{"bad address", nil, []string{"--grpc-addr", "nowhere"}, exitUsage},
		{"bad env plies", map[string]string{"ARBITER_MAX_PLIES": "many"}, nil, exitUsage},
		{"bad env timeout", map[string]string{"ARBITER_REQUEST_TIMEOUT": "soon"}, nil, exitUsage},
		{"bad log level", map[string]string{"ARBITER_LOG_LEVEL": "loud"}, nil, exitUsage},
		{"zero streams", nil, []string{"--max-streams", "0"}, exitUsage},
		{"address in use", nil, []string{"--grpc-addr", busy.Addr().String(), "--metrics-addr", "off"}, exitInput},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for k, v := range tc.env {
				t.Setenv(k, v)
			}
			var stderr lockedBuffer
			ctx, cancel := context.WithCancel(context.Background())
			cancel() // a server that did start would stop at once
			if code := runServe(ctx, tc.args, io.Discard, &stderr); code != tc.code {
				t.Errorf("exit %d, want %d\n%s", code, tc.code, stderr.String())
			}
			if stderr.String() == "" {
				t.Error("nothing on stderr")
			}
		})
	}
}
