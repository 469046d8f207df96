package arbiter

import (
	"context"
	"fmt"

	"github.com/arbiter-xq/arbiter/xiangqi"
)

// Result is the state of the game under a policy. The values match arbiter.v1.Result.
type Result uint8

// Results.
const (
	ResultUnspecified Result = iota
	ResultOngoing
	ResultRedWins
	ResultBlackWins
	ResultDraw
	ResultSenteWins // chu shogi
	ResultGoteWins  // chu shogi
)

// String names the result.
func (r Result) String() string {
	switch r {
	case ResultOngoing:
		return "ongoing"
	case ResultRedWins:
		return "red wins"
	case ResultBlackWins:
		return "black wins"
	case ResultDraw:
		return "draw"
	case ResultSenteWins:
		return "sente wins"
	case ResultGoteWins:
		return "gote wins"
	}
	return "unspecified"
}

// Wins returns the result "c wins".
func Wins(c xiangqi.Color) Result {
	if c == xiangqi.Red {
		return ResultRedWins
	}
	return ResultBlackWins
}

// Termination says why a game ended.
type Termination uint8

// Terminations.
const (
	TerminationNone Termination = iota
	TerminationCheckmate
	TerminationStalemate
	TerminationPerpetualCheck
	TerminationPerpetualChase
	TerminationPerpetualMateThreat
	TerminationCombinedAttack // e.g. one check one chase, where forbidden
	TerminationRepetitionDraw
	TerminationNaturalMoveLimit
	TerminationRegulation // a repetition draw before the tournament's no-draw move
	// The other games' endings.
	TerminationElimination     // banqi: the side to move has no piece left
	TerminationNoLegalMove     // banqi "no legal action", chu shogi "no legal move": the side to move loses
	TerminationPerpetualAttack // banqi and chu shogi: the side that attacked throughout loses
	TerminationLongChase       // banqi route-revisit long chase (禁止長追)
	TerminationNoProgress      // banqi: N plies without a flip or capture, a draw
	TerminationRoyalCaptured   // chu shogi: the side has no royal piece left
	TerminationBareKing        // chu shogi: bare king
	TerminationKingAgainstKing // chu shogi: king against king, a draw
)

var terminationNames = [...]string{"none", "checkmate", "stalemate", "perpetual check", "perpetual chase",
	"perpetual mate threat", "combined attack", "repetition draw", "natural move limit", "repetition before the no-draw move",
	"elimination", "no legal move", "perpetual attack", "long chase", "no progress", "royal pieces captured",
	"bare king", "king against king"}

// String names the termination.
func (t Termination) String() string {
	if int(t) < len(terminationNames) {
		return terminationNames[t]
	}
	return "invalid"
}

// Status is what a move did to the game.
type Status uint8

// Statuses.
const (
	StatusOngoing   Status = iota + 1 // nothing to report
	StatusWarning                     // a repetition with a must-change ruling: the violator is warned
	StatusGameOver                    // the game ended with this move
	StatusForbidden                   // the move was refused (policy ViolationForbid) and not played
)

// String names the status.
func (s Status) String() string {
	switch s {
	case StatusOngoing:
		return "ongoing"
	case StatusWarning:
		return "warning"
	case StatusGameOver:
		return "game over"
	case StatusForbidden:
		return "forbidden"
	}
	return "unspecified"
}

// Cycle is a repetition cycle and the ruleset's reading of it.
type Cycle struct {
	// Start and End delimit the cycle's moves (indices Start..End-1); the position
	// after Start plies repeats after End plies.
	Start, End int
	// Occurrence is how many times the repeated position has now occurred (2 = the first
	// repetition).
	Occurrence int
	Judgement
}

// Update is the state after one move.
type Update struct {
	Ply    int // index of the move
	Move   xiangqi.Move
	Check  bool // the move gives check
	Status Status
	// Cycle is set when the move repeated a position.
	Cycle *Cycle
	// Ruling is the ruling on that cycle after the policy (e.g. the no-draw regulation).
	Ruling      Ruling
	Result      Result
	Termination Termination
	Explanation string
}

// Session follows one game move by move under a ruleset and policy: the engine behind
// both the streaming API and batch adjudication. Its per-move cost does not grow with
// the length of the game (repetition search stops at the last capture; classification
// runs only on repetition cycles) and is bounded: one judgement of at most
// MaxCyclePlies classified moves (see Ruleset.JudgeCycle).
type Session struct {
	rs     Ruleset
	judge  CycleJudge // rs, or the per-game judge it offers (GameJudger)
	policy Policy
	game   *xiangqi.Game
	// natural move counter: plies since the last capture that count, and each side's
	// checks in that window.
	counted int
	checks  [2]int
	over    bool
	result  Result
	term    Termination
	occ     []int // scratch
}

// NewSession starts a game from start. The policy is normalised (see Policy.Normalize).
func NewSession(rs Ruleset, start xiangqi.Position, policy Policy) (*Session, error) {
	pol, err := policy.Normalize()
	if err != nil {
		return nil, err
	}
	s := &Session{rs: rs, judge: rs, policy: pol, game: xiangqi.NewGame(start)}
	if gr, ok := rs.(GameJudger); ok {
		s.judge = gr.NewGameJudge()
	}
	// A start position without a legal move is already decided.
	s.endIfNoMove()
	return s, nil
}

// endIfNoMove ends the game when the side to move has no legal move (checkmate or
// stalemate: either way it loses) and reports whether it did.
func (s *Session) endIfNoMove() bool {
	pos := s.game.Position()
	if pos.HasLegalMove() {
		return false
	}
	loser := pos.SideToMove()
	if pos.InCheck(loser) {
		s.end(Wins(loser.Other()), TerminationCheckmate)
	} else {
		s.end(Wins(loser.Other()), TerminationStalemate)
	}
	return true
}

// Game returns the game so far. Do not modify it.
func (s *Session) Game() *xiangqi.Game { return s.game }

// Policy returns the normalised policy.
func (s *Session) Policy() Policy { return s.policy }

// Over reports whether the game has ended, and how.
func (s *Session) Over() (Result, Termination, bool) { return s.result, s.term, s.over }

// Play checks and plays one move and returns the state after it. An illegal move is
// an error (*xiangqi.MoveError) and changes nothing. Moves after the end of the game are
// still played and reported with the final result, so that whole records can be read.
//
// The judgement of a repetition polls ctx: when ctx ends first, Play returns ctx.Err()
// and changes nothing (the move is not played), so the caller may retry it.
func (s *Session) Play(ctx context.Context, m xiangqi.Move) (Update, error) {
	g := s.game
	mover := g.Position().SideToMove()
	if err := g.Play(m); err != nil {
		return Update{}, err
	}
	ply := g.Len() - 1
	rec := g.Ply(ply)
	u := Update{Ply: ply, Move: m, Check: rec.Check, Status: StatusOngoing, Result: ResultOngoing}
	savedCounted, savedChecks := s.counted, s.checks
	s.countNatural(mover, rec)

	if s.over {
		u.Status, u.Result, u.Termination = StatusGameOver, s.result, s.term
		u.Explanation = "the game was already over (" + s.term.String() + ")"
		return u, nil
	}

	if prev := g.PreviousOccurrence(); prev >= 0 {
		s.occ = g.Occurrences(s.occ[:0])
		c := &Cycle{Start: prev, End: g.Len(), Occurrence: len(s.occ) + 1}
		j, err := s.judge.JudgeCycle(ctx, g, prev, g.Len())
		if err != nil {
			g.Undo()
			s.counted, s.checks = savedCounted, savedChecks
			return Update{}, err
		}
		c.Judgement = j
		u.Cycle = c
		u.Ruling = s.applyRegulation(c.Judgement.Ruling, c)
		if v, ok := u.Ruling.Verdict.Violator(); ok {
			if c.Occurrence >= s.policy.LossAtOccurrence {
				if s.policy.OnViolation == ViolationForbid && v == mover {
					g.Undo()
					s.counted, s.checks = savedCounted, savedChecks
					u.Status = StatusForbidden
					u.Explanation = fmt.Sprintf("%s must change: this move would repeat the position a %s time with %s (%s); play another move",
						v, Ordinal(c.Occurrence), c.Sides[v].Pattern, PatternChinese(c.Sides[v].Natures))
					return u, nil
				}
				if s.policy.OnViolation == ViolationLose {
					s.end(Wins(v.Other()), terminationFor(c.Sides[v].Natures))
					u.Status, u.Result, u.Termination = StatusGameOver, s.result, s.term
					u.Explanation = fmt.Sprintf("%s did not change (%s, %s) and loses at the %s occurrence",
						v, c.Sides[v].Pattern, PatternChinese(c.Sides[v].Natures), Ordinal(c.Occurrence))
					return u, nil
				}
			}
			u.Status = StatusWarning
			u.Explanation = fmt.Sprintf("%s must change (%s, %s); the position has occurred %d times",
				v, c.Sides[v].Pattern, PatternChinese(c.Sides[v].Natures), c.Occurrence)
		} else if u.Ruling.Verdict == VerdictDraw && c.Occurrence >= s.policy.DrawAtOccurrence {
			s.end(ResultDraw, TerminationRepetitionDraw)
			u.Status, u.Result, u.Termination = StatusGameOver, s.result, s.term
			u.Explanation = fmt.Sprintf("repetition allowed for both sides (不变作和); drawn at the %s occurrence", Ordinal(c.Occurrence))
			return u, nil
		}
	}

	if s.endIfNoMove() {
		u.Status, u.Result, u.Termination = StatusGameOver, s.result, s.term
		u.Explanation = fmt.Sprintf("%s has no legal move (%s) and loses", g.Position().SideToMove(), s.term)
		return u, nil
	}
	if lim := s.policy.NaturalMoveLimit; lim > 0 && s.counted >= 2*lim {
		s.end(ResultDraw, TerminationNaturalMoveLimit)
		u.Status, u.Result, u.Termination = StatusGameOver, s.result, s.term
		u.Explanation = fmt.Sprintf("%d moves without a capture (自然限着)", lim)
	}
	return u, nil
}

// occurredAtLeast reports whether the current position of g has occurred k times or
// more (this time included) since the last capture, scanning back no further than the
// k-th.
func occurredAtLeast(g *xiangqi.Game, k int) bool {
	h, n := g.Position().Hash(), 1
	for i := g.Len() - 2; i >= g.LastCapturePly() && n < k; i -= 2 {
		if g.HashAt(i) == h {
			n++
		}
	}
	return n >= k
}

// occurrence is how often a position has occurred and after which ply last.
type occurrence struct{ n, last int }

// foresightPlies bounds how many moves ahead foresee looks at once.
const foresightPlies = 2 * MaxCyclePlies

// foresee tells a judge that can use it (Foreseer) about the repetition cycles that the
// moves to come (the start of moves) will close, so that it can do their work ahead, and
// returns how many of the moves it told it about (0: none). It looks no further than
// the first cycle that may end the game (at the occurrence where the policy draws, or
// where a violation ends the game or is forbidden), the natural move limit, a move that
// cannot be played, and foresightPlies moves: what comes after them may never be judged.
// A single cycle is not worth telling (its judgement shares out its moves itself), nor
// one that may already end the game.
//
// It plays the moves ahead on the game itself and takes them back before it returns.
func (s *Session) foresee(ctx context.Context, fs Foreseer, moves []xiangqi.Move) int {
	if s.over || len(moves) == 0 {
		return 0
	}
	g := s.game
	mark := g.Mark()
	defer g.Rewind(mark)
	stopAt := min(s.policy.DrawAtOccurrence, s.policy.LossAtOccurrence)
	// A first cycle that may already end the game makes the batch a lone cycle: found
	// without building anything, by a scan that stops at the stopAt-th occurrence (a game
	// that goes on past such cycles asks this at every repeating move).
	if g.Play(moves[0]) != nil {
		return 0
	}
	if occurredAtLeast(g, stopAt) {
		return 0
	}
	g.Rewind(mark)
	t := *s // the natural move counter, followed on a copy
	// The positions since the last capture (which no earlier one can repeat): how often
	// each has occurred and after which ply last, kept up to date as the moves are played
	// (a scan of the game per repetition, as Play makes, would cost a long record dearly).
	seen := make(map[uint64]occurrence, 2*(g.Len()-g.LastCapturePly()+1))
	for i := g.LastCapturePly(); i <= g.Len(); i++ {
		o := seen[g.HashAt(i)]
		seen[g.HashAt(i)] = occurrence{o.n + 1, i}
	}
	var cycles []CycleBounds
	n := 0
	for n < len(moves) && n < foresightPlies {
		mover := g.Position().SideToMove()
		if g.Play(moves[n]) != nil {
			break
		}
		n++
		h := g.Position().Hash()
		if g.Ply(g.Len()-1).Captured != xiangqi.NoPiece {
			clear(seen)
		}
		o := seen[h]
		seen[h] = occurrence{o.n + 1, g.Len()}
		if o.n > 0 {
			cycles = append(cycles, CycleBounds{o.last, g.Len()})
			if o.n+1 >= stopAt {
				break
			}
		}
		t.countNatural(mover, g.Ply(g.Len()-1))
		if lim := t.policy.NaturalMoveLimit; lim > 0 && t.counted >= 2*lim {
			break
		}
	}
	if len(cycles) < 2 {
		return 0
	}
	fs.Foresee(ctx, g, cycles)
	return n
}

func (s *Session) end(r Result, t Termination) {
	s.over, s.result, s.term = true, r, t
}

// countNatural advances the natural-move counter: a capture resets it; a check beyond
// the side's CheckCountLimit in the window does not count (CXA 2020 practice, see
// rules-chinese.md §3; pinned by the casebook's natural-limit cases).
func (s *Session) countNatural(mover xiangqi.Color, rec xiangqi.PlyRecord) {
	if rec.Captured != xiangqi.NoPiece {
		s.counted, s.checks = 0, [2]int{}
		return
	}
	if rec.Check && s.policy.CheckCountLimit > 0 {
		s.checks[mover]++
		if s.checks[mover] > s.policy.CheckCountLimit {
			return
		}
	}
	s.counted++
}

// applyRegulation applies the no-draw-before-move regulation to a ruling.
func (s *Session) applyRegulation(r Ruling, c *Cycle) Ruling {
	if r.Verdict != VerdictDraw || s.policy.NoDrawBeforeMove == 0 {
		return r
	}
	// The number of the move the last ply belongs to, from the FEN's move counter: the
	// current position's counter names the next move; if Red is to move, the last ply
	// was Black's half of the previous move.
	pos := s.game.Position()
	move := pos.Fullmove
	if pos.SideToMove() == xiangqi.Red {
		move--
	}
	if move >= s.policy.NoDrawBeforeMove {
		return r
	}
	// The side that moved first in the game: Red, unless the record starts at move 1
	// with Black to move.
	first := xiangqi.Red
	if st := s.game.Start(); st.SideToMove() == xiangqi.Black && st.Fullmove <= 1 {
		first = xiangqi.Black
	}
	return Ruling{
		Verdict:    MustChange(first),
		References: append(append([]string(nil), r.References...), fmt.Sprintf("tournament regulation: no draw before move %d", s.policy.NoDrawBeforeMove)),
		Explanation: fmt.Sprintf("%s Under the tournament regulation no draw is allowed before move %d, so %s, who moved first, must change.",
			r.Explanation, s.policy.NoDrawBeforeMove, first),
	}
}

// terminationFor names the violation that ended the game.
// A violator whose moves are not all attacks can only have been made to change by the
// no-draw regulation.
func terminationFor(natures []Nature) Termination {
	if !AllAttacks(natures) {
		return TerminationRegulation
	}
	if allSame(natures) {
		switch natures[0] {
		case NatureCheck:
			return TerminationPerpetualCheck
		case NatureChase:
			return TerminationPerpetualChase
		case NatureMateThreat:
			return TerminationPerpetualMateThreat
		}
	}
	return TerminationCombinedAttack
}
