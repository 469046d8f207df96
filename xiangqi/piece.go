package xiangqi

// Color is a side: Red moves first.
type Color uint8

// The two sides.
const (
	Red Color = iota
	Black
)

// Other returns the opponent.
func (c Color) Other() Color { return c ^ 1 }

// String returns "Red" or "Black".
func (c Color) String() string {
	if c == Red {
		return "Red"
	}
	return "Black"
}

// Kind is a piece type without colour.
type Kind uint8

// Piece kinds; the zero value means no piece.
const (
	NoKind Kind = iota
	King
	Advisor
	Elephant
	Horse
	Rook
	Cannon
	Pawn
)

var kindNames = [...]string{"none", "king", "advisor", "elephant", "horse", "rook", "cannon", "pawn"}

// String returns the English name of the kind ("rook").
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "invalid"
}

// Piece is a coloured piece; the zero value is an empty square.
// The low three bits hold the Kind, bit 3 is set for Black.
type Piece uint8

// NoPiece is an empty square.
const NoPiece Piece = 0

const blackBit = 8

// MakePiece returns the piece of the given colour and kind.
func MakePiece(c Color, k Kind) Piece {
	if c == Black {
		return Piece(k) | blackBit
	}
	return Piece(k)
}

// Kind returns the piece's kind.
func (p Piece) Kind() Kind { return Kind(p & 7) }

// Color returns the piece's colour (Red for an empty square).
func (p Piece) Color() Color { return Color(p >> 3 & 1) }

// IsEmpty reports whether p is no piece.
func (p Piece) IsEmpty() bool { return p == NoPiece }

const fenLetters = " kabnrcp"

// FENLetter returns the FEN letter: uppercase for Red (K A B N R C P), lowercase for Black.
func (p Piece) FENLetter() byte {
	if p == NoPiece {
		return '.'
	}
	l := fenLetters[p.Kind()]
	if p.Color() == Red {
		l -= 'a' - 'A'
	}
	return l
}

// String returns the FEN letter of the piece.
func (p Piece) String() string { return string(p.FENLetter()) }

// Name returns a human name such as "red rook".
func (p Piece) Name() string {
	if p == NoPiece {
		return "empty"
	}
	if p.Color() == Red {
		return "red " + p.Kind().String()
	}
	return "black " + p.Kind().String()
}

// PieceFromLetter parses a FEN letter; E and H are accepted as aliases of B and N.
func PieceFromLetter(b byte) (Piece, bool) {
	c := Red
	if b >= 'a' && b <= 'z' {
		c = Black
		b -= 'a' - 'A'
	}
	var k Kind
	switch b {
	case 'K':
		k = King
	case 'A':
		k = Advisor
	case 'B', 'E':
		k = Elephant
	case 'N', 'H':
		k = Horse
	case 'R':
		k = Rook
	case 'C':
		k = Cannon
	case 'P':
		k = Pawn
	default:
		return NoPiece, false
	}
	return MakePiece(c, k), true
}

// startCount is how many pieces of each kind a side starts with.
var startCount = [8]int{0, 1, 2, 2, 2, 2, 2, 5}

// StartCount returns how many pieces of kind k a side has at the start.
func StartCount(k Kind) int { return startCount[k] }
