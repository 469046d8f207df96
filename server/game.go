package server

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/arbiter-xq/arbiter/apiconv"
	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/casebook"
	arbiterv1 "github.com/arbiter-xq/arbiter/proto/arbiter/v1"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// Every game enters the service through arbiter.Ruleset: the handlers resolve the
// ruleset id (lookupRuleset), decode the request into an arbiter.Start (gameStart),
// and rule through arbiter.Adjudicate or a Session; apiconv maps the game-neutral
// report back. Limits, errors and metrics are the same for every game.

// maxPositionBytes is longer than any position of any game (a xiangqi FEN with any
// move counters, a chu shogi SFEN of a full board).
const maxPositionBytes = 512

// gameStart decodes the common part of a request: the ply limit, the lengths of the
// position and the move texts, the notation, the policy. prefix names the enclosing
// message ("start."). rs is the ruleset (of a comparison, the first): a policy field it
// does not read is refused (apiconv.CheckPolicyUsed).
func (s *Server) gameStart(prefix string, rs arbiter.Ruleset, fen, deal string, moves []string, n arbiterv1.Notation, pol *arbiterv1.Policy) (arbiter.Start, error) {
	if len(moves) > s.cfg.MaxPlies {
		return arbiter.Start{}, tooLong(prefix+"moves", len(moves), s.cfg.MaxPlies)
	}
	// Texts no position or move can be as long as are refused before parsing, so that
	// the error does not carry them back.
	if len(fen) > maxPositionBytes {
		return arbiter.Start{}, fieldStatus(codes.InvalidArgument, prefix+"fen", apiconv.CodeInvalidFEN,
			fmt.Sprintf("a position of %d bytes is longer than any position (at most %d)", len(fen), maxPositionBytes),
			map[string]string{"fen": fen})
	}
	for i, m := range moves {
		if len(m) > maxEcho {
			return arbiter.Start{}, fieldStatus(codes.InvalidArgument, fieldIndex(prefix+"moves", i), apiconv.CodeInvalidMove,
				fmt.Sprintf("ply %d: a move text of %d bytes is longer than any move", i+1, len(m)),
				map[string]string{"ply": strconv.Itoa(i + 1), "move": m})
		}
	}
	nn, ok := apiconv.Notation(n)
	if !ok {
		return arbiter.Start{}, fieldStatus(codes.InvalidArgument, prefix+"notation", reasonInvalidNotation, "unknown notation value", nil)
	}
	p, err := apiconv.CheckGamePolicy(pol)
	if err != nil {
		return arbiter.Start{}, domainError(err, prefix)
	}
	if err := apiconv.CheckPolicyUsed(rs, pol); err != nil {
		return arbiter.Start{}, domainError(err, prefix)
	}
	start := arbiter.Start{Position: fen, Deal: deal, Policy: p}
	if n != arbiterv1.Notation_NOTATION_UNSPECIFIED {
		start.Notation = nn.String()
	}
	return start, nil
}

// adjudicate rules on a history under rs, counts the ruling and draws the pictures
// asked for. It stops with DeadlineExceeded or Canceled when ctx ends.
func (s *Server) adjudicate(ctx context.Context, rs arbiter.Ruleset, start arbiter.Start, moves []string, pics apiconv.Pictures) (*arbiterv1.AdjudicateResponse, error) {
	r, err := arbiter.Adjudicate(ctx, rs, start, moves)
	if err != nil {
		if cerr := contextError(ctx); cerr != nil {
			return nil, cerr
		}
		return nil, domainError(err, "")
	}
	if r.Cycle != nil {
		s.m.ruling(r.Ruleset.ID, r.Cycle.Ruling.Verdict)
	}
	resp := apiconv.Report(r)
	if m := s.book.Recognize(rs, r.StartPosition, casebook.ReportMoves(r)); m != nil {
		resp.OfficialCase = m.Proto()
	}
	if err := apiconv.AddPictures(resp, r, pics); err != nil {
		return nil, domainError(err, "")
	}
	return resp, nil
}

// startGame opens a stream's game for peer from a GameStart, plays its resumed moves
// and returns the response describing the state after them. The game's footprint is
// charged to the stream memory budgets as its moves are played, and a start that finds
// a budget spent is refused at once (whatever it had been charged is given back); the
// caller releases the game when its stream ends.
func (s *Server) startGame(ctx context.Context, start *arbiterv1.GameStart, peer string) (g *game, resp *arbiterv1.PlayGameResponse, err error) {
	ctx, cancel := s.messageContext(ctx)
	defer cancel()
	rs, err := s.lookupRuleset("start.ruleset", start.GetRuleset())
	if err != nil {
		return nil, nil, err
	}
	gs, err := s.gameStart("start.", rs, start.GetFen(), start.GetDeal(), start.GetMoves(), start.GetNotation(), start.GetPolicy())
	if err != nil {
		return nil, nil, err
	}
	sess, err := rs.NewGame(gs)
	if err != nil {
		return nil, nil, domainError(err, "start.")
	}
	g = &game{ruleset: rs.Info().ID, sess: sess, peer: peer}
	s.charge(g)
	charged := g // the returns below may set g to nil
	defer func() {
		if err != nil {
			s.release(charged)
		}
	}()
	for i, m := range start.GetMoves() {
		if err := ctx.Err(); err != nil {
			return nil, nil, s.stoppedError(ctx, "")
		}
		if scope, limit := s.memorySpent(g); scope != "" {
			return nil, nil, memoryError(scope, limit)
		}
		u, err := sess.Play(ctx, m)
		if err != nil {
			if cerr := ctx.Err(); cerr != nil {
				return nil, nil, s.stoppedError(ctx, "")
			}
			var me *arbiter.MoveError
			if errors.As(err, &me) && me.Ply == 0 {
				me.Ply = i + 1
			}
			return nil, nil, domainError(err, "start.")
		}
		if u.Status == arbiter.StatusForbidden && i < len(start.GetMoves())-1 {
			return nil, nil, fieldStatus(codes.InvalidArgument, fieldIndex("start.moves", i), apiconv.CodeIllegalMove,
				fmt.Sprintf("move %q is forbidden under the policy, so the moves after it cannot follow: %s", clip(m), u.Explanation),
				map[string]string{"ply": strconv.Itoa(i + 1), "move": m})
		}
		if u.Status != arbiter.StatusForbidden {
			g.plies++
			s.charge(g)
		}
		resp = s.update(g, &u)
	}
	if resp == nil {
		r := sess.Report()
		resp = &arbiterv1.PlayGameResponse{
			Status:      apiconv.GameStatus(r.Status),
			Result:      apiconv.Result(r.Result),
			Termination: apiconv.Termination(r.Termination),
			Fen:         sess.Position(),
		}
		if r.Status == arbiter.StatusGameOver {
			g.over = true
			g.result, g.term = r.Result, r.Termination
			resp.Explanation = r.Explanation
		}
	}
	return g, resp, nil
}

// playMove plays one streamed move. A move that cannot be played is answered with a
// rejection (the game is unchanged); the error is only for a stopped stream or an
// internal fault.
func (s *Server) playMove(ctx context.Context, g *game, text string) (*arbiterv1.PlayGameResponse, error) {
	if g.over {
		return rejection(g, reasonGameOver, "the game is over; open a new stream for a new game", text), nil
	}
	if g.plies >= s.cfg.MaxPlies {
		return rejection(g, apiconv.CodeTooLong,
			fmt.Sprintf("ply %d would exceed the server's limit of %d plies per game", g.plies+1, s.cfg.MaxPlies), text), nil
	}
	if len(text) > maxEcho {
		return rejection(g, apiconv.CodeInvalidMove, fmt.Sprintf("ply %d: a move text of %d bytes is longer than any move", g.plies+1, len(text)), text), nil
	}
	if scope, limit := s.memorySpent(g); scope != "" {
		return memoryRejection(g, scope, limit, text), nil
	}
	if err := ctx.Err(); err != nil {
		return nil, s.stoppedError(ctx, "")
	}
	ctx, cancel := s.messageContext(ctx)
	defer cancel()
	u, err := g.sess.Play(ctx, text)
	if err != nil {
		if cerr := ctx.Err(); cerr != nil {
			return nil, s.stoppedError(ctx, "")
		}
		var me *arbiter.MoveError
		if errors.As(err, &me) && me.Ply == 0 {
			me.Ply = g.plies + 1
		}
		if fe := apiconv.AsFieldError(err); fe != nil {
			return rejection(g, fe.Code, fe.Reason, text), nil
		}
		return nil, domainError(err, "")
	}
	if u.Status != arbiter.StatusForbidden {
		g.plies++
		s.charge(g)
	}
	return s.update(g, &u), nil
}

// update encodes the state after one move and books it (ruling metric, game over).
func (s *Server) update(g *game, u *arbiter.Update) *arbiterv1.PlayGameResponse {
	if u.Cycle != nil {
		s.m.ruling(g.ruleset, u.Cycle.Ruling.Verdict)
	}
	if u.Status == arbiter.StatusGameOver {
		g.over = true
		g.result, g.term = u.Result, u.Termination
	}
	return apiconv.Update(u)
}

// rejection answers a move that was not played: the game is as it was.
func rejection(g *game, reason, description, text string) *arbiterv1.PlayGameResponse {
	description = clipTo(escapeControls(description), maxDescription)
	resp := &arbiterv1.PlayGameResponse{
		Status:      arbiterv1.GameStatus_GAME_STATUS_UNSPECIFIED,
		Result:      arbiterv1.Result_RESULT_ONGOING,
		Explanation: description,
		Fen:         g.sess.Position(),
		Rejected: &arbiterv1.MoveRejected{
			Field:       "move",
			Reason:      reason,
			Description: description,
			Move:        clip(escapeControls(text)),
			Ply:         int32(g.plies + 1),
		},
	}
	if g.over {
		resp.Result = apiconv.Result(g.result)
		resp.Termination = apiconv.Termination(g.term)
	}
	return resp
}

// rejectedMove reads the move rejection out of an InvalidArgument status on a
// "moves[i]" field, or returns nil for any other error.
func rejectedMove(st *status.Status) *arbiterv1.MoveRejected {
	if st.Code() != codes.InvalidArgument {
		return nil
	}
	for _, d := range st.Details() {
		br, ok := d.(*errdetails.BadRequest)
		if !ok {
			continue
		}
		for _, v := range br.GetFieldViolations() {
			var i int
			if _, err := fmt.Sscanf(v.GetField(), "moves[%d]", &i); err == nil {
				return &arbiterv1.MoveRejected{Field: v.GetField(), Ply: int32(i + 1), Reason: v.GetReason(), Description: v.GetDescription()}
			}
		}
	}
	return nil
}
