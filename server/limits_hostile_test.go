package server_test

import (
	"context"
	"net"
	"strings"
	"testing"

	"google.golang.org/grpc/metadata"

	"github.com/arbiter-xq/arbiter/internal/h2test"
	arbiterv1 "github.com/arbiter-xq/arbiter/proto/arbiter/v1"
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
	if burst := server.DefaultConfig().MaxResetsPerConn; res.Sent >= n {
		t.Errorf("all %d resets were sent before the close (burst %d)", res.Sent, burst)
	}

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
