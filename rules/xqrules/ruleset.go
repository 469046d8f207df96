package xqrules

import (
	"context"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/xiangqi"
)

// Ruleset rules on repetition cycles.
type Ruleset interface {
	// Info describes the ruleset.
	Info() arbiter.RulesetInfo
	// JudgeCycle classifies the moves of one repetition cycle of g and rules on it.
	// The cycle is the moves with indices start..end-1 (0-based plies): the position
	// after start plies equals the position after end plies, end <= g.Len(). Plies
	// before start are context only (e.g. the opponent's move just before the cycle).
	// JudgeCycle must not modify g and must be safe for concurrent use.
	//
	// The work of one judgement is bounded: a cycle longer than MaxCyclePlies is judged
	// by JudgeLongCycle, and each move of a shorter one within the ruleset's per-move
	// budget (documented in its package). JudgeCycle checks ctx before it starts and
	// polls it while it works (at least once per move it classifies), and returns
	// ctx.Err() as soon as ctx has ended, with no judgement: a request deadline or a
	// client that went away stops the work at once.
	// Out-of-range bounds give an empty Judgement and no error.
	JudgeCycle(ctx context.Context, g *xiangqi.Game, start, end int) (Judgement, error)
}

// CycleJudge judges the repetition cycles of a game (see Ruleset.JudgeCycle).
type CycleJudge interface {
	JudgeCycle(ctx context.Context, g *xiangqi.Game, start, end int) (Judgement, error)
}

// GameJudger is implemented by a Ruleset that can keep work between the judgements of
// one game (a history replayed by Adjudicate, a stream of moves in a Session):
// NewGameJudge returns a judge for one game, which rules exactly like the ruleset's
// JudgeCycle and may remember what it computed for that game's moves. A Session uses
// it when the ruleset offers it.
type GameJudger interface {
	NewGameJudge() CycleJudge
}

// Foreseer is implemented by a CycleJudge (from GameJudger) that can do ahead of time,
// on several cores, the work of judgements it will be asked for when the moves to come
// are known: Adjudicate knows the whole record. Foresee gets the game played on beyond
// the judgements made so far, and the cycles of it that the coming judgements will be
// about, each the plies [Start, End) as JudgeCycle takes them; it returns when the work
// is done or ctx has ended. It changes no judgement, only how soon it comes: a judge
// rules the same whether it was told or not, and need not be asked about every cycle it
// was told of.
type Foreseer interface {
	// Foresees reports whether Foresee does anything (on one core it need not): when it
	// does not, Adjudicate does not look ahead at all.
	Foresees() bool
	Foresee(ctx context.Context, g *xiangqi.Game, cycles []CycleBounds)
}

// CycleBounds is a repetition cycle of a game: the plies Start..End-1 (0-based), the
// position after Start plies being the one after End plies.
type CycleBounds struct{ Start, End int }

// Attacker is a piece taking part in a threat.
type Attacker struct {
	Square xiangqi.Square
	Piece  xiangqi.Piece
}

// Threat is the evidence of one chase: a victim the move threatens to win, who
// threatens it, and why the threat counts (or, for an excluded threat, why not).
type Threat struct {
	Target    xiangqi.Square // where the victim stands after the move
	Victim    xiangqi.Piece
	Attackers []Attacker
	// Joint is true when the win needs two or more pieces co-operating (联合捉).
	Joint bool
	Root  arbiter.RootStatus
	// Exception names the rule exception that made the threat count, or that excluded
	// it: "horse-or-cannon-on-rook", "king-attacker", "pawn-attacker", "uncrossed-pawn",
	// "same-type-exchange", "pinned-attacker", "key-drawing-point", "pre-existing", ...
	Exception string
	// Note explains the threat in words.
	Note string
}

// PlyNature is a ruleset's classification of one move.
type PlyNature struct {
	Ply int // 0-based index of the move in the game
	// Nature is the nature that counts for the ruling (the heaviest, in the Chinese rules).
	Nature arbiter.Nature
	// All lists every nature the move has, heaviest first (e.g. chase and exchange offer).
	All []arbiter.Nature
	// Threats are the chases the move makes (the evidence for NatureChase), and Excluded
	// the attacks it makes that do not count, each with the exception that applied.
	Threats, Excluded []Threat
	// Note explains the classification in words.
	Note string
}

// SidePattern is one side's half of a cycle.
type SidePattern struct {
	Side    xiangqi.Color
	Plies   []int            // the side's moves in the cycle
	Natures []arbiter.Nature // their counted natures, in order
	// Pattern names it: "perpetual check", "perpetual chase", "one check one chase",
	// "one chase one idle", "idle", ...
	Pattern string
	// Forbidden is true when the pattern is a violation under the ruleset.
	Forbidden bool
	// Chased lists the squares (after the side's last move of the cycle) of the pieces
	// it chases perpetually, if any.
	Chased []xiangqi.Square
}

// MustChange returns the verdict that side c must change.
func MustChange(c xiangqi.Color) arbiter.Verdict {
	if c == xiangqi.Red {
		return arbiter.VerdictRedMustChange
	}
	return arbiter.VerdictBlackMustChange
}

// Violator returns the side of xiangqi that a verdict says must change, if any.
func Violator(v arbiter.Verdict) (xiangqi.Color, bool) {
	switch v {
	case arbiter.VerdictRedMustChange:
		return xiangqi.Red, true
	case arbiter.VerdictBlackMustChange:
		return xiangqi.Black, true
	}
	return xiangqi.Red, false
}

// Judgement is a ruleset's reading of one repetition cycle.
type Judgement struct {
	Plies  []PlyNature    // one per move of the cycle, in order
	Sides  [2]SidePattern // indexed by xiangqi.Color
	Ruling arbiter.Ruling
}

// Wins returns the result "c wins".
func Wins(c xiangqi.Color) arbiter.Result {
	if c == xiangqi.Red {
		return arbiter.ResultRedWins
	}
	return arbiter.ResultBlackWins
}
