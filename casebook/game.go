package casebook

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/arbiter-xq/arbiter/apiconv"
	"github.com/arbiter-xq/arbiter/arbiter"
	arbiterv1 "github.com/arbiter-xq/arbiter/proto/arbiter/v1"
)

// Cases of the other games (banqi, chu shogi) live in the same files and format as
// xiangqi's: Case.fen holds the game's position, Case.moves its move texts, and each
// expectation names a ruleset id with its overrides ("banqi-tw+hidden_capture=all").
// Besides verdict, natures, result and termination, an expectation may expect a move to
// be rejected (rejected_ply, rejected_reason) and the game to end at a ply
// (decided_at_ply). RunGame checks a case as given and under every transformation the
// game offers (arbiter.CaseTransformer).

// GameOutcome is what a game ruleset made of one variant of a case.
type GameOutcome struct {
	Variant string
	Report  *arbiter.Report // nil when a move was rejected
	// Rejected is the rejection of a move, if any.
	Rejected *arbiter.MoveError
	Err      error // the case could not be run (bad position, policy ...)
}

// RunGame verifies case c's expectation for ruleset under g.
func RunGame(c *arbiterv1.Case, ruleset string, g arbiter.Ruleset) (*arbiterv1.CaseResult, []GameOutcome) {
	exp := Expectation(c, ruleset)
	res := &arbiterv1.CaseResult{Id: c.GetId(), Ruleset: ruleset}
	if exp == nil {
		res.Status = arbiterv1.CaseStatus_CASE_STATUS_PENDING
		res.Message = "the case has no expectation for this ruleset"
		return res, nil
	}
	res.ExpectedVerdict = exp.GetVerdict()
	res.ExpectedNatures = exp.GetNatures()
	res.ExpectedResult, res.ExpectedTermination = exp.GetResult(), exp.GetTermination()
	res.ExpectedRejectedPly, res.ExpectedRejectedReason = exp.GetRejectedPly(), exp.GetRejectedReason()
	pol, err := apiconv.CheckGamePolicy(c.GetPolicy())
	if err != nil {
		res.Status = arbiterv1.CaseStatus_CASE_STATUS_FAILED
		res.Message = "the case's policy: " + err.Error()
		return res, nil
	}
	variants := []string{"original"}
	tr, _ := g.(arbiter.CaseTransformer)
	if tr != nil {
		variants = append(variants, tr.CaseVariants()...)
	}
	moves := Moves(c, g.Info().Game)
	var problems []string
	var outs []GameOutcome
	for _, v := range variants {
		pos, deal, ms, swap := c.GetFen(), c.GetDeal(), moves, false
		if v != "original" {
			pos, deal, ms, swap, err = tr.TransformCase(v, pos, deal, moves)
			if err != nil {
				problems = append(problems, fmt.Sprintf("%s: cannot transform: %v", v, err))
				continue
			}
		}
		o := GameOutcome{Variant: v}
		o.Report, o.Err = arbiter.Adjudicate(context.Background(), g, arbiter.Start{Position: pos, Deal: deal, Policy: pol}, ms)
		var me *arbiter.MoveError
		if errors.As(o.Err, &me) {
			o.Rejected, o.Err = me, nil
		}
		if r := o.Report; r != nil && r.ForbiddenPly > 0 {
			// A move the policy refuses is a rejection with the reason "forbidden".
			o.Rejected = &arbiter.MoveError{Ply: r.ForbiddenPly, Text: ms[r.ForbiddenPly-1], Code: "forbidden", Reason: r.Explanation}
			o.Report = nil
		}
		outs = append(outs, o)
		if v == "original" && o.Rejected != nil {
			res.ActualRejectedPly, res.ActualRejectedReason = int32(o.Rejected.Ply), o.Rejected.Code
		}
		if v == "original" && o.Report != nil {
			res.ActualResult, res.ActualTermination = apiconv.Result(o.Report.Result), apiconv.Termination(o.Report.Termination)
			if o.Report.Cycle != nil {
				res.ActualVerdict = apiconv.Verdict(o.Report.Cycle.Ruling.Verdict)
			}
			for _, p := range o.Report.Plies {
				res.ActualNatures = append(res.ActualNatures, apiconv.Nature(p.Nature))
			}
		}
		problems = append(problems, compareGame(v, swap, exp, o)...)
	}
	settle(res, exp, problems)
	return res, outs
}

func compareGame(v string, swap bool, exp *arbiterv1.CaseExpectation, o GameOutcome) []string {
	if o.Err != nil {
		return []string{fmt.Sprintf("%s: %v", v, o.Err)}
	}
	var out []string
	if want := int(exp.GetRejectedPly()); want > 0 || o.Rejected != nil {
		switch {
		case o.Rejected == nil:
			return []string{fmt.Sprintf("%s: ply %d accepted, want it rejected (%s)", v, want, exp.GetRejectedReason())}
		case want == 0:
			return []string{fmt.Sprintf("%s: ply %d rejected (%s: %s), want every move accepted", v, o.Rejected.Ply, o.Rejected.Code, o.Rejected.Reason)}
		case o.Rejected.Ply != want:
			return []string{fmt.Sprintf("%s: ply %d rejected (%s), want ply %d", v, o.Rejected.Ply, o.Rejected.Reason, want)}
		case exp.GetRejectedReason() != "" && exp.GetRejectedReason() != o.Rejected.Code:
			return []string{fmt.Sprintf("%s: ply %d rejected for %s (%s), want %s", v, want, o.Rejected.Code, o.Rejected.Reason, exp.GetRejectedReason())}
		}
		return nil
	}
	r := o.Report
	got := arbiter.VerdictNone
	if r.Cycle != nil {
		got = r.Cycle.Ruling.Verdict
	}
	want := arbiter.Verdict(exp.GetVerdict())
	if swap {
		want = want.SwapSides()
	}
	if got != want {
		out = append(out, fmt.Sprintf("%s: verdict %s, want %s", v, got, want))
	}
	if w := exp.GetResult(); w != arbiterv1.Result_RESULT_UNSPECIFIED {
		wr := arbiter.Result(w)
		if swap {
			wr = wr.SwapSides()
		}
		if r.Result != wr {
			out = append(out, fmt.Sprintf("%s: result %s, want %s", v, r.Result, wr))
		}
	}
	if w := exp.GetTermination(); w != arbiterv1.Termination_TERMINATION_UNSPECIFIED && apiconv.Termination(r.Termination) != w {
		out = append(out, fmt.Sprintf("%s: termination %s, want %s", v, r.Termination, w))
	}
	if w := int(exp.GetDecidedAtPly()); w > 0 && r.DecidedAtPly != w {
		out = append(out, fmt.Sprintf("%s: decided at ply %d, want %d", v, r.DecidedAtPly, w))
	}
	if w := exp.GetNatures(); len(w) > 0 {
		var diffs []string
		if len(w) != len(r.Plies) {
			diffs = append(diffs, fmt.Sprintf("%d natures for %d plies", len(w), len(r.Plies)))
		}
		for i := 0; i < len(w) && i < len(r.Plies); i++ {
			if arbiter.Nature(w[i]) != r.Plies[i].Nature {
				diffs = append(diffs, fmt.Sprintf("ply %d %s, want %s", i+1, r.Plies[i].Nature, arbiter.Nature(w[i])))
			}
		}
		if len(diffs) > 0 {
			out = append(out, fmt.Sprintf("%s: natures: %s", v, strings.Join(diffs, ", ")))
		}
	}
	return out
}

// rulesetMatches reports whether an expectation's ruleset id passes a ruleset filter:
// an empty filter passes all; otherwise the ids match case-insensitively, and a filter
// without overrides ("banqi-tw") also passes the base id's variants
// ("banqi-tw+hidden_capture=all").
func rulesetMatches(filter, id string) bool {
	if filter == "" {
		return true
	}
	f, id := strings.ToLower(filter), strings.ToLower(id)
	if f == id {
		return true
	}
	return !strings.Contains(f, "+") && strings.HasPrefix(id, f+"+")
}
