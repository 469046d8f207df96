package chushogi

import "fmt"

// lionBar checks the lion rules (§5) for one lion captured by m on target (the move's
// first-step square or destination): L1 adjacent capture, L2 distant protected lion,
// L3 bridge capture, L4 counter-strike. It returns nil when they allow the capture.
// moverIsLion is the capturer's kind before any promotion.
func (p *Position) lionBar(m Move, target Square, moverIsLion bool, o *Options) *IllegalMoveError {
	if !moverIsLion {
		// L4: a non-lion capturing a lion on the ply after losing a lion to a non-lion.
		if p.counterStrikeImmune(m, target, o) {
			return illegal(m, ReasonCounterStrike, "%s", p.counterStrikeDetail(m, target, o))
		}
		return nil
	}
	if Distance(m.From, target) <= 1 {
		// L1 (①): an adjacent lion may always be taken, by step, igui, first step, or a
		// second step onto a square adjacent to the start. Option: counter-strike binds it
		// too, except a bridge capture (④).
		if o.CounterStrikeBindsAdjacentLion && !p.isBridge(m, target, o) && p.counterStrikeImmune(m, target, o) {
			return illegal(m, ReasonCounterStrike, "%s; counter-strike binds a lion's adjacent capture under this ruleset",
				p.counterStrikeDetail(m, target, o))
		}
		return nil
	}
	// L2 (②): a lion two squares from the start may not be taken if protected, judged
	// with the start square (ウラ足) and the first-step square treated as empty. L3 (⑤):
	// unless the first step took a piece that can serve as a bridge.
	if p.isBridge(m, target, o) {
		return nil
	}
	prot := p.lionProtector(m, target, o.Protection)
	if prot == NoSquare {
		return nil
	}
	detail := fmt.Sprintf("the %s on %s is protected by the %s on %s", p.board[target].Name(), target,
		p.board[prot].Name(), prot)
	if m.Mid != NoSquare && m.Mid != m.From && p.board[m.Mid] != NoPiece && o.bridgeExcluded(p.board[m.Mid]) {
		detail += "; the " + p.board[m.Mid].Name() + " taken first cannot be the bridge"
	}
	return illegal(m, ReasonDistantProtectedLion, "%s", detail)
}

// isBridge reports whether m is a bridge capture (付け喰い) of the lion on target: a
// two-step move whose first step takes an enemy piece that may serve as a bridge and
// whose second step takes the lion.
func (p *Position) isBridge(m Move, target Square, o *Options) bool {
	if m.Mid == NoSquare || target != m.To || m.To == m.From {
		return false
	}
	b := p.board[m.Mid]
	return b != NoPiece && b.Color() != p.side && !o.bridgeExcluded(b)
}

// counterStrikeImmune reports whether the lion on target is immune this ply (§5.2):
// a non-lion of the side to move took a lion on the previous ply (the marker is set),
// and under strict every lion is immune, under protected_only a protected one; with
// the same-square option a lion standing on the marker square is not.
func (p *Position) counterStrikeImmune(m Move, target Square, o *Options) bool {
	if p.marker == NoSquare || o.CounterStrike == CounterStrikeOff {
		return false
	}
	if o.CounterStrikeSameSquare && target == p.marker {
		return false
	}
	if o.CounterStrike == CounterStrikeStrict {
		return true
	}
	return p.lionProtector(m, target, o.Protection) != NoSquare
}

func (p *Position) counterStrikeDetail(m Move, target Square, o *Options) string {
	s := fmt.Sprintf("a lion was taken by a non-lion on %s last ply", p.marker)
	if o.CounterStrike == CounterStrikeProtectedOnly {
		prot := p.lionProtector(m, target, o.Protection)
		if prot.Valid() {
			s += fmt.Sprintf(", and the %s on %s is protected by the %s on %s", p.board[target].Name(), target,
				p.board[prot].Name(), prot)
		}
	}
	return s
}
