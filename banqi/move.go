package banqi

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// MoveKind is the kind of a ply (§3.1).
type MoveKind uint8

// Kinds of ply.
const (
	NoMoveKind MoveKind = iota
	Flip                // turn a face-down piece up
	Step                // a face-up piece steps to an empty square
	Capture             // one or more captures (a chain) by one piece, possibly aimed at face-down pieces
)

// MaxLinks bounds the links of a chained capture: a side has at most 16 pieces to lose.
const MaxLinks = 16

// Link is one capture of a ply: the target square and, when the target was face-down,
// the piece it turned out to be.
type Link struct {
	To     Square
	Reveal Piece // NoPiece: face-up target, or an identity not yet known
}

// Move is one ply: a flip (From, Reveal), a step (From, Links[0].To) or a capture of
// N links by the piece on From.
type Move struct {
	Kind   MoveKind
	From   Square
	Reveal Piece // flips: the piece turned up (NoPiece for a bare flip)
	N      uint8 // number of links (1 for a step)
	Links  [MaxLinks]Link
}

// FlipMove returns the flip of s revealing pc (NoPiece for a bare flip).
func FlipMove(s Square, pc Piece) Move { return Move{Kind: Flip, From: s, Reveal: pc} }

// StepMove returns the plain move from → to.
func StepMove(from, to Square) Move {
	m := Move{Kind: Step, From: from, N: 1}
	m.Links[0].To = to
	return m
}

// CaptureMove returns the capture from → to (one link, face-up target).
func CaptureMove(from, to Square) Move {
	m := Move{Kind: Capture, From: from, N: 1}
	m.Links[0].To = to
	return m
}

// To returns the square the moving piece ends on (the last link), or From for a flip.
func (m Move) To() Square {
	if m.N == 0 {
		return m.From
	}
	return m.Links[m.N-1].To
}

// Extend returns m with one more capture link.
func (m Move) Extend(to Square, reveal Piece) Move {
	m.Links[m.N] = Link{To: to, Reveal: reveal}
	m.N++
	return m
}

// String formats the ply canonically (§2.4): `c6=G`, `c5-c6`, `c6xc5`, `c2xc3=m`,
// `b2xb3=pxb4`. A bare flip is `c6`.
func (m Move) String() string {
	var b strings.Builder
	b.WriteString(m.From.String())
	switch m.Kind {
	case Flip:
		if m.Reveal != NoPiece {
			b.WriteByte('=')
			b.WriteByte(m.Reveal.Letter())
		}
	case Step:
		b.WriteByte('-')
		b.WriteString(m.To().String())
	case Capture:
		for i := 0; i < int(m.N); i++ {
			b.WriteByte('x')
			b.WriteString(m.Links[i].To.String())
			if r := m.Links[i].Reveal; r != NoPiece {
				b.WriteByte('=')
				b.WriteByte(r.Letter())
			}
		}
	default:
		return "(none)"
	}
	return b.String()
}

// SyntaxError says why a ply's text is not a ply of §2.4.
type SyntaxError struct {
	Text, Reason string
}

func (e *SyntaxError) Error() string { return fmt.Sprintf("%q: %s", e.Text, e.Reason) }

// ParseMove reads one ply in the notation of §2.4 for piece set s, canonical forms and
// aliases: `c6=G`, `c6(G)`, `c6=仕`, a bare `c6` or `c6=?`; `c5-c6`; `c6xc5`;
// `c2xc3=m`; `b2xb3=pxb4`. A `-` link is read as a step; whether it captures is decided
// against the board when the ply is played (CDC writes captures like moves).
func ParseMove(text string, s PieceSet) (Move, error) {
	var m Move
	t := strings.TrimSpace(text)
	fail := func(format string, args ...any) (Move, error) {
		return Move{}, &SyntaxError{Text: text, Reason: fmt.Sprintf(format, args...)}
	}
	if len(t) < 2 {
		return fail("want a square (a1-%c%d) to start the ply", 'a'+Files-1, s.Ranks())
	}
	from, ok := ParseSquare(t[:2], s.Ranks())
	if !ok {
		return fail("%q is not a square of the %d×%d board", t[:2], Files, s.Ranks())
	}
	m.From = from
	t = t[2:]
	identity := func(t string) (Piece, string, error) {
		// t starts with '=' or '('.
		var id, rest string
		if t[0] == '(' {
			end := strings.IndexByte(t, ')')
			if end < 0 {
				return NoPiece, "", fmt.Errorf("unclosed '('")
			}
			id, rest = t[1:end], t[end+1:]
		} else {
			_, n := utf8.DecodeRuneInString(t[1:])
			if n == 0 {
				return NoPiece, "", fmt.Errorf("'=' without a piece")
			}
			id, rest = t[1:1+n], t[1+n:]
		}
		if id == "?" {
			return NoPiece, rest, nil
		}
		pc, ok := s.PieceFromText(id)
		if !ok {
			return NoPiece, "", fmt.Errorf("%q is not a piece of the %s set (%s)", id, s, s.Legend())
		}
		return pc, rest, nil
	}
	if t == "" || t[0] == '=' || t[0] == '(' {
		m.Kind = Flip
		if t != "" {
			pc, rest, err := identity(t)
			if err != nil {
				return fail("flip: %v", err)
			}
			if rest != "" {
				return fail("unexpected %q after the flip", rest)
			}
			m.Reveal = pc
		}
		return m, nil
	}
	dash := true
	for t != "" {
		sep := t[0]
		if sep != '-' && sep != 'x' && sep != 'X' {
			return fail("unexpected %q: want '-' or 'x' and a square", t)
		}
		if sep != '-' {
			dash = false
		}
		if len(t) < 3 {
			return fail("%q: want a square after %q", t, sep)
		}
		to, ok := ParseSquare(t[1:3], s.Ranks())
		if !ok {
			return fail("%q is not a square of the %d×%d board", t[1:3], Files, s.Ranks())
		}
		if int(m.N) == MaxLinks {
			return fail("more than %d links", MaxLinks)
		}
		t = t[3:]
		l := Link{To: to}
		if t != "" && (t[0] == '=' || t[0] == '(') {
			pc, rest, err := identity(t)
			if err != nil {
				return fail("link %d: %v", m.N+1, err)
			}
			l.Reveal, t = pc, rest
			dash = false // a revealed target is a capture attempt
		}
		m.Links[m.N] = l
		m.N++
	}
	m.Kind = Capture
	if dash && m.N == 1 {
		m.Kind = Step
	}
	return m, nil
}
