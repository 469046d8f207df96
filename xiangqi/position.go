package xiangqi

import mbits "math/bits"

// Position is a board with the side to move. It is a small value type (about 160
// bytes): copy it freely. The hash is maintained incrementally by MakeMove.
type Position struct {
	board [NumSquares]Piece
	// occRank[r] has bit f set, and occFile[f] bit r, when the square at file f and
	// rank r is occupied: the attack scan finds the pieces along a line with them.
	occRank [Ranks]uint16
	occFile [Files]uint16
	kings   [2]Square
	// pieces[c] has bit s%64 of word s/64 set when c has a piece on s.
	pieces [2]SquareSet
	// horses[c] and pawns[c] hold the squares of c's horses and pawns: the attack scan
	// skips the squares a horse or pawn could attack from when none stands on them.
	// lines[c] holds those of c's rooks and cannons (the check generator looks at
	// them, and only the horses and pawns near the enemy king).
	horses, pawns, lines [2]SquareSet
	side                 Color
	hash                 uint64
	// HalfmoveClock and Fullmove are the FEN counters; they do not take part in
	// position identity.
	HalfmoveClock, Fullmove int
}

// kindSet returns the set that holds the squares of pieces like pc (horses, pawns, and
// rooks and cannons together), or nil for the other kinds.
func (p *Position) kindSet(pc Piece) *SquareSet {
	switch pc.Kind() {
	case Horse:
		return &p.horses[pc.Color()]
	case Pawn:
		return &p.pawns[pc.Color()]
	case Rook, Cannon:
		return &p.lines[pc.Color()]
	}
	return nil
}

// At returns the piece on s.
func (p *Position) At(s Square) Piece { return p.board[s] }

// SideToMove returns the side to move.
func (p *Position) SideToMove() Color { return p.side }

// Hash returns the Zobrist hash of board and side to move.
func (p *Position) Hash() uint64 { return p.hash }

// KingSquare returns the square of c's king.
func (p *Position) KingSquare(c Color) Square { return p.kings[c] }

// Put places pc on s (replacing whatever was there) and keeps the hash and king squares.
// It is meant for building positions; it does not validate.
func (p *Position) Put(s Square, pc Piece) {
	if old := p.board[s]; old != NoPiece {
		p.hash ^= zobrist.piece[old][s]
		p.pieces[old.Color()].Remove(s)
		if set := p.kindSet(old); set != nil {
			set.Remove(s)
		}
	}
	p.board[s] = pc
	p.setOccupied(s, pc != NoPiece)
	if pc != NoPiece {
		p.pieces[pc.Color()].Add(s)
		if set := p.kindSet(pc); set != nil {
			set.Add(s)
		}
		p.hash ^= zobrist.piece[pc][s]
		if pc.Kind() == King {
			p.kings[pc.Color()] = s
		}
	}
}

// setOccupied keeps the line masks of s in step with the board.
func (p *Position) setOccupied(s Square, on bool) {
	o := &squareOcc[s]
	if on {
		p.occRank[o.r] |= o.rankBit
		p.occFile[o.f] |= o.fileBit
	} else {
		p.occRank[o.r] &^= o.rankBit
		p.occFile[o.f] &^= o.fileBit
	}
}

// occBits is a square's rank and file and its bits in their occupancy masks.
type occBits struct {
	r, f             uint8
	rankBit, fileBit uint16
}

// squareOcc holds the occBits of every square.
var squareOcc = func() (t [NumSquares]occBits) {
	for s := range Square(NumSquares) {
		f, r := s.File(), s.Rank()
		t[s] = occBits{uint8(r), uint8(f), 1 << f, 1 << r}
	}
	return t
}()

// SetSideToMove sets the side to move and updates the hash. Rulesets use it for the
// null-move tests of the rulebooks ("if the opponent passed ...").
func (p *Position) SetSideToMove(c Color) {
	if p.side != c {
		p.side = c
		p.hash ^= zobrist.black
	}
}

// MakeMove plays m without any legality check and returns the captured piece.
func (p *Position) MakeMove(m Move) Piece {
	from, to := m.From(), m.To()
	pc, cap := p.board[from], p.board[to]
	h := p.hash ^ zobrist.piece[pc][from] ^ zobrist.piece[pc][to] ^ zobrist.black
	if cap != NoPiece {
		h ^= zobrist.piece[cap][to]
		p.pieces[cap.Color()].Remove(to)
		if set := p.kindSet(cap); set != nil {
			set.Remove(to)
		}
	}
	own := &p.pieces[pc.Color()]
	own.Remove(from)
	own.Add(to)
	if set := p.kindSet(pc); set != nil {
		set.Remove(from)
		set.Add(to)
	}
	p.board[from] = NoPiece
	p.board[to] = pc
	p.setOccupied(from, false)
	p.setOccupied(to, true)
	if pc.Kind() == King {
		p.kings[pc.Color()] = to
	}
	p.hash = h
	p.side ^= 1
	return cap
}

// UnmakeMove takes back m, which captured cap.
func (p *Position) UnmakeMove(m Move, cap Piece) {
	from, to := m.From(), m.To()
	pc := p.board[to]
	h := p.hash ^ zobrist.piece[pc][from] ^ zobrist.piece[pc][to] ^ zobrist.black
	own := &p.pieces[pc.Color()]
	own.Remove(to)
	own.Add(from)
	if set := p.kindSet(pc); set != nil {
		set.Remove(to)
		set.Add(from)
	}
	if cap != NoPiece {
		h ^= zobrist.piece[cap][to]
		p.pieces[cap.Color()].Add(to)
		if set := p.kindSet(cap); set != nil {
			set.Add(to)
		}
	}
	p.board[to] = cap
	p.board[from] = pc
	p.setOccupied(from, true)
	p.setOccupied(to, cap != NoPiece)
	if pc.Kind() == King {
		p.kings[pc.Color()] = from
	}
	p.hash = h
	p.side ^= 1
}

// Equal reports whether two positions have the same board and side to move.
func (p *Position) Equal(q *Position) bool { return p.board == q.board && p.side == q.side }

// Count returns how many pieces of colour c and kind k are on the board.
func (p *Position) Count(c Color, k Kind) int {
	n := 0
	want := MakePiece(c, k)
	for _, pc := range p.board {
		if pc == want {
			n++
		}
	}
	return n
}

// Mirror returns the position reflected left-right (files a <-> i).
func (p *Position) Mirror() Position {
	var q Position
	for s := Square(0); s < NumSquares; s++ {
		if pc := p.board[s]; pc != NoPiece {
			q.Put(s.Mirror(), pc)
		}
	}
	q.SetSideToMove(p.side)
	q.HalfmoveClock, q.Fullmove = p.HalfmoveClock, p.Fullmove
	return q
}

// LinePieces returns the squares of c's rooks and cannons.
func (p *Position) LinePieces(c Color) SquareSet { return p.lines[c] }

// Horses returns the squares of c's horses.
func (p *Position) Horses(c Color) SquareSet { return p.horses[c] }

// RankSquares returns the squares of rank r (0 to Ranks-1).
func RankSquares(r int) SquareSet { return rankSquares[r] }

// FileSquares returns the squares of file f (0 to Files-1).
func FileSquares(f int) SquareSet { return fileSquares[f] }

// TransformedHashes returns the hashes of p.Mirror(), p.ColorFlip() and
// p.ColorFlip().Mirror() without building those positions (a ruleset that works in a
// canonical orientation compares them for every move it classifies).
func (p *Position) TransformedHashes() (mirror, flip, both uint64) {
	for c := Red; c <= Black; c++ {
		for set := p.pieces[c]; ; {
			s := set.Pop()
			if s == NoSquare {
				break
			}
			pc := p.board[s]
			fpc := MakePiece(c.Other(), pc.Kind())
			fs := s.Flip()
			mirror ^= zobrist.piece[pc][s.Mirror()]
			flip ^= zobrist.piece[fpc][fs]
			both ^= zobrist.piece[fpc][fs.Mirror()]
		}
	}
	if p.side == Black {
		mirror ^= zobrist.black
	} else {
		flip ^= zobrist.black
		both ^= zobrist.black
	}
	return mirror, flip, both
}

// ColorFlip returns the position with the board turned half a turn and the colours
// swapped: Red's pieces become Black's on the mirrored squares, and the other side moves.
func (p *Position) ColorFlip() Position {
	var q Position
	for s := Square(0); s < NumSquares; s++ {
		if pc := p.board[s]; pc != NoPiece {
			q.Put(s.Flip(), MakePiece(pc.Color().Other(), pc.Kind()))
		}
	}
	q.SetSideToMove(p.side.Other())
	q.HalfmoveClock, q.Fullmove = p.HalfmoveClock, p.Fullmove
	return q
}

// SquareSet is a set of squares: bit s%64 of word s/64 stands for square s.
type SquareSet [2]uint64

// Add puts s in the set.
func (x *SquareSet) Add(s Square) { x[uint8(s)>>6&1] |= 1 << (uint(s) & 63) }

// Remove takes s out of the set.
func (x *SquareSet) Remove(s Square) { x[uint8(s)>>6&1] &^= 1 << (uint(s) & 63) }

// Has reports whether s is in the set.
func (x SquareSet) Has(s Square) bool { return x[uint8(s)>>6&1]&(1<<(uint(s)&63)) != 0 }

// Union adds the squares of o to the set.
func (x *SquareSet) Union(o SquareSet) { x[0], x[1] = x[0]|o[0], x[1]|o[1] }

// Intersect keeps the squares that are also in o.
func (x *SquareSet) Intersect(o SquareSet) { x[0], x[1] = x[0]&o[0], x[1]&o[1] }

// Meets reports whether the set and o have a square in common.
func (x SquareSet) Meets(o SquareSet) bool { return x[0]&o[0] != 0 || x[1]&o[1] != 0 }

// Empty reports whether the set has no square.
func (x SquareSet) Empty() bool { return x[0] == 0 && x[1] == 0 }

// Squares lists the set in increasing order.
func (x SquareSet) Squares() []Square {
	var out []Square
	for s := x.Pop(); s != NoSquare; s = x.Pop() {
		out = append(out, s)
	}
	return out
}

// Pop removes the lowest square from the set and returns it; NoSquare when the set is
// empty. Popping until NoSquare visits the squares in increasing order.
func (x *SquareSet) Pop() Square {
	if x[0] != 0 {
		s := Square(mbits.TrailingZeros64(x[0]))
		x[0] &= x[0] - 1
		return s
	}
	if x[1] != 0 {
		s := Square(64 + mbits.TrailingZeros64(x[1]))
		x[1] &= x[1] - 1
		return s
	}
	return NoSquare
}

// Pieces returns the squares of c's pieces.
func (p *Position) Pieces(c Color) SquareSet { return p.pieces[c] }
