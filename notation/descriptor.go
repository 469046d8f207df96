package notation

import (
	"strconv"

	"github.com/arbiter-xq/arbiter/xiangqi"
)

// A desc is a move as WXF and Chinese notation see it, before it is tied to squares:
// which piece (kind, file and/or a position among like pieces on one file), the
// direction and the number after it. Both notations read into a desc and write from
// one, so they share resolve and describe.
type desc struct {
	color xiangqi.Color // the mover; set by describe, for writing
	kind  xiangqi.Kind  // NoKind when left out ("前七进一": a pawn)
	file  int           // 1..9 counted from the mover's right; 0 when left out
	qual  qual
	ord   int  // 1..5 for qualOrdinal, counted from the front
	op    byte // '+' forward, '-' backward, '=' sideways
	arg   int  // destination file or number of ranks, 1..9
}

// qual picks one of several like pieces on a file.
type qual uint8

const (
	qualNone qual = iota
	qualFront
	qualMiddle
	qualRear
	qualOrdinal
)

// moverFile converts a board file (0 = 'a') to the mover's numbering: Red counts
// from its right (file 1 = 'i'), Black from its right (file 1 = 'a').
func moverFile(c xiangqi.Color, boardFile int) int {
	if c == xiangqi.Red {
		return xiangqi.Files - boardFile
	}
	return boardFile + 1
}

// boardFile is the inverse of moverFile.
func boardFile(c xiangqi.Color, f int) int {
	if c == xiangqi.Red {
		return xiangqi.Files - f
	}
	return f - 1
}

// forward is +1 when c moves up the ranks (Red), -1 otherwise.
func forward(c xiangqi.Color) int {
	if c == xiangqi.Red {
		return 1
	}
	return -1
}

// column holds the squares of one piece (colour and kind) on one file, front first
// from the owner's point of view. A side has at most five of a kind.
type column struct {
	sq [5]xiangqi.Square
	n  int
}

// columnOf collects pc on board file f, front first.
func columnOf(p *xiangqi.Position, pc xiangqi.Piece, f int) column {
	var col column
	c := pc.Color()
	for i := 0; i < xiangqi.Ranks; i++ {
		r := i
		if c == xiangqi.Red {
			r = xiangqi.Ranks - 1 - i
		}
		if s := xiangqi.SquareAt(f, r); p.At(s) == pc && col.n < len(col.sq) {
			col.sq[col.n] = s
			col.n++
		}
	}
	return col
}

// needsNoQualifier reports whether a kind's like pieces on one file are told apart
// by the direction of the move alone, so that the notation writes no qualifier:
// advisors and elephants, by convention (the rear one can only advance, the front one
// only retreat), and the single king.
func needsNoQualifier(k xiangqi.Kind) bool {
	return k == xiangqi.Advisor || k == xiangqi.Elephant || k == xiangqi.King
}

// diagonal reports whether a kind's move names its destination file rather than a
// number of ranks when it goes forward or backward.
func diagonal(k xiangqi.Kind) bool {
	return k == xiangqi.Horse || k == xiangqi.Elephant || k == xiangqi.Advisor
}

var countWords = [...]string{"no", "one", "two", "three", "four", "five"}

// qualWords names the front/rear markers in messages, per notation.
func qualWords(n Notation) string {
	if n == WXF {
		return "+/-"
	}
	return "前/后"
}

// target computes the destination of the piece of kind k and colour c on from when it
// moves as d says; it returns a reason when the move cannot be made on the board.
func target(c xiangqi.Color, k xiangqi.Kind, from xiangqi.Square, d *desc) (xiangqi.Square, string) {
	f, r := from.File(), from.Rank()
	dir := forward(c)
	if d.op == '-' {
		dir = -dir
	}
	var tf, tr int
	switch {
	case !diagonal(k):
		if d.op == '=' {
			tf, tr = boardFile(c, d.arg), r
			if tf == f {
				return xiangqi.NoSquare, "the " + k.String() + " is already on file " + strconv.Itoa(d.arg)
			}
		} else {
			tf, tr = f, r+dir*d.arg
		}
	case d.op == '=':
		return xiangqi.NoSquare, "a " + k.String() + " cannot move sideways"
	default:
		tf = boardFile(c, d.arg)
		df := tf - f
		if df < 0 {
			df = -df
		}
		var dr int
		switch {
		case k == xiangqi.Horse && df == 1:
			dr = 2
		case k == xiangqi.Horse && df == 2, k == xiangqi.Advisor && df == 1:
			dr = 1
		case k == xiangqi.Elephant && df == 2:
			dr = 2
		default:
			return xiangqi.NoSquare, "a " + k.String() + " cannot move from file " +
				strconv.Itoa(moverFile(c, f)) + " to file " + strconv.Itoa(d.arg)
		}
		tr = r + dir*dr
	}
	if tr < 0 || tr >= xiangqi.Ranks {
		return xiangqi.NoSquare, "the move leaves the board"
	}
	return xiangqi.SquareAt(tf, tr), ""
}

// pick returns the square chosen by d's qualifier in col, or a reason.
func pick(col column, d *desc, name string, file int) (xiangqi.Square, string) {
	i := -1
	switch d.qual {
	case qualFront:
		i = 0
	case qualRear:
		i = col.n - 1
	case qualMiddle:
		if col.n == 3 {
			i = 1
		} else {
			return xiangqi.NoSquare, "middle needs exactly three " + name + "s on file " +
				strconv.Itoa(file) + ", there are " + countWords[col.n]
		}
	case qualOrdinal:
		if d.ord > col.n {
			return xiangqi.NoSquare, "no " + name + " number " + strconv.Itoa(d.ord) + " on file " +
				strconv.Itoa(file) + ", there are " + countWords[col.n]
		}
		i = d.ord - 1
	}
	return col.sq[i], ""
}

// resolve turns d into a legal move of the side to move of p, or gives the reason it
// cannot. n only chooses the words of the messages.
func resolve(p *xiangqi.Position, d *desc, n Notation) (xiangqi.Move, string) {
	c := p.SideToMove()
	k := d.kind
	if k == xiangqi.NoKind {
		k = xiangqi.Pawn
	}
	pc := xiangqi.MakePiece(c, k)
	name := pc.Name()

	if d.qual == qualNone {
		col := columnOf(p, pc, boardFile(c, d.file))
		switch {
		case col.n == 0:
			return xiangqi.NoMove, "no " + name + " on file " + strconv.Itoa(d.file)
		case col.n == 1:
			return finish(p, c, k, col.sq[0], d)
		}
		// Like pieces on the file and no qualifier: the notation is incomplete but
		// still means one move when only one of them can make it, as real records
		// write it. Advisors and elephants need no qualifier by convention.
		switch m, found := chooseLegal(p, c, k, col.sq[:col.n], d); found {
		case 1:
			return m, ""
		case 0:
			return xiangqi.NoMove, countWords[col.n] + " " + name + "s on file " + strconv.Itoa(d.file) +
				" and none can make the move"
		}
		return xiangqi.NoMove, countWords[col.n] + " " + name + "s on file " + strconv.Itoa(d.file) +
			" and no " + qualWords(n) + " to say which moves"
	}

	if d.file != 0 {
		col := columnOf(p, pc, boardFile(c, d.file))
		if col.n < 2 {
			return xiangqi.NoMove, countWords[col.n] + " " + name + " on file " + strconv.Itoa(d.file) +
				": " + qualWords(n) + " needs two or more"
		}
		from, why := pick(col, d, name, d.file)
		if why != "" {
			return xiangqi.NoMove, why
		}
		return finish(p, c, k, from, d)
	}

	// A qualifier without a file: the file with two or more such pieces. Only pawns
	// can stand doubled on two files; then the move itself must tell them apart.
	var cands [4]xiangqi.Square // the pieces the qualifier picks, one per file
	var files [4]int            // mover files with two or more
	nc, nf := 0, 0
	var firstWhy string
	for f := 0; f < xiangqi.Files; f++ {
		col := columnOf(p, pc, f)
		if col.n < 2 || nf == len(files) {
			continue
		}
		files[nf] = moverFile(c, f)
		nf++
		from, why := pick(col, d, name, files[nf-1])
		if why != "" {
			if firstWhy == "" {
				firstWhy = why
			}
			continue
		}
		cands[nc] = from
		nc++
	}
	switch {
	case nf == 0:
		return xiangqi.NoMove, "no two " + name + "s on one file for " + qualWords(n)
	case nc == 0:
		return xiangqi.NoMove, firstWhy
	case nc == 1:
		return finish(p, c, k, cands[0], d)
	}
	m, found := chooseLegal(p, c, k, cands[:nc], d)
	if found == 1 {
		return m, ""
	}
	list := ""
	for i := range nf {
		if i > 0 {
			list += " and "
		}
		list += strconv.Itoa(files[i])
	}
	if found == 0 {
		return xiangqi.NoMove, name + "s doubled on files " + list + " and none can make the move"
	}
	return xiangqi.NoMove, name + "s doubled on files " + list + ": say which file"
}

// finish computes the destination and checks legality.
func finish(p *xiangqi.Position, c xiangqi.Color, k xiangqi.Kind, from xiangqi.Square, d *desc) (xiangqi.Move, string) {
	to, why := target(c, k, from, d)
	if why != "" {
		return xiangqi.NoMove, why
	}
	m := xiangqi.NewMove(from, to)
	if why := p.WhyIllegal(m); why != "" {
		return xiangqi.NoMove, "the move is illegal: " + why
	}
	return m, ""
}

// chooseLegal returns the legal move among the candidates' moves as d describes them
// and how many there are (0, 1, or 2 for "more than one").
func chooseLegal(p *xiangqi.Position, c xiangqi.Color, k xiangqi.Kind, from []xiangqi.Square, d *desc) (xiangqi.Move, int) {
	found, n := xiangqi.NoMove, 0
	for _, s := range from {
		if m, why := finish(p, c, k, s, d); why == "" {
			if n++; n > 1 {
				return xiangqi.NoMove, n
			}
			found = m
		}
	}
	return found, n
}

// describe is the inverse of resolve: it tells how the notations name m in p. It
// reports false when the origin is empty or no piece could move that way.
func describe(p *xiangqi.Position, m xiangqi.Move) (desc, bool) {
	from, to := m.From(), m.To()
	if !from.Valid() || !to.Valid() || from == to {
		return desc{}, false
	}
	pc := p.At(from)
	if pc == xiangqi.NoPiece {
		return desc{}, false
	}
	c, k := pc.Color(), pc.Kind()
	d := desc{color: c, kind: k, file: moverFile(c, from.File())}
	dr := (to.Rank() - from.Rank()) * forward(c)
	switch {
	case dr > 0:
		d.op = '+'
	case dr < 0:
		d.op, dr = '-', -dr
	default:
		d.op = '='
	}
	if diagonal(k) {
		if d.op == '=' {
			return desc{}, false
		}
		d.arg = moverFile(c, to.File())
	} else {
		switch {
		case d.op == '=':
			d.arg = moverFile(c, to.File())
		case to.File() != from.File():
			return desc{}, false
		default:
			d.arg = dr
		}
	}
	if needsNoQualifier(k) {
		return d, true
	}
	col := columnOf(p, pc, from.File())
	if col.n < 2 {
		return d, true
	}
	i := 0
	for col.sq[i] != from {
		i++
	}
	switch {
	case col.n >= 4:
		d.qual, d.ord = qualOrdinal, i+1
	case i == 0:
		d.qual = qualFront
	case i == col.n-1:
		d.qual = qualRear
	default:
		d.qual = qualMiddle
	}
	// Pawns doubled on two files: keep the file, drop the kind ("前七进一", "+7+1").
	doubled := 0
	if k == xiangqi.Pawn {
		for f := 0; f < xiangqi.Files; f++ {
			if columnOf(p, pc, f).n >= 2 {
				doubled++
			}
		}
	}
	if doubled > 1 {
		d.kind = xiangqi.NoKind
	} else {
		d.file = 0
	}
	return d, true
}
