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
// (decided_at_ply). Run checks a case as given and under every transformation the
// game offers (arbiter.CaseTransformer).

// Outcome is what a game ruleset made of one variant of a case.
type Outcome struct {
	Variant string
	Report  *arbiter.Report // nil when a move was rejected
	// Rejected is the rejection of a move, if any.
	Rejected *arbiter.MoveError
	Err      error // the case could not be run (bad position, policy ...)
}

// Run verifies case c's expectation for ruleset under g (nil: not registered).
func Run(c *arbiterv1.Case, ruleset string, g arbiter.Ruleset) (*arbiterv1.CaseResult, []Outcome) {
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
	res.ExpectedChased = exp.GetChased()
	if g == nil {
		res.Status = arbiterv1.CaseStatus_CASE_STATUS_PENDING
		res.Message = "ruleset " + ruleset + " is not registered"
		return res, nil
	}
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
	var outs []Outcome
	for _, v := range variants {
		pos, deal, ms, swap := c.GetFen(), c.GetDeal(), moves, false
		if v != "original" {
			pos, deal, ms, swap, err = tr.TransformCase(v, pos, deal, moves)
			if err != nil {
				problems = append(problems, fmt.Sprintf("%s: cannot transform: %v", v, err))
				continue
			}
		}
		o := Outcome{Variant: v}
		o.Report, o.Err = arbiter.Adjudicate(context.Background(), g, arbiter.Start{Position: pos, Deal: deal, Policy: pol, Lenient: true, EveryPly: true}, ms)
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
		if v == "original" && o.Report != nil && o.Report.Cycle != nil {
			for _, p := range o.Report.Cycle.Patterns {
				res.ActualChased = append(res.ActualChased, p.Chased...)
			}
		}
		problems = append(problems, compare(v, swap, exp, o, chasedIn(tr, v, exp.GetChased()))...)
	}
	settle(res, exp, problems)
	return res, outs
}

func compare(v string, swap bool, exp *arbiterv1.CaseExpectation, o Outcome, chased []string) []string {
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
	if len(chased) > 0 {
		got := map[string]bool{}
		var all []string
		if r.Cycle != nil {
			for _, p := range r.Cycle.Patterns {
				for _, s := range p.Chased {
					got[s] = true
					all = append(all, s)
				}
			}
		}
		for _, s := range chased {
			if !got[s] {
				out = append(out, fmt.Sprintf("%s: piece on %s not reported as chased (got %v)", v, s, all))
			}
		}
	}
	return out
}

// squareTransformer is a game whose cases may name squares (a chased piece), mapped
// under each of its case transformations.
type squareTransformer interface {
	TransformSquare(variant, square string) string
}

// chasedIn returns the expected chased squares in variant v's frame.
func chasedIn(tr arbiter.CaseTransformer, v string, squares []string) []string {
	st, ok := tr.(squareTransformer)
	if v == "original" || !ok {
		return squares
	}
	out := make([]string, len(squares))
	for i, s := range squares {
		out[i] = st.TransformSquare(v, s)
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

// Report is the result of verifying a casebook.
type Report struct {
	Results                            []*arbiterv1.CaseResult
	Passed, Failed, Divergent, Pending int
}

// Verify runs every case that passes the filter against every ruleset the case has an
// expectation for (or only f.Ruleset when set).
func Verify(b *Book, reg *arbiter.Registry, f Filter) *Report {
	r, _ := VerifyContext(context.Background(), b, reg, f)
	return r
}

// VerifyContext is Verify that stops between cases when ctx ends, returning what it has
// and ctx.Err().
func VerifyContext(ctx context.Context, b *Book, reg *arbiter.Registry, f Filter) (*Report, error) {
	return VerifyCases(ctx, b.Filter(f), reg, f.Ruleset)
}

// VerifyCases runs the given cases against every ruleset they have an expectation for
// (only ruleset, when not empty), stopping between cases when ctx ends.
func VerifyCases(ctx context.Context, cases []*arbiterv1.Case, reg *arbiter.Registry, ruleset string) (*Report, error) {
	r := &Report{}
	for _, c := range cases {
		if err := ctx.Err(); err != nil {
			return r, err
		}
		for _, e := range c.GetExpectations() {
			if !rulesetMatches(ruleset, e.GetRuleset()) {
				continue
			}
			var rs arbiter.Ruleset
			if reg != nil {
				rs, _ = reg.Lookup(e.GetRuleset())
			}
			res, _ := Run(c, e.GetRuleset(), rs)
			r.Results = append(r.Results, res)
			switch res.GetStatus() {
			case arbiterv1.CaseStatus_CASE_STATUS_PASSED:
				r.Passed++
			case arbiterv1.CaseStatus_CASE_STATUS_FAILED:
				r.Failed++
			case arbiterv1.CaseStatus_CASE_STATUS_KNOWN_DIVERGENCE:
				r.Divergent++
			default:
				r.Pending++
			}
		}
	}
	return r, nil
}

// settle sets a result's status and message from the problems found: passed, failed,
// or a known divergence (which says so when the case now passes).
func settle(res *arbiterv1.CaseResult, exp *arbiterv1.CaseExpectation, problems []string) {
	switch {
	case exp.GetKnownDivergence() != "":
		res.Status = arbiterv1.CaseStatus_CASE_STATUS_KNOWN_DIVERGENCE
		if len(problems) == 0 {
			res.Message = "known divergence, but the case now passes: remove known_divergence (" + exp.GetKnownDivergence() + ")"
		} else {
			res.Message = "known divergence: " + exp.GetKnownDivergence() + " [" + strings.Join(problems, "; ") + "]"
		}
	case len(problems) == 0:
		res.Status = arbiterv1.CaseStatus_CASE_STATUS_PASSED
	default:
		res.Status = arbiterv1.CaseStatus_CASE_STATUS_FAILED
		res.Message = strings.Join(problems, "; ")
	}
}
