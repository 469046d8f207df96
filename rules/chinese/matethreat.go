package chinese

import "github.com/arbiter-xq/arbiter/xiangqi"

// Mate search for 杀 (CXA 2020 24.x / 2011 28.2): a move is a mate threat when, if the
// opponent passed, the mover could mate by consecutive checks (连续照将). The search is
// deliberately narrow: only checking moves for the attacker, every legal reply for the
// defender, at most mateThreatDepth attacking moves, and a node budget per question.
// Quiet moves inside the mating net (停着) and threats that need a quiet move first (隔一步)
// are not counted, as the rulebook's commentators describe.
const (
	// mateThreatDepth is the number of consecutive checks searched for a 杀: mate in
	// up to 4 moves by the attacker (7 plies).
	mateThreatDepth = 4
	// mateAfterCaptureDepth is the depth used to decide that a capture "gets mated"
	// (CXA 29.4: a capture after which the capturer is mated is only a formal chase), and
	// that a recapture is not a real root (a protector tied to its line, 假根).
	mateAfterCaptureDepth = 3
	// mateNodeBudget bounds one 杀 question, counted in positions visited (every move
	// tried, by either side), and capturedMateBudget one "is the capturer mated"
	// question inside an exchange. When a budget runs out the answer is "no mate found".
	// 8,000 positions take about 3 ms on a 2020s server core.
	mateNodeBudget     = 8000
	capturedMateBudget = 1000
)

// mateSearch answers "can the side to move mate by consecutive checks?" with a node
// budget. It is not safe for concurrent use; each JudgeCycle makes its own.
type mateSearch struct {
	nodes, budget int
	exhausted     bool
	cache         map[mateKey]bool
}

type mateKey struct {
	hash   uint64
	depth  int8
	budget int16
}

func newMateSearch() *mateSearch {
	return &mateSearch{cache: make(map[mateKey]bool, 256)}
}

// canMate reports whether the side to move in p mates by consecutive checks within depth
// attacking moves. p is restored before returning.
func (s *mateSearch) canMate(p *xiangqi.Position, depth int) bool {
	return s.canMateWithin(p, depth, mateNodeBudget)
}

// canMateWithin is canMate with an explicit node budget.
func (s *mateSearch) canMateWithin(p *xiangqi.Position, depth, budget int) bool {
	if depth <= 0 {
		return false
	}
	k := mateKey{p.Hash(), int8(depth), int16(budget)}
	if v, ok := s.cache[k]; ok {
		return v
	}
	s.nodes, s.budget, s.exhausted = 0, budget, false
	v := s.mate(p, depth)
	if !s.exhausted {
		s.cache[k] = v
	}
	return v
}

func (s *mateSearch) mate(p *xiangqi.Position, depth int) bool {
	att := p.SideToMove()
	def := att.Other()
	var buf [128]xiangqi.Move
	for _, m := range p.AppendPseudoMoves(buf[:0]) {
		if s.nodes >= s.budget {
			s.exhausted = true
			return false
		}
		s.nodes++
		cap := p.MakeMove(m)
		if cap.Kind() == xiangqi.King || p.InCheck(att) || !p.InCheck(def) {
			p.UnmakeMove(m, cap)
			continue
		}
		ok := s.repliesAllLose(p, depth-1)
		p.UnmakeMove(m, cap)
		if ok {
			return true
		}
		if s.exhausted {
			return false
		}
	}
	return false
}

// repliesAllLose reports whether every legal reply of the side to move (in check) leads
// to a mate within depth further attacking moves; no legal reply is mate.
func (s *mateSearch) repliesAllLose(p *xiangqi.Position, depth int) bool {
	def := p.SideToMove()
	var buf [128]xiangqi.Move
	for _, r := range p.AppendPseudoMoves(buf[:0]) {
		s.nodes++
		cap := p.MakeMove(r)
		if p.InCheck(def) {
			p.UnmakeMove(r, cap)
			continue
		}
		if depth <= 0 {
			p.UnmakeMove(r, cap)
			return false
		}
		ok := s.mate(p, depth)
		p.UnmakeMove(r, cap)
		if !ok {
			return false
		}
	}
	return true
}

// threatensMate reports whether side c, if its opponent passed in p, would mate by
// consecutive checks (the null-move test of 杀). p is not modified.
func (s *mateSearch) threatensMate(p xiangqi.Position, c xiangqi.Color, depth int) bool {
	p.SetSideToMove(c)
	if p.InCheck(c.Other()) {
		// c's opponent is in check: it cannot pass, the question is moot.
		return false
	}
	return s.canMate(&p, depth)
}
