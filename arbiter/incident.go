package arbiter

// Incident is one repetition in a record: a run of consecutive plies each of which
// repeats a position (closes a repetition cycle), with the ruling that decided it and
// what the policy did about it. A perpetual check of nine plies is one incident whose
// occurrence rises to 3, not six; a game that repeats at move 30, changes, and repeats
// again at move 70 has two.
type Incident struct {
	// FirstPly..LastPly (from 1) are the plies the repetition spans: the first ply of
	// its first cycle to the last ply of its last (the refused ply under forbid).
	FirstPly, LastPly int
	// Occurrence is the highest occurrence of a position reached in it.
	Occurrence int
	// Cycle is its decisive cycle with the ruling: the one the policy acted on most
	// severely (the game ended, a move was refused, a warning), else the last one.
	Cycle *Cycle
	// Status is what the policy did: StatusGameOver (it ended the game), StatusForbidden
	// (a move was refused), StatusWarning (the violator was warned) or StatusOngoing
	// (an allowed repetition below the occurrence that draws).
	Status      Status
	Result      Result      // the result when it ended the game
	Termination Termination // why, when it ended the game
	Explanation string
}

// IncidentStep is what one ply that closes a repetition cycle adds to the incidents:
// the ply, its cycle's bounds and occurrence, and what the policy did. Cycle builds the
// game-neutral cycle only when the step becomes an incident's decisive one, so a game
// may keep its own cycle until the report asks.
type IncidentStep struct {
	Ply               int // from 1
	FirstPly, LastPly int
	Occurrence        int
	Status            Status
	Result            Result
	Termination       Termination
	Explanation       string
	Cycle             func() *Cycle
}

// IncidentLog groups the repetitions of a game into incidents as the moves come: one
// step per ply that closes a cycle; consecutive plies (a refused ply and the move played
// instead count as one) join one incident. It keeps one decisive step per incident, so
// its memory grows with the number of incidents, not of plies.
type IncidentLog struct {
	list  []Incident
	steps []IncidentStep // the decisive step of each incident
	last  int            // the ply of the latest step
}

// severity orders what the policy did, for choosing an incident's decisive step.
func severity(s Status) int {
	switch s {
	case StatusGameOver:
		return 3
	case StatusForbidden:
		return 2
	case StatusWarning:
		return 1
	}
	return 0
}

// Add records one step.
func (l *IncidentLog) Add(s IncidentStep) {
	n := len(l.list)
	if n == 0 || s.Ply > l.last+1 {
		l.list = append(l.list, Incident{FirstPly: s.FirstPly, LastPly: s.LastPly, Occurrence: s.Occurrence})
		l.steps = append(l.steps, s)
		l.last = s.Ply
		return
	}
	in := &l.list[n-1]
	in.FirstPly = min(in.FirstPly, s.FirstPly)
	in.LastPly = max(in.LastPly, s.LastPly)
	in.Occurrence = max(in.Occurrence, s.Occurrence)
	if severity(s.Status) >= severity(l.steps[n-1].Status) {
		l.steps[n-1] = s
	}
	l.last = max(l.last, s.Ply)
}

// AddUpdate records the update of a played (or refused) move, if it closed a cycle.
func (l *IncidentLog) AddUpdate(u Update) {
	c := u.Cycle
	if c == nil {
		return
	}
	l.Add(IncidentStep{Ply: u.Ply.Ply, FirstPly: c.FirstPly, LastPly: c.LastPly, Occurrence: c.Occurrence,
		Status: u.Status, Result: u.Result, Termination: u.Termination, Explanation: u.Explanation,
		Cycle: func() *Cycle { return c }})
}

// Incidents returns the incidents so far, each with its decisive cycle.
func (l *IncidentLog) Incidents() []Incident {
	out := make([]Incident, len(l.list))
	for i, in := range l.list {
		s := l.steps[i]
		in.Status, in.Explanation = s.Status, s.Explanation
		if in.Status == StatusGameOver { // a result only where the incident ended the game
			in.Result, in.Termination = s.Result, s.Termination
		}
		if s.Cycle != nil {
			in.Cycle = s.Cycle()
		}
		out[i] = in
	}
	return out
}
