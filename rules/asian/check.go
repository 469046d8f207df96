package asian

import "github.com/arbiter-xq/arbiter/xiangqi"

// Mate threats (杀, "kill"). AXF rules 9–11 (D6–D12): a mate threat is never a
// violation in the Asian rules, so it is found for reporting only.
const (
	// killDepth bounds the mate search: the mover's checks in a row, each answered by
	// every legal reply (so a mate in up to killDepth moves by consecutive checks).
	killDepth = 3
	// killBudget bounds the nodes of one search, so that no position can stall it.
	killBudget = 2000
)

// threatensMate reports whether, if the opponent passed after the move that led to p,
// side s would mate by consecutive checks within killDepth moves (spec §1.1, 殺). p is
// not changed.
func threatensMate(p xiangqi.Position, s xiangqi.Color) bool {
	p.SetSideToMove(s)
	budget := killBudget
	return mateByChecks(&p, killDepth, &budget)
}

// mateByChecks reports whether the side to move mates by checks within depth moves.
// Only checking moves are searched: each pseudo-legal move is tried once, and the
// cheap "does it give check" test comes before the legality test.
func mateByChecks(p *xiangqi.Position, depth int, budget *int) bool {
	if depth == 0 || *budget <= 0 {
		return false
	}
	s := p.SideToMove()
	var buf [128]xiangqi.Move
	for _, m := range p.AppendPseudoMoves(buf[:0]) {
		cap := p.MakeMove(m)
		ok := false
		if p.InCheck(s.Other()) && !p.InCheck(s) {
			*budget--
			ok = repliesAllLose(p, depth-1, budget)
		}
		p.UnmakeMove(m, cap)
		if ok {
			return true
		}
		if *budget <= 0 {
			return false
		}
	}
	return false
}

// repliesAllLose reports whether every legal reply of the side to move (in check)
// leads to mate by further checks; no legal reply at all is mate (or stalemate, which
// also loses in xiangqi).
func repliesAllLose(p *xiangqi.Position, depth int, budget *int) bool {
	if depth == 0 {
		return !p.HasLegalMove()
	}
	s := p.SideToMove()
	var buf [128]xiangqi.Move
	for _, r := range p.AppendPseudoMoves(buf[:0]) {
		cap := p.MakeMove(r)
		ok := true
		if !p.InCheck(s) {
			*budget--
			ok = mateByChecks(p, depth, budget)
		}
		p.UnmakeMove(r, cap)
		if !ok {
			return false
		}
	}
	return true
}
