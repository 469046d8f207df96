package server

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/arbiter-xq/arbiter/arbiter"
	arbiterv1 "github.com/arbiter-xq/arbiter/proto/arbiter/v1"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// game is the state of one PlayGame stream: it lives exactly as long as the stream.
type game struct {
	ruleset string
	sess    arbiter.Session
	plies   int // accepted plies
	over    bool
	result  arbiter.Result
	term    arbiter.Termination
	peer    string // the client address, for the per-peer budgets
	charged int64  // the footprint charged to the stream memory budgets
}

// received is one result of stream.Recv.
type received struct {
	req *arbiterv1.PlayGameRequest
	err error
}

// PlayGame follows one game move by move. The first message must be a GameStart; every
// later one carries one move, answered with the state after it. A move that cannot be
// played (unreadable, illegal, after the end, over the ply limit) is answered with a
// MoveRejected and the game goes on unchanged; a move refused under ON_VIOLATION_FORBID
// is answered with GAME_STATUS_MOVE_FORBIDDEN. Only a protocol misuse (no start, a second
// start, an empty message, a start that cannot open a game) fails the stream; other
// streams are not affected. A stream that stays silent past Config.StreamStartTimeout
// (before its start) or Config.StreamIdleTimeout (between moves) ends with
// DeadlineExceeded; one still open at the end of a drain ends with Unavailable.
func (s *Server) PlayGame(stream grpc.BidiStreamingServer[arbiterv1.PlayGameRequest, arbiterv1.PlayGameResponse]) error {
	select {
	case s.streams <- struct{}{}:
	default:
		st, _ := status.New(codes.ResourceExhausted,
			fmt.Sprintf("the server has %d game streams open, its limit; retry later or on another replica", s.cfg.MaxStreams)).
			WithDetails(&errdetails.ErrorInfo{Reason: reasonTooManyStreams, Domain: errorDomain,
				Metadata: map[string]string{"limit": strconv.Itoa(s.cfg.MaxStreams)}})
		return st.Err()
	}
	s.m.activeStreams.Inc()
	var g *game
	defer func() {
		if g != nil {
			s.m.historyPlies.Observe(float64(g.plies))
		}
		s.m.activeStreams.Dec()
		<-s.streams
	}()

	// The work of each message stops when the client leaves or the drain ends.
	ctx, cancel := s.workContext(stream.Context())
	defer cancel()
	msgs := make(chan received)
	go func() {
		for {
			req, err := stream.Recv()
			select {
			case msgs <- received{req, err}:
			case <-ctx.Done():
				return
			}
			if err != nil {
				return
			}
		}
	}()
	next := func(timeout time.Duration, waiting string) (*arbiterv1.PlayGameRequest, error) {
		t := time.NewTimer(timeout)
		defer t.Stop()
		select {
		case r := <-msgs:
			return r.req, r.err
		case <-t.C:
			st, _ := status.New(codes.DeadlineExceeded, fmt.Sprintf("no %s within %s; the stream is closed", waiting, timeout)).
				WithDetails(&errdetails.ErrorInfo{Reason: reasonStreamTimeout, Domain: errorDomain,
					Metadata: map[string]string{"timeout": timeout.String()}})
			return nil, st.Err()
		case <-ctx.Done():
			return nil, s.stoppedError(ctx, "reopen the game on another replica with start.moves holding the moves so far")
		}
	}

	req, err := next(s.cfg.StreamStartTimeout, "GameStart")
	if err != nil {
		if isEOF(err) {
			return nil // the client closed before starting a game
		}
		return err
	}
	start := req.GetStart()
	if start == nil {
		return fieldStatus(codes.InvalidArgument, "start", reasonMissingStart,
			"the first message of a game stream must be a GameStart", nil)
	}
	// A budget already spent refuses the start before its moves are replayed (the
	// replay is the start's cost).
	peer := peerKey(stream.Context())
	if scope, limit := s.memorySpentBy(peer); scope != "" {
		return memoryError(scope, limit)
	}
	g, resp, err := s.startGame(ctx, start, peer)
	if err != nil {
		return err
	}
	defer s.release(g)
	if err := stream.Send(resp); err != nil {
		return err
	}
	for {
		req, err := next(s.cfg.StreamIdleTimeout, "move")
		if err != nil {
			if isEOF(err) {
				return nil
			}
			return err
		}
		var resp *arbiterv1.PlayGameResponse
		switch in := req.GetInput().(type) {
		case *arbiterv1.PlayGameRequest_Move:
			resp, err = s.playMove(ctx, g, in.Move)
		case *arbiterv1.PlayGameRequest_Start:
			err = fieldStatus(codes.InvalidArgument, "start", reasonDuplicateStart,
				"the game has already started; open a new stream for a new game", nil)
		default:
			err = fieldStatus(codes.InvalidArgument, "input", reasonEmptyRequest, "the message carries neither a start nor a move", nil)
		}
		if err != nil {
			return err
		}
		if err := stream.Send(resp); err != nil {
			return err
		}
	}
}

// messageContext bounds the work of one stream message (a start with its moves, or one
// move) by Config.RequestTimeout, as for a unary request; ctx is the stream's work
// context, which ends when the client goes away or the drain runs out.
func (s *Server) messageContext(ctx context.Context) (context.Context, context.CancelFunc) {
	if s.cfg.RequestTimeout <= 0 {
		return context.WithCancel(ctx)
	}
	return context.WithTimeout(ctx, s.cfg.RequestTimeout)
}
