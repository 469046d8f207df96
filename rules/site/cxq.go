package site

// Club Xiangqi, "CXQ Chinese Chess Rules".
func cxq() *siteDef {
	return &siteDef{
		id:      "site-cxq",
		name:    "Club Xiangqi (CXQ Chinese Chess Rules)",
		edition: "clubxiangqi.com rules, with the Vietnamese translation",
		description: "Counting instead of repetition: 6 consecutive checks, or chases of one piece, with one piece (12 with two, 18 with three) lose; " +
			"cycles follow the Asian rules but only draw (at the 3rd occurrence). Effective-move rule 240 plies (checks, chases and their answers not counted), " +
			"progress rule 60 plies, 600 plies in all. Interpretations: the 6th move violates (at_cap); pieces are the distinct checking or chasing pieces; a \"move\" is a round.",
		sources: []string{
			"http://clubxiangqi.com/rules (C-1 to C-7)", "Vietnamese translation, gamecotuongmobile.blogspot.com", "http://www.ithaca.edu/ic3/chess_rules.htm",
			"docs/rules/site-rules.md#cxq",
		},
		values: map[string]string{
			optLossAt: "off", optDrawAt: "3", optCheckStreak: "6/12/18", optChaseStreak: "6/12/18", optChaseTarget: "same",
			optStreakPieces: "checking", optStreakViolation: "at_cap",
			optNaturalPlies: "240", optNaturalCounting: "effective", optProgressPlies: "60", optTotalCap: "600",
		},
		clauses: map[string]string{
			"check": "CXQ C-1, C-2", "chase": "CXQ C-1, C-2", "cycle": "CXQ C-1, C-4", "draw": "CXQ C-4",
			"natural": "CXQ C-5", "progress": "CXQ C-6", "total": "CXQ C-6",
		},
	}
}
