package main

import (
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	arbiterv1 "github.com/arbiter-xq/arbiter/proto/arbiter/v1"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
)

// httpAddr waits for the "serving" log line and returns its http_addr.
func httpAddr(t *testing.T, logs *lockedBuffer) string {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		for _, line := range strings.Split(logs.String(), "\n") {
			var rec struct {
				Msg      string `json:"msg"`
				HTTPAddr string `json:"http_addr"`
			}
			if json.Unmarshal([]byte(line), &rec) == nil && rec.Msg == "serving" {
				if rec.HTTPAddr == "" {
					t.Fatalf("no http_addr in the serving line: %s", line)
				}
				return rec.HTTPAddr
			}
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("no serving line in the logs:\n%s", logs.String())
	return ""
}

// `arbiter serve --grpc-addr ... --http-addr ...` serves the page, the HTTP/JSON API and
// the OpenAPI document on the HTTP port, and stops cleanly.
func TestServeHTTP(t *testing.T) {
	t.Setenv("ARBITER_HTTP_ADDR", "127.0.0.1:0") // the environment fallback
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var logs lockedBuffer
	done := make(chan int)
	go func() {
		done <- runServe(ctx, []string{"--grpc-addr", "127.0.0.1:0", "--metrics-addr", "off", "--drain-timeout", "2s"}, io.Discard, &logs)
	}()
	base := "http://" + httpAddr(t, &logs)
	get := func(method, path, body string) (int, string, string) {
		t.Helper()
		req, err := http.NewRequest(method, base+path, strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, resp.Header.Get("Content-Type"), string(b)
	}
	t.Run("page", func(t *testing.T) {
		code, ct, body := get("GET", "/", "")
		if code != 200 || !strings.HasPrefix(ct, "text/html") || !strings.Contains(body, "/ui/app.js") {
			t.Errorf("GET /: %d %s\n%.300s", code, ct, body)
		}
	})
	t.Run("adjudicate", func(t *testing.T) {
		code, _, body := get("POST", "/v1/adjudicate",
			`{"ruleset":"chinese","fen":"2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 0 1","moves":["f0e0","e8f8","e0f0","f8e8"]}`)
		var resp struct {
			Ruling struct{ Verdict string }
		}
		json.Unmarshal([]byte(body), &resp)
		if code != 200 || resp.Ruling.Verdict != "VERDICT_RED_MUST_CHANGE" {
			t.Errorf("POST /v1/adjudicate: %d\n%.500s", code, body)
		}
	})
	t.Run("same bytes as judge --json", func(t *testing.T) {
		_, _, body := get("POST", "/v1/adjudicate",
			`{"ruleset":"asian","fen":"2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 0 1","moves":["f0e0","e8f8","e0f0","f8e8"]}`)
		out, errs, code := runCLI(t, "", "judge", "--json", "--ruleset", "asian",
			"--fen", "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 0 1", "--moves", "f0e0 e8f8 e0f0 f8e8")
		if code != exitOK {
			t.Fatalf("judge --json: exit %d: %s", code, errs)
		}
		if strings.TrimSpace(out) != body {
			t.Errorf("POST /v1/adjudicate answers\n%s\njudge --json prints\n%s", body, out)
		}
	})
	t.Run("the log names the HTTP client", func(t *testing.T) {
		get("POST", "/v1/adjudicate", `{"ruleset":"nope-logged"}`)
		for _, line := range strings.Split(logs.String(), "\n") {
			if strings.Contains(line, "nope-logged") {
				if !strings.Contains(line, `"via":"http"`) || !strings.Contains(line, `"peer":"127.0.0.1"`) {
					t.Errorf("the log line of an HTTP call does not name its client:\n%s", line)
				}
				return
			}
		}
		t.Errorf("no log line for the call:\n%s", logs.String())
	})
	t.Run("rulesets", func(t *testing.T) {
		code, _, body := get("GET", "/v1/rulesets", "")
		if code != 200 || !strings.Contains(body, `"id":"chinese"`) && !strings.Contains(body, `"id": "chinese"`) {
			t.Errorf("GET /v1/rulesets: %d\n%.300s", code, body)
		}
	})
	t.Run("openapi", func(t *testing.T) {
		code, ct, body := get("GET", "/openapi.json", "")
		if code != 200 || ct != "application/json" || !strings.Contains(body, `"/v1/adjudicate"`) {
			t.Errorf("GET /openapi.json: %d %s\n%.300s", code, ct, body)
		}
	})
	t.Run("bad FEN", func(t *testing.T) {
		code, _, body := get("POST", "/v1/adjudicate", `{"ruleset":"chinese","fen":"2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc2 w - - 0 1"}`)
		// protojson varies its spacing on purpose: decode rather than match text.
		var st struct {
			Code    int
			Details []struct {
				FieldViolations []struct{ Field, Description string }
			}
		}
		json.Unmarshal([]byte(body), &st)
		var fields []string
		for _, d := range st.Details {
			for _, v := range d.FieldViolations {
				fields = append(fields, v.Field+": "+v.Description)
			}
		}
		if code != 400 || st.Code != 3 || len(fields) != 1 || !strings.HasPrefix(fields[0], "fen: invalid FEN") {
			t.Errorf("bad FEN: %d\n%s", code, body)
		}
	})
	cancel()
	select {
	case code := <-done:
		if code != exitOK {
			t.Errorf("exit %d after shutdown, want 0\n%s", code, logs.String())
		}
	case <-time.After(15 * time.Second):
		t.Fatal("serve did not stop")
	}
	if _, err := http.Get(base + "/"); err == nil {
		t.Error("the HTTP port still answers after shutdown")
	}
}

func TestServeHTTPAddrErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		code int
	}{
		{"not HOST:PORT", []string{"--http-addr", "nowhere", "--metrics-addr", "off"}, exitUsage},
		{"in use", nil, exitInput},
	} {
		t.Run(tc.name, func(t *testing.T) {
			args := tc.args
			if args == nil {
				busy, err := net.Listen("tcp", "127.0.0.1:0")
				if err != nil {
					t.Fatal(err)
				}
				defer busy.Close()
				args = []string{"--grpc-addr", "127.0.0.1:0", "--metrics-addr", "off", "--http-addr", busy.Addr().String()}
			}
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			var stderr lockedBuffer
			if code := runServe(ctx, args, io.Discard, &stderr); code != tc.code {
				t.Errorf("exit %d, want %d\n%s", code, tc.code, stderr.String())
			}
			if !strings.Contains(strings.ToLower(stderr.String()), "http") {
				t.Errorf("the error does not name the HTTP address:\n%s", stderr.String())
			}
		})
	}
}

// While the server drains, the HTTP port stays open as the gRPC port does: an API call
// gets 503 with the reason (not "connection refused"), and the answer closes its
// connection. Once the drain is over the port closes and the exit status is 0.
func TestServeHTTPDrain(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var logs lockedBuffer
	done := make(chan int)
	go func() {
		done <- runServe(ctx, []string{"--grpc-addr", "127.0.0.1:0", "--http-addr", "127.0.0.1:0", "--metrics-addr", "off",
			"--drain-timeout", "20s"}, io.Discard, &logs)
	}()
	base := "http://" + httpAddr(t, &logs)
	grpcAddr, _ := servingAddrs(t, &logs)
	conn, err := grpc.NewClient(grpcAddr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	rctx, rcancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer rcancel()
	// An open game keeps the drain going.
	st, err := arbiterv1.NewArbiterServiceClient(conn).PlayGame(rctx)
	if err != nil {
		t.Fatal(err)
	}
	st.Send(&arbiterv1.PlayGameRequest{Input: &arbiterv1.PlayGameRequest_Start{Start: &arbiterv1.GameStart{Ruleset: "chinese"}}})
	if _, err := st.Recv(); err != nil {
		t.Fatal(err)
	}
	cancel()
	eventually(t, "the shutting down line", func() bool { return strings.Contains(logs.String(), `"msg":"shutting down"`) })

	resp, err := http.Post(base+"/v1/adjudicate", "application/json", strings.NewReader(`{"ruleset":"chinese","moves":["h2e2"]}`))
	if err != nil {
		t.Fatalf("POST /v1/adjudicate during the drain: %v (want HTTP 503)", err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusServiceUnavailable || !strings.Contains(string(body), "draining") || !resp.Close {
		t.Errorf("POST /v1/adjudicate during the drain: %d (close %v)\n%s\nwant 503, the reason, and Connection: close", resp.StatusCode, resp.Close, body)
	}

	// The README's HTTP health check.
	hc, err := http.Get(base + "/v1/rulesets")
	if err != nil || hc.StatusCode != http.StatusServiceUnavailable {
		t.Errorf("GET /v1/rulesets during the drain: %v %v, want 503", hc, err)
	}
	if err == nil {
		hc.Body.Close()
	}

	st.CloseSend() // the game ends: the drain is complete
	select {
	case code := <-done:
		if code != exitOK {
			t.Errorf("exit %d after a complete drain, want 0\n%s", code, logs.String())
		}
	case <-time.After(20 * time.Second):
		t.Fatal("serve did not stop")
	}
	if _, err := http.Get(base + "/"); err == nil {
		t.Error("the HTTP port still answers after the drain")
	}
}
