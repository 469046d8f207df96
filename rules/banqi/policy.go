package banqi

import (
	"fmt"
	"strconv"
)

// Repetition is the option `repetition` (§6.3, §6.4).
type Repetition uint8

// Repetition policies.
const (
	RepetitionForbidden Repetition = iota + 1 // a perpetual attacker must change (xiangqi-like)
	RepetitionAllowed                         // the Nth occurrence is a draw, whoever attacks
	RepetitionOff                             // repetition is ignored
)

// Counting is the option `repetition_counting` (§6.4).
type Counting uint8

// Counting modes.
const (
	CountOccurrences       Counting = iota + 1 // every occurrence in the window counts
	CountConsecutiveCycles                     // only identical cycles played in a row
)

// OnViolation is the option `on_violation`.
type OnViolation uint8

// Violation handling.
const (
	ViolationLose   OnViolation = iota + 1 // the violating ply is accepted and loses
	ViolationForbid                        // the violating ply is refused
)

// AttackProtection is the option `attack_protection` (§6.2).
type AttackProtection uint8

// Attack definitions.
const (
	ProtectionIgnore          AttackProtection = iota + 1 // every new threat is an attack
	ProtectionUnprotectedOnly                             // only threats on unprotected pieces
)

// LongChase is the option `long_chase` (§6.6).
type LongChase uint8

// Long-chase rules.
const (
	LongChaseOff          LongChase = iota + 1
	LongChaseRouteRevisit           // DarkChess-NNUE's 禁止長追
)

// Policy holds the policy options of §6 and §7.
type Policy struct {
	Repetition       Repetition
	Counting         Counting
	DrawAtOccurrence int
	LossAtOccurrence int
	OnViolation      OnViolation
	AttackProtection AttackProtection
	NoProgressPlies  int // 0 = off
	LongChase        LongChase
}

// policyEnum describes an enumerated policy option.
type policyEnum struct {
	name   string
	values []string
	get    func(p *Policy) int
	set    func(p *Policy, v int)
}

var policyEnums = []policyEnum{
	{"repetition", []string{"forbidden", "allowed", "off"}, func(p *Policy) int { return int(p.Repetition) }, func(p *Policy, v int) { p.Repetition = Repetition(v) }},
	{"repetition_counting", []string{"occurrences", "consecutive_cycles"}, func(p *Policy) int { return int(p.Counting) }, func(p *Policy, v int) { p.Counting = Counting(v) }},
	{"on_violation", []string{"lose", "forbid"}, func(p *Policy) int { return int(p.OnViolation) }, func(p *Policy, v int) { p.OnViolation = OnViolation(v) }},
	{"attack_protection", []string{"ignore", "unprotected_only"}, func(p *Policy) int { return int(p.AttackProtection) }, func(p *Policy, v int) { p.AttackProtection = AttackProtection(v) }},
	{"long_chase", []string{"off", "route_revisit"}, func(p *Policy) int { return int(p.LongChase) }, func(p *Policy, v int) { p.LongChase = LongChase(v) }},
}

type policyInt struct {
	name     string
	min, max int
	get      func(p *Policy) *int
}

var policyInts = []policyInt{
	{"draw_at_occurrence", 2, 100, func(p *Policy) *int { return &p.DrawAtOccurrence }},
	{"loss_at_occurrence", 2, 100, func(p *Policy) *int { return &p.LossAtOccurrence }},
	{"no_progress_plies", 0, 100000, func(p *Policy) *int { return &p.NoProgressPlies }},
}

// policyOptionNames lists the policy options in the order of §7's table.
var policyOptionNames = []string{"repetition", "repetition_counting", "draw_at_occurrence", "loss_at_occurrence",
	"on_violation", "attack_protection", "no_progress_plies", "long_chase"}

// set sets one policy option; ok is false when name is not a policy option.
func (p *Policy) set(name, value string) (ok bool, err error) {
	for _, e := range policyEnums {
		if e.name != name {
			continue
		}
		for i, v := range e.values {
			if v == value {
				e.set(p, i+1)
				return true, nil
			}
		}
		return true, &OptionError{Option: name, Value: value, Reason: "valid values: " + join(e.values)}
	}
	for _, e := range policyInts {
		if e.name != name {
			continue
		}
		n, err := strconv.Atoi(value)
		if err != nil || n < e.min || n > e.max {
			return true, &OptionError{Option: name, Value: value, Reason: fmt.Sprintf("want a number %d..%d", e.min, e.max)}
		}
		*e.get(p) = n
		return true, nil
	}
	return false, nil
}

// get returns one policy option's value.
func (p Policy) get(name string) (string, bool) {
	for _, e := range policyEnums {
		if e.name == name {
			v := e.get(&p)
			if v < 1 || v > len(e.values) {
				return "", false
			}
			return e.values[v-1], true
		}
	}
	for _, e := range policyInts {
		if e.name == name {
			return strconv.Itoa(*e.get(&p)), true
		}
	}
	return "", false
}

// applies reports whether a policy option means anything under the others (the n/a
// cells of §7's table).
func (p Policy) applies(name string) bool {
	switch name {
	case "repetition_counting", "draw_at_occurrence":
		return p.Repetition != RepetitionOff
	case "loss_at_occurrence", "attack_protection":
		return p.Repetition == RepetitionForbidden
	case "on_violation":
		return p.Repetition == RepetitionForbidden || p.LongChase == LongChaseRouteRevisit
	}
	return true
}

func join(ss []string) string {
	out := ""
	for i, s := range ss {
		if i > 0 {
			out += ", "
		}
		out += s
	}
	return out
}
