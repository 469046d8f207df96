package server_test

import (
	"strings"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	arbiterv1 "github.com/arbiter-xq/arbiter/proto/arbiter/v1"
	"github.com/arbiter-xq/arbiter/rules/banqi"
)

// Banqi through the service: rulesets with options, a ruling, a comparison, bad input
// naming the ply and the reason, and a stream.
func TestBanqiThroughTheService(t *testing.T) {
	reg := registryOf(t, rulesets()...)
	for _, g := range banqi.All() {
		if err := reg.Register(g); err != nil {
			t.Fatal(err)
		}
	}
	e := start(t, envOptions{reg: reg})
	ctx := ctxT(t)

	rs, err := e.client.ListRulesets(ctx, &arbiterv1.ListRulesetsRequest{})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, r := range rs.GetRulesets() {
		if r.GetId() != "banqi-cdc" {
			continue
		}
		found = r.GetGame() == "banqi"
		opts := map[string]string{}
		for _, o := range r.GetOptions() {
			opts[o.GetName()] = o.GetValue()
		}
		if opts["no_progress_plies"] != "180" || opts["repetition"] != "allowed" || opts["cannon_capture"] != "jump" {
			t.Errorf("banqi-cdc options: %v", opts)
		}
	}
	if !found {
		t.Errorf("ListRulesets has no banqi-cdc: %v", rs)
	}

	// RP-1: Red must change under banqi-tw, a draw under banqi-cdc.
	rp1 := strings.Fields("a2-b2 a1-a2 b2-b1 a2-b2 b1-a1 b2-b1 a1-a2 b1-a1")
	rp1 = append(rp1, rp1...)
	cmp, err := e.client.Compare(ctx, &arbiterv1.CompareRequest{Rulesets: []string{"banqi-tw", "banqi-cdc"}, Fen: "4/4/4/4/4/4/r3/G3 b - 0", Moves: rp1})
	if err != nil {
		t.Fatal(err)
	}
	a := cmp.GetAdjudications()
	if !cmp.GetDisagree() || len(a) != 2 ||
		a[0].GetRuling().GetVerdict() != arbiterv1.Verdict_VERDICT_RED_MUST_CHANGE || a[0].GetResult() != arbiterv1.Result_RESULT_BLACK_WINS ||
		a[1].GetRuling().GetVerdict() != arbiterv1.Verdict_VERDICT_DRAW || a[1].GetResult() != arbiterv1.Result_RESULT_DRAW {
		t.Errorf("Compare RP-1: %v", cmp)
	}

	// The 180-ply rule through Adjudicate.
	resp, err := e.client.Adjudicate(ctx, &arbiterv1.AdjudicateRequest{Ruleset: "banqi-cdc", Fen: "3n/4/4/1X2/4/4/4/R3 r p 179", Moves: []string{"a1-a2"}})
	if err != nil {
		t.Fatal(err)
	}
	if resp.GetResult() != arbiterv1.Result_RESULT_DRAW || resp.GetTermination() != arbiterv1.Termination_TERMINATION_NO_PROGRESS || resp.GetPlies()[0].GetClock() != 180 {
		t.Errorf("no progress: %v", resp)
	}

	// Bad input: InvalidArgument naming the field (and ply) and the reason.
	for _, tc := range []struct {
		req  *arbiterv1.AdjudicateRequest
		want string
	}{
		{&arbiterv1.AdjudicateRequest{Ruleset: "banqi-tw", Fen: "4/4/4/4/4/4/X3/G3 r p 0", Moves: []string{"a2=p", "a1=G"}}, "moves[1]: ply 2 (\"a1=G\"): flip of a1: the Red advisor there is already face-up"},
		{&arbiterv1.AdjudicateRequest{Ruleset: "banqi-tw", Fen: "4/4/4/4/4/4/X3/G3 r p 0", Moves: []string{"a2=K"}}, "moves[0]: ply 1 (\"a2=K\"): a2 turns up a Red general, which the pool no longer holds"},
		{&arbiterv1.AdjudicateRequest{Ruleset: "banqi-tw", Fen: "4/4/4/4/4/4/r3/N3 r - 0", Moves: []string{"a1xa2"}}, "moves[0]: ply 1 (\"a1xa2\"): a horse (rank 3) cannot take a chariot (rank 4) under rank_order=tw"},
		{&arbiterv1.AdjudicateRequest{Ruleset: "banqi-tw", Fen: "4/4/4/4/4/r3/4/C3 r - 0", Moves: []string{"a1xa3"}}, "moves[0]: ply 1 (\"a1xa3\"): a1xa3: a cannon jump needs exactly one screen between, found none"},
		{&arbiterv1.AdjudicateRequest{Ruleset: "banqi-tw", Moves: []string{"c6=K", "c5=K"}}, "moves[1]"},
		{&arbiterv1.AdjudicateRequest{Ruleset: "banqi-tw", Moves: []string{"c6-c5"}}, "before the first flip"},
		{&arbiterv1.AdjudicateRequest{Ruleset: "banqi-tw", Fen: "4/4/4/4/2p1/2K1/4/4 r - 0", Moves: []string{"c3xc4"}}, "moves[0]: ply 1 (\"c3xc4\"): a general never takes a soldier"},
		{&arbiterv1.AdjudicateRequest{Ruleset: "banqi-tw", Fen: "4/4/4/4/r3/P3/X3/C3 r p 0", Moves: []string{"a1xa4"}}, "moves[0]: ply 1 (\"a1xa4\"): a1xa4: a cannon jump needs exactly one screen between, found 2"},
		{&arbiterv1.AdjudicateRequest{Ruleset: "banqi-tw", Fen: "XXXX/4/4/4/4/4/4/K3 r * 0"}, "fen"},
		{&arbiterv1.AdjudicateRequest{Ruleset: "banqi-tw+hidden_capture=sometimes"}, "hidden_capture"},
		{&arbiterv1.AdjudicateRequest{Ruleset: "banqi-tw+chain_capture=any"}, "requires hidden_capture"},
		{&arbiterv1.AdjudicateRequest{Ruleset: "banqi-tw", Deal: "KK"}, "deal"},
	} {
		_, err := e.client.Adjudicate(ctx, tc.req)
		if st := status.Convert(err); st.Code() != codes.InvalidArgument || !strings.Contains(st.Message(), tc.want) {
			t.Errorf("%v: %v, want InvalidArgument mentioning %q", tc.req, err, tc.want)
		}
	}

	// A stream: a flip, a rejected ply (the game goes on), a legal ply.
	st, err := e.client.PlayGame(ctx)
	if err != nil {
		t.Fatal(err)
	}
	send := func(r *arbiterv1.PlayGameRequest) *arbiterv1.PlayGameResponse {
		t.Helper()
		if err := st.Send(r); err != nil {
			t.Fatal(err)
		}
		resp, err := st.Recv()
		if err != nil {
			t.Fatal(err)
		}
		return resp
	}
	send(&arbiterv1.PlayGameRequest{Input: &arbiterv1.PlayGameRequest_Start{Start: &arbiterv1.GameStart{Ruleset: "banqi-tw"}}})
	if r := send(&arbiterv1.PlayGameRequest{Input: &arbiterv1.PlayGameRequest_Move{Move: "c6=G"}}); r.GetPly().GetNature() != arbiterv1.Nature_NATURE_FLIP {
		t.Errorf("flip: %v", r)
	}
	if r := send(&arbiterv1.PlayGameRequest{Input: &arbiterv1.PlayGameRequest_Move{Move: "c5=G"}}); r.GetRejected() != nil {
		t.Errorf("the second Red advisor: %v", r)
	}
	if r := send(&arbiterv1.PlayGameRequest{Input: &arbiterv1.PlayGameRequest_Move{Move: "c4=G"}}); r.GetRejected().GetPly() != 3 ||
		!strings.Contains(r.GetRejected().GetDescription(), "no longer holds") {
		t.Errorf("a third Red advisor: %v", r)
	}
	if r := send(&arbiterv1.PlayGameRequest{Input: &arbiterv1.PlayGameRequest_Move{Move: "c4=g"}}); r.GetRejected() != nil || r.GetPly().GetPly() != 3 {
		t.Errorf("after a rejected ply the game goes on: %v", r)
	}
	st.CloseSend()
}
