package xiangqi

import mbits "math/bits"

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
	by &= 1
	g := &attackGeoms[by][s]
	rook, cannon := MakePiece(by, Rook), MakePiece(by, Cannon)
	// Along each line, in rayDirs order (east, west, north, south): the first piece
	// met may be a rook, the second (over the first as a screen) a cannon.
	f, r := uint(g.f), uint(g.r)
	var hit bool
	// A line is scanned only when a rook or cannon of by stands on it.
	lines := p.lines[by]
	if lines.Meets(g.rank) {
		rank := uint(p.occRank[r])
		a, b := nearestTwoUp(rank>>(f+1), s, 1)
		if dst, hit = p.lineAttackers(dst, a, b, rook, cannon, collect); hit {
			if !collect {
				return nil, true
			}
			any = true
		}
		a, b = nearestTwoDown(rank&(1<<f-1), s, int(f), 1)
		if dst, hit = p.lineAttackers(dst, a, b, rook, cannon, collect); hit {
			if !collect {
				return nil, true
			}
			any = true
		}
	}
	if lines.Meets(g.file) {
		file := uint(p.occFile[f])
		a, b := nearestTwoUp(file>>(r+1), s, Files)
		if dst, hit = p.lineAttackers(dst, a, b, rook, cannon, collect); hit {
			if !collect {
				return nil, true
			}
			any = true
		}
		a, b = nearestTwoDown(file&(1<<r-1), s, int(r), Files)
		if dst, hit = p.lineAttackers(dst, a, b, rook, cannon, collect); hit {
			if !collect {
				return nil, true
			}
			any = true
		}
	}
	// Horses and pawns are looked for only when one stands where it could attack from.
	if p.horses[by].Meets(g.horses) {
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
	}
	// Pawns: a pawn attacks the squares it could move to.
	if p.pawns[by].Meets(g.pawns) {
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
	}
	if g.palace {
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
	if g.ownSide {
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

// lineAttackers looks at the first two pieces a and b along one line from the target
// (NoSquare where there is none): a rook on a attacks, and a cannon on b over a. With
// collect it appends them to dst (rook first); without, it stops at the first.
func (p *Position) lineAttackers(dst []Square, a, b Square, rook, cannon Piece, collect bool) ([]Square, bool) {
	if a == NoSquare {
		return dst, false
	}
	hit := false
	if p.board[a] == rook {
		if !collect {
			return dst, true
		}
		hit = true
		dst = append(dst, a)
	}
	if b != NoSquare && p.board[b] == cannon {
		hit = true
		if collect {
			dst = append(dst, b)
		}
	}
	return dst, hit
}

// nearestTwoUp returns the first two occupied squares beyond s in the direction of
// step (1 along the rank, Files along the file), given the occupancy bits of that line
// shifted so that bit 0 is the square next to s; NoSquare where there is none.
func nearestTwoUp(bits uint, s Square, step Square) (Square, Square) {
	if bits == 0 {
		return NoSquare, NoSquare
	}
	a := s + Square(mbits.TrailingZeros(bits)+1)*step
	bits &= bits - 1
	if bits == 0 {
		return a, NoSquare
	}
	return a, s + Square(mbits.TrailingZeros(bits)+1)*step
}

// nearestTwoDown is nearestTwoUp in the other direction: bits holds the occupancy of
// the line below pos (the file or rank index of s), unshifted.
func nearestTwoDown(bits uint, s Square, pos int, step Square) (Square, Square) {
	if bits == 0 {
		return NoSquare, NoSquare
	}
	hi := mbits.Len(bits) - 1
	a := s - Square(pos-hi)*step
	bits &^= 1 << hi
	if bits == 0 {
		return a, NoSquare
	}
	return a, s - Square(pos-(mbits.Len(bits)-1))*step
}

// AppendAttackers appends to dst the squares of the pieces of colour by that attack s,
// and returns the extended slice. It does not include a king's flying capture.
func (p *Position) AppendAttackers(dst []Square, s Square, by Color) []Square {
	dst, _ = p.attackersOf(s, by, dst, true)
	return dst
}

// Attacks reports whether the piece on from attacks to: whether from is among
// AppendAttackers(to, its colour), a question about one piece instead of all of them.
func (p *Position) Attacks(from, to Square) bool {
	pc := p.board[from]
	if pc == NoPiece || from == to {
		return false
	}
	switch pc.Kind() {
	case Rook, Cannon:
		if squareFile[from] != squareFile[to] && squareRank[from] != squareRank[to] {
			return false
		}
		between := p.countBetween(from, to, from) // from is no square between
		if pc.Kind() == Rook {
			return between == 0
		}
		return between == 1
	}
	l := stepsOf(pc, from)
	for i := uint8(0); i < l.n; i++ {
		if st := l.steps[i]; st.to == to {
			return st.block == NoSquare || p.board[st.block] == NoPiece
		}
	}
	return false
}

// KingsFacing reports whether the two kings stand on one file with nothing between them.
func (p *Position) KingsFacing() bool {
	rk, bk := p.kings[Red], p.kings[Black]
	f := squareFile[rk]
	if f != squareFile[bk] {
		return false
	}
	if rk > bk {
		return true // unreachable (the Red king above the Black one); as the square-by-square scan said
	}
	// The squares strictly between the two kings' ranks on their file are empty.
	between := uint(1)<<squareRank[bk] - uint(1)<<(squareRank[rk]+1)
	return uint(p.occFile[f])&between == 0
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
	p.Put(s, NoPiece)
	pinned := p.InCheck(c)
	p.Put(s, pc)
	return pinned
}
