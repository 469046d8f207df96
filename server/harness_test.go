package server_test

import (
	"context"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/casebook"
	arbiterv1 "github.com/arbiter-xq/arbiter/proto/arbiter/v1"
	"github.com/arbiter-xq/arbiter/rules/asian"
	"github.com/arbiter-xq/arbiter/rules/chinese"
	"github.com/arbiter-xq/arbiter/rules/xqrules"
	"github.com/arbiter-xq/arbiter/server"
	"github.com/prometheus/client_golang/prometheus"
	dto "github.com/prometheus/client_model/go"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"
	"google.golang.org/grpc/test/bufconn"
)

// rulesets are the rulesets the tests serve; add new ones here.
func rulesets() []xqrules.Ruleset { return []xqrules.Ruleset{asian.New(), chinese.New()} }

func registryOf(t testing.TB, sets ...xqrules.Ruleset) *arbiter.Registry {
	t.Helper()
	reg := &arbiter.Registry{}
	for _, rs := range sets {
		if err := reg.Register(xqrules.New(rs)); err != nil {
			t.Fatal(err)
		}
	}
	return reg
}

func loadBook(t testing.TB) *casebook.Book {
	t.Helper()
	b, err := casebook.Load()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// env is a running server and a client connected to it.
type env struct {
	srv     *server.Server
	gs      *grpc.Server
	metrics *prometheus.Registry
	conn    *grpc.ClientConn
	client  arbiterv1.ArbiterServiceClient
	addr    string // TCP address, "" over bufconn
}

type envOptions struct {
	cfg  server.Config
	reg  *arbiter.Registry
	book *casebook.Book
	tcp  bool
}

// start runs a server on bufconn (or loopback TCP) for the duration of the test.
func start(t testing.TB, o envOptions) *env {
	t.Helper()
	if o.reg == nil {
		o.reg = registryOf(t, rulesets()...)
	}
	e := &env{metrics: prometheus.NewRegistry()}
	var err error
	e.srv, err = server.New(o.cfg, o.reg, o.book, nil, e.metrics)
	if err != nil {
		t.Fatal(err)
	}
	e.gs = e.srv.GRPCServer()
	return startOn(t, e, o.tcp)
}

// startOn serves e.gs on bufconn or loopback TCP and connects a client.
func startOn(t testing.TB, e *env, tcp bool) *env {
	t.Helper()
	var lis net.Listener
	var err error
	dial := []grpc.DialOption{grpc.WithTransportCredentials(insecure.NewCredentials())}
	target := "passthrough:///bufnet"
	if tcp {
		lis, err = net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		e.addr = lis.Addr().String()
		target = e.addr
	} else {
		bl := bufconn.Listen(1 << 20)
		lis = bl
		dial = append(dial, grpc.WithContextDialer(func(ctx context.Context, _ string) (net.Conn, error) {
			return bl.DialContext(ctx)
		}))
	}
	go e.gs.Serve(lis)
	t.Cleanup(e.gs.Stop)
	e.conn, err = grpc.NewClient(target, dial...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.conn.Close() })
	e.client = arbiterv1.NewArbiterServiceClient(e.conn)
	return e
}

// transports runs f over bufconn and over a real TCP listener.
func transports(t *testing.T, o envOptions, f func(t *testing.T, e *env)) {
	for _, tcp := range []bool{false, true} {
		name := "bufconn"
		if tcp {
			name = "tcp"
		}
		t.Run(name, func(t *testing.T) {
			o := o
			o.tcp = tcp
			f(t, start(t, o))
		})
	}
}

func ctxT(t testing.TB) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// wantFieldError checks that err is a status with code and a BadRequest violation on
// field, and an ErrorInfo with reason (when reason is not empty).
func wantFieldError(t *testing.T, err error, code codes.Code, field, reason string) *status.Status {
	t.Helper()
	st, ok := status.FromError(err)
	if !ok || st.Code() != code {
		t.Fatalf("err = %v, want code %v", err, code)
	}
	var fields []string
	var info *errdetails.ErrorInfo
	for _, d := range st.Details() {
		switch d := d.(type) {
		case *errdetails.BadRequest:
			for _, v := range d.GetFieldViolations() {
				fields = append(fields, v.GetField())
				if v.GetDescription() == "" {
					t.Errorf("violation on %s without a description", v.GetField())
				}
			}
		case *errdetails.ErrorInfo:
			info = d
		}
	}
	if len(fields) != 1 || fields[0] != field {
		t.Errorf("violations on %v, want [%s] (%v)", fields, field, st.Message())
	}
	if reason != "" && (info == nil || info.GetReason() != reason) {
		t.Errorf("error info %v, want reason %s", info, reason)
	}
	return st
}

// metricValue reads one sample of a metric family from the registry (labels must
// match exactly the given pairs; an empty map matches an unlabelled metric).
func metricValue(t testing.TB, reg *prometheus.Registry, name string, labels map[string]string) float64 {
	t.Helper()
	mfs, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, mf := range mfs {
		if mf.GetName() != name {
			continue
		}
		for _, m := range mf.GetMetric() {
			if !labelsMatch(m, labels) {
				continue
			}
			switch {
			case m.Gauge != nil:
				return m.GetGauge().GetValue()
			case m.Counter != nil:
				return m.GetCounter().GetValue()
			case m.Histogram != nil:
				return float64(m.GetHistogram().GetSampleCount())
			}
		}
	}
	return 0
}

func labelsMatch(m *dto.Metric, want map[string]string) bool {
	n := 0
	for _, lp := range m.GetLabel() {
		v, ok := want[lp.GetName()]
		if !ok {
			continue
		}
		if v != lp.GetValue() {
			return false
		}
		n++
	}
	return n == len(want)
}

// eventually polls cond until it holds or the time runs out.
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

func fields(s string) []string { return strings.Fields(s) }

func statusCode(err error) codes.Code { return status.Code(err) }
