package server_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/arbiter-xq/arbiter/arbiter"
	arbiterv1 "github.com/arbiter-xq/arbiter/proto/arbiter/v1"
)

// toyRuleset is a game small enough to see through, to test how another game enters the
// service: a token walks between squares "a" and "b"; a move names the square it goes
// to; "x" is never legal, and "b" is illegal when the option strict=yes. The position
// after every move is the square and the side to move, so "b a b a" repeats.
type toyRuleset struct{ strict bool }

func (r toyRuleset) Info() arbiter.RulesetInfo {
	id := "toy-walk"
	if r.strict {
		id += "+strict=yes"
	}
	return arbiter.RulesetInfo{ID: id, Game: "toy", Name: "toy walk",
		Options: []arbiter.OptionInfo{{Name: "strict", Value: map[bool]string{false: "no", true: "yes"}[r.strict], Allowed: []string{"no", "yes"}}}}
}

func (r toyRuleset) WithOptions(ovs []arbiter.Override) (arbiter.Ruleset, error) {
	v, err := arbiter.ApplyOverrides("toy-walk", r.Info().Options, ovs)
	if err != nil {
		return nil, err
	}
	return toyRuleset{strict: v["strict"] == "yes"}, nil
}

func (r toyRuleset) NewGame(s arbiter.Start) (arbiter.Session, error) {
	if s.Position != "" && s.Position != "a" && s.Position != "b" {
		return nil, &arbiter.PositionError{Field: "board", Reason: "the token stands on a or b"}
	}
	pos := s.Position
	if pos == "" {
		pos = "a"
	}
	return &toySession{r: r, seen: map[string]int{pos + "0": 1}, pos: pos}, nil
}

type toySession struct {
	r     toyRuleset
	pos   string
	plies []arbiter.Ply
	seen  map[string]int
	cycle *arbiter.Cycle
}

func (s *toySession) Position() string { return s.pos }

func (s *toySession) Play(_ context.Context, text string) (arbiter.Update, error) {
	switch {
	case text != "a" && text != "b":
		return arbiter.Update{}, &arbiter.MoveError{Text: text, Code: "malformed_move", Reason: "a move is a or b"}
	case text == s.pos:
		return arbiter.Update{}, &arbiter.MoveError{Text: text, Code: "cannot_reach", Reason: "the token is already there"}
	case s.r.strict && text == "b":
		return arbiter.Update{}, &arbiter.MoveError{Text: text, Code: "strict", Reason: "b is closed under strict=yes"}
	}
	s.pos = text
	side := arbiter.SideRed
	if len(s.plies)%2 == 1 {
		side = arbiter.SideBlack
	}
	p := arbiter.Ply{Ply: len(s.plies) + 1, Side: side, Move: text, Text: text, Nature: arbiter.NatureIdle, Position: text}
	key := fmt.Sprint(text, (len(s.plies)+1)%2)
	s.seen[key]++
	p.Occurrence = s.seen[key]
	s.plies = append(s.plies, p)
	u := arbiter.Update{Ply: p, Status: arbiter.StatusOngoing, Result: arbiter.ResultOngoing, Position: text}
	s.cycle = nil
	if p.Occurrence > 1 {
		s.cycle = &arbiter.Cycle{FirstPly: p.Ply - 1, LastPly: p.Ply, Occurrence: p.Occurrence, Position: text,
			Ruling: arbiter.Ruling{Verdict: arbiter.VerdictDraw, References: []string{"toy rule 1"}}}
		u.Cycle = s.cycle
	}
	return u, nil
}

func (s *toySession) Report() *arbiter.Report {
	return &arbiter.Report{Ruleset: s.r.Info(), Plies: s.plies, Cycle: s.cycle, Result: arbiter.ResultOngoing,
		Status: arbiter.StatusOngoing, FinalPosition: s.pos}
}

func toyRegistry(t *testing.T) *arbiter.Registry {
	reg := registryOf(t, rulesets()...)
	if err := reg.Register(toyRuleset{}); err != nil {
		t.Fatal(err)
	}
	return reg
}

func TestOtherGameThroughTheService(t *testing.T) {
	e := start(t, envOptions{reg: toyRegistry(t)})
	ctx := ctxT(t)

	rs, err := e.client.ListRulesets(ctx, &arbiterv1.ListRulesetsRequest{})
	if err != nil {
		t.Fatal(err)
	}
	var games []string
	for _, r := range rs.GetRulesets() {
		games = append(games, r.GetId()+":"+r.GetGame())
	}
	if got := strings.Join(games, " "); got != "asian:xiangqi chinese:xiangqi toy-walk:toy" {
		t.Errorf("ListRulesets: %s", got)
	}

	resp, err := e.client.Adjudicate(ctx, &arbiterv1.AdjudicateRequest{Ruleset: "TOY-walk", Moves: []string{"b", "a", "b"}})
	if err != nil {
		t.Fatal(err)
	}
	if resp.GetGame() != "toy" || len(resp.GetPlies()) != 3 || resp.GetPlies()[2].GetMove().GetCanonical() != "b" ||
		resp.GetRuling().GetVerdict() != arbiterv1.Verdict_VERDICT_DRAW || resp.GetCycle().GetOccurrence() != 2 {
		t.Errorf("Adjudicate: %v", resp)
	}

	// An illegal move: InvalidArgument on moves[1] with the game's reason code.
	_, err = e.client.Adjudicate(ctx, &arbiterv1.AdjudicateRequest{Ruleset: "toy-walk", Moves: []string{"b", "b"}})
	if st := status.Convert(err); st.Code() != codes.InvalidArgument || !strings.Contains(st.Message(), "moves[1]") {
		t.Errorf("illegal move: %v", err)
	}
	// A bad override names the option's values.
	_, err = e.client.Adjudicate(ctx, &arbiterv1.AdjudicateRequest{Ruleset: "toy-walk+strict=maybe"})
	if st := status.Convert(err); st.Code() != codes.InvalidArgument || !strings.Contains(st.Message(), "allowed values: no, yes") {
		t.Errorf("bad override: %v", err)
	}
	// A bad position.
	_, err = e.client.Adjudicate(ctx, &arbiterv1.AdjudicateRequest{Ruleset: "toy-walk", Fen: "q"})
	if st := status.Convert(err); st.Code() != codes.InvalidArgument || !strings.HasPrefix(st.Message(), "fen:") {
		t.Errorf("bad position: %v", err)
	}

	// Compare: a move one ruleset rejects is a disagreement, not a failure.
	cmp, err := e.client.Compare(ctx, &arbiterv1.CompareRequest{Rulesets: []string{"toy-walk", "toy-walk+strict=yes"}, Moves: []string{"b", "a"}})
	if err != nil {
		t.Fatal(err)
	}
	if !cmp.GetDisagree() || cmp.GetAdjudications()[1].GetRejected().GetPly() != 1 || cmp.GetAdjudications()[1].GetRuleset() != "toy-walk+strict=yes" {
		t.Errorf("Compare: %v", cmp)
	}
	// Rulesets of different games cannot be compared.
	// Both rulesets are known: the reason is not UNKNOWN_RULESET (a client would offer the
	// valid ids, which the request already uses).
	_, err = e.client.Compare(ctx, &arbiterv1.CompareRequest{Rulesets: []string{"toy-walk", "chinese"}})
	wantFieldError(t, err, codes.InvalidArgument, "rulesets[1]", "MIXED_GAMES")

	// A stream: start, an illegal move (rejected, the game goes on), a legal move.
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
	if r := send(&arbiterv1.PlayGameRequest{Input: &arbiterv1.PlayGameRequest_Start{Start: &arbiterv1.GameStart{Ruleset: "toy-walk", Moves: []string{"b"}}}}); r.GetFen() != "b" {
		t.Errorf("start: %v", r)
	}
	if r := send(&arbiterv1.PlayGameRequest{Input: &arbiterv1.PlayGameRequest_Move{Move: "x"}}); r.GetRejected().GetPly() != 2 || r.GetRejected().GetReason() != "INVALID_MOVE" || r.GetFen() != "b" {
		t.Errorf("illegal move: %v", r)
	}
	if r := send(&arbiterv1.PlayGameRequest{Input: &arbiterv1.PlayGameRequest_Move{Move: "a"}}); r.GetRejected() != nil || r.GetPly().GetPly() != 2 || r.GetFen() != "a" {
		t.Errorf("legal move: %v", r)
	}
	st.CloseSend()
}
