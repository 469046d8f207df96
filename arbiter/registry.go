package arbiter

import (
	"fmt"
	"sort"
	"strings"
	"sync"
)

// Registry holds the rulesets a program offers, by id, of every game. Ids are matched
// case-insensitively and registered in lower case. The zero value is empty and ready;
// it is safe for concurrent use.
type Registry struct {
	mu   sync.RWMutex
	sets map[string]Ruleset
}

// Register adds a ruleset; registering an id twice, or an id that could not be written
// in a ruleset id with overrides, is an error.
func (r *Registry) Register(rs Ruleset) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	id := strings.ToLower(rs.Info().ID)
	if strings.ContainsAny(id, "+= ,") || id == "" {
		return fmt.Errorf("ruleset id %q: ids may not be empty or contain '+', '=', ',' or spaces", id)
	}
	if _, dup := r.sets[id]; dup {
		return fmt.Errorf("ruleset %q registered twice", id)
	}
	if r.sets == nil {
		r.sets = map[string]Ruleset{}
	}
	r.sets[id] = rs
	return nil
}

// UnknownRulesetError is returned for a ruleset id that is not registered.
type UnknownRulesetError struct {
	ID    string
	Valid []string
}

func (e *UnknownRulesetError) Error() string {
	return fmt.Sprintf("unknown ruleset %q (valid: %s)", e.ID, strings.Join(e.Valid, ", "))
}

// Lookup resolves a ruleset id with its option overrides
// ("banqi-tw+repetition=allowed+no_progress_plies=60", "chinese+loss_at_occurrence=4",
// see ParseRulesetID). Errors are *UnknownRulesetError, or *OptionError for an override
// the ruleset cannot take.
func (r *Registry) Lookup(id string) (Ruleset, error) {
	base, overrides, err := ParseRulesetID(id)
	if err != nil {
		return nil, err
	}
	r.mu.RLock()
	rs, ok := r.sets[base]
	r.mu.RUnlock()
	if !ok {
		return nil, &UnknownRulesetError{ID: id, Valid: r.IDs()}
	}
	if len(overrides) == 0 {
		return rs, nil
	}
	return rs.WithOptions(overrides)
}

// IDs returns the registered ids, sorted.
func (r *Registry) IDs() []string {
	r.mu.RLock()
	defer r.mu.RUnlock()
	ids := make([]string, 0, len(r.sets))
	for id := range r.sets {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// All returns the registered rulesets sorted by id.
func (r *Registry) All() []Ruleset {
	ids := r.IDs()
	r.mu.RLock()
	defer r.mu.RUnlock()
	out := make([]Ruleset, 0, len(ids))
	for _, id := range ids {
		if rs, ok := r.sets[id]; ok {
			out = append(out, rs)
		}
	}
	return out
}

// Infos describes every registered ruleset, sorted by id.
func (r *Registry) Infos() []RulesetInfo {
	all := r.All()
	out := make([]RulesetInfo, len(all))
	for i, rs := range all {
		out[i] = rs.Info()
	}
	return out
}

// Rulebooks returns the xiangqi rulesets of the rulebooks (chinese, asian), which a
// comparison uses when none are named; the site rulesets ("site-…") are compared when
// named.
func (r *Registry) Rulebooks() []Ruleset {
	var out []Ruleset
	for _, rs := range r.All() {
		if info := rs.Info(); info.Game == GameXiangqi && !strings.HasPrefix(info.ID, "site-") {
			out = append(out, rs)
		}
	}
	return out
}
