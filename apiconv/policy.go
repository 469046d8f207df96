package apiconv

import (
	"fmt"
	"slices"

	"github.com/arbiter-xq/arbiter/arbiter"
	arbiterv1 "github.com/arbiter-xq/arbiter/proto/arbiter/v1"
	"google.golang.org/protobuf/proto"
)

// Policy maps a proto policy to the domain policy without validating it; unset fields
// stay zero, which arbiter.Policy.Normalize reads as "the default". A nil policy is the
// default policy. counted_checks_limit set to 0 ("every check counts") becomes the
// domain's -1 (check counting off). Use CheckPolicy to validate as well.
func Policy(p *arbiterv1.Policy) arbiter.Policy {
	var out arbiter.Policy
	if p == nil {
		return out
	}
	if p.LossAtOccurrence != nil {
		out.LossAtOccurrence = int(p.GetLossAtOccurrence())
	}
	switch p.GetOnViolation() {
	case arbiterv1.OnViolation_ON_VIOLATION_LOSE:
		out.OnViolation = arbiter.ViolationLose
	case arbiterv1.OnViolation_ON_VIOLATION_FORBID:
		out.OnViolation = arbiter.ViolationForbid
	}
	if p.DrawAtOccurrence != nil {
		out.DrawAtOccurrence = int(p.GetDrawAtOccurrence())
	}
	out.NaturalMoveLimit = int(p.GetNaturalMoveLimit())
	if p.CountedChecksLimit != nil {
		out.CheckCountLimit = int(p.GetCountedChecksLimit())
		if out.CheckCountLimit == 0 {
			out.CheckCountLimit = -1
		}
	}
	out.NoDrawBeforeMove = int(p.GetNoDrawBeforeMove())
	return out
}

// CheckPolicy maps and validates a proto policy and returns it normalised (every
// default filled in). Errors are *FieldError naming "policy.<field>".
func CheckPolicy(p *arbiterv1.Policy) (arbiter.Policy, error) {
	if _, err := CheckGamePolicy(p); err != nil {
		return arbiter.Policy{}, err
	}
	out, err := Policy(p).Normalize()
	if err != nil {
		return out, AsFieldError(err)
	}
	return out, nil
}

// CheckGamePolicy validates a proto policy for another game's ruleset and maps it
// without filling defaults: an unset field stays zero, so the ruleset's own value
// applies (banqi-routechase forbids by its table unless the request sets on_violation).
// The ranges are the same as CheckPolicy's; the game checks what it uses.
func CheckGamePolicy(p *arbiterv1.Policy) (arbiter.Policy, error) {
	bad := func(field, format string, args ...any) (arbiter.Policy, error) {
		return arbiter.Policy{}, &FieldError{Field: "policy." + field, Code: CodeInvalidPolicy,
			Reason: fmt.Sprintf(format, args...)}
	}
	if p != nil {
		// The domain reads 0 as "default"; the proto rejects an explicit value below 2.
		if p.LossAtOccurrence != nil && p.GetLossAtOccurrence() < 2 {
			return bad("loss_at_occurrence", "%d is below 2 (the first repetition is occurrence 2)", p.GetLossAtOccurrence())
		}
		if p.DrawAtOccurrence != nil && p.GetDrawAtOccurrence() < 2 {
			return bad("draw_at_occurrence", "%d is below 2 (the first repetition is occurrence 2)", p.GetDrawAtOccurrence())
		}
		if _, ok := arbiterv1.OnViolation_name[int32(p.GetOnViolation())]; !ok {
			return bad("on_violation", "unknown value %d (use ON_VIOLATION_LOSE or ON_VIOLATION_FORBID)", p.GetOnViolation())
		}
		// The range as the API has it: the domain's "-1 for off" is no API value.
		if n := p.GetNaturalMoveLimit(); n < 0 || n > arbiter.MaxNaturalMoveLimit {
			return bad("natural_move_limit", "%d is outside 1..%d moves (0 means the default of 60 moves)", n, arbiter.MaxNaturalMoveLimit)
		}
		if n := p.GetCountedChecksLimit(); p.CountedChecksLimit != nil && (n < 0 || n > arbiter.MaxCheckCountLimit) {
			return bad("counted_checks_limit", "%d is outside 1..%d (0 means every check counts)", n, arbiter.MaxCheckCountLimit)
		}
	}
	return Policy(p), nil
}

// policyField maps a domain policy field name (arbiter.PolicyError.Field) to the proto
// field name.
func policyField(domain string) string {
	switch domain {
	case "check_count_limit":
		return "counted_checks_limit"
	}
	return domain
}

// PolicyProto maps a domain policy to the proto message with every field set. A
// natural move limit turned off (-1) cannot be said in the proto and is written as 0.
func PolicyProto(p arbiter.Policy) *arbiterv1.Policy {
	out := &arbiterv1.Policy{
		LossAtOccurrence: proto.Int32(int32(p.LossAtOccurrence)),
		DrawAtOccurrence: proto.Int32(int32(p.DrawAtOccurrence)),
		NoDrawBeforeMove: int32(p.NoDrawBeforeMove),
	}
	switch p.OnViolation {
	case arbiter.ViolationLose:
		out.OnViolation = arbiterv1.OnViolation_ON_VIOLATION_LOSE
	case arbiter.ViolationForbid:
		out.OnViolation = arbiterv1.OnViolation_ON_VIOLATION_FORBID
	}
	if p.NaturalMoveLimit > 0 {
		out.NaturalMoveLimit = int32(p.NaturalMoveLimit)
	}
	switch {
	case p.CheckCountLimit > 0:
		out.CountedChecksLimit = proto.Int32(int32(p.CheckCountLimit))
	default:
		out.CountedChecksLimit = proto.Int32(0)
	}
	return out
}

// RulesetInfo maps a ruleset description to the proto message, with the default policy.
func RulesetInfo(info arbiter.RulesetInfo) *arbiterv1.Ruleset {
	out := &arbiterv1.Ruleset{
		Id:          info.ID,
		Name:        info.Name,
		Edition:     info.Edition,
		Description: info.Description,
		Game:        info.Game,
		Source:      info.Source,
		Options:     rulesetOptions(info.Options),
	}
	// The xiangqi policy defaults are xiangqi's; the other games carry their own values
	// (occurrences, on_violation, no-progress limits) in their options.
	if info.Game == "" || info.Game == arbiter.GameXiangqi {
		out.DefaultPolicy = PolicyProto(arbiter.DefaultPolicy())
	}
	return out
}

func rulesetOptions(opts []arbiter.OptionInfo) []*arbiterv1.RulesetOption {
	var out []*arbiterv1.RulesetOption
	for _, o := range opts {
		out = append(out, &arbiterv1.RulesetOption{
			Name:        o.Name,
			Value:       o.Value,
			Allowed:     append([]string(nil), o.Allowed...),
			Description: o.Description,
		})
	}
	return out
}

// CodePolicyNotUsed is the reason of a policy field set in a request whose ruleset's game
// does not use it (a natural move limit for chu shogi): the request is refused rather
// than the field silently ignored, so a site learns its house policy does not apply.
const CodePolicyNotUsed = "POLICY_FIELD_NOT_USED"

// CheckPolicyUsed refuses a policy field the request sets that the ruleset does not
// read (arbiter.PolicyReader): a *FieldError naming "policy.<field>" with
// CodePolicyNotUsed, saying what the ruleset uses instead. A nil policy, a ruleset that
// reads every field, or a policy with only read fields set passes.
func CheckPolicyUsed(rs arbiter.Ruleset, p *arbiterv1.Policy) error {
	pr, ok := rs.(arbiter.PolicyReader)
	if p == nil || !ok {
		return nil
	}
	used, instead := pr.PolicyFields()
	set := []struct {
		field string
		on    bool
	}{
		{"loss_at_occurrence", p.LossAtOccurrence != nil},
		{"draw_at_occurrence", p.DrawAtOccurrence != nil},
		{"on_violation", p.GetOnViolation() != arbiterv1.OnViolation_ON_VIOLATION_UNSPECIFIED},
		{"natural_move_limit", p.GetNaturalMoveLimit() != 0},
		{"counted_checks_limit", p.CountedChecksLimit != nil},
		{"no_draw_before_move", p.GetNoDrawBeforeMove() != 0},
	}
	for _, f := range set {
		if !f.on || slices.Contains(used, f.field) {
			continue
		}
		if instead != "" {
			instead = "; " + instead
		}
		return &FieldError{Field: "policy." + f.field, Code: CodePolicyNotUsed,
			Reason: fmt.Sprintf("the ruleset %s does not use %s, so it would be ignored: leave it unset%s", rs.Info().ID, f.field, instead)}
	}
	return nil
}
