package site

// XQWizard 象棋巫师 (xqbase): its open code.
func xqwizard() *siteDef {
	return &siteDef{
		id:      "site-xqwizard",
		name:    "XQWizard 象棋巫师 (xqbase)",
		edition: "XQWizard Light code",
		description: "At the 3rd occurrence only perpetual check is judged: the perpetual checker loses (长打作负), both: draw; every other repetition draws. " +
			"More than 100 plies without a capture, or no attacking material, draw. Interpretation: the 100th capture-free ply draws.",
		sources: []string{"XQWizard Light code by Huang Chen (https://www.xqbase.com) (W-1 to W-3)", "docs/rules/site-rules.md#xqwizard"},
		values: map[string]string{
			optCycleRule: "check_only", optNaturalPlies: "100", optNoMaterialDraw: "on",
		},
		clauses: map[string]string{"cycle": "XQWizard W-1", "draw": "XQWizard W-1", "natural": "XQWizard W-2", "material": "XQWizard W-3"},
	}
}
