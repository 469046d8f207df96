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

// spent reports whether the budget has no whole token left (after its refill).
func (b *Budget) spent() bool {
	if b == nil || b.burst <= 0 {
		return false
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	t := b.now()
	if !b.last.IsZero() {
		b.tokens = min(b.burst, b.tokens+t.Sub(b.last).Seconds()*b.burst/10)
		b.last = t
	}
	return b.tokens < 1
}

// full reports whether the budget has refilled to its burst (it then carries nothing
// worth remembering).
func (b *Budget) full() bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.last.IsZero() {
		return true
	}
	return b.tokens+b.now().Sub(b.last).Seconds()*b.burst/10 >= b.burst
}

// Peers keeps one Budget per client address (IP, without the port), shared by all the
// connections from it: a client closed for resetting too fast that reconnects at once
// does not start with a fresh budget, and while its address's budget is spent its new
// connections are closed as they are accepted (Refuse). Every connecting address gets an
// entry; once there are 1,024, budgets that have refilled (they carry nothing) are
// dropped, at most once a second, and at most maxPeers addresses are remembered.
type Peers struct {
	burst  int
	mu     sync.Mutex
	m      map[string]*Budget
	pruned time.Time
}

// maxPeers bounds the addresses a Peers remembers; beyond it (a flood from more
// addresses than that within ten seconds) a new address gets a budget of its own that is
// not shared (each connection is still bounded by its own budget).
const maxPeers = 1 << 16

// NewPeers returns per-address budgets of burst cancellations; burst <= 0 means no
// per-address limit.
func NewPeers(burst int) *Peers { return &Peers{burst: burst, m: map[string]*Budget{}} }

func host(addr net.Addr) string {
	if addr == nil {
		return ""
	}
	a := addr.String()
	if h, _, err := net.SplitHostPort(a); err == nil {
		return h
	}
	return a
}

// Of returns the budget of addr's client address (nil, which never runs out, when p has
// no limit).
func (p *Peers) Of(addr net.Addr) *Budget {
	if p == nil || p.burst <= 0 {
		return nil
	}
	k := host(addr)
	p.mu.Lock()
	defer p.mu.Unlock()
	if b := p.m[k]; b != nil {
		return b
	}
	if now := time.Now(); len(p.m) >= 1024 && now.Sub(p.pruned) >= time.Second {
		p.pruned = now
		for key, b := range p.m {
			if b.full() {
				delete(p.m, key)
			}
		}
	}
	b := NewBudget(p.burst)
	if len(p.m) < maxPeers {
		p.m[k] = b
	}
	return b
}

// Refuse reports whether addr's client address has spent its budget: a new connection
// from it is closed at once.
func (p *Peers) Refuse(addr net.Addr) bool {
	if p == nil || p.burst <= 0 {
		return false
	}
	p.mu.Lock()
	b := p.m[host(addr)]
	p.mu.Unlock()
	return b.spent()
}

// Conns remembers the connections accepted through Listen by their address pair, so that
// a server that only knows a connection's addresses (a gRPC stats handler) can close it.
type Conns struct {
	mu    sync.Mutex
	conns map[string]net.Conn
	// Refuse, when set, is asked about every accepted connection's remote address: a
	// connection it refuses is closed at once and never handed to the server.
	Refuse func(net.Addr) bool
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
	for err == nil && l.cs.Refuse != nil && l.cs.Refuse(c.RemoteAddr()) {
		c.Close() //nolint:errcheck // refused
		c, err = l.Listener.Accept()
	}
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
