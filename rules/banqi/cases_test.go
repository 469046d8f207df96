package banqi

import (
	"strings"
	"testing"

	"github.com/arbiter-xq/arbiter/arbiter"
	bq "github.com/arbiter-xq/arbiter/banqi"
)

func ruleset(t testing.TB, id, overrides string) Ruleset {
	t.Helper()
	rs, err := Lookup(id)
	if err != nil {
		t.Fatal(err)
	}
	ov, err := ParseOverrides(overrides)
	if err != nil {
		t.Fatal(err)
	}
	rs, err = rs.WithOverrides(ov)
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

func repeat(s string, n int) string { return strings.TrimSpace(strings.Repeat(s+" ", n)) }

const rp1L = "a2-b2 a1-a2 b2-b1 a2-b2 b1-a1 b2-b1 a1-a2 b1-a1"

// TestSpecCases runs the cases of docs/rules/banqi.md §8 that end in a result (the per-ply
// legality halves are in banqi/banqi_test.go; the casebook holds them all).
func TestSpecCases(t *testing.T) {
	for _, tc := range []struct {
		name, id, ov, pos, moves string
		result                   arbiter.Result
		reason                   Reason
		verdict                  arbiter.Verdict
		endPly                   int // 1-based ply that ended the game (0: not checked)
		forbiddenPly             int // 1-based refused ply (0: none)
		illegalPly               int // 1-based ply that is an error (0: none)
		rule                     bq.Rule
	}{
		{name: "BQ-1 routechase", id: "banqi-routechase", pos: "4/4/4/4/4/4/r3/1G2 r - 0", moves: "b1-a1 a2-b2 a1-a2 b2-b1 a2-b2 b1-a1 b2-b1 a1-a2", result: arbiter.ResultOngoing},
		{name: "BQ-1 routechase b1-a1", id: "banqi-routechase", pos: "4/4/4/4/4/4/r3/1G2 r - 0", moves: "b1-a1 a2-b2 a1-a2 b2-b1 a2-b2 b1-a1 b2-b1 a1-a2 b1-a1", result: arbiter.ResultOngoing, forbiddenPly: 9},
		{name: "BQ-1 routechase b1-b2", id: "banqi-routechase", pos: "4/4/4/4/4/4/r3/1G2 r - 0", moves: "b1-a1 a2-b2 a1-a2 b2-b1 a2-b2 b1-a1 b2-b1 a1-a2 b1-b2", result: arbiter.ResultOngoing, forbiddenPly: 9},
		{name: "BQ-1 routechase b1-c1", id: "banqi-routechase", pos: "4/4/4/4/4/4/r3/1G2 r - 0", moves: "b1-a1 a2-b2 a1-a2 b2-b1 a2-b2 b1-a1 b2-b1 a1-a2 b1-c1", result: arbiter.ResultOngoing},
		{name: "BQ-1 routechase lose", id: "banqi-routechase", ov: "on_violation=lose", pos: "4/4/4/4/4/4/r3/1G2 r - 0", moves: "b1-a1 a2-b2 a1-a2 b2-b1 a2-b2 b1-a1 b2-b1 a1-a2 b1-a1", result: arbiter.ResultBlackWins, reason: ReasonLongChase, endPly: 9},
		{name: "BQ-1 cdc", id: "banqi-cdc", pos: "4/4/4/4/4/4/r3/1G2 r - 0", moves: "b1-a1 a2-b2 a1-a2 b2-b1 a2-b2 b1-a1 b2-b1 a1-a2", result: arbiter.ResultOngoing, verdict: arbiter.VerdictDraw},
		{name: "BQ-1 tw", id: "banqi-tw", pos: "4/4/4/4/4/4/r3/1G2 r - 0", moves: "b1-a1 a2-b2 a1-a2 b2-b1 a2-b2 b1-a1 b2-b1 a1-a2", result: arbiter.ResultOngoing, verdict: arbiter.VerdictRedMustChange},
		{name: "BQ-2 cdc", id: "banqi-cdc", pos: "3r/4/4/4/4/4/4/R3 r - 0", moves: repeat("a1-a2 d8-d7 a2-a1 d7-d8", 2), result: arbiter.ResultDraw, reason: ReasonRepetitionDraw, verdict: arbiter.VerdictDraw, endPly: 8},
		{name: "BQ-2 routechase", id: "banqi-routechase", pos: "3r/4/4/4/4/4/4/R3 r - 0", moves: repeat("a1-a2 d8-d7 a2-a1 d7-d8", 2), result: arbiter.ResultOngoing},
		{name: "BQ-2 tw", id: "banqi-tw", pos: "3r/4/4/4/4/4/4/R3 r - 0", moves: repeat("a1-a2 d8-d7 a2-a1 d7-d8", 2), result: arbiter.ResultDraw, reason: ReasonRepetitionDraw, verdict: arbiter.VerdictDraw, endPly: 8},
		{name: "BQ-3 move", id: "banqi-cdc", pos: "3n/4/4/1X2/4/4/4/R3 r p 179", moves: "a1-a2", result: arbiter.ResultDraw, reason: ReasonNoProgressDraw, endPly: 1},
		{name: "BQ-3 flip", id: "banqi-cdc", pos: "3n/4/4/1X2/4/4/4/R3 r p 179", moves: "b5=p", result: arbiter.ResultOngoing},
		{name: "BQ-3 routechase 60", id: "banqi-routechase", pos: "3n/4/4/1X2/4/4/4/R3 r p 59", moves: "a1-a2", result: arbiter.ResultDraw, reason: ReasonNoProgressDraw, endPly: 1},
		{name: "BQ-3 cdc 60", id: "banqi-cdc", pos: "3n/4/4/1X2/4/4/4/R3 r p 59", moves: "a1-a2", result: arbiter.ResultOngoing},
		{name: "BQ-4 tw", id: "banqi-tw", pos: "1X2/4/4/4/2k1/2P1/4/4 r n 0", moves: "c3xc4", result: arbiter.ResultOngoing},
		{name: "BQ-4 hk", id: "banqi-hk", pos: "1X2/4/4/4/2k1/2P1/4/4 r n 0", moves: "c3xc4", result: arbiter.ResultOngoing},
		{name: "BQ-5 tw", id: "banqi-tw", pos: "4/4/4/4/2p1/2K1/4/4 r - 0", moves: "c3xc4", illegalPly: 1, rule: bq.RuleGeneralSoldier},
		{name: "BQ-5 black", id: "banqi-tw", pos: "4/4/4/4/2p1/2K1/4/4 b - 0", moves: "c4xc3", result: arbiter.ResultBlackWins, reason: ReasonElimination, endPly: 1},
		{name: "HC-2", id: "banqi-tw", ov: "hidden_capture=all", pos: "4/4/4/4/4/2X1/2N1/4 r p 0", moves: "c2xc3=p", result: arbiter.ResultRedWins, reason: ReasonElimination, endPly: 1},
		{name: "RP-1 tw", id: "banqi-tw", pos: "4/4/4/4/4/4/r3/G3 b - 0", moves: repeat(rp1L, 2), result: arbiter.ResultBlackWins, reason: ReasonPerpetualAttack, verdict: arbiter.VerdictRedMustChange, endPly: 16},
		{name: "RP-1 tw k=2", id: "banqi-tw", pos: "4/4/4/4/4/4/r3/G3 b - 0", moves: rp1L, result: arbiter.ResultOngoing, verdict: arbiter.VerdictRedMustChange},
		{name: "RP-1 forbid", id: "banqi-tw", ov: "on_violation=forbid", pos: "4/4/4/4/4/4/r3/G3 b - 0", moves: repeat(rp1L, 2), result: arbiter.ResultOngoing, forbiddenPly: 16},
		{name: "RP-1 forbid b1-c1", id: "banqi-tw", ov: "on_violation=forbid", pos: "4/4/4/4/4/4/r3/G3 b - 0", moves: rp1L + " a2-b2 a1-a2 b2-b1 a2-b2 b1-a1 b2-b1 a1-a2 b1-c1", result: arbiter.ResultOngoing},
		{name: "RP-1 cdc", id: "banqi-cdc", pos: "4/4/4/4/4/4/r3/G3 b - 0", moves: repeat(rp1L, 2), result: arbiter.ResultDraw, reason: ReasonRepetitionDraw, verdict: arbiter.VerdictDraw, endPly: 16},
		{name: "RP-1 routechase", id: "banqi-routechase", pos: "4/4/4/4/4/4/r3/G3 b - 0", moves: repeat(rp1L, 2), result: arbiter.ResultBlackWins, reason: ReasonNoLegalAction, endPly: 9},
		{name: "RP-2 tw", id: "banqi-tw", pos: "2Pg/2P1/4/4/4/4/1p2/Gp2 r - 0", moves: repeat("a1-a2 d8-d7 a2-a1 d7-d8", 2), result: arbiter.ResultDraw, reason: ReasonRepetitionDraw, verdict: arbiter.VerdictDraw, endPly: 8},
		{name: "RP-2 routechase", id: "banqi-routechase", pos: "2Pg/2P1/4/4/4/4/1p2/Gp2 r - 0", moves: repeat("a1-a2 d8-d7 a2-a1 d7-d8", 2), result: arbiter.ResultOngoing},
		{name: "RP-3 tw", id: "banqi-tw", pos: "3n/4/4/4/4/4/1pg1/Gpk1 b - 0", moves: repeat("d8-d7 a1-a2 d7-d8 a2-a1", 2), result: arbiter.ResultBlackWins, reason: ReasonPerpetualAttack, verdict: arbiter.VerdictRedMustChange, endPly: 8},
		{name: "RP-3 tw k=2", id: "banqi-tw", pos: "3n/4/4/4/4/4/1pg1/Gpk1 b - 0", moves: "d8-d7 a1-a2 d7-d8 a2-a1", result: arbiter.ResultOngoing, verdict: arbiter.VerdictRedMustChange},
		{name: "RP-3 unprotected", id: "banqi-tw", ov: "attack_protection=unprotected_only", pos: "3n/4/4/4/4/4/1pg1/Gpk1 b - 0", moves: repeat("d8-d7 a1-a2 d7-d8 a2-a1", 2), result: arbiter.ResultDraw, reason: ReasonRepetitionDraw, verdict: arbiter.VerdictDraw, endPly: 8},
		{name: "RP-4 occurrences", id: "banqi-cdc", pos: "3r/4/4/4/4/4/4/R3 r - 0", moves: "a1-a2 d8-d7 a2-a1 d7-d8 a1-a2 d8-c8 a2-a1 c8-d8", result: arbiter.ResultDraw, reason: ReasonRepetitionDraw, endPly: 8},
		{name: "RP-4 consecutive", id: "banqi-cdc", ov: "repetition_counting=consecutive_cycles", pos: "3r/4/4/4/4/4/4/R3 r - 0", moves: "a1-a2 d8-d7 a2-a1 d7-d8 a1-a2 d8-c8 a2-a1 c8-d8", result: arbiter.ResultOngoing, verdict: arbiter.VerdictDraw},
		// The NTU course referee draws when one cycle has been played three times in a
		// row: ongoing after ply 8, a draw at ply 12 (issue 27).
		{name: "RP-4 consecutive same twice", id: "banqi-cdc", ov: "repetition_counting=consecutive_cycles", pos: "3r/4/4/4/4/4/4/R3 r - 0", moves: repeat("a1-a2 d8-d7 a2-a1 d7-d8", 2), result: arbiter.ResultOngoing, verdict: arbiter.VerdictDraw},
		{name: "RP-4 consecutive same 11 plies", id: "banqi-cdc", ov: "repetition_counting=consecutive_cycles", pos: "3r/4/4/4/4/4/4/R3 r - 0", moves: repeat("a1-a2 d8-d7 a2-a1 d7-d8", 3)[:len(repeat("a1-a2 d8-d7 a2-a1 d7-d8", 3))-6], result: arbiter.ResultOngoing},
		{name: "RP-4 consecutive same thrice", id: "banqi-cdc", ov: "repetition_counting=consecutive_cycles", pos: "3r/4/4/4/4/4/4/R3 r - 0", moves: repeat("a1-a2 d8-d7 a2-a1 d7-d8", 3), result: arbiter.ResultDraw, reason: ReasonRepetitionDraw, verdict: arbiter.VerdictDraw, endPly: 12},
		{name: "RP-4 NTU 60-ply engines", id: "banqi-cdc", ov: "no_progress_plies=60 repetition_counting=consecutive_cycles", pos: "3r/4/4/4/4/4/4/R3 r - 0", moves: repeat("a1-a2 d8-d7 a2-a1 d7-d8", 3), result: arbiter.ResultDraw, reason: ReasonRepetitionDraw, verdict: arbiter.VerdictDraw, endPly: 12},
		{name: "consecutive under forbidden", id: "banqi-tw", ov: "repetition_counting=consecutive_cycles", pos: "4/4/4/4/4/4/r3/G3 b - 0", moves: repeat(rp1L, 3), result: arbiter.ResultBlackWins, reason: ReasonPerpetualAttack, verdict: arbiter.VerdictRedMustChange, endPly: 24},
		{name: "RP-5 tw", id: "banqi-tw", pos: "4/4/4/4/4/1p2/4/1K2 b - 0", moves: "b3-b2 " + repeat("b1-c1 b2-c2 c1-b1 c2-b2", 2), result: arbiter.ResultRedWins, reason: ReasonPerpetualAttack, verdict: arbiter.VerdictBlackMustChange, endPly: 9},
		{name: "RP-5 tw k=2", id: "banqi-tw", pos: "4/4/4/4/4/1p2/4/1K2 b - 0", moves: "b3-b2 b1-c1 b2-c2 c1-b1 c2-b2", result: arbiter.ResultOngoing, verdict: arbiter.VerdictBlackMustChange},
		{name: "RP-5 allowed", id: "banqi-tw", ov: "repetition=allowed", pos: "4/4/4/4/4/1p2/4/1K2 b - 0", moves: "b3-b2 " + repeat("b1-c1 b2-c2 c1-b1 c2-b2", 2), result: arbiter.ResultDraw, reason: ReasonRepetitionDraw, verdict: arbiter.VerdictDraw, endPly: 9},
		{name: "RP-5 general to move", id: "banqi-tw", pos: "4/4/4/4/4/1p2/4/1K2 r - 0", moves: "b1-a1 b3-b2 a1-a2 b2xa2", result: arbiter.ResultBlackWins, reason: ReasonElimination, endPly: 4},
		{name: "RP-5 general to move allowed", id: "banqi-tw", ov: "repetition=allowed", pos: "4/4/4/4/4/1p2/4/1K2 r - 0", moves: "b1-a1 b3-b2 a1-a2 b2xa2", result: arbiter.ResultBlackWins, reason: ReasonElimination, endPly: 4},
		{name: "NP-1", id: "banqi-cdc", ov: "hidden_capture=all", pos: "4/4/4/4/4/2X1/2N1/4 r m 179", moves: "c2xc3=m", result: arbiter.ResultOngoing},
		{name: "EG-1", id: "banqi-tw", pos: "4/4/4/4/4/4/g3/Pm2 r - 0", moves: "", result: arbiter.ResultBlackWins, reason: ReasonNoLegalAction, endPly: 0},
		// A set-up in which the side not to move has no pieces is over at the start.
		{name: "set-up, Black has nothing", id: "banqi-tw", pos: "4/4/4/4/4/4/4/G3 r - 0", moves: "", result: arbiter.ResultRedWins, reason: ReasonElimination, endPly: 0},
		{name: "set-up, Red has nothing", id: "banqi-cdc", pos: "4/4/4/4/4/4/4/g3 r - 0", moves: "", result: arbiter.ResultBlackWins, reason: ReasonElimination, endPly: 0},
		{name: "set-up, Red has nothing, Black to move", id: "banqi-hk", pos: "4/4/4/X3/4/4/4/4 b k 0", moves: "", result: arbiter.ResultBlackWins, reason: ReasonElimination, endPly: 0},
		{name: "set-up, Black has only a face-down piece", id: "banqi-tw", pos: "4/4/4/X3/4/4/4/G3 r k 0", moves: "", result: arbiter.ResultOngoing},
		{name: "set-up, nobody has anything", id: "banqi-tw", pos: "4/4/4/4/4/4/4/4 r - 0", moves: "", result: arbiter.ResultBlackWins, reason: ReasonElimination, endPly: 0},
		{name: "EG-2", id: "banqi-tw", pos: "3X/4/4/4/4/4/g3/Pm2 r p 0", moves: "", result: arbiter.ResultOngoing},
		{name: "FF-1", id: "banqi-tw", pos: "", moves: "c6=G c5=p c6xc5 b5=k c5-c6 b5-c5 d6=c c5xc6", result: arbiter.ResultOngoing},
		{name: "FF-2 move", id: "banqi-tw", pos: "", moves: "c6-c5", illegalPly: 1, rule: bq.RuleBeforeFirstFlip},
		{name: "FF-2 bare", id: "banqi-tw", pos: "", moves: "c6", illegalPly: 1, rule: bq.RuleFlipIdentity},
		{name: "FF-2 pool", id: "banqi-tw", pos: "", moves: "c6=K c5=K", illegalPly: 2, rule: bq.RuleNotInPool},
		{name: "AN-1", id: "banqi-animal", pos: "3X/4/e3/R3 r c 0", moves: "a1xa2", result: arbiter.ResultOngoing},
		{name: "AN-2", id: "banqi-animal", pos: "3X/4/r3/E3 r c 0", moves: "a1xa2", illegalPly: 1, rule: bq.RuleRank},
		{name: "AN-2 mutual", id: "banqi-animal", ov: "rat_elephant=mutual", pos: "3X/4/r3/E3 r c 0", moves: "a1xa2", result: arbiter.ResultOngoing},
		{name: "AN-3 name_order", id: "banqi-animal", ov: "rank_order=name_order", pos: "3X/4/t3/L3 r c 0", moves: "a1xa2", illegalPly: 1, rule: bq.RuleRank},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rs := ruleset(t, tc.id, tc.ov)
			r, err := Judge(rs, tc.pos, "", strings.Fields(tc.moves))
			if tc.illegalPly > 0 {
				me, ok := err.(*bq.MoveError)
				if !ok || me.Ply != tc.illegalPly-1 || me.Rule != tc.rule {
					t.Fatalf("err %v, want ply %d rule %s", err, tc.illegalPly, tc.rule)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if r.Result != tc.result || r.Reason != tc.reason {
				t.Errorf("result %v (%s: %s), want %v (%s)", r.Result, r.Reason, r.Explanation, tc.result, tc.reason)
			}
			if tc.endPly != 0 && (!r.Over || r.EndPly != tc.endPly-1) {
				t.Errorf("ended on ply %d (over %v), want %d", r.EndPly+1, r.Over, tc.endPly)
			}
			if tc.endPly == 0 && tc.reason != "" && r.EndPly != -1 {
				t.Errorf("ended on ply %d, want the start position", r.EndPly+1)
			}
			if tc.forbiddenPly != r.ForbiddenPly+1 {
				t.Errorf("forbidden ply %d, want %d", r.ForbiddenPly+1, tc.forbiddenPly)
			}
			var v arbiter.Verdict
			if c := r.LastCycle(); c != nil {
				v = c.Verdict
			}
			if tc.verdict != 0 && v != tc.verdict {
				t.Errorf("verdict %v, want %v", v, tc.verdict)
			}
		})
	}
}
