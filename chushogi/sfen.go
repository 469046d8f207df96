package chushogi

import (
	"fmt"
	"strconv"
	"strings"
)

// StartSFEN is the standard start (§3.3).
const StartSFEN = "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1"

// maxRoyals is lishogi's limit of royal pieces (king and crown prince) per side.
const maxRoyals = 2

// SFENError says why a text is not a chu SFEN: which field (board, side, marker, move
// number), for the board which rank (a-l) and file, and why.
type SFENError struct {
	Field  string // "board", "side", "marker", "move number", "sfen"
	Rank   int    // 0-based rank index for board errors, -1 otherwise
	File   int    // file 1..12 where the error was found, 0 if none
	Reason string
}

func (e *SFENError) Error() string {
	switch {
	case e.Field == "board" && e.Rank >= 0 && e.File > 0:
		return fmt.Sprintf("sfen board, rank %c, file %d: %s", 'a'+e.Rank, e.File, e.Reason)
	case e.Field == "board" && e.Rank >= 0:
		return fmt.Sprintf("sfen board, rank %c: %s", 'a'+e.Rank, e.Reason)
	}
	return fmt.Sprintf("sfen %s: %s", e.Field, e.Reason)
}

// ParseSFEN reads a position in lishogi's chu SFEN (§2.3): the board (12 ranks from a
// to l, files 12 to 1), the side to move (b or w), the counter-strike marker (- or a
// square) and the move number (optional, 1 if absent). The word "startpos" is the
// standard start. Positions without a royal piece are accepted (analysis positions);
// more than two royal pieces per side are not.
func ParseSFEN(text string) (Position, error) {
	text = strings.TrimSpace(text)
	if text == "startpos" {
		text = StartSFEN
	}
	if len(text) > 1024 {
		return Position{}, &SFENError{Field: "sfen", Rank: -1, Reason: "longer than 1024 bytes"}
	}
	fields := strings.Fields(text)
	if len(fields) < 3 || len(fields) > 4 {
		return Position{}, &SFENError{Field: "sfen", Rank: -1,
			Reason: fmt.Sprintf("expected 3 or 4 fields (board, side, marker, move number), got %d", len(fields))}
	}
	p := NewEmptyPosition()
	if err := p.parseBoard(fields[0]); err != nil {
		return Position{}, err
	}
	switch fields[1] {
	case "b":
		p.SetSideToMove(Sente)
	case "w":
		p.SetSideToMove(Gote)
	default:
		return Position{}, &SFENError{Field: "side", Rank: -1, Reason: fmt.Sprintf("%q is neither b (sente) nor w (gote)", fields[1])}
	}
	if fields[2] != "-" {
		s, err := ParseSquare(fields[2])
		if err != nil {
			return Position{}, &SFENError{Field: "marker", Rank: -1,
				Reason: fmt.Sprintf("%q is neither - nor a square: %v", fields[2], err)}
		}
		p.marker = s
	}
	if len(fields) == 4 {
		n, ok := parseMoveNumber(fields[3])
		if !ok {
			return Position{}, &SFENError{Field: "move number", Rank: -1,
				Reason: fmt.Sprintf("%q is not a move number (digits; 0 reads as 1 and anything over %d as %d, as lishogi clamps it)", fields[3], MaxMoveNumber, MaxMoveNumber)}
		}
		p.MoveNumber = n
	}
	return p, nil
}

// parseMoveNumber reads the move-number field as lishogi does (docs/rules/chu-shogi.md
// §2.3): an unsigned decimal number, clamped to 1..MaxMoveNumber, so 0 reads as 1 and
// 12000 as 9999. Anything but digits is refused.
func parseMoveNumber(t string) (int, bool) {
	if t == "" {
		return 0, false
	}
	n := 0
	for i := 0; i < len(t); i++ {
		c := t[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		if n <= MaxMoveNumber {
			n = n*10 + int(c-'0')
		}
	}
	return max(1, min(n, MaxMoveNumber)), true
}

func (p *Position) parseBoard(board string) error {
	ranks := strings.Split(board, "/")
	if len(ranks) != Ranks {
		return &SFENError{Field: "board", Rank: -1, Reason: fmt.Sprintf("expected 12 ranks separated by /, got %d", len(ranks))}
	}
	var royals [2]int
	for r, text := range ranks {
		bad := func(col int, format string, a ...any) error {
			file := 0
			if col < Files {
				file = Files - col
			}
			return &SFENError{Field: "board", Rank: r, File: file, Reason: fmt.Sprintf(format, a...)}
		}
		col := 0
		for i := 0; i < len(text); i++ {
			ch := text[i]
			if ch >= '0' && ch <= '9' {
				j := i
				for j < len(text) && text[j] >= '0' && text[j] <= '9' {
					j++
				}
				n, _ := strconv.Atoi(text[i:j])
				if text[i] == '0' || n < 1 || n > Files {
					return bad(col, "empty-square count %q is not 1-12", text[i:j])
				}
				if col+n > Files {
					return bad(col, "the rank has more than 12 squares")
				}
				col += n
				i = j - 1
				continue
			}
			promoted := false
			if ch == '+' {
				promoted = true
				i++
				if i >= len(text) {
					return bad(col, "'+' at the end of the rank")
				}
				ch = text[i]
			}
			pc, ok := pieceFromLetter(ch, promoted)
			if !ok {
				if promoted {
					if _, ok := pieceFromLetter(ch, false); ok {
						return bad(col, "'+%c': a %s cannot be promoted", ch, kindNameOfLetter(ch))
					}
				}
				return bad(col, "unknown piece letter %q", ch)
			}
			if col >= Files {
				return bad(col, "the rank has more than 12 squares")
			}
			if pc.IsRoyal() {
				royals[pc.Color()]++
				if royals[pc.Color()] > maxRoyals {
					return bad(col, "%s has more than %d royal pieces (king, crown prince)", pc.Color(), maxRoyals)
				}
			}
			p.Put(Square(r*Files+col), pc)
			col++
		}
		if col != Files {
			return bad(Files, "the rank has %d squares, not 12", col)
		}
	}
	return nil
}

func pieceFromLetter(ch byte, promoted bool) (Piece, bool) {
	c := Sente
	if ch >= 'a' && ch <= 'z' {
		c, ch = Gote, ch-('a'-'A')
	}
	i := strings.IndexByte(kindLetters[1:], ch)
	if i < 0 {
		return NoPiece, false
	}
	k := Kind(i + 1)
	if promoted && !k.CanPromote() {
		return NoPiece, false
	}
	return NewPiece(c, k, promoted), true
}

func kindNameOfLetter(ch byte) string {
	pc, _ := pieceFromLetter(ch, false)
	return pc.Name()
}

// SFEN writes the position in lishogi's chu SFEN.
func (p *Position) SFEN() string {
	var b strings.Builder
	for r := range Ranks {
		if r > 0 {
			b.WriteByte('/')
		}
		empty := 0
		for c := range Files {
			pc := p.board[r*Files+c]
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteString(strconv.Itoa(empty))
				empty = 0
			}
			b.WriteString(pc.String())
		}
		if empty > 0 {
			b.WriteString(strconv.Itoa(empty))
		}
	}
	if p.side == Sente {
		b.WriteString(" b ")
	} else {
		b.WriteString(" w ")
	}
	b.WriteString(p.marker.String())
	b.WriteByte(' ')
	b.WriteString(strconv.Itoa(p.MoveNumber))
	return b.String()
}

// StartPosition returns the standard start.
func StartPosition() Position {
	p, err := ParseSFEN(StartSFEN)
	if err != nil {
		panic(err) // the constant is valid; TestStartSFEN pins it
	}
	return p
}
