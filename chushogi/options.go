package chushogi

import "fmt"

// PromotionModel is the promotion predicate (§4.2, §4.4, option chu.promotion.model).
type PromotionModel uint8

// Promotion models.
const (
	// PromotionLishogi: a move may promote when it enters the zone, when it captures
	// starting or ending in the zone, or when a pawn or lance (per the last-rank
	// options) reaches the last rank.
	PromotionLishogi PromotionModel = iota + 1
	// PromotionEntryOnly: only a move from outside the zone into it may promote (our
	// reading of HaChu's "Promote on entry" switch [unverified]).
	PromotionEntryOnly
)

func (m PromotionModel) String() string {
	switch m {
	case PromotionLishogi:
		return "lishogi"
	case PromotionEntryOnly:
		return "entry_only"
	}
	return "unset"
}

// ProtectionEval is how a lion's protection (足) is judged (§5.0, chu.lion.protection_eval).
type ProtectionEval uint8

// Protection readings.
const (
	// ProtectionPreMove (JCSA, lishogi): judged before the move; a piece on the
	// first-step square of the capturing move still protects, though the move takes it.
	ProtectionPreMove ProtectionEval = iota + 1
	// ProtectionPostMove (HaChu): judged after the move; a piece taken on the
	// first-step square no longer protects.
	ProtectionPostMove
)

func (e ProtectionEval) String() string {
	switch e {
	case ProtectionPreMove:
		return "pre_move_jcsa"
	case ProtectionPostMove:
		return "post_move_hgm"
	}
	return "unset"
}

// CounterStrike is which lions are immune to non-lion capture on the ply after a
// non-lion took a lion (先獅子, §5.2, chu.lion.counterstrike).
type CounterStrike uint8

// Counter-strike modes.
const (
	// CounterStrikeStrict (lishogi, HaChu): every lion.
	CounterStrikeStrict CounterStrike = iota + 1
	// CounterStrikeProtectedOnly (JCSA 2004 ⑥, alias okazaki): only a protected lion.
	CounterStrikeProtectedOnly
	// CounterStrikeOff: no counter-strike rule (for research).
	CounterStrikeOff
)

func (c CounterStrike) String() string {
	switch c {
	case CounterStrikeStrict:
		return "strict"
	case CounterStrikeProtectedOnly:
		return "protected_only"
	case CounterStrikeOff:
		return "off"
	}
	return "unset"
}

// JittoRule is when a lion-power piece may pass (じっと, §6.3).
type JittoRule uint8

// Jitto rules.
const (
	// JittoEmptyFirstStep (JCSA 2004 J1-J3, lishogi, HaChu): a pass is a step out onto an
	// empty lion-power first-step square and back; one per empty such square.
	JittoEmptyFirstStep JittoRule = iota + 1
	// JittoNever: no pass at all (for research).
	JittoNever
)

func (j JittoRule) String() string {
	switch j {
	case JittoEmptyFirstStep:
		return "empty_first_step"
	case JittoNever:
		return "never"
	}
	return "unset"
}

// Options are the rule options that decide which moves are legal in a position (the
// move rules of a ruleset; repetition and game end belong to the ruleset). The zero
// value is not valid: start from DefaultOptions.
type Options struct {
	Promotion PromotionModel // chu.promotion.model
	// Last-rank relief: an unpromoted pawn, lance or go-between that ends on the last
	// rank may promote (chu.promotion.{pawn,lance,gobetween}_last_rank).
	PawnLastRank, LanceLastRank, GoBetweenLastRank bool

	Protection ProtectionEval // chu.lion.protection_eval
	// BridgeExcludes lists the unpromoted kinds that cannot serve as the bridge of a
	// bridge capture (付け喰い, L3; chu.lion.bridge_excludes): pawn and go-between.
	BridgeExcludes []Kind
	CounterStrike  CounterStrike // chu.lion.counterstrike
	// CounterStrikeSameSquare: under counter-strike a lion standing on the marker square
	// may still be taken (lishogi; chu.lion.counterstrike_same_square_recapture).
	CounterStrikeSameSquare bool
	// CounterStrikeBindsAdjacentLion: under counter-strike a lion may not take an
	// adjacent immune lion either, except by a bridge capture
	// (chu.lion.counterstrike_binds_adjacent_lion).
	CounterStrikeBindsAdjacentLion bool

	Jitto JittoRule
}

// DefaultOptions returns the move rules of chu-jcsa2004 (§9).
func DefaultOptions() Options {
	return Options{
		Promotion:     PromotionLishogi,
		PawnLastRank:  true,
		LanceLastRank: true,
		Protection:    ProtectionPreMove,
		BridgeExcludes: []Kind{
			Pawn, GoBetween,
		},
		CounterStrike: CounterStrikeProtectedOnly,
		Jitto:         JittoEmptyFirstStep,
	}
}

// Validate reports an unset or unknown option value.
func (o *Options) Validate() error {
	switch {
	case o.Promotion != PromotionLishogi && o.Promotion != PromotionEntryOnly:
		return fmt.Errorf("chu.promotion.model: unset or unknown (%d)", o.Promotion)
	case o.Protection != ProtectionPreMove && o.Protection != ProtectionPostMove:
		return fmt.Errorf("chu.lion.protection_eval: unset or unknown (%d)", o.Protection)
	case o.CounterStrike < CounterStrikeStrict || o.CounterStrike > CounterStrikeOff:
		return fmt.Errorf("chu.lion.counterstrike: unset or unknown (%d)", o.CounterStrike)
	case o.Jitto != JittoEmptyFirstStep && o.Jitto != JittoNever:
		return fmt.Errorf("chu.jitto: unset or unknown (%d)", o.Jitto)
	}
	for _, k := range o.BridgeExcludes {
		if k == 0 || k >= numKinds {
			return fmt.Errorf("chu.lion.bridge_excludes: unknown kind %d", k)
		}
	}
	return nil
}

// bridgeExcluded reports whether a captured piece cannot be a bridge: an unpromoted
// piece of an excluded kind.
func (o *Options) bridgeExcluded(pc Piece) bool {
	if pc.Promoted() {
		return false
	}
	for _, k := range o.BridgeExcludes {
		if pc.Kind() == k {
			return true
		}
	}
	return false
}
