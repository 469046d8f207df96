package chushogi

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// ParseJapaneseSquare reads a square as Japanese records write it (§2.2): an optional
// side mark (▲ △ ▽ ☗ ☖), the file in Arabic digits (ASCII or full-width) and the rank
// as a kanji numeral 一 .. 十二. Example: ▲3三 is 3c, ▽１２一 is 12a.
func ParseJapaneseSquare(text string) (Square, error) {
	s := text
	for _, mark := range []string{"▲", "△", "▽", "☗", "☖"} {
		s = strings.TrimPrefix(s, mark)
	}
	file, n := 0, 0
	for len(s) > 0 {
		r, size := utf8.DecodeRuneInString(s)
		switch {
		case r >= '0' && r <= '9':
			file = file*10 + int(r-'0')
		case r >= '０' && r <= '９':
			file = file*10 + int(r-'０')
		default:
			goto rank
		}
		n++
		s = s[size:]
	}
rank:
	if n == 0 || n > 2 || file < 1 || file > Files {
		return NoSquare, fmt.Errorf("japanese square %q: the file must be 1-12", text)
	}
	ranks := []string{"一", "二", "三", "四", "五", "六", "七", "八", "九", "十", "十一", "十二"}
	for r := len(ranks) - 1; r >= 0; r-- {
		if s == ranks[r] {
			sq, _ := NewSquare(file, r)
			return sq, nil
		}
	}
	return NoSquare, fmt.Errorf("japanese square %q: the rank must be a kanji numeral 一 to 十二", text)
}
