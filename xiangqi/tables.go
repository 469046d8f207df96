package xiangqi

// Precomputed move geometry. Every entry is read-only after package initialisation.

// step is a destination with the square that must be empty for the move (horse leg,
// elephant eye); block is NoSquare when nothing can block.
type step struct {
	to, block Square
}

type stepList struct {
	n     uint8
	steps [8]step
}

var (
	kingSteps     [2][NumSquares]stepList // inside the palace
	advisorSteps  [2][NumSquares]stepList // inside the palace
	elephantSteps [2][NumSquares]stepList // own side of the river, with the eye
	horseSteps    [NumSquares]stepList    // with the leg
	pawnSteps     [2][NumSquares]stepList // forward, and sideways once across the river
	// horseAttackers lists, for a target square, where a horse must stand to attack it
	// and which leg square must be empty.
	horseAttackers [NumSquares]stepList
	// pawnAttackers lists, for a target square, where a pawn of each colour must stand
	// to attack it: behind it first, then beside it (files a to i) once across the river.
	pawnAttackers [2][NumSquares]stepList
	// horseAttackerSquares and pawnAttackerSquares hold the squares of those lists as
	// sets.
	horseAttackerSquares [NumSquares]SquareSet
	pawnAttackerSquares  [2][NumSquares]SquareSet
	// stepReach[c][k][s] holds the squares a king, advisor, elephant or pawn (kind k)
	// of colour c on s may step to (blocked or not): AppendMovesFromOrTo skips a piece
	// that reaches none of its target squares without generating its moves.
	stepReach [2][Pawn + 1][NumSquares]SquareSet
	// attackGeoms[c][s] gathers what attackersOf reads about s for attackers of colour
	// c, in one place.
	attackGeoms [2][NumSquares]attackGeom
	// horseNear[k] holds the squares within four files and four ranks of k (a horse
	// elsewhere cannot check a king on k in one move), pawnNear[k] those at most two
	// steps (files plus ranks) from it (the same for a pawn).
	horseNear, pawnNear [NumSquares]SquareSet
	// rankSquares[r] and fileSquares[f] hold the squares of a rank and of a file.
	rankSquares [Ranks]SquareSet
	fileSquares [Files]SquareSet
	// rays lists, for a square and each direction of rayDirs, the squares outward from
	// it to the edge of the board.
	rays [NumSquares][4]ray
	// inPalace and onOwnSide are Square.InPalace and Square.OnOwnSide as tables.
	inPalace, onOwnSide [2][NumSquares]bool
	// squareFile and squareRank are Square.File and Square.Rank as tables.
	squareFile, squareRank [NumSquares]int
	// kingLines[k][s]: s is on the file or rank of k; diagNeighbour[k][s]: s is
	// diagonally next to k. MayExposeKing reads them.
	kingLines, diagNeighbour [NumSquares][NumSquares]bool
	zobrist                  = newZobrist()
)

var tablesReady = buildTables()

// attackGeom is the geometry of a target square for the attackers of one colour: its
// rank and file (as sets and numbers), the squares a horse or a pawn of that colour
// attacks it from, and whether a king or advisor (palace) or an elephant (own side)
// of that colour may reach it.
type attackGeom struct {
	rank, file      SquareSet
	horses, pawns   SquareSet
	f, r            uint8
	palace, ownSide bool
}

// ray is the squares from a square outward in one direction, nearest first.
type ray struct {
	n  uint8
	sq [Ranks - 1]Square
}

func onBoard(f, r int) bool { return f >= 0 && f < Files && r >= 0 && r < Ranks }

func (l *stepList) add(to, block Square) {
	l.steps[l.n] = step{to, block}
	l.n++
}

func buildTables() bool {
	orth := [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	diag := [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
	for s := Square(0); s < NumSquares; s++ {
		f, r := s.File(), s.Rank()
		for d, dir := range rayDirs {
			for ff, rr := f+dir[0], r+dir[1]; onBoard(ff, rr); ff, rr = ff+dir[0], rr+dir[1] {
				rl := &rays[s][d]
				rl.sq[rl.n] = SquareAt(ff, rr)
				rl.n++
			}
		}
		for t := Square(0); t < NumSquares; t++ {
			df, dr := t.File()-f, t.Rank()-r
			kingLines[s][t] = t != s && (df == 0 || dr == 0)
			diagNeighbour[s][t] = (df == 1 || df == -1) && (dr == 1 || dr == -1)
		}
		squareFile[s], squareRank[s] = f, r
		for c := Red; c <= Black; c++ {
			inPalace[c][s], onOwnSide[c][s] = s.InPalace(c), s.OnOwnSide(c)
			back := -1
			if c == Black {
				back = 1
			}
			if onBoard(f, r+back) {
				pawnAttackers[c][s].add(SquareAt(f, r+back), NoSquare)
			}
			if !s.OnOwnSide(c) {
				for _, df := range [2]int{-1, 1} {
					if onBoard(f+df, r) {
						pawnAttackers[c][s].add(SquareAt(f+df, r), NoSquare)
					}
				}
			}
			for _, d := range orth {
				t := SquareAt(f+d[0], r+d[1])
				if onBoard(f+d[0], r+d[1]) && s.InPalace(c) && t.InPalace(c) {
					kingSteps[c][s].add(t, NoSquare)
				}
			}
			for _, d := range diag {
				t := SquareAt(f+d[0], r+d[1])
				if onBoard(f+d[0], r+d[1]) && s.InPalace(c) && t.InPalace(c) {
					advisorSteps[c][s].add(t, NoSquare)
				}
				if onBoard(f+2*d[0], r+2*d[1]) && s.OnOwnSide(c) {
					t2 := SquareAt(f+2*d[0], r+2*d[1])
					if t2.OnOwnSide(c) {
						elephantSteps[c][s].add(t2, SquareAt(f+d[0], r+d[1]))
					}
				}
			}
			fwd := 1
			if c == Black {
				fwd = -1
			}
			if onBoard(f, r+fwd) {
				pawnSteps[c][s].add(SquareAt(f, r+fwd), NoSquare)
			}
			if !s.OnOwnSide(c) {
				for _, df := range [2]int{-1, 1} {
					if onBoard(f+df, r) {
						pawnSteps[c][s].add(SquareAt(f+df, r), NoSquare)
					}
				}
			}
		}
		// Horse: two steps along one axis, one along the other; the leg is the first
		// orthogonal step.
		for _, d := range orth {
			for _, side := range [2]int{-1, 1} {
				df, dr := 2*d[0], 2*d[1]
				if d[0] == 0 {
					df = side
				} else {
					dr = side
				}
				if onBoard(f+df, r+dr) {
					horseSteps[s].add(SquareAt(f+df, r+dr), SquareAt(f+d[0], r+d[1]))
				}
			}
		}
	}
	// Reverse horse table: a horse on h attacks t when t is in horseSteps[h].
	for h := Square(0); h < NumSquares; h++ {
		l := &horseSteps[h]
		for i := uint8(0); i < l.n; i++ {
			horseAttackers[l.steps[i].to].add(h, l.steps[i].block)
		}
	}
	for s := Square(0); s < NumSquares; s++ {
		rankSquares[s.Rank()].Add(s)
		fileSquares[s.File()].Add(s)
	}
	for k := Square(0); k < NumSquares; k++ {
		for s := Square(0); s < NumSquares; s++ {
			df, dr := abs(s.File()-k.File()), abs(s.Rank()-k.Rank())
			if df <= 4 && dr <= 4 {
				horseNear[k].Add(s)
			}
			if df+dr <= 2 {
				pawnNear[k].Add(s)
			}
		}
	}
	for c := Red; c <= Black; c++ {
		for s := Square(0); s < NumSquares; s++ {
			for k, l := range map[Kind]*stepList{King: &kingSteps[c][s], Advisor: &advisorSteps[c][s],
				Elephant: &elephantSteps[c][s], Pawn: &pawnSteps[c][s]} {
				for i := uint8(0); i < l.n; i++ {
					stepReach[c][k][s].Add(l.steps[i].to)
				}
			}
		}
	}
	defer func() {
		for c := Red; c <= Black; c++ {
			for s := Square(0); s < NumSquares; s++ {
				attackGeoms[c][s] = attackGeom{rankSquares[squareRank[s]], fileSquares[squareFile[s]],
					horseAttackerSquares[s], pawnAttackerSquares[c][s], uint8(squareFile[s]), uint8(squareRank[s]),
					inPalace[c][s], onOwnSide[c][s]}
			}
		}
	}()
	for t := Square(0); t < NumSquares; t++ {
		for i := uint8(0); i < horseAttackers[t].n; i++ {
			horseAttackerSquares[t].Add(horseAttackers[t].steps[i].to)
		}
		for c := range pawnAttackers {
			for i := uint8(0); i < pawnAttackers[c][t].n; i++ {
				pawnAttackerSquares[c][t].Add(pawnAttackers[c][t].steps[i].to)
			}
		}
	}
	return true
}

// zobristKeys holds the hashing keys: one per piece and square, and one for Black to move.
type zobristKeys struct {
	piece [16][NumSquares]uint64
	black uint64
}

func newZobrist() *zobristKeys {
	z := &zobristKeys{}
	x := uint64(0x9E3779B97F4A7C15)
	next := func() uint64 { // splitmix64: fixed seed, so hashes are stable across runs
		x += 0x9E3779B97F4A7C15
		v := x
		v = (v ^ v>>30) * 0xBF58476D1CE4E5B9
		v = (v ^ v>>27) * 0x94D049BB133111EB
		return v ^ v>>31
	}
	for p := range z.piece {
		for s := range z.piece[p] {
			z.piece[p][s] = next()
		}
	}
	z.black = next()
	return z
}
