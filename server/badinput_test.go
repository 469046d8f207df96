package server_test

import (
	"strings"
	"testing"

	arbiterv1 "github.com/arbiter-xq/arbiter/proto/arbiter/v1"
	"github.com/arbiter-xq/arbiter/server"
	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/proto"
)

func TestAdjudicateBadInput(t *testing.T) {
	long := make([]string, 0, 40)
	for len(long) < 40 {
		long = append(long, "h2e2", "h7e7", "e2h2", "e7h7")
	}
	tests := []struct {
		name   string
		req    *arbiterv1.AdjudicateRequest
		code   codes.Code
		field  string
		reason string
	}{
		{"malformed fen", &arbiterv1.AdjudicateRequest{Ruleset: "asian", Fen: "rnbakabnr/9 w"},
			codes.InvalidArgument, "fen", "INVALID_FEN"},
		{"king outside the palace", &arbiterv1.AdjudicateRequest{Ruleset: "asian", Fen: "4k4/9/9/9/9/9/9/9/9/K8 w"},
			codes.InvalidArgument, "fen", "INVALID_FEN"},
		{"kings facing", &arbiterv1.AdjudicateRequest{Ruleset: "asian", Fen: "4k4/9/9/9/9/9/9/9/9/4K4 w"},
			codes.InvalidArgument, "fen", "INVALID_FEN"},
		{"unknown move", &arbiterv1.AdjudicateRequest{Ruleset: "asian", Moves: []string{"h2e2", "h9g7", "qq"}},
			codes.InvalidArgument, "moves[2]", "INVALID_MOVE"},
		{"illegal move at ply 18", &arbiterv1.AdjudicateRequest{Ruleset: "chinese",
			Moves: append(append([]string(nil), long[:17]...), "a0a5")},
			codes.InvalidArgument, "moves[17]", "ILLEGAL_MOVE"},
		{"ambiguous move", &arbiterv1.AdjudicateRequest{Ruleset: "asian", Fen: "3k5/9/9/9/9/9/9/R8/9/R3K4 w",
			Moves: []string{"R9+1"}}, codes.InvalidArgument, "moves[0]", "AMBIGUOUS_MOVE"},
		{"wrong notation", &arbiterv1.AdjudicateRequest{Ruleset: "asian", Moves: []string{"h2e2"},
			Notation: arbiterv1.Notation_NOTATION_WXF}, codes.InvalidArgument, "moves[0]", ""},
		{"unknown notation", &arbiterv1.AdjudicateRequest{Ruleset: "asian", Notation: 9},
			codes.InvalidArgument, "notation", "INVALID_NOTATION"},
		{"unknown ruleset", &arbiterv1.AdjudicateRequest{Ruleset: "fide"},
			codes.InvalidArgument, "ruleset", "UNKNOWN_RULESET"},
		{"no ruleset", &arbiterv1.AdjudicateRequest{},
			codes.InvalidArgument, "ruleset", "UNKNOWN_RULESET"},
		{"loss at occurrence 1", &arbiterv1.AdjudicateRequest{Ruleset: "asian",
			Policy: &arbiterv1.Policy{LossAtOccurrence: proto.Int32(1)}},
			codes.InvalidArgument, "policy.loss_at_occurrence", "INVALID_POLICY"},
		{"draw at occurrence 500", &arbiterv1.AdjudicateRequest{Ruleset: "asian",
			Policy: &arbiterv1.Policy{DrawAtOccurrence: proto.Int32(500)}},
			codes.InvalidArgument, "policy.draw_at_occurrence", "INVALID_POLICY"},
		{"on violation 9", &arbiterv1.AdjudicateRequest{Ruleset: "asian", Policy: &arbiterv1.Policy{OnViolation: 9}},
			codes.InvalidArgument, "policy.on_violation", "INVALID_POLICY"},
		{"negative natural limit", &arbiterv1.AdjudicateRequest{Ruleset: "asian", Policy: &arbiterv1.Policy{NaturalMoveLimit: -1}},
			codes.InvalidArgument, "policy.natural_move_limit", "INVALID_POLICY"},
		{"negative counted checks", &arbiterv1.AdjudicateRequest{Ruleset: "asian",
			Policy: &arbiterv1.Policy{CountedChecksLimit: proto.Int32(-1)}},
			codes.InvalidArgument, "policy.counted_checks_limit", "INVALID_POLICY"},
		{"negative no-draw move", &arbiterv1.AdjudicateRequest{Ruleset: "asian", Policy: &arbiterv1.Policy{NoDrawBeforeMove: -3}},
			codes.InvalidArgument, "policy.no_draw_before_move", "INVALID_POLICY"},
		{"too many plies", &arbiterv1.AdjudicateRequest{Ruleset: "asian", Moves: long},
			codes.ResourceExhausted, "moves", "HISTORY_TOO_LONG"},
	}
	transports(t, envOptions{cfg: server.Config{MaxPlies: 30}}, func(t *testing.T, e *env) {
		for _, tc := range tests {
			t.Run(tc.name, func(t *testing.T) {
				_, err := e.client.Adjudicate(ctxT(t), tc.req)
				st := wantFieldError(t, err, tc.code, tc.field, tc.reason)
				if tc.reason == "UNKNOWN_RULESET" && !(strings.Contains(st.Message(), "asian") && strings.Contains(st.Message(), "chinese")) {
					t.Errorf("message %q does not list the valid rulesets", st.Message())
				}
				if tc.field == "moves[17]" && !strings.Contains(st.Message(), "a0a5") {
					t.Errorf("message %q does not quote the move", st.Message())
				}
			})
		}
		// The server goes on.
		if _, err := e.client.Adjudicate(ctxT(t), &arbiterv1.AdjudicateRequest{Ruleset: "asian", Moves: long[:8]}); err != nil {
			t.Errorf("after bad input: %v", err)
		}
	})
}

func TestMessageSizeLimit(t *testing.T) {
	e := start(t, envOptions{cfg: server.Config{MaxMessageBytes: 4096}})
	_, err := e.client.Adjudicate(ctxT(t), &arbiterv1.AdjudicateRequest{Ruleset: "asian", Fen: strings.Repeat("x", 10000)})
	if statusCode(err) != codes.ResourceExhausted {
		t.Errorf("oversized request: %v", err)
	}
	if _, err := e.client.Adjudicate(ctxT(t), &arbiterv1.AdjudicateRequest{Ruleset: "asian"}); err != nil {
		t.Errorf("after an oversized request: %v", err)
	}
}

func TestRequestTimeout(t *testing.T) {
	e := start(t, envOptions{cfg: server.Config{RequestTimeout: 1}, book: loadBook(t)})
	_, err := e.client.VerifyCasebook(ctxT(t), &arbiterv1.VerifyCasebookRequest{})
	if statusCode(err) != codes.DeadlineExceeded {
		t.Errorf("VerifyCasebook with a 1ns budget: %v", err)
	}
	// Adjudicate stops at the deadline too (the replay checks the context per move).
	_, err = e.client.Adjudicate(ctxT(t), &arbiterv1.AdjudicateRequest{Ruleset: "asian", Fen: checkFEN, Moves: fields(checkMoves)})
	if statusCode(err) != codes.DeadlineExceeded {
		t.Errorf("Adjudicate with a 1ns budget: %v", err)
	}
}
