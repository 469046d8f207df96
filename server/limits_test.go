package server_test

import (
	"fmt"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	arbiterv1 "github.com/arbiter-xq/arbiter/proto/arbiter/v1"
	"github.com/arbiter-xq/arbiter/server"
	"github.com/prometheus/client_golang/prometheus"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/mem"
	"google.golang.org/grpc/status"
)

// rawCodec sends and receives bytes as they are, to put a malformed body on the wire.
type rawCodec struct{}

func (rawCodec) Name() string { return "proto" }
func (rawCodec) Marshal(v any) (mem.BufferSlice, error) {
	return mem.BufferSlice{mem.SliceBuffer(v.([]byte))}, nil
}
func (rawCodec) Unmarshal(data mem.BufferSlice, v any) error {
	*v.(*[]byte) = data.Materialize()
	return nil
}

// A body that cannot be decoded (invalid UTF-8 in a string, a truncated field) is
// InvalidArgument, counted and logged, not an uncounted Internal (issue 9, finding 13).
func TestMalformedBody(t *testing.T) {
	var logs syncBuffer
	metrics := prometheus.NewRegistry()
	srv, err := server.New(server.Config{}, registryOf(t, rulesets()...), nil, slog.New(slog.NewJSONHandler(&logs, nil)), metrics)
	if err != nil {
		t.Fatal(err)
	}
	e := startOn(t, &env{srv: srv, gs: srv.GRPCServer(), metrics: metrics}, false)
	ctx := ctxT(t)
	bodies := map[string][]byte{
		"invalid UTF-8 in fen": {0x12, 0x02, 0xff, 0xfe},            // AdjudicateRequest.fen = "\xff\xfe"
		"truncated field":      {0x0a, 0x10, 'c', 'h'},              // ruleset: 16 bytes announced, 2 sent
		"bad wire type":        {0x0f, 0x01},                        // field 1 with the reserved wire type 7
		"invalid UTF-8 in id":  {0x0a, 0x03, 'a', 0xc3, 0x28, 0x1a}, // then a dangling tag
	}
	for name, body := range bodies {
		var out []byte
		err := e.conn.Invoke(ctx, "/arbiter.v1.ArbiterService/Adjudicate", body, &out, grpc.ForceCodecV2(rawCodec{}))
		if st := status.Convert(err); st.Code() != codes.InvalidArgument || !strings.Contains(st.Message(), "cannot be decoded") {
			t.Errorf("%s: %v, want InvalidArgument", name, err)
		}
	}
	// The same on a stream: the first message is unreadable.
	st, err := e.conn.NewStream(ctx, &grpc.StreamDesc{ClientStreams: true, ServerStreams: true},
		"/arbiter.v1.ArbiterService/PlayGame", grpc.ForceCodecV2(rawCodec{}))
	if err != nil {
		t.Fatal(err)
	}
	st.SendMsg([]byte{0x0a, 0x03, 0x0a, 0x01, 0xff}) // start.ruleset = "\xff"
	var out []byte
	if err := st.RecvMsg(&out); statusCode(err) != codes.InvalidArgument {
		t.Errorf("stream: %v, want InvalidArgument", err)
	}
	if got := metricValue(t, metrics, "grpc_server_handled_total", map[string]string{"grpc_method": "Adjudicate", "grpc_code": "InvalidArgument"}); got != float64(len(bodies)) {
		t.Errorf("grpc_server_handled_total{Adjudicate,InvalidArgument} = %v, want %d", got, len(bodies))
	}
	eventually(t, "the stream counted", func() bool {
		return metricValue(t, metrics, "grpc_server_handled_total", map[string]string{"grpc_method": "PlayGame", "grpc_code": "InvalidArgument"}) == 1
	})
	if n := strings.Count(logs.String(), `"grpc.code":"InvalidArgument"`); n != len(bodies)+1 {
		t.Errorf("%d InvalidArgument log lines, want %d:\n%s", n, len(bodies)+1, logs.String())
	}
	// A good request on the same connection still works.
	if _, err := e.client.Adjudicate(ctx, &arbiterv1.AdjudicateRequest{Ruleset: "asian", Fen: checkFEN, Moves: fields(checkMoves)}); err != nil {
		t.Error(err)
	}
}

// Compare rules once per distinct ruleset and caps the list (issue 9, finding 12).
func TestCompareDuplicatesAndLimit(t *testing.T) {
	e := start(t, envOptions{cfg: server.Config{MaxRulesets: 2}})
	ctx := ctxT(t)
	many := make([]string, 20000)
	for i := range many {
		many[i] = "chinese"
	}
	resp, err := e.client.Compare(ctx, &arbiterv1.CompareRequest{Rulesets: many, Fen: checkFEN, Moves: fields(checkMoves)})
	if err != nil || len(resp.GetAdjudications()) != 1 {
		t.Fatalf("20000 copies of one id: %d adjudications, %v", len(resp.GetAdjudications()), err)
	}
	resp, err = e.client.Compare(ctx, &arbiterv1.CompareRequest{Rulesets: []string{"asian", "chinese", "asian"}, Fen: checkFEN, Moves: fields(checkMoves)})
	if err != nil || len(resp.GetAdjudications()) != 2 {
		t.Fatalf("asian chinese asian: %v %v", resp, err)
	}
	_, err = e.client.Compare(ctx, &arbiterv1.CompareRequest{Rulesets: []string{"asian", "chinese", "x"}, Fen: checkFEN})
	wantFieldError(t, err, codes.InvalidArgument, "rulesets", "TOO_MANY_ITEMS")
}

// A response over the size limit is refused with a status that says so.
func TestResponseSizeLimit(t *testing.T) {
	e := start(t, envOptions{cfg: server.Config{MaxResponseBytes: 4000}})
	ctx := ctxT(t)
	_, err := e.client.Compare(ctx, &arbiterv1.CompareRequest{Fen: checkFEN, Moves: fields(checkMoves + " " + checkMoves)})
	if st := status.Convert(err); st.Code() != codes.ResourceExhausted || !strings.Contains(st.Message(), "limit of 4000") {
		t.Errorf("large Compare: %v", err)
	}
	if _, err := e.client.ListRulesets(ctx, &arbiterv1.ListRulesetsRequest{}); err != nil {
		t.Errorf("small response: %v", err)
	}
}

// VerifyCasebook verifies a repeated id once and caps the distinct ids.
func TestVerifyCasebookDuplicatesAndLimit(t *testing.T) {
	book := loadBook(t)
	e := start(t, envOptions{book: book, cfg: server.Config{MaxCaseIDs: 2, MaxMessageBytes: 4 << 20}})
	ctx := ctxT(t)
	list, err := e.client.ListCases(ctx, &arbiterv1.ListCasesRequest{Ruleset: "asian", PageSize: 3})
	if err != nil || len(list.GetCases()) < 3 {
		t.Fatalf("ListCases: %v %v", list, err)
	}
	id := list.GetCases()[0].GetId()
	ids := make([]string, 65000)
	for i := range ids {
		ids[i] = id
	}
	t0 := time.Now()
	resp, err := e.client.VerifyCasebook(ctx, &arbiterv1.VerifyCasebookRequest{Ruleset: "asian", Ids: ids})
	if err != nil || len(resp.GetResults()) != 1 {
		t.Fatalf("65000 copies of one id: %d results, %v", len(resp.GetResults()), err)
	}
	t.Logf("65000 copies of one id verified in %v", time.Since(t0))
	var three []string
	for _, c := range list.GetCases() {
		three = append(three, c.GetId())
	}
	_, err = e.client.VerifyCasebook(ctx, &arbiterv1.VerifyCasebookRequest{Ids: three})
	wantFieldError(t, err, codes.InvalidArgument, "ids", "TOO_MANY_ITEMS")
}

// Long input is not echoed back in full (issue 9, finding 12).
func TestEchoedInputIsClipped(t *testing.T) {
	e := start(t, envOptions{book: loadBook(t)})
	ctx := ctxT(t)
	huge := strings.Repeat("x", 900_000)
	calls := map[string]func() error{
		"Adjudicate ruleset": func() error {
			_, err := e.client.Adjudicate(ctx, &arbiterv1.AdjudicateRequest{Ruleset: huge})
			return err
		},
		"Adjudicate move": func() error {
			_, err := e.client.Adjudicate(ctx, &arbiterv1.AdjudicateRequest{Ruleset: "asian", Moves: []string{"h2e2", huge}})
			return err
		},
		"Adjudicate fen": func() error {
			_, err := e.client.Adjudicate(ctx, &arbiterv1.AdjudicateRequest{Ruleset: "asian", Fen: huge})
			return err
		},
		"Compare ruleset": func() error {
			_, err := e.client.Compare(ctx, &arbiterv1.CompareRequest{Rulesets: []string{huge}})
			return err
		},
		"GetCase": func() error {
			_, err := e.client.GetCase(ctx, &arbiterv1.GetCaseRequest{Id: huge})
			return err
		},
		"VerifyCasebook id": func() error {
			_, err := e.client.VerifyCasebook(ctx, &arbiterv1.VerifyCasebookRequest{Ids: []string{huge}})
			return err
		},
		"VerifyCasebook ruleset": func() error {
			_, err := e.client.VerifyCasebook(ctx, &arbiterv1.VerifyCasebookRequest{Ruleset: huge})
			return err
		},
	}
	for name, call := range calls {
		err := call()
		st := status.Convert(err)
		if st.Code() == codes.OK {
			t.Errorf("%s succeeded", name)
			continue
		}
		if n := len(st.Message()) + len(fmt.Sprint(st.Details())); n > 2000 {
			t.Errorf("%s: the error carries %d bytes: %.200s", name, n, st.Message())
		}
		if !strings.Contains(st.Message(), "(900000 bytes)") && !strings.Contains(st.Message(), "900000 bytes") {
			t.Errorf("%s: the error does not say how long the input was: %s", name, st.Message())
		}
	}
}

// A stream that never sends its start, or stops sending moves, gives its slot back; one
// connection cannot hold more streams than the per-connection limit.
func TestSilentStreams(t *testing.T) {
	e := start(t, envOptions{tcp: true, cfg: server.Config{MaxStreamsPerConn: 2,
		StreamStartTimeout: 300 * time.Millisecond, StreamIdleTimeout: 600 * time.Millisecond}})
	ctx := ctxT(t)
	silent := make(chan gameStream, 3)
	for range 3 {
		// The third PlayGame call waits in the client for a free HTTP/2 stream.
		go func() {
			st, err := e.client.PlayGame(ctx)
			if err != nil {
				t.Error(err)
			}
			silent <- st
		}()
	}
	eventually(t, "two silent streams", func() bool { return metricValue(t, e.metrics, "arbiter_active_streams", nil) == 2 })
	time.Sleep(100 * time.Millisecond)
	if got := metricValue(t, e.metrics, "grpc_server_started_total", map[string]string{"grpc_method": "PlayGame"}); got != 2 {
		t.Errorf("%v streams started on one connection, limit 2", got)
	}
	// Another connection is not blocked.
	other, err := grpc.NewClient(e.addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	game, _ := openGame(t, ctx, arbiterv1.NewArbiterServiceClient(other), &arbiterv1.GameStart{Ruleset: "asian"})
	for i := range 3 {
		st := <-silent
		if st == nil {
			continue
		}
		_, err := st.Recv()
		if s := status.Convert(err); s.Code() != codes.DeadlineExceeded || !strings.Contains(s.Message(), "no GameStart within 300ms") {
			t.Errorf("silent stream %d: %v", i, err)
		}
	}
	// The game goes silent after its start: the idle timeout ends it.
	if _, err := game.Recv(); err == io.EOF || statusCode(err) != codes.DeadlineExceeded || !strings.Contains(err.Error(), "no move within 600ms") {
		t.Errorf("idle game: %v", err)
	}
	eventually(t, "every slot free", func() bool { return metricValue(t, e.metrics, "arbiter_active_streams", nil) == 0 })
}
