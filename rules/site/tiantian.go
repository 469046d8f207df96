package site

// TianTian 天天象棋 (Tencent): the in-app rules text 「天天象棋棋规」 and the rulings the
// platform gave in real games (docs/rules/site-rules.md, "TianTian").
func tiantian() *siteDef {
	return &siteDef{
		id:      "site-tiantian",
		name:    "TianTian 天天象棋 (Tencent) house rules",
		edition: "in-app rules text, as calibrated on recorded rulings",
		description: "Asian natures with TianTian's clauses: violations are refused (强制变招); caps of 6/12/18 rounds of consecutive checks, " +
			"6 rounds chasing one piece, 12/18 rounds of mixed check and chase; a neutral repetition draws at the 5th occurrence; " +
			"120 plies without a capture (checks beyond 10 a side not counted) or 400 plies in all draw, unless the last move mates. " +
			"Interpretations: cycles are enforced at the 2nd occurrence; the one-piece cap applies whatever the pieces (streak_pieces=first_cap); " +
			"the 7th check is the violating one (above_cap); moves made in check are skipped by streaks; " +
			"against a perpetual chase of its checking piece, the side that opened the exchange changes (T-12).",
		sources: []string{
			"TianTian in-app rules text 天天象棋棋规 (T-1 to T-11)",
			"https://github.com/wanyuan1369/pikafish-skyrule-windows (data/tiantian_cases.txt: rulings of real games)",
			"docs/rules/site-rules.md#tiantian",
		},
		values: map[string]string{
			optKingCut: "ignore", optCycleRule: "tiantian", optLossAt: "2", optOnViolation: "forbid",
			optMutualDrawAt: "6", optDrawAt: "5", optDrawScope: "neutral_only",
			optCheckStreak: "6/12/18", optChaseStreak: "6", optChaseTarget: "same", optMixedStreak: "12/18",
			optStreakPieces: "first_cap", optStreakReset: "any_capture", optInCheck: "skip", optStreakViolation: "above_cap",
			optNaturalPlies: "120", optNaturalCounting: "checks_capped", optCountedChecks: "10",
			optTotalCap: "400", optNoMaterialDraw: "on", optMateException: "on",
		},
		clauses: map[string]string{
			"check": "TianTian T-10", "chase": "TianTian T-8", "mixed": "TianTian T-11", "cycle": "TianTian T-1, T-9",
			"draw": "TianTian T-3", "mutual": "TianTian T-4, T-5", "natural": "TianTian T-6", "total": "TianTian T-7", "material": "TianTian T-2",
		},
	}
}
