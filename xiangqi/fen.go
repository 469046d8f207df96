package xiangqi

import (
	"fmt"
	"strconv"
	"strings"
)

// StartFEN is the standard start position.
const StartFEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"

// FENError describes what is wrong with a FEN. Rank and File locate the problem on
// the board (rank 0..9 from Red's side, file 0..8 = a..i) and are -1 when the problem
// is not at one point.
type FENError struct {
	FEN        string
	Rank, File int
	Reason     string
}

func (e *FENError) Error() string {
	switch {
	case e.Rank >= 0 && e.File >= 0:
		return fmt.Sprintf("invalid FEN: at %s (rank %d, file %c): %s", SquareAt(e.File, e.Rank), e.Rank, 'a'+e.File, e.Reason)
	case e.Rank >= 0:
		return fmt.Sprintf("invalid FEN: rank %d (FEN rank %d from the top): %s", e.Rank, Ranks-e.Rank, e.Reason)
	}
	return "invalid FEN: " + e.Reason
}

func fenErr(fen string, rank, file int, format string, args ...any) *FENError {
	return &FENError{FEN: fen, Rank: rank, File: file, Reason: fmt.Sprintf(format, args...)}
}

// StartPosition returns the standard start position.
func StartPosition() Position {
	p, err := ParseFEN(StartFEN)
	if err != nil {
		panic("xiangqi: bad start FEN: " + err.Error())
	}
	return p
}

// ParseFEN reads a position in standard xiangqi FEN and validates it. The side field
// accepts "w" or "r" for Red and "b" for Black; the counters are optional. An empty
// string means the standard start position.
func ParseFEN(fen string) (Position, error) {
	return ParseFENOptions(fen, FENOptions{})
}

// FENOptions relaxes FEN validation.
type FENOptions struct {
	// AllowUnreachable accepts advisors, elephants and pawns on points they can never
	// reach in a game (found in a few real databases: a composed opening with a stray
	// piece). Kings, piece counts, facing kings and checks are still validated.
	AllowUnreachable bool
}

// ParseFENOptions is ParseFEN with relaxed validation.
func ParseFENOptions(fen string, opts FENOptions) (Position, error) {
	var p Position
	fields := strings.Fields(fen)
	if len(fields) == 0 {
		return StartPosition(), nil
	}
	if len(fields) > 6 {
		return p, fenErr(fen, -1, -1, "too many fields (%d); expected board, side to move and optional counters", len(fields))
	}
	rows := strings.Split(fields[0], "/")
	if len(rows) != Ranks {
		return p, fenErr(fen, -1, -1, "the board has %d ranks, want 10", len(rows))
	}
	for i, row := range rows {
		rank := Ranks - 1 - i
		file := 0
		for j := 0; j < len(row); j++ {
			b := row[j]
			if b >= '1' && b <= '9' {
				file += int(b - '0')
				if file > Files {
					return p, fenErr(fen, rank, -1, "more than 9 files")
				}
				continue
			}
			pc, ok := PieceFromLetter(b)
			if !ok {
				if file >= Files {
					file = Files - 1
				}
				return p, fenErr(fen, rank, file, "unknown piece letter %q", rune(b))
			}
			if file >= Files {
				return p, fenErr(fen, rank, -1, "more than 9 files")
			}
			p.Put(SquareAt(file, rank), pc)
			file++
		}
		if file != Files {
			return p, fenErr(fen, rank, -1, "%d files, want 9", file)
		}
	}
	p.side = Red
	if len(fields) >= 2 {
		switch fields[1] {
		case "w", "W", "r", "R":
		case "b", "B":
			p.SetSideToMove(Black)
		default:
			return p, fenErr(fen, -1, -1, "side to move %q is not w, r or b", fields[1])
		}
	}
	p.Fullmove = 1
	counters := fields[min(2, len(fields)):]
	// Skip the chess-style castling and en-passant placeholders when present.
	for len(counters) > 0 && counters[0] == "-" {
		counters = counters[1:]
	}
	if len(counters) > 2 {
		return p, fenErr(fen, -1, -1, "unexpected field %q", counters[0])
	}
	for i, c := range counters {
		n, err := strconv.Atoi(c)
		if err != nil || n < 0 {
			return p, fenErr(fen, -1, -1, "counter %q is not a non-negative number", c)
		}
		if i == 0 {
			p.HalfmoveClock = n
		} else {
			p.Fullmove = n
		}
	}
	if err := p.validate(fen, opts); err != nil {
		return Position{}, err
	}
	return p, nil
}

// Validate checks that the position could arise in a game: kings, piece counts and
// points, facing kings, and the side not to move not in check.
func (p *Position) Validate() error { return p.validate(p.FEN(), FENOptions{}) }

func (p *Position) validate(fen string, opts FENOptions) error {
	var kings [2]int
	var counts [2][8]int
	for s := Square(0); s < NumSquares; s++ {
		pc := p.board[s]
		if pc == NoPiece {
			continue
		}
		c, k := pc.Color(), pc.Kind()
		counts[c][k]++
		if counts[c][k] > startCount[k] {
			return fenErr(fen, s.Rank(), s.File(), "%s has more than %d %ss", c, startCount[k], k)
		}
		switch k {
		case King:
			kings[c]++
			if !s.InPalace(c) {
				return fenErr(fen, s.Rank(), s.File(), "the %s king is outside its palace", c)
			}
		case Advisor:
			if !opts.AllowUnreachable && (!s.InPalace(c) || (s.File()+s.Rank())%2 != (4+palaceCentreRank(c))%2) {
				return fenErr(fen, s.Rank(), s.File(), "a %s advisor can never reach this point", c)
			}
		case Elephant:
			if !opts.AllowUnreachable && !elephantPoint(c, s) {
				return fenErr(fen, s.Rank(), s.File(), "a %s elephant can never reach this point", c)
			}
		case Pawn:
			if !opts.AllowUnreachable && !pawnPoint(c, s) {
				return fenErr(fen, s.Rank(), s.File(), "a %s pawn can never reach this point (behind its starting rank, or off its file before the river)", c)
			}
		}
	}
	for c := Red; c <= Black; c++ {
		if kings[c] == 0 {
			return fenErr(fen, -1, -1, "%s has no king", c)
		}
	}
	if p.KingsFacing() {
		k := p.kings[Red]
		return fenErr(fen, -1, k.File(), "the kings face each other on file %c", 'a'+k.File())
	}
	if other := p.side.Other(); p.AttackedBy(p.kings[other], p.side) {
		k := p.kings[other]
		return fenErr(fen, k.Rank(), k.File(), "%s is not to move but is in check", other)
	}
	return nil
}

func palaceCentreRank(c Color) int {
	if c == Red {
		return 1
	}
	return 8
}

// elephantPoint reports whether an elephant of colour c can ever stand on s.
func elephantPoint(c Color, s Square) bool {
	if !s.OnOwnSide(c) {
		return false
	}
	f, r := s.File(), s.Rank()
	if c == Black {
		r = Ranks - 1 - r
	}
	switch r {
	case 0, 4:
		return f == 2 || f == 6
	case 2:
		return f == 0 || f == 4 || f == 8
	}
	return false
}

// pawnPoint reports whether a pawn of colour c can ever stand on s.
func pawnPoint(c Color, s Square) bool {
	f, r := s.File(), s.Rank()
	if c == Black {
		r = Ranks - 1 - r
	}
	switch {
	case r < 3:
		return false
	case r <= 4:
		return f%2 == 0
	}
	return true
}

// FEN writes the position in standard xiangqi FEN with its counters.
func (p *Position) FEN() string {
	var b strings.Builder
	b.Grow(80)
	p.appendBoard(&b)
	if p.side == Red {
		b.WriteString(" w - - ")
	} else {
		b.WriteString(" b - - ")
	}
	fm := p.Fullmove
	if fm < 1 {
		fm = 1
	}
	b.WriteString(strconv.Itoa(p.HalfmoveClock))
	b.WriteByte(' ')
	b.WriteString(strconv.Itoa(fm))
	return b.String()
}

// BoardFEN writes the board and the side to move only (the position's identity).
func (p *Position) BoardFEN() string {
	var b strings.Builder
	p.appendBoard(&b)
	if p.side == Red {
		b.WriteString(" w")
	} else {
		b.WriteString(" b")
	}
	return b.String()
}

func (p *Position) appendBoard(b *strings.Builder) {
	for r := Ranks - 1; r >= 0; r-- {
		empty := 0
		for f := 0; f < Files; f++ {
			pc := p.board[SquareAt(f, r)]
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteByte(pc.FENLetter())
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
}

// String draws the board as text, Black at the top, with ICCS coordinates (TextBoard
// with no options).
func (p *Position) String() string { return p.TextBoard(TextBoardOptions{}) }
