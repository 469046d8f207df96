package chu

import (
	"fmt"
	"strconv"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/chushogi"
)

// Repetition families (§8).
const (
	RepetitionAttack4fold = "jcsa_attack_4fold" // §8.3: the side that attacked on every move loses
	RepetitionForbidAny   = "forbid_any_repeat" // §8.4: a move that repeats a position is illegal
	RepetitionSennichite  = "sennichite_4fold"  // §8.5: the side that checked on every move loses
)

// config is a ruleset's option values, read from its option table.
type config struct {
	moves      chushogi.Options
	repetition string
	identity   chushogi.Identity
	minWindow  int
	// occurrences is the occurrence of a position that ends the game under the fourfold
	// families (4). The house policy's loss_at_occurrence and draw_at_occurrence do not
	// apply to chu shogi: the count is this option, in the ruleset id.
	occurrences int
	bareKing    bool
	kingVsKing  bool
}

var boolValues = []string{"true", "false"}

// optionTable lists every option with its values and meaning; the value column is
// filled per ruleset.
func optionTable() []arbiter.OptionInfo {
	return []arbiter.OptionInfo{
		{Name: "chu.promotion.model", Allowed: []string{"lishogi", "entry_only"},
			Description: "§4.2: lishogi = promote on entering the zone, on a capture starting or ending in it, or (per the last-rank options) on the last rank; entry_only = only on entering (our reading of HaChu's switch) [unverified]"},
		{Name: "chu.promotion.pawn_last_rank", Allowed: boolValues, Description: "§4.3 P2: an unpromoted pawn may promote on reaching the last rank"},
		{Name: "chu.promotion.lance_last_rank", Allowed: boolValues, Description: "§4.3: the JCSA's online lance relief"},
		{Name: "chu.promotion.gobetween_last_rank", Allowed: boolValues, Description: "§4.3: the go-between's last-rank relief (JCSA before 2004)"},
		{Name: "chu.lion.protection_eval", Allowed: []string{"pre_move_jcsa", "post_move_hgm"}, Description: "§5.0: protection judged before the move (a piece taken on the first step still protects) or after it (HaChu)"},
		{Name: "chu.lion.bridge_excludes", Allowed: []string{"pawn_go_between", "pawn", "go_between", "none"}, Description: "§5.1 L3: unpromoted kinds that cannot be the bridge of a bridge capture"},
		{Name: "chu.lion.counterstrike", Allowed: []string{"strict", "protected_only", "okazaki", "off"}, Description: "§5.2 L4: after a non-lion took a lion, every lion (strict) or a protected one (protected_only, alias okazaki) is immune to non-lion capture for one ply"},
		{Name: "chu.lion.counterstrike_same_square_recapture", Allowed: boolValues, Description: "§5.2: under counter-strike a lion standing on the marker square may be taken (lishogi)"},
		{Name: "chu.lion.counterstrike_binds_adjacent_lion", Allowed: boolValues, Description: "§5.2: under counter-strike a lion may not take an adjacent immune lion either, except by a bridge capture"},
		{Name: "chu.jitto", Allowed: []string{"empty_first_step", "never"}, Description: "§6.3: a pass needs an empty lion-power first-step square (J1-J3); never = no pass"},
		{Name: "chu.repetition", Allowed: []string{RepetitionAttack4fold, RepetitionForbidAny, RepetitionSennichite}, Description: "§8: the repetition family"},
		{Name: "chu.repetition_identity", Allowed: []string{"board_stm_counterstrike", "board_stm"}, Description: "§8.1: positions are the same by board, side to move and counter-strike marker, or by board and side only (the spec's board+stm+counterstrike and board+stm; '+' cannot appear in a ruleset id)"},
		{Name: "chu.repetition.occurrences", Description: "§8.3, §8.5: the occurrence of a position that ends the game under jcsa_attack_4fold and sennichite_4fold (4, 2..100). The house policy's loss_at_occurrence and draw_at_occurrence do not apply to chu shogi: a site that plays threefold writes chu.repetition.occurrences=3 in the id"},
		{Name: "chu.repetition.min_window", Description: "§8.3 (iii): the fourfold test is made only once the window holds this many positions (lishogi 13; 0 = always)"},
		{Name: "chu.bare_king", Allowed: []string{"on", "off"}, Description: "§7.3: a bared king loses (lishogi's conditions)"},
		{Name: "chu.king_vs_king", Allowed: []string{"draw", "off"}, Description: "§7.4: king against king is a draw"},
	}
}

// baseValues are the option values of the three rulesets (§9).
var baseValues = map[string]map[string]string{
	"chu-jcsa2004": {
		"chu.promotion.model": "lishogi", "chu.promotion.pawn_last_rank": "true", "chu.promotion.lance_last_rank": "true",
		"chu.promotion.gobetween_last_rank": "false", "chu.lion.protection_eval": "pre_move_jcsa",
		"chu.lion.bridge_excludes": "pawn_go_between", "chu.lion.counterstrike": "protected_only",
		"chu.lion.counterstrike_same_square_recapture": "false", "chu.lion.counterstrike_binds_adjacent_lion": "false",
		"chu.jitto": "empty_first_step", "chu.repetition": RepetitionAttack4fold, "chu.repetition_identity": "board_stm_counterstrike",
		"chu.repetition.min_window": "0", "chu.repetition.occurrences": "4", "chu.bare_king": "on", "chu.king_vs_king": "draw",
	},
	"chu-lishogi": {
		"chu.promotion.model": "lishogi", "chu.promotion.pawn_last_rank": "true", "chu.promotion.lance_last_rank": "true",
		"chu.promotion.gobetween_last_rank": "false", "chu.lion.protection_eval": "pre_move_jcsa",
		"chu.lion.bridge_excludes": "pawn_go_between", "chu.lion.counterstrike": "strict",
		"chu.lion.counterstrike_same_square_recapture": "true", "chu.lion.counterstrike_binds_adjacent_lion": "false",
		"chu.jitto": "empty_first_step", "chu.repetition": RepetitionAttack4fold, "chu.repetition_identity": "board_stm_counterstrike",
		"chu.repetition.min_window": "13", "chu.repetition.occurrences": "4", "chu.bare_king": "on", "chu.king_vs_king": "draw",
	},
	"chu-hachu": {
		"chu.promotion.model": "lishogi", "chu.promotion.pawn_last_rank": "true", "chu.promotion.lance_last_rank": "true",
		"chu.promotion.gobetween_last_rank": "false", "chu.lion.protection_eval": "post_move_hgm",
		"chu.lion.bridge_excludes": "pawn_go_between", "chu.lion.counterstrike": "strict",
		"chu.lion.counterstrike_same_square_recapture": "false", "chu.lion.counterstrike_binds_adjacent_lion": "false",
		"chu.jitto": "empty_first_step", "chu.repetition": RepetitionForbidAny, "chu.repetition_identity": "board_stm",
		"chu.repetition.min_window": "0", "chu.repetition.occurrences": "4", "chu.bare_king": "off", "chu.king_vs_king": "off",
	},
}

// parseConfig turns option values into a config.
func parseConfig(id string, v map[string]string) (config, error) {
	var c config
	m := &c.moves
	switch v["chu.promotion.model"] {
	case "lishogi":
		m.Promotion = chushogi.PromotionLishogi
	default:
		m.Promotion = chushogi.PromotionEntryOnly
	}
	m.PawnLastRank = v["chu.promotion.pawn_last_rank"] == "true"
	m.LanceLastRank = v["chu.promotion.lance_last_rank"] == "true"
	m.GoBetweenLastRank = v["chu.promotion.gobetween_last_rank"] == "true"
	m.Protection = chushogi.ProtectionPreMove
	if v["chu.lion.protection_eval"] == "post_move_hgm" {
		m.Protection = chushogi.ProtectionPostMove
	}
	switch v["chu.lion.bridge_excludes"] {
	case "pawn_go_between":
		m.BridgeExcludes = []chushogi.Kind{chushogi.Pawn, chushogi.GoBetween}
	case "pawn":
		m.BridgeExcludes = []chushogi.Kind{chushogi.Pawn}
	case "go_between":
		m.BridgeExcludes = []chushogi.Kind{chushogi.GoBetween}
	}
	switch v["chu.lion.counterstrike"] {
	case "strict":
		m.CounterStrike = chushogi.CounterStrikeStrict
	case "protected_only", "okazaki":
		m.CounterStrike = chushogi.CounterStrikeProtectedOnly
	default:
		m.CounterStrike = chushogi.CounterStrikeOff
	}
	m.CounterStrikeSameSquare = v["chu.lion.counterstrike_same_square_recapture"] == "true"
	m.CounterStrikeBindsAdjacentLion = v["chu.lion.counterstrike_binds_adjacent_lion"] == "true"
	m.Jitto = chushogi.JittoEmptyFirstStep
	if v["chu.jitto"] == "never" {
		m.Jitto = chushogi.JittoNever
	}
	c.repetition = v["chu.repetition"]
	c.identity = chushogi.IdentityBoardSideMarker
	if v["chu.repetition_identity"] == "board_stm" {
		c.identity = chushogi.IdentityBoardSide
	}
	n, err := strconv.Atoi(v["chu.repetition.min_window"])
	if err != nil || n < 0 || n > 1000 {
		return c, &arbiter.OptionError{Ruleset: id, Name: "chu.repetition.min_window", Value: v["chu.repetition.min_window"],
			Reason: "a number of positions from 0 to 1000"}
	}
	c.minWindow = n
	k, err := strconv.Atoi(v["chu.repetition.occurrences"])
	if err != nil || k < 2 || k > 100 {
		return c, &arbiter.OptionError{Ruleset: id, Name: "chu.repetition.occurrences", Value: v["chu.repetition.occurrences"],
			Reason: "the occurrence that ends the game, a number from 2 to 100"}
	}
	c.occurrences = k
	c.bareKing = v["chu.bare_king"] == "on"
	c.kingVsKing = v["chu.king_vs_king"] == "draw"
	if err := m.Validate(); err != nil {
		return c, fmt.Errorf("ruleset %s: %w", id, err)
	}
	return c, nil
}
