package chinese

import "github.com/arbiter-xq/arbiter/xiangqi"

// Material values (子力价值), CXA 2020 §25.3 (2011 numbering): rook = two horses = two
// cannons = horse + cannon; horse = cannon; advisor = elephant. With rook 4, horse 2,
// cannon 2, advisor 1, elephant 1 every equality of the rulebook holds.
//
// The crossed pawn has a floating value (过河兵的价值浮动): it may be worth as little as an
// advisor or as much as a horse. We evaluate every exchange from the chasing side's
// point of view and take the floating value against it: its own crossed pawns are worth 2
// (a horse), the opponent's crossed pawns 1 (an advisor). So giving a pawn for a horse or
// an advisor, or a piece for a pawn, never counts as winning material (图24, 参考图31,
// 参考图33), while winning a pawn for nothing, or a rook for a pawn, does (图12, 图24).
//
// An uncrossed pawn is not 子力: capturing an opponent's uncrossed pawn wins nothing.
const (
	valueRook     = 4
	valueHorse    = 2
	valueCannon   = 2
	valueAdvisor  = 1
	valueElephant = 1
	// valueKing only orders captures; a legal exchange never takes a king.
	valueKing = 100
)

// pawnCrossed reports whether a pawn of colour c on s has crossed the river.
func pawnCrossed(c xiangqi.Color, s xiangqi.Square) bool { return !s.OnOwnSide(c) }

// isMaterial reports whether pc on s counts as 子力: not a king, not an uncrossed pawn.
func isMaterial(pc xiangqi.Piece, s xiangqi.Square) bool {
	switch pc.Kind() {
	case xiangqi.NoKind, xiangqi.King:
		return false
	case xiangqi.Pawn:
		return pawnCrossed(pc.Color(), s)
	}
	return true
}

// value is the worth of pc standing on s, seen by the chasing side chaser (the floating
// pawn value is taken against the chaser). It is small enough to be inlined.
func value(pc xiangqi.Piece, s xiangqi.Square, chaser xiangqi.Color) int {
	if k := pc.Kind(); k != xiangqi.Pawn {
		return kindValues[k&7]
	}
	return int(pawnValues[pc.Color()&1][chaser&1][uint8(s)])
}

// kindValues holds the worth of every kind but the pawn (0 for no piece).
var kindValues = [8]int{xiangqi.Rook: valueRook, xiangqi.Horse: valueHorse, xiangqi.Cannon: valueCannon,
	xiangqi.Advisor: valueAdvisor, xiangqi.Elephant: valueElephant, xiangqi.King: valueKing}

// pawnValues holds a pawn's worth by its colour, the chaser and its square (any int8,
// as uint8): 1 once it has crossed the river, and the chaser's own pawn 1 more.
var pawnValues = func() (t [2][2][256]int8) {
	for c := xiangqi.Red; c <= xiangqi.Black; c++ {
		for chaser := xiangqi.Red; chaser <= xiangqi.Black; chaser++ {
			for s := range 256 {
				v := int8(0)
				if pawnCrossed(c, xiangqi.Square(int8(uint8(s)))) {
					v = 1
				}
				if c == chaser {
					v++
				}
				t[c][chaser][s] = v
			}
		}
	}
	return t
}()

// isAttackingPiece reports whether pc is one of the pieces that can attack (攻击子力):
// rook, horse, cannon or crossed pawn. The key-drawing-point rule counts them.
func isAttackingPiece(pc xiangqi.Piece, s xiangqi.Square) bool {
	switch pc.Kind() {
	case xiangqi.Rook, xiangqi.Horse, xiangqi.Cannon:
		return true
	case xiangqi.Pawn:
		return pawnCrossed(pc.Color(), s)
	}
	return false
}
