package chinese

import (
	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/xiangqi"
)

// Exception names recorded in arbiter.Threat.Exception.
const (
	excHorseCannonOnRook = "horse-or-cannon-on-rook" // counts: worth more than its attacker, 图2/图10
	excHeavierVictim     = "heavier-victim"          // counts: rooted, but worth more than the attacker
	excConsecutiveChecks = "consecutive-checks"      // counts: won through checks, 抽吃 (图16)
	excJointWithKingPawn = "king-or-pawn-joint"      // counts: 26.1.1 joint or discovered attack
	excKingAttacker      = "king-attacker"           // excluded: 26.1 the king may chase
	excPawnAttacker      = "pawn-attacker"           // excluded: 26.1 a pawn may chase
	excUncrossedPawn     = "uncrossed-pawn"          // excluded: not 子力
	excKeyDrawingPoint   = "key-drawing-point"       // excluded: 26.2
	excEscapingAttack    = "escaping-attack"         // excluded: escaping piece hits advisor/elephant
	excAnsweringCheck    = "answering-check"         // excluded: 26.1.2/26.1.3 king answers check
	excPreExisting       = "pre-existing"            // excluded: the threat existed before the move
)

// kingPawnOnly reports whether every piece on the given squares of p is a king or a pawn.
// CXA 2020 26.1: "帅(将)、兵(卒)本身允许长捉": the king's and the pawns' own attacks are idle.
func kingPawnOnly(p *xiangqi.Position, squares []xiangqi.Square) (bool, string) {
	exc := ""
	for _, s := range squares {
		switch p.At(s).Kind() {
		case xiangqi.King:
			if exc == "" {
				exc = excKingAttacker
			}
		case xiangqi.Pawn:
			exc = excPawnAttacker
		default:
			return false, ""
		}
	}
	return len(squares) > 0, exc
}

// attackingPieces counts c's rooks, horses, cannons and crossed pawns.
func attackingPieces(p *xiangqi.Position, c xiangqi.Color) int {
	n := 0
	for s := xiangqi.Square(0); s < xiangqi.NumSquares; s++ {
		if pc := p.At(s); pc != xiangqi.NoPiece && pc.Color() == c && isAttackingPiece(pc, s) {
			n++
		}
	}
	return n
}

// keyDrawingPoint applies CXA 2020 26.2: when the side has a single attacking piece,
// its incidental attacks on advisors and elephants while holding a defensive point
// (守和要点) are idle (图18, 参考图19).
func keyDrawingPoint(p *xiangqi.Position, c xiangqi.Color, victim xiangqi.Piece) bool {
	k := victim.Kind()
	return (k == xiangqi.Advisor || k == xiangqi.Elephant) && attackingPieces(p, c) == 1
}

func isAdvisorOrElephant(pc xiangqi.Piece) bool {
	return pc.Kind() == xiangqi.Advisor || pc.Kind() == xiangqi.Elephant
}

// excluded builds the evidence of an attack that does not count.
func excluded(t arbiter.Threat, exc, note string) arbiter.Threat {
	t.Exception, t.Note = exc, note
	return t
}
