package banqi

// FaceDown marks a face-down square on the board. It is not a piece: its identity is
// somewhere in the pool.
const FaceDown Piece = 0x80

// Position is a banqi position: the board (face-up pieces and face-down squares), the
// side to move (NoColor before the first flip), the pool of face-down identities and
// the no-progress clock. It is a small value: copy it to try a ply.
type Position struct {
	o     Options
	set   PieceSet
	board [MaxSquares]Piece
	side  Color
	clock int
	// pool counts the face-down identities by colour (0 Red, 1 Black) and kind.
	pool     [2][numKinds]uint8
	poolSize int
	// up counts the face-up pieces by colour.
	up   [2]int
	hash uint64
}

// Options returns the variant options the position is played under.
func (p *Position) Options() Options { return p.o }

func (p *Position) opts() *Options { return &p.o }

// Set returns the piece set of the position.
func (p *Position) Set() PieceSet { return p.set }

// Ranks returns the number of ranks of the board.
func (p *Position) Ranks() int { return p.set.Ranks() }

// NumSquares returns the number of squares of the board.
func (p *Position) NumSquares() int { return p.set.Squares() }

// At returns what stands on s: a piece, FaceDown or NoPiece.
func (p *Position) At(s Square) Piece {
	if int(s) >= p.NumSquares() {
		return NoPiece
	}
	return p.board[s]
}

// SideToMove returns the side to move; NoColor before the first flip.
func (p *Position) SideToMove() Color { return p.side }

// Clock returns the plies since the last flip or capture (§6.5).
func (p *Position) Clock() int { return p.clock }

// PoolCount returns how many face-down pieces are pc.
func (p *Position) PoolCount(pc Piece) int {
	c := pc.Color()
	if c != Red && c != Black || pc.Kind() >= numKinds {
		return 0
	}
	return int(p.pool[c.index()][pc.Kind()])
}

// PoolSize returns the number of face-down pieces.
func (p *Position) PoolSize() int { return p.poolSize }

// PoolOf returns the number of face-down pieces of colour c (each colour's pool is
// public, §5).
func (p *Position) PoolOf(c Color) int {
	n := 0
	for _, k := range p.set.Kinds() {
		n += int(p.pool[c.index()][k])
	}
	return n
}

// FaceUpCount returns the number of face-up pieces of colour c.
func (p *Position) FaceUpCount(c Color) int { return p.up[c.index()] }

// Eliminated reports whether c has no piece left: none face-up and none of its colour
// in the pool (§5).
func (p *Position) Eliminated(c Color) bool {
	return p.up[c.index()] == 0 && p.PoolOf(c) == 0
}

// Hash returns the position's identity hash (§6.1): face-up pieces on their squares,
// the face-down squares and the side to move. The pool and the clock are not part of it.
func (p *Position) Hash() uint64 { return p.hash }

// SameAs reports whether two positions are the same position in the sense of §6.1.
func (p *Position) SameAs(q *Position) bool {
	return p.set == q.set && p.side == q.side && p.board == q.board
}

// put places x (a piece or FaceDown) on an empty square, keeping the counts and hash.
func (p *Position) put(s Square, x Piece) {
	p.board[s] = x
	p.hash ^= zobristPiece(s, x)
	if x != FaceDown {
		p.up[x.Color().index()]++
	}
}

// remove empties a square, keeping the counts and hash.
func (p *Position) remove(s Square) Piece {
	x := p.board[s]
	if x == NoPiece {
		return x
	}
	p.board[s] = NoPiece
	p.hash ^= zobristPiece(s, x)
	if x != FaceDown {
		p.up[x.Color().index()]--
	}
	return x
}

// setSide sets the side to move, keeping the hash.
func (p *Position) setSide(c Color) {
	p.hash ^= zobristSide[p.side] ^ zobristSide[c]
	p.side = c
}

// takeFromPool removes one pc from the pool.
func (p *Position) takeFromPool(pc Piece) {
	p.pool[pc.Color().index()][pc.Kind()]--
	p.poolSize--
}

// rehash recomputes the hash from scratch.
func (p *Position) rehash() {
	p.hash = zobristSide[p.side]
	for s := 0; s < p.NumSquares(); s++ {
		if x := p.board[s]; x != NoPiece {
			p.hash ^= zobristPiece(Square(s), x)
		}
	}
}

// Mirror returns the position mirrored across the middle files (a↔d). Rules are
// symmetric under it.
func (p *Position) Mirror() Position {
	q := *p
	for s := 0; s < p.NumSquares(); s++ {
		q.board[Square(s).Mirror()] = p.board[s]
	}
	q.rehash()
	return q
}

// SwapColors returns the position with the colours swapped (letter case and side).
func (p *Position) SwapColors() Position {
	q := *p
	for s := 0; s < p.NumSquares(); s++ {
		if x := p.board[s]; x != NoPiece && x != FaceDown {
			q.board[s] = x.Swap()
		}
	}
	q.side = p.side.Other()
	q.pool[0], q.pool[1] = p.pool[1], p.pool[0]
	q.up[0], q.up[1] = p.up[1], p.up[0]
	q.rehash()
	return q
}

// Swap returns the piece of the same kind and the other colour.
func (pc Piece) Swap() Piece {
	if pc == NoPiece || pc == FaceDown {
		return pc
	}
	return MakePiece(pc.Color().Other(), pc.Kind())
}

// zobrist keys: per square, FaceDown and every coloured kind; per side (NoColor too).
var zobristKeys, zobristSide = makeZobrist()

func makeZobrist() (keys [MaxSquares][3 * 16]uint64, side [3]uint64) {
	x := uint64(0x9e3779b97f4a7c15)
	next := func() uint64 { // splitmix64
		x += 0x9e3779b97f4a7c15
		z := x
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		return z ^ z>>31
	}
	for s := range keys {
		for i := range keys[s] {
			keys[s][i] = next()
		}
	}
	side[NoColor], side[Red], side[Black] = next(), 0, next()
	return
}

func zobristPiece(s Square, x Piece) uint64 {
	if x == FaceDown {
		return zobristKeys[s][0]
	}
	return zobristKeys[s][int(x.Color())*16+int(x.Kind())]
}
