package server

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/arbiter-xq/arbiter/apiconv"
	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/picture"
	arbiterv1 "github.com/arbiter-xq/arbiter/proto/arbiter/v1"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// The other games (banqi, chu shogi) enter the service through arbiter.GameRuleset: the
// handlers resolve the ruleset id with apiconv.LookupAny and, for another game's
// ruleset, come here. Limits, errors and metrics are the same as for xiangqi.

// gameStart decodes the common part of a request for another game: the ply limit, the
// policy, the position and deal. prefix names the enclosing message ("start.").
func (s *Server) gameStart(prefix, fen, deal string, moves []string, pol *arbiterv1.Policy) (arbiter.GameStart, error) {
	if len(moves) > s.cfg.MaxPlies {
		return arbiter.GameStart{}, tooLong(prefix+"moves", len(moves), s.cfg.MaxPlies)
	}
	p, err := apiconv.CheckGamePolicy(pol)
	if err != nil {
		return arbiter.GameStart{}, domainError(err, prefix)
	}
	return arbiter.GameStart{Position: fen, Deal: deal, Policy: p}, nil
}

// adjudicateGame rules on a history of another game under g.
// With svg, the response carries the picture of the ruling when the picture package
// draws the game (picture.HasGame); per-ply pictures are xiangqi's only so far.
func (s *Server) adjudicateGame(ctx context.Context, g arbiter.GameRuleset, start arbiter.GameStart, moves []string, svg bool) (*arbiterv1.AdjudicateResponse, error) {
	r, err := arbiter.AdjudicateGame(ctx, g, start, moves)
	if err != nil {
		if cerr := contextError(ctx); cerr != nil {
			return nil, cerr
		}
		return nil, domainError(err, "")
	}
	if r.Cycle != nil {
		s.m.ruling(r.Ruleset.ID, r.Cycle.Ruling.Verdict)
	}
	resp := apiconv.GameReport(r)
	if svg && picture.HasGame(r.Ruleset.Game) {
		var b strings.Builder
		if err := picture.GameRuling(&b, r); err == nil {
			resp.Svg = b.String()
		}
	}
	return resp, nil
}

// startOtherGame opens a stream's game of another game and plays its resumed moves.
func (s *Server) startOtherGame(ctx context.Context, gr arbiter.GameRuleset, start *arbiterv1.GameStart) (*game, *arbiterv1.PlayGameResponse, error) {
	gs, err := s.gameStart("start.", start.GetFen(), start.GetDeal(), start.GetMoves(), start.GetPolicy())
	if err != nil {
		return nil, nil, err
	}
	sess, err := gr.NewGame(gs)
	if err != nil {
		return nil, nil, domainError(err, "start.")
	}
	g := &game{ruleset: gr.Info().ID, other: sess}
	var resp *arbiterv1.PlayGameResponse
	for i, m := range start.GetMoves() {
		u, err := sess.Play(ctx, m)
		if err != nil {
			if cerr := contextError(ctx); cerr != nil {
				return nil, nil, cerr
			}
			var me *arbiter.MoveError
			if errors.As(err, &me) && me.Ply == 0 {
				me.Ply = i + 1
			}
			return nil, nil, domainError(err, "start.")
		}
		if u.Status == arbiter.StatusForbidden && i < len(start.GetMoves())-1 {
			return nil, nil, domainError(&arbiter.MoveError{Ply: i + 1, Text: m, Code: "forbidden",
				Reason: "forbidden under the policy, so the moves after it cannot follow: " + u.Explanation}, "start.")
		}
		g.plies++
		resp = s.gameUpdate(g, &u)
	}
	if resp == nil {
		r := sess.Report()
		resp = &arbiterv1.PlayGameResponse{
			Status:      apiconv.GameStatus(r.Status),
			Result:      apiconv.Result(r.Result),
			Termination: apiconv.Termination(r.Termination),
			Explanation: r.Explanation,
			Fen:         sess.Position(),
		}
		if r.Status == arbiter.StatusGameOver {
			g.over = true
			g.result, g.term = r.Result, r.Termination
		}
	}
	return g, resp, nil
}

// playOtherMove plays one streamed move of another game. A move that cannot be played
// is answered with a rejection and the game goes on, as for xiangqi.
func (s *Server) playOtherMove(ctx context.Context, g *game, text string) (*arbiterv1.PlayGameResponse, error) {
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
	ctx, cancel := s.messageContext(ctx)
	defer cancel()
	u, err := g.other.Play(ctx, text)
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
	}
	return s.gameUpdate(g, &u), nil
}

// gameUpdate encodes the state after one move of another game and books it.
func (s *Server) gameUpdate(g *game, u *arbiter.GameUpdate) *arbiterv1.PlayGameResponse {
	if u.Cycle != nil {
		s.m.ruling(g.ruleset, u.Cycle.Ruling.Verdict)
	}
	if u.Status == arbiter.StatusGameOver {
		g.over = true
		g.result, g.term = u.Result, u.Termination
	}
	return apiconv.GameUpdate(u)
}

// compareGames rules on one history of another game under several of its rulesets.
func (s *Server) compareGames(ctx context.Context, sets []arbiter.GameRuleset, req *arbiterv1.CompareRequest) (*arbiterv1.CompareResponse, error) {
	start, err := s.gameStart("", req.GetFen(), req.GetDeal(), req.GetMoves(), req.GetPolicy())
	if err != nil {
		return nil, err
	}
	s.m.historyPlies.Observe(float64(len(req.GetMoves())))
	out := &arbiterv1.CompareResponse{}
	for _, g := range sets {
		if err := contextError(ctx); err != nil {
			return nil, err
		}
		a, err := s.adjudicateGame(ctx, g, start, req.GetMoves(), false)
		if err != nil {
			// A move one ruleset rejects may be legal under another: a disagreement to
			// show side by side, not a failure of the comparison.
			st, _ := status.FromError(err)
			rej := rejectedMove(st)
			if rej == nil {
				return nil, err
			}
			a = &arbiterv1.AdjudicateResponse{Ruleset: g.Info().ID, Game: g.Info().Game, Rejected: rej,
				Explanation: "rejected: " + rej.GetDescription()}
		}
		if len(out.Adjudications) > 0 && apiconv.Disagree(out.Adjudications[0], a) {
			out.Disagree = true
		}
		out.Adjudications = append(out.Adjudications, a)
	}
	return out, nil
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
