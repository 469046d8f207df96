package banqi

import (
	"fmt"
	"strings"

	bq "github.com/arbiter-xq/arbiter/banqi"
)

// TextBoard draws a banqi position string for a terminal as the ruling picture draws
// the board: landscape, ranks 1 to 8 across, files a to d down (the animal board's 4
// ranks across); each piece in its letter (upper case Red, lower case Black, X
// face-down, a dot for an empty square) and its character; then the side to move, the
// pieces still face-down and the no-progress clock.
func (g *GameRuleset) TextBoard(position string) (string, error) {
	p, err := bq.ParsePosition(position, g.rs.Options)
	if err != nil {
		return "", positionError(err)
	}
	return textBoard(&p), nil
}

func textBoard(p *bq.Position) string {
	var b strings.Builder
	b.WriteString(" ")
	for r := 0; r < p.Ranks(); r++ {
		fmt.Fprintf(&b, "   %d", r+1)
	}
	b.WriteByte('\n')
	for f := 0; f < bq.Files; f++ {
		line := string(rune('a' + f))
		for r := 0; r < p.Ranks(); r++ {
			line += " " + cell(p.At(bq.SquareAt(f, r)))
		}
		b.WriteString(strings.TrimRight(line, " ") + "\n")
	}
	switch p.SideToMove() {
	case bq.Red:
		b.WriteString("Red to move")
	case bq.Black:
		b.WriteString("Black to move")
	default:
		b.WriteString("Nothing flipped yet (the first flip gives the colours)")
	}
	if pool := p.PoolString(); pool != "-" {
		fmt.Fprintf(&b, "; face-down: %s", pool)
	}
	fmt.Fprintf(&b, "; clock %d\n", p.Clock())
	return b.String()
}

// cell is a square three columns wide: the letter and the character ("R俥"), " X " for
// a face-down piece, " . " for an empty square.
func cell(pc bq.Piece) string {
	switch pc {
	case bq.NoPiece:
		return " . "
	case bq.FaceDown:
		return " X "
	}
	return string(pc.Letter()) + pieceChar(pc)
}

// pieceChars are the characters of the pieces (docs/rules/banqi.md §2.2, traditional as
// the sets have them; the animals are the same for both sides).
var pieceChars = [2][8]string{
	{"", "帥", "仕", "相", "俥", "傌", "炮", "兵"},
	{"", "將", "士", "象", "車", "馬", "砲", "卒"},
}

var animalChars = map[bq.Kind]string{
	bq.AnimalElephant: "象", bq.Lion: "獅", bq.Tiger: "虎", bq.Leopard: "豹",
	bq.Wolf: "狼", bq.Dog: "狗", bq.Cat: "猫", bq.Rat: "鼠",
}

// pieceChar is the character on a face-up piece, two columns wide.
func pieceChar(pc bq.Piece) string {
	if c, ok := animalChars[pc.Kind()]; ok {
		return c
	}
	side := 0
	if pc.Color() == bq.Black {
		side = 1
	}
	if k := int(pc.Kind()); k > 0 && k < len(pieceChars[side]) {
		return pieceChars[side][k]
	}
	return "  "
}
