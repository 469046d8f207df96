package server

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/arbiter-xq/arbiter/apiconv"
	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/notation"
	arbiterv1 "github.com/arbiter-xq/arbiter/proto/arbiter/v1"
	"github.com/arbiter-xq/arbiter/xiangqi"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// game is the state of one PlayGame stream: it lives exactly as long as the stream.
type game struct {
	ruleset  string
	notation notation.Notation
	sess     *arbiter.Session
	over     bool
	// other is the session of another game (banqi, chu shogi); sess is nil then.
	other  arbiter.GameSession
	plies  int // accepted plies of other
	result arbiter.Result
	term   arbiter.Termination
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
		switch {
		case g != nil && g.sess != nil:
			s.m.historyPlies.Observe(float64(g.sess.Game().Len()))
		case g != nil:
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
	g, resp, err := s.startGame(ctx, start)
	if err != nil {
		return err
	}
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
			if g.other != nil {
				resp, err = s.playOtherMove(ctx, g, in.Move)
				break
			}
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

// startGame opens a game from a GameStart, plays its resumed moves and returns the
// response describing the state after them.
func (s *Server) startGame(ctx context.Context, start *arbiterv1.GameStart) (*game, *arbiterv1.PlayGameResponse, error) {
	ctx, cancel := s.messageContext(ctx)
	defer cancel()
	rs, other, err := s.lookupRuleset("start.ruleset", start.GetRuleset())
	if err != nil {
		return nil, nil, err
	}
	if other != nil {
		return s.startOtherGame(ctx, other, start)
	}
	h, err := s.decodeHistory("start.", start.GetFen(), start.GetMoves(), start.GetNotation(), start.GetPolicy())
	if err != nil {
		return nil, nil, err
	}
	sess, err := arbiter.NewSession(rs, h.start, h.policy)
	if err != nil {
		return nil, nil, domainError(err, "start.")
	}
	nn, _ := apiconv.Notation(start.GetNotation())
	g := &game{ruleset: rs.Info().ID, notation: nn, sess: sess}
	var resp *arbiterv1.PlayGameResponse
	for i, m := range h.moves {
		if err := ctx.Err(); err != nil {
			return nil, nil, s.stoppedError(ctx, "")
		}
		before := *sess.Game().Position()
		u, err := sess.Play(ctx, m)
		if err != nil {
			if ctx.Err() != nil {
				return nil, nil, s.stoppedError(ctx, "")
			}
			return nil, nil, domainError(err, "start.")
		}
		if u.Status == arbiter.StatusForbidden && i < len(h.moves)-1 {
			return nil, nil, fieldStatus(codes.InvalidArgument, fieldIndex("start.moves", i), apiconv.CodeIllegalMove,
				fmt.Sprintf("move %q is forbidden under the policy, so the moves after it cannot follow: %s", clip(start.GetMoves()[i]), u.Explanation),
				map[string]string{"ply": strconv.Itoa(i + 1), "move": start.GetMoves()[i]})
		}
		resp = s.update(g, u, &before)
	}
	if resp == nil {
		resp = initialResponse(sess)
	}
	return g, resp, nil
}

// initialResponse describes a game before any move: ongoing, or already decided when
// the side to move has no legal move (the session decides that when it starts).
func initialResponse(sess *arbiter.Session) *arbiterv1.PlayGameResponse {
	p := sess.Game().Position()
	resp := &arbiterv1.PlayGameResponse{
		Status: arbiterv1.GameStatus_GAME_STATUS_ONGOING,
		Result: arbiterv1.Result_RESULT_ONGOING,
		Fen:    p.FEN(),
	}
	if res, term, over := sess.Over(); over {
		resp.Status = arbiterv1.GameStatus_GAME_STATUS_GAME_OVER
		resp.Result = apiconv.Result(res)
		resp.Termination = apiconv.Termination(term)
		resp.Explanation = p.SideToMove().String() + " has no legal move (" + term.String() + ") and loses"
	}
	return resp
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

// playMove reads and plays one streamed move. A move that cannot be played is answered
// with a rejection (the game is unchanged); the error is only for a stopped stream or an
// internal fault.
func (s *Server) playMove(ctx context.Context, g *game, text string) (*arbiterv1.PlayGameResponse, error) {
	pos := g.sess.Game().Position()
	ply := g.sess.Game().Len()
	if _, _, over := g.sess.Over(); g.over || over {
		return rejection(g, reasonGameOver, "the game is over; open a new stream for a new game", text), nil
	}
	if ply >= s.cfg.MaxPlies {
		return rejection(g, apiconv.CodeTooLong,
			fmt.Sprintf("ply %d would exceed the server's limit of %d plies per game", ply+1, s.cfg.MaxPlies), text), nil
	}
	if len(text) > maxEcho {
		return rejection(g, apiconv.CodeInvalidMove, fmt.Sprintf("ply %d: a move text of %d bytes is longer than any move", ply+1, len(text)), text), nil
	}
	m, err := apiconv.ParseMove(pos, ply, text, g.notation)
	if err != nil {
		fe := apiconv.AsFieldError(err)
		return rejection(g, fe.Code, fe.Reason, text), nil
	}
	if err := ctx.Err(); err != nil {
		return nil, s.stoppedError(ctx, "")
	}
	before := *pos
	ctx, cancel := s.messageContext(ctx)
	defer cancel()
	u, err := g.sess.Play(ctx, m)
	if err != nil {
		if ctx.Err() != nil {
			return nil, s.stoppedError(ctx, "")
		}
		if fe := apiconv.AsFieldError(err); fe != nil {
			return rejection(g, fe.Code, fe.Reason, text), nil
		}
		return nil, domainError(err, "")
	}
	return s.update(g, u, &before), nil
}

// rejection answers a move that was not played: the game is as it was.
func rejection(g *game, reason, description, text string) *arbiterv1.PlayGameResponse {
	description = clipTo(escapeControls(description), maxDescription)
	resp := &arbiterv1.PlayGameResponse{
		Status:      arbiterv1.GameStatus_GAME_STATUS_UNSPECIFIED,
		Result:      arbiterv1.Result_RESULT_ONGOING,
		Explanation: description,
		Rejected: &arbiterv1.MoveRejected{
			Field:       "move",
			Reason:      reason,
			Description: description,
			Move:        clip(escapeControls(text)),
		},
	}
	if g.other != nil {
		resp.Fen = g.other.Position()
		resp.Rejected.Ply = int32(g.plies + 1)
		if g.over {
			resp.Result = apiconv.Result(g.result)
			resp.Termination = apiconv.Termination(g.term)
		}
		return resp
	}
	resp.Fen = g.sess.Game().Position().FEN()
	resp.Rejected.Ply = int32(g.sess.Game().Len() + 1)
	if res, term, over := g.sess.Over(); over {
		resp.Result = apiconv.Result(res)
		resp.Termination = apiconv.Termination(term)
	}
	return resp
}

// update encodes the state after one move and books it (ruling metric, game over).
func (s *Server) update(g *game, u arbiter.Update, before *xiangqi.Position) *arbiterv1.PlayGameResponse {
	if u.Cycle != nil {
		s.m.ruling(g.ruleset, u.Ruling.Verdict)
	}
	if u.Status == arbiter.StatusGameOver {
		g.over = true
	}
	return apiconv.Update(u, before, g.sess.Game().Position())
}
