package banqi

import (
	"fmt"
	"sort"
	"strings"

	bq "github.com/arbiter-xq/arbiter/banqi"
)

// The named rulesets of §7. [design] marks service choices: the sources do not say which
// region follows which repetition view (docs/rules/banqi.md §9.1).
var named = []Ruleset{
	{
		ID: "banqi-tw", Name: "Banqi, Taiwan rules", Basis: "Taiwan (the mainland usually agrees)",
		Source:  "Japanese Wikipedia 「暗棋」 (TW order and cannon); repetition forbidden and no no-progress limit are service choices [design]",
		Options: bq.DefaultOptions(),
		Policy:  Policy{RepetitionForbidden, CountOccurrences, 3, 3, ViolationLose, ProtectionIgnore, 0, LongChaseOff},
	},
	{
		ID: "banqi-hk", Name: "Banqi, Hong Kong rules", Basis: "Hong Kong",
		Source:  "Japanese Wikipedia 「暗棋」 (HK order, the cannon steps); repetition forbidden and no no-progress limit are service choices [design]",
		Options: withOpts(bq.DefaultOptions(), "rank_order", "hk"),
		Policy:  Policy{RepetitionForbidden, CountOccurrences, 3, 3, ViolationLose, ProtectionIgnore, 0, LongChaseOff},
	},
	{
		ID: "banqi-cdc", Name: "Chinese dark chess, Computer Olympiad", Basis: "ICGA Computer Olympiad / TCGA CDC tournaments",
		Source:  "ICGA / TCGA CDC rules: a draw after 180 plies without a flip or capture, or at the third occurrence of a position",
		Options: bq.DefaultOptions(),
		Policy:  Policy{RepetitionAllowed, CountOccurrences, 3, 3, ViolationLose, ProtectionIgnore, 180, LongChaseOff},
	},
	{
		ID: "banqi-routechase", Name: "Banqi, DarkChess-NNUE", Basis: "DarkChess-NNUE",
		Source:  "DarkChess-NNUE: 60-ply draw, elimination, route-revisit chase rule (禁止長追); repetition ignored",
		Options: bq.DefaultOptions(),
		Policy:  Policy{RepetitionOff, CountOccurrences, 3, 3, ViolationForbid, ProtectionIgnore, 60, LongChaseRouteRevisit},
	},
	{
		ID: "banqi-animal", Name: "Animal banqi (象虎獅豹狗狼猫鼠), 4×4", Basis: "the Japanese Wikipedia article's 4×4 variant",
		Source:  "Japanese Wikipedia 「暗棋」 (variant with jungle pieces and ranks); 8 animals a side and the rat/elephant exception are inferred [unverified]; policies as banqi-tw [design]",
		Options: bq.Options{Pieces: bq.AnimalPieces, RankOrder: bq.RankJungle, CannonCapture: bq.CannonJump, CannonJumpRange: bq.JumpAny, CannonScreen: bq.ScreenAny, CannonRankSlot: bq.SlotAboveSoldier, HiddenCapture: bq.HiddenOff, ChainCapture: bq.ChainOff, RatElephant: bq.RatOnly},
		Policy:  Policy{RepetitionForbidden, CountOccurrences, 3, 3, ViolationLose, ProtectionIgnore, 0, LongChaseOff},
	},
}

func withOpts(o bq.Options, name, value string) bq.Options {
	if err := o.Set(name, value); err != nil {
		panic(err)
	}
	return o
}

// Named returns the named rulesets of §7, sorted by id.
func Named() []Ruleset {
	out := append([]Ruleset(nil), named...)
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// IsBanqi reports whether a ruleset id names a banqi ruleset ("banqi-" prefix, §7).
func IsBanqi(id string) bool { return strings.HasPrefix(id, "banqi-") }

// UnknownRulesetError is returned for an id that names no banqi ruleset.
type UnknownRulesetError struct {
	ID    string
	Valid []string
}

func (e *UnknownRulesetError) Error() string {
	return fmt.Sprintf("unknown ruleset %q (valid banqi rulesets: %s)", e.ID, strings.Join(e.Valid, ", "))
}

// Lookup returns the named ruleset with the given id.
func Lookup(id string) (Ruleset, error) {
	for _, r := range named {
		if r.ID == id {
			return r, nil
		}
	}
	var ids []string
	for _, r := range Named() {
		ids = append(ids, r.ID)
	}
	return Ruleset{}, &UnknownRulesetError{ID: id, Valid: ids}
}

// ParseOverrides reads "name=value name=value ..." (spaces or commas between).
func ParseOverrides(s string) (map[string]string, error) {
	out := map[string]string{}
	for _, kv := range strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' }) {
		name, value, ok := strings.Cut(kv, "=")
		if !ok || name == "" || value == "" {
			return nil, &OptionError{Option: kv, Reason: "want name=value"}
		}
		out[name] = value
	}
	return out, nil
}
