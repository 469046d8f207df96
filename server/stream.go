package server

import (
	"fmt"
	"strconv"

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
}

// PlayGame follows one game move by move. The first message must be a GameStart; every
// later one carries one move, answered with the state after it. A move refused under
// ON_VIOLATION_FORBID is answered with GAME_STATUS_MOVE_FORBIDDEN and the stream goes on.
// Anything else that is wrong (a second start, an unreadable or illegal move, a move
// after the game ended, a game over the ply limit) fails this stream with a status;
// other streams are not affected.
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
			s.m.historyPlies.Observe(float64(g.sess.Game().Len()))
		}
		s.m.activeStreams.Dec()
		<-s.streams
	}()

	req, err := stream.Recv()
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
	g, resp, err := s.startGame(start)
	if err != nil {
		return err
	}
	if err := stream.Send(resp); err != nil {
		return err
	}
	for {
		req, err := stream.Recv()
		if err != nil {
			if isEOF(err) {
				return nil
			}
			return err
		}
		var resp *arbiterv1.PlayGameResponse
		switch in := req.GetInput().(type) {
		case *arbiterv1.PlayGameRequest_Move:
			resp, err = s.playMove(g, in.Move)
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
func (s *Server) startGame(start *arbiterv1.GameStart) (*game, *arbiterv1.PlayGameResponse, error) {
	rs, err := apiconv.LookupRuleset(s.reg, "ruleset", start.GetRuleset())
	if err != nil {
		return nil, nil, domainError(err, "start.")
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
		before := *sess.Game().Position()
		u, err := sess.Play(m)
		if err != nil {
			return nil, nil, domainError(err, "start.")
		}
		if u.Status == arbiter.StatusForbidden && i < len(h.moves)-1 {
			return nil, nil, fieldStatus(codes.InvalidArgument, fieldIndex("start.moves", i), apiconv.CodeIllegalMove,
				fmt.Sprintf("move %q is forbidden under the policy, so the moves after it cannot follow: %s", start.GetMoves()[i], u.Explanation),
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

// playMove reads and plays one streamed move.
func (s *Server) playMove(g *game, text string) (*arbiterv1.PlayGameResponse, error) {
	pos := g.sess.Game().Position()
	ply := g.sess.Game().Len()
	if _, _, over := g.sess.Over(); g.over || over {
		st, _ := status.New(codes.FailedPrecondition, "the game is over; open a new stream for a new game").WithDetails(
			&errdetails.ErrorInfo{Reason: reasonGameOver, Domain: errorDomain})
		return nil, st.Err()
	}
	if ply >= s.cfg.MaxPlies {
		return nil, tooLong("move", ply+1, s.cfg.MaxPlies)
	}
	m, err := apiconv.ParseMove(pos, ply, text, g.notation)
	if err != nil {
		return nil, invalidField(apiconv.AsFieldError(err), "", "move")
	}
	before := *pos
	u, err := g.sess.Play(m)
	if err != nil {
		return nil, domainError(err, "")
	}
	return s.update(g, u, &before), nil
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
