package site

// elephantchess.io: its open code (SequenceOfChecks).
func elephantchess() *siteDef {
	return &siteDef{
		id:      "site-elephantchess",
		name:    "elephantchess.io house rules",
		edition: "benckx/elephantchess code (SequenceOfChecks)",
		description: "Only perpetual check is ruled, without any repetition: checks on consecutive turns by the same set of pieces; " +
			"the 6th with one piece (12th with two, 18th with three) loses. Repetitions are never ruled. " +
			"Interpretations: a capture does not end a streak; no repetition draw or natural limit.",
		sources: []string{
			"https://elephantchess.io/about/faq", "https://github.com/benckx/elephantchess (SequenceOfChecks, PlayerVsPlayerGameService) (E-1 to E-3)",
			"docs/rules/site-rules.md#elephantchess",
		},
		values: map[string]string{
			optCycleRule: "none", optLossAt: "off", optDrawAt: "off", optCheckStreak: "6/12/18", optStreakPieces: "same_set",
			optStreakViolation: "at_cap",
		},
		clauses: map[string]string{"check": "elephantchess E-1"},
	}
}
