package banqi

import "strings"

// Color is a side. The zero value is NoColor: before the first flip nobody has a colour.
type Color uint8

// Colours.
const (
	NoColor Color = iota
	Red
	Black
)

// Other returns the opponent's colour (NoColor for NoColor).
func (c Color) Other() Color {
	switch c {
	case Red:
		return Black
	case Black:
		return Red
	}
	return NoColor
}

// String names the colour.
func (c Color) String() string {
	switch c {
	case Red:
		return "Red"
	case Black:
		return "Black"
	}
	return "none"
}

// index returns 0 for Red and 1 for Black (for per-colour tables).
func (c Color) index() int { return int(c) - 1 }

// Kind is a kind of piece. The xiangqi set and the animal set (§4.3) have their own
// kinds; a position holds kinds of one set only.
type Kind uint8

// Kinds of the xiangqi set (§2.2).
const (
	NoKind   Kind = iota
	General       // K 帥/將
	Advisor       // G 仕/士
	Elephant      // M 相/象
	Chariot       // R 俥/車
	Horse         // N 傌/馬
	Cannon        // C 炮/砲
	Soldier       // P 兵/卒
	// Kinds of the animal set (§4.3), jungle order.
	AnimalElephant // E 象
	Lion           // L 獅
	Tiger          // T 虎
	Leopard        // P 豹
	Wolf           // W 狼
	Dog            // D 狗
	Cat            // C 猫
	Rat            // R 鼠
	numKinds
)

var kindNames = [numKinds]string{"", "general", "advisor", "elephant", "chariot", "horse", "cannon", "soldier",
	"elephant", "lion", "tiger", "leopard", "wolf", "dog", "cat", "rat"}

// String names the kind in English.
func (k Kind) String() string {
	if k < numKinds && k != NoKind {
		return kindNames[k]
	}
	return "none"
}

// withArticle is the kind's name after "a" or "an" ("an advisor", "a horse"), for
// messages.
func (k Kind) withArticle() string {
	name := k.String()
	if strings.ContainsRune("aeiou", rune(name[0])) {
		return "an " + name
	}
	return "a " + name
}

// Piece is a coloured kind; the zero value is NoPiece.
type Piece uint8

// NoPiece is the absence of a piece.
const NoPiece Piece = 0

// MakePiece returns the piece of kind k and colour c.
func MakePiece(c Color, k Kind) Piece { return Piece(uint8(c)<<4 | uint8(k)) }

// Color returns the piece's colour.
func (p Piece) Color() Color { return Color(p >> 4) }

// Kind returns the piece's kind.
func (p Piece) Kind() Kind { return Kind(p & 15) }

// Name describes the piece in English, e.g. "Red advisor".
func (p Piece) Name() string {
	if p == NoPiece {
		return "no piece"
	}
	return p.Color().String() + " " + p.Kind().String()
}

// PieceSet is the set of pieces a game is played with (option `pieces`).
type PieceSet uint8

// Piece sets.
const (
	XiangqiPieces PieceSet = iota + 1 // 4×8 board, 16 pieces a side
	AnimalPieces                      // 4×4 board, 8 animals a side
)

// String returns the option value.
func (s PieceSet) String() string {
	if s == AnimalPieces {
		return "animal"
	}
	return "xiangqi"
}

// Kinds returns the kinds of the set in canonical pool order (KGMRNCP, ELTPWDCR).
func (s PieceSet) Kinds() []Kind {
	if s == AnimalPieces {
		return []Kind{AnimalElephant, Lion, Tiger, Leopard, Wolf, Dog, Cat, Rat}
	}
	return []Kind{General, Advisor, Elephant, Chariot, Horse, Cannon, Soldier}
}

// Count returns how many pieces of kind k each side has in the full set.
func (s PieceSet) Count(k Kind) int {
	if s == AnimalPieces {
		if k >= AnimalElephant && k <= Rat {
			return 1
		}
		return 0
	}
	switch k {
	case General:
		return 1
	case Advisor, Elephant, Chariot, Horse, Cannon:
		return 2
	case Soldier:
		return 5
	}
	return 0
}

// Ranks returns the number of ranks of the set's board (8, or 4 for animals).
func (s PieceSet) Ranks() int {
	if s == AnimalPieces {
		return 4
	}
	return 8
}

// Squares returns the number of squares of the set's board.
func (s PieceSet) Squares() int { return Files * s.Ranks() }

const xiangqiLetters = "KGMRNCP"
const animalLetters = "ELTPWDCR"

// Letter returns the piece's letter: upper case for Red, lower case for Black.
func (p Piece) Letter() byte {
	k := p.Kind()
	var b byte
	switch {
	case k >= General && k <= Soldier:
		b = xiangqiLetters[k-General]
	case k >= AnimalElephant && k <= Rat:
		b = animalLetters[k-AnimalElephant]
	default:
		return '?'
	}
	if p.Color() == Black {
		b += 'a' - 'A'
	}
	return b
}

// String returns the letter.
func (p Piece) String() string { return string(p.Letter()) }

// PieceFromLetter reads a piece letter of set s.
func (s PieceSet) PieceFromLetter(b byte) (Piece, bool) {
	c := Red
	if b >= 'a' && b <= 'z' {
		c, b = Black, b-('a'-'A')
	}
	letters, first := xiangqiLetters, General
	if s == AnimalPieces {
		letters, first = animalLetters, AnimalElephant
	}
	for i := 0; i < len(letters); i++ {
		if letters[i] == b {
			return MakePiece(c, first+Kind(i)), true
		}
	}
	return NoPiece, false
}

// chineseAliases are the characters accepted for flip identities (§2.2, [design]): the
// traditional characters of the table, and the simplified ones beside them. Sets differ
// on the cannon's character: 炮 is Red, 砲 and 包 Black. Simplified sets write the
// chariot 车 and the horse 马 for both colours; as the simplified forms of 車 and 馬 they
// read as Black, so a Red chariot or horse is R, N, 俥 or 傌 (docs/rules/banqi.md §2.2).
var chineseAliases = map[string]Piece{
	"帥": MakePiece(Red, General), "將": MakePiece(Black, General),
	"仕": MakePiece(Red, Advisor), "士": MakePiece(Black, Advisor),
	"相": MakePiece(Red, Elephant), "象": MakePiece(Black, Elephant),
	"俥": MakePiece(Red, Chariot), "車": MakePiece(Black, Chariot),
	"傌": MakePiece(Red, Horse), "馬": MakePiece(Black, Horse),
	"炮": MakePiece(Red, Cannon), "砲": MakePiece(Black, Cannon), "包": MakePiece(Black, Cannon),
	"兵": MakePiece(Red, Soldier), "卒": MakePiece(Black, Soldier),
	// Simplified characters (相 象 仕 士 兵 卒 炮 are the same in both scripts).
	"帅": MakePiece(Red, General), "将": MakePiece(Black, General),
	"车": MakePiece(Black, Chariot), "马": MakePiece(Black, Horse),
}

// LetterLegend lists the piece letters of the set (position strings, pools and deals
// take letters only).
func (s PieceSet) LetterLegend() string {
	if s == AnimalPieces {
		return "E elephant, L lion, T tiger, P leopard, W wolf, D dog, C cat, R rat; upper case Red, lower case Black"
	}
	return "K general, G advisor, M elephant, R chariot, N horse, C cannon, P soldier; upper case Red, lower case Black"
}

// Legend lists the piece letters of the set and, for the xiangqi set, the Chinese
// characters read beside them, for error messages and help texts.
func (s PieceSet) Legend() string {
	if s == AnimalPieces {
		return "Red E elephant, L lion, T tiger, P leopard, W wolf, D dog, C cat, R rat; Black the same in lower case"
	}
	return "Red K general 帥/帅, G advisor 仕, M elephant 相, R chariot 俥, N horse 傌, C cannon 炮, P soldier 兵; " +
		"Black k general 將/将, g advisor 士, m elephant 象, r chariot 車/车, n horse 馬/马, c cannon 砲/包, p soldier 卒"
}

// PieceFromText reads a piece identity: a letter of set s or, for the xiangqi set, one
// of the Chinese characters of §2.2.
func (s PieceSet) PieceFromText(t string) (Piece, bool) {
	if len(t) == 1 {
		return s.PieceFromLetter(t[0])
	}
	if s == XiangqiPieces {
		p, ok := chineseAliases[t]
		return p, ok
	}
	return NoPiece, false
}
