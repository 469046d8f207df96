package server_test

import (
	"strings"
	"testing"
	"time"

	arbiterv1 "github.com/arbiter-xq/arbiter/proto/arbiter/v1"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	rpb "google.golang.org/grpc/reflection/grpc_reflection_v1"
	"google.golang.org/grpc/status"
)

// While the server drains, new connections still reach the health service, which says
// NOT_SERVING; new work is refused with a status that says why; an open stream goes on
// until the drain period ends and is then told why it ends (issue 9, finding 7).
func TestDrainTellsEveryone(t *testing.T) {
	e := start(t, envOptions{tcp: true})
	ctx := ctxT(t)
	open, _ := openGame(t, ctx, e.client, &arbiterv1.GameStart{Ruleset: "asian"})
	done := make(chan bool)
	go func() { done <- e.srv.GracefulStop(e.gs, 1500*time.Millisecond) }()
	eventually(t, "draining", e.srv.Draining)

	// A new connection, as a readiness probe makes one.
	probe, err := grpc.NewClient(e.addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer probe.Close()
	hs, err := healthpb.NewHealthClient(probe).Check(ctx, &healthpb.HealthCheckRequest{})
	if err != nil || hs.GetStatus() != healthpb.HealthCheckResponse_NOT_SERVING {
		t.Errorf("health during the drain: %v %v, want NOT_SERVING", hs, err)
	}
	// grpcurl asks the reflection service before it calls the health check: reflection
	// keeps answering too, or a person checking the replica by hand sees "draining".
	rs, err := rpb.NewServerReflectionClient(probe).ServerReflectionInfo(ctx)
	if err != nil {
		t.Fatal(err)
	}
	// A refused stream fails Send with io.EOF; Recv then returns the status.
	rs.Send(&rpb.ServerReflectionRequest{MessageRequest: &rpb.ServerReflectionRequest_FileContainingSymbol{ //nolint:errcheck
		FileContainingSymbol: "grpc.health.v1.Health"}})
	if resp, err := rs.Recv(); err != nil || len(resp.GetFileDescriptorResponse().GetFileDescriptorProto()) == 0 {
		t.Errorf("reflection during the drain: %v %v, want the health service's descriptor", resp, err)
	}
	rs.CloseSend()
	_, err = arbiterv1.NewArbiterServiceClient(probe).ListRulesets(ctx, &arbiterv1.ListRulesetsRequest{})
	if st := status.Convert(err); st.Code() != codes.Unavailable || !strings.Contains(st.Message(), "draining") ||
		!strings.Contains(st.Message(), "another replica") {
		t.Errorf("new RPC during the drain: %v", err)
	}
	if got := metricValue(t, e.metrics, "grpc_server_handled_total", map[string]string{"grpc_method": "ListRulesets", "grpc_code": "Unavailable"}); got != 1 {
		t.Errorf("refusals counted %v, want 1", got)
	}
	// The open game goes on during the drain.
	if resp, err := move(open, "h2e2"); err != nil || resp.GetPly().GetPly() != 1 {
		t.Errorf("move during the drain: %v %v", resp, err)
	}
	// At the end of the drain the stream ends with the reason.
	_, err = open.Recv()
	if st := status.Convert(err); st.Code() != codes.Unavailable || !strings.Contains(st.Message(), "drain period of 1.5s ended") ||
		!strings.Contains(st.Message(), "start.moves") {
		t.Errorf("stream at the end of the drain: %v", err)
	}
	select {
	case graceful := <-done:
		if graceful {
			t.Error("a drain cut short reported as graceful")
		}
	case <-time.After(10 * time.Second):
		t.Fatal("GracefulStop did not return")
	}
}
