package server

import (
	"fmt"
	"strconv"
	"sync"

	"github.com/arbiter-xq/arbiter/arbiter"
	arbiterv1 "github.com/arbiter-xq/arbiter/proto/arbiter/v1"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// streamMemory charges each open game stream's footprint (what its game holds, an upper
// bound from its length: arbiter.Footprinter) to the server's budget
// (Config.MaxStreamBytes) and to its peer's (Config.MaxStreamBytesPerPeer). Stream
// counts alone do not bound memory: a stream of 4,000 plies holds up to ~2 MB (chu
// shogi), so 1,000 streams of one client could take gigabytes.
type streamMemory struct {
	mu    sync.Mutex
	total int64
	peer  map[string]int64
}

// charge books g's footprint now (after a start or an accepted move).
func (s *Server) charge(g *game) {
	f := int64(arbiter.SessionFootprint(g.sess, g.plies))
	s.adjust(g, f-g.charged)
}

// release gives back what g was charged (its stream has ended).
func (s *Server) release(g *game) {
	s.adjust(g, -g.charged)
}

func (s *Server) adjust(g *game, delta int64) {
	if delta == 0 {
		return
	}
	m := &s.streamMem
	m.mu.Lock()
	if m.peer == nil {
		m.peer = map[string]int64{}
	}
	m.total += delta
	if m.peer[g.peer] += delta; m.peer[g.peer] <= 0 {
		delete(m.peer, g.peer)
	}
	// The gauge is set under the lock, so that concurrent adjustments set it in order.
	s.m.streamBytes.Set(float64(m.total))
	m.mu.Unlock()
	g.charged += delta
}

// memorySpent says which stream memory budget g's next move finds spent ("" when
// neither): the server's or g's peer's, with the limit.
func (s *Server) memorySpent(g *game) (scope string, limit int64) { return s.memorySpentBy(g.peer) }

// memorySpentBy is memorySpent for any stream of peer: a start is refused before its
// moves are replayed when a budget is already spent.
func (s *Server) memorySpentBy(peer string) (scope string, limit int64) {
	m := &s.streamMem
	m.mu.Lock()
	defer m.mu.Unlock()
	if l := s.cfg.MaxStreamBytes; l >= 0 && m.total >= l {
		return "server", l
	}
	if l := s.cfg.MaxStreamBytesPerPeer; l >= 0 && m.peer[peer] >= l {
		return "peer", l
	}
	return "", 0
}

func memoryText(scope string, limit int64) string {
	if scope == "peer" {
		return fmt.Sprintf("this client address's game streams hold the %d MiB the server allows per client address (--max-stream-bytes-per-peer)", limit>>20)
	}
	return fmt.Sprintf("the open game streams hold the %d MiB the server allows them (--max-stream-bytes)", limit>>20)
}

// memoryRejection answers a move that finds a stream memory budget spent: the game is
// unchanged, and the move may be sent again once streams have closed.
func memoryRejection(g *game, scope string, limit int64, text string) *arbiterv1.PlayGameResponse {
	return rejection(g, reasonStreamMemory, fmt.Sprintf("ply %d is not played: %s; close finished games or retry later", g.plies+1, memoryText(scope, limit)), text)
}

// memoryError fails a start that leaves a stream memory budget spent.
func memoryError(scope string, limit int64) error {
	st, _ := status.New(codes.ResourceExhausted, "the game is not opened: "+memoryText(scope, limit)+"; close finished games or retry later").
		WithDetails(&errdetails.ErrorInfo{Reason: reasonStreamMemory, Domain: errorDomain,
			Metadata: map[string]string{"limit": strconv.FormatInt(limit, 10), "scope": scope}})
	return st.Err()
}
