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
	ID          string // "chinese", "asian", "banqi-tw+repetition=allowed"
	Name        string // "Chinese Xiangqi Association rules"
	Edition     string // "2020"
	Description string
	// Game is GameXiangqi, GameBanqi or GameChuShogi; empty means xiangqi.
	Game string
	// Source names where the ruleset's rules come from.
	Source string
	// Options lists every option with the ruleset's value (other games; xiangqi
	// rulesets have none).
	Options []OptionInfo
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
	// The work of one judgement is bounded: a cycle longer than MaxCyclePlies is judged
	// by JudgeLongCycle, and each move of a shorter one within the ruleset's per-move
	// budget (documented in its package). JudgeCycle checks ctx before it starts and
	// polls it while it works (at least once per move it classifies), and returns
	// ctx.Err() as soon as ctx has ended, with no judgement: a request deadline or a
	// client that went away stops the work at once.
	// Out-of-range bounds give an empty Judgement and no error.
	JudgeCycle(ctx context.Context, g *xiangqi.Game, start, end int) (Judgement, error)
}

// CycleJudge judges the repetition cycles of a game (see Ruleset.JudgeCycle).
type CycleJudge interface {
	JudgeCycle(ctx context.Context, g *xiangqi.Game, start, end int) (Judgement, error)
}

// GameJudger is implemented by a Ruleset that can keep work between the judgements of
// one game (a history replayed by Adjudicate, a stream of moves in a Session):
// NewGameJudge returns a judge for one game, which rules exactly like the ruleset's
// JudgeCycle and may remember what it computed for that game's moves. A Session uses
// it when the ruleset offers it.
type GameJudger interface {
	NewGameJudge() CycleJudge
}

// Foreseer is implemented by a CycleJudge (from GameJudger) that can do ahead of time,
// on several cores, the work of judgements it will be asked for when the moves to come
// are known: Adjudicate knows the whole record. Foresee gets the game played on beyond
// the judgements made so far, and the cycles of it that the coming judgements will be
// about, each the plies [Start, End) as JudgeCycle takes them; it returns when the work
// is done or ctx has ended. It changes no judgement, only how soon it comes: a judge
// rules the same whether it was told or not, and need not be asked about every cycle it
// was told of.
type Foreseer interface {
	// Foresees reports whether Foresee does anything (on one core it need not): when it
	// does not, Adjudicate does not look ahead at all.
	Foresees() bool
	Foresee(ctx context.Context, g *xiangqi.Game, cycles []CycleBounds)
}

// CycleBounds is a repetition cycle of a game: the plies Start..End-1 (0-based), the
// position after Start plies being the one after End plies.
type CycleBounds struct{ Start, End int }

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
	// "same-type-exchange", "pinned-attacker", "key-drawing-point", "pre-existing", ...
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
	VerdictSenteMustChange // chu shogi
	VerdictGoteMustChange  // chu shogi
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
	case VerdictSenteMustChange:
		return "sente must change"
	case VerdictGoteMustChange:
		return "gote must change"
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

// Responsible returns the side a must-change verdict names, of any game; SideNone for
// a draw or no ruling.
func (v Verdict) Responsible() Side {
	switch v {
	case VerdictRedMustChange:
		return SideRed
	case VerdictBlackMustChange:
		return SideBlack
	case VerdictSenteMustChange:
		return SideSente
	case VerdictGoteMustChange:
		return SideGote
	}
	return SideNone
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

// Registry holds the rulesets a program offers, by id: xiangqi rulesets (Ruleset) and
// the other games' (GameRuleset). Ids are matched case-insensitively and registered in
// lower case. The zero value is empty and ready; it is safe for concurrent use.
type Registry struct {
	mu    sync.RWMutex
	sets  map[string]Ruleset
	games map[string]GameRuleset
}

// Register adds a xiangqi ruleset; registering an id twice is an error.
func (r *Registry) Register(rs Ruleset) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	id := strings.ToLower(rs.Info().ID)
	if err := r.free(id); err != nil {
		return err
	}
	if r.sets == nil {
		r.sets = map[string]Ruleset{}
	}
	r.sets[id] = rs
	return nil
}

// RegisterGame adds a ruleset of another game; registering an id twice is an error.
func (r *Registry) RegisterGame(g GameRuleset) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	id := strings.ToLower(g.Info().ID)
	if strings.ContainsAny(id, "+= ,") || id == "" {
		return fmt.Errorf("ruleset id %q: ids may not be empty or contain '+', '=', ',' or spaces", id)
	}
	if err := r.free(id); err != nil {
		return err
	}
	if r.games == nil {
		r.games = map[string]GameRuleset{}
	}
	r.games[id] = g
	return nil
}

func (r *Registry) free(id string) error {
	_, dup1 := r.sets[id]
	_, dup2 := r.games[id]
	if dup1 || dup2 {
		return fmt.Errorf("ruleset %q registered twice", id)
	}
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

// Get returns the xiangqi ruleset with the given id (case-insensitive), or an
// *UnknownRulesetError. Use Lookup for ids of every game and option overrides.
func (r *Registry) Get(id string) (Ruleset, error) {
	r.mu.RLock()
	rs, ok := r.sets[strings.ToLower(id)]
	r.mu.RUnlock()
	if !ok {
		return nil, &UnknownRulesetError{ID: id, Valid: r.IDs()}
	}
	return rs, nil
}

// Lookup resolves a ruleset id of any game, with option overrides
// ("banqi-tw+repetition=allowed+no_progress_plies=60", see ParseRulesetID). Exactly one
// of the results is non-nil on success: xq for a xiangqi ruleset, game for another
// game's. Errors are *UnknownRulesetError, or *OptionError for an override the ruleset
// cannot take (xiangqi rulesets take none).
func (r *Registry) Lookup(id string) (xq Ruleset, game GameRuleset, err error) {
	base, overrides, err := ParseRulesetID(id)
	if err != nil {
		return nil, nil, err
	}
	r.mu.RLock()
	rs, isXQ := r.sets[base]
	g, isGame := r.games[base]
	r.mu.RUnlock()
	switch {
	case isXQ:
		if len(overrides) > 0 {
			o := overrides[0]
			return nil, nil, &OptionError{Ruleset: base, Name: o.Name, Value: o.Value, Reason: "xiangqi rulesets have no options; use the policy fields"}
		}
		return rs, nil, nil
	case isGame:
		if len(overrides) == 0 {
			return nil, g, nil
		}
		g2, err := g.WithOptions(overrides)
		if err != nil {
			return nil, nil, err
		}
		return nil, g2, nil
	}
	return nil, nil, &UnknownRulesetError{ID: id, Valid: r.IDs()}
}

// IDs returns the registered ids of every game, sorted.
func (r *Registry) IDs() []string {
	r.mu.RLock()
	defer r.mu.RUnlock()
	ids := make([]string, 0, len(r.sets)+len(r.games))
	for id := range r.sets {
		ids = append(ids, id)
	}
	for id := range r.games {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// All returns the registered xiangqi rulesets sorted by id.
func (r *Registry) All() []Ruleset {
	ids := r.IDs()
	out := make([]Ruleset, 0, len(ids))
	for _, id := range ids {
		if rs, err := r.Get(id); err == nil {
			out = append(out, rs)
		}
	}
	return out
}

// Games returns the registered rulesets of the other games sorted by id.
func (r *Registry) Games() []GameRuleset {
	ids := r.IDs()
	r.mu.RLock()
	defer r.mu.RUnlock()
	var out []GameRuleset
	for _, id := range ids {
		if g, ok := r.games[id]; ok {
			out = append(out, g)
		}
	}
	return out
}

// Infos describes every registered ruleset of every game, sorted by id; xiangqi
// rulesets have Game set to GameXiangqi.
func (r *Registry) Infos() []RulesetInfo {
	ids := r.IDs()
	r.mu.RLock()
	defer r.mu.RUnlock()
	out := make([]RulesetInfo, 0, len(ids))
	for _, id := range ids {
		if rs, ok := r.sets[id]; ok {
			info := rs.Info()
			if info.Game == "" {
				info.Game = GameXiangqi
			}
			out = append(out, info)
		} else if g, ok := r.games[id]; ok {
			out = append(out, g.Info())
		}
	}
	return out
}
