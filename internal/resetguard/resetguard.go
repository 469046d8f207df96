// Package resetguard bounds how fast one connection's client may cancel requests: the
// mitigation of HTTP/2 "rapid reset" (CVE-2023-44487), where a client opens a stream and
// resets it at once, in a loop, so that the server starts work for each stream that no
// one waits for, without ever holding more than a few streams open.
//
// grpc-go and net/http already cap the handlers running per connection at the
// connection's MAX_CONCURRENT_STREAMS, which bounds memory but not the rate: a client
// that resets every stream it opens keeps the server busy starting handlers. Each
// connection therefore gets a Budget of cancellations; a connection that spends it is
// closed.
package resetguard

import (
	"net"
	"sync"
	"time"
)

// Budget is a token bucket of cancellations: burst tokens, refilled at burst/10 per
// second (so a client may cancel burst requests at once, and burst/10 per second for
// ever). It is safe for concurrent use.
type Budget struct {
	mu     sync.Mutex
	burst  float64
	tokens float64
	last   time.Time
	now    func() time.Time
}

// NewBudget returns a full budget of burst cancellations; burst <= 0 means no limit.
func NewBudget(burst int) *Budget {
	return &Budget{burst: float64(burst), tokens: float64(burst), now: time.Now}
}

// Spend takes one cancellation; it reports false once the budget is exhausted.
func (b *Budget) Spend() bool {
	if b == nil || b.burst <= 0 {
		return true
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	t := b.now()
	if !b.last.IsZero() {
		b.tokens = min(b.burst, b.tokens+t.Sub(b.last).Seconds()*b.burst/10)
	}
	b.last = t
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}

// Conns remembers the connections accepted through Listen by their address pair, so that
// a server that only knows a connection's addresses (a gRPC stats handler) can close it.
type Conns struct {
	mu    sync.Mutex
	conns map[string]net.Conn
}

// Key is the address pair that names a connection.
func Key(local, remote net.Addr) string {
	if local == nil || remote == nil {
		return ""
	}
	return local.String() + "|" + remote.String()
}

// Listen wraps l: the connections it accepts are remembered until they are closed.
func (cs *Conns) Listen(l net.Listener) net.Listener { return &listener{Listener: l, cs: cs} }

// Lookup returns the connection with those addresses, or nil.
func (cs *Conns) Lookup(key string) net.Conn {
	cs.mu.Lock()
	defer cs.mu.Unlock()
	return cs.conns[key]
}

type listener struct {
	net.Listener
	cs *Conns
}

func (l *listener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	key := Key(c.LocalAddr(), c.RemoteAddr())
	tc := &conn{Conn: c, cs: l.cs, key: key}
	l.cs.mu.Lock()
	if l.cs.conns == nil {
		l.cs.conns = map[string]net.Conn{}
	}
	l.cs.conns[key] = tc
	l.cs.mu.Unlock()
	return tc, nil
}

type conn struct {
	net.Conn
	cs   *Conns
	key  string
	once sync.Once
}

func (c *conn) Close() error {
	c.once.Do(func() {
		c.cs.mu.Lock()
		if c.cs.conns[c.key] == net.Conn(c) {
			delete(c.cs.conns, c.key)
		}
		c.cs.mu.Unlock()
	})
	return c.Conn.Close()
}
