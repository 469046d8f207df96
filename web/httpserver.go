package web

import (
	"context"
	"net"
	"net/http"
	"time"

	"github.com/arbiter-xq/arbiter/internal/resetguard"
)

// ServerConfig bounds what one HTTP client can make the HTTP port hold: how long it may
// take to send a request and to read the answer, how long an idle connection stays open,
// and, over HTTP/2, how many requests it may run at once and how fast it may cancel them.
type ServerConfig struct {
	// ReadHeaderTimeout bounds the time to read a request's headers.
	ReadHeaderTimeout time.Duration
	// ReadTimeout bounds the time to read a whole request, body included.
	ReadTimeout time.Duration
	// WriteTimeout bounds the time from the end of a request's headers to the end of its
	// answer: a client that does not read the answer frees its handler then.
	WriteTimeout time.Duration
	// IdleTimeout is how long a keep-alive connection may wait for its next request.
	IdleTimeout time.Duration
	// MaxHeaderBytes bounds a request's header.
	MaxHeaderBytes int
	// MaxConcurrentStreams is HTTP/2's SETTINGS_MAX_CONCURRENT_STREAMS: the requests one
	// connection may run at once.
	MaxConcurrentStreams int
	// MaxResetsPerConn is how many requests one connection may cancel in a burst (HTTP/2
	// RST_STREAM, refilled at a tenth of it per second); a connection that cancels
	// faster (rapid reset) is closed.
	MaxResetsPerConn int
	// MaxResetsPerPeer is that budget shared by the connections of one client address
	// (refilled at a tenth per second): while it is spent, the address's new connections
	// are closed as they are accepted. Negative: no per-address budget.
	MaxResetsPerPeer int
}

// DefaultServerConfig returns the HTTP limits `arbiter serve` uses unless told otherwise.
func DefaultServerConfig() ServerConfig {
	return ServerConfig{
		ReadHeaderTimeout:    10 * time.Second,
		ReadTimeout:          time.Minute,
		WriteTimeout:         2 * time.Minute,
		IdleTimeout:          2 * time.Minute,
		MaxHeaderBytes:       64 << 10,
		MaxConcurrentStreams: 100,
		MaxResetsPerConn:     1000,
		MaxResetsPerPeer:     2000,
	}
}

func (c ServerConfig) withDefaults() ServerConfig {
	d := DefaultServerConfig()
	for _, f := range []struct{ v, def *time.Duration }{
		{&c.ReadHeaderTimeout, &d.ReadHeaderTimeout}, {&c.ReadTimeout, &d.ReadTimeout},
		{&c.WriteTimeout, &d.WriteTimeout}, {&c.IdleTimeout, &d.IdleTimeout},
	} {
		if *f.v <= 0 {
			*f.v = *f.def
		}
	}
	for _, f := range []struct{ v, def *int }{
		{&c.MaxHeaderBytes, &d.MaxHeaderBytes}, {&c.MaxConcurrentStreams, &d.MaxConcurrentStreams},
		{&c.MaxResetsPerConn, &d.MaxResetsPerConn},
	} {
		if *f.v <= 0 {
			*f.v = *f.def
		}
	}
	if c.MaxResetsPerPeer == 0 { // negative: no per-address budget
		c.MaxResetsPerPeer = d.MaxResetsPerPeer
	}
	return c
}

// NewServer returns the HTTP server for h with the limits of cfg (zero values take
// DefaultServerConfig's): its timeouts, HTTP/2 settings and the rapid-reset guard.
//
// net/http caps the handlers running per HTTP/2 connection at MaxConcurrentStreams, which
// bounds memory but not a client that opens a stream and resets it, in a loop
// (CVE-2023-44487): every request whose context ended before its handler did (the
// client cancelled it) spends a token of its connection's budget, and a connection that
// runs out is closed.
func NewServer(h http.Handler, cfg ServerConfig) *http.Server {
	cfg = cfg.withDefaults()
	peers := resetguard.NewPeers(cfg.MaxResetsPerPeer)
	return &http.Server{
		Handler:           resetGuard(h),
		ReadHeaderTimeout: cfg.ReadHeaderTimeout,
		ReadTimeout:       cfg.ReadTimeout,
		WriteTimeout:      cfg.WriteTimeout,
		IdleTimeout:       cfg.IdleTimeout,
		MaxHeaderBytes:    cfg.MaxHeaderBytes,
		HTTP2:             &http.HTTP2Config{MaxConcurrentStreams: cfg.MaxConcurrentStreams},
		ConnContext: func(ctx context.Context, c net.Conn) context.Context {
			if peers.Refuse(c.RemoteAddr()) {
				// The address spent its budget: the connection is closed before its TLS
				// handshake, and the server drops it at its first read.
				c.Close() //nolint:errcheck // refused
			}
			return context.WithValue(ctx, connResetsKey{}, &connResets{budget: resetguard.NewBudget(cfg.MaxResetsPerConn),
				peer: peers.Of(c.RemoteAddr()), conn: c})
		},
	}
}

type connResets struct {
	budget, peer *resetguard.Budget
	conn         net.Conn
}

type connResetsKey struct{}

// resetGuard closes the connection of a request cancelled by its client once the
// connection's budget of cancellations is spent.
func resetGuard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		next.ServeHTTP(w, r)
		if r.Context().Err() == nil {
			return
		}
		cr, _ := r.Context().Value(connResetsKey{}).(*connResets)
		if cr == nil {
			return
		}
		if conn, peer := cr.budget.Spend(), cr.peer.Spend(); !conn || !peer {
			cr.conn.Close() //nolint:errcheck // the client is cut off either way
		}
	})
}
