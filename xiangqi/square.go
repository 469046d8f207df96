package xiangqi

// Square is a point of the board, rank*9+file; NoSquare is -1.
type Square int8

// Board dimensions.
const (
	Files      = 9
	Ranks      = 10
	NumSquares = Files * Ranks
)

// NoSquare means no square.
const NoSquare Square = -1

// SquareAt returns the square at file (0..8, 'a'..'i') and rank (0..9, from Red's side).
func SquareAt(file, rank int) Square { return Square(rank*Files + file) }

// File returns 0..8 (a..i).
func (s Square) File() int { return int(s) % Files }

// Rank returns 0..9, counted from Red's back rank.
func (s Square) Rank() int { return int(s) / Files }

// Valid reports whether s is on the board.
func (s Square) Valid() bool { return s >= 0 && s < NumSquares }

// String returns the ICCS name, e.g. "e0".
func (s Square) String() string {
	if !s.Valid() {
		return "-"
	}
	return string([]byte{byte('a' + s.File()), byte('0' + s.Rank())})
}

// ParseSquare parses an ICCS square name such as "e0" or "E0".
func ParseSquare(s string) (Square, bool) {
	if len(s) != 2 {
		return NoSquare, false
	}
	f, r := s[0]|0x20, s[1]
	if f < 'a' || f > 'i' || r < '0' || r > '9' {
		return NoSquare, false
	}
	return SquareAt(int(f-'a'), int(r-'0')), true
}

// Mirror returns the square reflected left-right (file a <-> i).
func (s Square) Mirror() Square { return SquareAt(Files-1-s.File(), s.Rank()) }

// Flip returns the square seen from the other side (the board turned half a turn).
func (s Square) Flip() Square { return SquareAt(Files-1-s.File(), Ranks-1-s.Rank()) }

// InPalace reports whether s lies in c's palace.
func (s Square) InPalace(c Color) bool {
	f, r := s.File(), s.Rank()
	if f < 3 || f > 5 {
		return false
	}
	if c == Red {
		return r <= 2
	}
	return r >= 7
}

// OnOwnSide reports whether s lies on c's side of the river.
func (s Square) OnOwnSide(c Color) bool {
	if c == Red {
		return s.Rank() <= 4
	}
	return s.Rank() >= 5
}

// Move is a move from one square to another; the zero Move is "no move".
type Move uint16

// NoMove is the zero move.
const NoMove Move = 0

// NewMove returns the move from -> to.
func NewMove(from, to Square) Move { return Move(uint16(from) | uint16(to)<<7) }

// From returns the origin square.
func (m Move) From() Square { return Square(m & 0x7f) }

// To returns the destination square.
func (m Move) To() Square { return Square(m >> 7 & 0x7f) }

// String returns the move in lowercase ICCS, e.g. "h2e2".
func (m Move) String() string {
	if m == NoMove {
		return "0000"
	}
	f, t := m.From(), m.To()
	if !f.Valid() || !t.Valid() {
		return f.String() + t.String()
	}
	// One allocation: the move's text is made on every reported ply.
	return string([]byte{byte('a' + f.File()), byte('0' + f.Rank()), byte('a' + t.File()), byte('0' + t.Rank())})
}

// Mirror reflects the move left-right.
func (m Move) Mirror() Move { return NewMove(m.From().Mirror(), m.To().Mirror()) }

// Flip turns the move with the board.
func (m Move) Flip() Move { return NewMove(m.From().Flip(), m.To().Flip()) }
