package server

import "time"

// Config holds the server's limits. Every limit bounds what one client can make the
// server hold or compute; the README's service section lists them with their defaults.
type Config struct {
	// MaxPlies is the longest history a request or a game stream may carry (moves of an
	// Adjudicate or Compare request; resumed plus streamed moves of a game).
	MaxPlies int
	// MaxMessageBytes is the largest request message the server accepts.
	MaxMessageBytes int
	// MaxResponseBytes is the largest response a unary RPC may return; a larger one fails
	// with ResourceExhausted (ask for fewer rulesets, a shorter history or a smaller page).
	MaxResponseBytes int
	// MaxStreams is the number of PlayGame streams that may be open at once, over all
	// connections; one more is refused with ResourceExhausted.
	MaxStreams int
	// MaxStreamsPerConn is the number of concurrent RPCs (HTTP/2 streams) one connection
	// may open; the client queues the rest.
	MaxStreamsPerConn int
	// MaxRulesets is the number of distinct ruleset ids a Compare request may name
	// (duplicates are dropped first).
	MaxRulesets int
	// MaxCaseIDs is the number of distinct case ids a VerifyCasebook request may name
	// (duplicates are dropped first).
	MaxCaseIDs int
	// RequestTimeout bounds each unary request (a shorter client deadline wins). Zero
	// means no server-side bound.
	RequestTimeout time.Duration
	// StreamStartTimeout is how long a PlayGame stream may stay open before its first
	// message (the GameStart) arrives.
	StreamStartTimeout time.Duration
	// StreamIdleTimeout is how long a PlayGame stream may wait for its next move; a game
	// lasts as long as it lasts, but a silent stream does not hold a slot for ever.
	StreamIdleTimeout time.Duration
	// HandshakeTimeout bounds the time a new connection has to complete its TLS and
	// HTTP/2 handshakes.
	HandshakeTimeout time.Duration
	// MaxHeaderListBytes bounds the metadata (HTTP/2 header list) of one call, as HTTP/2
	// counts it (names, values and 32 bytes per field); a call with more is refused.
	MaxHeaderListBytes int
	// MaxResetsPerConn is how many RPCs one connection's client may cancel (RST_STREAM)
	// in a burst; the allowance refills at a tenth of it per second, and a connection
	// that cancels faster (HTTP/2 rapid reset) is closed.
	MaxResetsPerConn int
	// MaxResetsPerPeer is the same budget shared by all the connections of one peer
	// (remote IP address), refilled at a tenth of it per second: a client that
	// reconnects each time it is closed goes on spending it, and while it is spent its
	// new connections are closed as they are accepted. Negative: no per-peer budget.
	MaxResetsPerPeer int
	// MaxStreamsPerPeer is the number of PlayGame streams one peer (remote IP address,
	// over all its connections) may have open; one more is refused with
	// ResourceExhausted. Behind a load balancer or proxy every client has its address:
	// raise it, or make it negative for no per-peer limit.
	MaxStreamsPerPeer int
	// MaxUnsentBytesPerConn bounds the replies one connection's unary calls may have
	// computed and not yet sent (a client that does not read makes the server hold
	// them): each call reserves its reply's estimated size before it runs, waiting
	// within its deadline while the connection is at the budget, and the bytes come back
	// as the reply is written. A call alone on its connection runs when the server-wide
	// and per-peer budgets have room. It also bounds how many large replies one
	// connection computes at once.
	MaxUnsentBytesPerConn int
	// MaxUnsentBytes bounds the same over all connections: a call waits while the
	// server's replies computed and not yet sent are at it (a call alone on the server
	// always runs). Negative: no server-wide limit.
	MaxUnsentBytes int64
	// MaxUnsentBytesPerPeer bounds what the connections of one peer (remote IP
	// address) may hold of it, so that one client cannot make every other client's
	// calls wait. Negative: no per-peer share.
	MaxUnsentBytesPerPeer int64
	// UnsentStallTimeout closes a connection that holds computed replies and has written
	// none of their bytes for that long (a client that never reads); it frees them and
	// their share of the budgets. Negative: never.
	UnsentStallTimeout time.Duration
	// MaxStreamBytes bounds the memory the open PlayGame streams' games may hold
	// together, and MaxStreamBytesPerPeer what one peer's (remote IP address) may hold,
	// counted as each game's footprint (arbiter.Footprinter: an upper bound from its
	// length). A move or start that finds a budget spent is refused (the move with a
	// STREAM_MEMORY_SPENT rejection, the game unchanged; the start with
	// ResourceExhausted); the budget comes back as streams close. Negative: no limit.
	MaxStreamBytes, MaxStreamBytesPerPeer int64
}

// DefaultConfig returns the limits `arbiter serve` uses unless told otherwise.
func DefaultConfig() Config {
	return Config{
		MaxPlies:           4000,
		MaxMessageBytes:    1 << 20,
		MaxResponseBytes:   4 << 20, // the default receive limit of gRPC clients
		MaxStreams:         10000,
		MaxStreamsPerConn:  100,
		MaxRulesets:        16,
		MaxCaseIDs:         256,
		RequestTimeout:     10 * time.Second,
		StreamStartTimeout: 10 * time.Second,
		StreamIdleTimeout:  30 * time.Minute,
		HandshakeTimeout:   10 * time.Second,
		MaxHeaderListBytes: 64 << 10,
		MaxResetsPerConn:   1000,
		MaxResetsPerPeer:   2000,
		MaxStreamsPerPeer:  1000,

		MaxUnsentBytesPerConn: 16 << 20,
		MaxUnsentBytes:        256 << 20,
		MaxUnsentBytesPerPeer: 64 << 20,
		UnsentStallTimeout:    30 * time.Second,
		MaxStreamBytes:        256 << 20,
		MaxStreamBytesPerPeer: 64 << 20,
	}
}

// withDefaults fills zero limits from DefaultConfig (RequestTimeout stays as given).
func (c Config) withDefaults() Config {
	d := DefaultConfig()
	for _, f := range []struct{ v, def *int }{
		{&c.MaxPlies, &d.MaxPlies}, {&c.MaxMessageBytes, &d.MaxMessageBytes},
		{&c.MaxResponseBytes, &d.MaxResponseBytes}, {&c.MaxStreams, &d.MaxStreams},
		{&c.MaxStreamsPerConn, &d.MaxStreamsPerConn}, {&c.MaxRulesets, &d.MaxRulesets},
		{&c.MaxCaseIDs, &d.MaxCaseIDs}, {&c.MaxHeaderListBytes, &d.MaxHeaderListBytes},
		{&c.MaxResetsPerConn, &d.MaxResetsPerConn}, {&c.MaxUnsentBytesPerConn, &d.MaxUnsentBytesPerConn},
	} {
		if *f.v <= 0 {
			*f.v = *f.def
		}
	}
	if c.MaxStreamsPerPeer == 0 { // negative: no per-peer limit
		c.MaxStreamsPerPeer = d.MaxStreamsPerPeer
	}
	if c.MaxResetsPerPeer == 0 { // negative: no per-peer budget
		c.MaxResetsPerPeer = d.MaxResetsPerPeer
	}
	if c.MaxUnsentBytes == 0 { // negative: no limit
		c.MaxUnsentBytes = d.MaxUnsentBytes
	}
	if c.MaxUnsentBytesPerPeer == 0 { // negative: no per-peer share
		c.MaxUnsentBytesPerPeer = d.MaxUnsentBytesPerPeer
	}
	if c.UnsentStallTimeout == 0 { // negative: never
		c.UnsentStallTimeout = d.UnsentStallTimeout
	}
	if c.MaxStreamBytes == 0 { // negative: no limit
		c.MaxStreamBytes = d.MaxStreamBytes
	}
	if c.MaxStreamBytesPerPeer == 0 {
		c.MaxStreamBytesPerPeer = d.MaxStreamBytesPerPeer
	}
	for _, f := range []struct{ v, def *time.Duration }{
		{&c.StreamStartTimeout, &d.StreamStartTimeout}, {&c.StreamIdleTimeout, &d.StreamIdleTimeout},
		{&c.HandshakeTimeout, &d.HandshakeTimeout},
	} {
		if *f.v <= 0 {
			*f.v = *f.def
		}
	}
	return c
}
