package site

// pychess.org: Fairy-Stockfish's xiangqi, as the site plays it.
func pychess() *siteDef {
	return &siteDef{
		id:      "site-pychess",
		name:    "pychess.org (Fairy-Stockfish xiangqi)",
		edition: "Fairy-Stockfish xiangqi variant, as the npm package ffish 0.7.10 plays it",
		description: "Fairy-Stockfish's own approximation: at the 3rd occurrence the side that checked on every move since the first loses " +
			"(both: draw); else the side that chased on every move (Fairy-Stockfish's chase reading) loses (both: draw); else draw. " +
			"100 plies without a capture draw (checks beyond 10 extend the count, as Fairy-Stockfish does); no attacking material draws; stalemate loses.",
		sources: []string{
			"https://github.com/gbtami/pychess-variants/blob/master/static/docs/xiangqi.md (P-1 to P-3)",
			"https://github.com/fairy-stockfish/Fairy-Stockfish (src/variant.cpp, src/position.cpp; PR #466)",
			"npm ffish 0.7.10", "docs/rules/site-rules.md#pychess",
		},
		values: fsfValues("3"),
		clauses: map[string]string{
			"cycle": "pychess P-1, P-3", "draw": "pychess P-1", "natural": "pychess P-4", "material": "pychess P-5",
		},
	}
}

// fsfValues are the options of a Fairy-Stockfish site with n-fold rule n.
func fsfValues(n string) map[string]string {
	return map[string]string{
		optNatures: "fsf", optCycleRule: "fsf", optLossAt: n, optDrawAt: n,
		optNaturalPlies: "100", optNaturalCounting: "fsf", optNoMaterialDraw: "on", optMateException: "on",
	}
}
