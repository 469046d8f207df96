package arbiter

// Term is a word of a game's players, in English and in the game's own language: the
// rulebooks' Chinese for xiangqi and banqi, Japanese for chu shogi. Native is empty
// where the game has no word of its own.
type Term struct {
	English, Native string
}

// String writes the term as the reports print it: "捉 chase", "駒取り capture"; the
// English alone when there is no native word.
func (t Term) String() string {
	if t.Native == "" {
		return t.English
	}
	return t.Native + " " + t.English
}

// Terms is a game's vocabulary: how its players name a move's nature, a side's
// pattern in a repetition, a ruling and the end of a game. A ruleset supplies it in its
// RulesetInfo (Terms); the layers that print reports (the CLI, the pictures, the page)
// ask the RulesetInfo for the words instead of knowing each game's. A method returns
// the zero Term for a value the game has no word of its own for, and the default
// (xiangqi's Chinese) is used.
type Terms interface {
	Nature(Nature) Term
	// Pattern names one side's half of a repetition cycle from the natures of its
	// moves.
	Pattern(natures []Nature) Term
	Verdict(Verdict) Term
	Termination(Termination) Term
}

// NatureTerm names n in the ruleset's game: for xiangqi and by default its rulebook
// term and English name ("捉", "chase").
func (i RulesetInfo) NatureTerm(n Nature) Term {
	if i.Terms != nil {
		if t := i.Terms.Nature(n); t != (Term{}) {
			return t
		}
	}
	return Term{English: n.String(), Native: n.Chinese()}
}

// PatternTerm names a side's pattern in the ruleset's game: by default PatternName and
// PatternChinese ("perpetual chase", "长捉").
func (i RulesetInfo) PatternTerm(natures []Nature) Term {
	if i.Terms != nil {
		if t := i.Terms.Pattern(natures); t != (Term{}) {
			return t
		}
	}
	return Term{English: PatternName(natures), Native: PatternChinese(natures)}
}

// VerdictTerm names a ruling in the ruleset's game: by default the English only
// ("red must change").
func (i RulesetInfo) VerdictTerm(v Verdict) Term {
	if i.Terms != nil {
		if t := i.Terms.Verdict(v); t != (Term{}) {
			return t
		}
	}
	return Term{English: v.String()}
}

// TerminationTerm names the end of a game in the ruleset's game: by default the
// English only ("perpetual check").
func (i RulesetInfo) TerminationTerm(t Termination) Term {
	if i.Terms != nil {
		if w := i.Terms.Termination(t); w != (Term{}) {
			return w
		}
	}
	return Term{English: t.String()}
}

// PatternStatusTerms is implemented by Terms whose game words a side's standing in a
// cycle (Pattern.Forbidden) in its own way.
type PatternStatusTerms interface {
	PatternStatus(forbidden bool) Term
}

// PatternStatusTerm names a side's standing in a cycle: by default "allowed 允许" or
// "forbidden 禁止".
func (i RulesetInfo) PatternStatusTerm(forbidden bool) Term {
	if st, ok := i.Terms.(PatternStatusTerms); ok {
		if t := st.PatternStatus(forbidden); t != (Term{}) {
			return t
		}
	}
	if forbidden {
		return Term{English: "forbidden", Native: "禁止"}
	}
	return Term{English: "allowed", Native: "允许"}
}
