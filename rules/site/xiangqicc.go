package site

// xiangqi.cc: its basic rules page.
func xiangqiCC() *siteDef {
	return &siteDef{
		id:      "site-xiangqi-cc",
		name:    "xiangqi.cc house rules",
		edition: "basicrule.htm",
		description: "Asian rules for disputes; checking or chasing more than 7 times in one stretch without a capture loses (no repetition needed); " +
			"100 plies without a capture draw. Interpretations: the 8th consecutive check, chase or mix of both loses; a capture starts a new stretch; cycles are ruled at the 3rd occurrence.",
		sources: []string{"http://www.xiangqi.cc/basicrule.htm (CC-1 to CC-3)", "docs/rules/site-rules.md#xiangqicc"},
		values: map[string]string{
			optCheckStreak: "7", optChaseStreak: "7", optMixedStreak: "7", optChaseTarget: "same", optStreakReset: "any_capture",
			optStreakViolation: "above_cap", optNaturalPlies: "100",
		},
		clauses: map[string]string{
			"check": "xiangqi.cc CC-2", "chase": "xiangqi.cc CC-2", "mixed": "xiangqi.cc CC-2", "cycle": "xiangqi.cc CC-1", "draw": "xiangqi.cc CC-1", "natural": "xiangqi.cc CC-3",
		},
	}
}
