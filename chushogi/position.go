package chushogi

// Position is a board, the side to move, the counter-strike marker and the move
// number. It is a value type of about 170 bytes: copy it freely. The hash covers the
// board and the side to move (not the marker, not the move number) and is kept up to
// date by Put and MakeMove.
type Position struct {
	board [NumSquares]Piece
	side  Color
	// marker is the counter-strike square (§2.3 field 3, §5.2): set when the previous
	// ply's mover, a non-lion, captured a lion; NoSquare otherwise.
	marker Square
	hash   uint64
	// MoveNumber is the SFEN move number (1 in the standard start). It takes no part in
	// position identity.
	MoveNumber int
}

// MaxMoveNumber is where lishogi caps the move number.
const MaxMoveNumber = 9999

// NewEmptyPosition returns an empty board, sente to move, no marker, move 1.
func NewEmptyPosition() Position {
	return Position{marker: NoSquare, MoveNumber: 1}
}

// At returns the piece on s.
func (p *Position) At(s Square) Piece { return p.board[s] }

// SideToMove returns the side to move.
func (p *Position) SideToMove() Color { return p.side }

// Marker returns the counter-strike square, or NoSquare.
func (p *Position) Marker() Square { return p.marker }

// Hash returns the Zobrist hash of the board and the side to move.
func (p *Position) Hash() uint64 { return p.hash }

// Put places pc on s (NoPiece empties it). It is meant for building positions.
func (p *Position) Put(s Square, pc Piece) {
	if old := p.board[s]; old != NoPiece {
		p.hash ^= zobrist.piece[old][s]
	}
	p.board[s] = pc
	if pc != NoPiece {
		p.hash ^= zobrist.piece[pc][s]
	}
}

// SetSideToMove sets the side to move.
func (p *Position) SetSideToMove(c Color) {
	if p.side != c {
		p.side = c
		p.hash ^= zobrist.gote
	}
}

// SetMarker sets the counter-strike marker (NoSquare clears it).
func (p *Position) SetMarker(s Square) { p.marker = s }

// Key returns the hash of the position's identity: board and side to move, with the
// counter-strike marker when withMarker is true (§8.1).
func (p *Position) Key(withMarker bool) uint64 {
	if withMarker && p.marker != NoSquare {
		return p.hash ^ zobrist.marker[p.marker]
	}
	return p.hash
}

// SameAs compares two positions exactly (board, side to move, and the marker when
// withMarker is true). The move number is ignored.
func (p *Position) SameAs(q *Position, withMarker bool) bool {
	return p.board == q.board && p.side == q.side && (!withMarker || p.marker == q.marker)
}

// Count returns the number of pieces of colour c on the board.
func (p *Position) Count(c Color) int {
	n := 0
	for _, pc := range p.board {
		if pc != NoPiece && pc.Color() == c {
			n++
		}
	}
	return n
}

// Royals returns the number of royal pieces (king, crown prince) of colour c.
func (p *Position) Royals(c Color) int {
	n := 0
	for _, pc := range p.board {
		if pc != NoPiece && pc.Color() == c && pc.IsRoyal() {
			n++
		}
	}
	return n
}

// Captures lists what a move takes: the pieces on its first-step square and on its
// destination (NoPiece where nothing is taken).
type Captures struct {
	Mid, To Piece
}

// Any reports whether the move captured something.
func (c Captures) Any() bool { return c.Mid != NoPiece || c.To != NoPiece }

// Lion reports whether the move captured a lion.
func (c Captures) Lion() bool {
	return (c.Mid != NoPiece && c.Mid.IsLion()) || (c.To != NoPiece && c.To.IsLion())
}

// MakeMove plays m without any legality check (m must at least name a piece of the side
// to move) and returns what it captured. It sets the counter-strike marker when a
// non-lion captured a lion (§5.2: the lion's square; the destination when two lions
// fell), clears it otherwise, and advances the move number.
func (p *Position) MakeMove(m Move) Captures {
	var cap Captures
	pc := p.board[m.From]
	moverIsLion := pc.IsLion() // before any promotion on this move
	if m.Mid != NoSquare && m.Mid != m.From {
		if cap.Mid = p.board[m.Mid]; cap.Mid != NoPiece {
			p.Put(m.Mid, NoPiece)
		}
	}
	if m.To != m.From {
		cap.To = p.board[m.To]
		p.Put(m.From, NoPiece)
		if m.Promote {
			pc = pc.Promote()
		}
		p.Put(m.To, pc)
	}
	p.marker = NoSquare
	if !moverIsLion {
		// The capturer's kind is taken before promotion: a kirin that takes a lion and
		// promotes sets the marker (§5.2).
		switch {
		case cap.To != NoPiece && cap.To.IsLion():
			p.marker = m.To
		case cap.Mid != NoPiece && cap.Mid.IsLion():
			p.marker = m.Mid
		}
	}
	p.side = p.side.Other()
	p.hash ^= zobrist.gote
	if p.MoveNumber < MaxMoveNumber {
		p.MoveNumber++
	}
	return cap
}

// zobrist holds the hashing keys, drawn from a fixed-seed generator so hashes are the
// same in every run.
var zobrist = newZobrist()

type zobristKeys struct {
	piece  [128][NumSquares]uint64
	marker [NumSquares]uint64
	gote   uint64
}

func newZobrist() *zobristKeys {
	z := new(zobristKeys)
	x := uint64(0x9E3779B97F4A7C15)
	next := func() uint64 { // splitmix64
		x += 0x9E3779B97F4A7C15
		r := x
		r = (r ^ (r >> 30)) * 0xBF58476D1CE4E5B9
		r = (r ^ (r >> 27)) * 0x94D049BB133111EB
		return r ^ (r >> 31)
	}
	for i := range z.piece {
		for s := range z.piece[i] {
			z.piece[i][s] = next()
		}
	}
	for s := range z.marker {
		z.marker[s] = next()
	}
	z.gote = next()
	return z
}
