package server_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"

	"github.com/arbiter-xq/arbiter/internal/corpus"
	arbiterv1 "github.com/arbiter-xq/arbiter/proto/arbiter/v1"
	"github.com/arbiter-xq/arbiter/server"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/proto"
)

type gameStream = grpc.BidiStreamingClient[arbiterv1.PlayGameRequest, arbiterv1.PlayGameResponse]

func openGame(t *testing.T, ctx context.Context, c arbiterv1.ArbiterServiceClient, start *arbiterv1.GameStart) (gameStream, *arbiterv1.PlayGameResponse) {
	t.Helper()
	st, err := c.PlayGame(ctx)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := send(st, &arbiterv1.PlayGameRequest{Input: &arbiterv1.PlayGameRequest_Start{Start: start}})
	if err != nil {
		t.Fatalf("start: %v", err)
	}
	return st, resp
}

// send sends one request and receives its response.
func send(st gameStream, req *arbiterv1.PlayGameRequest) (*arbiterv1.PlayGameResponse, error) {
	if err := st.Send(req); err != nil && !errors.Is(err, io.EOF) {
		return nil, err
	}
	return st.Recv()
}

func move(st gameStream, text string) (*arbiterv1.PlayGameResponse, error) {
	return send(st, &arbiterv1.PlayGameRequest{Input: &arbiterv1.PlayGameRequest_Move{Move: text}})
}

func realGame(t testing.TB) corpus.Game {
	t.Helper()
	path := corpus.Path(corpus.CCPDPath)
	if path == "" {
		t.Skip("shared corpus not found")
	}
	games, err := corpus.ReadCCPD(path, 50)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range games {
		if len(g.Moves) >= 80 {
			return g
		}
	}
	t.Skip("no long game in the first games of the corpus")
	return corpus.Game{}
}

// Every reply of a stream over a whole real game equals the Adjudicate answer for the
// history up to that move. Moves are sent in ICCS, WXF and Chinese in turn.
func TestPlayGameRealGame(t *testing.T) {
	g := realGame(t)
	transports(t, envOptions{}, func(t *testing.T, e *env) {
		ctx := ctxT(t)
		for _, rs := range rulesets() {
			id := rs.Info().ID
			full, err := e.client.Adjudicate(ctx, &arbiterv1.AdjudicateRequest{Ruleset: id, Fen: g.FEN, Moves: g.Moves})
			if err != nil {
				t.Fatal(err)
			}
			n := len(g.Moves)
			if d := int(full.GetDecidedAtPly()); d > 0 {
				n = d
			}
			st, resp := openGame(t, ctx, e.client, &arbiterv1.GameStart{Ruleset: id, Fen: g.FEN})
			if resp.GetStatus() != arbiterv1.GameStatus_GAME_STATUS_ONGOING || resp.GetPly() != nil {
				t.Errorf("%s: start reply %v", id, resp)
			}
			for i := 0; i < n; i++ {
				pl := full.GetPlies()[i].GetMove()
				text := [...]string{pl.GetIccs(), pl.GetWxf(), pl.GetChinese()}[i%3]
				resp, err := move(st, text)
				if err != nil {
					t.Fatalf("%s: move %d %q: %v", id, i, text, err)
				}
				want, err := e.client.Adjudicate(ctx, &arbiterv1.AdjudicateRequest{Ruleset: id, Fen: g.FEN, Moves: g.Moves[:i+1]})
				if err != nil {
					t.Fatal(err)
				}
				if !proto.Equal(resp.GetPly(), want.GetPlies()[i]) || !proto.Equal(resp.GetCycle(), want.GetCycle()) ||
					!proto.Equal(resp.GetRuling(), want.GetRuling()) || resp.GetResult() != want.GetResult() ||
					resp.GetTermination() != want.GetTermination() || resp.GetStatus() != want.GetStatus() ||
					resp.GetFen() != want.GetFinalFen() {
					t.Fatalf("%s: move %d %q:\nstream     %v\nadjudicate %v", id, i, text, resp, want)
				}
			}
			if err := st.CloseSend(); err != nil {
				t.Fatal(err)
			}
			if _, err := st.Recv(); err != io.EOF {
				t.Errorf("%s: end of stream: %v", id, err)
			}
		}
		eventually(t, "no active streams", func() bool { return metricValue(t, e.metrics, "arbiter_active_streams", nil) == 0 })
		if got := metricValue(t, e.metrics, "arbiter_history_plies", nil); got < float64(len(rulesets())) {
			t.Errorf("arbiter_history_plies has %v samples", got)
		}
	})
}

func TestPlayGamePerpetualCheck(t *testing.T) {
	e := start(t, envOptions{})
	ctx := ctxT(t)
	st, _ := openGame(t, ctx, e.client, &arbiterv1.GameStart{Ruleset: "chinese", Fen: checkFEN})
	moves := fields(checkMoves + " " + checkMoves)
	for i, m := range moves {
		resp, err := move(st, m)
		if err != nil {
			t.Fatalf("move %d: %v", i, err)
		}
		want := arbiterv1.GameStatus_GAME_STATUS_ONGOING
		switch i {
		case 3, 4, 5, 6:
			want = arbiterv1.GameStatus_GAME_STATUS_RULING_WARNING
		case 7:
			want = arbiterv1.GameStatus_GAME_STATUS_GAME_OVER
		}
		if resp.GetStatus() != want {
			t.Errorf("move %d: status %v, want %v (%s)", i, resp.GetStatus(), want, resp.GetExplanation())
		}
		if i == 7 && (resp.GetResult() != arbiterv1.Result_RESULT_BLACK_WINS ||
			resp.GetTermination() != arbiterv1.Termination_TERMINATION_PERPETUAL_CHECK) {
			t.Errorf("end: %v", resp)
		}
	}
	// A move after the end is rejected; the stream stays open and the game stays over.
	resp, err := move(st, "f0e0")
	if err != nil || resp.GetRejected().GetReason() != "GAME_OVER" || resp.GetResult() != arbiterv1.Result_RESULT_BLACK_WINS ||
		resp.GetTermination() != arbiterv1.Termination_TERMINATION_PERPETUAL_CHECK || resp.GetRejected().GetPly() != 9 {
		t.Errorf("move after the end: %v %v", resp, err)
	}
}

func TestPlayGameForbid(t *testing.T) {
	e := start(t, envOptions{})
	ctx := ctxT(t)
	// As checkFEN without the black pawn, so that the red king has a flight square.
	const fen = "2b6/4k4/9/9/9/9/9/9/9/3K1RBc1 w - - 0 1"
	st, _ := openGame(t, ctx, e.client, &arbiterv1.GameStart{Ruleset: "asian", Fen: fen,
		Policy: &arbiterv1.Policy{OnViolation: arbiterv1.OnViolation_ON_VIOLATION_FORBID}})
	for i, m := range fields(checkMoves + " " + checkMoves) {
		if _, err := move(st, m); err != nil {
			t.Fatalf("move %d: %v", i, err)
		}
	}
	// The next check would repeat the position a third time with Red checking: refused.
	before, err := move(st, "f0e0")
	if err != nil {
		t.Fatal(err)
	}
	if before.GetStatus() != arbiterv1.GameStatus_GAME_STATUS_MOVE_FORBIDDEN ||
		before.GetRuling().GetVerdict() != arbiterv1.Verdict_VERDICT_RED_MUST_CHANGE ||
		before.GetPly().GetMove().GetIccs() != "f0e0" || before.GetResult() != arbiterv1.Result_RESULT_ONGOING {
		t.Fatalf("refused move: %v", before)
	}
	// The refused move was not applied: Red plays another one and the game goes on.
	if again, err := move(st, "R4.5"); err != nil || again.GetStatus() != arbiterv1.GameStatus_GAME_STATUS_MOVE_FORBIDDEN {
		t.Errorf("the same move again: %v %v", again, err)
	}
	resp, err := move(st, "d0d1")
	if err != nil || resp.GetStatus() != arbiterv1.GameStatus_GAME_STATUS_ONGOING || resp.GetPly().GetPly() != 9 {
		t.Errorf("after the refusal: %v %v", resp, err)
	}
}

// Under forbid a side whose every legal move is forbidden has lost (CXA 2020, note to
// 图6): the stream answers the game's end instead of refusing the only move forever.
func TestPlayGameForbidDeadEnd(t *testing.T) {
	e := start(t, envOptions{})
	ctx := ctxT(t)
	st, _ := openGame(t, ctx, e.client, &arbiterv1.GameStart{Ruleset: "chinese", Fen: checkFEN,
		Policy: &arbiterv1.Policy{OnViolation: arbiterv1.OnViolation_ON_VIOLATION_FORBID}})
	for i, m := range fields(checkMoves + " " + checkMoves) {
		if _, err := move(st, m); err != nil {
			t.Fatalf("move %d: %v", i, err)
		}
	}
	resp, err := move(st, "f0e0")
	if err != nil || resp.GetStatus() != arbiterv1.GameStatus_GAME_STATUS_GAME_OVER || resp.GetResult() != arbiterv1.Result_RESULT_BLACK_WINS ||
		resp.GetTermination() != arbiterv1.Termination_TERMINATION_PERPETUAL_CHECK || !strings.Contains(resp.GetExplanation(), "no permitted move") {
		t.Errorf("the only move, forbidden: %v %v", resp, err)
	}
}

func TestPlayGameResume(t *testing.T) {
	g := realGame(t)
	e := start(t, envOptions{})
	ctx := ctxT(t)
	half := len(g.Moves) / 2
	full, err := e.client.Adjudicate(ctx, &arbiterv1.AdjudicateRequest{Ruleset: "asian", Fen: g.FEN, Moves: g.Moves[:half+1]})
	if err != nil {
		t.Fatal(err)
	}
	st, resp := openGame(t, ctx, e.client, &arbiterv1.GameStart{Ruleset: "asian", Fen: g.FEN, Moves: g.Moves[:half]})
	if resp.GetPly().GetPly() != int32(half) || !proto.Equal(resp.GetPly(), full.GetPlies()[half-1]) {
		t.Errorf("resume reply %v", resp.GetPly())
	}
	resp, err = move(st, g.Moves[half])
	if err != nil || resp.GetFen() != full.GetFinalFen() {
		t.Errorf("after resuming: %v %v", resp, err)
	}
}

func TestPlayGameBadInput(t *testing.T) {
	startMsg := func(s *arbiterv1.GameStart) *arbiterv1.PlayGameRequest {
		return &arbiterv1.PlayGameRequest{Input: &arbiterv1.PlayGameRequest_Start{Start: s}}
	}
	moveMsg := func(m string) *arbiterv1.PlayGameRequest {
		return &arbiterv1.PlayGameRequest{Input: &arbiterv1.PlayGameRequest_Move{Move: m}}
	}
	good := &arbiterv1.GameStart{Ruleset: "asian"}
	long := fields("h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 c3c4 g6g5 b0c2 c9e7 a0b0 a9b9")
	tests := []struct {
		name   string
		msgs   []*arbiterv1.PlayGameRequest // all but the last succeed
		code   codes.Code
		field  string
		reason string
	}{
		{"move first", []*arbiterv1.PlayGameRequest{moveMsg("h2e2")}, codes.InvalidArgument, "start", "MISSING_GAME_START"},
		{"empty first", []*arbiterv1.PlayGameRequest{{}}, codes.InvalidArgument, "start", "MISSING_GAME_START"},
		{"bad fen", []*arbiterv1.PlayGameRequest{startMsg(&arbiterv1.GameStart{Ruleset: "asian", Fen: "9/9 w"})},
			codes.InvalidArgument, "start.fen", "INVALID_FEN"},
		{"unknown ruleset", []*arbiterv1.PlayGameRequest{startMsg(&arbiterv1.GameStart{Ruleset: "xiangqi"})},
			codes.InvalidArgument, "start.ruleset", "UNKNOWN_RULESET"},
		{"bad policy", []*arbiterv1.PlayGameRequest{startMsg(&arbiterv1.GameStart{Ruleset: "asian",
			Policy: &arbiterv1.Policy{LossAtOccurrence: proto.Int32(0)}})},
			codes.InvalidArgument, "start.policy.loss_at_occurrence", "INVALID_POLICY"},
		{"bad resumed move", []*arbiterv1.PlayGameRequest{startMsg(&arbiterv1.GameStart{Ruleset: "asian",
			Moves: []string{"h2e2", "h2e2"}})}, codes.InvalidArgument, "start.moves[1]", "ILLEGAL_MOVE"},
		{"too many resumed moves", []*arbiterv1.PlayGameRequest{startMsg(&arbiterv1.GameStart{Ruleset: "asian", Moves: long})},
			codes.ResourceExhausted, "start.moves", "HISTORY_TOO_LONG"},
		{"second start", []*arbiterv1.PlayGameRequest{startMsg(good), moveMsg("h2e2"), startMsg(good)},
			codes.InvalidArgument, "start", "DUPLICATE_GAME_START"},
		{"empty message", []*arbiterv1.PlayGameRequest{startMsg(good), {}}, codes.InvalidArgument, "input", "EMPTY_REQUEST"},
		{"huge resumed move", []*arbiterv1.PlayGameRequest{startMsg(&arbiterv1.GameStart{Ruleset: "asian",
			Moves: []string{"h2e2", strings.Repeat("x", 900_000)}})}, codes.InvalidArgument, "start.moves[1]", "INVALID_MOVE"},
		{"huge ruleset", []*arbiterv1.PlayGameRequest{startMsg(&arbiterv1.GameStart{Ruleset: strings.Repeat("x", 900_000)})},
			codes.InvalidArgument, "start.ruleset", "UNKNOWN_RULESET"},
	}
	e := start(t, envOptions{cfg: server.Config{MaxPlies: 10}})
	ctx := ctxT(t)
	// A healthy game runs alongside the broken ones and must not notice them.
	healthy, _ := openGame(t, ctx, e.client, &arbiterv1.GameStart{Ruleset: "chinese"})
	healthyMoves := fields("h2e2 h9g7 h0g2 i9h9 i0h0 b9c7")
	for i, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st, err := e.client.PlayGame(ctx)
			if err != nil {
				t.Fatal(err)
			}
			for j, m := range tc.msgs {
				_, err = send(st, m)
				if j < len(tc.msgs)-1 && err != nil {
					t.Fatalf("message %d: %v", j, err)
				}
			}
			fail := wantFieldError(t, err, tc.code, tc.field, tc.reason)
			if n := len(fail.Message()) + len(fmt.Sprint(fail.Proto().GetDetails())); n > 2000 {
				t.Errorf("the error carries %d bytes: %.200s", n, fail.Message())
			}
			if i < len(healthyMoves) {
				if resp, err := move(healthy, healthyMoves[i]); err != nil || resp.GetPly().GetPly() != int32(i+1) {
					t.Fatalf("healthy stream: %v %v", resp, err)
				}
			}
		})
	}
	healthy.CloseSend()
	eventually(t, "no active streams", func() bool { return metricValue(t, e.metrics, "arbiter_active_streams", nil) == 0 })
}

func TestStreamLimit(t *testing.T) {
	e := start(t, envOptions{cfg: server.Config{MaxStreams: 2}})
	ctx := ctxT(t)
	a, _ := openGame(t, ctx, e.client, &arbiterv1.GameStart{Ruleset: "asian"})
	b, _ := openGame(t, ctx, e.client, &arbiterv1.GameStart{Ruleset: "asian"})
	c, err := e.client.PlayGame(ctx)
	if err != nil {
		t.Fatal(err)
	}
	_, err = send(c, &arbiterv1.PlayGameRequest{Input: &arbiterv1.PlayGameRequest_Start{Start: &arbiterv1.GameStart{Ruleset: "asian"}}})
	if statusCode(err) != codes.ResourceExhausted {
		t.Errorf("third stream: %v", err)
	}
	a.CloseSend()
	if _, err := a.Recv(); err != io.EOF {
		t.Fatal(err)
	}
	eventually(t, "a free stream slot", func() bool { return metricValue(t, e.metrics, "arbiter_active_streams", nil) == 1 })
	d, _ := openGame(t, ctx, e.client, &arbiterv1.GameStart{Ruleset: "asian"})
	for _, st := range []gameStream{b, d} {
		if _, err := move(st, "h2e2"); err != nil {
			t.Error(err)
		}
	}
}

// Clients that vanish mid-game free their streams; the server goes on serving.
func TestClientDisconnect(t *testing.T) {
	transports(t, envOptions{}, func(t *testing.T, e *env) {
		var wg sync.WaitGroup
		for i := 0; i < 8; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				ctx, cancel := context.WithCancel(context.Background())
				st, _ := openGame(t, ctx, e.client, &arbiterv1.GameStart{Ruleset: "chinese"})
				if _, err := move(st, "h2e2"); err != nil {
					t.Error(err)
				}
				// Send a move and vanish without reading the reply.
				st.Send(&arbiterv1.PlayGameRequest{Input: &arbiterv1.PlayGameRequest_Move{Move: "h9g7"}})
				cancel()
			}()
		}
		wg.Wait()
		eventually(t, "arbiter_active_streams back to 0", func() bool {
			return metricValue(t, e.metrics, "arbiter_active_streams", nil) == 0
		})
		if got := metricValue(t, e.metrics, "grpc_server_handled_total", map[string]string{"grpc_method": "PlayGame", "grpc_code": "Canceled"}); got != 8 {
			t.Errorf("canceled streams counted %v, want 8", got)
		}
		st, _ := openGame(t, ctxT(t), e.client, &arbiterv1.GameStart{Ruleset: "chinese"})
		if _, err := move(st, "h2e2"); err != nil {
			t.Errorf("new stream after disconnects: %v", err)
		}
		if _, err := e.client.ListRulesets(ctxT(t), &arbiterv1.ListRulesetsRequest{}); err != nil {
			t.Error(err)
		}
	})
}
