package notation

import "github.com/arbiter-xq/arbiter/xiangqi"

// wxfKind reads a WXF piece letter, either case: K A E/B H/N R C P.
func wxfKind(b byte) xiangqi.Kind {
	if pc, ok := xiangqi.PieceFromLetter(b); ok {
		return pc.Kind()
	}
	return xiangqi.NoKind
}

// wxfLetters writes the kinds: K A E H R C P.
const wxfLetters = " KAEHRCP"

func isDigit19(b byte) bool { return b >= '1' && b <= '9' }

// wxfQual reads a qualifier symbol: + front, - rear, . or = middle.
func wxfQual(b byte) qual {
	switch b {
	case '+':
		return qualFront
	case '-':
		return qualRear
	case '.', '=':
		return qualMiddle
	}
	return qualNone
}

// wxfOrdinal reads an ordinal written before the piece letter: 1..5 or a..e.
func wxfOrdinal(b byte) int {
	switch {
	case b >= '1' && b <= '5':
		return int(b - '0')
	case b >= 'a' && b <= 'e':
		return int(b-'a') + 1
	}
	return 0
}

// wxfShape is the reason for text that is not WXF at all.
const wxfShape = "not WXF notation (like C2.5, H8+7, +P.4)"

// parseWXF reads a normalized (ASCII) WXF move. The last two characters are always
// the operator and its number; what comes before names the piece:
//
//	C2     piece and file
//	+C -C  front / rear piece (also .P =P for the middle of three pawns)
//	C+ C-  the same, written after the letter
//	2P bP  pawn number 2 from the front (1..5 or a..e) when four or five share a file
//	+7     front pawn of file 7, when pawns are doubled on two files
//	+P7    the same with the letter
func parseWXF(p *xiangqi.Position, s string) (xiangqi.Move, string) {
	const shape = wxfShape
	if len(s) < 4 || len(s) > 5 {
		return xiangqi.NoMove, shape
	}
	var d desc
	n := len(s)
	switch s[n-2] {
	case '+', '-':
		d.op = s[n-2]
	case '.', '=':
		d.op = '='
	default:
		return xiangqi.NoMove, shape
	}
	if !isDigit19(s[n-1]) {
		return xiangqi.NoMove, shape
	}
	d.arg = int(s[n-1] - '0')
	pre := s[:n-2]
	if len(pre) == 2 {
		a, b := pre[0], pre[1]
		switch {
		case wxfKind(a) != xiangqi.NoKind && isDigit19(b):
			d.kind, d.file = wxfKind(a), int(b-'0')
		case wxfQual(a) != qualNone && wxfKind(b) != xiangqi.NoKind:
			d.qual, d.kind = wxfQual(a), wxfKind(b)
		case wxfKind(a) != xiangqi.NoKind && wxfQual(b) != qualNone:
			d.kind, d.qual = wxfKind(a), wxfQual(b)
		case wxfQual(a) != qualNone && isDigit19(b):
			d.qual, d.file = wxfQual(a), int(b-'0')
		case wxfOrdinal(a) != 0 && wxfKind(b) != xiangqi.NoKind:
			d.qual, d.ord, d.kind = qualOrdinal, wxfOrdinal(a), wxfKind(b)
		default:
			return xiangqi.NoMove, shape
		}
	} else {
		a, b, c := pre[0], pre[1], pre[2]
		if wxfKind(b) == xiangqi.NoKind || !isDigit19(c) {
			return xiangqi.NoMove, shape
		}
		switch {
		case wxfQual(a) != qualNone:
			d.qual = wxfQual(a)
		case wxfOrdinal(a) != 0:
			d.qual, d.ord = qualOrdinal, wxfOrdinal(a)
		default:
			return xiangqi.NoMove, shape
		}
		d.kind, d.file = wxfKind(b), int(c-'0')
	}
	return resolve(p, &d, WXF)
}

// appendWXF writes d in ASCII WXF.
func (d *desc) appendWXF(b []byte) []byte {
	switch d.qual {
	case qualNone:
		b = append(b, wxfLetters[d.kind], byte('0'+d.file))
	default:
		switch d.qual {
		case qualFront:
			b = append(b, '+')
		case qualMiddle:
			b = append(b, '.')
		case qualRear:
			b = append(b, '-')
		case qualOrdinal:
			b = append(b, byte('0'+d.ord))
		}
		if d.kind != xiangqi.NoKind {
			b = append(b, wxfLetters[d.kind])
		}
		if d.file != 0 {
			b = append(b, byte('0'+d.file))
		}
	}
	op := d.op
	if op == '=' {
		op = '.'
	}
	return append(b, op, byte('0'+d.arg))
}
