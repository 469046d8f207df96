package server

import (
	"context"
	"encoding/binary"
	"fmt"
	"net"
	"reflect"
	"strconv"
	"sync"
	"time"

	"github.com/arbiter-xq/arbiter/apiconv"
	arbiterv1 "github.com/arbiter-xq/arbiter/proto/arbiter/v1"
	"golang.org/x/net/http2"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/peer"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
)

// The reply budget bounds what one connection can have computed and not yet sent
// (Config.MaxUnsentBytesPerConn; issue 29, finding 1). gRPC hands a unary reply to its
// transport and forgets it: a client that grants no HTTP/2 window (or never reads)
// leaves every reply queued on the server, up to MAX_CONCURRENT_STREAMS replies of up
// to MaxResponseBytes each per connection. grpc-go bounds what a *streaming* handler
// may queue (its per-stream write quota blocks the next Send until the previous one is
// written), but has no such bound across the unary calls of a connection.
//
// So every unary call reserves its reply's estimated size on its connection before it
// runs (waiting, within its deadline, while the connection's reservations are at the
// budget) and settles it to the reply's real size before gRPC queues it. The bytes are
// given back as the transport writes the stream's DATA frames, or all at once when the
// stream ends (its trailers written, or reset by either side) or the connection closes.
// To see the frames, the budget wraps the connection above TLS: the server's transport
// credentials are wrapped (Server.Credentials; the default ServerOptions wrap the
// insecure ones), and the connection's budget rides on its AuthInfo, which gRPC puts
// into every call's peer.

// replyPool is the server-wide reply budget (Config.MaxUnsentBytes): every connection's
// reservations count toward it too, so that many connections cannot together hold what
// one may not (20 connections of unread replies held 290 MB within their 16 MiB each).
//
// One client address may hold at most perPeer of it (Config.MaxUnsentBytesPerPeer), so
// that one client cannot fill the server's budget and make every other client's calls
// wait.
type replyPool struct {
	limit, perPeer int64 // negative: no limit

	mu      sync.Mutex
	held    int64
	peers   map[string]int64 // held per client address
	wake    chan struct{}    // closed when bytes come back, if someone waits
	waiting bool
}

func newReplyPool(limit, perPeer int64) *replyPool {
	return &replyPool{limit: limit, perPeer: perPeer, peers: map[string]int64{}, wake: make(chan struct{})}
}

// fits reports whether n more bytes of peer fit (a server, or a peer, holding nothing
// always takes them), and else the channel that is closed when bytes come back. The
// caller holds the connection's lock.
func (p *replyPool) fits(peer string, n int64) (bool, chan struct{}) {
	if p == nil {
		return true, nil
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	mine := p.peers[peer]
	if (p.limit < 0 || p.held == 0 || p.held+n <= p.limit) && (p.perPeer < 0 || mine == 0 || mine+n <= p.perPeer) {
		return true, nil
	}
	p.waiting = true
	return false, p.wake
}

func (p *replyPool) add(peer string, d int64) {
	if p == nil || d == 0 {
		return
	}
	p.mu.Lock()
	p.held += d
	if p.peers[peer] += d; p.peers[peer] <= 0 {
		delete(p.peers, peer)
	}
	if d < 0 && p.waiting {
		close(p.wake)
		p.wake, p.waiting = make(chan struct{}), false
	}
	p.mu.Unlock()
}

// connBudget is one connection's reply budget.
type connBudget struct {
	limit int64
	m     *metrics
	pool  *replyPool // the server's, shared by its connections
	peer  string     // the client address, for the pool's per-peer share
	// stall closes the connection when it has replies ready to send (computed, not
	// only reserved) and has written none of their bytes for stallAfter
	// (Config.UnsentStallTimeout): a client that never reads would otherwise hold them,
	// and its share of the budgets, for as long as it likes. A call still computing
	// its reply does not count.
	stall      *time.Timer
	stallOn    bool
	stallAfter time.Duration
	onStall    func()
	ready      map[uint32]bool // streams whose reply is computed and not all written

	mu      sync.Mutex
	held    int64            // bytes reserved or queued and not yet written
	streams map[uint32]int64 // per HTTP/2 stream
	resets  map[uint32]bool  // streams the client reset before their call reserved
	order   []uint32         // resets, oldest first
	wake    chan struct{}    // closed when bytes come back
	closed  bool
}

// maxResetMemory bounds the resets remembered for calls that have not reserved yet. The
// transport reads at most a buffer (32 KiB) ahead of the frames it has handled, that
// is fewer than 2,600 RST_STREAM frames: a reset older than that has reached its call,
// whose context is then cancelled.
const maxResetMemory = 4096

func newConnBudget(limit int64, m *metrics, pool *replyPool) *connBudget {
	return &connBudget{limit: limit, m: m, pool: pool, streams: map[uint32]int64{}, resets: map[uint32]bool{}, wake: make(chan struct{})}
}

// watchStalls makes b call onStall once it has held replies for after without writing
// any of their bytes.
func (b *connBudget) watchStalls(after time.Duration, onStall func()) {
	if after > 0 {
		b.stallAfter, b.onStall, b.ready = after, onStall, map[uint32]bool{}
	}
}

// kick runs the stall timer while replies are ready and unwritten (the lock held):
// it starts when the first is ready, starts again when bytes are written (progress),
// and stops when none is left.
func (b *connBudget) kick(progress bool) {
	if b.onStall == nil {
		return
	}
	switch {
	case len(b.ready) == 0:
		if b.stall != nil {
			b.stall.Stop()
		}
		b.stallOn = false
	case !b.stallOn || progress:
		if b.stall == nil {
			b.stall = time.AfterFunc(b.stallAfter, b.onStall)
		} else {
			b.stall.Reset(b.stallAfter)
		}
		b.stallOn = true
	}
}

// add changes held by d (the lock held) and wakes the waiting calls when bytes came back.
func (b *connBudget) add(d int64) {
	if d == 0 {
		return
	}
	b.held += d
	b.pool.add(b.peer, d)
	b.m.replyHeld.Add(float64(d))
	if d < 0 {
		close(b.wake)
		b.wake = make(chan struct{})
	}
}

// reserve takes n bytes for stream id's reply, waiting while the connection's budget
// or the server's is spent (a call alone on its connection gets its reservation when
// the server's budget has room for it, and a call alone on the server always does). It
// fails when ctx ends, or when the client has already reset the stream.
func (b *connBudget) reserve(ctx context.Context, id uint32, n int64) error {
	for {
		b.mu.Lock()
		if b.resets[id] {
			delete(b.resets, id)
			b.mu.Unlock()
			return status.Error(codes.Canceled, "the client reset the call")
		}
		if b.closed {
			b.mu.Unlock()
			return status.Error(codes.Canceled, "the connection is closed")
		}
		wake := b.wake
		if b.held == 0 || b.held+n <= b.limit {
			ok, poolWake := b.pool.fits(b.peer, n)
			if ok {
				b.streams[id] += n
				b.add(n)
				b.mu.Unlock()
				return nil
			}
			wake = poolWake
		}
		b.mu.Unlock()
		b.m.replyWaiting.Inc()
		select {
		case <-wake:
			b.m.replyWaiting.Dec()
		case <-ctx.Done():
			b.m.replyWaiting.Dec()
			return status.FromContextError(ctx.Err()).Err()
		}
	}
}

// settle sets stream id's reservation to the reply's real size n (0 when there is no
// reply to send), before gRPC queues it.
func (b *connBudget) settle(id uint32, n int64) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closed {
		return // the transport may still read or write after the connection's close
	}
	cur, ok := b.streams[id]
	if !ok {
		return // the stream ended meanwhile
	}
	b.streams[id] = n
	b.add(n - cur)
	if b.ready != nil && n > 0 {
		b.ready[id] = true
		b.kick(false)
	}
}

// wrote gives back n bytes of stream id's reply, which the transport has written.
func (b *connBudget) wrote(id uint32, n int64) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closed {
		return // the transport may still read or write after the connection's close
	}
	cur, ok := b.streams[id]
	if !ok || cur == 0 {
		return
	}
	n = min(n, cur)
	b.streams[id] = cur - n
	b.add(-n)
	if b.ready != nil {
		if cur == n {
			delete(b.ready, id)
		}
		b.kick(true)
	}
}

// end gives back what stream id still holds: the stream is over, so whatever it had not
// written is dropped. A stream the client reset before its call reserved is remembered
// (byClient), so that the call does not reserve for a reply no one will take.
func (b *connBudget) end(id uint32, byClient bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closed {
		return // the transport may still read or write after the connection's close
	}
	cur, ok := b.streams[id]
	if ok {
		delete(b.streams, id)
		b.add(-cur)
		if b.ready != nil {
			delete(b.ready, id)
			b.kick(false)
		}
		return
	}
	if byClient && !b.resets[id] {
		b.resets[id] = true
		b.order = append(b.order, id)
		if len(b.order) > maxResetMemory {
			delete(b.resets, b.order[0])
			b.order = b.order[1:]
		}
	}
}

// close gives everything back: the connection is gone.
func (b *connBudget) close() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closed {
		return
	}
	b.closed = true
	b.add(-b.held)
	if b.stall != nil {
		b.stall.Stop()
	}
	b.streams, b.resets, b.order = nil, nil, nil
	close(b.wake)
	b.wake = make(chan struct{})
}

// frameScanner follows the HTTP/2 frames of one direction of a connection from the
// bytes that pass, calling on at each frame header.
type frameScanner struct {
	skip int // bytes of the client preface still to pass
	hdr  [9]byte
	nh   int // bytes of hdr filled
	left int // payload bytes of the current frame still to pass
}

func (f *frameScanner) scan(p []byte, on func(typ http2.FrameType, flags http2.Flags, id uint32, length int)) {
	for len(p) > 0 {
		switch {
		case f.skip > 0:
			k := min(f.skip, len(p))
			f.skip -= k
			p = p[k:]
		case f.left > 0:
			k := min(f.left, len(p))
			f.left -= k
			p = p[k:]
		default:
			k := copy(f.hdr[f.nh:], p)
			f.nh += k
			p = p[k:]
			if f.nh < len(f.hdr) {
				return
			}
			f.nh = 0
			f.left = int(f.hdr[0])<<16 | int(f.hdr[1])<<8 | int(f.hdr[2])
			on(http2.FrameType(f.hdr[3]), http2.Flags(f.hdr[4]), binary.BigEndian.Uint32(f.hdr[5:])&(1<<31-1), f.left)
		}
	}
}

// budgetConn is a server connection (above TLS) whose frames feed its reply budget.
type budgetConn struct {
	net.Conn
	b       *connBudget
	in, out frameScanner // each used by one goroutine of the transport (reader, writer)
}

func (c *budgetConn) Read(p []byte) (int, error) {
	n, err := c.Conn.Read(p)
	c.in.scan(p[:n], func(typ http2.FrameType, _ http2.Flags, id uint32, _ int) {
		if typ == http2.FrameRSTStream {
			c.b.end(id, true)
		}
	})
	return n, err
}

func (c *budgetConn) Write(p []byte) (int, error) {
	n, err := c.Conn.Write(p)
	c.out.scan(p[:n], func(typ http2.FrameType, flags http2.Flags, id uint32, length int) {
		switch typ {
		case http2.FrameData:
			c.b.wrote(id, int64(length))
		case http2.FrameRSTStream:
			c.b.end(id, false)
			return
		case http2.FrameHeaders:
		default:
			return
		}
		if flags.Has(http2.FlagDataEndStream) { // the same bit for HEADERS
			c.b.end(id, false)
		}
	})
	return n, err
}

func (c *budgetConn) Close() error {
	c.b.close()
	return c.Conn.Close()
}

// budgetAuth is the connection's AuthInfo with its reply budget.
type budgetAuth struct {
	credentials.AuthInfo
	b *connBudget
}

// GetCommonAuthInfo passes on the security level of the wrapped AuthInfo.
func (a budgetAuth) GetCommonAuthInfo() credentials.CommonAuthInfo {
	if c, ok := a.AuthInfo.(interface {
		GetCommonAuthInfo() credentials.CommonAuthInfo
	}); ok {
		return c.GetCommonAuthInfo()
	}
	return credentials.CommonAuthInfo{}
}

// Unwrap returns the AuthInfo of the wrapped credentials (credentials.TLSInfo under TLS).
func (a budgetAuth) Unwrap() credentials.AuthInfo { return a.AuthInfo }

// budgetCreds wraps transport credentials so that every connection gets a reply budget.
type budgetCreds struct {
	credentials.TransportCredentials
	limit int64
	m     *metrics
	pool  *replyPool
	stall time.Duration
}

func (c *budgetCreds) ServerHandshake(raw net.Conn) (net.Conn, credentials.AuthInfo, error) {
	conn, ai, err := c.TransportCredentials.ServerHandshake(raw)
	if err != nil || ai == nil {
		return conn, ai, err
	}
	b := newConnBudget(c.limit, c.m, c.pool)
	b.peer = peerHost(raw.RemoteAddr())
	b.watchStalls(c.stall, func() { raw.Close() }) //nolint:errcheck // the client is cut off either way
	return &budgetConn{Conn: conn, b: b, in: frameScanner{skip: len(http2.ClientPreface)}}, budgetAuth{AuthInfo: ai, b: b}, nil
}

func (c *budgetCreds) Clone() credentials.TransportCredentials {
	return &budgetCreds{TransportCredentials: c.TransportCredentials.Clone(), limit: c.limit, m: c.m, pool: c.pool, stall: c.stall}
}

// Credentials wraps the gRPC port's transport credentials (nil: none, plain HTTP/2) so
// that each connection gets its reply budget (Config.MaxUnsentBytesPerConn). The
// default ServerOptions carry Credentials(nil); a server with TLS passes
// grpc.Creds(srv.Credentials(credentials.NewTLS(cfg))) to GRPCServer. Connections made
// through other credentials have no reply budget.
func (s *Server) Credentials(c credentials.TransportCredentials) credentials.TransportCredentials {
	if c == nil {
		c = insecure.NewCredentials()
	}
	return &budgetCreds{TransportCredentials: c, limit: int64(s.cfg.MaxUnsentBytesPerConn), m: s.m, pool: s.replies, stall: s.cfg.UnsentStallTimeout}
}

// streamID is the HTTP/2 stream id of the call of ctx. gRPC does not export it: it is
// read from the transport stream's "id" field, and a gRPC version without it (which
// TestStreamID would catch) leaves calls outside the reply budget.
func streamID(ctx context.Context) (uint32, bool) {
	sts := grpc.ServerTransportStreamFromContext(ctx)
	if sts == nil {
		return 0, false
	}
	v := reflect.ValueOf(sts)
	for v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface {
		if v.IsNil() {
			return 0, false
		}
		v = v.Elem()
	}
	if v.Kind() != reflect.Struct {
		return 0, false
	}
	f := v.FieldByName("id")
	if !f.IsValid() || f.Kind() != reflect.Uint32 || f.Uint() == 0 {
		return 0, false
	}
	return uint32(f.Uint()), true
}

// connBudgetOf returns the reply budget of the connection of ctx, if it has one.
func connBudgetOf(ctx context.Context) *connBudget {
	p, ok := peer.FromContext(ctx)
	if !ok {
		return nil
	}
	if a, ok := p.AuthInfo.(budgetAuth); ok {
		return a.b
	}
	return nil
}

// grpcMessageHeader is the bytes gRPC puts before each message on the wire.
const grpcMessageHeader = 5

// replyUnary reserves the reply's estimated size on the connection's budget before the
// handler runs, refuses a reply over Config.MaxResponseBytes, and settles the
// reservation to the reply's size.
func (s *Server) replyUnary(ctx context.Context, req any, info *grpc.UnaryServerInfo, h grpc.UnaryHandler) (any, error) {
	b := connBudgetOf(ctx)
	id, ok := streamID(ctx)
	if b == nil || !ok {
		return s.sizeChecked(h(ctx, req))
	}
	est := min(int64(s.estimateReply(req)), int64(s.cfg.MaxResponseBytes)) + grpcMessageHeader
	if err := b.reserve(ctx, id, est); err != nil {
		return nil, err
	}
	resp, err := h(ctx, req)
	var n int64
	if m, ok := resp.(proto.Message); ok && err == nil {
		size := proto.Size(m)
		if size > s.cfg.MaxResponseBytes {
			resp, err = nil, s.tooLarge(size)
		} else {
			n = int64(size) + grpcMessageHeader
		}
	}
	b.settle(id, n)
	return resp, err
}

// sizeChecked refuses to send a response larger than Config.MaxResponseBytes.
func (s *Server) sizeChecked(resp any, err error) (any, error) {
	if m, ok := resp.(proto.Message); ok && err == nil {
		if n := proto.Size(m); n > s.cfg.MaxResponseBytes {
			return nil, s.tooLarge(n)
		}
	}
	return resp, err
}

// Estimates of a reply's size before it is built, for its reservation: generous
// figures per ply (a xiangqi ply report is about 120 bytes, a chu shogi one about 200)
// and per board picture (a xiangqi picture is about 19 KB).
const (
	replyBaseBytes  = 4 << 10
	replyPlyBytes   = 512
	replyPictureMax = 24 << 10
	// minPlyPicture is less than any xiangqi board picture (the empty board alone is
	// larger): a request whose per-ply pictures alone would be over the response limit is
	// refused before they are drawn.
	minPlyPicture = 8 << 10
	// minPlyReport is less than any ply's report in any game: its number, its move and
	// the position after it (at least a board's ranks and the side to move).
	minPlyReport = 24
)

// estimateReply is an estimate of the size of req's reply, before the work.
func (s *Server) estimateReply(req any) int {
	switch r := req.(type) {
	case *arbiterv1.AdjudicateRequest:
		return adjudicateEstimate(len(r.GetMoves()), apiconv.PicturesOf(r))
	case *arbiterv1.CompareRequest:
		n := len(r.GetRulesets())
		if n == 0 {
			n = len(s.reg.IDs())
		}
		return min(n, s.cfg.MaxRulesets) * adjudicateEstimate(len(r.GetMoves()), apiconv.Pictures{})
	}
	return replyBaseBytes
}

// adjudicateEstimate is the estimated size of an AdjudicateResponse over plies moves
// with the pictures p.
func adjudicateEstimate(plies int, p apiconv.Pictures) int {
	n := replyBaseBytes + plies*replyPlyBytes
	if p.Ruling {
		n += replyPictureMax
	}
	if p.Plies {
		n += (plies + 1) * replyPictureMax
	}
	return n
}

// tooLarge is the error of a response of n bytes, over Config.MaxResponseBytes.
func (s *Server) tooLarge(n int) error { return s.tooLargeAtLeast(n, "") }

// tooLargeAtLeast is the error of a response of at least n bytes (known before it is
// built, or stopped on the way), over Config.MaxResponseBytes.
func (s *Server) tooLargeAtLeast(n int, atLeast string) error {
	st, _ := status.New(codes.ResourceExhausted, fmt.Sprintf(
		"the response would be %s%d bytes, over the server's limit of %d; ask for less (fewer rulesets, a shorter history, a smaller page)",
		atLeast, n, s.cfg.MaxResponseBytes)).WithDetails(&errdetails.ErrorInfo{Reason: reasonTooLarge, Domain: errorDomain,
		Metadata: map[string]string{"bytes": strconv.Itoa(n), "limit": strconv.Itoa(s.cfg.MaxResponseBytes)}})
	return st.Err()
}
