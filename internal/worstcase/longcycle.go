// Package worstcase builds the adversarial histories that bound the work of one
// request (issue 9, finding 11), for tests and benchmarks.
package worstcase

import "fmt"

// LongCycleFEN is the start of the long-cycle history: two kings and two rooks.
const LongCycleFEN = "3k5/9/9/9/9/9/9/9/r4R3/5K3 w - - 0 1"

// LongCyclePlies is the length of the history as found: 4,000 plies, the server's
// default limit.
const LongCyclePlies = 4000

// LongCycleNaturalMoveLimit is the natural move limit the history was sent with (10000,
// so that the limit would not end it first). Policies now stop at
// arbiter.MaxNaturalMoveLimit (1000): the domain's tests replay it with the limit off
// (-1), the service's with 1000, under which the game is drawn at ply 2000 after 528
// judgements of 1,472-ply cycles.
const LongCycleNaturalMoveLimit = 10000

// redLoop is the red rook's walk of 32 moves from f1 back to f1 (files e-i, ranks 1-8,
// never on a square twice), blackLoop the black rook's walk of 23 moves from a1 back to
// a1 (files a-c). 32 and 23 are coprime, so the position first repeats after
// 32*23 = 736 moves of each side (1,472 plies) and from then on every ply closes a
// cycle of 1,472 plies.
var (
	redLoop = []string{
		"f1f2", "f2f3", "f3f4", "f4f5", "f5f6", "f6f7", "f7f8", "f8g8", "g8h8", "h8i8",
		"i8i6", "i6i5", "i5i4", "i4i3", "i3i2", "i2h2", "h2h1", "h1g1", "g1g2", "g2g3",
		"g3h3", "h3h4", "h4g4", "g4g5", "g5h5", "h5h6", "h6g6", "g6g7", "g7h7", "h7i7",
		"i7i1", "i1f1",
	}
	blackLoop = []string{
		"a1a2", "a2a3", "a3a4", "a4a5", "a5a6", "a6a7", "a7a8", "a8a9", "a9b9", "b9b8",
		"b8b7", "b7b6", "b6b5", "b5b4", "b4b3", "b3b2", "b2c2", "c2c3", "c3c4", "c4c5",
		"c5c6", "c6c1", "c1a1",
	}
)

// LongCycleLoops returns the lengths of the two rooks' loops (moves per side).
func LongCycleLoops() (red, black int) { return len(redLoop), len(blackLoop) }

// LongCycle returns the first n plies (ICCS) of the history of finding 11 from
// LongCycleFEN: Red walks its rook round redLoop, Black round blackLoop, without a
// capture or a check.
func LongCycle(n int) []string {
	moves := make([]string, n)
	for i := range moves {
		if i%2 == 0 {
			moves[i] = redLoop[(i/2)%len(redLoop)]
		} else {
			moves[i] = blackLoop[(i/2)%len(blackLoop)]
		}
	}
	return moves
}

// RookLoops returns the first n plies (ICCS) from LongCycleFEN of a history where Red's
// rook walks up the f-file and slides back in a loop of red moves (2..8) and Black's
// up the a-file and back in a loop of black moves (2..9): the position first repeats
// after 2*lcm(red, black) plies, which sets the cycle length, e.g. 112 plies for 7
// and 8, 126 for 7 and 9.
func RookLoops(red, black, n int) []string {
	if red < 2 || red > 8 || black < 2 || black > 9 {
		panic("worstcase.RookLoops: loop lengths outside 2..8 (red) and 2..9 (black)")
	}
	moves := make([]string, n)
	for i := range moves {
		file, loop := "f", red
		if i%2 == 1 {
			file, loop = "a", black
		}
		k := (i / 2) % loop // the k-th move of the loop, from rank k+1
		if k == loop-1 {
			moves[i] = fmt.Sprintf("%s%d%s1", file, loop, file)
		} else {
			moves[i] = fmt.Sprintf("%s%d%s%d", file, k+1, file, k+2)
		}
	}
	return moves
}
