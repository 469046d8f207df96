package server_test

import (
	"strings"
	"testing"

	arbiterv1 "github.com/arbiter-xq/arbiter/proto/arbiter/v1"
	"github.com/arbiter-xq/arbiter/rules/banqi"
	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/proto"
)

// A policy field the ruleset's game does not use is refused, naming the field and what
// the game uses instead (chu shogi took a natural move limit silently): on Adjudicate,
// Compare and a PlayGame stream. The fields a game uses still pass.
func TestPolicyFieldNotUsed(t *testing.T) {
	reg := chuRegistry(t)
	for _, g := range banqi.All() {
		if err := reg.Register(g); err != nil {
			t.Fatal(err)
		}
	}
	e := start(t, envOptions{reg: reg})
	ctx := ctxT(t)

	_, err := e.client.Adjudicate(ctx, &arbiterv1.AdjudicateRequest{Ruleset: "chu-lishogi", Policy: &arbiterv1.Policy{NaturalMoveLimit: 50}})
	st := wantFieldError(t, err, codes.InvalidArgument, "policy.natural_move_limit", "POLICY_FIELD_NOT_USED")
	if !strings.Contains(st.Message(), "chu.repetition.occurrences") {
		t.Errorf("message %q does not say what chu shogi uses instead", st.Message())
	}
	_, err = e.client.Adjudicate(ctx, &arbiterv1.AdjudicateRequest{Ruleset: "chu-jcsa2004", Policy: &arbiterv1.Policy{LossAtOccurrence: proto.Int32(3)}})
	wantFieldError(t, err, codes.InvalidArgument, "policy.loss_at_occurrence", "POLICY_FIELD_NOT_USED")

	_, err = e.client.Adjudicate(ctx, &arbiterv1.AdjudicateRequest{Ruleset: "banqi-tw", Policy: &arbiterv1.Policy{NaturalMoveLimit: 50}})
	st = wantFieldError(t, err, codes.InvalidArgument, "policy.natural_move_limit", "POLICY_FIELD_NOT_USED")
	if !strings.Contains(st.Message(), "no_progress_plies") {
		t.Errorf("message %q does not name banqi's no-progress option", st.Message())
	}
	_, err = e.client.Compare(ctx, &arbiterv1.CompareRequest{Rulesets: []string{"banqi-tw", "banqi-cdc"}, Policy: &arbiterv1.Policy{NoDrawBeforeMove: 25}})
	wantFieldError(t, err, codes.InvalidArgument, "policy.no_draw_before_move", "POLICY_FIELD_NOT_USED")

	stream, err := e.client.PlayGame(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := stream.Send(&arbiterv1.PlayGameRequest{Input: &arbiterv1.PlayGameRequest_Start{Start: &arbiterv1.GameStart{
		Ruleset: "chu-hachu", Policy: &arbiterv1.Policy{OnViolation: arbiterv1.OnViolation_ON_VIOLATION_FORBID}}}}); err != nil {
		t.Fatal(err)
	}
	_, err = stream.Recv()
	wantFieldError(t, err, codes.InvalidArgument, "start.policy.on_violation", "POLICY_FIELD_NOT_USED")

	// What a game uses passes: banqi's occurrences, every xiangqi field.
	if _, err := e.client.Adjudicate(ctx, &arbiterv1.AdjudicateRequest{Ruleset: "banqi-tw", Policy: &arbiterv1.Policy{LossAtOccurrence: proto.Int32(2), OnViolation: arbiterv1.OnViolation_ON_VIOLATION_FORBID}}); err != nil {
		t.Errorf("banqi with loss_at_occurrence and on_violation: %v", err)
	}
	if _, err := e.client.Adjudicate(ctx, &arbiterv1.AdjudicateRequest{Ruleset: "chinese", Policy: &arbiterv1.Policy{NaturalMoveLimit: 50,
		CountedChecksLimit: proto.Int32(10), NoDrawBeforeMove: 25, LossAtOccurrence: proto.Int32(2)}}); err != nil {
		t.Errorf("xiangqi with every field: %v", err)
	}
	if _, err := e.client.Adjudicate(ctx, &arbiterv1.AdjudicateRequest{Ruleset: "chu-lishogi", Policy: &arbiterv1.Policy{}}); err != nil {
		t.Errorf("chu shogi with an empty policy: %v", err)
	}
}
