package site

// PlayStrategy (playstrategy.org): Fairy-Stockfish's xiangqi with a 4-fold rule.
func playstrategy() *siteDef {
	return &siteDef{
		id:          "site-playstrategy",
		name:        "PlayStrategy (Fairy-Stockfish xiangqi, 4-fold)",
		edition:     "strategygames fairysf variant ps-xiangqi (nFoldRule = 4)",
		description: "As site-pychess, with the perpetual loss or the repetition draw at the 4th occurrence.",
		sources: []string{
			"https://github.com/Mind-Sports-Games/strategygames (fairysf Api.scala, ps-xiangqi: nFoldRule = 4) (PS-1, PS-2)",
			"docs/rules/site-rules.md#playstrategy",
		},
		values: fsfValues("4"),
		clauses: map[string]string{
			"cycle": "PlayStrategy PS-1", "draw": "PlayStrategy PS-1", "natural": "PlayStrategy PS-2", "material": "pychess P-5 (Fairy-Stockfish)",
		},
	}
}
