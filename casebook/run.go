package casebook

import (
	"context"
	"fmt"
	"strings"

	"github.com/arbiter-xq/arbiter/apiconv"
	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/notation"
	arbiterv1 "github.com/arbiter-xq/arbiter/proto/arbiter/v1"
	"github.com/arbiter-xq/arbiter/rules/xqrules"
	"github.com/arbiter-xq/arbiter/xiangqi"
)

// Variant is a metamorphic transformation of a case.
type Variant int

// The variants every case is run in.
const (
	Original Variant = iota
	Mirrored         // files a<->i; the ruling is unchanged
	Flipped          // board turned half a turn, colours swapped; the ruling's colours swap
)

// Variants lists them in run order.
var Variants = []Variant{Original, Mirrored, Flipped}

func (v Variant) String() string {
	switch v {
	case Mirrored:
		return "mirrored"
	case Flipped:
		return "colour-flipped"
	}
	return "original"
}

// Replay parses a case's start position and moves. Official diagrams may be composed
// positions, so unreachable piece points are accepted (wxf-L545 has a black pawn behind
// its start rank).
func Replay(c *arbiterv1.Case) (xiangqi.Position, []xiangqi.Move, error) {
	start, err := xiangqi.ParseFENOptions(c.GetFen(), xiangqi.FENOptions{AllowUnreachable: true})
	if err != nil {
		return start, nil, err
	}
	g, err := notation.ParseMoves(start, notation.SplitMoves(c.GetMoves()))
	if err != nil {
		return start, nil, err
	}
	return start, g.Moves(), nil
}

// Outcome is what a ruleset made of one variant of a case.
type Outcome struct {
	Variant Variant
	Game    *xiangqi.Game
	// CycleStart is the ply where the cycle closed by the last move starts; -1 when
	// the last position is no repetition (then Judgement is empty).
	CycleStart int
	Judgement  xqrules.Judgement
	// Natures holds the counted nature of every ply (NatureUnspecified when the ruleset
	// was not asked about it), already valid for comparison with the case.
	Natures []arbiter.Nature
	// Verdict and Chased are translated back to the case's frame (colours swapped back
	// for the flipped variant, squares transformed back).
	Verdict arbiter.Verdict
	Chased  []string
	// Result and Termination are the game result under the case's policy (colours
	// swapped back for the flipped variant); set only when the case expects a result.
	Result      arbiter.Result
	Termination arbiter.Termination
	Err         error
}

func transform(v Variant, start xiangqi.Position, moves []xiangqi.Move) (xiangqi.Position, []xiangqi.Move) {
	if v == Original {
		return start, moves
	}
	out := make([]xiangqi.Move, len(moves))
	for i, m := range moves {
		if v == Mirrored {
			out[i] = m.Mirror()
		} else {
			out[i] = m.Flip()
		}
	}
	if v == Mirrored {
		return start.Mirror(), out
	}
	return start.ColorFlip(), out
}

func backSquare(v Variant, s xiangqi.Square) xiangqi.Square {
	switch v {
	case Mirrored:
		return s.Mirror()
	case Flipped:
		return s.Flip()
	}
	return s
}

func backVerdict(v Variant, vd arbiter.Verdict) arbiter.Verdict {
	if v != Flipped {
		return vd
	}
	switch vd {
	case arbiter.VerdictRedMustChange:
		return arbiter.VerdictBlackMustChange
	case arbiter.VerdictBlackMustChange:
		return arbiter.VerdictRedMustChange
	}
	return vd
}

// RunVariant replays a variant of the case and asks the ruleset about the cycle that the
// last move closes. Natures of plies before the cycle (when the case gives them) come
// from a classification of the whole sequence.
func RunVariant(rs xqrules.Ruleset, start xiangqi.Position, moves []xiangqi.Move, v Variant) Outcome {
	o := JudgeVariant(context.Background(), rs, start, moves, v)
	if o.Err != nil || o.CycleStart <= 0 {
		return o
	}
	// A case is a short history: its judgements are bounded by the rulesets' budgets
	// and need no deadline.
	whole, err := rs.JudgeCycle(context.Background(), o.Game, 0, o.Game.Len())
	if err != nil {
		o.Err = err
		return o
	}
	for _, pn := range whole.Plies {
		if pn.Ply >= 0 && pn.Ply < o.CycleStart {
			o.Natures[pn.Ply] = pn.Nature
		}
	}
	return o
}

// JudgeVariant replays a variant of a history and asks the ruleset (through judge,
// when not nil: a per-game judge of the same ruleset) about the cycle that the last move
// closes. Only the cycle's natures are set; the verdict and the chased squares are
// translated back to the history's frame.
func JudgeVariant(ctx context.Context, rs xqrules.CycleJudge, start xiangqi.Position, moves []xiangqi.Move, v Variant) Outcome {
	s, ms := transform(v, start, moves)
	o := Outcome{Variant: v, CycleStart: -1, Natures: make([]arbiter.Nature, len(ms))}
	g := xiangqi.NewGame(s)
	for _, m := range ms {
		if err := g.Play(m); err != nil {
			o.Err = err
			return o
		}
	}
	o.Game = g
	prev := g.PreviousOccurrence()
	if prev < 0 {
		return o
	}
	o.CycleStart = prev
	j, err := rs.JudgeCycle(ctx, g, prev, g.Len())
	if err != nil {
		o.Err = err
		return o
	}
	o.Judgement = j
	o.Verdict = backVerdict(v, o.Judgement.Ruling.Verdict)
	for _, pn := range o.Judgement.Plies {
		if pn.Ply >= 0 && pn.Ply < len(o.Natures) {
			o.Natures[pn.Ply] = pn.Nature
		}
	}
	for _, sp := range o.Judgement.Sides {
		for _, sq := range sp.Chased {
			o.Chased = append(o.Chased, backSquare(v, sq).String())
		}
	}
	return o
}

// Run checks one case against one ruleset in every variant and returns the result in
// the API's form. rs nil means the ruleset is not registered: the case is pending.
func Run(c *arbiterv1.Case, ruleset string, rs xqrules.Ruleset) (*arbiterv1.CaseResult, []Outcome) {
	exp := Expectation(c, ruleset)
	res := &arbiterv1.CaseResult{Id: c.GetId(), Ruleset: ruleset}
	if exp == nil {
		res.Status = arbiterv1.CaseStatus_CASE_STATUS_PENDING
		res.Message = "the case has no expectation for this ruleset"
		return res, nil
	}
	res.ExpectedVerdict = exp.GetVerdict()
	res.ExpectedNatures = exp.GetNatures()
	res.ExpectedChased = exp.GetChased()
	if rs == nil {
		res.Status = arbiterv1.CaseStatus_CASE_STATUS_PENDING
		res.Message = "ruleset " + ruleset + " is not registered"
		return res, nil
	}
	start, moves, err := Replay(c)
	if err != nil {
		res.Status = arbiterv1.CaseStatus_CASE_STATUS_FAILED
		res.Message = "the case does not replay: " + err.Error()
		return res, nil
	}
	var problems []string
	var outs []Outcome
	for _, v := range Variants {
		o := RunVariant(rs, start, moves, v)
		outs = append(outs, o)
		if o.Err != nil {
			problems = append(problems, fmt.Sprintf("%s: does not replay: %v", v, o.Err))
			continue
		}
		// With a policy or an expected result, the game is adjudicated as a whole: the
		// verdict is then the ruling after the policy's regulations (no draw before move N).
		if c.GetPolicy() != nil || exp.GetResult() != arbiterv1.Result_RESULT_UNSPECIFIED || exp.GetTermination() != arbiterv1.Termination_TERMINATION_UNSPECIFIED {
			pol, err := apiconv.CheckPolicy(c.GetPolicy())
			if err != nil {
				problems = append(problems, "the case's policy: "+err.Error())
				break
			}
			s, ms := transform(v, start, moves)
			rep, err := xqrules.Adjudicate(rs, s, ms, pol)
			if err != nil {
				problems = append(problems, fmt.Sprintf("%s: adjudication: %v", v, err))
				continue
			}
			o.Result, o.Termination = rep.Result, rep.Termination
			if c.GetPolicy() != nil {
				o.Verdict = backVerdict(v, rep.Ruling.Verdict)
			}
			if v == Flipped {
				switch o.Result {
				case arbiter.ResultRedWins:
					o.Result = arbiter.ResultBlackWins
				case arbiter.ResultBlackWins:
					o.Result = arbiter.ResultRedWins
				}
			}
		}
		if v == Original {
			res.ActualVerdict = apiconv.Verdict(o.Verdict)
			res.ActualNatures = apiconv.Natures(o.Natures)
			res.ActualChased = o.Chased
		}
		problems = append(problems, compare(v, exp, o)...)
	}
	settle(res, exp, problems)
	return res, outs
}

func compare(v Variant, exp *arbiterv1.CaseExpectation, o Outcome) []string {
	var out []string
	if want := arbiter.Verdict(exp.GetVerdict()); o.Verdict != want {
		out = append(out, fmt.Sprintf("%s: verdict %s, want %s", v, o.Verdict, want))
	}
	if want := exp.GetResult(); want != arbiterv1.Result_RESULT_UNSPECIFIED && arbiter.Result(want) != o.Result {
		out = append(out, fmt.Sprintf("%s: result %s, want %s", v, o.Result, arbiter.Result(want)))
	}
	if want := exp.GetTermination(); want != arbiterv1.Termination_TERMINATION_UNSPECIFIED && apiconv.Termination(o.Termination) != want {
		out = append(out, fmt.Sprintf("%s: termination %s, want %s", v, o.Termination, want))
	}
	if want := exp.GetNatures(); len(want) > 0 {
		var diffs []string
		if len(want) != len(o.Natures) {
			diffs = append(diffs, fmt.Sprintf("%d natures for %d plies", len(want), len(o.Natures)))
		}
		for i := 0; i < len(want) && i < len(o.Natures); i++ {
			if arbiter.Nature(want[i]) != o.Natures[i] {
				diffs = append(diffs, fmt.Sprintf("move %d of the cycle %s, want %s", i+1, o.Natures[i].Chinese(), arbiter.Nature(want[i]).Chinese()))
			}
		}
		if len(diffs) > 0 {
			out = append(out, fmt.Sprintf("%s: natures: %s", v, strings.Join(diffs, ", ")))
		}
	}
	if want := exp.GetChased(); len(want) > 0 {
		got := map[string]bool{}
		for _, s := range o.Chased {
			got[s] = true
		}
		for _, s := range want {
			if !got[s] {
				out = append(out, fmt.Sprintf("%s: piece on %s not reported as chased (got %v)", v, s, o.Chased))
			}
		}
	}
	return out
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
			var res *arbiterv1.CaseResult
			if x, ok := rs.(*xqrules.Rules); ok || rs == nil {
				// xiangqi cases are still verified cycle by cycle through the
				// ruleset's judge (the cycle the last move closes, as given,
				// mirrored and colour-flipped).
				var judge xqrules.Ruleset
				if ok {
					judge = x.Judge()
				}
				res, _ = Run(c, e.GetRuleset(), judge)
			} else {
				res, _ = RunGame(c, e.GetRuleset(), rs)
			}
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
