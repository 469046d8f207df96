package arbiter

import (
	"context"
	"strings"

	"github.com/arbiter-xq/arbiter/xiangqi"
)

// PlyInfo is what a report says about one move.
type PlyInfo struct {
	Ply     int
	Side    xiangqi.Color
	Move    xiangqi.Move
	Check   bool
	Capture bool
	Status  Status
	// Nature is the classification of the move by the latest cycle that contains it;
	// nil for moves outside every repetition cycle (they are never classified).
	Nature *PlyNature
}

// Report is the adjudication of one history under one ruleset and policy.
type Report struct {
	Ruleset RulesetInfo
	Policy  Policy
	// Game holds the moves that were played (up to a forbidden move, if any).
	Game  *xiangqi.Game
	Plies []PlyInfo
	// Cycle is the cycle closed by the last move, nil when the last position is no
	// repetition. Ruling is its ruling after the policy's regulations.
	Cycle  *Cycle
	Ruling Ruling
	// Result and Termination are the game result under the policy; EndPly is the move
	// that ended the game (-1 while it is ongoing, or when the start position itself was
	// checkmate or stalemate). Once the game has ended, Cycle and Ruling are those of
	// the repetition that decided it (if any), even if the record continues.
	Result      Result
	Termination Termination
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
func Adjudicate(rs Ruleset, start xiangqi.Position, moves []xiangqi.Move, policy Policy) (*Report, error) {
	return AdjudicateContext(context.Background(), rs, start, moves, policy)
}

// AdjudicateContext is Adjudicate that stops with ctx.Err() when the context ends (a
// request deadline, a client gone away); it checks before every move and the rulesets
// poll it while they judge a cycle.
func AdjudicateContext(ctx context.Context, rs Ruleset, start xiangqi.Position, moves []xiangqi.Move, policy Policy) (*Report, error) {
	s, err := NewSession(rs, start, policy)
	if err != nil {
		return nil, err
	}
	r := &Report{Ruleset: rs.Info(), Policy: s.Policy(), Game: s.Game(), EndPly: -1, ForbiddenPly: -1,
		Plies: make([]PlyInfo, 0, len(moves))}
	var endExplanation string
	// From the first repetition on, a judge that can (Foreseer) works out the judgements
	// of the rest of the record ahead, on several cores; foreseen is how far it has been
	// told (Session.foresee). When the policy may end the game at the first repetition
	// (it draws or loses at the second occurrence), there is never anything to tell.
	fs, foresight := s.judge.(Foreseer)
	pol := s.Policy()
	foresight = foresight && fs.Foresees() && min(pol.DrawAtOccurrence, pol.LossAtOccurrence) > 2
	foreseen := 0
	for i, m := range moves {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if foresight && i >= foreseen && !s.over && s.Game().WouldRepeat(m) {
			foreseen = i + max(1, s.foresee(ctx, fs, moves[i:]))
		}
		side := s.Game().Position().SideToMove()
		u, err := s.Play(ctx, m)
		if err != nil {
			return nil, err
		}
		if u.Status == StatusForbidden {
			r.ForbiddenPly = u.Ply
			r.Cycle, r.Ruling = u.Cycle, u.Ruling
			endExplanation = "Move " + m.String() + " is forbidden: " + u.Explanation
			break
		}
		rec := s.Game().Ply(u.Ply)
		r.Plies = append(r.Plies, PlyInfo{Ply: u.Ply, Side: side, Move: m, Check: u.Check,
			Capture: rec.Captured != xiangqi.NoPiece, Status: u.Status})
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
		// Once the game is over, the cycle and ruling that decided it stay in the report
		// even when the record goes on.
		if r.EndPly < 0 {
			r.Cycle, r.Ruling = u.Cycle, u.Ruling
		}
		if u.Status == StatusGameOver && r.EndPly < 0 {
			r.EndPly = u.Ply
			endExplanation = u.Explanation
		} else if u.Status == StatusWarning && r.EndPly < 0 {
			endExplanation = u.Explanation
		} else if r.EndPly < 0 {
			endExplanation = ""
		}
	}
	res, term, over := s.Over()
	if over {
		r.Result, r.Termination = res, term
	} else {
		r.Result = ResultOngoing
	}
	r.State = s.Game().Position().State()
	r.Explanation = explainReport(r, endExplanation)
	return r, nil
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
