package xqrules

import (
	"context"
	"fmt"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/xiangqi"
)

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
	Status arbiter.Status
	// Cycle is set when the move repeated a position.
	Cycle *Cycle
	// Ruling is the ruling on that cycle after the policy (e.g. the no-draw regulation).
	Ruling      arbiter.Ruling
	Result      arbiter.Result
	Termination arbiter.Termination
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
	policy arbiter.Policy
	game   *xiangqi.Game
	// natural move counter: plies since the last capture that count, and each side's
	// checks in that window.
	counted int
	checks  [2]int
	over    bool
	result  arbiter.Result
	term    arbiter.Termination
	occ     []int // scratch
	// layer, when set, rules every move in the session's place (rules/site).
	layer Layer
}

// NewSession starts a game from start. The policy is normalised (see Policy.Normalize).
func NewSession(rs Ruleset, start xiangqi.Position, policy arbiter.Policy) (*Session, error) {
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
		s.end(Wins(loser.Other()), arbiter.TerminationCheckmate)
	} else {
		s.end(Wins(loser.Other()), arbiter.TerminationStalemate)
	}
	return true
}

// Game returns the game so far. Do not modify it.
func (s *Session) Game() *xiangqi.Game { return s.game }

// Policy returns the normalised policy.
func (s *Session) Policy() arbiter.Policy { return s.policy }

// Over reports whether the game has ended, and how.
func (s *Session) Over() (arbiter.Result, arbiter.Termination, bool) { return s.result, s.term, s.over }

// Play checks and plays one move and returns the state after it. An illegal move is
// an error (*xiangqi.MoveError) and changes nothing. Moves after the end of the game are
// still played and reported with the final result, so that whole records can be read.
//
// The judgement of a repetition polls ctx: when ctx ends first, Play returns ctx.Err()
// and changes nothing (the move is not played), so the caller may retry it.
func (s *Session) Play(ctx context.Context, m xiangqi.Move) (Update, error) {
	if s.layer != nil {
		return s.layer.Play(ctx, s, m)
	}
	g := s.game
	mover := g.Position().SideToMove()
	if err := g.Play(m); err != nil {
		return Update{}, err
	}
	ply := g.Len() - 1
	rec := g.Ply(ply)
	u := Update{Ply: ply, Move: m, Check: rec.Check, Status: arbiter.StatusOngoing, Result: arbiter.ResultOngoing}
	savedCounted, savedChecks := s.counted, s.checks
	s.countNatural(mover, rec)

	if s.over {
		u.Status, u.Result, u.Termination = arbiter.StatusGameOver, s.result, s.term
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
		if v, ok := Violator(u.Ruling.Verdict); ok {
			if c.Occurrence >= s.policy.LossAtOccurrence {
				if s.policy.OnViolation == arbiter.ViolationForbid && v == mover {
					g.Undo()
					permitted, err := s.permittedMove(ctx, m)
					if err != nil {
						s.counted, s.checks = savedCounted, savedChecks
						return Update{}, err
					}
					if !permitted {
						// Every legal move is forbidden: the side has lost (CXA 2020,
						// note to 图6: the forbidden move stays forbidden even when no
						// other move exists). The move is recorded as the losing one.
						g.Play(m)
						s.end(Wins(v.Other()), terminationFor(c.Sides[v].Natures))
						u.Status, u.Result, u.Termination = arbiter.StatusGameOver, s.result, s.term
						u.Explanation = fmt.Sprintf("%s must change (%s, %s) but every legal move is forbidden: %s has no permitted move and loses",
							v, c.Sides[v].Pattern, arbiter.PatternChinese(c.Sides[v].Natures), v)
						return u, nil
					}
					s.counted, s.checks = savedCounted, savedChecks
					u.Status = arbiter.StatusForbidden
					u.Explanation = fmt.Sprintf("%s must change: this move would repeat the position a %s time with %s (%s); play another move",
						v, arbiter.Ordinal(c.Occurrence), c.Sides[v].Pattern, arbiter.PatternChinese(c.Sides[v].Natures))
					return u, nil
				}
				if s.policy.OnViolation == arbiter.ViolationLose {
					s.end(Wins(v.Other()), terminationFor(c.Sides[v].Natures))
					u.Status, u.Result, u.Termination = arbiter.StatusGameOver, s.result, s.term
					u.Explanation = fmt.Sprintf("%s did not change (%s, %s) and loses at the %s occurrence",
						v, c.Sides[v].Pattern, arbiter.PatternChinese(c.Sides[v].Natures), arbiter.Ordinal(c.Occurrence))
					return u, nil
				}
			}
			u.Status = arbiter.StatusWarning
			u.Explanation = fmt.Sprintf("%s must change (%s, %s); the position has occurred %d times",
				v, c.Sides[v].Pattern, arbiter.PatternChinese(c.Sides[v].Natures), c.Occurrence)
		} else if u.Ruling.Verdict == arbiter.VerdictDraw && c.Occurrence >= s.policy.DrawAtOccurrence {
			s.end(arbiter.ResultDraw, arbiter.TerminationRepetitionDraw)
			u.Status, u.Result, u.Termination = arbiter.StatusGameOver, s.result, s.term
			u.Explanation = fmt.Sprintf("repetition allowed for both sides (不变作和); drawn at the %s occurrence", arbiter.Ordinal(c.Occurrence))
			return u, nil
		}
	}

	if s.endIfNoMove() {
		u.Status, u.Result, u.Termination = arbiter.StatusGameOver, s.result, s.term
		u.Explanation = fmt.Sprintf("%s has no legal move (%s) and loses", g.Position().SideToMove(), s.term)
		return u, nil
	}
	if lim := s.policy.NaturalMoveLimit; lim > 0 && s.counted >= 2*lim {
		s.end(arbiter.ResultDraw, arbiter.TerminationNaturalMoveLimit)
		u.Status, u.Result, u.Termination = arbiter.StatusGameOver, s.result, s.term
		u.Explanation = fmt.Sprintf("%d moves without a capture (自然限着)", lim)
	}
	return u, nil
}

// permittedMove reports whether the side to move has a legal move other than refused
// that the forbid policy permits: one that repeats no position, or closes a cycle the
// side is not at fault in, or one below the occurrence where a violation is refused.
// It plays each move on the game and takes it back; the work is one cycle judgement per
// legal move at most, and only when a move is about to be refused.
func (s *Session) permittedMove(ctx context.Context, refused xiangqi.Move) (bool, error) {
	g := s.game
	mover := g.Position().SideToMove()
	for _, m := range g.Position().LegalMoves() {
		if m == refused {
			continue
		}
		if err := g.Play(m); err != nil {
			continue
		}
		prev := g.PreviousOccurrence()
		if prev < 0 {
			g.Undo()
			return true, nil
		}
		occ := len(g.Occurrences(nil)) + 1
		if occ < s.policy.LossAtOccurrence {
			g.Undo()
			return true, nil
		}
		j, err := s.judge.JudgeCycle(ctx, g, prev, g.Len())
		g.Undo()
		if err != nil {
			return false, err
		}
		c := &Cycle{Start: prev, End: g.Len() + 1, Occurrence: occ, Judgement: j}
		if v, ok := Violator(s.applyRegulation(j.Ruling, c).Verdict); !ok || v != mover {
			return true, nil
		}
	}
	return false, nil
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

func (s *Session) end(r arbiter.Result, t arbiter.Termination) {
	s.over, s.result, s.term = true, r, t
}

// countNatural advances the natural-move counter: a capture resets it; a check beyond
// the side's CheckCountLimit in the window does not count (CXA 2020 practice, see
// docs/rules/chinese.md §3; pinned by the casebook's natural-limit cases).
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
func (s *Session) applyRegulation(r arbiter.Ruling, c *Cycle) arbiter.Ruling {
	if r.Verdict != arbiter.VerdictDraw || s.policy.NoDrawBeforeMove == 0 {
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
	return arbiter.Ruling{
		Verdict:    MustChange(first),
		References: append(append([]string(nil), r.References...), fmt.Sprintf("tournament regulation: no draw before move %d", s.policy.NoDrawBeforeMove)),
		Explanation: fmt.Sprintf("%s Under the tournament regulation no draw is allowed before move %d, so %s, who moved first, must change.",
			r.Explanation, s.policy.NoDrawBeforeMove, first),
	}
}

// terminationFor names the violation that ended the game.
// A violator whose moves are not all attacks can only have been made to change by the
// no-draw regulation.
func terminationFor(natures []arbiter.Nature) arbiter.Termination {
	if !arbiter.AllAttacks(natures) {
		return arbiter.TerminationRegulation
	}
	if arbiter.AllSame(natures) {
		switch natures[0] {
		case arbiter.NatureCheck:
			return arbiter.TerminationPerpetualCheck
		case arbiter.NatureChase:
			return arbiter.TerminationPerpetualChase
		case arbiter.NatureMateThreat:
			return arbiter.TerminationPerpetualMateThreat
		}
	}
	return arbiter.TerminationCombinedAttack
}
