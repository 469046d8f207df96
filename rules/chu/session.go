package chu

import (
	"context"
	"fmt"
	"strings"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/chushogi"
	"github.com/arbiter-xq/arbiter/rules/xqrules"
)

// session is one chu shogi game under a ruleset. Its cost per move does not grow with
// the game: the game keeps the repetition window, and the consecutive-attack counts are
// running totals. Neither does its memory, beyond the window and the game's moves
// (issue 29, finding 2: a 4,000-ply stream kept every ply's report, 3.7 MB): the
// reports of the plies are kept only when a whole record is played (PlayRecord, as
// Adjudicate does); a game played move by move (a stream) keeps the natures of its
// latest plies for the cycle rulings, and its Report replays the moves.
type session struct {
	rs   *Ruleset
	game *chushogi.Game
	// streak counts each side's consecutive attacking moves (lishogi: not limited to
	// the window, reset at the side's first non-attacking move; §8.3 (i)).
	streak [2]int
	// checkStreak counts each side's consecutive checking moves.
	checkStreak [2]int
	plies       []arbiter.Ply // every ply's report, when keep
	keep        bool
	recent      []plyNature // the latest plies (at most 2*xqrules.MaxCyclePlies)
	recentBase  int         // plies before recent[0]
	cycle       *arbiter.Cycle
	result      arbiter.Result
	term        arbiter.Termination
	decidedAt   int
	explanation string
}

// newSession opens a game at start. A set-up in which one side has no royal piece is
// lost for that side before anyone moves (docs/rules/chu-shogi.md §7.1); a set-up
// without any royal piece is refused before (checkStartRoyals). The other end checks
// (bare king, no legal move, king against king) are applied after each move only, as
// lishogi does, so that set-ups for single-move questions (a promotion, a lion capture)
// may use a bare king.
func newSession(rs *Ruleset, start chushogi.Position) *session {
	s := &session{rs: rs, game: chushogi.NewGame(start, rs.cfg.moves, rs.cfg.identity), result: arbiter.ResultOngoing}
	if c, ok := royalLost(&start); ok {
		s.end(wins(c.Other()), arbiter.TerminationRoyalCaptured, fmt.Sprintf("%s has no royal piece in the set-up: %s wins", c, c.Other()))
	}
	return s
}

// checkStartRoyals refuses a set-up with no royal piece on the board: the game is won by
// taking the opponent's royal pieces (§7.1), so such a game could never end by it, and
// lishogi's validation refuses it too (§2.3).
func checkStartRoyals(p *chushogi.Position) error {
	if p.Royals(chushogi.Sente)+p.Royals(chushogi.Gote) == 0 {
		return &arbiter.PositionError{Field: "board", Rank: 0, File: 0,
			Reason: "no royal piece (king 玉将/王将 or crown prince 太子) on the board: a chu shogi game is won by taking the opponent's royal pieces, so a set-up needs at least one (docs/rules/chu-shogi.md §2.3, §7.1)"}
	}
	return nil
}

// streamBytesPerPly bounds what a chu shogi stream keeps per ply: the game's ply
// record and, for a window of distinct positions, each position with its table entry.
const streamBytesPerPly = 512

// Footprint bounds the bytes a stream session holds (see arbiter.Footprinter).
func (s *session) Footprint() int {
	return arbiter.FootprintBase + streamBytesPerPly*s.game.Len()
}

func (s *session) Position() string { return s.game.Position().SFEN() }

// rejectMove is the error for a move that cannot be played: the reason code is also
// written at the end of the wording ("... [counter_strike]"), so that a person reading a
// Compare column or a stream rejection sees it too.
func rejectMove(ply int, text string, code chushogi.Reason, reason string, err error) *arbiter.MoveError {
	return &arbiter.MoveError{Ply: ply, Text: text, Code: code.Code(), Reason: reason + " [" + code.Code() + "]", Err: err}
}

// Play applies one USI move.
func (s *session) Play(ctx context.Context, text string) (arbiter.Update, error) {
	if err := ctx.Err(); err != nil {
		return arbiter.Update{}, err
	}
	ply := s.game.Len() + 1
	pos := s.game.Position()
	last := chushogi.NoSquare
	if n := s.game.Len(); n > 0 {
		last = s.game.Ply(n - 1).Move.To
	}
	var m chushogi.Move
	var err error
	if chushogi.IsJapaneseMove(text) {
		if s.result != arbiter.ResultOngoing {
			return arbiter.Update{}, rejectMove(ply, text, chushogi.ReasonGameOver,
				fmt.Sprintf("%s: %s (%s at ply %d)", text, chushogi.ReasonGameOver, s.explanation, s.decidedAt), nil)
		}
		// Japanese notation, as lishogi writes it (docs/rules/chu-shogi.md §2.6).
		m, err = pos.ParseJapaneseMove(text, last, s.game.Options())
		if err != nil {
			if ie, ok := err.(*chushogi.IllegalMoveError); ok {
				return arbiter.Update{}, rejectMove(ply, text, ie.Reason, ie.Error(), ie)
			}
			me := rejectMove(ply, text, chushogi.ReasonMalformed, err.Error(), err)
			if je, ok := err.(*chushogi.JapaneseError); ok && je.Ambiguous {
				me.Kind = arbiter.MoveAmbiguous
			}
			return arbiter.Update{}, me
		}
	} else if m, err = chushogi.ParseUSI(strings.TrimSpace(text)); err != nil {
		code := chushogi.ReasonMalformed
		if ue, ok := err.(*chushogi.USIError); ok {
			code = ue.Code
		}
		return arbiter.Update{}, rejectMove(ply, text, code, err.Error(), err)
	}
	if s.result != arbiter.ResultOngoing {
		return arbiter.Update{}, rejectMove(ply, text, chushogi.ReasonGameOver,
			fmt.Sprintf("%s: %s (%s at ply %d)", m, chushogi.ReasonGameOver, s.explanation, s.decidedAt), nil)
	}
	if ie := pos.WhyIllegal(m, s.game.Options()); ie != nil {
		return arbiter.Update{}, rejectMove(ply, text, ie.Reason, ie.Error(), ie)
	}
	if s.rs.cfg.repetition == RepetitionForbidAny && s.game.WouldRepeat(m) {
		return arbiter.Update{}, rejectMove(ply, text, chushogi.ReasonRepeatsPosition,
			fmt.Sprintf("%s: %s (forbid_any_repeat, identity %s)", m, chushogi.ReasonRepeatsPosition, s.rs.cfg.identity), nil)
	}
	cm := m.Canonical(pos)
	canonical := cm.String()
	squares := []string{cm.From.String(), cm.To.String()}
	if cm.IsTwoStep() {
		squares = []string{cm.From.String(), cm.Mid.String(), cm.To.String()}
	}
	mover := pos.SideToMove()
	japanese := pos.JapaneseMove(cm, last, s.game.Options())
	rec, err := s.game.Play(m)
	if err != nil {
		return arbiter.Update{}, &arbiter.MoveError{Ply: ply, Text: text, Code: "illegal", Reason: err.Error(), Err: err}
	}
	after := s.game.Position()
	natures, threats := nature(after, mover, m.To, s.game.Options(), rec.Captures.Any())
	if attacking(RepetitionAttack4fold, natures) {
		s.streak[mover]++
	} else {
		s.streak[mover] = 0
	}
	if has(natures, arbiter.NatureCheck) {
		s.checkStreak[mover]++
	} else {
		s.checkStreak[mover] = 0
	}
	gp := arbiter.Ply{Ply: ply, Side: side(mover), Move: canonical, Text: text, Notations: arbiter.Notations{Japanese: japanese},
		Squares: squares, Natures: natures, Nature: natures[0],
		Threats: threats, Capture: rec.Captures.Any(), Check: has(natures, arbiter.NatureCheck), Position: after.SFEN()}
	occ := s.game.Occurrence()
	gp.Occurrence = occ.Count
	gp.Explanation = plyExplanation(rec, natures)
	if s.keep {
		s.plies = append(s.plies, gp)
	}
	s.remember(gp)
	u := arbiter.Update{Ply: gp, Status: arbiter.StatusOngoing, Result: arbiter.ResultOngoing, Position: gp.Position}
	s.cycle = nil
	if occ.Count >= 2 && s.rs.cfg.repetition != RepetitionForbidAny {
		s.cycle = s.judgeCycle(occ)
		u.Cycle = s.cycle
		if s.cycle.Ruling.Verdict != arbiter.VerdictDraw && s.cycle.Ruling.Verdict != arbiter.VerdictNone {
			u.Status = arbiter.StatusWarning
		}
	}
	s.endChecks(occ)
	if s.result != arbiter.ResultOngoing {
		u.Status, u.Result, u.Termination = arbiter.StatusGameOver, s.result, s.term
		s.decidedAt = ply
	}
	u.Explanation = s.explanation
	if u.Explanation == "" && s.cycle != nil {
		u.Explanation = s.cycle.Ruling.Explanation
	}
	return u, nil
}

func plyExplanation(rec chushogi.PlyRecord, natures []arbiter.Nature) string {
	var b strings.Builder
	b.WriteString(rec.Mover.Name())
	if rec.Captures.Any() {
		b.WriteString(" captures")
		sep := " the "
		for _, c := range []chushogi.Piece{rec.Captures.Mid, rec.Captures.To} {
			if c != chushogi.NoPiece {
				b.WriteString(sep + c.Name())
				sep = " and the "
			}
		}
	}
	b.WriteString("; ")
	for i, n := range natures {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(Terms.Nature(n).English)
	}
	return b.String()
}

// judgeCycle rules on the repetition the latest ply closed (§8.3): over the moves since
// the first occurrence of the position, a side attacked throughout when each of its
// last d moves attacked (d = half the plies since then); exactly one such side must
// change (and loses at the chu.repetition.occurrences-th occurrence, the fourth by
// default); otherwise it is a draw.
//
// The cost does not depend on the length of the game: the streaks are running counts.
// The patterns list the natures of the cycle's plies, at most the last
// xqrules.MaxCyclePlies of them.
func (s *session) judgeCycle(occ chushogi.Occurrence) *arbiter.Cycle {
	cur := s.game.Len()
	d := (cur - occ.First) / 2
	family := s.rs.cfg.repetition
	c := &arbiter.Cycle{FirstPly: occ.Previous + 1, LastPly: cur, Occurrence: occ.Count, Position: s.game.Position().SFEN()}
	var throughout []chushogi.Color
	for _, col := range []chushogi.Color{chushogi.Sente, chushogi.Gote} {
		n := s.streak[col]
		if family == RepetitionSennichite {
			n = s.checkStreak[col]
		}
		pat := arbiter.Pattern{Side: side(col)}
		for i := max(c.FirstPly, c.LastPly-xqrules.MaxCyclePlies+1); i <= c.LastPly; i++ {
			if gp := s.recent[i-1-s.recentBase]; gp.side == side(col) {
				pat.Natures = append(pat.Natures, gp.nature)
			}
		}
		// PatternChinese holds the pattern in the game's own language: Japanese here.
		t := Terms.Pattern(pat.Natures)
		pat.Pattern, pat.PatternChinese = t.English, t.Native
		if d > 0 && n >= d {
			pat.Forbidden = true
			throughout = append(throughout, col)
		}
		c.Patterns = append(c.Patterns, pat)
	}
	what, lossWord := "attacked", "連続攻めの千日手"
	if family == RepetitionSennichite {
		what, lossWord = "gave check", "連続王手の千日手"
	}
	ref := []string{"docs/rules/chu-shogi.md §8.3 (" + family + ")"}
	if len(throughout) == 1 {
		x := throughout[0]
		c.Ruling = arbiter.Ruling{Verdict: arbiter.MustChangeSide(side(x)), References: ref,
			Explanation: fmt.Sprintf("the position occurs for the %s time (千日手); %s %s with each of its last %d moves and must change (打開; it loses at the %s occurrence, %s)",
				arbiter.Ordinal(occ.Count), x, what, d, arbiter.Ordinal(s.rs.cfg.occurrences), lossWord)}
	} else {
		why := "neither side"
		if len(throughout) == 2 {
			why = "both sides"
		}
		c.Ruling = arbiter.Ruling{Verdict: arbiter.VerdictDraw, References: ref,
			Explanation: fmt.Sprintf("the position occurs for the %s time (千日手); %s %s with every move since its first occurrence: a draw at the %s occurrence", arbiter.Ordinal(occ.Count), why, what, arbiter.Ordinal(s.rs.cfg.occurrences))}
	}
	return c
}

// endChecks applies the end of game in the ruleset's order (§7.5): royal pieces lost,
// bare king, no legal move, fourfold repetition, king against king.
func (s *session) endChecks(occ chushogi.Occurrence) {
	p := s.game.Position()
	cfg := &s.rs.cfg
	if c, ok := royalLost(p); ok {
		s.end(wins(c.Other()), arbiter.TerminationRoyalCaptured, fmt.Sprintf("%s has no royal piece left: %s wins", c, c.Other()))
		return
	}
	if cfg.bareKing {
		if c, ok := bareKing(p); ok {
			s.end(wins(c.Other()), arbiter.TerminationBareKing, fmt.Sprintf("%s's king is bare: %s wins", c, c.Other()))
			return
		}
	}
	if !s.hasLegalMove() {
		c := p.SideToMove()
		s.end(wins(c.Other()), arbiter.TerminationNoLegalMove, fmt.Sprintf("%s has no legal move and loses", c))
		return
	}
	if cfg.repetition != RepetitionForbidAny && occ.Count >= cfg.occurrences && s.game.WindowLen() >= cfg.minWindow && s.cycle != nil {
		if x := s.cycle.Ruling.Verdict.Responsible(); x != arbiter.SideNone {
			term := arbiter.TerminationPerpetualAttack
			if cfg.repetition == RepetitionSennichite {
				term = arbiter.TerminationPerpetualCheck
			}
			loser := chushogi.Sente
			if x == arbiter.SideGote {
				loser = chushogi.Gote
			}
			s.end(wins(loser.Other()), term, "repetition: "+s.cycle.Ruling.Explanation)
		} else {
			s.end(arbiter.ResultDraw, arbiter.TerminationRepetitionDraw, "repetition: "+s.cycle.Ruling.Explanation)
		}
		return
	}
	if cfg.kingVsKing && kingAgainstKing(p) {
		s.end(arbiter.ResultDraw, arbiter.TerminationKingAgainstKing, "king against king: a draw")
	}
}

// hasLegalMove reports whether the side to move has a legal move; under
// forbid_any_repeat a move that repeats a position does not count (§7.2).
func (s *session) hasLegalMove() bool {
	p := s.game.Position()
	moves := p.LegalMoves(s.game.Options())
	if s.rs.cfg.repetition != RepetitionForbidAny {
		return len(moves) > 0
	}
	for _, m := range moves {
		if !s.game.WouldRepeat(m) {
			return true
		}
	}
	return false
}

func (s *session) end(r arbiter.Result, t arbiter.Termination, why string) {
	s.result, s.term, s.explanation = r, t, why
}

// plyNature is what a cycle ruling reads of a ply.
type plyNature struct {
	side   arbiter.Side
	nature arbiter.Nature
}

// remember keeps the nature of the ply just played, and those of the plies before it
// that a cycle ruling may read (the last xqrules.MaxCyclePlies).
func (s *session) remember(gp arbiter.Ply) {
	if len(s.recent) == 2*xqrules.MaxCyclePlies {
		n := copy(s.recent, s.recent[xqrules.MaxCyclePlies:])
		s.recent = s.recent[:n]
		s.recentBase += xqrules.MaxCyclePlies
	}
	s.recent = append(s.recent, plyNature{gp.Side, gp.Nature})
}

// PlayRecord plays a whole record (arbiter.RecordPlayer), keeping every ply's report
// for Report.
func (s *session) PlayRecord(ctx context.Context, moves []string) (int, error) {
	if s.game.Len() == 0 {
		s.keep = true
	}
	for i, m := range moves {
		if err := ctx.Err(); err != nil {
			return -1, err
		}
		if _, err := s.Play(ctx, m); err != nil {
			return i, err
		}
	}
	return -1, nil
}

// Report is the game so far.
func (s *session) Report() *arbiter.Report {
	plies := s.plies
	if !s.keep && s.game.Len() > 0 {
		plies = s.replay()
	}
	r := &arbiter.Report{Ruleset: s.rs.Info(), Plies: append([]arbiter.Ply(nil), plies...), Cycle: s.cycle,
		Result: s.result, Termination: s.term, Status: arbiter.StatusOngoing, DecidedAtPly: s.decidedAt,
		FirstPlayer: side(s.game.Start().SideToMove()), Explanation: s.explanation, FinalPosition: s.Position(),
		StartPosition: s.game.Start().SFEN()}
	if s.result != arbiter.ResultOngoing {
		r.Status = arbiter.StatusGameOver
	} else if s.cycle != nil {
		if s.cycle.Ruling.Verdict.Responsible() != arbiter.SideNone {
			r.Status = arbiter.StatusWarning
		}
		if r.Explanation == "" {
			r.Explanation = s.cycle.Ruling.Explanation
		}
	}
	return r
}

// replay rebuilds the report of every ply played, replaying the game's moves (in
// canonical USI, which the reports then show as the texts) in a fresh session: the
// referee is deterministic, so the same moves get the same reports.
func (s *session) replay() []arbiter.Ply {
	f := newSession(s.rs, *s.game.Start())
	f.keep = true
	for i := range s.game.Len() {
		if _, err := f.Play(context.Background(), s.game.Ply(i).Move.String()); err != nil {
			break // cannot happen: the moves were played from the same start
		}
	}
	return f.plies
}
