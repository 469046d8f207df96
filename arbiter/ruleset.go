package arbiter

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/arbiter-xq/arbiter/xiangqi"
)

// RulesetInfo describes a ruleset for listings.
type RulesetInfo struct {
	ID          string // "chinese", "asian"
	Name        string // "Chinese Xiangqi Association rules"
	Edition     string // "2020"
	Description string
}

// Ruleset rules on repetition cycles.
type Ruleset interface {
	// Info describes the ruleset.
	Info() RulesetInfo
	// JudgeCycle classifies the moves of one repetition cycle of g and rules on it.
	// The cycle is the moves with indices start..end-1 (0-based plies): the position
	// after start plies equals the position after end plies, end <= g.Len(). Plies
	// before start are context only (e.g. the opponent's move just before the cycle).
	// JudgeCycle must not modify g and must be safe for concurrent use.
	//
	// The work of one judgement is bounded by the ruleset (its budget is documented in
	// its package). JudgeCycle polls ctx while it works (at least once per move of the
	// cycle) and returns ctx.Err() as soon as ctx has ended, with no judgement: a
	// request deadline or a client that went away stops the work at once.
	// Out-of-range bounds give an empty Judgement and no error.
	JudgeCycle(ctx context.Context, g *xiangqi.Game, start, end int) (Judgement, error)
}

// Attacker is a piece taking part in a threat.
type Attacker struct {
	Square xiangqi.Square
	Piece  xiangqi.Piece
}

// Threat is the evidence of one chase: a victim the move threatens to win, who
// threatens it, and why the threat counts (or, for an excluded threat, why not).
type Threat struct {
	Target    xiangqi.Square // where the victim stands after the move
	Victim    xiangqi.Piece
	Attackers []Attacker
	// Joint is true when the win needs two or more pieces co-operating (联合捉).
	Joint bool
	Root  RootStatus
	// Exception names the rule exception that made the threat count, or that excluded
	// it: "horse-or-cannon-on-rook", "king-attacker", "pawn-attacker", "uncrossed-pawn",
	// "same-type-exchange", "pinned-attacker", "key-drawing-point", "answering-check", ...
	Exception string
	// Note explains the threat in words.
	Note string
}

// PlyNature is a ruleset's classification of one move.
type PlyNature struct {
	Ply int // 0-based index of the move in the game
	// Nature is the nature that counts for the ruling (the heaviest, in the Chinese rules).
	Nature Nature
	// All lists every nature the move has, heaviest first (e.g. chase and exchange offer).
	All []Nature
	// Threats are the chases the move makes (the evidence for NatureChase), and Excluded
	// the attacks it makes that do not count, each with the exception that applied.
	Threats, Excluded []Threat
	// Note explains the classification in words.
	Note string
}

// SidePattern is one side's half of a cycle.
type SidePattern struct {
	Side    xiangqi.Color
	Plies   []int    // the side's moves in the cycle
	Natures []Nature // their counted natures, in order
	// Pattern names it: "perpetual check", "perpetual chase", "one check one chase",
	// "one chase one idle", "idle", ...
	Pattern string
	// Forbidden is true when the pattern is a violation under the ruleset.
	Forbidden bool
	// Chased lists the squares (after the side's last move of the cycle) of the pieces
	// it chases perpetually, if any.
	Chased []xiangqi.Square
}

// Verdict is the ruling on a repetition cycle. The values match arbiter.v1.Verdict.
type Verdict uint8

// Verdicts.
const (
	VerdictNone Verdict = iota // no repetition, no ruling
	VerdictDraw
	VerdictRedMustChange
	VerdictBlackMustChange
)

// String names the verdict.
func (v Verdict) String() string {
	switch v {
	case VerdictDraw:
		return "draw"
	case VerdictRedMustChange:
		return "red must change"
	case VerdictBlackMustChange:
		return "black must change"
	}
	return "none"
}

// MustChange returns the verdict that side c must change.
func MustChange(c xiangqi.Color) Verdict {
	if c == xiangqi.Red {
		return VerdictRedMustChange
	}
	return VerdictBlackMustChange
}

// Violator returns the side that must change, if any.
func (v Verdict) Violator() (xiangqi.Color, bool) {
	switch v {
	case VerdictRedMustChange:
		return xiangqi.Red, true
	case VerdictBlackMustChange:
		return xiangqi.Black, true
	}
	return xiangqi.Red, false
}

// Ruling is what the rules require of a cycle.
type Ruling struct {
	Verdict Verdict
	// References are the rule articles and diagrams that support the ruling, e.g.
	// "CXA 2020 25.1", "AXF rule 15 (D18-D25)".
	References []string
	// Explanation is a plain-language account naming pieces and squares, in English
	// with the rulebook's Chinese terms.
	Explanation string
}

// Judgement is a ruleset's reading of one repetition cycle.
type Judgement struct {
	Plies  []PlyNature    // one per move of the cycle, in order
	Sides  [2]SidePattern // indexed by xiangqi.Color
	Ruling Ruling
}

// Registry holds the rulesets a program offers, by id. The zero value is empty and
// ready; it is safe for concurrent use.
type Registry struct {
	mu   sync.RWMutex
	sets map[string]Ruleset
}

// Register adds a ruleset; registering an id twice is an error.
func (r *Registry) Register(rs Ruleset) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	id := rs.Info().ID
	if r.sets == nil {
		r.sets = map[string]Ruleset{}
	}
	if _, dup := r.sets[id]; dup {
		return fmt.Errorf("ruleset %q registered twice", id)
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

// Get returns the ruleset with the given id, or an *UnknownRulesetError.
func (r *Registry) Get(id string) (Ruleset, error) {
	r.mu.RLock()
	rs, ok := r.sets[id]
	r.mu.RUnlock()
	if !ok {
		return nil, &UnknownRulesetError{ID: id, Valid: r.IDs()}
	}
	return rs, nil
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
	out := make([]Ruleset, 0, len(ids))
	for _, id := range ids {
		rs, _ := r.Get(id)
		out = append(out, rs)
	}
	return out
}
