package xiangqi

import mbits "math/bits"

// AppendCheckCandidates appends to dst the pseudo-legal moves of the side to move that
// may give check to the enemy king, and returns the extended slice. It is a superset of
// the checking moves (every move that leaves the enemy king attacked, directly, by
// discovery or by giving a cannon its screen, is in it) and, in real positions, a small
// one: a checking search (a mate by consecutive checks, a line of checks) generates its
// moves here instead of trying every move. Whether a candidate really checks, and is
// legal, is for the caller to test. The moves come in the order of AppendPseudoMoves
// (the candidates are a subsequence of it), each once.
//
// When the enemy king is attacked already (the side to move could take it, or the kings
// face each other) every pseudo-legal move is a candidate, and all is true.
func (p *Position) AppendCheckCandidates(dst []Move) (moves []Move, all bool) {
	if p.AttackedBy(p.kings[p.side.Other()], p.side) || p.KingsFacing() {
		return p.AppendPseudoMoves(dst), true
	}
	return p.AppendCheckCandidatesUnattacked(dst), false
}

// AppendCheckCandidatesUnattacked is AppendCheckCandidates for a position where the
// enemy king is known not to be attacked, nor the kings to face each other (the last
// move was legal): it leaves that test out. Where the enemy king is attacked its
// answer is not a superset of the checking moves.
func (p *Position) AppendCheckCandidatesUnattacked(dst []Move) []Move {
	att := p.side
	k := p.kings[att.Other()]
	rook, cannon, horse := MakePiece(att, Rook), MakePiece(att, Cannon), MakePiece(att, Horse)
	own := func(s Square) bool { pc := p.board[s]; return pc != NoPiece && pc.Color() == att }
	// disc: pieces whose every move is a candidate (they may uncover a rook, a cannon
	// or a horse); screen: empty squares between the king and a cannon that faces it
	// with nothing between (a piece moved there is the cannon's screen).
	var disc, screen SquareSet
	kf, kr := squareFile[k], squareRank[k]
	for d := range rays[k] {
		r := &rays[k][d]
		// The first three pieces out along the ray, from the occupancy of its line:
		// b[i] on the square at index at[i] of r.
		var b [3]Square
		var at [3]uint8
		n := 0
		line, pos, step := uint(p.occRank[kr]), kf, Square(1)
		if d >= 2 {
			line, pos, step = uint(p.occFile[kf]), kr, Files
		}
		if d%2 == 0 { // east, north: up the line
			for bits := line >> (pos + 1); bits != 0 && n < 3; bits &= bits - 1 {
				j := mbits.TrailingZeros(bits)
				b[n], at[n] = k+Square(j+1)*step, uint8(j)
				n++
			}
		} else { // west, south: down the line
			for bits := line & (1<<pos - 1); bits != 0 && n < 3; {
				h := mbits.Len(bits) - 1
				b[n], at[n] = k-Square(pos-h)*step, uint8(pos-h-1)
				n++
				bits &^= 1 << h
			}
		}
		if n >= 1 && p.board[b[0]] == cannon {
			for i := uint8(0); i < at[0]; i++ {
				screen.Add(r.sq[i])
			}
		}
		if n >= 2 && p.board[b[1]] == rook && own(b[0]) {
			disc.Add(b[0])
		}
		if n >= 3 && p.board[b[2]] == cannon {
			for _, s := range b[:2] {
				if own(s) {
					disc.Add(s)
				}
			}
		}
	}
	// horseChecks: the squares a horse checks from (its leg towards the king empty);
	// pawnChecks: those a pawn checks from.
	var horseChecks SquareSet
	hl := &horseAttackers[k]
	for i := uint8(0); i < hl.n; i++ {
		st := hl.steps[i]
		if p.board[st.to] == horse && own(st.block) {
			disc.Add(st.block)
		}
		if p.board[st.block] == NoPiece {
			horseChecks.Add(st.to)
		}
	}
	pawnChecks := pawnAttackerSquares[att][k]
	// The pieces that may check, in the order of the board. Without a screen to give,
	// a piece checks only by attacking the king itself (or uncovering an attack, disc):
	// a rook or cannon, a horse from a square within two files and ranks of it (a move
	// away from one within four), a pawn from one next to it (a step away from one
	// within two); a king, advisor or elephant never does.
	mine := p.pieces[att]
	if screen == (SquareSet{}) {
		mine = disc
		mine.Union(p.lines[att])
		near := p.horses[att]
		near.Intersect(horseNear[k])
		mine.Union(near)
		near = p.pawns[att]
		near.Intersect(pawnNear[k])
		mine.Union(near)
	}
	var buf [17]Move
	for {
		s := mine.Pop()
		if s == NoSquare {
			return dst
		}
		pc := p.board[s]
		if disc.Has(s) {
			dst = p.appendPieceMoves(dst, s, pc)
			continue
		}
		if k := pc.Kind(); k == Rook || k == Cannon {
			dst = p.appendLineChecks(dst, s, k == Rook, screen)
			continue
		}
		// A horse or pawn checks from its check squares; any piece may land on a
		// screen square.
		land := screen
		switch pc.Kind() {
		case Horse:
			land.Union(horseChecks)
		case Pawn:
			land.Union(pawnChecks)
		}
		if l := stepsOf(pc, s); l != nil {
			dst = p.appendStepsTo(dst, s, pc.Color(), l, land)
			continue
		}
		for _, m := range p.appendPieceMoves(buf[:0], s, pc) {
			if land.Has(m.To()) {
				dst = append(dst, m)
			}
		}
	}
}

// appendLineChecks appends the moves of the rook or cannon on s (not a piece whose moves
// may uncover a check) that may check the enemy king. Off the king's lines, these are the
// moves to the squares where its file and rank cross the king's, when the piece gets
// there and attacks the king from it (or lands on screen, the line of a cannon that faces
// the king with nothing between). On one of the king's lines, they are the captures that
// leave it attacking the king: a rook taking the only piece between, a cannon taking the
// second of three pieces between, or a cannon next to the king on the line taking away
// from it (the piece it jumps is then the screen). A rook or cannon checks in no other
// way: any other move along the king's line leaves as many pieces between, and a move
// off the lines, or to another square of them, does not attack the king. The moves come
// in the order of AppendPseudoMoves.
func (p *Position) appendLineChecks(dst []Move, s Square, rook bool, screen SquareSet) []Move {
	c := p.board[s].Color()
	k := p.kings[c.Other()]
	sf, sr, kf, kr := squareFile[s], squareRank[s], squareFile[k], squareRank[k]
	attacks := 1 // pieces between the landing square and the king for an attack
	if rook {
		attacks = 0
	}
	// At most one candidate per direction of rayDirs (east, west, north, south).
	var cand [4]Square
	for i := range cand {
		cand[i] = NoSquare
	}
	dir := func(t Square) int {
		switch {
		case squareRank[t] == sr && squareFile[t] > sf:
			return 0
		case squareRank[t] == sr:
			return 1
		case squareRank[t] > sr:
			return 2
		}
		return 3
	}
	if sf == kf || sr == kr {
		// On the king's line: the capture toward the king that leaves attacks pieces
		// between (the rook's only piece between, the cannon's second of three), or a
		// cannon's capture away from the king it stands next to on the line (the
		// screen it jumps is then the one between).
		toward := dir(k) // away is toward^1: rayDirs pairs opposite directions
		enemyAt := func(t Square) bool { return t != NoSquare && p.board[t].Color() != c }
		n := p.countBetween(s, k, s)
		if t := p.nthPiece(&rays[s][toward^1], 2); !rook && n == 0 && enemyAt(t) {
			cand[dir(t)] = t
		}
		// The rook's only piece between (n 1), the cannon's second of three (n 3).
		if t := p.nthPiece(&rays[s][toward], attacks+1); n == 2*attacks+1 && enemyAt(t) {
			cand[dir(t)] = t
		}
	} else {
		for _, t := range [2]Square{SquareAt(sf, kr), SquareAt(kf, sr)} {
			tp := p.board[t]
			if tp != NoPiece && tp.Color() == c {
				continue
			}
			// Reach t: a rook over an empty path; a cannon over an empty path to an
			// empty square, or over one screen to an enemy piece.
			need := 0
			if !rook && tp != NoPiece {
				need = 1
			}
			if p.countBetween(s, t, s) != need {
				continue
			}
			if screen.Has(t) || p.countBetween(t, k, s) == attacks {
				cand[dir(t)] = t
			}
		}
	}
	for _, t := range cand {
		if t != NoSquare {
			dst = append(dst, NewMove(s, t))
		}
	}
	return dst
}

// nthPiece returns the square of the n-th piece along r (n from 1), NoSquare when there
// are fewer.
func (p *Position) nthPiece(r *ray, n int) Square {
	for _, t := range r.sq[:r.n] {
		if p.board[t] != NoPiece {
			if n--; n == 0 {
				return t
			}
		}
	}
	return NoSquare
}

// countBetween returns the number of pieces strictly between a and b, which share a
// file or a rank, counting the square vacated as empty.
func (p *Position) countBetween(a, b, vacated Square) int {
	oa, ob, ov := &squareOcc[a], &squareOcc[b], &squareOcc[vacated]
	var line, lo, hi, pos uint
	if oa.r == ob.r {
		line, lo, hi, pos = uint(p.occRank[oa.r]), uint(min(oa.f, ob.f)), uint(max(oa.f, ob.f)), uint(ov.f)
		if ov.r != oa.r {
			pos = 0 // not strictly between
		}
	} else {
		line, lo, hi, pos = uint(p.occFile[oa.f]), uint(min(oa.r, ob.r)), uint(max(oa.r, ob.r)), uint(ov.r)
		if ov.f != oa.f {
			pos = 0
		}
	}
	mask := uint(1)<<hi - uint(1)<<(lo+1)
	if pos > lo && pos < hi {
		mask &^= 1 << pos
	}
	return mbits.OnesCount(line & mask)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
