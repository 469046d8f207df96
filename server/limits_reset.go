package server

import (
	"context"
	"net"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/stats"
	"google.golang.org/grpc/status"

	"github.com/arbiter-xq/arbiter/internal/resetguard"
)

// resetGuard is the gRPC port's rapid-reset mitigation, a stats handler: every RPC that
// ends Canceled (its client reset the stream, or cancelled the call) spends one token of
// its connection's resetguard.Budget (Config.MaxResetsPerConn); a connection that runs out
// is closed. grpc-go itself only caps the handlers running per connection at
// MAX_CONCURRENT_STREAMS, which lets a client open and reset streams for ever.
//
// Closing needs the connection, which gRPC does not hand to a stats handler: serve on
// Server.Listener(lis) so that the guard can find it by its addresses. On a listener not
// wrapped so, the cancellations are counted but the connection is not closed.
//
// The connections of one client address also share a budget (Config.MaxResetsPerPeer):
// a client closed for resetting that reconnects at once goes on spending the same
// budget, and while it is spent its new connections are closed as they are accepted.
type resetGuard struct {
	burst int
	peers *resetguard.Peers
	conns resetguard.Conns
}

func newResetGuard(burst, perPeer int) *resetGuard {
	g := &resetGuard{burst: burst, peers: resetguard.NewPeers(perPeer)}
	g.conns.Refuse = g.peers.Refuse
	return g
}

type connResets struct {
	budget, peer *resetguard.Budget
	key          string
}

type connResetsKey struct{}

// Listener wraps lis so that the rapid-reset guard can close a connection that cancels
// RPCs faster than Config.MaxResetsPerConn allows: serve the network port on it.
func (s *Server) Listener(lis net.Listener) net.Listener { return s.resets.conns.Listen(lis) }

func (g *resetGuard) TagConn(ctx context.Context, info *stats.ConnTagInfo) context.Context {
	return context.WithValue(ctx, connResetsKey{}, &connResets{
		budget: resetguard.NewBudget(g.burst), peer: g.peers.Of(info.RemoteAddr), key: resetguard.Key(info.LocalAddr, info.RemoteAddr)})
}

func (g *resetGuard) HandleConn(context.Context, stats.ConnStats) {}

func (g *resetGuard) TagRPC(ctx context.Context, _ *stats.RPCTagInfo) context.Context { return ctx }

func (g *resetGuard) HandleRPC(ctx context.Context, st stats.RPCStats) {
	end, ok := st.(*stats.End)
	if !ok || end.Error == nil || status.Code(end.Error) != codes.Canceled {
		return
	}
	cr, _ := ctx.Value(connResetsKey{}).(*connResets)
	if cr == nil {
		return
	}
	if conn, peer := cr.budget.Spend(), cr.peer.Spend(); conn && peer {
		return
	}
	if c := g.conns.Lookup(cr.key); c != nil {
		c.Close() //nolint:errcheck // the client is cut off either way
	}
}
