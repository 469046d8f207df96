package banqi

import "fmt"

// IllegalError says why a ply is illegal in a position: the rule it breaks and a reason
// a person can read, naming squares, pieces and ranks.
type IllegalError struct {
	Rule   Rule
	Reason string
}

func (e *IllegalError) Error() string { return e.Reason }

func illegal(rule Rule, format string, args ...any) *IllegalError {
	return &IllegalError{Rule: rule, Reason: fmt.Sprintf(format, args...)}
}

// Effect is what a ply did.
type Effect struct {
	// Move is the ply as played, resolved: a `-` onto an occupied square is a capture,
	// identities come from the record or the deal.
	Move Move
	// Mover is the side that played it (for the first flip, the colour it revealed).
	Mover Color
	// Captured lists the pieces taken, one per completed link (NCaptured of them).
	Captured  [MaxLinks]Piece
	NCaptured uint8
	// Revealed counts the face-down pieces turned up (a flip, hidden capture links).
	Revealed int
	// RevealOnly is true when the last link aimed at a face-down piece that could not be
	// taken: it stays face-up where it is and the capturer does not move (§4.1).
	RevealOnly bool
}

// Progress reports whether the ply resets the no-progress clock and ends the
// repetition window: a flip, a capture, or any hidden-capture attempt (§6.1, §6.5).
func (e *Effect) Progress() bool { return e.Move.Kind != Step }

// Play checks ply m in p and, when it is legal, plays it on p. An illegal ply is an
// *IllegalError and leaves p unchanged. Bare identities (NoPiece) are errors here; the
// Game fills them from a deal first.
func (p *Position) Play(m Move) (Effect, error) {
	q := *p
	eff, err := q.play(m)
	if err != nil {
		return Effect{}, err
	}
	*p = q
	return eff, nil
}

func (p *Position) onBoard(s Square) bool { return int(s) < p.NumSquares() }

func (p *Position) play(m Move) (Effect, error) {
	eff := Effect{Move: m, Mover: p.side}
	if !p.onBoard(m.From) {
		return eff, illegal(RuleSquare, "%s is not on the board", m.From)
	}
	switch m.Kind {
	case Flip:
		return eff, p.playFlip(&eff)
	case Step, Capture:
	default:
		return eff, illegal(RuleSyntax, "no ply")
	}
	if m.N == 0 || int(m.N) > MaxLinks {
		return eff, illegal(RuleSyntax, "a move needs a target square")
	}
	for i := 0; i < int(m.N); i++ {
		if !p.onBoard(m.Links[i].To) {
			return eff, illegal(RuleSquare, "%s is not on the board", m.Links[i].To)
		}
	}
	if p.side == NoColor {
		return eff, illegal(RuleBeforeFirstFlip, "a move or capture before the first flip: only flips are legal until colours are assigned (§2.5)")
	}
	x := p.board[m.From]
	switch {
	case x == NoPiece:
		return eff, illegal(RuleNoPiece, "no piece on %s", m.From)
	case x == FaceDown:
		return eff, illegal(RuleFaceDownPiece, "the piece on %s is face-down: flip it first", m.From)
	case x.Color() != p.side:
		return eff, illegal(RuleNotOwnPiece, "the %s on %s is not %s's", x.Name(), m.From, p.side)
	}
	if m.Kind == Step && p.board[m.Links[0].To] != NoPiece {
		// §2.4: CDC writes captures like moves; the board decides.
		eff.Move.Kind = Capture
	}
	if eff.Move.Kind == Step {
		to := m.Links[0].To
		if _, dist := line(m.From, to); dist != 1 {
			if x.Kind() == Cannon {
				return eff, illegal(RuleGeometry, "%s-%s: a cannon moves one square along a rank or file; it goes further only to capture", m.From, to)
			}
			return eff, illegal(RuleGeometry, "%s-%s: %s moves one square along a rank or file", m.From, to, x.Kind().withArticle())
		}
		p.remove(m.From)
		p.put(to, x)
		p.clock++
		p.setSide(p.side.Other())
		return eff, nil
	}
	return eff, p.playCapture(&eff, x)
}

func (p *Position) playFlip(eff *Effect) error {
	m := eff.Move
	switch x := p.board[m.From]; {
	case x == NoPiece:
		return illegal(RuleFlipFaceUp, "flip of %s: the square is empty", m.From)
	case x != FaceDown:
		return illegal(RuleFlipFaceUp, "flip of %s: the %s there is already face-up", m.From, x.Name())
	}
	if err := p.checkIdentity(m.From, m.Reveal); err != nil {
		return err
	}
	p.remove(m.From)
	p.put(m.From, m.Reveal)
	p.takeFromPool(m.Reveal)
	eff.Revealed = 1
	if p.side == NoColor {
		// §3.1: the first flip gives its colour to the player who made it.
		eff.Mover = m.Reveal.Color()
		p.side = eff.Mover
	}
	p.clock = 0
	p.setSide(p.side.Other())
	return nil
}

// checkIdentity checks that pc may be the face-down piece on s: stated, of this set and
// still in the pool.
func (p *Position) checkIdentity(s Square, pc Piece) error {
	if pc == NoPiece {
		return illegal(RuleFlipIdentity, "flip without the revealed piece: %s needs its identity (%s=K, %s(K)) unless the request has a deal (§2.5)", s, s, s)
	}
	c, k := pc.Color(), pc.Kind()
	if (c != Red && c != Black) || p.set.Count(k) == 0 {
		return illegal(RuleFlipIdentity, "%v is not a piece of the %s set", pc, p.set)
	}
	if p.pool[c.index()][k] == 0 {
		return illegal(RuleNotInPool, "%s turns up a %s, which the pool no longer holds (pool %s)", s, pc.Name(), p.PoolString())
	}
	return nil
}

// playCapture plays the links of a capture by x on m.From, one by one, each legal on its
// own from the square the previous one landed on (§4.2).
func (p *Position) playCapture(eff *Effect, x Piece) error {
	m := &eff.Move
	cur := m.From
	chain := m.N > 1
	if chain {
		switch p.opts().ChainCapture {
		case ChainOff:
			return illegal(RuleChain, "%s: chained captures are not allowed (chain_capture=off, §4.2)", m.String())
		case ChainCannon:
			if x.Kind() != Cannon {
				return illegal(RuleChain, "%s: only cannons may chain captures (chain_capture=cannon, §4.2)", m.String())
			}
		}
	}
	p.clock = 0
	for i := 0; i < int(m.N); i++ {
		if eff.RevealOnly {
			return illegal(RuleChain, "link %d (%s): the previous link only revealed a piece, which ends the chain (§4.2)", i+1, m.Links[i].To)
		}
		l := &m.Links[i]
		jump, err := p.capturePath(x, cur, l.To)
		if err != nil {
			return err
		}
		t := p.board[l.To]
		if t == FaceDown {
			if err := p.hiddenAllowed(x, jump, chain, l.To); err != nil {
				return err
			}
			if err := p.checkIdentity(l.To, l.Reveal); err != nil {
				return err
			}
			// §4.1: turn it up; the capture completes if the attacker may take it.
			p.takeFromPool(l.Reveal)
			p.remove(l.To)
			p.put(l.To, l.Reveal)
			eff.Revealed++
			t = l.Reveal
			if t.Color() != x.Color() && (jump || p.canStep(x.Kind(), t.Kind())) {
				p.remove(l.To)
				p.remove(cur)
				p.put(l.To, x)
				eff.Captured[eff.NCaptured] = t
				eff.NCaptured++
				cur = l.To
			} else {
				eff.RevealOnly = true
			}
			continue
		}
		if l.Reveal != NoPiece {
			return illegal(RuleFlipIdentity, "link %d: %s is face-up (a %s); only a face-down target takes an identity", i+1, l.To, t.Name())
		}
		if t.Color() == x.Color() {
			return illegal(RuleOwnPiece, "%s takes its own %s on %s", x.Name(), t.Name(), l.To)
		}
		if !jump {
			if ok, rule, why := p.opts().CanStepCapture(x.Kind(), t.Kind()); !ok {
				if i > 0 {
					why = fmt.Sprintf("link %d (%s): %s", i+1, l.To, why)
				}
				return illegal(rule, "%s", why)
			}
		}
		p.remove(l.To)
		p.remove(cur)
		p.put(l.To, x)
		eff.Captured[eff.NCaptured] = t
		eff.NCaptured++
		cur = l.To
	}
	p.setSide(p.side.Other())
	return nil
}

func (p *Position) canStep(a, v Kind) bool { return p.o.canStep(a, v) }

// capturePath checks the geometry of a capture by x from → to: a step to an adjacent
// square, or a cannon's jump over exactly one screen (§3.4). It reports whether it is
// a jump.
func (p *Position) capturePath(x Piece, from, to Square) (jump bool, err error) {
	o := p.opts()
	t := p.board[to]
	if t == NoPiece {
		return false, illegal(RuleNothingToTake, "%sx%s: there is nothing to capture on %s", from, to, to)
	}
	dir, dist := line(from, to)
	if dir < 0 {
		return false, illegal(RuleGeometry, "%sx%s: not along a rank or file", from, to)
	}
	if dist == 1 {
		if x.Kind() == Cannon && o.CannonCapture.jumpsOnly() {
			if o.CannonCapture == CannonSuper {
				return false, illegal(RuleCannonStep, "%sx%s: a super cannon captures only by jumping over one or more screens, never an adjacent piece (cannon_capture=super, §3.4)", from, to)
			}
			return false, illegal(RuleCannonStep, "%sx%s: a cannon captures only by jumping over exactly one screen, never an adjacent piece (cannon_capture=jump, §3.4)", from, to)
		}
		return false, nil
	}
	if x.Kind() != Cannon {
		return false, illegal(RuleGeometry, "%sx%s: a %s captures one square along a rank or file", from, to, x.Kind())
	}
	if !o.jumps() {
		return false, illegal(RuleCannonNoJump, "%sx%s: the cannon only steps (cannon_capture=step, §3.4)", from, to)
	}
	var screens []Square
	s := from
	for i := 1; i < dist; i++ {
		s, _ = step(s, dir, p.Ranks())
		if p.board[s] != NoPiece {
			screens = append(screens, s)
		}
	}
	if o.CannonCapture == CannonSuper {
		// §3.4 super: one or more screens, every one face-up under cannon_screen=face_up.
		if len(screens) == 0 {
			return false, illegal(RuleCannonScreen, "%sx%s: a super cannon jump needs at least one screen between, found none (cannon_capture=super, §3.4)", from, to)
		}
		if o.CannonScreen == ScreenFaceUp {
			for _, s := range screens {
				if p.board[s] == FaceDown {
					return false, illegal(RuleCannonScreen, "%sx%s: the screen on %s is face-down, and only face-up pieces screen (cannon_screen=face_up, §3.4)", from, to, s)
				}
			}
		}
		if o.CannonJumpRange == JumpTwo && dist != 2 {
			return false, illegal(RuleCannonRange, "%sx%s: the target is %d squares away; cannon_jump_range=two needs exactly 2 (§3.4)", from, to, dist)
		}
		return true, nil
	}
	switch len(screens) {
	case 0:
		return false, illegal(RuleCannonScreen, "%sx%s: a cannon jump needs exactly one screen between, found none (§3.4)", from, to)
	case 1:
	default:
		return false, illegal(RuleCannonScreen, "%sx%s: a cannon jump needs exactly one screen between, found %d (%s) (§3.4)", from, to, len(screens), squareList(screens))
	}
	if o.CannonScreen == ScreenFaceUp && p.board[screens[0]] == FaceDown {
		return false, illegal(RuleCannonScreen, "%sx%s: the screen on %s is face-down, and only face-up pieces screen (cannon_screen=face_up, §3.4)", from, to, screens[0])
	}
	if o.CannonJumpRange == JumpTwo && dist != 2 {
		return false, illegal(RuleCannonRange, "%sx%s: the target is %d squares away; cannon_jump_range=two needs exactly 2 (§3.4)", from, to, dist)
	}
	return true, nil
}

// hiddenAllowed checks that a capture by x may aim at the face-down square to (§4.1,
// and §4.2 for links of a chain).
func (p *Position) hiddenAllowed(x Piece, jump, chain bool, to Square) error {
	o := p.opts()
	switch o.HiddenCapture {
	case HiddenOff:
		return illegal(RuleHiddenCapture, "%s is face-down: face-down pieces cannot be captured (hidden_capture=off, §4.1)", to)
	case HiddenCannon:
		if !jump {
			return illegal(RuleHiddenCapture, "%s is face-down: only a cannon's jump may aim at a face-down piece (hidden_capture=cannon, §4.1)", to)
		}
	}
	if chain && o.ChainCapture != ChainAny {
		v, _ := o.Get("chain_capture")
		return illegal(RuleChain, "%s is face-down: chain links take face-up pieces only (chain_capture=%s, §4.2)", to, v)
	}
	return nil
}

func squareList(ss []Square) string {
	out := ""
	for i, s := range ss {
		if i > 0 {
			out += ", "
		}
		out += s.String()
	}
	return out
}
