package server

import (
	"context"
	"fmt"
	"net"
	"strconv"
	"sync"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/peer"
	"google.golang.org/grpc/status"
)

// playGameMethod is the full name of the game stream.
const playGameMethod = "/arbiter.v1.ArbiterService/PlayGame"

// peerStreams counts the open PlayGame streams of each peer (remote IP address), so that
// one client, over however many connections, cannot hold every slot of
// Config.MaxStreams (100 connections of 100 streams filled all 10,000 in 1.5 s).
type peerStreams struct {
	mu sync.Mutex
	n  map[string]int
}

// peerKey is the peer's IP address without its port (every connection of one host
// counts together), or its whole address when it has no port (an in-memory pipe).
func peerKey(ctx context.Context) string {
	p, ok := peer.FromContext(ctx)
	if !ok {
		return ""
	}
	return peerHost(p.Addr)
}

// peerHost is the IP address of a remote address without its port (the whole address
// when it has none), as peerKey counts peers.
func peerHost(a net.Addr) string {
	if a == nil {
		return ""
	}
	s := a.String()
	if host, _, err := net.SplitHostPort(s); err == nil {
		return host
	}
	return s
}

// peerStream admits a PlayGame stream when its peer has fewer than
// Config.MaxStreamsPerPeer open (a negative limit admits all); the others pass.
func (s *Server) peerStream(srv any, ss grpc.ServerStream, info *grpc.StreamServerInfo, h grpc.StreamHandler) error {
	limit := s.cfg.MaxStreamsPerPeer
	if info.FullMethod != playGameMethod || limit < 0 {
		return h(srv, ss)
	}
	key := peerKey(ss.Context())
	s.peers.mu.Lock()
	if s.peers.n == nil {
		s.peers.n = map[string]int{}
	}
	if s.peers.n[key] >= limit {
		s.peers.mu.Unlock()
		st, _ := status.New(codes.ResourceExhausted, fmt.Sprintf(
			"this client (%s) has %d game streams open, the server's limit per client address; close one or retry later", clip(key), limit)).
			WithDetails(&errdetails.ErrorInfo{Reason: reasonTooManyStreams, Domain: errorDomain,
				Metadata: map[string]string{"limit": strconv.Itoa(limit), "scope": "peer"}})
		return st.Err()
	}
	s.peers.n[key]++
	s.peers.mu.Unlock()
	defer func() {
		s.peers.mu.Lock()
		if s.peers.n[key]--; s.peers.n[key] <= 0 {
			delete(s.peers.n, key)
		}
		s.peers.mu.Unlock()
	}()
	return h(srv, ss)
}
