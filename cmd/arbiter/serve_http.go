package main

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"

	"google.golang.org/grpc"

	"github.com/arbiter-xq/arbiter/server"
	"github.com/arbiter-xq/arbiter/web"
)

// httpFront is the --http-addr listener of `arbiter serve`: the HTTP/JSON API, the OpenAPI
// document and the web page (package web). The gateway reaches the service through its own
// in-process gRPC server built by srv.GRPCServer: same interceptors, limits, metrics and
// drain state as the network server, but without the network server's transport
// credentials, which an in-memory pipe does not need.
type httpFront struct {
	lis  net.Listener
	hs   *http.Server
	gs   *grpc.Server
	conn interface{ Close() error }
}

// startHTTP listens on addr and prepares the HTTP server; serve starts it. With tc (the
// gRPC port's TLS configuration) the port is HTTPS with the same certificate and, under
// mutual TLS, the same client certificate requirement.
// hc holds the HTTP timeouts; its HTTP/2 stream and reset limits are the gRPC port's.
// opts gives the PGN game limit and the CORS origins; the size limits are the server's.
func startHTTP(ctx context.Context, addr string, srv *server.Server, tc *tls.Config, hc web.ServerConfig, opts web.Options) (*httpFront, error) {
	lis, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, err
	}
	gs := srv.GRPCServer()
	conn, err := web.InProcess(gs)
	if err != nil {
		lis.Close()
		return nil, err
	}
	cfg := srv.Config()
	opts.MaxBodyBytes, opts.MaxResponseBytes = cfg.MaxMessageBytes, cfg.MaxResponseBytes
	h, err := web.New(ctx, conn, opts)
	if err != nil {
		conn.Close()
		gs.Stop()
		lis.Close()
		return nil, err
	}
	hc.MaxConcurrentStreams, hc.MaxResetsPerConn, hc.MaxResetsPerPeer = cfg.MaxStreamsPerConn, cfg.MaxResetsPerConn, cfg.MaxResetsPerPeer
	hs := web.NewServer(h, hc)
	if tc != nil {
		hs.TLSConfig = tc.Clone()
	}
	return &httpFront{lis: lis, hs: hs, gs: gs, conn: conn}, nil
}

// serve serves HTTP until shutdown; a failure is sent on errc.
func (f *httpFront) serve(errc chan<- error) {
	serve := func() error { return f.hs.Serve(f.lis) }
	if f.hs.TLSConfig != nil {
		serve = func() error { return f.hs.ServeTLS(f.lis, "", "") } // the certificate is in TLSConfig
	}
	if err := serve(); !errors.Is(err, http.ErrServerClosed) {
		errc <- fmt.Errorf("http server: %w", err)
	}
}

// addr is the address it listens on.
func (f *httpFront) addr() string { return f.lis.Addr().String() }

// draining is called when the server begins to drain. The HTTP port goes on serving
// during the drain, as the gRPC port does: API calls are refused by the service with
// UNAVAILABLE, which the gateway answers as HTTP 503 with the reason, and every answer
// closes its connection (keep-alives off) so that clients and load balancers reconnect
// elsewhere. Closing the listener at once would give them "connection refused" instead.
func (f *httpFront) draining() { f.hs.SetKeepAlivesEnabled(false) }

// shutdown, called once the gRPC side has drained (every API call made through this port
// has ended by then), stops accepting connections, lets open requests finish for up to
// grace, then stops the in-process server.
func (f *httpFront) shutdown(grace time.Duration) {
	ctx, cancel := context.WithTimeout(context.Background(), grace)
	defer cancel()
	f.hs.Shutdown(ctx) //nolint:errcheck // past the drain, the rest is cut off below
	f.hs.Close()
	f.conn.Close()
	f.gs.Stop()
}
