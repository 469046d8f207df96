package site

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/arbiter-xq/arbiter/arbiter"
)

// The options of the house-rule layer (docs/rules/site-rules.md, "Options"). Every site
// ruleset sets each of them; a ruleset id overrides any ("site-tiantian+chase_streak_rounds=6").
const (
	optNatures          = "natures"
	optChaseValueRule   = "chase_value_rule"
	optCounterCapture   = "counter_capture_exclusion"
	optKingCut          = "king_cut_protection"
	optCycleRule        = "cycle_rule"
	optLossAt           = "loss_at_occurrence"
	optCheckOverChase   = "check_over_chase"
	optMutualViolation  = "mutual_violation"
	optMutualDrawAt     = "mutual_draw_at"
	optDrawAt           = "draw_at_occurrence"
	optDrawScope        = "draw_scope"
	optCheckStreak      = "check_streak_rounds"
	optChaseStreak      = "chase_streak_rounds"
	optChaseTarget      = "chase_streak_target"
	optMixedStreak      = "mixed_streak_rounds"
	optStreakPieces     = "streak_pieces"
	optStreakReset      = "streak_reset"
	optInCheck          = "in_check_moves"
	optStreakViolation  = "streak_violation"
	optOnViolation      = "on_violation"
	optStreakOnViolate  = "streak_on_violation"
	optNaturalPlies     = "natural_limit_plies"
	optNaturalCounting  = "natural_limit_counting"
	optCountedChecks    = "counted_checks_limit"
	optProgressPlies    = "progress_limit_plies"
	optTotalCap         = "total_plies_cap"
	optNoMaterialDraw   = "no_attacking_material_draw"
	optMateException    = "mate_exception"
	optNoDrawBeforeMove = "no_draw_before_move"
)

// optionSpec is one option: its neutral default, the values it may take (nil: a number
// or caps, checked by parse) and what it means.
type optionSpec struct {
	name, def string
	allowed   []string
	desc      string
}

var optionSpecs = []optionSpec{
	{optNatures, "asian", []string{"asian", "fsf"}, "base classification of every move: arbiter's Asian natures, or Fairy-Stockfish's own approximation (check; chase by its AXF_CHASING reading; no mate threats)"},
	{optChaseValueRule, "on", onOff, "on: a horse or cannon attacking a rook chases it even when the rook is protected (AXF rules 15, 16); off: protection decides alone"},
	{optCounterCapture, "same_type", []string{"same_type", "any"}, "an attack is no chase when the victim could take the attacker at once: between pieces of one type only (AXF rule 24), or between any pieces"},
	{optKingCut, "chase", []string{"chase", "ignore"}, "whether a king move that only cuts the protection of a piece already attacked makes a chase"},
	{optCycleRule, "asian", []string{"asian", "tiantian", "fsf", "check_only", "none"}, "which patterns of a repetition cycle violate: the Asian table, TianTian's changes to it, Fairy-Stockfish's n-fold adjudication, perpetual check only, or none"},
	{optLossAt, "3", nil, "occurrence of the position at which a must-change ruling is enforced (the move refused or lost per on_violation); 2..100, or off (warnings only)"},
	{optCheckOverChase, "on", onOff, "perpetual check against perpetual chase: the checker must change (on), or both violate (off)"},
	{optMutualViolation, "draw", []string{"draw", "red_must_change"}, "both sides violating with the same pattern: a draw, or Red must change"},
	{optMutualDrawAt, "off", nil, "a mutual perpetual check, or mutual perpetual chase, draws at this occurrence instead of draw_at_occurrence; 2..100, or off"},
	{optDrawAt, "3", nil, "occurrence at which an allowed repetition is a draw; 2..100, or off"},
	{optDrawScope, "any_allowed", []string{"any_allowed", "neutral_only"}, "which allowed cycles draw: any, or only one without check, chase or an answer to either"},
	{optCheckStreak, "0", nil, "cap on a side's consecutive checking moves, in its own moves: a (one piece), a/b (one, two or more) or a/b/c (one, two, three or more); 0: off"},
	{optChaseStreak, "0", nil, "cap on a side's consecutive chasing moves (caps as for check_streak_rounds); 0: off"},
	{optChaseTarget, "same", []string{"same", "any"}, "a chase streak chases one and the same enemy piece on every move, or any piece"},
	{optMixedStreak, "0", nil, "cap on a side's consecutive moves that each check or chase, once both kinds are in it (caps as for check_streak_rounds); 0: off"},
	{optStreakPieces, "checking", []string{"checking", "moving", "same_set", "first_cap"}, "how pieces are counted to pick a cap: distinct checking (or chasing) pieces, distinct moved pieces, the same set of checking pieces on every move, or the one-piece cap always"},
	{optStreakReset, "none", []string{"none", "any_capture", "own_capture"}, "what ends a streak besides a move without its property: nothing, a capture by either side, or the side's own capture"},
	{optInCheck, "count", []string{"count", "skip", "reset"}, "how a streak treats a move made in check: it counts as any move, is skipped (neither counts nor breaks), or resets the side's streaks"},
	{optStreakViolation, "above_cap", []string{"above_cap", "at_cap"}, "the violating move: the one that would bring the count above the cap, or the one that brings it to the cap"},
	{optOnViolation, "lose", []string{"lose", "forbid"}, "sanction of a cycle violation at loss_at_occurrence: the violator loses, or the violating move is refused"},
	{optStreakOnViolate, "same", []string{"same", "lose", "forbid"}, "sanction of a streak violation; same: as on_violation"},
	{optNaturalPlies, "0", nil, "plies without a capture after which the game is drawn; 0: off"},
	{optNaturalCounting, "all", []string{"all", "checks_capped", "effective", "fsf"}, "which plies advance the capture-free count: all; all but a side's checks beyond counted_checks_limit; all but checks, chases and their answers; or Fairy-Stockfish's (the limit extended by two plies for each check beyond 10 of the side that checked most)"},
	{optCountedChecks, "10", nil, "with natural_limit_counting=checks_capped: a side's checks beyond this many in the window do not count"},
	{optProgressPlies, "0", nil, "plies without a capture or a pawn's forward move after which the game is drawn; 0: off"},
	{optTotalCap, "0", nil, "the game is drawn when it reaches this many plies; 0: off"},
	{optNoMaterialDraw, "off", onOff, "drawn at once when neither side has a rook, horse, cannon or pawn"},
	{optMateException, "on", onOff, "a move that mates or stalemates ends the game by mate even on the ply that reaches a limit"},
	{optNoDrawBeforeMove, "0", nil, "tournament regulation: no repetition draw before this move number; the side that moved first must change (0: off)"},
}

var onOff = []string{"on", "off"}

// caps are the caps of a streak by the number of pieces counted: one, two, three or more.
type caps [3]int

func (c caps) on() bool { return c[0] > 0 }

// cap returns the cap for a streak made with n pieces.
func (c caps) cap(n int) int {
	switch {
	case n <= 1:
		return c[0]
	case n == 2:
		return c[1]
	}
	return c[2]
}

func parseCaps(s string) (caps, bool) {
	parts := strings.Split(s, "/")
	if len(parts) > 3 {
		return caps{}, false
	}
	var c caps
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 || n > 1000 || (i > 0 && n < c[i-1]) || (i > 0 && c[0] == 0) {
			return caps{}, false
		}
		c[i] = n
	}
	for i := len(parts); i < 3; i++ {
		c[i] = c[len(parts)-1]
	}
	return c, true
}

func (c caps) String() string {
	switch {
	case c[0] == 0:
		return "0"
	case c[0] == c[1] && c[1] == c[2]:
		return strconv.Itoa(c[0])
	case c[1] == c[2]:
		return fmt.Sprintf("%d/%d", c[0], c[1])
	}
	return fmt.Sprintf("%d/%d/%d", c[0], c[1], c[2])
}

// config is every option of a site ruleset, parsed.
type config struct {
	natures           string
	chaseValueRule    bool
	counterCaptureAny bool
	kingCutIgnore     bool
	cycleRule         string
	lossAt            int // 0: off
	checkOverChase    bool
	mutualRedChanges  bool
	mutualDrawAt      int // 0: off
	drawAt            int // 0: off
	neutralOnly       bool
	checkCaps         caps
	chaseCaps         caps
	mixedCaps         caps
	chaseTargetAny    bool
	streakPieces      string
	streakReset       string
	inCheck           string
	atCap             bool
	onViolation       arbiter.OnViolation
	streakOnViolation string
	naturalPlies      int
	naturalCounting   string
	countedChecks     int
	progressPlies     int
	totalCap          int
	noMaterialDraw    bool
	mateException     bool
	noDrawBeforeMove  int
}

// parseConfig reads the option values (name -> value, every option present) of ruleset id.
func parseConfig(id string, v map[string]string) (config, error) {
	var c config
	bad := func(name, reason string) error {
		return &arbiter.OptionError{Ruleset: id, Name: name, Value: v[name], Reason: reason}
	}
	num := func(name string, lo, hi int, off bool) (int, error) {
		if off && v[name] == "off" {
			return 0, nil
		}
		n, err := strconv.Atoi(v[name])
		if err != nil || n < lo || n > hi {
			r := fmt.Sprintf("want a whole number from %d to %d", lo, hi)
			if off {
				r += ", or off"
			}
			return 0, bad(name, r)
		}
		return n, nil
	}
	capsOf := func(name string) (caps, error) {
		cs, ok := parseCaps(v[name])
		if !ok {
			return cs, bad(name, "want caps a, a/b or a/b/c (rounds for one, two, three or more pieces; each at least the one before), 0 for off")
		}
		return cs, nil
	}
	var err error
	c.natures = v[optNatures]
	c.chaseValueRule = v[optChaseValueRule] == "on"
	c.counterCaptureAny = v[optCounterCapture] == "any"
	c.kingCutIgnore = v[optKingCut] == "ignore"
	c.cycleRule = v[optCycleRule]
	if c.lossAt, err = num(optLossAt, 2, 100, true); err != nil {
		return c, err
	}
	c.checkOverChase = v[optCheckOverChase] == "on"
	c.mutualRedChanges = v[optMutualViolation] == "red_must_change"
	if c.mutualDrawAt, err = num(optMutualDrawAt, 2, 100, true); err != nil {
		return c, err
	}
	if c.drawAt, err = num(optDrawAt, 2, 100, true); err != nil {
		return c, err
	}
	c.neutralOnly = v[optDrawScope] == "neutral_only"
	if c.checkCaps, err = capsOf(optCheckStreak); err != nil {
		return c, err
	}
	if c.chaseCaps, err = capsOf(optChaseStreak); err != nil {
		return c, err
	}
	if c.mixedCaps, err = capsOf(optMixedStreak); err != nil {
		return c, err
	}
	c.chaseTargetAny = v[optChaseTarget] == "any"
	c.streakPieces = v[optStreakPieces]
	c.streakReset = v[optStreakReset]
	c.inCheck = v[optInCheck]
	c.atCap = v[optStreakViolation] == "at_cap"
	c.onViolation = arbiter.ViolationLose
	if v[optOnViolation] == "forbid" {
		c.onViolation = arbiter.ViolationForbid
	}
	c.streakOnViolation = v[optStreakOnViolate]
	if c.naturalPlies, err = num(optNaturalPlies, 0, 2*arbiter.MaxNaturalMoveLimit, false); err != nil {
		return c, err
	}
	c.naturalCounting = v[optNaturalCounting]
	if c.countedChecks, err = num(optCountedChecks, 0, arbiter.MaxCheckCountLimit, false); err != nil {
		return c, err
	}
	if c.progressPlies, err = num(optProgressPlies, 0, 2*arbiter.MaxNaturalMoveLimit, false); err != nil {
		return c, err
	}
	if c.totalCap, err = num(optTotalCap, 0, 100000, false); err != nil {
		return c, err
	}
	c.noMaterialDraw = v[optNoMaterialDraw] == "on"
	c.mateException = v[optMateException] == "on"
	if c.noDrawBeforeMove, err = num(optNoDrawBeforeMove, 0, 10000, false); err != nil {
		return c, err
	}
	return c, nil
}

// withRequest applies the policy fields a request set (non-zero), which win over the
// ruleset's options (docs/games.md): natural_move_limit in moves replaces
// natural_limit_plies.
func (c config) withRequest(p arbiter.Policy) (config, error) {
	if p.LossAtOccurrence != 0 {
		c.lossAt = p.LossAtOccurrence
	}
	if p.OnViolation != 0 {
		c.onViolation = p.OnViolation
	}
	if p.DrawAtOccurrence != 0 {
		c.drawAt = p.DrawAtOccurrence
	}
	switch {
	case p.NaturalMoveLimit < 0:
		c.naturalPlies = 0
	case p.NaturalMoveLimit > 0:
		c.naturalPlies = 2 * p.NaturalMoveLimit
	}
	switch {
	case p.CheckCountLimit < 0:
		c.countedChecks = 0
	case p.CheckCountLimit > 0:
		c.countedChecks = p.CheckCountLimit
	}
	if p.NoDrawBeforeMove != 0 {
		c.noDrawBeforeMove = p.NoDrawBeforeMove
	}
	return c, nil
}

// streakSanction is the sanction of a streak violation.
func (c *config) streakSanction() arbiter.OnViolation {
	switch c.streakOnViolation {
	case "lose":
		return arbiter.ViolationLose
	case "forbid":
		return arbiter.ViolationForbid
	}
	return c.onViolation
}
