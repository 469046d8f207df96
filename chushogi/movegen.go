package chushogi

// AppendLegalMoves appends every legal move of the side to move under o, enumerated
// the way lishogi's shogiops does (§12): each single move once, twice when promotion is
// optional (with and without "+"); a lion's distance-2 jump once; and every two-step
// move once per (first-step square, second-step square) pair, igui and jitto included,
// so routes through an empty first-step square that repeat a single move are listed.
// Repetition rules are the game's, not the position's.
func (p *Position) AppendLegalMoves(o *Options, dst []Move) []Move {
	us := p.side
	for s := Square(0); s < NumSquares; s++ {
		pc := p.board[s]
		if pc == NoPiece || pc.Color() != us {
			continue
		}
		dst = p.appendPieceMoves(o, dst, s, pc)
	}
	return dst
}

// LegalMoves returns the legal moves of the side to move under o.
func (p *Position) LegalMoves(o *Options) []Move {
	return p.AppendLegalMoves(o, make([]Move, 0, 128))
}

// own reports whether s holds a piece of colour c.
func (p *Position) own(s Square, c Color) bool {
	pc := p.board[s]
	return pc != NoPiece && pc.Color() == c
}

func (p *Position) appendPieceMoves(o *Options, dst []Move, s Square, pc Piece) []Move {
	us := pc.Color()
	mv := pc.movement()
	if mv.lion {
		for _, t := range geo.ring2[s] {
			if !p.own(t, us) {
				dst = p.addSingle(o, dst, pc, s, t)
			}
		}
		for _, mid := range geo.ring1[s] {
			if p.own(mid, us) {
				continue
			}
			for _, t := range geo.ring1[mid] {
				if t != s && p.own(t, us) {
					continue
				}
				dst = p.addTwoStep(o, dst, pc, s, mid, t)
			}
		}
		return dst
	}
	for d := range numDirs {
		switch mv.dir[d] {
		case modeStep:
			if t := geo.step[us][s][d]; t != NoSquare && !p.own(t, us) {
				dst = p.addSingle(o, dst, pc, s, t)
			}
		case modeJump2:
			if t := geo.jump[us][s][d]; t != NoSquare && !p.own(t, us) {
				dst = p.addSingle(o, dst, pc, s, t)
			}
		case modeSlide:
			for t := geo.step[us][s][d]; t != NoSquare; t = geo.step[us][t][d] {
				if p.own(t, us) {
					break
				}
				dst = p.addSingle(o, dst, pc, s, t)
				if p.board[t] != NoPiece {
					break
				}
			}
		case modeLion:
			t1, t2 := geo.step[us][s][d], geo.jump[us][s][d]
			if t1 == NoSquare {
				continue
			}
			if !p.own(t1, us) {
				dst = p.addSingle(o, dst, pc, s, t1)
			}
			if t2 != NoSquare && !p.own(t2, us) {
				dst = p.addSingle(o, dst, pc, s, t2)
			}
			if !p.own(t1, us) {
				dst = p.addTwoStep(o, dst, pc, s, t1, s)
				if t2 != NoSquare && !p.own(t2, us) {
					dst = p.addTwoStep(o, dst, pc, s, t1, t2)
				}
			}
		}
	}
	return dst
}

// addSingle appends the single move from-to (to holds no own piece) if the lion rules
// allow it, in its promoting and non-promoting versions as the options allow.
func (p *Position) addSingle(o *Options, dst []Move, pc Piece, from, to Square) []Move {
	victim := p.board[to]
	m := SingleMove(from, to, false)
	if victim != NoPiece && victim.IsLion() && p.lionBar(m, to, pc.IsLion(), o) != nil {
		return dst
	}
	dst = append(dst, m)
	if pc.CanPromote() && promotionBar(pc, from, to, victim != NoPiece, o) == "" && p.thirdRoyalBar(pc) == "" {
		m.Promote = true
		dst = append(dst, m)
	}
	return dst
}

// addTwoStep appends the two-step move from-mid-to (mid and to hold no own piece, to
// may be from) if the lion rules and the jitto rule allow it.
func (p *Position) addTwoStep(o *Options, dst []Move, pc Piece, from, mid, to Square) []Move {
	m := TwoStepMove(from, mid, to)
	v1 := p.board[mid]
	if to == from && v1 == NoPiece && o.Jitto == JittoNever {
		return dst
	}
	lion := pc.IsLion()
	if v1 != NoPiece && v1.IsLion() && p.lionBar(m, mid, lion, o) != nil {
		return dst
	}
	if to != from {
		if v2 := p.board[to]; v2 != NoPiece && v2.IsLion() && p.lionBar(m, to, lion, o) != nil {
			return dst
		}
	}
	return append(dst, m)
}
