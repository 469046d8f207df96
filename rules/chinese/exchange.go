package chinese

import "github.com/arbiter-xq/arbiter/xiangqi"

// Exchange evaluation on one square (CXA 2020 26.5, 完整的交换过程): after a capture, the
// two sides may go on capturing on the same square with legal moves only, and either
// side may stop when going on would cost it. A capture or recapture after which the
// capturing side is mated by consecutive checks does not count (CXA 29.4 for the chaser;
// the same test for the defender makes a protector tied to its line a false root, 假根).
// All values are seen from the chasing side (see value.go for the floating pawn).

const maxExchangePlies = 14

// analyst evaluates threats for one chasing side. It is not safe for concurrent use.
type analyst struct {
	chaser xiangqi.Color
	mates  *mateSearch
	// lineNodes bounds the check-line search of one scan (抽吃, see chase.go).
	lineNodes int
	// lineCut records that the budget cut a check-line search short.
	lineCut bool
}

// matedAfter reports whether the side to move in p (the opponent of the side that just
// captured) mates by consecutive checks.
func (a *analyst) matedAfter(p *xiangqi.Position) bool {
	return a.mates.canMateWithin(p, mateAfterCaptureDepth, capturedMateBudget)
}

// exchange returns the best gain, for the side to move in p, of going on capturing,
// stopping when it pays (never below 0). The captures considered are those on the
// exchange square s and those the exchange itself made possible (a line opened by a piece
// that left its square: a discovered attack, or a pinned capturer exposing a piece behind
// it, 图23 被牵子捉子). Captures that already stood in root, the position before the
// first capture, are the two sides' own business and are left out.
func (a *analyst) exchange(p, root *xiangqi.Position, s xiangqi.Square, ply int) int {
	if ply >= maxExchangePlies {
		return 0
	}
	mover := p.SideToMove()
	best := 0
	var buf [128]xiangqi.Move
	for _, m := range p.AppendPseudoMoves(buf[:0]) {
		from, to := m.From(), m.To()
		target := p.At(to)
		if target == xiangqi.NoPiece || target.Kind() == xiangqi.King {
			continue
		}
		if to != s && root.At(from) == p.At(from) && root.At(to) == target && root.CanMoveGeometrically(from, to) {
			continue // not made possible by the exchange
		}
		if value(target, to, a.chaser) <= best {
			continue
		}
		cap := p.MakeMove(m)
		if p.InCheck(mover) {
			p.UnmakeMove(m, cap)
			continue
		}
		v := value(cap, to, a.chaser) - a.exchange(p, root, s, ply+1)
		// The mate test only removes options: run it only when the option would count.
		if v > best && !a.matedAfter(p) {
			best = v
		}
		p.UnmakeMove(m, cap)
	}
	return best
}

// captureGain returns the chaser's net gain from capture m in p (chaser to move) followed
// by the best exchange on the square. ok is false when the capture is illegal or the
// capturer would be mated after it. With relaxed set the chaser's own king safety is
// ignored (used only for the "did it exist before" baseline when the chaser was in check).
func (a *analyst) captureGain(p *xiangqi.Position, m xiangqi.Move, relaxed bool) (gain int, ok bool) {
	s := m.To()
	root := *p
	cap := p.MakeMove(m)
	defer p.UnmakeMove(m, cap)
	if cap == xiangqi.NoPiece || cap.Kind() == xiangqi.King {
		return 0, false
	}
	if !relaxed && p.InCheck(a.chaser) {
		return 0, false
	}
	g := value(cap, s, a.chaser) - a.exchange(p, &root, s, 1)
	if g > 0 && !relaxed && a.matedAfter(p) {
		return g, false
	}
	return g, true
}

// legalRecaptures returns how many pieces of the defender attack s after the chaser's
// capture m (geometric protectors), and how many of them may really recapture: legally
// (own king safe, no facing kings) and without being mated at once.
func (a *analyst) recaptures(p *xiangqi.Position, m xiangqi.Move) (geometric, real int) {
	s := m.To()
	cap := p.MakeMove(m)
	defer p.UnmakeMove(m, cap)
	def := p.SideToMove()
	var buf [16]xiangqi.Square
	for _, from := range p.AppendAttackers(buf[:0], s, def) {
		geometric++
		r := xiangqi.NewMove(from, s)
		c2 := p.MakeMove(r)
		if !p.InCheck(def) && !a.matedAfter(p) {
			real++
		}
		p.UnmakeMove(r, c2)
	}
	return geometric, real
}
