package banqi

import (
	"fmt"
	"strconv"
	"strings"
)

// PositionError says what is wrong with a position string (§2.3). Rank (1–8) and File
// (0 = a) locate the problem on the board and are 0 and -1 when it is not at one square;
// Field names the field: "board", "side", "pool" or "clock".
type PositionError struct {
	Text   string
	Rank   int
	File   int
	Field  string
	Reason string
}

func (e *PositionError) Error() string {
	switch {
	case e.Rank > 0 && e.File >= 0:
		return fmt.Sprintf("invalid position: %s at %c%d: %s", e.Field, 'a'+e.File, e.Rank, e.Reason)
	case e.Rank > 0:
		return fmt.Sprintf("invalid position: %s, rank %d: %s", e.Field, e.Rank, e.Reason)
	}
	return fmt.Sprintf("invalid position: %s: %s", e.Field, e.Reason)
}

func posErr(text, field string, rank, file int, format string, args ...any) *PositionError {
	return &PositionError{Text: text, Rank: rank, File: file, Field: field, Reason: fmt.Sprintf(format, args...)}
}

// StartString returns the start position of set s: every piece face-down, nobody to
// move yet, the full pool.
func StartString(s PieceSet) string {
	row := "XXXX"
	rows := make([]string, s.Ranks())
	for i := range rows {
		rows[i] = row
	}
	return strings.Join(rows, "/") + " - * 0"
}

// StartPosition returns the start position under options o.
func StartPosition(o Options) Position {
	p, err := ParsePosition(StartString(o.Pieces), o)
	if err != nil {
		panic("banqi: bad start position: " + err.Error())
	}
	return p
}

// maxClock bounds the clock field of a position string.
const maxClock = 1_000_000

// ParsePosition reads a position string (§2.3), `board side pool clock`, for a game
// under options o (o.Pieces decides the board and the letters). An empty string is the
// start position. On input the pool `*` means the full set minus the face-up pieces,
// valid only when nothing has been captured.
func ParsePosition(text string, o Options) (Position, error) {
	if err := o.Validate(); err != nil {
		return Position{}, err
	}
	s := o.Pieces
	if strings.TrimSpace(text) == "" {
		return StartPosition(o), nil
	}
	p := Position{o: o, set: s}
	fields := strings.Fields(text)
	if len(fields) != 4 {
		return p, posErr(text, "board", 0, -1, "want 4 fields (board side pool clock), got %d", len(fields))
	}
	// Board.
	rows := strings.Split(fields[0], "/")
	if len(rows) != s.Ranks() {
		return p, posErr(text, "board", 0, -1, "want %d ranks separated by '/', got %d", s.Ranks(), len(rows))
	}
	faceDown := 0
	for i, row := range rows {
		rank := s.Ranks() - i // 1-based
		f := 0
		for j := 0; j < len(row); j++ {
			c := row[j]
			if f >= Files {
				return p, posErr(text, "board", rank, -1, "more than %d squares", Files)
			}
			sq := SquareAt(f, rank-1)
			switch {
			case c >= '1' && c <= '4':
				n := int(c - '0')
				if f+n > Files {
					return p, posErr(text, "board", rank, -1, "more than %d squares", Files)
				}
				f += n
			case c == 'X':
				p.board[sq] = FaceDown
				faceDown++
				f++
			default:
				pc, ok := s.PieceFromLetter(c)
				if !ok {
					return p, posErr(text, "board", rank, f, "%q is not a piece letter of the %s set, X or a digit 1-4 (%s)", c, s, s.LetterLegend())
				}
				p.board[sq] = pc
				p.up[pc.Color().index()]++
				f++
			}
		}
		if f != Files {
			return p, posErr(text, "board", rank, -1, "%d squares, want %d", f, Files)
		}
	}
	// Side.
	switch fields[1] {
	case "r":
		p.side = Red
	case "b":
		p.side = Black
	case "-":
		p.side = NoColor
	default:
		return p, posErr(text, "side", 0, -1, "%q: want r, b or - (nothing flipped yet)", fields[1])
	}
	// Per kind and colour, face-up pieces on the board.
	var onBoard [2][numKinds]int
	for sq := 0; sq < s.Squares(); sq++ {
		if x := p.board[sq]; x != NoPiece && x != FaceDown {
			onBoard[x.Color().index()][x.Kind()]++
		}
	}
	for _, c := range []Color{Red, Black} {
		for _, k := range s.Kinds() {
			if n := onBoard[c.index()][k]; n > s.Count(k) {
				return p, posErr(text, "board", 0, -1, "%d %s %ss face-up; the set has %d", n, strings.ToLower(c.String()), k, s.Count(k))
			}
		}
	}
	// Pool.
	switch pool := fields[2]; pool {
	case "-":
	case "*":
		if p.up[0]+p.up[1]+faceDown != s.Squares() {
			return p, posErr(text, "pool", 0, -1, "'*' (the full set minus the face-up pieces) is valid only when nothing has been captured: %d face-up and %d face-down pieces, want %d in all", p.up[0]+p.up[1], faceDown, s.Squares())
		}
		for _, c := range []Color{Red, Black} {
			for _, k := range s.Kinds() {
				n := s.Count(k) - onBoard[c.index()][k]
				p.pool[c.index()][k] = uint8(n)
				p.poolSize += n
			}
		}
	default:
		for j := 0; j < len(pool); j++ {
			pc, ok := s.PieceFromLetter(pool[j])
			if !ok {
				return p, posErr(text, "pool", 0, -1, "%q is not a piece letter of the %s set (%s)", pool[j], s, s.LetterLegend())
			}
			c, k := pc.Color().index(), pc.Kind()
			if onBoard[c][k]+int(p.pool[c][k]) >= s.Count(k) {
				return p, posErr(text, "pool", 0, -1, "too many %ss: %d face-up and %d in the pool exceed the set's %d", pc.Name(), onBoard[c][k], int(p.pool[c][k])+1, s.Count(k))
			}
			p.pool[c][k]++
			p.poolSize++
		}
	}
	if p.poolSize != faceDown {
		return p, posErr(text, "pool", 0, -1, "%d face-down squares (X) but %d pieces in the pool", faceDown, p.poolSize)
	}
	// Clock.
	n, err := strconv.Atoi(fields[3])
	if err != nil || n < 0 || n > maxClock || fields[3] != strconv.Itoa(n) {
		return p, posErr(text, "clock", 0, -1, "%q: want a number of plies 0..%d", fields[3], maxClock)
	}
	p.clock = n
	if p.side == NoColor && (p.up[0]+p.up[1] != 0 || p.clock != 0) {
		return p, posErr(text, "side", 0, -1, "'-' (nothing flipped yet) needs no face-up piece and clock 0")
	}
	p.rehash()
	return p, nil
}

// String formats the position in the canonical position string.
func (p *Position) String() string {
	var b strings.Builder
	for r := p.Ranks() - 1; r >= 0; r-- {
		empty := 0
		for f := 0; f < Files; f++ {
			x := p.board[SquareAt(f, r)]
			if x == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			if x == FaceDown {
				b.WriteByte('X')
			} else {
				b.WriteByte(x.Letter())
			}
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	switch p.side {
	case Red:
		b.WriteString(" r ")
	case Black:
		b.WriteString(" b ")
	default:
		b.WriteString(" - ")
	}
	b.WriteString(p.PoolString())
	b.WriteByte(' ')
	b.WriteString(strconv.Itoa(p.clock))
	return b.String()
}

// PoolString returns the pool in canonical order (KGMRNCP then lower case; animals
// ELTPWDCR), or "-" when nothing is face-down.
func (p *Position) PoolString() string {
	if p.poolSize == 0 {
		return "-"
	}
	var b strings.Builder
	for _, c := range []Color{Red, Black} {
		for _, k := range p.set.Kinds() {
			for i := 0; i < int(p.pool[c.index()][k]); i++ {
				b.WriteByte(MakePiece(c, k).Letter())
			}
		}
	}
	return b.String()
}
