package xiangqi

import "strings"

// TextBoardOptions choose how TextBoard draws a position.
type TextBoardOptions struct {
	// Flipped draws the board as Black sees it: Black's pieces at the bottom, file i
	// on the left, rank 0 at the top.
	Flipped bool
	// Chinese writes the pieces as their characters, in the set that tells the sides
	// apart without colour: 帥仕相傌俥炮兵 for Red, 將士象馬車砲卒 for Black; an empty
	// point is ＋.
	Chinese bool
}

// textChinese are the piece characters of a Chinese text board (Red, Black), by Kind.
var textChinese = [2][8]string{
	{"", "帥", "仕", "相", "傌", "俥", "炮", "兵"},
	{"", "將", "士", "象", "馬", "車", "砲", "卒"},
}

// TextBoard draws the position as text: one line per rank with its ICCS rank digit,
// the river, the ICCS file letters and the side to move. With no options it is
// String.
func (p *Position) TextBoard(o TextBoardOptions) string {
	var b strings.Builder
	files := make([]int, Files)
	ranks := make([]int, Ranks)
	for i := range files {
		files[i] = i
	}
	for i := range ranks {
		ranks[i] = Ranks - 1 - i
	}
	if o.Flipped {
		for i := range files {
			files[i] = Files - 1 - i
		}
		for i := range ranks {
			ranks[i] = i
		}
	}
	for _, r := range ranks {
		b.WriteByte(byte('0' + r))
		b.WriteByte(' ')
		for _, f := range files {
			b.WriteByte(' ')
			pc := p.board[SquareAt(f, r)]
			switch {
			case !o.Chinese:
				b.WriteByte(pc.FENLetter())
			case pc == NoPiece:
				b.WriteString("＋")
			default:
				b.WriteString(textChinese[pc.Color()][pc.Kind()])
			}
		}
		b.WriteByte('\n')
		if (!o.Flipped && r == 5) || (o.Flipped && r == 4) {
			if o.Chinese {
				b.WriteString("   ~~~~~~~~~~~~~~~~~~~~~~~~~~\n")
			} else {
				b.WriteString("   ~~~~~~~~~~~~~~~~~\n")
			}
		}
	}
	labels := "  "
	for _, f := range files {
		labels += " " + string(rune('a'+f))
		if o.Chinese {
			labels += " "
		}
	}
	b.WriteString(strings.TrimRight(labels, " ") + "\n")
	b.WriteString(p.side.String() + " to move")
	if o.Chinese {
		b.WriteString(" (Red 帥仕相傌俥炮兵, Black 將士象馬車砲卒)")
	}
	b.WriteByte('\n')
	return b.String()
}
