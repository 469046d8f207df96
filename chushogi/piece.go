package chushogi

// Color is a side: Sente (先手, "black", uppercase, moves first toward rank a) or
// Gote (後手, "white", lowercase, toward rank l).
type Color uint8

// Colors.
const (
	Sente Color = iota
	Gote
)

// Other returns the opponent.
func (c Color) Other() Color { return c ^ 1 }

// String returns "sente" or "gote".
func (c Color) String() string {
	if c == Gote {
		return "gote"
	}
	return "sente"
}

// Kind is one of the 21 starting piece kinds (its SFEN letter in brackets). A promoted
// piece keeps its kind and has the promoted flag set (Piece.Promoted).
type Kind uint8

// Kinds, in the order of the spec's piece table (§3.2). Zero is no kind.
const (
	King           Kind = iota + 1 // K 玉将
	Lion                           // N 獅子
	FreeKing                       // Q 奔王
	DragonKing                     // D 龍王
	DragonHorse                    // H 龍馬
	Rook                           // R 飛車
	Bishop                         // B 角行
	VerticalMover                  // V 竪行
	SideMover                      // M 横行
	ReverseChariot                 // A 反車
	Lance                          // L 香車
	Kirin                          // O 麒麟
	Phoenix                        // X 鳳凰
	DrunkElephant                  // E 醉象
	BlindTiger                     // T 盲虎
	Leopard                        // F 猛豹
	Gold                           // G 金将
	Silver                         // S 銀将
	Copper                         // C 銅将
	Pawn                           // P 歩兵
	GoBetween                      // I 仲人
	numKinds
)

const kindLetters = "?KNQDHRBVMALOXETFGSCPI"

var kindNames = [numKinds]string{"", "king", "lion", "free king", "dragon king", "dragon horse", "rook",
	"bishop", "vertical mover", "side mover", "reverse chariot", "lance", "kirin", "phoenix",
	"drunk elephant", "blind tiger", "ferocious leopard", "gold", "silver", "copper", "pawn", "go-between"}

// promotedNames names each kind after promotion; promotions that move like another
// kind say so.
var promotedNames = [numKinds]string{"", "", "", "", "soaring eagle", "horned falcon", "promoted rook",
	"promoted bishop", "flying ox", "free boar", "whale", "white horse", "promoted kirin (lion)",
	"promoted phoenix", "crown prince", "flying stag", "promoted leopard", "promoted gold",
	"promoted silver", "promoted copper", "tokin", "promoted go-between"}

// Letter returns the SFEN letter (uppercase).
func (k Kind) Letter() byte {
	if k >= numKinds {
		return '?'
	}
	return kindLetters[k]
}

// CanPromote reports whether an unpromoted piece of kind k may ever promote: every kind
// but the king, the lion and the free king.
func (k Kind) CanPromote() bool { return k > FreeKing && k < numKinds }

// Piece is a coloured piece, possibly promoted; NoPiece is an empty square.
// Bits 0-4 hold the kind, bit 5 the promotion and bit 6 the colour.
type Piece uint8

// NoPiece is an empty square.
const NoPiece Piece = 0

const (
	promotedBit Piece = 0x20
	goteBit     Piece = 0x40
)

// NewPiece returns the piece of kind k and colour c, promoted if promoted is true.
func NewPiece(c Color, k Kind, promoted bool) Piece {
	p := Piece(k)
	if promoted {
		p |= promotedBit
	}
	if c == Gote {
		p |= goteBit
	}
	return p
}

// Kind returns the piece's kind (the kind it started as, for a promoted piece).
func (p Piece) Kind() Kind { return Kind(p & 0x1f) }

// Promoted reports whether the piece is promoted.
func (p Piece) Promoted() bool { return p&promotedBit != 0 }

// Color returns the piece's side.
func (p Piece) Color() Color {
	if p&goteBit != 0 {
		return Gote
	}
	return Sente
}

// Promote returns the promoted piece.
func (p Piece) Promote() Piece { return p | promotedBit }

// IsLion reports whether the piece is a lion: a lion or a promoted kirin (§5.0).
func (p Piece) IsLion() bool {
	return p.Kind() == Lion || (p.Kind() == Kirin && p.Promoted())
}

// IsRoyal reports whether the piece is royal: a king or a crown prince (+E).
func (p Piece) IsRoyal() bool {
	return p.Kind() == King || (p.Kind() == DrunkElephant && p.Promoted())
}

// HasLionPower reports whether the piece can make two-step moves: a lion, a promoted
// kirin, a horned falcon (+H) or a soaring eagle (+D).
func (p Piece) HasLionPower() bool {
	return p.IsLion() || (p.Promoted() && (p.Kind() == DragonHorse || p.Kind() == DragonKing))
}

// CanPromote reports whether the piece may still promote: unpromoted and of a
// promotable kind.
func (p Piece) CanPromote() bool { return !p.Promoted() && p.Kind().CanPromote() }

// Name returns the English name, e.g. "lion", "soaring eagle", "tokin".
func (p Piece) Name() string {
	k := p.Kind()
	if k == 0 || k >= numKinds {
		return "?"
	}
	if p.Promoted() {
		return promotedNames[k]
	}
	return kindNames[k]
}

// String returns the SFEN spelling: "K", "+r", ...
func (p Piece) String() string {
	if p == NoPiece {
		return "."
	}
	l := p.Kind().Letter()
	if p.Color() == Gote {
		l += 'a' - 'A'
	}
	if p.Promoted() {
		return "+" + string(l)
	}
	return string(l)
}

// stepMode is how a piece moves in one direction (§3.1).
type stepMode uint8

const (
	modeNone  stepMode = iota
	modeStep           // to the adjacent square
	modeSlide          // any distance through empty squares
	modeJump2          // to the square exactly two away, whatever is between
	modeLion           // lion power on a line: the first or second square, or a two-step move
)

// movement is a piece's pattern: a mode per direction, or lion power all round.
type movement struct {
	dir  [numDirs]stepMode
	lion bool
}

// pattern builds a movement from the modes for F, FD, S, BD and B (mirrored).
func pattern(f, fd, s, bd, b stepMode) movement {
	return movement{dir: [numDirs]stepMode{f, fd, s, bd, b, bd, s, fd}}
}

const (
	x_ = modeNone
	st = modeStep
	sl = modeSlide
	j2 = modeJump2
	ln = modeLion
)

// Movement patterns of §3.2, from the owner's point of view. Columns: F, FD, S, BD, B.
var (
	moveKing        = pattern(st, st, st, st, st)
	moveLion        = movement{lion: true}
	moveFreeKing    = pattern(sl, sl, sl, sl, sl)
	moveDragonKing  = pattern(sl, st, sl, st, sl)
	moveDragonHorse = pattern(st, sl, st, sl, st)
	moveRook        = pattern(sl, x_, sl, x_, sl)
	moveBishop      = pattern(x_, sl, x_, sl, x_)
	moveVertical    = pattern(sl, x_, st, x_, sl)
	moveSide        = pattern(st, x_, sl, x_, st)
	moveChariot     = pattern(sl, x_, x_, x_, sl)
	moveLance       = pattern(sl, x_, x_, x_, x_)
	moveKirin       = pattern(j2, st, j2, st, j2)
	movePhoenix     = pattern(st, j2, st, j2, st)
	moveElephant    = pattern(st, st, st, st, x_)
	moveTiger       = pattern(x_, st, st, st, st)
	moveLeopard     = pattern(st, st, x_, st, st)
	moveGold        = pattern(st, st, st, x_, st)
	moveSilver      = pattern(st, st, x_, st, x_)
	moveCopper      = pattern(st, st, x_, x_, st)
	movePawn        = pattern(st, x_, x_, x_, x_)
	moveGoBetween   = pattern(st, x_, x_, x_, st)
	moveEagle       = pattern(sl, ln, sl, sl, sl)
	moveFalcon      = pattern(ln, sl, sl, sl, sl)
	moveOx          = pattern(sl, sl, x_, sl, sl)
	moveBoar        = pattern(x_, sl, sl, sl, x_)
	moveWhale       = pattern(sl, x_, x_, sl, sl)
	moveWhiteHorse  = pattern(sl, sl, x_, x_, sl)
	moveStag        = pattern(sl, st, st, st, sl)
)

// movements is indexed by the piece without its colour bit (kind | promoted).
var movements = func() (m [64]movement) {
	base := [numKinds]movement{King: moveKing, Lion: moveLion, FreeKing: moveFreeKing,
		DragonKing: moveDragonKing, DragonHorse: moveDragonHorse, Rook: moveRook, Bishop: moveBishop,
		VerticalMover: moveVertical, SideMover: moveSide, ReverseChariot: moveChariot, Lance: moveLance,
		Kirin: moveKirin, Phoenix: movePhoenix, DrunkElephant: moveElephant, BlindTiger: moveTiger,
		Leopard: moveLeopard, Gold: moveGold, Silver: moveSilver, Copper: moveCopper, Pawn: movePawn,
		GoBetween: moveGoBetween}
	promoted := [numKinds]movement{DragonKing: moveEagle, DragonHorse: moveFalcon,
		Rook: moveDragonKing, Bishop: moveDragonHorse, VerticalMover: moveOx, SideMover: moveBoar,
		ReverseChariot: moveWhale, Lance: moveWhiteHorse, Kirin: moveLion, Phoenix: moveFreeKing,
		DrunkElephant: moveKing, BlindTiger: moveStag, Leopard: moveBishop, Gold: moveRook,
		Silver: moveVertical, Copper: moveSide, Pawn: moveGold, GoBetween: moveElephant}
	for k := Kind(1); k < numKinds; k++ {
		m[k] = base[k]
		m[Piece(k)|promotedBit] = promoted[k]
	}
	return m
}()

func (p Piece) movement() *movement { return &movements[p&0x3f] }
