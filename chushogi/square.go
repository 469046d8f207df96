package chushogi

import (
	"fmt"
	"strconv"
)

// Board dimensions.
const (
	Files      = 12
	Ranks      = 12
	NumSquares = Files * Ranks
)

// Square is one of the 144 squares, numbered in SFEN order: rank a (gote's back rank)
// first, and within a rank file 12 first. So square 0 is 12a and square 143 is 1l.
type Square uint8

// NoSquare is the absence of a square (no marker, no mid square).
const NoSquare Square = 255

// NewSquare returns the square of file 1..12 and rank 0..11 (0 = a). ok is false off
// the board.
func NewSquare(file, rank int) (Square, bool) {
	if file < 1 || file > Files || rank < 0 || rank >= Ranks {
		return NoSquare, false
	}
	return Square(rank*Files + (Files - file)), true
}

// Valid reports whether s is on the board.
func (s Square) Valid() bool { return s < NumSquares }

// File returns the USI file number 1..12 (file 1 is on sente's right).
func (s Square) File() int { return Files - int(s)%Files }

// Rank returns the rank index 0..11 (0 = rank a, gote's back rank).
func (s Square) Rank() int { return int(s) / Files }

// col and row are the board-array coordinates: col 0 is file 12, row 0 is rank a.
func (s Square) col() int { return int(s) % Files }
func (s Square) row() int { return int(s) / Files }

// String returns the USI name, e.g. "7g", "10e", or "-" for NoSquare.
func (s Square) String() string {
	if !s.Valid() {
		return "-"
	}
	return strconv.Itoa(s.File()) + string(rune('a'+s.Rank()))
}

// ParseSquare reads a USI square name: the file 1..12 (no leading zero) and the rank
// letter a..l.
func ParseSquare(text string) (Square, error) {
	sq, n, reason := parseSquarePrefix(text)
	if reason != "" {
		return NoSquare, fmt.Errorf("square %q: %s", text, reason)
	}
	if n != len(text) {
		return NoSquare, fmt.Errorf("square %q: trailing text after the rank letter", text)
	}
	return sq, nil
}

// parseSquarePrefix reads one square name from the start of text and returns it with
// the number of bytes read, or the reason it is not a square.
func parseSquarePrefix(text string) (Square, int, string) {
	i := 0
	for i < len(text) && i < 3 && text[i] >= '0' && text[i] <= '9' {
		i++
	}
	if i == 0 {
		return NoSquare, 0, "expected a file number 1-12"
	}
	if text[0] == '0' {
		return NoSquare, 0, "a file number has no leading zero"
	}
	file, _ := strconv.Atoi(text[:i])
	if file < 1 || file > Files {
		return NoSquare, 0, fmt.Sprintf("file %d is off the board (1-12)", file)
	}
	if i >= len(text) {
		return NoSquare, 0, "missing the rank letter a-l"
	}
	r := text[i]
	if r < 'a' || r > 'l' {
		return NoSquare, 0, fmt.Sprintf("rank %q is off the board (a-l)", r)
	}
	sq, _ := NewSquare(file, int(r-'a'))
	return sq, i + 1, ""
}

// Distance is the Chebyshev distance max(|dfile|, |drank|).
func Distance(a, b Square) int {
	return max(abs(a.col()-b.col()), abs(a.row()-b.row()))
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// Direction indices, from the owner's point of view: forward, the forward diagonal
// to one side, sideways, the backward diagonal, backward, and the mirror images. Every
// piece moves symmetrically to its left and right.
const (
	dirF = iota
	dirFD1
	dirS1
	dirBD1
	dirB
	dirBD2
	dirS2
	dirFD2
	numDirs
)

// dirDelta is (dcol, drow) of each direction for sente (forward = toward rank a).
var dirDelta = [numDirs][2]int{{0, -1}, {1, -1}, {1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}}

// geometry holds the neighbour tables: step[c][s][d] is the square one step from s in
// direction d for colour c, jump[c][s][d] the square two steps away (NoSquare off the
// board), and ring2[s] the squares at distance 1 or 2 from s (a lion's single moves).
type geometry struct {
	step  [2][NumSquares][numDirs]Square
	jump  [2][NumSquares][numDirs]Square
	ring1 [NumSquares][]Square
	ring2 [NumSquares][]Square
}

var geo = newGeometry()

func offset(s Square, dc, dr int) Square {
	c, r := s.col()+dc, s.row()+dr
	if c < 0 || c >= Files || r < 0 || r >= Ranks {
		return NoSquare
	}
	return Square(r*Files + c)
}

func newGeometry() *geometry {
	g := new(geometry)
	for s := Square(0); s < NumSquares; s++ {
		for c := range 2 {
			flip := 1
			if c == 1 {
				flip = -1
			}
			for d := range numDirs {
				dc, dr := dirDelta[d][0]*flip, dirDelta[d][1]*flip
				g.step[c][s][d] = offset(s, dc, dr)
				g.jump[c][s][d] = offset(s, 2*dc, 2*dr)
			}
		}
		for dr := -2; dr <= 2; dr++ {
			for dc := -2; dc <= 2; dc++ {
				t := offset(s, dc, dr)
				if t == NoSquare || t == s {
					continue
				}
				if max(abs(dc), abs(dr)) == 1 {
					g.ring1[s] = append(g.ring1[s], t)
				}
				g.ring2[s] = append(g.ring2[s], t)
			}
		}
	}
	return g
}
