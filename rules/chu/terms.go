package chu

import (
	"fmt"
	"strings"

	"github.com/arbiter-xq/arbiter/arbiter"
)

// terms is chu shogi's vocabulary: shogi's Japanese words with English, never
// xiangqi's (docs/rules/chu-shogi.md §8.6 lists them). The rulesets hand it to the
// layers that print reports through RulesetInfo.Terms.
type terms struct{}

// Terms is the vocabulary every chu shogi ruleset supplies.
var Terms arbiter.Terms = terms{}

func (terms) Nature(n arbiter.Nature) arbiter.Term {
	switch n {
	case arbiter.NatureCheck:
		return arbiter.Term{English: "check", Native: "王手"}
	case arbiter.NatureAttack:
		return arbiter.Term{English: "attack", Native: "当たり"}
	case arbiter.NatureCapture:
		return arbiter.Term{English: "capture", Native: "駒取り"}
	case arbiter.NatureIdle:
		return arbiter.Term{English: "quiet move", Native: "静かな手"}
	}
	return arbiter.Term{English: n.String()}
}

// Pattern names a side's moves in a repetition cycle (§8.3): 連続王手 when every move
// gave check, 連続攻め when every move checked or attacked, 攻めなし when none did, and
// otherwise a count of each kind (王手2・静かな手1).
func (t terms) Pattern(natures []arbiter.Nature) arbiter.Term {
	if len(natures) == 0 {
		return arbiter.Term{English: "none", Native: "なし"}
	}
	var checks, attacks, quiet int
	for _, n := range natures {
		switch n {
		case arbiter.NatureCheck:
			checks++
		case arbiter.NatureAttack:
			attacks++
		default:
			quiet++
		}
	}
	switch {
	case checks == len(natures):
		return arbiter.Term{English: "perpetual check", Native: "連続王手"}
	case attacks == len(natures):
		return arbiter.Term{English: "perpetual attack", Native: "連続当たり"}
	case quiet == 0:
		return arbiter.Term{English: "perpetual attack (" + tally(checks, attacks, 0) + ")",
			Native: "連続攻め（" + tallyJa(checks, attacks, 0) + "）"}
	case quiet == len(natures):
		return arbiter.Term{English: "no attack", Native: "攻めなし"}
	}
	return arbiter.Term{English: tally(checks, attacks, quiet), Native: tallyJa(checks, attacks, quiet)}
}

func tally(checks, attacks, quiet int) string {
	var parts []string
	words := [...]string{"", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"}
	add := func(n int, one, many string) {
		switch {
		case n == 1:
			parts = append(parts, "one "+one)
		case n > 1 && n < len(words):
			parts = append(parts, words[n]+" "+many)
		case n > 1:
			parts = append(parts, fmt.Sprintf("%d %s", n, many))
		}
	}
	add(checks, "check", "checks")
	add(attacks, "attack", "attacks")
	add(quiet, "quiet move", "quiet moves")
	return strings.Join(parts, " ")
}

func tallyJa(checks, attacks, quiet int) string {
	var parts []string
	for _, p := range []struct {
		n    int
		word string
	}{{checks, "王手"}, {attacks, "当たり"}, {quiet, "静かな手"}} {
		if p.n > 0 {
			parts = append(parts, fmt.Sprintf("%s%d", p.word, p.n))
		}
	}
	return strings.Join(parts, "・")
}

func (terms) Verdict(v arbiter.Verdict) arbiter.Term {
	switch v {
	case arbiter.VerdictDraw:
		return arbiter.Term{English: "draw by repetition", Native: "千日手"}
	case arbiter.VerdictSenteMustChange:
		return arbiter.Term{English: "sente must change (break the repetition)", Native: "先手が打開"}
	case arbiter.VerdictGoteMustChange:
		return arbiter.Term{English: "gote must change (break the repetition)", Native: "後手が打開"}
	}
	return arbiter.Term{}
}

func (terms) Termination(t arbiter.Termination) arbiter.Term {
	switch t {
	case arbiter.TerminationRepetitionDraw:
		return arbiter.Term{English: "repetition draw", Native: "千日手"}
	case arbiter.TerminationPerpetualCheck:
		return arbiter.Term{English: "perpetual check", Native: "連続王手の千日手"}
	case arbiter.TerminationPerpetualAttack:
		return arbiter.Term{English: "perpetual attack", Native: "連続攻めの千日手"}
	case arbiter.TerminationRoyalCaptured:
		return arbiter.Term{English: "royal pieces captured", Native: "玉取り"}
	case arbiter.TerminationBareKing:
		return arbiter.Term{English: "bare king", Native: "裸玉"}
	case arbiter.TerminationKingAgainstKing:
		return arbiter.Term{English: "king against king", Native: "玉対玉"}
	case arbiter.TerminationNoLegalMove:
		return arbiter.Term{English: "no legal move", Native: "指し手なし"}
	}
	return arbiter.Term{}
}

// PatternStatus words a side's standing in a cycle: a side that attacked with every
// move must break the repetition (打開) and loses at the fourth occurrence (§8.3).
func (terms) PatternStatus(forbidden bool) arbiter.Term {
	if forbidden {
		return arbiter.Term{English: "must change", Native: "打開が必要"}
	}
	return arbiter.Term{English: "may repeat", Native: "千日手可"}
}
