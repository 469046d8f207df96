package notation

import (
	"unicode/utf8"

	"github.com/arbiter-xq/arbiter/xiangqi"
)

// chineseKind reads a piece character, any side, simplified or traditional.
func chineseKind(r rune) xiangqi.Kind {
	switch r {
	case '帅', '帥', '将', '將':
		return xiangqi.King
	case '仕', '士':
		return xiangqi.Advisor
	case '相', '象':
		return xiangqi.Elephant
	case '马', '馬', '傌':
		return xiangqi.Horse
	case '车', '車', '俥':
		return xiangqi.Rook
	case '炮', '砲', '包':
		return xiangqi.Cannon
	case '兵', '卒':
		return xiangqi.Pawn
	}
	return xiangqi.NoKind
}

// chineseNumber reads 1..9 written as a Chinese numeral or an ASCII digit (full-width
// digits are folded to ASCII before). It returns 0 for anything else.
func chineseNumber(r rune) int {
	if r >= '1' && r <= '9' {
		return int(r - '0')
	}
	for i, c := range chineseNumerals {
		if r == c {
			return i + 1
		}
	}
	return 0
}

var chineseNumerals = [9]rune{'一', '二', '三', '四', '五', '六', '七', '八', '九'}

func chineseOp(r rune) byte {
	switch r {
	case '进', '進':
		return '+'
	case '退':
		return '-'
	case '平':
		return '='
	}
	return 0
}

func chineseQual(r rune) qual {
	switch r {
	case '前':
		return qualFront
	case '中':
		return qualMiddle
	case '后', '後':
		return qualRear
	}
	return qualNone
}

// chineseToken is one character of a Chinese move, classified.
type chineseToken struct {
	kind xiangqi.Kind
	num  int
	qual qual
}

// parseChinese reads a normalized Chinese move. The last two characters are the
// direction (进 退 平) and its number; what comes before names the piece:
//
//	炮二      piece and file
//	前炮 后炮  front / rear piece (中 for the middle of three)
//	炮前      the same, written after the piece
//	二兵      pawn number two from the front, when three or more share a file
//	前七      front pawn of file 七, when pawns are doubled on two files
//	前兵七    the same with the piece
func parseChinese(p *xiangqi.Position, s string) (xiangqi.Move, string) {
	const shape = "not Chinese notation (like 炮二平五, 马８进７, 前炮平四)"
	var toks [5]chineseToken
	var rs [5]rune
	n := 0
	for _, r := range s {
		if n == len(toks) {
			return xiangqi.NoMove, shape
		}
		rs[n] = r
		n++
	}
	if n < 4 {
		return xiangqi.NoMove, shape
	}
	var d desc
	if d.op = chineseOp(rs[n-2]); d.op == 0 {
		return xiangqi.NoMove, shape
	}
	if d.arg = chineseNumber(rs[n-1]); d.arg == 0 {
		return xiangqi.NoMove, shape
	}
	for i := 0; i < n-2; i++ {
		r := rs[i]
		toks[i] = chineseToken{kind: chineseKind(r), num: chineseNumber(r), qual: chineseQual(r)}
		if toks[i] == (chineseToken{}) {
			if r == utf8.RuneError {
				return xiangqi.NoMove, shape
			}
			return xiangqi.NoMove, "unknown character " + string(r) + " in a Chinese move"
		}
	}
	a, b := toks[0], toks[1]
	if n == 4 {
		switch {
		case a.kind != 0 && b.num != 0:
			d.kind, d.file = a.kind, b.num
		case a.qual != 0 && b.kind != 0:
			d.qual, d.kind = a.qual, b.kind
		case a.kind != 0 && b.qual != 0:
			d.kind, d.qual = a.kind, b.qual
		case a.qual != 0 && b.num != 0:
			d.qual, d.file = a.qual, b.num
		case a.num >= 1 && a.num <= 5 && b.kind != 0:
			d.qual, d.ord, d.kind = qualOrdinal, a.num, b.kind
		default:
			return xiangqi.NoMove, shape
		}
	} else {
		c := toks[2]
		if b.kind == 0 || c.num == 0 {
			return xiangqi.NoMove, shape
		}
		switch {
		case a.qual != 0:
			d.qual = a.qual
		case a.num >= 1 && a.num <= 5:
			d.qual, d.ord = qualOrdinal, a.num
		default:
			return xiangqi.NoMove, shape
		}
		d.kind, d.file = b.kind, c.num
	}
	return resolve(p, &d, Chinese)
}

// charset is a set of characters to write Chinese moves with.
type charset struct {
	pieces [2][8]string // [colour][kind]
	ops    [3]string    // forward, backward, sideways
	quals  [4]string    // none, front, middle, rear
}

var simplified = &charset{
	pieces: [2][8]string{
		{"", "帅", "仕", "相", "马", "车", "炮", "兵"},
		{"", "将", "士", "象", "马", "车", "炮", "卒"},
	},
	ops:   [3]string{"进", "退", "平"},
	quals: [4]string{"", "前", "中", "后"},
}

var traditional = &charset{
	pieces: [2][8]string{
		{"", "帥", "仕", "相", "傌", "俥", "炮", "兵"},
		{"", "將", "士", "象", "馬", "車", "砲", "卒"},
	},
	ops:   [3]string{"進", "退", "平"},
	quals: [4]string{"", "前", "中", "後"},
}

// appendNumber writes 1..9 for colour c: a Chinese numeral for Red, a full-width digit for
// Black.
func appendNumber(b []byte, c xiangqi.Color, v int) []byte {
	if c == xiangqi.Red {
		return utf8.AppendRune(b, chineseNumerals[v-1])
	}
	return utf8.AppendRune(b, '０'+rune(v))
}

// appendChinese writes d with the characters of cs: numbers as Chinese numerals for
// Red and full-width digits for Black, ordinals as Chinese numerals for both.
func (d *desc) appendChinese(b []byte, cs *charset) []byte {
	c := d.color
	if d.qual == qualNone {
		b = append(b, cs.pieces[c][d.kind]...)
		b = appendNumber(b, c, d.file)
	} else {
		if d.qual == qualOrdinal {
			b = utf8.AppendRune(b, chineseNumerals[d.ord-1])
		} else {
			b = append(b, cs.quals[d.qual]...)
		}
		if d.kind != xiangqi.NoKind {
			b = append(b, cs.pieces[c][d.kind]...)
		}
		if d.file != 0 {
			b = appendNumber(b, c, d.file)
		}
	}
	switch d.op {
	case '+':
		b = append(b, cs.ops[0]...)
	case '-':
		b = append(b, cs.ops[1]...)
	default:
		b = append(b, cs.ops[2]...)
	}
	return appendNumber(b, c, d.arg)
}
