package picture

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Font families, with fallbacks for the systems people use: the first installed one
// is used. Piece labels prefer a brush (Kai) or serif (Song) face as on real sets;
// other text a sans face. Every list ends with a CJK face common on Linux (WenQuanYi,
// Debian fonts-wqy-microhei) and the generic family.
const (
	pieceFonts = `'KaiTi','STKaiti','AR PL UKai CN','Noto Serif CJK SC','Source Han Serif SC','Songti SC','SimSun','Noto Sans CJK SC','PingFang SC','Microsoft YaHei','WenQuanYi Micro Hei','WenQuanYi Zen Hei',serif`
	textFonts  = `'Noto Sans CJK SC','Source Han Sans SC','PingFang SC','Microsoft YaHei','WenQuanYi Micro Hei','WenQuanYi Zen Hei','DejaVu Sans',Arial,sans-serif`
)

// wide reports whether r takes a full em (CJK ideographs, kana, full-width forms).
func wide(r rune) bool {
	return unicode.Is(unicode.Han, r) || unicode.Is(unicode.Hiragana, r) || unicode.Is(unicode.Katakana, r) ||
		(r >= 0x3000 && r <= 0x303f) || (r >= 0xff00 && r <= 0xffef)
}

// textWidth estimates the width of s at font size fs: a full em for CJK characters and
// about 0.58 em for other characters (a sans face's average).
func textWidth(s string, fs float64) float64 {
	w := 0.0
	for _, r := range s {
		switch {
		case wide(r):
			w += fs
		case r == ' ' || r == 'i' || r == 'l' || r == '.' || r == ',' || r == ':' || r == '(' || r == ')':
			w += 0.32 * fs
		case unicode.IsUpper(r) || r == 'm' || r == 'w':
			w += 0.72 * fs
		default:
			w += 0.58 * fs
		}
	}
	return w
}

// wrap breaks s into lines no wider than max at font size fs: at spaces, and between
// CJK characters where a word would not fit.
func wrap(s string, fs, max float64) []string {
	var lines []string
	var cur strings.Builder
	for _, word := range splitWords(s) {
		if cur.Len() > 0 && textWidth(cur.String()+word, fs) > max {
			lines = append(lines, strings.TrimRight(cur.String(), " "))
			cur.Reset()
			word = strings.TrimLeft(word, " ")
		}
		cur.WriteString(word)
	}
	if t := strings.TrimRight(cur.String(), " "); t != "" || len(lines) == 0 {
		lines = append(lines, t)
	}
	return lines
}

// splitWords cuts s into breakable pieces: each CJK character alone, other runs up to
// and including the space that ends them.
func splitWords(s string) []string {
	var out []string
	start := 0
	for i, r := range s {
		if wide(r) {
			if i > start {
				out = append(out, s[start:i])
			}
			out = append(out, string(r))
			start = i + utf8.RuneLen(r)
			continue
		}
		if r == ' ' {
			out = append(out, s[start:i+1])
			start = i + 1
		}
	}
	if start < len(s) {
		out = append(out, s[start:])
	}
	return out
}

// esc escapes text for XML character data and attribute values.
func esc(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '&':
			b.WriteString("&amp;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '"':
			b.WriteString("&quot;")
		case '\'':
			b.WriteString("&apos;")
		default:
			// Characters XML 1.0 cannot carry are dropped.
			if r == '\t' || r == '\n' || r == '\r' || (r >= 0x20 && r != utf8.RuneError && r != 0xfffe && r != 0xffff) {
				b.WriteRune(r)
			}
		}
	}
	return b.String()
}

// num formats a coordinate with at most one decimal.
func num(v float64) string {
	return strconv.FormatFloat(float64(int64(v*10+signHalf(v)))/10, 'f', -1, 64)
}

func signHalf(v float64) float64 {
	if v < 0 {
		return -0.5
	}
	return 0.5
}

func itoa(i int) string { return strconv.Itoa(i) }

// className keeps letters, digits and '-' of s.
func className(s string) string {
	return strings.Map(func(r rune) rune {
		if r < 128 && (unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-') {
			return r
		}
		return -1
	}, s)
}
