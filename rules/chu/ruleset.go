package chu

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/chushogi"
)

// Ruleset is one chu shogi ruleset with its option values. It is immutable and safe
// for concurrent use.
type Ruleset struct {
	base      string
	overrides []arbiter.Override
	values    map[string]string
	cfg       config
	info      arbiter.RulesetInfo
}

var descriptions = map[string][3]string{
	"chu-jcsa2004": {"Japan Chu Shogi Association, 2004 clarifications",
		"Japan Chu Shogi Association (日本中将棋連盟), rule clarifications of 2004-06-06; gaps filled as docs/rules/chu-shogi.md §9 marks",
		"The association's rulings on lion captures (bridge capture beats counter-strike, only a protected lion is immune after a lion was lost to a non-lion, a pawn or go-between is no bridge, the move is one act), promotion after re-entry and the pawn and online lance relief, and jitto; repetition by lishogi's attack rule [unverified]."},
	"chu-lishogi": {"lishogi",
		"lishogi: shogiops (client, commit 0f94788) and scalashogi (server, commit d6c35f5)",
		"The rules lishogi.org plays: strict counter-strike with the same-square exception, fourfold repetition lost by the side that attacked on every move (tested once the window holds 13 positions), bare king and king against king."},
	"chu-hachu": {"HaChu",
		"H. G. Muller's HaChu engine, default settings (public mirror ddugovic/hachu, commit 649ef11)",
		"HaChu's defaults: protection judged after the move, strict counter-strike, any move that repeats a position is illegal, no bare-king or king-against-king rule."},
}

// PolicyNote says how the house policy (arbiter.Policy) bears on chu shogi: not at all.
// The sources fix the fourfold count as part of the repetition rule (§8.3, §8.5), so it is
// an option of the ruleset (chu.repetition.occurrences, in the id) and not the policy's
// loss_at_occurrence / draw_at_occurrence, whose defaults (3) are xiangqi's. A fourfold
// repetition ends the game (on_violation=forbid does not apply; chu-hachu forbids every
// repeating move anyway), and chu has no natural-move limit or counted-checks rule.
const PolicyNote = "House policy: none of the policy's fields applies to chu shogi; the repetition count is the option chu.repetition.occurrences (4), set in the ruleset id (e.g. +chu.repetition.occurrences=3)."

// IDs lists the rulesets of this package.
func IDs() []string { return []string{"chu-jcsa2004", "chu-lishogi", "chu-hachu"} }

// New returns the ruleset with the given base id (see IDs).
func New(id string) (*Ruleset, error) {
	if _, ok := baseValues[id]; !ok {
		return nil, fmt.Errorf("no chu shogi ruleset %q (known: %s)", id, strings.Join(IDs(), ", "))
	}
	r, err := build(id, nil)
	if err != nil {
		return nil, err
	}
	return r, nil
}

// All returns the three rulesets.
func All() []*Ruleset {
	var out []*Ruleset
	for _, id := range IDs() {
		r, err := New(id)
		if err != nil {
			panic(err) // the tables are constants; TestRulesets pins them
		}
		out = append(out, r)
	}
	return out
}

func build(base string, overrides []arbiter.Override) (*Ruleset, error) {
	table := optionTable()
	for i := range table {
		table[i].Value = baseValues[base][table[i].Name]
	}
	values, err := arbiter.ApplyOverrides(base, table, overrides)
	if err != nil {
		return nil, err
	}
	cfg, err := parseConfig(base, values)
	if err != nil {
		return nil, err
	}
	for i := range table {
		table[i].Value = values[table[i].Name]
	}
	d := descriptions[base]
	d[2] += " " + PolicyNote
	id := arbiter.CanonicalRulesetID(base, overrides, baseValues[base])
	return &Ruleset{base: base, overrides: overrides, values: values, cfg: cfg,
		info: arbiter.RulesetInfo{ID: id, Name: d[0], Description: d[2], Game: arbiter.GameChuShogi, Source: d[1], Options: table, Terms: Terms}}, nil
}

// Info describes the ruleset.
func (r *Ruleset) Info() arbiter.RulesetInfo { return r.info }

// PolicyFields: chu shogi reads no policy field; its repetition count is a ruleset
// option.
func (r *Ruleset) PolicyFields() ([]string, string) {
	return nil, "chu shogi rulesets use no policy field (the repetition count is the option chu.repetition.occurrences, set in the ruleset id, e.g. chu-lishogi+chu.repetition.occurrences=3)"
}

// MoveOptions returns the options that decide which moves are legal.
func (r *Ruleset) MoveOptions() chushogi.Options { return r.cfg.moves }

// WithOptions returns the ruleset with the overrides applied.
func (r *Ruleset) WithOptions(overrides []arbiter.Override) (arbiter.Ruleset, error) {
	all := append(append([]arbiter.Override(nil), r.overrides...), overrides...)
	return build(r.base, all)
}

// NewGame opens a game at the start position (SFEN; empty = the standard start).
func (r *Ruleset) NewGame(start arbiter.Start) (arbiter.Session, error) {
	if start.Deal != "" {
		return nil, &arbiter.PositionError{Field: "deal", Reason: "chu shogi has no deal"}
	}
	pos, err := parsePosition(start.Position)
	if err != nil {
		return nil, err
	}
	if err := checkStartRoyals(&pos); err != nil {
		return nil, err
	}
	// The policy is checked like every game's (a bad one is a *PolicyError), but none of
	// its fields applies to chu shogi: see PolicyNote.
	if _, err := start.Policy.Normalize(); err != nil {
		return nil, err
	}
	return newSession(r, pos), nil
}

func parsePosition(text string) (chushogi.Position, error) {
	if strings.TrimSpace(text) == "" {
		return chushogi.StartPosition(), nil
	}
	p, err := chushogi.ParseSFEN(text)
	if err != nil {
		pe := &arbiter.PositionError{Field: "board", Reason: err.Error()}
		if se, ok := err.(*chushogi.SFENError); ok {
			pe.Field = se.Field
			pe.Rank, pe.File = se.Rank+1, se.File
		}
		return p, pe
	}
	return p, nil
}

// Perft counts the leaf nodes of the legal-move tree (chushogi.Perft's convention,
// lishogi's enumeration; §12). Depth is limited to 6.
func (r *Ruleset) Perft(ctx context.Context, position string, depth int, divide bool) (uint64, []string, error) {
	if depth < 0 || depth > 6 {
		return 0, nil, fmt.Errorf("depth %d is outside 0..6", depth)
	}
	p, err := parsePosition(position)
	if err != nil {
		return 0, nil, err
	}
	o := r.cfg.moves
	if !divide || depth == 0 {
		return chushogi.Perft(&p, &o, depth), nil, nil
	}
	var total uint64
	var lines []string
	for _, m := range p.LegalMoves(&o) {
		if err := ctx.Err(); err != nil {
			return 0, nil, err
		}
		q := p
		q.MakeMove(m)
		n := chushogi.Perft(&q, &o, depth-1)
		total += n
		lines = append(lines, fmt.Sprintf("%s %d", m, n))
	}
	sort.Strings(lines)
	return total, lines, nil
}
