package banqi

import (
	"fmt"
	"sort"
	"strings"

	bq "github.com/arbiter-xq/arbiter/banqi"
)

// OptionError reports an invalid option name, value or combination (the same type as
// the game package's, for variant and policy options alike).
type OptionError = bq.OptionError

// Ruleset is one named banqi ruleset: a table of option values (§7).
type Ruleset struct {
	ID   string // "banqi-tw"
	Name string // "Banqi, Taiwan rules"
	// Basis says whose rules these are; Source cites where they come from.
	Basis, Source string
	Options       bq.Options
	Policy        Policy
}

// OptionNames returns every option a ruleset sets: the variant options of §4, then the
// policy options of §6.
func OptionNames() []string {
	return append(bq.OptionNames(), policyOptionNames...)
}

// Set overrides one option by name.
func (r *Ruleset) Set(name, value string) error {
	if bq.IsOption(name) {
		if r.Options.Pieces == bq.AnimalPieces && (strings.HasPrefix(name, "cannon_") || (name == "chain_capture" && value == "cannon")) {
			return &OptionError{Option: name, Value: value, Reason: "the cannon options require pieces=xiangqi (§4)"}
		}
		if r.Options.Pieces == bq.XiangqiPieces && name == "rat_elephant" {
			return &OptionError{Option: name, Value: value, Reason: "rat_elephant applies to pieces=animal only (§4)"}
		}
		if err := r.Options.Set(name, value); err != nil {
			return err
		}
		if name == "pieces" {
			// A new piece set takes its own default rank order.
			if value == "animal" {
				r.Options.RankOrder = bq.RankJungle
			} else if r.Options.RankOrder != bq.RankHK {
				r.Options.RankOrder = bq.RankTW
			}
		}
		return nil
	}
	ok, err := r.Policy.set(name, value)
	if !ok {
		names := OptionNames()
		sort.Strings(names)
		return &OptionError{Option: name, Value: value, Reason: "unknown option (valid: " + strings.Join(names, ", ") + ")"}
	}
	return err
}

// WithOverrides returns a copy of r with the options of overrides set, in a fixed order
// (rank_order before cannon_capture, so that the order's default cannon can be
// overridden), and validated.
func (r Ruleset) WithOverrides(overrides map[string]string) (Ruleset, error) {
	for _, name := range OptionNames() {
		if v, ok := overrides[name]; ok {
			if err := r.Set(name, v); err != nil {
				return r, err
			}
		}
	}
	for name, v := range overrides {
		if !contains(OptionNames(), name) {
			if err := r.Set(name, v); err != nil {
				return r, err
			}
		}
	}
	return r, r.Validate()
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

// Validate checks the options and their combinations.
func (r Ruleset) Validate() error {
	if err := r.Options.Validate(); err != nil {
		return err
	}
	for _, e := range policyEnums {
		if v := e.get(&r.Policy); v < 1 || v > len(e.values) {
			return &OptionError{Option: e.name, Reason: "not set"}
		}
	}
	for _, e := range policyInts {
		if v := *e.get(&r.Policy); v < e.min || v > e.max {
			return &OptionError{Option: e.name, Value: fmt.Sprint(v), Reason: fmt.Sprintf("want a number %d..%d", e.min, e.max)}
		}
	}
	return nil
}

// Option is one option of a ruleset with its value.
type Option struct {
	Name, Value string
}

// OptionList lists every option that applies, variant options first, with its value.
// Options that mean nothing under the others (the n/a cells of §7) are left out.
func (r Ruleset) OptionList() []Option {
	var out []Option
	for _, p := range r.Options.Pairs() {
		if r.Options.Pieces == bq.XiangqiPieces && r.Options.CannonCapture == bq.CannonStep &&
			(p[0] == "cannon_jump_range" || p[0] == "cannon_screen") {
			continue // ignored under cannon_capture=step (§4)
		}
		out = append(out, Option{p[0], p[1]})
	}
	for _, name := range policyOptionNames {
		if !r.Policy.applies(name) {
			continue
		}
		v, _ := r.Policy.get(name)
		out = append(out, Option{name, v})
	}
	return out
}

// Option returns the value of one option by name.
func (r Ruleset) Option(name string) (string, bool) {
	if v, ok := r.Options.Get(name); ok {
		return v, true
	}
	return r.Policy.get(name)
}
