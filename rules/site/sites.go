package site

// siteDef is one named site ruleset: its id, name, sources and the option values it
// sets (the others keep their neutral defaults), and the clauses of its rules that a
// ruling cites, by what they rule.
type siteDef struct {
	id, name, edition, description string
	sources                        []string
	values                         map[string]string
	// clauses name the site's rule for: "check", "chase", "mixed" (streaks), "cycle",
	// "draw" (repetition draw), "mutual", "natural", "progress", "total", "material".
	clauses map[string]string
}

// clause returns the site's rule for kind, or a generic wording.
func (d *siteDef) clause(kind string) string {
	if c, ok := d.clauses[kind]; ok {
		return c
	}
	return d.name + " house rule"
}

// All returns the named site rulesets, in id order.
func All() []*Ruleset {
	defs := []*siteDef{cxq(), elephantchess(), playstrategy(), pychess(), tiantian(), xiangqiCC(), xiangqiCom(), xqwizard()}
	out := make([]*Ruleset, 0, len(defs))
	for _, d := range defs {
		out = append(out, mustRuleset(d))
	}
	return out
}
