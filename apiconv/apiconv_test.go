package apiconv_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/arbiter-xq/arbiter/apiconv"
	"github.com/arbiter-xq/arbiter/arbiter"
	arbiterv1 "github.com/arbiter-xq/arbiter/proto/arbiter/v1"
	"github.com/arbiter-xq/arbiter/rules/asian"
	"github.com/arbiter-xq/arbiter/rules/chinese"
	"github.com/arbiter-xq/arbiter/rules/xqrules"
	"github.com/arbiter-xq/arbiter/xiangqi"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
)

// registry holds the rulesets the tests run under; add new rulesets here.
func registry(t testing.TB) *arbiter.Registry {
	t.Helper()
	reg := &arbiter.Registry{}
	for _, rs := range []xqrules.Ruleset{asian.New(), chinese.New()} {
		if err := reg.Register(xqrules.New(rs)); err != nil {
			t.Fatal(err)
		}
	}
	return reg
}

// A perpetual check: the red rook checks from e0 and f0, the black king steps aside.
const (
	checkFEN     = "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 0 1"
	checkPawnFEN = "2b6/4k4/9/9/9/P8/9/9/2p6/3K1RBc1 w - - 0 1" // checkFEN with a red pawn: Red may vary
	checkMoves   = "f0e0 e8f8 e0f0 f8e8"
)

func adjudicate(t *testing.T, rs arbiter.Ruleset, fen, moves string, pol *arbiterv1.Policy) *arbiterv1.AdjudicateResponse {
	t.Helper()
	p, err := apiconv.CheckGamePolicy(pol)
	if err != nil {
		t.Fatal(err)
	}
	r, err := arbiter.Adjudicate(context.Background(), rs, arbiter.Start{Position: fen, Policy: p}, strings.Fields(moves))
	if err != nil {
		t.Fatal(err)
	}
	return apiconv.Report(r)
}

func TestReportPerpetualCheck(t *testing.T) {
	for _, rs := range registry(t).All() {
		t.Run(rs.Info().ID, func(t *testing.T) {
			got := adjudicate(t, rs, checkFEN, checkMoves, nil)
			if got.GetRuleset() != rs.Info().ID {
				t.Errorf("ruleset = %q", got.GetRuleset())
			}
			wantMoves := []*arbiterv1.Move{
				{Iccs: "f0e0", Wxf: "R4.5", Chinese: "车四平五"},
				{Iccs: "e8f8", Wxf: "K5.6", Chinese: "将５平６"},
				{Iccs: "e0f0", Wxf: "R5.4", Chinese: "车五平四"},
				{Iccs: "f8e8", Wxf: "K6.5", Chinese: "将６平５"},
			}
			wantFEN := []string{
				"2b6/4k4/9/9/9/9/9/9/2p6/3KR1Bc1 b",
				"2b6/5k3/9/9/9/9/9/9/2p6/3KR1Bc1 w",
				"2b6/5k3/9/9/9/9/9/9/2p6/3K1RBc1 b",
				"2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w",
			}
			if len(got.GetPlies()) != 4 {
				t.Fatalf("%d plies, want 4", len(got.GetPlies()))
			}
			for i, pl := range got.GetPlies() {
				if pl.GetPly() != int32(i+1) {
					t.Errorf("plies[%d].ply = %d", i, pl.GetPly())
				}
				wantSide := arbiterv1.Side_SIDE_RED
				if i%2 == 1 {
					wantSide = arbiterv1.Side_SIDE_BLACK
				}
				if pl.GetSide() != wantSide {
					t.Errorf("plies[%d].side = %v", i, pl.GetSide())
				}
				if !proto.Equal(pl.GetMove(), wantMoves[i]) {
					t.Errorf("plies[%d].move = %v, want %v", i, pl.GetMove(), wantMoves[i])
				}
				if !strings.HasPrefix(pl.GetFen(), wantFEN[i]) {
					t.Errorf("plies[%d].fen = %q, want %q...", i, pl.GetFen(), wantFEN[i])
				}
				if red := i%2 == 0; red {
					if !pl.GetCheck() || pl.GetNature() != arbiterv1.Nature_NATURE_CHECK {
						t.Errorf("plies[%d]: check %v nature %v, want a counted check", i, pl.GetCheck(), pl.GetNature())
					}
					if len(pl.GetThreats()) == 0 {
						t.Fatalf("plies[%d]: no threat evidence for the check", i)
					}
					th := pl.GetThreats()[0]
					king := "e8"
					if i == 2 {
						king = "f8"
					}
					if th.GetNature() != arbiterv1.Nature_NATURE_CHECK || th.GetTarget().GetSquare() != king ||
						th.GetTarget().GetType() != arbiterv1.PieceType_PIECE_TYPE_KING || !th.GetCounted() ||
						len(th.GetAttackers()) != 1 || th.GetAttackers()[0].GetType() != arbiterv1.PieceType_PIECE_TYPE_ROOK {
						t.Errorf("plies[%d].threats[0] = %v", i, th)
					}
				} else if pl.GetCheck() || pl.GetNature() == arbiterv1.Nature_NATURE_CHECK {
					t.Errorf("plies[%d]: black's king move reported as a check", i)
				}
				if len(pl.GetNatures()) == 0 {
					t.Errorf("plies[%d]: no natures inside the cycle", i)
				}
			}
			c := got.GetCycle()
			if c.GetFirstPly() != 1 || c.GetLastPly() != 4 || c.GetOccurrence() != 2 || board(c.GetFen()) != board(checkFEN) {
				t.Errorf("cycle = %v", c)
			}
			if len(c.GetPatterns()) != 2 {
				t.Fatalf("cycle patterns = %v", c.GetPatterns())
			}
			red, black := c.GetPatterns()[0], c.GetPatterns()[1]
			if red.GetSide() != arbiterv1.Side_SIDE_RED || red.GetPattern() != "perpetual check" ||
				red.GetPatternChinese() != "长将" || !red.GetForbidden() ||
				len(red.GetNatures()) != 2 || red.GetNatures()[0] != arbiterv1.Nature_NATURE_CHECK {
				t.Errorf("red pattern = %v", red)
			}
			if black.GetSide() != arbiterv1.Side_SIDE_BLACK || black.GetForbidden() {
				t.Errorf("black pattern = %v", black)
			}
			r := got.GetRuling()
			if r.GetVerdict() != arbiterv1.Verdict_VERDICT_RED_MUST_CHANGE || r.GetResponsibleSide() != arbiterv1.Side_SIDE_RED {
				t.Errorf("ruling = %v", r)
			}
			if got.GetResult() != arbiterv1.Result_RESULT_ONGOING || got.GetStatus() != arbiterv1.GameStatus_GAME_STATUS_RULING_WARNING ||
				got.GetTermination() != arbiterv1.Termination_TERMINATION_UNSPECIFIED || got.GetDecidedAtPly() != 0 {
				t.Errorf("result %v status %v termination %v decided %d", got.GetResult(), got.GetStatus(), got.GetTermination(), got.GetDecidedAtPly())
			}
			if got.GetExplanation() == "" || board(got.GetFinalFen()) != board(checkFEN) {
				t.Errorf("explanation %q final fen %q", got.GetExplanation(), got.GetFinalFen())
			}
			// The JSON form is what `judge --json` prints; the enum names are part of the CLI contract.
			js, err := protojson.Marshal(got)
			if err != nil {
				t.Fatal(err)
			}
			for _, want := range []string{`"verdict":"VERDICT_RED_MUST_CHANGE"`, `"result":"RESULT_ONGOING"`, `"chinese":"车四平五"`} {
				if !strings.Contains(string(js), want) {
					t.Errorf("JSON lacks %s", want)
				}
			}
			var back arbiterv1.AdjudicateResponse
			if err := protojson.Unmarshal(js, &back); err != nil || !proto.Equal(&back, got) {
				t.Errorf("JSON round trip: err %v, equal %v", err, proto.Equal(&back, got))
			}
		})
	}
}

// board returns the board and side fields of a FEN (the position's identity).
func board(fen string) string {
	f := strings.Fields(fen)
	return strings.Join(f[:min(2, len(f))], " ")
}

func xiangqiFEN(t *testing.T, fen string) string {
	t.Helper()
	p, err := xiangqi.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return p.FEN()
}

func TestReportLossAndForbid(t *testing.T) {
	third := checkMoves + " " + checkMoves
	for _, rs := range registry(t).All() {
		t.Run(rs.Info().ID, func(t *testing.T) {
			got := adjudicate(t, rs, checkFEN, third, nil)
			if got.GetStatus() != arbiterv1.GameStatus_GAME_STATUS_GAME_OVER || got.GetResult() != arbiterv1.Result_RESULT_BLACK_WINS ||
				got.GetTermination() != arbiterv1.Termination_TERMINATION_PERPETUAL_CHECK || got.GetDecidedAtPly() != 8 {
				t.Errorf("lose: status %v result %v termination %v decided %d", got.GetStatus(), got.GetResult(), got.GetTermination(), got.GetDecidedAtPly())
			}
			if got.GetCycle().GetOccurrence() != 3 || got.GetCycle().GetFirstPly() != 5 || got.GetCycle().GetLastPly() != 8 {
				t.Errorf("lose: cycle %v", got.GetCycle())
			}
			// Under forbid, black's ply 8 completes the third occurrence but Red is the
			// violator, so it stands as a warning; Red's next check (ply 9) would complete
			// the third occurrence of the position after ply 1 and is refused.
			// (With a red pawn on a4, so that Red has a permitted move.)
			forbid := &arbiterv1.Policy{OnViolation: arbiterv1.OnViolation_ON_VIOLATION_FORBID}
			got = adjudicate(t, rs, checkPawnFEN, third+" f0e0", forbid)
			if got.GetStatus() != arbiterv1.GameStatus_GAME_STATUS_MOVE_FORBIDDEN || got.GetResult() != arbiterv1.Result_RESULT_ONGOING {
				t.Errorf("forbid: status %v result %v (%s)", got.GetStatus(), got.GetResult(), got.GetExplanation())
			}
			if got.GetRuling().GetVerdict() != arbiterv1.Verdict_VERDICT_RED_MUST_CHANGE {
				t.Errorf("forbid: ruling %v", got.GetRuling())
			}
			// Without it, the check is Red's only legal move: Red has lost.
			got = adjudicate(t, rs, checkFEN, third+" f0e0", forbid)
			if got.GetStatus() != arbiterv1.GameStatus_GAME_STATUS_GAME_OVER || got.GetResult() != arbiterv1.Result_RESULT_BLACK_WINS ||
				got.GetTermination() != arbiterv1.Termination_TERMINATION_PERPETUAL_CHECK || got.GetDecidedAtPly() != 9 {
				t.Errorf("forbid dead end: status %v result %v termination %v decided %d", got.GetStatus(), got.GetResult(), got.GetTermination(), got.GetDecidedAtPly())
			}
		})
	}
}

func TestUpdateStream(t *testing.T) {
	for _, rs := range registry(t).All() {
		t.Run(rs.Info().ID, func(t *testing.T) {
			moves := strings.Fields(checkMoves + " " + checkMoves)
			s, err := rs.NewGame(arbiter.Start{Position: checkFEN})
			if err != nil {
				t.Fatal(err)
			}
			var last *arbiterv1.PlayGameResponse
			for i, m := range moves {
				u, err := s.Play(context.Background(), m)
				if err != nil {
					t.Fatal(err)
				}
				last = apiconv.Update(&u)
				if last.GetPly().GetPly() != int32(i+1) || last.GetPly().GetMove().GetIccs() != moves[i] {
					t.Errorf("move %d: ply %v", i, last.GetPly())
				}
				if last.GetFen() != s.Position() || last.GetPly().GetFen() != last.GetFen() {
					t.Errorf("move %d: fen %q ply fen %q", i, last.GetFen(), last.GetPly().GetFen())
				}
				switch i {
				case 3:
					if last.GetStatus() != arbiterv1.GameStatus_GAME_STATUS_RULING_WARNING || last.GetCycle().GetOccurrence() != 2 ||
						last.GetRuling().GetVerdict() != arbiterv1.Verdict_VERDICT_RED_MUST_CHANGE || last.GetPly().GetNature() == arbiterv1.Nature_NATURE_UNSPECIFIED {
						t.Errorf("move %d: %v", i, last)
					}
				case 0, 1, 2:
					if last.GetStatus() != arbiterv1.GameStatus_GAME_STATUS_ONGOING || last.GetCycle() != nil || last.GetRuling() != nil {
						t.Errorf("move %d: %v", i, last)
					}
				}
			}
			if last.GetStatus() != arbiterv1.GameStatus_GAME_STATUS_GAME_OVER || last.GetResult() != arbiterv1.Result_RESULT_BLACK_WINS ||
				last.GetTermination() != arbiterv1.Termination_TERMINATION_PERPETUAL_CHECK {
				t.Errorf("last: %v", last)
			}
		})
	}
}

func TestParseHistoryErrors(t *testing.T) {
	tests := []struct {
		name, fen string
		moves     []string
		field     string
		code      string
	}{
		{"bad fen", "rnbakabnr/9/9 w", nil, "fen", apiconv.CodeInvalidFEN},
		{"king outside palace", "4k4/9/9/9/9/9/9/9/9/K8 w", nil, "fen", apiconv.CodeInvalidFEN},
		{"unknown text", "", []string{"h2e2", "zz"}, "moves[1]", apiconv.CodeInvalidMove},
		{"empty text", "", []string{""}, "moves[0]", apiconv.CodeInvalidMove},
		{"illegal", "", []string{"h2e2", "h9g7", "a0a5"}, "moves[2]", apiconv.CodeIllegalMove},
		{"illegal wxf", "", []string{"C2.5", "R1+5"}, "moves[1]", apiconv.CodeIllegalMove},
		{"unreadable wxf", "", []string{"X1+1"}, "moves[0]", apiconv.CodeInvalidMove},
		// Two red rooks on file 9 (a-file): "R9+1" does not say which.
		{"ambiguous", "3k5/9/9/9/9/9/9/R8/9/R3K4 w", []string{"R9+1"}, "moves[0]", apiconv.CodeAmbiguousMove},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := apiconv.ParseHistory(tc.fen, tc.moves)
			var fe *apiconv.FieldError
			if !errors.As(err, &fe) {
				t.Fatalf("err = %v, want a *FieldError", err)
			}
			if fe.Field != tc.field || fe.Code != tc.code || fe.Reason == "" {
				t.Errorf("got field %q code %q reason %q, want field %q code %q", fe.Field, fe.Code, fe.Reason, tc.field, tc.code)
			}
			if af := apiconv.AsFieldError(err); af != fe {
				t.Errorf("AsFieldError changed the error")
			}
		})
	}
	start, moves, err := apiconv.ParseHistory("", []string{"h2e2", "马８进７", "H2+3", "H2+3"})
	if err != nil || len(moves) != 4 || start.FEN() != xiangqiFEN(t, xiangqi.StartFEN) {
		t.Errorf("mixed notations: %v %v", moves, err)
	}
}

func TestCheckPolicy(t *testing.T) {
	tests := []struct {
		name  string
		p     *arbiterv1.Policy
		field string
		check func(arbiter.Policy) bool
	}{
		{"nil is the default", nil, "", func(p arbiter.Policy) bool { return p == arbiter.DefaultPolicy() }},
		{"empty is the default", &arbiterv1.Policy{}, "", func(p arbiter.Policy) bool { return p == arbiter.DefaultPolicy() }},
		{"loss at 4", &arbiterv1.Policy{LossAtOccurrence: proto.Int32(4)}, "", func(p arbiter.Policy) bool { return p.LossAtOccurrence == 4 }},
		{"forbid", &arbiterv1.Policy{OnViolation: arbiterv1.OnViolation_ON_VIOLATION_FORBID}, "", func(p arbiter.Policy) bool { return p.OnViolation == arbiter.ViolationForbid }},
		{"50 moves", &arbiterv1.Policy{NaturalMoveLimit: 50}, "", func(p arbiter.Policy) bool { return p.NaturalMoveLimit == 50 }},
		{"every check counts", &arbiterv1.Policy{CountedChecksLimit: proto.Int32(0)}, "", func(p arbiter.Policy) bool { return p.CheckCountLimit == -1 }},
		{"no draw before 25", &arbiterv1.Policy{NoDrawBeforeMove: 25}, "", func(p arbiter.Policy) bool { return p.NoDrawBeforeMove == 25 }},
		{"loss at 0", &arbiterv1.Policy{LossAtOccurrence: proto.Int32(0)}, "policy.loss_at_occurrence", nil},
		{"loss at 1", &arbiterv1.Policy{LossAtOccurrence: proto.Int32(1)}, "policy.loss_at_occurrence", nil},
		{"loss at 1000", &arbiterv1.Policy{LossAtOccurrence: proto.Int32(1000)}, "policy.loss_at_occurrence", nil},
		{"draw at 1", &arbiterv1.Policy{DrawAtOccurrence: proto.Int32(1)}, "policy.draw_at_occurrence", nil},
		{"on violation 7", &arbiterv1.Policy{OnViolation: 7}, "policy.on_violation", nil},
		{"negative limit", &arbiterv1.Policy{NaturalMoveLimit: -5}, "policy.natural_move_limit", nil},
		{"huge limit", &arbiterv1.Policy{NaturalMoveLimit: 1 << 30}, "policy.natural_move_limit", nil},
		{"negative checks", &arbiterv1.Policy{CountedChecksLimit: proto.Int32(-2)}, "policy.counted_checks_limit", nil},
		{"huge checks", &arbiterv1.Policy{CountedChecksLimit: proto.Int32(1 << 30)}, "policy.counted_checks_limit", nil},
		{"negative no-draw", &arbiterv1.Policy{NoDrawBeforeMove: -1}, "policy.no_draw_before_move", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := apiconv.CheckPolicy(tc.p)
			if tc.field == "" {
				if err != nil || !tc.check(got) {
					t.Errorf("got %+v, %v", got, err)
				}
				return
			}
			var fe *apiconv.FieldError
			if !errors.As(err, &fe) || fe.Field != tc.field || fe.Code != apiconv.CodeInvalidPolicy {
				t.Errorf("err = %v, want a FieldError on %s", err, tc.field)
			}
			// The message gives the API's range: the domain's "-1 for off" is rejected here.
			if err != nil && strings.Contains(err.Error(), "-1 for off") {
				t.Errorf("err = %v offers -1, which the API rejects", err)
			}
		})
	}
	// The default policy survives a round trip through the proto.
	back, err := apiconv.CheckPolicy(apiconv.PolicyProto(arbiter.DefaultPolicy()))
	if err != nil || back != arbiter.DefaultPolicy() {
		t.Errorf("round trip: %+v, %v", back, err)
	}
}

func TestLookupRuleset(t *testing.T) {
	reg := registry(t)
	for _, id := range reg.IDs() {
		if rs, err := apiconv.Lookup(reg, "ruleset", id); err != nil || rs.Info().ID != id {
			t.Errorf("%s: %v", id, err)
		}
	}
	for _, id := range []string{"", "fide"} {
		_, err := apiconv.Lookup(reg, "rulesets[2]", id)
		var fe *apiconv.FieldError
		if !errors.As(err, &fe) || fe.Field != "rulesets[2]" || fe.Code != apiconv.CodeUnknownRuleset {
			t.Fatalf("%q: err = %v", id, err)
		}
		for _, valid := range reg.IDs() {
			if !strings.Contains(fe.Reason, valid) {
				t.Errorf("%q: reason %q does not list %s", id, fe.Reason, valid)
			}
		}
		var ue *arbiter.UnknownRulesetError
		if !errors.As(err, &ue) {
			t.Errorf("%q: no *UnknownRulesetError inside", id)
		}
	}
}

func TestAsFieldError(t *testing.T) {
	tests := []struct {
		err   error
		field string
	}{
		{&xiangqi.FENError{Rank: 1, File: 2, Reason: "x"}, "fen"},
		{&xiangqi.MoveError{Ply: 17, Text: "h2e2", Reason: "illegal"}, "moves[17]"},
		{&arbiter.PolicyError{Field: "check_count_limit", Reason: "x"}, "policy.counted_checks_limit"},
		{&arbiter.UnknownRulesetError{ID: "x"}, "ruleset"},
	}
	for _, tc := range tests {
		if fe := apiconv.AsFieldError(tc.err); fe == nil || fe.Field != tc.field {
			t.Errorf("%T: %v, want field %s", tc.err, fe, tc.field)
		}
	}
	if apiconv.AsFieldError(errors.New("other")) != nil || apiconv.AsFieldError(nil) != nil {
		t.Error("AsFieldError of an unrelated error is not nil")
	}
}

// The domain enums are numbered like the proto ones; the explicit mappings must agree.
func TestEnumMappings(t *testing.T) {
	for n := arbiter.NatureUnspecified; n <= arbiter.NatureIdle; n++ {
		if got := apiconv.Nature(n); int32(got) != int32(n) || arbiterv1.Nature_name[int32(got)] == "" {
			t.Errorf("Nature(%v) = %v", n, got)
		}
	}
	for v := arbiter.VerdictNone; v <= arbiter.VerdictBlackMustChange; v++ {
		if got := apiconv.Verdict(v); int32(got) != int32(v) {
			t.Errorf("Verdict(%v) = %v", v, got)
		}
	}
	for r := arbiter.ResultUnspecified; r <= arbiter.ResultDraw; r++ {
		if got := apiconv.Result(r); int32(got) != int32(r) {
			t.Errorf("Result(%v) = %v", r, got)
		}
	}
	for tm := arbiter.TerminationNone; tm <= arbiter.TerminationRegulation; tm++ {
		got := apiconv.Termination(tm)
		if tm != arbiter.TerminationNone && got == arbiterv1.Termination_TERMINATION_UNSPECIFIED {
			t.Errorf("Termination(%v) unmapped", tm)
		}
	}
	if apiconv.Termination(arbiter.TerminationRegulation) != arbiterv1.Termination_TERMINATION_EARLY_DRAW_REFUSED {
		t.Error("regulation termination")
	}
	for r := arbiter.RootUnspecified; r <= arbiter.InsufficientRoot; r++ {
		if got := apiconv.RootStatus(r); int32(got) != int32(r) {
			t.Errorf("RootStatus(%v) = %v", r, got)
		}
	}
	for k := xiangqi.King; k <= xiangqi.Pawn; k++ {
		if got := apiconv.PieceType(k); int32(got) != int32(k) {
			t.Errorf("PieceType(%v) = %v", k, got)
		}
	}
	statuses := map[arbiter.Status]arbiterv1.GameStatus{
		arbiter.StatusOngoing:   arbiterv1.GameStatus_GAME_STATUS_ONGOING,
		arbiter.StatusWarning:   arbiterv1.GameStatus_GAME_STATUS_RULING_WARNING,
		arbiter.StatusGameOver:  arbiterv1.GameStatus_GAME_STATUS_GAME_OVER,
		arbiter.StatusForbidden: arbiterv1.GameStatus_GAME_STATUS_MOVE_FORBIDDEN,
	}
	for s, want := range statuses {
		if got := apiconv.GameStatus(s); got != want {
			t.Errorf("GameStatus(%v) = %v", s, got)
		}
	}
	if apiconv.Side(xiangqi.Red) != arbiterv1.Side_SIDE_RED || apiconv.Side(xiangqi.Black) != arbiterv1.Side_SIDE_BLACK {
		t.Error("Side")
	}
	excs := map[string]arbiterv1.ThreatException{
		"":                        arbiterv1.ThreatException_THREAT_EXCEPTION_UNSPECIFIED,
		"king-attacker":           arbiterv1.ThreatException_THREAT_EXCEPTION_KING_ATTACKER,
		"horse-or-cannon-on-rook": arbiterv1.ThreatException_THREAT_EXCEPTION_HORSE_OR_CANNON_ON_ROOK,
		"answering-check":         arbiterv1.ThreatException_THREAT_EXCEPTION_ANSWERING_CHECK,
		"pinned-attacker":         arbiterv1.ThreatException_THREAT_EXCEPTION_OTHER,
	}
	for name, want := range excs {
		if got := apiconv.ThreatException(name); got != want {
			t.Errorf("ThreatException(%q) = %v", name, got)
		}
	}
	for v := range arbiterv1.Notation_name {
		if _, ok := apiconv.Notation(arbiterv1.Notation(v)); !ok {
			t.Errorf("Notation(%d) unmapped", v)
		}
	}
	if _, ok := apiconv.Notation(99); ok {
		t.Error("Notation(99) accepted")
	}
}

func TestThreatEvidence(t *testing.T) {
	th := &arbiter.Threat{
		Nature:    arbiter.NatureChase,
		Target:    arbiter.Piece{Square: "e2", Side: arbiter.SideRed, Kind: xiangqi.Horse},
		Attackers: []arbiter.Piece{{Square: "e5", Side: arbiter.SideBlack, Kind: xiangqi.Rook}},
		Root:      arbiter.Unrooted, Exception: "pinned-attacker", Note: "why",
	}
	got := apiconv.Threat(th)
	want := &arbiterv1.Threat{
		Nature:          arbiterv1.Nature_NATURE_CHASE,
		Target:          &arbiterv1.Piece{Square: "e2", Side: arbiterv1.Side_SIDE_RED, Type: arbiterv1.PieceType_PIECE_TYPE_HORSE},
		Attackers:       []*arbiterv1.Piece{{Square: "e5", Side: arbiterv1.Side_SIDE_BLACK, Type: arbiterv1.PieceType_PIECE_TYPE_ROOK}},
		RootStatus:      arbiterv1.RootStatus_ROOT_STATUS_UNROOTED,
		Exception:       arbiterv1.ThreatException_THREAT_EXCEPTION_OTHER,
		ExceptionDetail: "pinned-attacker",
		Explanation:     "why",
	}
	if !proto.Equal(got, want) {
		t.Errorf("got %v\nwant %v", got, want)
	}
}

func squareOf(t *testing.T, s string) xiangqi.Square {
	t.Helper()
	sq, ok := xiangqi.ParseSquare(s)
	if !ok {
		t.Fatalf("bad square %q", s)
	}
	return sq
}

func TestRulesetInfo(t *testing.T) {
	for _, rs := range registry(t).All() {
		got := apiconv.RulesetInfo(rs.Info())
		if got.GetId() != rs.Info().ID || got.GetName() == "" || got.GetDefaultPolicy().LossAtOccurrence == nil ||
			got.GetDefaultPolicy().GetOnViolation() != arbiterv1.OnViolation_ON_VIOLATION_LOSE ||
			got.GetDefaultPolicy().GetNaturalMoveLimit() != 60 || got.GetDefaultPolicy().GetCountedChecksLimit() != 10 {
			t.Errorf("%v", got)
		}
	}
}

// Every repetition of a record is an incident with its ruling, and has its picture on
// request: a record that repeats at plies 1-4, changes, and checks perpetually later.
func TestIncidents(t *testing.T) {
	rs, err := registry(t).Lookup("chinese")
	if err != nil {
		t.Fatal(err)
	}
	// 图6 with a red pawn: two check cycles, the pawn pushed between them, then a
	// perpetual check that loses at the third occurrence.
	moves := strings.Fields("f0e0 e8f8 e0f0 f8e8 a4a5 e8e9 f0e0 e9f9 e0f0 f9e9 f0e0 e9f9 e0f0 f9e9 f0e0 e9f9")
	r, err := arbiter.Adjudicate(t.Context(), rs, arbiter.Start{Position: checkPawnFEN}, moves)
	if err != nil {
		t.Fatal(err)
	}
	resp := apiconv.Report(r)
	if err := apiconv.AddPictures(resp, r, apiconv.Pictures{Incidents: true}); err != nil {
		t.Fatal(err)
	}
	in := resp.GetIncidents()
	if len(in) != 2 || len(resp.GetIncidentSvgs()) != 2 {
		t.Fatalf("%d incidents, %d pictures: %v", len(in), len(resp.GetIncidentSvgs()), in)
	}
	if in[0].GetFirstPly() != 1 || in[0].GetLastPly() != 4 || in[0].GetStatus() != arbiterv1.GameStatus_GAME_STATUS_RULING_WARNING ||
		in[0].GetRuling().GetVerdict() != arbiterv1.Verdict_VERDICT_RED_MUST_CHANGE {
		t.Errorf("first incident: %v", in[0])
	}
	if in[1].GetStatus() != arbiterv1.GameStatus_GAME_STATUS_GAME_OVER || in[1].GetResult() != arbiterv1.Result_RESULT_BLACK_WINS ||
		in[1].GetOccurrence() != 3 || in[1].GetLastPly() != int32(resp.GetDecidedAtPly()) {
		t.Errorf("second incident: %v (decided at %d)", in[1], resp.GetDecidedAtPly())
	}
	for i, svg := range resp.GetIncidentSvgs() {
		if !strings.Contains(svg, "<svg") || !strings.Contains(svg, "RED MUST CHANGE") {
			t.Errorf("incident picture %d: %.200s", i, svg)
		}
	}
}
