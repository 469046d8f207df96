package arbiter

// RulesetInfo describes a ruleset for listings.
type RulesetInfo struct {
	ID          string // "chinese", "asian", "banqi-tw+repetition=allowed"
	Name        string // "Chinese Xiangqi Association rules"
	Edition     string // "2020"
	Description string
	// Game is GameXiangqi, GameBanqi or GameChuShogi.
	Game string
	// Source names where the ruleset's rules come from.
	Source string
	// Options lists every option with the ruleset's value.
	Options []OptionInfo
	// Terms is the game's vocabulary for natures, patterns, rulings and endings; nil
	// for xiangqi's (see NatureTerm and the other methods, which fall back on it).
	Terms Terms
}

// Verdict is the ruling on a repetition cycle. The values match arbiter.v1.Verdict.
type Verdict uint8

// Verdicts.
const (
	VerdictNone Verdict = iota // no repetition, no ruling
	VerdictDraw
	VerdictRedMustChange
	VerdictBlackMustChange
	VerdictSenteMustChange // chu shogi
	VerdictGoteMustChange  // chu shogi
)

// String names the verdict.
func (v Verdict) String() string {
	switch v {
	case VerdictDraw:
		return "draw"
	case VerdictRedMustChange:
		return "red must change"
	case VerdictBlackMustChange:
		return "black must change"
	case VerdictSenteMustChange:
		return "sente must change"
	case VerdictGoteMustChange:
		return "gote must change"
	}
	return "none"
}

// Responsible returns the side a must-change verdict names, of any game; SideNone for
// a draw or no ruling.
func (v Verdict) Responsible() Side {
	switch v {
	case VerdictRedMustChange:
		return SideRed
	case VerdictBlackMustChange:
		return SideBlack
	case VerdictSenteMustChange:
		return SideSente
	case VerdictGoteMustChange:
		return SideGote
	}
	return SideNone
}

// Ruling is what the rules require of a cycle.
type Ruling struct {
	Verdict Verdict
	// References are the rule articles and diagrams that support the ruling, e.g.
	// "CXA 2020 25.1", "AXF rule 15 (D18-D25)".
	References []string
	// Explanation is a plain-language account naming pieces and squares, in English
	// with the rulebook's Chinese terms.
	Explanation string
}
