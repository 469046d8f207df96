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
	k := p.KingSquare(s.Other())
	var buf [128]xiangqi.Move
	for _, m := range p.AppendPseudoMoves(buf[:0]) {
		if !mayCheck(p, m, k) {
			continue
		}
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
// also loses in xiangqi). Only replies that touch a checker's line can be legal (see
// evasionSquares), so the others are not tried.
func repliesAllLose(p *xiangqi.Position, depth int, budget *int) bool {
	s := p.SideToMove()
	k := p.KingSquare(s)
	var touch [xiangqi.NumSquares]bool
	evasionSquares(p, s, &touch)
	var buf [128]xiangqi.Move
	for _, r := range p.AppendPseudoMoves(buf[:0]) {
		if r.From() != k && !touch[r.From()] && !touch[r.To()] {
			continue // every checker still attacks the king
		}
		cap := p.MakeMove(r)
		ok := true
		if !p.InCheck(s) {
			if depth == 0 {
				ok = false // a legal reply: not mate
			} else {
				*budget--
				ok = mateByChecks(p, depth, budget)
			}
		}
		p.UnmakeMove(r, cap)
		if !ok {
			return false
		}
	}
	return true
}

// evasionSquares marks in touch the squares a move of c (in check) must leave or
// reach to parry the check, other than by moving the king: each checker's square, the
// squares between a rook, cannon, pawn or facing king and the king (blocking, adding or
// removing a cannon's screen), and a checking horse's leg. A move that touches none of
// them leaves every checker attacking the king.
func evasionSquares(p *xiangqi.Position, c xiangqi.Color, touch *[xiangqi.NumSquares]bool) {
	k := p.KingSquare(c)
	kf, kr := k.File(), k.Rank()
	var buf [8]xiangqi.Square
	checkers := p.AppendAttackers(buf[:0], k, c.Other())
	if p.KingsFacing() {
		checkers = append(checkers, p.KingSquare(c.Other()))
	}
	for _, a := range checkers {
		touch[a] = true
		af, ar := a.File(), a.Rank()
		switch {
		case p.At(a).Kind() == xiangqi.Horse:
			if df := kf - af; df == 2 || df == -2 {
				touch[xiangqi.SquareAt(af+df/2, ar)] = true
			} else {
				touch[xiangqi.SquareAt(af, ar+(kr-ar)/2)] = true
			}
		case af == kf:
			for r := min(ar, kr) + 1; r < max(ar, kr); r++ {
				touch[xiangqi.SquareAt(af, r)] = true
			}
		case ar == kr:
			for f := min(af, kf) + 1; f < max(af, kf); f++ {
				touch[xiangqi.SquareAt(f, ar)] = true
			}
		}
	}
}

// mayCheck is a cheap necessary condition for move m in p to give check to the king on
// k, so that the mate search makes and tests only the moves that can check:
//
//   - a rook, cannon, pawn or facing king attacks along the king's file or rank, so
//     the move must start or end on that file or rank (moving the attacker, its
//     screen or a blocker);
//   - a horse's leg is a diagonal neighbour of the king, so a discovered horse check
//     must start there;
//   - a moving horse must land a horse's move away from the king.
func mayCheck(p *xiangqi.Position, m xiangqi.Move, k xiangqi.Square) bool {
	kf, kr := k.File(), k.Rank()
	from, to := m.From(), m.To()
	if from.File() == kf || from.Rank() == kr || to.File() == kf || to.Rank() == kr {
		return true
	}
	df, dr := from.File()-kf, from.Rank()-kr
	if (df == 1 || df == -1) && (dr == 1 || dr == -1) {
		return true
	}
	if p.At(from).Kind() == xiangqi.Horse {
		df, dr = abs(to.File()-kf), abs(to.Rank()-kr)
		return df == 1 && dr == 2 || df == 2 && dr == 1
	}
	return false
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
