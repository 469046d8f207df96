package asian

import (
	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/xiangqi"
)

// Exceptions, as they appear in xqrules.Threat.Exception.
const (
	// Counting threats.
	excHorseCannonOnRook = "horse-or-cannon-on-rook" // AXF rules 15, 16, 26 (D18–D28, D61–D62)
	// Excluded attacks.
	excKing          = "king-attacker"        // AXF rule 28 (D67–D68)
	excPawn          = "pawn-attacker"        // AXF rule 29 (D69–D70)
	excUncrossedPawn = "uncrossed-pawn"       // AXF rule 25, general rule 3 (D60)
	excPinned        = "pinned-attacker"      // AXF rules 19, 27 (D39–D41, D63)
	excSameType      = "same-type-exchange"   // AXF rule 24 (D51–D52)
	excRooted        = "rooted-victim"        // AXF rule 17, general rule 6 (D29–D31)
	excSeveral       = "several-on-protected" // AXF rule 35 (D86–D89)
	excExisting      = "existing-threat"      // spec §3.2(d): not created by this move
)

// attack is one attack of a piece on an enemy piece and its reading under the rules.
type attack struct {
	from, to         xiangqi.Square
	attacker, victim xiangqi.Piece
	root             rootResult
	// counts is true when the attack is a chase threat (捉); exception names the rule
	// that made it count or excluded it.
	counts    bool
	exception string
}

// scanner holds scratch space for scanning attacks; not safe for concurrent use.
type scanner struct {
	sq  []xiangqi.Square
	buf []xiangqi.Square
}

// scan appends to dst every attack of side s on an enemy piece other than the king in
// p, read as if s were to move (the rulebook's "if the opponent passed": a null move
// when it is not s's turn), and returns dst. The rules of spec §1.3–1.4 and §3.2(a)–(g)
// decide which attacks count.
func (sc *scanner) scan(p xiangqi.Position, s xiangqi.Color, dst []attack) []attack {
	p.SetSideToMove(s)
	opp := s.Other()
	for v := xiangqi.Square(0); v < xiangqi.NumSquares; v++ {
		vp := p.At(v)
		if vp == xiangqi.NoPiece || vp.Color() != opp || vp.Kind() == xiangqi.King {
			continue // a threat to the king is a check (spec §1.3.4)
		}
		sc.sq = p.AppendAttackers(sc.sq[:0], v, s)
		first := len(dst)
		for _, a := range sc.sq {
			dst = append(dst, sc.read(&p, a, v))
		}
		// AXF rule 35 (D86–D89): several pieces attacking one protected piece is no chase.
		n := 0
		for _, at := range dst[first:] {
			if at.exception == excRooted {
				n++
			}
		}
		if n >= 2 {
			for i := first; i < len(dst); i++ {
				if dst[i].exception == excRooted {
					dst[i].exception = excSeveral
				}
			}
		}
	}
	return dst
}

// read classifies the attack of the piece on a against the enemy piece on v; p has the
// attacker's side to move.
func (sc *scanner) read(p *xiangqi.Position, a, v xiangqi.Square) attack {
	at := attack{from: a, to: v, attacker: p.At(a), victim: p.At(v), root: rootResult{protector: xiangqi.NoSquare}}
	ak, vk := at.attacker.Kind(), at.victim.Kind()
	switch {
	case ak == xiangqi.King:
		// AXF rule 28, general rule 9 (D67–D68): the king may chase perpetually.
		at.exception = excKing
		return at
	case ak == xiangqi.Pawn:
		// AXF rule 29, general rule 9 (D69–D70): pawns may chase perpetually.
		at.exception = excPawn
		return at
	case vk == xiangqi.Pawn && v.OnOwnSide(at.victim.Color()):
		// AXF rule 25, general rule 3 (D60): an uncrossed pawn may be chased perpetually.
		at.exception = excUncrossedPawn
		return at
	case !legal(p, xiangqi.NewMove(a, v)):
		// AXF rules 19 and 27 (D39–D41, D63): a pinned or confined piece does not
		// chase with the squares it cannot legally take. Taking the piece that pins
		// it is legal and may chase (D37: a rook pinned to its square by a checking
		// cannon chases that cannon).
		at.exception = excPinned
		return at
	case ak == vk && p.CanMoveGeometrically(v, a) && legal(p, xiangqi.NewMove(v, a)):
		// AXF rule 24 (D51–D52): a same-type attack the victim can answer by capturing
		// back is an exchange offer, not a chase. If it cannot (hobbled horse, cannon
		// without screen, pinned rook: D53, D55, D64, D65) the attack is a chase.
		at.exception = excSameType
		return at
	}
	at.root, sc.buf = rootOf(p, a, v, sc.buf)
	switch {
	case (ak == xiangqi.Horse || ak == xiangqi.Cannon) && vk == xiangqi.Rook:
		// AXF rules 15, 16, 26, general rule 6 (D18–D28, D61–D62): a horse or cannon
		// attacking a rook chases it, protected or not.
		at.counts = true
		if at.root.status == arbiter.Rooted {
			at.exception = excHorseCannonOnRook
		}
	case at.root.status == arbiter.Rooted:
		// AXF rule 17, general rule 6 (D29–D31): a protected piece is not chased.
		at.exception = excRooted
	default:
		// Unprotected, or protected by a false root only (假根): a chase threat.
		at.counts = true
	}
	return at
}

// countsFrom reports whether as holds a counting attack from a on v.
func countsFrom(as []attack, a, v xiangqi.Square) bool {
	for i := range as {
		if as[i].from == a && as[i].to == v && as[i].counts {
			return true
		}
	}
	return false
}

// hasPair reports whether as holds an attack from a on v.
func hasPair(as []attack, a, v xiangqi.Square) bool {
	for i := range as {
		if as[i].from == a && as[i].to == v {
			return true
		}
	}
	return false
}
