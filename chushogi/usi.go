package chushogi

import (
	"fmt"
	"strings"
)

// Move is a chu move in lishogi's USI (§2.4): a single move From-To (Mid is NoSquare),
// optionally promoting, or a two-step move of a lion-power piece From-Mid-To. A
// two-step move with To == From is igui (居喰い, an enemy on Mid) or jitto (じっと, Mid
// empty: a pass).
type Move struct {
	From, Mid, To Square
	Promote       bool
}

// NoMove is the zero-like invalid move.
var NoMove = Move{From: NoSquare, Mid: NoSquare, To: NoSquare}

// SingleMove returns the move from-to, promoting if promote is true.
func SingleMove(from, to Square, promote bool) Move {
	return Move{From: from, Mid: NoSquare, To: to, Promote: promote}
}

// TwoStepMove returns the two-step move from-mid-to.
func TwoStepMove(from, mid, to Square) Move {
	return Move{From: from, Mid: mid, To: to}
}

// IsTwoStep reports whether m is a two-step move (igui and jitto included).
func (m Move) IsTwoStep() bool { return m.Mid != NoSquare }

// String returns the USI text: "8i8h", "5e5d+", "6f5e4d", "7h7g7h".
func (m Move) String() string {
	var b strings.Builder
	b.WriteString(m.From.String())
	if m.Mid != NoSquare {
		b.WriteString(m.Mid.String())
	}
	b.WriteString(m.To.String())
	if m.Promote {
		b.WriteByte('+')
	}
	return b.String()
}

// Canonical returns the spelling arbiter writes for m in p (§2.4): a two-step move
// through an empty first-step square that ends somewhere other than its start is the
// single move to the same square (6f5e4d ≡ 6f4d). Other moves are returned unchanged.
func (m Move) Canonical(p *Position) Move {
	if m.Mid != NoSquare && m.To != m.From && m.Mid.Valid() && p.board[m.Mid] == NoPiece {
		return SingleMove(m.From, m.To, false)
	}
	return m
}

// USIError says why a text is not a chu USI move. Code is the §10 reason:
// ReasonMalformed, or ReasonPromotionOnTwoStep for a two-step move written with "+".
type USIError struct {
	Text   string
	Code   Reason
	Reason string
}

func (e *USIError) Error() string {
	return fmt.Sprintf("%q is not a chu USI move: %s", e.Text, e.Reason)
}

// ParseUSI reads a move in lishogi's USI: two or three square names and an optional
// suffix, "+" (promote) or "=" (do not promote). Drops, from == to without a mid
// square and "+" on a two-step move are rejected. It checks only the form; legality
// is WhyIllegal's.
func ParseUSI(text string) (Move, error) {
	bad := func(format string, a ...any) (Move, error) {
		return NoMove, &USIError{Text: text, Code: ReasonMalformed, Reason: fmt.Sprintf(format, a...)}
	}
	if text == "" {
		return bad("empty")
	}
	if len(text) > 12 {
		return bad("too long")
	}
	if strings.ContainsRune(text, '*') {
		return bad("chu shogi has no drops")
	}
	body, promote := text, false
	switch text[len(text)-1] {
	case '+':
		body, promote = text[:len(text)-1], true
	case '=':
		body = text[:len(text)-1]
	}
	var sqs [3]Square
	n := 0
	for len(body) > 0 {
		if n == 3 {
			return bad("more than three squares")
		}
		s, k, reason := parseSquarePrefix(body)
		if reason != "" {
			return bad("square %d: %s", n+1, reason)
		}
		sqs[n] = s
		n++
		body = body[k:]
	}
	switch n {
	case 2:
		if sqs[0] == sqs[1] {
			return bad("the start and destination are the same square (a pass is written from-mid-from)")
		}
		return SingleMove(sqs[0], sqs[1], promote), nil
	case 3:
		if promote {
			return NoMove, &USIError{Text: text, Code: ReasonPromotionOnTwoStep,
				Reason: "a two-step move cannot promote (every piece that makes one is unpromotable or promoted)"}
		}
		if sqs[1] == sqs[0] || sqs[1] == sqs[2] {
			return bad("the first-step square must differ from the start and the destination")
		}
		return TwoStepMove(sqs[0], sqs[1], sqs[2]), nil
	}
	return bad("expected two or three squares")
}
