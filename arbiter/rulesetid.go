package arbiter

import (
	"sort"
	"strings"
)

// Override sets one ruleset option: Name=Value.
type Override struct {
	Name, Value string
}

// ParseRulesetID splits a ruleset id with option overrides into the base id (lower
// case) and the overrides, in order. The syntax follows the specs' own way of writing
// a variant ("banqi-tw + hidden_capture=cannon"): the base id, then "+name=value" for
// each override, spaces around '+' allowed:
//
//	banqi-tw
//	banqi-tw+repetition=allowed+no_progress_plies=60
//	chu-jcsa2004+chu.lion.counterstrike=strict
//
// A malformed override is an *OptionError; whether the option exists is the ruleset's
// business (Ruleset.WithOptions).
func ParseRulesetID(id string) (base string, overrides []Override, err error) {
	parts := strings.Split(id, "+")
	base = strings.ToLower(strings.TrimSpace(parts[0]))
	for _, p := range parts[1:] {
		p = strings.TrimSpace(p)
		name, value, ok := strings.Cut(p, "=")
		name, value = strings.TrimSpace(name), strings.TrimSpace(value)
		if !ok || name == "" || value == "" {
			return base, nil, &OptionError{Ruleset: base, Name: name, Value: value, Reason: "an override is written +name=value (e.g. banqi-tw+repetition=allowed)"}
		}
		overrides = append(overrides, Override{Name: name, Value: value})
	}
	return base, overrides, nil
}

// CanonicalRulesetID writes base with the overrides that differ from the defaults,
// sorted by name, each name once (the last override of a name wins): the id a
// Ruleset's Info reports after WithOptions, so that equal rulesets have equal ids.
// defaults maps option names to the base ruleset's values.
func CanonicalRulesetID(base string, overrides []Override, defaults map[string]string) string {
	last := map[string]string{}
	for _, o := range overrides {
		last[o.Name] = o.Value
	}
	names := make([]string, 0, len(last))
	for n, v := range last {
		if d, ok := defaults[n]; ok && d == v {
			continue
		}
		names = append(names, n)
	}
	sort.Strings(names)
	var b strings.Builder
	b.WriteString(base)
	for _, n := range names {
		b.WriteString("+" + n + "=" + last[n])
	}
	return b.String()
}

// ApplyOverrides checks overrides against a ruleset's option table and returns every
// option's value after them (name -> value). An unknown name, or a value outside an
// option's Allowed list, is an *OptionError naming the valid names or values. Options
// with an empty Allowed list take any value; the game parses it (e.g. a number).
func ApplyOverrides(ruleset string, table []OptionInfo, overrides []Override) (map[string]string, error) {
	values := make(map[string]string, len(table))
	byName := make(map[string]OptionInfo, len(table))
	for _, o := range table {
		values[o.Name] = o.Value
		byName[o.Name] = o
	}
	for _, ov := range overrides {
		info, ok := byName[ov.Name]
		if !ok {
			names := make([]string, 0, len(table))
			for _, o := range table {
				names = append(names, o.Name)
			}
			sort.Strings(names)
			return nil, &OptionError{Ruleset: ruleset, Name: ov.Name, Value: ov.Value,
				Reason: "no such option (options: " + strings.Join(names, ", ") + ")"}
		}
		if len(info.Allowed) > 0 && !contains(info.Allowed, ov.Value) {
			return nil, &OptionError{Ruleset: ruleset, Name: ov.Name, Value: ov.Value,
				Reason: "allowed values: " + strings.Join(info.Allowed, ", ")}
		}
		values[ov.Name] = ov.Value
	}
	return values, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
