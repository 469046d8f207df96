package server

import (
	"context"
	"strings"
	"time"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// lastWords is how long GracefulStop waits, after the drain, for handlers to send the
// status that tells their clients why they end, and for health watchers to go.
const lastWords = 2 * time.Second

// isHousekeeping reports whether a full method name belongs to the gRPC health service,
// which keeps answering (NOT_SERVING) while the server drains, or to the reflection
// service, which grpcurl asks before every call (a person checking a draining replica
// with `grpcurl ... grpc.health.v1.Health/Check` must see NOT_SERVING, not "draining").
// Neither is work the drain waits for.
func isHousekeeping(method string) bool {
	return strings.HasPrefix(method, "/grpc.health.v1.Health/") ||
		strings.HasPrefix(method, "/grpc.reflection.v1.ServerReflection/") ||
		strings.HasPrefix(method, "/grpc.reflection.v1alpha.ServerReflection/")
}

// admit counts an RPC in, or refuses it while the server drains. release must be called
// when the handler returns.
func (s *Server) admit(method string) (release func(), err error) {
	if isHousekeeping(method) {
		return func() {}, nil
	}
	s.inflight.Add(1)
	if s.draining.Load() {
		s.inflight.Add(-1)
		st, _ := status.New(codes.Unavailable, "the server is draining before it stops; retry on another replica").
			WithDetails(&errdetails.ErrorInfo{Reason: reasonDraining, Domain: errorDomain})
		return nil, st.Err()
	}
	return func() { s.inflight.Add(-1) }, nil
}

// workContext returns a context for the work of one request or stream message: it ends
// when parent does (the client left or its deadline passed) or when the drain period
// ends.
func (s *Server) workContext(parent context.Context) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(parent)
	stop := context.AfterFunc(s.stopCtx, cancel)
	return ctx, func() { stop(); cancel() }
}

// stoppedError is the status for work whose context ended: Unavailable with the reason
// when the drain period ran out (hint says what the client should do), else
// DeadlineExceeded or Canceled.
func (s *Server) stoppedError(ctx context.Context, hint string) error {
	if s.stopCtx.Err() != nil {
		if hint == "" {
			hint = "retry on another replica"
		}
		msg := "the server is shutting down and its drain period"
		if s.drainTimeout > 0 {
			msg += " of " + s.drainTimeout.String()
		}
		st, _ := status.New(codes.Unavailable, msg+" ended before this call did; "+hint).
			WithDetails(&errdetails.ErrorInfo{Reason: reasonShutdown, Domain: errorDomain})
		return st.Err()
	}
	if err := contextError(ctx); err != nil {
		return err
	}
	return status.Error(codes.Canceled, "the call was cancelled")
}

// GracefulStop drains gs and stops it. At once, the health service reports NOT_SERVING
// (and keeps answering health checks), and new RPCs are refused with Unavailable
// ("draining; retry on another replica"), while connections are still accepted so that
// probes see the change. Open RPCs and game streams get up to drain to finish; those
// still open then end with Unavailable and a message saying the drain ran out, and the
// server stops. It reports whether every RPC finished within the drain period.
func (s *Server) GracefulStop(gs *grpc.Server, drain time.Duration) bool {
	s.drainTimeout = drain
	s.draining.Store(true)
	s.health.Shutdown()
	deadline := time.Now().Add(drain)
	graceful := s.waitIdle(deadline)
	if !graceful {
		s.stop() // handlers end with Unavailable and the reason
		s.waitIdle(time.Now().Add(lastWords))
	}
	done := make(chan struct{})
	go func() {
		gs.GracefulStop()
		close(done)
	}()
	t := time.NewTimer(lastWords)
	defer t.Stop()
	select {
	case <-done:
	case <-t.C: // health watchers and the like
		gs.Stop()
		<-done
	}
	return graceful
}

// waitIdle waits until no admitted RPC is running or the deadline passes, and reports
// which happened first.
func (s *Server) waitIdle(deadline time.Time) bool {
	for s.inflight.Load() > 0 {
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(10 * time.Millisecond)
	}
	return true
}

// Draining reports whether GracefulStop has begun.
func (s *Server) Draining() bool { return s.draining.Load() }
