package arbiter

import (
	"context"
	"fmt"

	"github.com/arbiter-xq/arbiter/xiangqi"
)

// How a second game enters arbiter (design note; docs/games.md says the same for readers
// of the repository).
//
// Xiangqi is built into the core: Ruleset.JudgeCycle over *xiangqi.Game, Session and
// Adjudicate. Every other game (banqi, chu shogi) keeps its board, moves, notation and
// replay in its own package (banqi/, chushogi/) and its rulesets in rules/<game>/, and
// enters the shared interfaces through one small interface, Ruleset: it reads the
// position and the move texts itself, replays them with full legality checks, and reports
// in the game-neutral types below (Report, Ply, Update), which apiconv maps
// onto the same protobuf messages xiangqi uses (AdjudicateResponse, PlayGameResponse).
// What is really the same between games is shared here: ruleset ids and their option
// overrides, Policy, Verdict, Result, Termination, Status, Nature, the report shapes and
// the errors; the server, the CLI and the casebook runner dispatch on Registry.Lookup.

// Games of the family. RulesetInfo.Game holds one of them.
const (
	GameXiangqi  = "xiangqi"
	GameBanqi    = "banqi"
	GameChuShogi = "chu-shogi"
)

// Side is a player in any game of the family. Xiangqi and banqi use SideRed and
// SideBlack; chu shogi uses SideSente (先手, moves first, uppercase pieces) and SideGote.
// The values match arbiter.v1.Side.
type Side uint8

// Sides.
const (
	SideNone Side = iota
	SideRed
	SideBlack
	SideSente
	SideGote
)

// String names the side.
func (s Side) String() string {
	switch s {
	case SideRed:
		return "red"
	case SideBlack:
		return "black"
	case SideSente:
		return "sente"
	case SideGote:
		return "gote"
	}
	return "none"
}

// Opponent returns the other side of the same game.
func (s Side) Opponent() Side {
	switch s {
	case SideRed:
		return SideBlack
	case SideBlack:
		return SideRed
	case SideSente:
		return SideGote
	case SideGote:
		return SideSente
	}
	return SideNone
}

// MustChangeSide returns the verdict that side s must change.
func MustChangeSide(s Side) Verdict {
	switch s {
	case SideRed:
		return VerdictRedMustChange
	case SideBlack:
		return VerdictBlackMustChange
	case SideSente:
		return VerdictSenteMustChange
	case SideGote:
		return VerdictGoteMustChange
	}
	return VerdictNone
}

// WinsSide returns the result that side s wins.
func WinsSide(s Side) Result {
	switch s {
	case SideRed:
		return ResultRedWins
	case SideBlack:
		return ResultBlackWins
	case SideSente:
		return ResultSenteWins
	case SideGote:
		return ResultGoteWins
	}
	return ResultUnspecified
}

// OptionInfo describes one option of a ruleset: its name, the value the ruleset sets,
// the values it may take, and what it means. Options are overridden in the ruleset id:
// "banqi-tw+repetition=allowed+no_progress_plies=60" (see ParseRulesetID).
type OptionInfo struct {
	Name        string   // e.g. "repetition", "chu.lion.counterstrike"
	Value       string   // the ruleset's value, e.g. "forbidden"
	Allowed     []string // the values it may take; empty means any (e.g. a number)
	Description string
}

// Ruleset is a ruleset of a game other than xiangqi. Implementations must be safe
// for concurrent use; the sessions they open are not.
type Ruleset interface {
	// Info describes the ruleset: Game, ID (the canonical id with its overrides, e.g.
	// "banqi-tw+repetition=allowed"), Name, Source and every option with its value.
	Info() RulesetInfo
	// WithOptions returns the ruleset with the overrides applied (in order). An unknown
	// option name or a value it cannot take is an *OptionError.
	WithOptions(overrides []Override) (Ruleset, error)
	// NewGame opens a game at start. Errors are *PositionError (the position or deal) or
	// *PolicyError. The game's own notation is read: an empty position is the standard
	// start.
	NewGame(start Start) (Session, error)
}

// Start is what opens a game of any game: the position in the game's own notation,
// banqi's optional deal, and the house policy (zero fields take the ruleset's defaults;
// fields a game does not use are ignored and documented as such).
type Start struct {
	Position string
	// Deal is banqi's deal: one letter per face-down square of the start position, in
	// board-string order. Empty when not given; other games reject a non-empty deal.
	Deal   string
	Policy Policy
	// Notation fixes the notation the move texts are written in, by name ("iccs",
	// "wxf", "chinese"); empty detects it per move. Games with one notation ignore it.
	Notation string
	// Lenient accepts start positions the game's strict reading refuses but real
	// records hold (xiangqi: pieces on points they can never reach).
	Lenient bool
	// EveryPly asks for the nature of every ply, also of those outside any repetition
	// cycle (read as one cycle from the start): the casebook's diagrams name each move's
	// nature. Games that classify every ply anyway ignore it.
	EveryPly bool
	// Brief asks for a report without the per-ply list (Report.Plies stays empty): the
	// result, the termination and the latest cycle with its ruling, for comparisons over
	// whole databases. Games whose plies cost little may fill them anyway.
	Brief bool
}

// RecordPlayer is implemented by a Session that plays a whole record (as Adjudicate
// has it) faster than move by move: it can work ahead on the moves to come (on several
// cores) and need not build each move's Update. PlayRecord plays the moves in order
// exactly as Play would and stops at the first one Play would fail (the same error) or
// the policy refuses: refused is that move's index, -1 when every move was played. The
// session's Report then says what Play's would have.
type RecordPlayer interface {
	PlayRecord(ctx context.Context, moves []string) (refused int, err error)
}

// TextBoarder is implemented by a Ruleset whose game can draw a position as text for a
// terminal (the CLI's boards).
// PolicyReader is a ruleset that reads only some of the policy's fields (banqi has its
// no-progress limit as a ruleset option, chu shogi its repetition count): a request that
// sets another is refused rather than silently ignored. A ruleset without it reads every
// field.
type PolicyReader interface {
	// PolicyFields names the fields it reads (as the API names them, snake_case) and
	// says what to use instead of the others.
	PolicyFields() (fields []string, instead string)
}

type TextBoarder interface {
	TextBoard(position string) (string, error)
}

// StyledTextBoarder is a ruleset whose text board can be drawn from the second
// player's side (Black, gote) or with the game's own characters (xiangqi's 帥 將).
type StyledTextBoarder interface {
	StyledTextBoard(position string, second, native bool) (string, error)
}

// Session is one game in progress: it replays moves one at a time with full legality
// checks and keeps only what the rules need (a window of positions since the last
// irreversible ply), so the cost of Play does not grow with the game's length.
type Session interface {
	// Play applies one move written in the game's notation. A move that cannot be read,
	// is illegal, or comes after the end returns a *MoveError, and the session is
	// unchanged; a move the policy refuses (ViolationForbid) returns an update with
	// StatusForbidden and is not applied. ctx bounds the work of the call.
	Play(ctx context.Context, text string) (Update, error)
	// Position is the current position in the game's notation.
	Position() string
	// Report is the whole game so far, for Adjudicate: every accepted ply with its nature
	// and evidence, the latest cycle and its ruling, the result. It does not change the
	// session.
	Report() *Report
}

// Footprinter is implemented by a Session that can bound the memory it holds when it
// is played move by move (a game stream): Footprint is an upper bound, in bytes, of the
// heap the session keeps, from its game's length (each game keeps what its repetition
// window needs, at most a fixed cost per ply). The service charges a stream's
// footprint to its memory budgets (server.Config.MaxStreamBytes); TestStreamMemory in
// server/ checks each bound against the heap measured on worst-case walks.
type Footprinter interface {
	Footprint() int
}

// SessionFootprint returns s's Footprint, or a bound for a session that offers none:
// the session overhead and 1 KiB a ply (more than any game here keeps).
func SessionFootprint(s Session, plies int) int {
	if f, ok := s.(Footprinter); ok {
		return f.Footprint()
	}
	return FootprintBase + 1024*plies
}

// FootprintBase is the fixed part of a session's footprint (its structures, position
// and caches before any move), in bytes.
const FootprintBase = 8 << 10

// Update is the state of a game after one Play.
type Update struct {
	Ply         Ply // the move just played (or refused)
	Status      Status
	Cycle       *Cycle // the cycle the move closed, if any (with its ruling)
	Result      Result
	Termination Termination
	Explanation string
	Position    string // the position after the move (before it, when refused)
}

// Piece is a piece on a square in a game's own terms.
type Piece struct {
	Square string // "c6", "7g"; empty for no piece (a mate threat has no victim)
	Side   Side
	// Kind is the xiangqi piece kind when the game's piece is one (banqi's general is a
	// king, its chariot a rook, its soldier a pawn); xiangqi.NoKind otherwise.
	Kind xiangqi.Kind
	// Name is the piece in the game's letters ("+R", "n"; banqi "K", "X" face-down).
	Name string
	// Word is the piece in the game's English words, as its players name it ("general",
	// "chariot", "face-down piece" in banqi; "dragon king", "lion" in chu shogi); empty
	// for xiangqi, whose Kind names it. Reports print it instead of the letters.
	Word     string
	FaceDown bool
}

// Threat is the evidence of one attack a move makes.
type Threat struct {
	Nature    Nature // NatureCheck, NatureAttack, NatureChase ...
	Target    Piece
	Attackers []Piece
	// Joint is true when the threat needs several attackers together (xiangqi's 联合捉,
	// a double check).
	Joint bool
	// Root is the victim's protection, where the rules weigh it (xiangqi's 根).
	Root RootStatus
	// Exception names the rule exception that made the threat count or excluded it
	// (xiangqi: "horse-or-cannon-on-rook", "pinned-attacker", ...); empty when none.
	Exception string
	Counted   bool // true when the threat counts toward the move's nature
	Note      string
}

// Notations is a move written in the notations a game's players use besides its
// canonical text: xiangqi's ICCS, WXF and Chinese; chu shogi's Japanese.
type Notations struct {
	ICCS, WXF, Chinese string
	// Japanese is a chu shogi move as lishogi writes it ("７六歩", "５五・４四獅").
	Japanese string
}

// ForbiddenMove is a move the side to move may not play, and why.
type ForbiddenMove struct {
	Move, Reason string
}

// Ply is one accepted (or refused) ply of a game.
type Ply struct {
	Ply  int // 1-based
	Side Side
	// Move is the canonical text (banqi "c6=G", chu USI "7g7f", xiangqi ICCS "h2e2");
	// Text is what was sent.
	Move, Text string
	// Notations is the move in the game's other notations (xiangqi, chu shogi); empty
	// otherwise.
	Notations Notations
	// MoveNumber is the move's number as players count it (a move and its reply share
	// one); 0 where the game does not number moves.
	MoveNumber int
	// Natures lists every nature, heaviest first; Nature is the one that counts.
	Natures []Nature
	Nature  Nature
	// Squares are the squares the move touches, in order: from and to; a chu shogi
	// lion's from, mid and to; a banqi chain's from and every capture; a flip's one
	// square. Pictures draw the move from them.
	Squares     []string
	Threats     []Threat
	Capture     bool
	Check       bool
	Position    string // after the ply
	Clock       int    // no-progress clock after the ply (0 where the game keeps none)
	Occurrence  int    // occurrences of the position after the ply in the window
	Forbidden   []ForbiddenMove
	Explanation string
}

// Pattern is one side's half of a cycle.
type Pattern struct {
	Side                    Side
	Pattern, PatternChinese string
	Natures                 []Nature
	Forbidden               bool
	// Chased lists the squares of the pieces the side chases perpetually (xiangqi).
	Chased []string
}

// Cycle is a repetition cycle of a game: plies FirstPly..LastPly (1-based).
type Cycle struct {
	FirstPly, LastPly int
	Occurrence        int
	// EarlierPlies are the plies after which the repeated position stood before (0:
	// the start), oldest first.
	EarlierPlies []int
	Patterns     []Pattern
	Position     string
	// Ruling is the ruling on the cycle; Ruling.Verdict.Responsible() is the side that
	// must change.
	Ruling Ruling
}

// Report is the whole game under one ruleset, as Adjudicate returns it.
type Report struct {
	Ruleset RulesetInfo
	Plies   []Ply
	Cycle   *Cycle // the cycle closed by the latest ply, if any
	// Incidents are every repetition of the record in order, each with its decisive
	// cycle and what the policy did (the latest may be Cycle's).
	Incidents   []Incident
	Result      Result
	Termination Termination
	Status      Status
	// DecidedAtPly is the 1-based ply that ended the game; 0 while it goes on.
	DecidedAtPly int
	// IgnoredPlies counts moves after the end that were not replayed (where the game
	// reports them instead of rejecting them).
	IgnoredPlies int
	// ForbiddenPly is the 1-based ply refused under ViolationForbid (0 if none): replay
	// stops there, as for xiangqi, and Status is StatusForbidden; Cycle is the cycle the
	// refused move would have closed.
	ForbiddenPly int
	// Refused is the move refused under ViolationForbid with its nature in the cycle it
	// would close, where the game reports it.
	Refused *Ply
	// FirstPlayer is the side that moved first (banqi: the colour of the first flip).
	FirstPlayer Side
	Explanation string
	// Summary is the explanation without the per-ply part the ply list shows.
	Summary       string
	FinalPosition string
	// StartPosition is the position the record starts from, in the game's notation.
	StartPosition string
	// FinalState describes the final position when the record ends in a mate or
	// stalemate the result does not already name ("checkmate", "stalemate"); empty
	// otherwise.
	FinalState string
}

// Adjudicate replays moves under rs from start and returns the report. The first
// move that is rejected stops the replay with its *MoveError (Ply set, 1-based). A
// move the policy refuses (ViolationForbid) stops the replay too, as for xiangqi: the
// report then has Status StatusForbidden, ForbiddenPly and the cycle the move would
// have closed, and the moves after it are counted in IgnoredPlies. ctx is checked
// between plies and passed to Play.
func Adjudicate(ctx context.Context, rs Ruleset, start Start, moves []string) (*Report, error) {
	s, err := rs.NewGame(start)
	if err != nil {
		return nil, err
	}
	refused := -1
	var log IncidentLog // the incidents, for a game that does not report them itself
	var explanation string
	var cycle *Cycle // the cycle a refused move would close
	if rp, ok := s.(RecordPlayer); ok {
		if refused, err = rp.PlayRecord(ctx, moves); err != nil {
			if refused >= 0 {
				return nil, withPly(err, refused+1, moves[refused])
			}
			return nil, err
		}
	} else {
		for i, m := range moves {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			u, err := s.Play(ctx, m)
			if err != nil {
				return nil, withPly(err, i+1, m)
			}
			log.AddUpdate(u)
			if u.Status == StatusForbidden {
				refused, explanation, cycle = i, u.Explanation, u.Cycle
				break
			}
		}
	}
	withIncidents := func(r *Report) *Report {
		if r.Incidents == nil {
			r.Incidents = log.Incidents()
		}
		return r
	}
	if refused >= 0 {
		r := withIncidents(s.Report())
		if r.ForbiddenPly != 0 {
			return r, nil // the game reports the refusal itself
		}
		r.Status = StatusForbidden
		r.ForbiddenPly = refused + 1
		if cycle != nil {
			r.Cycle = cycle
		}
		r.IgnoredPlies = len(moves) - refused - 1
		r.Explanation = fmt.Sprintf("Ply %d (%s) is forbidden under the policy (on_violation forbid) and is not played: %s", refused+1, moves[refused], explanation)
		return r, nil
	}
	return withIncidents(s.Report()), nil
}

func withPly(err error, ply int, text string) error {
	if me, ok := err.(*MoveError); ok {
		if me.Ply == 0 {
			me.Ply = ply
		}
		if me.Text == "" {
			me.Text = text
		}
		return me
	}
	return &MoveError{Ply: ply, Text: text, Reason: err.Error(), Err: err}
}

// MoveError is a move a game cannot play: unreadable, illegal, or after the end. Code
// is the game's stable reason code (banqi "rank_forbids", chu shogi
// "distant_protected_lion", "game_over" ...), Reason the human wording.
type MoveError struct {
	Ply  int // 1-based ply of the move
	Text string
	Code string
	// Kind classifies the error for the API (unreadable, ambiguous, illegal); zero
	// leaves it to Code.
	Kind MoveErrorKind
	// Where names the move the way the game's players would ("move 2 (ply 4, black
	// to move)"); empty gives "ply 4 ("h9g7")".
	Where  string
	Reason string
	Err    error
}

// MoveErrorKind classifies a MoveError.
type MoveErrorKind uint8

// Kinds of move errors.
const (
	MoveUnreadable MoveErrorKind = iota + 1 // the text is no move in any notation
	MoveAmbiguous                           // the text fits more than one piece
	MoveIllegal                             // the move reads but is not legal
)

func (e *MoveError) Error() string {
	if e.Where != "" {
		return e.Where + ": " + e.Reason
	}
	return fmt.Sprintf("ply %d (%q): %s", e.Ply, e.Text, e.Reason)
}

// Unwrap returns the underlying error, if any.
func (e *MoveError) Unwrap() error { return e.Err }

// PositionError is a start position (or deal) a game cannot read. Field names the part
// ("board", "side", "pool", "clock", "deal" ...); Rank and File locate it when known
// (0 when not).
type PositionError struct {
	Field      string
	Rank, File int
	Reason     string
}

func (e *PositionError) Error() string {
	if e.Field == "" {
		return "position: " + e.Reason
	}
	return "position " + e.Field + ": " + e.Reason
}

// OptionError is a ruleset option override the ruleset cannot take.
type OptionError struct {
	Ruleset, Name, Value string
	Reason               string
}

func (e *OptionError) Error() string {
	return fmt.Sprintf("ruleset %s: option %s=%s: %s", e.Ruleset, e.Name, e.Value, e.Reason)
}

// Perfter is implemented by a Ruleset whose game offers perft (a move-generator
// check): the number of leaf nodes of the legal-move tree of the given depth from
// position (empty: the standard start), counted by the game's convention. With divide,
// lines holds "move count" for every legal first move, sorted.
type Perfter interface {
	Perft(ctx context.Context, position string, depth int, divide bool) (total uint64, lines []string, err error)
}

// CaseTransformer is implemented by a Ruleset whose game's rules are symmetric under
// some transformations of the board (banqi: files mirrored, colours swapped; chu shogi:
// files mirrored, the board turned with the sides swapped). The casebook runs every case
// of the game as given and under each of them, and expects the transformed ruling.
type CaseTransformer interface {
	// CaseVariants names the transformations, e.g. "mirrored", "colour-flipped".
	CaseVariants() []string
	// TransformCase returns a case's position, deal and moves under variant v, and
	// whether the sides swap (so that the expected verdict and result swap too).
	TransformCase(v, position, deal string, moves []string) (newPosition, newDeal string, newMoves []string, swapSides bool, err error)
}

// SwapSides returns the verdict with the sides swapped (red<->black, sente<->gote).
func (v Verdict) SwapSides() Verdict {
	switch v {
	case VerdictRedMustChange:
		return VerdictBlackMustChange
	case VerdictBlackMustChange:
		return VerdictRedMustChange
	case VerdictSenteMustChange:
		return VerdictGoteMustChange
	case VerdictGoteMustChange:
		return VerdictSenteMustChange
	}
	return v
}

// SwapSides returns the result with the sides swapped.
func (r Result) SwapSides() Result {
	switch r {
	case ResultRedWins:
		return ResultBlackWins
	case ResultBlackWins:
		return ResultRedWins
	case ResultSenteWins:
		return ResultGoteWins
	case ResultGoteWins:
		return ResultSenteWins
	}
	return r
}
