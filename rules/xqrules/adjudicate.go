package xqrules

import (
	"context"
	"strings"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/xiangqi"
)

// PlyInfo is what a report says about one move.
type PlyInfo struct {
	Ply     int
	Side    xiangqi.Color
	Move    xiangqi.Move
	Check   bool
	Capture bool
	Status  arbiter.Status
	// Nature is the classification of the move by the latest cycle that contains it;
	// nil for moves outside every repetition cycle (they are never classified).
	Nature *PlyNature
}

// Report is the adjudication of one history under one ruleset and policy.
type Report struct {
	Ruleset arbiter.RulesetInfo
	Policy  arbiter.Policy
	// Game holds the moves that were played (up to a forbidden move, if any).
	Game  *xiangqi.Game
	Plies []PlyInfo
	// Cycle is the cycle closed by the last move, nil when the last position is no
	// repetition. Ruling is its ruling after the policy's regulations.
	Cycle  *Cycle
	Ruling arbiter.Ruling
	// Result and Termination are the game result under the policy; EndPly is the move
	// that ended the game (-1 while it is ongoing, or when the start position itself was
	// checkmate or stalemate). Once the game has ended, Cycle and Ruling are those of
	// the repetition that decided it (if any), even if the record continues.
	Result      arbiter.Result
	Termination arbiter.Termination
	EndPly      int
	// ForbiddenPly is the move refused under ViolationForbid (-1 if none); replay stops
	// there.
	ForbiddenPly int
	// State is checkmate, stalemate or ongoing for the final position.
	State       xiangqi.State
	Explanation string
}

// Adjudicate replays moves from start under the ruleset and policy, judging every
// repetition on the way, and reports the result. An illegal move is an error
// (*xiangqi.MoveError naming the ply); so is a bad policy (*PolicyError).
func Adjudicate(rs Ruleset, start xiangqi.Position, moves []xiangqi.Move, policy arbiter.Policy) (*Report, error) {
	return AdjudicateContext(context.Background(), rs, start, moves, policy)
}

// AdjudicateContext is Adjudicate that stops with ctx.Err() when the context ends (a
// request deadline, a client gone away); it checks before every move and the rulesets
// poll it while they judge a cycle.
func AdjudicateContext(ctx context.Context, rs Ruleset, start xiangqi.Position, moves []xiangqi.Move, policy arbiter.Policy) (*Report, error) {
	rec, err := newRecorder(rs, start, policy, len(moves))
	if err != nil {
		return nil, err
	}
	rec.expect(moves)
	for _, m := range moves {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		u, err := rec.play(ctx, m)
		if err != nil {
			return nil, err
		}
		if u.Status == arbiter.StatusForbidden {
			break
		}
	}
	return rec.report(), nil
}

// recorder follows a game through a Session and keeps what its report says: every
// played move with its latest nature, the cycle and ruling that decided the game (or
// the latest), the move refused under ViolationForbid. It is the one loop behind
// AdjudicateContext and the game sessions of the xiangqi rulesets.
type recorder struct {
	s              *Session
	r              *Report
	endExplanation string
	// From the first repetition on, a judge that can (Foreseer) works out the judgements
	// of the rest of the record ahead, on several cores; foreseen is how far (an index
	// into expected) it has been told (Session.foresee). When the policy may end the game
	// at the first repetition (it draws or loses at the second occurrence), there is
	// never anything to tell.
	fs       Foreseer
	expected []xiangqi.Move // the moves to come, from ply base on
	base     int
	foreseen int
	// refused keeps what the report said before a move was refused, so that a game
	// that goes on (a stream) reports as if the refused move had never been tried.
	refused *refusedState
	log     arbiter.IncidentLog // the record's repetition incidents
	// stream keeps no per-ply list and no incident log (a game stream: gameSession.stream).
	stream bool
}

type refusedState struct {
	cycle          *Cycle
	ruling         arbiter.Ruling
	endExplanation string
}

func newRecorder(rs Ruleset, start xiangqi.Position, policy arbiter.Policy, plies int) (*recorder, error) {
	s, err := NewSession(rs, start, policy)
	if err != nil {
		return nil, err
	}
	r := &Report{Ruleset: rs.Info(), Policy: s.Policy(), Game: s.Game(), EndPly: -1, ForbiddenPly: -1,
		Plies: make([]PlyInfo, 0, plies)}
	rec := &recorder{s: s, r: r}
	if fs, ok := s.judge.(Foreseer); ok && fs.Foresees() && min(s.policy.DrawAtOccurrence, s.policy.LossAtOccurrence) > 2 {
		rec.fs = fs
	}
	return rec, nil
}

// expect tells the recorder the moves to come from the current ply on.
func (rec *recorder) expect(moves []xiangqi.Move) {
	if rec.fs == nil {
		return
	}
	rec.expected, rec.base, rec.foreseen = moves, rec.s.Game().Len(), 0
}

// play plays one move. A move refused under ViolationForbid ends the record: it is
// reported, and the recorder plays nothing after it.
func (rec *recorder) play(ctx context.Context, m xiangqi.Move) (Update, error) {
	s, r := rec.s, rec.r
	if rs := rec.refused; rs != nil {
		r.ForbiddenPly, r.Cycle, r.Ruling, rec.endExplanation = -1, rs.cycle, rs.ruling, rs.endExplanation
		rec.refused = nil
	}
	if rec.fs != nil && rec.expected != nil {
		i := s.Game().Len() - rec.base
		switch {
		case i < 0 || i >= len(rec.expected) || rec.expected[i] != m:
			rec.expected = nil // played otherwise than told: foresee no more
		case i >= rec.foreseen && !s.over && s.Game().WouldRepeat(m):
			rec.foreseen = i + max(1, s.foresee(ctx, rec.fs, rec.expected[i:]))
		}
	}
	side := s.Game().Position().SideToMove()
	u, err := s.Play(ctx, m)
	if err != nil {
		return u, err
	}
	if rec.stream {
		// A stream's Report replays the game: nothing here is needed.
		return u, nil
	}
	if c := u.Cycle; c != nil {
		g, ruling := s.Game(), u.Ruling
		rec.log.Add(arbiter.IncidentStep{Ply: u.Ply + 1, FirstPly: c.Start + 1, LastPly: c.End, Occurrence: c.Occurrence,
			Status: u.Status, Result: u.Result, Termination: u.Termination, Explanation: u.Explanation,
			Cycle: func() *arbiter.Cycle {
				// The repeated position is the one the cycle starts from.
				pos := g.PositionAt(c.Start)
				out := neutralCycle(c, ruling, pos.FEN())
				out.EarlierPlies = earlierOccurrences(g, c)
				return out
			}})
	}
	if u.Status == arbiter.StatusForbidden {
		rec.refused = &refusedState{r.Cycle, r.Ruling, rec.endExplanation}
		r.ForbiddenPly = u.Ply
		r.Cycle, r.Ruling = u.Cycle, u.Ruling
		rec.endExplanation = "Move " + m.String() + " is forbidden: " + u.Explanation
		return u, nil
	}
	rec.listPly(u, side, m)
	// Once the game is over, the cycle and ruling that decided it stay in the report
	// even when the record goes on.
	if r.EndPly < 0 {
		r.Cycle, r.Ruling = u.Cycle, u.Ruling
	}
	if u.Status == arbiter.StatusGameOver && r.EndPly < 0 {
		r.EndPly = u.Ply
		rec.endExplanation = u.Explanation
	} else if u.Status == arbiter.StatusWarning && r.EndPly < 0 {
		rec.endExplanation = u.Explanation
	} else if r.EndPly < 0 {
		rec.endExplanation = ""
	}
	return u, nil
}

// listPly adds the ply just played to the report's list, with the natures its cycle
// gave it.
func (rec *recorder) listPly(u Update, side xiangqi.Color, m xiangqi.Move) {
	r := rec.r
	pr := rec.s.Game().Ply(u.Ply)
	r.Plies = append(r.Plies, PlyInfo{Ply: u.Ply, Side: side, Move: m, Check: u.Check,
		Capture: pr.Captured != xiangqi.NoPiece, Status: u.Status})
	if u.Cycle != nil {
		// Each ply keeps its own copy of its latest nature, so that the report holds
		// one nature per ply rather than every cycle judged on the way.
		for k := range u.Cycle.Plies {
			pn := u.Cycle.Plies[k]
			if pn.Ply >= 0 && pn.Ply < len(r.Plies) {
				if r.Plies[pn.Ply].Nature == nil {
					r.Plies[pn.Ply].Nature = new(PlyNature)
				}
				*r.Plies[pn.Ply].Nature = pn
			}
		}
	}
}

// report completes the report of the moves played so far.
func (rec *recorder) report() *Report {
	r := rec.r
	res, term, over := rec.s.Over()
	if over {
		r.Result, r.Termination = res, term
	} else {
		r.Result, r.Termination = arbiter.ResultOngoing, arbiter.TerminationNone
	}
	r.State = rec.s.Game().Position().State()
	r.Explanation = explainReport(r, rec.endExplanation)
	return r
}

func explainReport(r *Report, end string) string {
	var parts []string
	if r.Cycle != nil {
		if e := r.Ruling.Explanation; e != "" {
			parts = append(parts, e)
		} else {
			parts = append(parts, "The position repeats: "+r.Ruling.Verdict.String()+".")
		}
	}
	if end != "" {
		parts = append(parts, capitalize(end)+".")
	}
	if r.Cycle == nil && end == "" {
		parts = append(parts, "No repetition at the end of the record; the game is "+r.Result.String()+".")
	}
	return strings.Join(parts, " ")
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
