package chushogi

// reach says whether pc on from can get to to by a single move of its pattern (§3),
// judged on the board with the squares clear1 and clear2 treated as empty for line of
// sight. What stands on to does not matter (an attack, or a move when to holds no own
// piece). For a lion-power piece a single move covers every square its two-step moves
// can end on, so this is also "attacks" in the sense of §5.0.
func (p *Position) reach(pc Piece, from, to Square, clear1, clear2 Square) bool {
	if from == to {
		return false
	}
	mv := pc.movement()
	if mv.lion {
		return Distance(from, to) <= 2
	}
	d, n, ok := lineOf(pc.Color(), from, to)
	if !ok {
		return false
	}
	switch mv.dir[d] {
	case modeStep:
		return n == 1
	case modeJump2:
		return n == 2
	case modeLion:
		return n <= 2
	case modeSlide:
		s := from
		for range n - 1 {
			s = geo.step[pc.Color()][s][d]
			if s != clear1 && s != clear2 && p.board[s] != NoPiece {
				return false
			}
		}
		return true
	}
	return false
}

// lineOf returns the direction (from colour c's point of view) and distance from from
// to to, when they lie on a file, rank or diagonal.
func lineOf(c Color, from, to Square) (dir, n int, ok bool) {
	dc, dr := to.col()-from.col(), to.row()-from.row()
	if c == Gote {
		dc, dr = -dc, -dr
	}
	if dc != 0 && dr != 0 && abs(dc) != abs(dr) {
		return 0, 0, false
	}
	sc, sr := sign(dc), sign(dr)
	for d := range numDirs {
		if dirDelta[d][0] == sc && dirDelta[d][1] == sr {
			return d, max(abs(dc), abs(dr)), true
		}
	}
	return 0, 0, false
}

// Attacks reports whether some piece of colour c attacks s: could move there by its
// raw movement if it were c's turn (§5.0; the lion rules and counter-strike are
// ignored, and so is what stands on s).
func (p *Position) Attacks(c Color, s Square) bool {
	return p.firstAttacker(c, s, NoSquare, NoSquare, NoSquare) != NoSquare
}

// AttackersOf lists the squares of c's pieces that attack s.
func (p *Position) AttackersOf(c Color, s Square) []Square {
	var out []Square
	for f := Square(0); f < NumSquares; f++ {
		pc := p.board[f]
		if pc != NoPiece && pc.Color() == c && p.reach(pc, f, s, NoSquare, NoSquare) {
			out = append(out, f)
		}
	}
	return out
}

// firstAttacker returns the square of a piece of colour c that attacks s with clear1
// and clear2 treated as empty for line of sight, skipping the piece on skip; NoSquare
// if there is none.
func (p *Position) firstAttacker(c Color, s, clear1, clear2, skip Square) Square {
	for f := Square(0); f < NumSquares; f++ {
		pc := p.board[f]
		if pc == NoPiece || pc.Color() != c || f == skip || f == s {
			continue
		}
		if p.reach(pc, f, s, clear1, clear2) {
			return f
		}
	}
	return NoSquare
}

// lionProtector returns a protector (足) of the enemy lion on target against the move m
// (§5.0): a piece of the lion's owner that attacks target, with the capturer's start
// square and its first-step square treated as empty for line of sight (ウラ足). Under
// the pre-move reading the piece on the first-step square still protects; under the
// post-move reading a piece taken there does not. NoSquare if the lion is unprotected.
func (p *Position) lionProtector(m Move, target Square, eval ProtectionEval) Square {
	owner := p.board[target].Color()
	skip := NoSquare
	mid := m.Mid
	if mid == m.From {
		mid = NoSquare
	}
	if eval == ProtectionPostMove && mid != NoSquare && mid != target {
		skip = mid
	}
	return p.firstAttacker(owner, target, m.From, mid, skip)
}

// CaptureTargets returns the squares of enemy pieces that the piece on s could take
// with a legal single move if its side were to move at once (the marker of p still in
// force), in square order without repeats. Repetition rules use it to call a move an
// attack (§8.3 (b)).
func (p *Position) CaptureTargets(s Square, o *Options) []Square {
	pc := p.board[s]
	if pc == NoPiece {
		return nil
	}
	q := *p
	q.SetSideToMove(pc.Color())
	var out []Square
	for _, m := range q.appendPieceMoves(o, nil, s, pc) {
		if m.IsTwoStep() || m.Promote {
			continue
		}
		if v := q.board[m.To]; v != NoPiece && v.Color() != pc.Color() {
			out = append(out, m.To)
		}
	}
	return out
}

// RoyalsAttacked returns the squares of c's royal pieces that the opponent attacks
// (raw attacks, §8.3 (a)): the royal pieces in check.
func (p *Position) RoyalsAttacked(c Color) []Square {
	var out []Square
	for s := Square(0); s < NumSquares; s++ {
		pc := p.board[s]
		if pc != NoPiece && pc.Color() == c && pc.IsRoyal() && p.Attacks(c.Other(), s) {
			out = append(out, s)
		}
	}
	return out
}
