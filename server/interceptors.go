package server

import (
	"context"
	"log/slog"
	"net"
	"runtime/debug"
	"strings"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/peer"
	"google.golang.org/grpc/status"
)

// splitMethod splits "/arbiter.v1.ArbiterService/Adjudicate" into service and method.
func splitMethod(full string) (string, string) {
	full = strings.TrimPrefix(full, "/")
	if i := strings.LastIndex(full, "/"); i >= 0 {
		return full[:i], full[i+1:]
	}
	return "unknown", full
}

func streamType(info *grpc.StreamServerInfo) string {
	switch {
	case info.IsClientStream && info.IsServerStream:
		return "bidi_stream"
	case info.IsClientStream:
		return "client_stream"
	}
	return "server_stream"
}

// The interceptor chain, outermost first: metrics, logging, undecodable bodies, the
// drain gate, deadline (unary), reply budget and size (unary), recovery. A recovered panic, a
// malformed body and a refusal while draining are therefore logged and counted like any
// other error.

func (s *Server) unaryInterceptors() []grpc.UnaryServerInterceptor {
	return []grpc.UnaryServerInterceptor{s.metricsUnary, s.loggingUnary, s.decodeUnary, s.gateUnary,
		s.deadlineUnary, s.replyUnary, s.recoverUnary}
}

func (s *Server) streamInterceptors() []grpc.StreamServerInterceptor {
	return []grpc.StreamServerInterceptor{s.metricsStream, s.loggingStream, s.decodeStream, s.gateStream, s.peerStream, s.recoverStream}
}

// decodeUnary fails a request whose body the codec could not decode.
func (s *Server) decodeUnary(ctx context.Context, req any, info *grpc.UnaryServerInfo, h grpc.UnaryHandler) (any, error) {
	if err := s.decode.take(req); err != nil {
		return nil, err
	}
	return h(ctx, req)
}

// decodeStream fails a stream at the first message the codec could not decode.
func (s *Server) decodeStream(srv any, ss grpc.ServerStream, info *grpc.StreamServerInfo, h grpc.StreamHandler) error {
	return h(srv, &decodingStream{ServerStream: ss, decode: &s.decode})
}

type decodingStream struct {
	grpc.ServerStream
	decode *decodeErrors
}

func (d *decodingStream) RecvMsg(m any) error {
	if err := d.ServerStream.RecvMsg(m); err != nil {
		return err
	}
	return d.decode.take(m)
}

// gateUnary refuses new RPCs while the server drains and counts the running ones.
func (s *Server) gateUnary(ctx context.Context, req any, info *grpc.UnaryServerInfo, h grpc.UnaryHandler) (any, error) {
	release, err := s.admit(info.FullMethod)
	if err != nil {
		return nil, err
	}
	defer release()
	return h(ctx, req)
}

func (s *Server) gateStream(srv any, ss grpc.ServerStream, info *grpc.StreamServerInfo, h grpc.StreamHandler) error {
	release, err := s.admit(info.FullMethod)
	if err != nil {
		return err
	}
	defer release()
	return h(srv, ss)
}

func (s *Server) metricsUnary(ctx context.Context, req any, info *grpc.UnaryServerInfo, h grpc.UnaryHandler) (any, error) {
	svc, method := splitMethod(info.FullMethod)
	s.m.started.WithLabelValues("unary", svc, method).Inc()
	s.m.msgReceived.WithLabelValues("unary", svc, method).Inc()
	t0 := time.Now()
	resp, err := h(ctx, req)
	code := status.Code(err).String()
	s.m.handled.WithLabelValues("unary", svc, method, code).Inc()
	s.m.handling.WithLabelValues("unary", svc, method, code).Observe(time.Since(t0).Seconds())
	if err == nil {
		s.m.msgSent.WithLabelValues("unary", svc, method).Inc()
	}
	return resp, err
}

func (s *Server) metricsStream(srv any, ss grpc.ServerStream, info *grpc.StreamServerInfo, h grpc.StreamHandler) error {
	svc, method := splitMethod(info.FullMethod)
	typ := streamType(info)
	s.m.started.WithLabelValues(typ, svc, method).Inc()
	t0 := time.Now()
	err := h(srv, &countingStream{ServerStream: ss,
		received: s.m.msgReceived.WithLabelValues(typ, svc, method),
		sent:     s.m.msgSent.WithLabelValues(typ, svc, method)})
	code := status.Code(err).String()
	s.m.handled.WithLabelValues(typ, svc, method, code).Inc()
	s.m.handling.WithLabelValues(typ, svc, method, code).Observe(time.Since(t0).Seconds())
	return err
}

type counter interface{ Inc() }

// countingStream counts the messages of a stream.
type countingStream struct {
	grpc.ServerStream
	received, sent counter
}

func (c *countingStream) RecvMsg(m any) error {
	err := c.ServerStream.RecvMsg(m)
	if err == nil {
		c.received.Inc()
	}
	return err
}

func (c *countingStream) SendMsg(m any) error {
	err := c.ServerStream.SendMsg(m)
	if err == nil {
		c.sent.Inc()
	}
	return err
}

// logLevel logs server faults at Error, client errors at Info, successes at Debug.
func logLevel(code codes.Code) slog.Level {
	switch code {
	case codes.OK:
		return slog.LevelDebug
	case codes.Internal, codes.Unknown, codes.DataLoss, codes.Unimplemented:
		return slog.LevelError
	}
	return slog.LevelInfo
}

func (s *Server) logRPC(ctx context.Context, kind, method string, t0 time.Time, err error) {
	st := status.Convert(err)
	lvl := logLevel(st.Code())
	if !s.log.Enabled(ctx, lvl) {
		return
	}
	attrs := []slog.Attr{
		slog.String("grpc.method", method),
		slog.String("grpc.type", kind),
		slog.String("grpc.code", st.Code().String()),
		slog.Float64("duration_ms", float64(time.Since(t0).Microseconds())/1000),
	}
	if p, ok := peer.FromContext(ctx); ok && p.Addr != nil {
		addr := p.Addr.String()
		if client, ok := httpClient(ctx, p.Addr); ok {
			addr = client
			attrs = append(attrs, slog.String("via", "http"))
		}
		attrs = append(attrs, slog.String("peer", addr))
	}
	if err != nil {
		attrs = append(attrs, slog.String("error", clipTo(st.Message(), maxDescription)))
	}
	s.log.LogAttrs(ctx, lvl, "rpc", attrs...)
}

// httpClient returns the address of the HTTP client behind a call the HTTP port's
// gateway makes over its in-process pipe (package web: a bufconn listener, whose peer
// says only "bufconn"). The gateway appends the client's address to x-forwarded-for, so
// the last entry is the one it saw itself; entries before it come from the client and
// are not trusted here.
func httpClient(ctx context.Context, a net.Addr) (string, bool) {
	if a.Network() != "bufconn" {
		return "", false
	}
	md, _ := metadata.FromIncomingContext(ctx)
	fwd := md.Get("x-forwarded-for")
	if len(fwd) == 0 {
		return "", false
	}
	last := fwd[len(fwd)-1]
	if i := strings.LastIndexByte(last, ','); i >= 0 {
		last = last[i+1:]
	}
	last = strings.TrimSpace(last)
	return last, last != ""
}

func (s *Server) loggingUnary(ctx context.Context, req any, info *grpc.UnaryServerInfo, h grpc.UnaryHandler) (any, error) {
	t0 := time.Now()
	resp, err := h(ctx, req)
	s.logRPC(ctx, "unary", info.FullMethod, t0, err)
	return resp, err
}

func (s *Server) loggingStream(srv any, ss grpc.ServerStream, info *grpc.StreamServerInfo, h grpc.StreamHandler) error {
	t0 := time.Now()
	err := h(srv, ss)
	s.logRPC(ss.Context(), streamType(info), info.FullMethod, t0, err)
	return err
}

// deadlineUnary gives the handler a context that ends when the client leaves, at
// Config.RequestTimeout (a shorter client deadline wins) or when the drain period ends,
// and reports a request that ran over as DeadlineExceeded (Unavailable with the reason
// when the drain ended it).
func (s *Server) deadlineUnary(ctx context.Context, req any, info *grpc.UnaryServerInfo, h grpc.UnaryHandler) (any, error) {
	if s.cfg.RequestTimeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, s.cfg.RequestTimeout)
		defer cancel()
	}
	ctx, cancel := s.workContext(ctx)
	defer cancel()
	resp, err := h(ctx, req)
	if ctx.Err() != nil && (err == nil || status.Code(err) == codes.Canceled || status.Code(err) == codes.DeadlineExceeded) {
		return nil, s.stoppedError(ctx, "")
	}
	return resp, err
}

func (s *Server) recovered(ctx context.Context, method string, r any) error {
	s.m.panics.Inc()
	s.log.LogAttrs(ctx, slog.LevelError, "panic in handler",
		slog.String("grpc.method", method),
		slog.Any("panic", r),
		slog.String("stack", string(debug.Stack())))
	return status.Error(codes.Internal, "internal error")
}

func (s *Server) recoverUnary(ctx context.Context, req any, info *grpc.UnaryServerInfo, h grpc.UnaryHandler) (resp any, err error) {
	defer func() {
		if r := recover(); r != nil {
			resp, err = nil, s.recovered(ctx, info.FullMethod, r)
		}
	}()
	return h(ctx, req)
}

func (s *Server) recoverStream(srv any, ss grpc.ServerStream, info *grpc.StreamServerInfo, h grpc.StreamHandler) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = s.recovered(ss.Context(), info.FullMethod, r)
		}
	}()
	return h(srv, ss)
}
