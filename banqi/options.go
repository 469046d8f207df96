package banqi

import (
	"fmt"
	"sort"
	"strings"
)

// RankOrder is the option `rank_order` (§3.2, §4.3).
type RankOrder uint8

// Rank orders.
const (
	RankTW        RankOrder = iota + 1 // Taiwan: K G M R N C P
	RankHK                             // Hong Kong: K R N C G M P
	RankJungle                         // animals: E L T P W D C R
	RankNameOrder                      // animals, unsourced: E T L P D W C R
)

// CannonCapture is the option `cannon_capture` (§3.4).
type CannonCapture uint8

// Cannon capture rules.
const (
	CannonJump          CannonCapture = iota + 1 // captures only by jumping one screen (TW)
	CannonStep                                   // an ordinary stepping piece of its rank (HK)
	CannonJumpAndDirect                          // jumps, and takes adjacent soldiers and cannons
	CannonSuper                                  // 超級炮: jumps over one or more screens (the cbgs server's default)
)

// jumpsOnly reports whether the cannon captures only by jumping (jump, super): it never
// takes an adjacent piece.
func (c CannonCapture) jumpsOnly() bool { return c == CannonJump || c == CannonSuper }

// CannonJumpRange is the option `cannon_jump_range`.
type CannonJumpRange uint8

// Cannon jump ranges.
const (
	JumpAny CannonJumpRange = iota + 1 // any distance
	JumpTwo                            // exactly two squares, screen adjacent [unverified]
)

// CannonScreen is the option `cannon_screen`.
type CannonScreen uint8

// Cannon screens.
const (
	ScreenAny    CannonScreen = iota + 1 // any piece, face-up or face-down
	ScreenFaceUp                         // face-up pieces only
)

// CannonRankSlot is the option `cannon_rank_slot`.
type CannonRankSlot uint8

// Cannon rank slots.
const (
	SlotAboveSoldier CannonRankSlot = iota + 1 // the soldier cannot take the cannon (TW)
	SlotLowest                                 // the cannon ranks lowest: the soldier takes it (arbrown/banqi)
)

// HiddenCapture is the option `hidden_capture` (§4.1).
type HiddenCapture uint8

// Hidden capture scopes.
const (
	HiddenOff    HiddenCapture = iota + 1
	HiddenCannon               // only a cannon's jump may aim at a face-down piece
	HiddenAll                  // any piece along its usual capture path
)

// ChainCapture is the option `chain_capture` (§4.2).
type ChainCapture uint8

// Chain capture rules.
const (
	ChainOff    ChainCapture = iota + 1
	ChainFaceUp              // every piece, face-up targets only (明棋連吃)
	ChainAny                 // links may aim at face-down pieces under §4.1 (children's variant)
	ChainCannon              // only cannons, face-up targets only
)

// RatElephant is the option `rat_elephant` (§4.3).
type RatElephant uint8

// Rat and elephant rules.
const (
	RatOnly   RatElephant = iota + 1 // the rat takes the elephant, not the reverse
	RatMutual                        // each takes the other
	RatNone                          // plain ranking
)

// Options are the variant options of §4: everything that decides which plies are legal.
// The zero value is not valid; start from DefaultOptions or a ruleset's table.
type Options struct {
	Pieces          PieceSet
	RankOrder       RankOrder
	CannonCapture   CannonCapture
	CannonJumpRange CannonJumpRange
	CannonScreen    CannonScreen
	CannonRankSlot  CannonRankSlot
	HiddenCapture   HiddenCapture
	ChainCapture    ChainCapture
	RatElephant     RatElephant
}

// DefaultOptions returns the first value of every option (§4): the Taiwan game.
func DefaultOptions() Options {
	return Options{XiangqiPieces, RankTW, CannonJump, JumpAny, ScreenAny, SlotAboveSoldier, HiddenOff, ChainOff, RatOnly}
}

// OptionError reports an invalid option name, value or combination.
type OptionError struct {
	Option, Value, Reason string
}

func (e *OptionError) Error() string {
	if e.Value == "" {
		return "option " + e.Option + ": " + e.Reason
	}
	return fmt.Sprintf("option %s=%s: %s", e.Option, e.Value, e.Reason)
}

type optionSpec struct {
	name   string
	values []string
	get    func(o *Options) int
	set    func(o *Options, v int)
}

var optionSpecs = []optionSpec{
	{"pieces", []string{"xiangqi", "animal"}, func(o *Options) int { return int(o.Pieces) }, func(o *Options, v int) { o.Pieces = PieceSet(v) }},
	{"rank_order", []string{"tw", "hk", "jungle", "name_order"}, func(o *Options) int { return int(o.RankOrder) }, func(o *Options, v int) { o.RankOrder = RankOrder(v) }},
	{"cannon_capture", []string{"jump", "step", "jump_and_direct", "super"}, func(o *Options) int { return int(o.CannonCapture) }, func(o *Options, v int) { o.CannonCapture = CannonCapture(v) }},
	{"cannon_jump_range", []string{"any", "two"}, func(o *Options) int { return int(o.CannonJumpRange) }, func(o *Options, v int) { o.CannonJumpRange = CannonJumpRange(v) }},
	{"cannon_screen", []string{"any", "face_up"}, func(o *Options) int { return int(o.CannonScreen) }, func(o *Options, v int) { o.CannonScreen = CannonScreen(v) }},
	{"cannon_rank_slot", []string{"above_soldier", "lowest"}, func(o *Options) int { return int(o.CannonRankSlot) }, func(o *Options, v int) { o.CannonRankSlot = CannonRankSlot(v) }},
	{"hidden_capture", []string{"off", "cannon", "all"}, func(o *Options) int { return int(o.HiddenCapture) }, func(o *Options, v int) { o.HiddenCapture = HiddenCapture(v) }},
	{"chain_capture", []string{"off", "face_up", "any", "cannon"}, func(o *Options) int { return int(o.ChainCapture) }, func(o *Options, v int) { o.ChainCapture = ChainCapture(v) }},
	{"rat_elephant", []string{"rat_only", "mutual", "none"}, func(o *Options) int { return int(o.RatElephant) }, func(o *Options, v int) { o.RatElephant = RatElephant(v) }},
}

// OptionNames returns the names of the variant options in the spec's order.
func OptionNames() []string {
	out := make([]string, len(optionSpecs))
	for i, s := range optionSpecs {
		out[i] = s.name
	}
	return out
}

// OptionValues returns the values an option accepts, default first, or nil for an
// unknown name.
func OptionValues(name string) []string {
	for _, s := range optionSpecs {
		if s.name == name {
			return append([]string(nil), s.values...)
		}
	}
	return nil
}

// IsOption reports whether name is a variant option.
func IsOption(name string) bool { return OptionValues(name) != nil }

// Set sets one option by name and value (e.g. "cannon_capture", "jump_and_direct").
// Setting rank_order also sets cannon_capture to the order's default (tw: jump, hk:
// step); set cannon_capture after it to override.
func (o *Options) Set(name, value string) error {
	for _, s := range optionSpecs {
		if s.name != name {
			continue
		}
		for i, v := range s.values {
			if v == value {
				s.set(o, i+1)
				if name == "rank_order" {
					switch RankOrder(i + 1) {
					case RankTW:
						o.CannonCapture = CannonJump
					case RankHK:
						o.CannonCapture = CannonStep
					}
				}
				return nil
			}
		}
		return &OptionError{Option: name, Value: value, Reason: "valid values: " + strings.Join(s.values, ", ")}
	}
	names := OptionNames()
	sort.Strings(names)
	return &OptionError{Option: name, Value: value, Reason: "unknown option (valid: " + strings.Join(names, ", ") + ")"}
}

// Get returns the value of one option by name.
func (o Options) Get(name string) (string, bool) {
	for _, s := range optionSpecs {
		if s.name == name {
			v := s.get(&o)
			if v < 1 || v > len(s.values) {
				return "", false
			}
			return s.values[v-1], true
		}
	}
	return "", false
}

// Pairs returns every option as name=value, in the spec's order. Options that do not
// apply (the cannon options on the animal board, rat_elephant on the xiangqi board) are
// left out.
func (o Options) Pairs() [][2]string {
	var out [][2]string
	for _, s := range optionSpecs {
		if !o.applies(s.name) {
			continue
		}
		v, _ := o.Get(s.name)
		out = append(out, [2]string{s.name, v})
	}
	return out
}

func (o Options) applies(name string) bool {
	switch name {
	case "cannon_capture", "cannon_jump_range", "cannon_screen", "cannon_rank_slot":
		return o.Pieces == XiangqiPieces
	case "rat_elephant":
		return o.Pieces == AnimalPieces
	}
	return true
}

// Validate checks every value and the constraints of §4: rank orders belong to their
// piece set; chain_capture=any needs hidden_capture=all or cannon. The cannon options
// are ignored (not rejected) on the animal board, where no cannon exists.
func (o Options) Validate() error {
	for _, s := range optionSpecs {
		if v := s.get(&o); v < 1 || v > len(s.values) {
			return &OptionError{Option: s.name, Reason: "not set"}
		}
	}
	switch o.Pieces {
	case XiangqiPieces:
		if o.RankOrder != RankTW && o.RankOrder != RankHK {
			v, _ := o.Get("rank_order")
			return &OptionError{Option: "rank_order", Value: v, Reason: "the xiangqi pieces rank tw or hk"}
		}
	case AnimalPieces:
		if o.RankOrder != RankJungle && o.RankOrder != RankNameOrder {
			v, _ := o.Get("rank_order")
			return &OptionError{Option: "rank_order", Value: v, Reason: "the animal pieces rank jungle or name_order"}
		}
	}
	if o.ChainCapture == ChainAny && o.HiddenCapture == HiddenOff {
		return &OptionError{Option: "chain_capture", Value: "any", Reason: "requires hidden_capture=all or cannon"}
	}
	return nil
}

// String lists the options as "name=value ...".
func (o Options) String() string {
	var b strings.Builder
	for i, p := range o.Pairs() {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(p[0] + "=" + p[1])
	}
	return b.String()
}
