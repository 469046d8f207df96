package xiangqi

// Attack queries. "Attack" here is move geometry: a piece attacks a square when it
// could capture there if the square held an enemy piece, ignoring whether the
// capture would leave its own king in check. Use IsLegal for that.

var rayDirs = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}

// AttackedBy reports whether any piece of colour by attacks s (kings facing not included).
func (p *Position) AttackedBy(s Square, by Color) bool {
	_, any := p.attackersOf(s, by, nil, false)
	return any
}

// attackersOf is the shared scan behind AttackedBy and AppendAttackers. Without collect
// it returns at the first attacker found; with collect it appends every attacker to dst,
// in a fixed order (rooks and cannons by ray in rayDirs order, then horses, pawns, king,
// advisors, elephants) that callers may rely on. Every geometric fact is read from the
// tables of tables.go, so the scan does no arithmetic on files and ranks.
func (p *Position) attackersOf(s Square, by Color, dst []Square, collect bool) ([]Square, bool) {
	any := false
	rook, cannon := MakePiece(by, Rook), MakePiece(by, Cannon)
	rs := &rays[s]
	for d := range rs {
		r := &rs[d]
		i, n := uint8(0), r.n
		for i < n && p.board[r.sq[i]] == NoPiece {
			i++
		}
		if i == n {
			continue
		}
		if p.board[r.sq[i]] == rook {
			if !collect {
				return nil, true
			}
			any = true
			dst = append(dst, r.sq[i])
		}
		for i++; i < n && p.board[r.sq[i]] == NoPiece; i++ {
		}
		if i < n && p.board[r.sq[i]] == cannon {
			if !collect {
				return nil, true
			}
			any = true
			dst = append(dst, r.sq[i])
		}
	}
	horse := MakePiece(by, Horse)
	hl := &horseAttackers[s]
	for i := uint8(0); i < hl.n; i++ {
		st := hl.steps[i]
		if p.board[st.to] == horse && p.board[st.block] == NoPiece {
			if !collect {
				return nil, true
			}
			any = true
			dst = append(dst, st.to)
		}
	}
	// Pawns: a pawn attacks the squares it could move to.
	pawn := MakePiece(by, Pawn)
	pl := &pawnAttackers[by][s]
	for i := uint8(0); i < pl.n; i++ {
		if t := pl.steps[i].to; p.board[t] == pawn {
			if !collect {
				return nil, true
			}
			any = true
			dst = append(dst, t)
		}
	}
	if inPalace[by][s] {
		king, adv := MakePiece(by, King), MakePiece(by, Advisor)
		kl := &kingSteps[by][s]
		for i := uint8(0); i < kl.n; i++ {
			if t := kl.steps[i].to; p.board[t] == king {
				if !collect {
					return nil, true
				}
				any = true
				dst = append(dst, t)
			}
		}
		al := &advisorSteps[by][s]
		for i := uint8(0); i < al.n; i++ {
			if t := al.steps[i].to; p.board[t] == adv {
				if !collect {
					return nil, true
				}
				any = true
				dst = append(dst, t)
			}
		}
	}
	if onOwnSide[by][s] {
		el := MakePiece(by, Elephant)
		ll := &elephantSteps[by][s]
		for i := uint8(0); i < ll.n; i++ {
			st := ll.steps[i]
			if p.board[st.to] == el && p.board[st.block] == NoPiece {
				if !collect {
					return nil, true
				}
				any = true
				dst = append(dst, st.to)
			}
		}
	}
	return dst, any
}

// AppendAttackers appends to dst the squares of the pieces of colour by that attack s,
// and returns the extended slice. It does not include a king's flying capture.
func (p *Position) AppendAttackers(dst []Square, s Square, by Color) []Square {
	dst, _ = p.attackersOf(s, by, dst, true)
	return dst
}

// KingsFacing reports whether the two kings stand on one file with nothing between them.
func (p *Position) KingsFacing() bool {
	rk, bk := p.kings[Red], p.kings[Black]
	if rk.File() != bk.File() {
		return false
	}
	for s := rk + Files; s < bk; s += Files {
		if p.board[s] != NoPiece {
			return false
		}
	}
	return true
}

// InCheck reports whether c's king is attacked, counting facing kings as check.
func (p *Position) InCheck(c Color) bool {
	return p.AttackedBy(p.kings[c], c.Other()) || p.KingsFacing()
}

// Checkers returns the squares of the pieces giving check to c's king (including the
// enemy king when the kings face each other).
func (p *Position) Checkers(c Color) []Square {
	out := p.AppendAttackers(nil, p.kings[c], c.Other())
	if p.KingsFacing() {
		out = append(out, p.kings[c.Other()])
	}
	return out
}

// MayExposeKing is a geometric test for the king safety of m, a move by the piece on
// m.From(): false means that, if the mover's king is not in check now, it is not in
// check after m either, so the MakeMove/InCheck test can be skipped. A move can only
// put its own king in check by moving the king, or by changing which squares are
// occupied on the king's lines (its file and rank: rook and cannon lines, a new cannon
// screen, the facing kings) or on the squares diagonally next to it (the legs of horses
// and eyes of elephants aimed at it); a capture only removes an attacker.
func (p *Position) MayExposeKing(m Move) bool {
	from, to := m.From(), m.To()
	pc := p.board[from]
	if pc == NoPiece || pc.Kind() == King {
		return true
	}
	k := p.kings[pc.Color()]
	return kingLines[k][from] || kingLines[k][to] || diagNeighbour[k][from]
}

// IsPinned reports whether the piece on s is pinned against its own king: removing it
// would leave that king in check (by a rook, a cannon, a horse whose leg it blocks, or
// the facing enemy king). A pinned piece may still have legal moves along the pin line;
// use IsLegal for exact answers.
func (p *Position) IsPinned(s Square) bool {
	pc := p.board[s]
	if pc == NoPiece || pc.Kind() == King {
		return false
	}
	c := pc.Color()
	if p.InCheck(c) {
		return false // already in check: pins are not meaningful
	}
	p.board[s] = NoPiece
	pinned := p.InCheck(c)
	p.board[s] = pc
	return pinned
}
