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
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
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
	rctx, rcancel := context.WithTimeout(ctx, 10*time.Second)
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
	for _, want := range []string{"grpc_server_handled_total", "grpc_server_handling_seconds", "arbiter_active_streams", "go_goroutines"} {
		if !bytes.Contains(body, []byte(want)) {
			t.Errorf("/metrics lacks %s", want)
		}
	}
	// An open stream does not keep the server from stopping.
	st, err := client.PlayGame(ctx)
	if err != nil {
		t.Fatal(err)
	}
	st.Send(&arbiterv1.PlayGameRequest{Input: &arbiterv1.PlayGameRequest_Start{Start: &arbiterv1.GameStart{Ruleset: "asian"}}})
	if _, err := st.Recv(); err != nil {
		t.Fatal(err)
	}
	cancel()
	select {
	case code := <-done:
		if code != exitOK {
			t.Errorf("exit %d after shutdown, want 0\n%s", code, logs.String())
		}
	case <-time.After(15 * time.Second):
		t.Fatal("serve did not stop")
	}
	if !strings.Contains(logs.String(), `"msg":"stopped"`) {
		t.Errorf("no stopped line:\n%s", logs.String())
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
