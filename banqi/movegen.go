package banqi

// target is a square a piece may aim a single capture at, and whether by a jump.
type target struct {
	sq   Square
	jump bool
}

// targets appends the squares the face-up piece x on from may aim one capture at: face-up
// enemies it may take (§3.3, §3.4) and, where hidden_capture allows, face-down pieces on
// its capture path (§4.1).
func (p *Position) targets(x Piece, from Square, dst []target) []target {
	o := &p.o
	ranks := p.Ranks()
	cannon := x.Kind() == Cannon
	for d := 0; d < 4; d++ {
		a, ok := step(from, d, ranks)
		if !ok {
			continue
		}
		if t := p.board[a]; t != NoPiece {
			switch {
			case t == FaceDown:
				if o.HiddenCapture == HiddenAll && !(cannon && o.CannonCapture.jumpsOnly()) {
					dst = append(dst, target{a, false})
				}
			case t.Color() != x.Color():
				if o.canStep(x.Kind(), t.Kind()) {
					dst = append(dst, target{a, false})
				}
			}
		}
		if !cannon || !o.jumps() {
			continue
		}
		// The jump: the first occupied square is the screen, the next occupied one the target.
		s, screened := a, p.board[a] != NoPiece
		if screened && o.CannonScreen == ScreenFaceUp && p.board[a] == FaceDown {
			continue
		}
		dist := 1
		for {
			if s, ok = step(s, d, ranks); !ok {
				break
			}
			dist++
			t := p.board[s]
			if t == NoPiece {
				continue
			}
			if !screened {
				if o.CannonScreen == ScreenFaceUp && t == FaceDown {
					break
				}
				screened = true
				continue
			}
			if o.CannonJumpRange == JumpTwo && dist != 2 {
				break
			}
			if t == FaceDown {
				if o.HiddenCapture != HiddenOff {
					dst = append(dst, target{s, true})
				}
			} else if t.Color() != x.Color() {
				dst = append(dst, target{s, true})
			}
			// §3.4 super: the piece just passed is one more screen, and the jump goes on
			// (a face-down one only where face-down pieces screen).
			if o.CannonCapture == CannonSuper && !(o.CannonScreen == ScreenFaceUp && t == FaceDown) {
				continue
			}
			break
		}
	}
	return dst
}

// LegalMoves appends every legal ply of the side to move to dst and returns it. With
// outcomes true, a flip and every capture link aimed at a face-down piece are listed
// once per identity the pool holds (every possible outcome, for perft); with outcomes
// false, once per square with Reveal NoPiece (the player's choices), and chains are not
// followed past a face-down link.
func (p *Position) LegalMoves(dst []Move, outcomes bool) []Move {
	n := p.NumSquares()
	for s := 0; s < n; s++ {
		if p.board[s] == FaceDown {
			dst = p.appendIdentities(dst, FlipMove(Square(s), NoPiece), outcomes, func(m Move, pc Piece) Move { m.Reveal = pc; return m })
		}
	}
	if p.side == NoColor {
		return dst
	}
	var buf [8]target
	for s := 0; s < n; s++ {
		x := p.board[s]
		if x == NoPiece || x == FaceDown || x.Color() != p.side {
			continue
		}
		from := Square(s)
		for d := 0; d < 4; d++ {
			if a, ok := step(from, d, p.Ranks()); ok && p.board[a] == NoPiece {
				dst = append(dst, StepMove(from, a))
			}
		}
		for _, t := range p.targets(x, from, buf[:0]) {
			dst = p.appendCaptures(dst, x, Move{Kind: Capture, From: from}, t, outcomes)
		}
	}
	return dst
}

// appendIdentities appends m once (bare) or once per distinct identity in the pool.
func (p *Position) appendIdentities(dst []Move, m Move, outcomes bool, with func(Move, Piece) Move) []Move {
	if !outcomes {
		return append(dst, m)
	}
	for _, c := range []Color{Red, Black} {
		for _, k := range p.set.Kinds() {
			if p.pool[c.index()][k] > 0 {
				dst = append(dst, with(m, MakePiece(c, k)))
			}
		}
	}
	return dst
}

// appendCaptures appends m extended by a link to t (every outcome when t is face-down),
// then every legal continuation of the chain (§4.2).
func (p *Position) appendCaptures(dst []Move, x Piece, m Move, t target, outcomes bool) []Move {
	chain := m.N > 0
	cur := p.after(m) // the board and pool the next link meets
	faceDown := cur.board[t.sq] == FaceDown
	if chain && faceDown && p.o.ChainCapture != ChainAny {
		return dst
	}
	if chain && faceDown && p.o.HiddenCapture == HiddenCannon && !t.jump {
		return dst
	}
	var ms [2 * 16]Move
	next := ms[:0]
	if faceDown {
		next = cur.appendIdentities(next, m.Extend(t.sq, NoPiece), outcomes, func(m Move, pc Piece) Move {
			m.Links[m.N-1].Reveal = pc
			return m
		})
	} else {
		next = append(next, m.Extend(t.sq, NoPiece))
	}
	for _, m2 := range next {
		dst = append(dst, m2)
		if !p.chains(x) || int(m2.N) == MaxLinks || (faceDown && !outcomes) {
			continue
		}
		q := *p
		eff, err := q.play(m2)
		if err != nil || eff.RevealOnly {
			continue
		}
		var buf [8]target
		for _, t2 := range q.targets(x, m2.To(), buf[:0]) {
			dst = p.appendCaptures(dst, x, m2, t2, outcomes)
		}
	}
	return dst
}

// chains reports whether x may chain captures under the options.
func (p *Position) chains(x Piece) bool {
	switch p.o.ChainCapture {
	case ChainFaceUp, ChainAny:
		return true
	case ChainCannon:
		return x.Kind() == Cannon
	}
	return false
}

// after returns the position after the links of m (p itself when m has none).
func (p *Position) after(m Move) *Position {
	if m.N == 0 {
		return p
	}
	q := *p
	if _, err := q.play(m); err != nil {
		return p
	}
	return &q
}

// HasLegalAction reports whether the side to move has any legal ply. It stops at the
// first one and allocates nothing.
func (p *Position) HasLegalAction() bool {
	if p.poolSize > 0 {
		return true // §5: while a face-down piece remains, a flip is always possible
	}
	if p.side == NoColor {
		return false
	}
	var buf [8]target
	for s := 0; s < p.NumSquares(); s++ {
		x := p.board[s]
		if x == NoPiece || x == FaceDown || x.Color() != p.side {
			continue
		}
		for d := 0; d < 4; d++ {
			if a, ok := step(Square(s), d, p.Ranks()); ok && p.board[a] == NoPiece {
				return true
			}
		}
		if len(p.targets(x, Square(s), buf[:0])) > 0 {
			return true
		}
	}
	return false
}

// Perft counts the leaves of the tree of legal plies to depth, every flip and hidden
// capture expanded once per identity the pool holds.
func Perft(p *Position, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	moves := p.LegalMoves(make([]Move, 0, 64), true)
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		q := *p
		if _, err := q.play(m); err != nil {
			panic("banqi: generated an illegal ply " + m.String() + " in " + p.String() + ": " + err.Error())
		}
		n += Perft(&q, depth-1)
	}
	return n
}
