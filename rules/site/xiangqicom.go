package site

// xiangqi.com: the help article on limits (rules 1 to 3).
func xiangqiCom() *siteDef {
	return &siteDef{
		id:      "site-xiangqi-com",
		name:    "xiangqi.com house rules",
		edition: "help article \"limits\", rules 1 to 3",
		description: "A segment in which every move of a player checks, or chases the same unprotected piece, may not be repeated a 4th time: " +
			"the move is refused; any other repetition is drawn at the 3rd occurrence. No value rule (protection decides alone); " +
			"an attack the victim can answer by taking the attacker is an exchange invitation, not a chase. " +
			"Interpretations: \"repeated 3 times\" counts occurrences of the position; ties between perpetuals follow the Asian rules.",
		sources: []string{"https://www.xiangqi.com/help/limits (X-1 to X-4)", "docs/rules/site-rules.md#xiangqicom"},
		values: map[string]string{
			optChaseValueRule: "off", optCounterCapture: "any", optLossAt: "4", optOnViolation: "forbid", optDrawAt: "3",
		},
		clauses: map[string]string{"cycle": "xiangqi.com X-1, X-2", "draw": "xiangqi.com X-3"},
	}
}
