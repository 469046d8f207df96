package banqi

import (
	"fmt"

	"github.com/arbiter-xq/arbiter/arbiter"
	bq "github.com/arbiter-xq/arbiter/banqi"
)

// ForbiddenMove is a ply the side to move may not play under the ruleset's policy, and
// why (§6.3 on_violation=forbid, §6.6).
type ForbiddenMove struct {
	Move   bq.Move
	Reason string
}

// ChaseState is the pending chase Π of §6.6: the attacker, the target and the target's
// route, and whether the route revisits a square (then the chaser's next ply may not
// renew the threat).
type ChaseState struct {
	Chaser           bq.Color
	Attacker, Target bq.Square
	Route            []bq.Square
	Revisits         bool
}

// Update is the state after one ply (§6.7).
type Update struct {
	Ply  int    // 0-based index of the ply in the record
	Text string // the ply as given
	// Move is the ply as played, in canonical form (identities filled from the deal).
	Move  bq.Move
	Mover bq.Color
	// Outcome is "flip", "move", "capture", or for a hidden capture "captured" or
	// "revealed only" (§6.7).
	Outcome  string
	Nature   Nature
	Evidence []Evidence // the new threats of an attack
	Clock    int        // plies since the last flip or capture (§6.5)
	// Occurrence is k, how often the position has stood in the window (§6.1).
	Occurrence int
	Cycle      *Cycle      // set when k ≥ 2 and repetition is not off
	Chase      *ChaseState // the pending chase after this ply, under route_revisit
	// Forbidden lists the plies the side to move next may not play, with reasons.
	Forbidden   []ForbiddenMove
	Status      arbiter.Status
	Result      arbiter.Result
	Reason      Reason
	Explanation string
}

// Session referees one game ply by ply under a ruleset: the engine behind both a
// stream and a whole record. Its cost per ply does not grow with the game: the
// repetition window is cleared at each flip or capture, occurrences are counted in a
// hash table, and cycle rulings use running counts.
type Session struct {
	rs    Ruleset
	game  *bq.Game
	chase routeChase
	// natures[i] is the nature of ply i; count[i] the running counts of plies and
	// attacks per side before ply i (count[0] is zero).
	natures []Nature
	count   [][2]sideCount
	over    bool
	result  arbiter.Result
	reason  Reason
	endPly  int // the ply that ended the game (-1: the start position)
	endNote string
}

type sideCount struct{ plies, attacks int32 }

// SessionError reports a start that cannot be refereed.
type SessionError struct {
	Field, Reason string
}

func (e *SessionError) Error() string { return e.Field + ": " + e.Reason }

// NewSession starts a game from start under rs, with an optional deal (§2.5; "" for
// none). The start position is checked once for an end (§5).
func NewSession(rs Ruleset, start bq.Position, deal string) (*Session, error) {
	if err := rs.Validate(); err != nil {
		return nil, err
	}
	if start.Options() != rs.Options {
		return nil, &SessionError{"fen", "the position was read under other options than the ruleset's"}
	}
	if start.SideToMove() == bq.NoColor && start.PoolSize() == 0 {
		return nil, &SessionError{"fen", "nothing is face-down and no colour has been assigned: no one can move"}
	}
	g := bq.NewGame(start)
	if deal != "" {
		if err := g.SetDeal(deal); err != nil {
			return nil, err
		}
	}
	s := &Session{rs: rs, game: g, count: make([][2]sideCount, 1, 64), endPly: -1}
	s.checkStart()
	return s, nil
}

// Ruleset returns the ruleset.
func (s *Session) Ruleset() Ruleset { return s.rs }

// Game returns the game so far. Do not modify it.
func (s *Session) Game() *bq.Game { return s.game }

// Nature returns the nature of ply i.
func (s *Session) Nature(i int) Nature { return s.natures[i] }

// Over reports whether the game has ended, how, and on which ply (-1: the start
// position).
func (s *Session) Over() (result arbiter.Result, reason Reason, ply int, over bool) {
	return s.result, s.reason, s.endPly, s.over
}

// Result returns the result so far (ongoing until the game ends) and its explanation.
func (s *Session) Result() (arbiter.Result, Reason, string) {
	if !s.over {
		return arbiter.ResultOngoing, ReasonNone, ""
	}
	return s.result, s.reason, s.endNote
}

func wins(c bq.Color) arbiter.Result {
	if c == bq.Red {
		return arbiter.ResultRedWins
	}
	return arbiter.ResultBlackWins
}

func (s *Session) end(r arbiter.Result, why Reason, ply int, note string) {
	s.over, s.result, s.reason, s.endPly, s.endNote = true, r, why, ply, note
}

// checkStart applies the end checks of §5 once to the start position.
//
// A set-up position may also leave the side that is not to move without pieces (no
// ply can do that, since a ply never removes its mover's last piece). That side has no
// piece left and has lost (§5, elimination): the game is over at the start, before
// the side to move acts. When both sides have none, the side to move is checked first.
func (s *Session) checkStart() {
	pos := s.game.Position()
	if side := pos.SideToMove(); side != bq.NoColor && !pos.Eliminated(side) && pos.Eliminated(side.Other()) {
		s.end(wins(side), ReasonElimination, -1, fmt.Sprintf("%s has no piece left, face-up or face-down, and has lost (§5)", side.Other()))
		return
	}
	u := Update{Ply: -1}
	s.checkEnd(&u, -1)
}

// Play checks one ply (text in the notation of §2.4) and plays it. An illegal ply is a
// *bq.MoveError and changes nothing; so is any ply after the end of the game (Rule
// game-over). A ply the policy forbids under on_violation=forbid is not played: the
// update has Status arbiter.StatusForbidden.
func (s *Session) Play(text string) (Update, error) {
	g := s.game
	ply := g.Len()
	if s.over {
		return Update{}, &bq.MoveError{Ply: ply, Text: text, Rule: bq.RuleGameOver,
			Reason: fmt.Sprintf("the game is already over (%s: %s)", s.reason, s.endNote)}
	}
	m, err := bq.ParseMove(text, g.Position().Set())
	if err != nil {
		reason := err.Error()
		if se, ok := err.(*bq.SyntaxError); ok {
			reason = se.Reason
		}
		return Update{}, &bq.MoveError{Ply: ply, Text: text, Rule: bq.RuleSyntax, Reason: reason}
	}
	return s.PlayMove(m, text)
}

// PlayMove is Play for a parsed ply.
func (s *Session) PlayMove(m bq.Move, text string) (Update, error) {
	g := s.game
	ply := g.Len()
	if s.over {
		return Update{}, &bq.MoveError{Ply: ply, Text: text, Rule: bq.RuleGameOver,
			Reason: fmt.Sprintf("the game is already over (%s: %s)", s.reason, s.endNote)}
	}
	before := *g.Position()
	mover := before.SideToMove()
	// §6.6 step 3: a ban on the chaser's next ply.
	longChase := false
	if s.rs.Policy.LongChase == LongChaseRouteRevisit {
		if rm, err := g.Resolve(m, text); err == nil && rm.Kind == bq.Step && before.At(rm.To()) == bq.NoPiece {
			if banned, why := s.chase.banned(&before, mover, rm); banned {
				if s.rs.Policy.OnViolation == ViolationForbid {
					if _, err := g.PlayMove(m, text); err != nil { // report illegality first
						return Update{}, err
					}
					g.UndoLast()
					return Update{Ply: ply, Text: text, Move: rm, Mover: mover, Status: arbiter.StatusForbidden,
						Result: arbiter.ResultOngoing, Explanation: why + "; play something else"}, nil
				}
				longChase = true
			}
		}
	}
	eff, err := g.PlayMove(m, text)
	if err != nil {
		return Update{}, err
	}
	after := g.Position()
	u := Update{Ply: ply, Text: text, Move: eff.Move, Mover: eff.Mover, Clock: after.Clock(),
		Status: arbiter.StatusOngoing, Result: arbiter.ResultOngoing}
	s.record(&u, &before, eff)
	if s.refused(&u) {
		s.undo()
		return Update{Ply: ply, Text: text, Move: eff.Move, Mover: eff.Mover, Nature: u.Nature, Evidence: u.Evidence,
			Occurrence: u.Occurrence, Cycle: u.Cycle, Status: arbiter.StatusForbidden, Result: arbiter.ResultOngoing,
			Explanation: fmt.Sprintf("%s must change: %s would %s (%s); play something else",
				eff.Mover, eff.Move, s.repeatText(u.Cycle.Occurrence), u.Cycle.Explanation)}, nil
	}

	// Long chase state (§6.6 steps 1 and 2).
	if s.rs.Policy.LongChase == LongChaseRouteRevisit {
		if eff.Progress() {
			s.chase.reset()
		} else {
			s.chase.update(after, eff.Mover, eff.Move.From, eff.Move.To())
		}
		if p := s.chase.pending; p != nil {
			u.Chase = &ChaseState{Chaser: p.C, Attacker: p.A, Target: p.T, Route: p.Route, Revisits: p.revisits()}
		}
	}

	if longChase {
		// §5 check 0: a violation accepted under on_violation=lose.
		note := fmt.Sprintf("%s renewed a long chase (長追, §6.6, on_violation=lose) and loses", eff.Mover)
		s.end(wins(eff.Mover.Other()), ReasonLongChase, ply, note)
		u.Status, u.Result, u.Reason, u.Explanation = arbiter.StatusGameOver, s.result, s.reason, note
		return u, nil
	}
	s.checkEnd(&u, ply)
	return u, nil
}

// record books the ply just played on the game: its outcome, nature and evidence
// (§6.2, §6.7), the running counts, and its occurrence and cycle (§6.1, §6.3, §6.4).
func (s *Session) record(u *Update, before *bq.Position, eff bq.Effect) {
	after := s.game.Position()
	switch {
	case eff.Move.Kind == bq.Flip:
		u.Outcome, u.Nature = "flip", NatureFlip
	case eff.Move.Kind == bq.Step:
		u.Outcome = "move"
		u.Evidence = attackEvidence(nil, before, after, eff.Mover, eff.Move, s.rs.Policy.AttackProtection)
		u.Nature = NatureIdle
		if len(u.Evidence) > 0 {
			u.Nature = NatureAttack
		}
	case eff.RevealOnly && eff.NCaptured == 0:
		u.Outcome, u.Nature = "revealed only", NatureFlip
	case eff.Revealed > 0:
		u.Outcome, u.Nature = "captured", NatureCapture
		if eff.RevealOnly {
			u.Outcome = "captured, then revealed only"
		}
	default:
		u.Outcome, u.Nature = "capture", NatureCapture
	}
	s.natures = append(s.natures, u.Nature)
	c := s.count[len(s.count)-1]
	c[eff.Mover-1].plies++
	if u.Nature == NatureAttack {
		c[eff.Mover-1].attacks++
	}
	s.count = append(s.count, c)
	u.Occurrence = 1
	if eff.Move.Kind == bq.Step {
		k, prev := s.occurrence()
		u.Occurrence = k
		if prev >= 0 && s.rs.Policy.Repetition != RepetitionOff {
			u.Cycle = s.cycle(prev, s.game.Len(), k)
		}
	}
}

// refused reports whether the ply just recorded must be refused under §6.3
// on_violation=forbid: it brings a position to k = loss_at_occurrence with a ruling
// against its mover.
func (s *Session) refused(u *Update) bool {
	pol := s.rs.Policy
	cy := u.Cycle
	return cy != nil && pol.Repetition == RepetitionForbidden && pol.OnViolation == ViolationForbid &&
		cy.Occurrence >= pol.LossAtOccurrence && violator(cy.Verdict) == u.Mover
}

// undo takes back the last ply (a refused one).
func (s *Session) undo() {
	s.game.UndoLast()
	s.natures = s.natures[:len(s.natures)-1]
	s.count = s.count[:len(s.count)-1]
}

func violator(v arbiter.Verdict) bq.Color {
	switch v {
	case arbiter.VerdictRedMustChange:
		return bq.Red
	case arbiter.VerdictBlackMustChange:
		return bq.Black
	}
	return bq.NoColor
}

// checkEnd applies the order of checks of §5 (checks 1 to 4; check 0 is in PlayMove)
// after ply (-1: the start position), filling the status of u.
func (s *Session) checkEnd(u *Update, ply int) {
	pos := s.game.Position()
	side := pos.SideToMove()
	pol := s.rs.Policy
	finish := func(r arbiter.Result, why Reason, note string) {
		s.end(r, why, ply, note)
		u.Status, u.Result, u.Reason, u.Explanation = arbiter.StatusGameOver, r, why, note
	}
	// (1) Elimination.
	if side != bq.NoColor && pos.Eliminated(side) {
		finish(wins(side.Other()), ReasonElimination, fmt.Sprintf("%s has no piece left, face-up or face-down, and loses (§5)", side))
		return
	}
	// (2) The repetition policy.
	if cy := u.Cycle; cy != nil {
		if v := violator(cy.Verdict); v != bq.NoColor {
			if cy.Occurrence >= pol.LossAtOccurrence && pol.OnViolation == ViolationLose {
				finish(wins(v.Other()), ReasonPerpetualAttack, fmt.Sprintf("%s did not change (%s) and loses at the %s (§6.3)", v, cy.Sides[v-1].Pattern, s.thresholdText(cy.Occurrence)))
				return
			}
			u.Status = arbiter.StatusWarning
			u.Explanation = fmt.Sprintf("%s; %s", cy.Explanation, s.occurrenceText(cy.Occurrence, cy.End-cy.Start))
		} else if cy.Verdict == arbiter.VerdictDraw && cy.Occurrence >= pol.DrawAtOccurrence {
			finish(arbiter.ResultDraw, ReasonRepetitionDraw, fmt.Sprintf("%s; drawn at the %s", cy.Explanation, s.thresholdText(cy.Occurrence)))
			return
		} else if cy.Verdict == arbiter.VerdictDraw {
			u.Explanation = fmt.Sprintf("%s; %s", cy.Explanation, s.occurrenceText(cy.Occurrence, cy.End-cy.Start))
		}
	}
	// (3) No progress (§6.5).
	if n := pol.NoProgressPlies; n > 0 && pos.Clock() >= n {
		finish(arbiter.ResultDraw, ReasonNoProgressDraw, fmt.Sprintf("%d plies without a flip or capture (no_progress_plies=%d, §6.5)", pos.Clock(), n))
		return
	}
	// (4) No legal action, after removing the plies the policy forbids.
	u.Forbidden = s.forbidden()
	if side == bq.NoColor || pos.PoolSize() > 0 {
		return // a flip is always possible
	}
	var stuck bool
	if pol.OnViolation == ViolationForbid && len(u.Forbidden) > 0 {
		stuck = len(removeForbidden(pos.LegalMoves(nil, false), u.Forbidden)) == 0
	} else {
		stuck = !pos.HasLegalAction()
	}
	if stuck {
		note := fmt.Sprintf("%s has no legal action (nothing to flip, move or capture) and loses (§5)", side)
		if len(u.Forbidden) > 0 {
			note = fmt.Sprintf("%s has no legal action left: %d plies are forbidden (%s) and nothing can be flipped; %s loses (§5)", side, len(u.Forbidden), u.Forbidden[0].Reason, side)
		}
		finish(wins(side.Other()), ReasonNoLegalAction, note)
	}
}

func removeForbidden(moves []bq.Move, forbidden []ForbiddenMove) []bq.Move {
	if len(forbidden) == 0 {
		return moves
	}
	out := moves[:0]
	for _, m := range moves {
		ok := true
		for _, f := range forbidden {
			if f.Move == m {
				ok = false
				break
			}
		}
		if ok {
			out = append(out, m)
		}
	}
	return out
}

// forbidden lists the plain moves the side to move may not play: those that renew a
// long chase (§6.6) and, under repetition=forbidden with on_violation=forbid, those that
// would bring a position to loss_at_occurrence with a ruling against the mover (§6.3).
// Flips and captures are never forbidden.
func (s *Session) forbidden() []ForbiddenMove {
	pol := s.rs.Policy
	pos := *s.game.Position()
	side := pos.SideToMove()
	chase := pol.LongChase == LongChaseRouteRevisit && s.chase.pending != nil && s.chase.pending.C == side && s.chase.pending.revisits()
	rep := pol.Repetition == RepetitionForbidden && pol.OnViolation == ViolationForbid
	if side == bq.NoColor || (!chase && !rep) {
		return nil
	}
	var out []ForbiddenMove
	for _, m := range pos.LegalMoves(nil, false) {
		if m.Kind != bq.Step {
			continue
		}
		if chase {
			if banned, why := s.chase.banned(&pos, side, m); banned {
				out = append(out, ForbiddenMove{m, why})
				continue
			}
		}
		if rep {
			q := pos
			if _, err := q.Play(m); err != nil || s.game.Count(q.Hash())+1 < pol.LossAtOccurrence {
				continue
			}
			// A trial: play it, rule, take it back.
			eff, err := s.game.PlayMove(m, m.String())
			if err != nil {
				continue
			}
			u := Update{Mover: side}
			s.record(&u, &pos, eff)
			if s.refused(&u) {
				out = append(out, ForbiddenMove{m, fmt.Sprintf("%s must change: %s would %s (§6.3, on_violation=forbid)",
					side, m, s.repeatText(u.Cycle.Occurrence))})
			}
			s.undo()
		}
	}
	return out
}
