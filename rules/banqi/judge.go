package banqi

import (
	"github.com/arbiter-xq/arbiter/arbiter"
	bq "github.com/arbiter-xq/arbiter/banqi"
)

// Report is the ruling of a whole record under one ruleset.
type Report struct {
	Ruleset Ruleset
	Start   bq.Position
	// Updates has one entry per ply played (a refused ply last, if any).
	Updates []Update
	// Result, Reason and Explanation: the game's result after the record.
	Result      arbiter.Result
	Reason      Reason
	Explanation string
	// EndPly is the ply that ended the game (-1: the start position); meaningful when
	// Over is true.
	EndPly int
	Over   bool
	// Ignored counts the plies after the end of the game, which are not replayed (§5).
	Ignored int
	// ForbiddenPly is the ply refused under on_violation=forbid (-1 if none); replay
	// stops there, and later plies count as ignored.
	ForbiddenPly int
	FirstPlayer  bq.Color
	Final        bq.Position
}

// LastCycle returns the cycle of the last ply replayed, or nil.
func (r *Report) LastCycle() *Cycle {
	if len(r.Updates) == 0 {
		return nil
	}
	return r.Updates[len(r.Updates)-1].Cycle
}

// Judge replays a record under rs from the position string pos ("" = the start) with
// an optional deal, and rules on it. A bad position is a *bq.PositionError, a bad deal
// a *bq.DealError, an illegal or unreadable ply a *bq.MoveError naming the ply.
func Judge(rs Ruleset, pos, deal string, moves []string) (*Report, error) {
	if err := rs.Validate(); err != nil {
		return nil, err
	}
	start, err := bq.ParsePosition(pos, rs.Options)
	if err != nil {
		return nil, err
	}
	s, err := NewSession(rs, start, deal)
	if err != nil {
		return nil, err
	}
	r := &Report{Ruleset: rs, Start: start, ForbiddenPly: -1, Updates: make([]Update, 0, len(moves))}
	for i, text := range moves {
		if _, _, _, over := s.Over(); over {
			r.Ignored = len(moves) - i
			break
		}
		u, err := s.Play(text)
		if err != nil {
			return nil, err
		}
		r.Updates = append(r.Updates, u)
		if u.Status == arbiter.StatusForbidden {
			r.ForbiddenPly = i
			r.Ignored = len(moves) - i - 1
			break
		}
	}
	r.Result, r.Reason, r.Explanation = s.Result()
	_, _, r.EndPly, r.Over = s.Over()
	r.FirstPlayer = s.Game().FirstPlayer()
	r.Final = *s.Game().Position()
	return r, nil
}
