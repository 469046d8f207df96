package banqi

// Files is the number of files (a–d) of every banqi board.
const Files = 4

// MaxSquares is the number of squares of the largest board (4×8).
const MaxSquares = 32

// Square is a square index, rank*4 + file, with file 0 = 'a' and rank 0 = '1'.
type Square uint8

// NoSquare is the absence of a square.
const NoSquare Square = 255

// SquareAt returns the square on file f (0 = a) and rank r (0 = rank 1).
func SquareAt(f, r int) Square { return Square(r*Files + f) }

// File returns the file, 0 = a.
func (s Square) File() int { return int(s) % Files }

// Rank returns the rank, 0 = rank 1.
func (s Square) Rank() int { return int(s) / Files }

// String returns the name, e.g. "c6".
func (s Square) String() string {
	if s == NoSquare || s >= MaxSquares {
		return "-"
	}
	return string([]byte{byte('a' + s.File()), byte('1' + s.Rank())})
}

// ParseSquare reads a square name of a board with the given number of ranks.
func ParseSquare(t string, ranks int) (Square, bool) {
	if len(t) != 2 || t[0] < 'a' || t[0] >= 'a'+Files || t[1] < '1' || int(t[1]-'1') >= ranks {
		return NoSquare, false
	}
	return SquareAt(int(t[0]-'a'), int(t[1]-'1')), true
}

// Direction offsets along files and ranks.
var directions = [4][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}}

// step returns the square next to s in direction d on a board with ranks ranks.
func step(s Square, d int, ranks int) (Square, bool) {
	f, r := s.File()+directions[d][0], s.Rank()+directions[d][1]
	if f < 0 || f >= Files || r < 0 || r >= ranks {
		return NoSquare, false
	}
	return SquareAt(f, r), true
}

// line returns the direction from a to b when they share a file or rank, and their
// distance (0 when a == b or they share neither).
func line(a, b Square) (dir, dist int) {
	af, ar, bf, br := a.File(), a.Rank(), b.File(), b.Rank()
	switch {
	case af == bf && br > ar:
		return 0, br - ar
	case af == bf && br < ar:
		return 1, ar - br
	case ar == br && bf > af:
		return 2, bf - af
	case ar == br && bf < af:
		return 3, af - bf
	}
	return -1, 0
}

// Mirror returns the square mirrored across the board's middle files (a↔d).
func (s Square) Mirror() Square { return SquareAt(Files-1-s.File(), s.Rank()) }
