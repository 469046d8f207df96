package site

import (
	"context"
	"strings"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/rules/asian"
	"github.com/arbiter-xq/arbiter/rules/xqrules"
)

// Ruleset is a site ruleset: a table of house-rule options over the xiangqi rulesets
// (the Asian natures, or Fairy-Stockfish's), behind arbiter.Ruleset. It is safe for
// concurrent use.
type Ruleset struct {
	def       *siteDef
	overrides []arbiter.Override
	values    map[string]string // every option's value
	cfg       config
	rules     *xqrules.Rules // the xiangqi ruleset whose sessions the layer rules
}

func mustRuleset(d *siteDef) *Ruleset {
	r, err := newRuleset(d, nil)
	if err != nil {
		panic(err) // a site table with a bad value: a programming error
	}
	return r
}

// defaultValues returns every option's value for site d.
func defaultValues(d *siteDef) map[string]string {
	v := make(map[string]string, len(optionSpecs))
	for _, o := range optionSpecs {
		v[o.name] = o.def
	}
	for k, x := range d.values {
		if _, ok := v[k]; !ok {
			panic("site " + d.id + ": unknown option " + k)
		}
		v[k] = x
	}
	return v
}

func (d *siteDef) table(values map[string]string) []arbiter.OptionInfo {
	out := make([]arbiter.OptionInfo, 0, len(optionSpecs))
	for _, o := range optionSpecs {
		out = append(out, arbiter.OptionInfo{Name: o.name, Value: values[o.name], Allowed: o.allowed, Description: o.desc})
	}
	return out
}

func newRuleset(d *siteDef, overrides []arbiter.Override) (*Ruleset, error) {
	values, err := arbiter.ApplyOverrides(d.id, d.table(defaultValues(d)), overrides)
	if err != nil {
		return nil, err
	}
	cfg, err := parseConfig(d.id, values)
	if err != nil {
		return nil, err
	}
	r := &Ruleset{def: d, overrides: overrides, values: values, cfg: cfg}
	pol := arbiter.DefaultPolicy()
	pol.OnViolation = cfg.onViolation
	pol.NaturalMoveLimit = -1 // the layer keeps its own limits
	if cfg.lossAt > 0 {
		pol.LossAtOccurrence = cfg.lossAt
	}
	if cfg.drawAt > 0 {
		pol.DrawAtOccurrence = cfg.drawAt
	}
	r.rules = xqrules.NewLayered(asian.New(), pol, r.Info, func(req arbiter.Policy, s *xqrules.Session) xqrules.Layer {
		return newLayer(r, req, s)
	})
	return r, nil
}

// Info describes the ruleset with every option's value.
func (r *Ruleset) Info() arbiter.RulesetInfo {
	return arbiter.RulesetInfo{
		ID:          arbiter.CanonicalRulesetID(r.def.id, r.overrides, defaultValues(r.def)),
		Name:        r.def.name,
		Edition:     r.def.edition,
		Description: r.def.description,
		Game:        arbiter.GameXiangqi,
		Source:      strings.Join(r.def.sources, "; "),
		Options:     r.def.table(r.values),
	}
}

// WithOptions returns the ruleset with the overrides applied after its own.
func (r *Ruleset) WithOptions(overrides []arbiter.Override) (arbiter.Ruleset, error) {
	return newRuleset(r.def, append(append([]arbiter.Override(nil), r.overrides...), overrides...))
}

// NewGame opens a game: a xiangqi game session ruled by the house-rule layer.
func (r *Ruleset) NewGame(start arbiter.Start) (arbiter.Session, error) {
	return r.rules.NewGame(start)
}

// XiangqiRules returns the xiangqi ruleset behind the site ruleset: its sessions are
// the site's (the layer rules them), its report the xiangqi report.
func (r *Ruleset) XiangqiRules() *xqrules.Rules { return r.rules }

// TextBoard draws a FEN position as text.
func (r *Ruleset) TextBoard(position string) (string, error) { return r.rules.TextBoard(position) }

// StyledTextBoard draws a FEN position as text from either side, in letters or
// characters.
func (r *Ruleset) StyledTextBoard(position string, second, native bool) (string, error) {
	return r.rules.StyledTextBoard(position, second, native)
}

// Perft counts the leaf nodes of the legal move tree (the xiangqi move rules).
func (r *Ruleset) Perft(ctx context.Context, position string, depth int, divide bool) (uint64, []string, error) {
	return r.rules.Perft(ctx, position, depth, divide)
}

// CaseVariants names the orientations a case is verified in: a site's house rules
// hold under xiangqi's symmetries as the federations' rules do, except that a total
// cap counts plies from the FEN's move number, where Red moves first: with one, the
// colour-flipped case (Black to move at move 1) is another game, and only the mirror
// image is verified.
func (r *Ruleset) CaseVariants() []string {
	if r.cfg.totalCap > 0 {
		return []string{xqrules.Mirrored.String()}
	}
	return r.rules.CaseVariants()
}

// TransformCase returns a case under a symmetry.
func (r *Ruleset) TransformCase(v, position, deal string, moves []string) (string, string, []string, bool, error) {
	return r.rules.TransformCase(v, position, deal, moves)
}

// TransformSquare maps a square named in a case under a symmetry.
func (r *Ruleset) TransformSquare(v, square string) string { return r.rules.TransformSquare(v, square) }

// CanonicalCase writes a record in the form records are compared in (xiangqi's).
func (r *Ruleset) CanonicalCase(position string, moves []string) (string, []string, error) {
	return r.rules.CanonicalCase(position, moves)
}
