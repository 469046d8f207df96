package notation

// IsControl reports whether r is a character no move text may hold: a C0 or C1 control
// character other than tab, line feed and carriage return (which are white space around
// a move), DEL, or a bidirectional formatting character (U+061C, U+200E, U+200F,
// U+202A..U+202E, U+2066..U+2069), which could make a move read differently from what
// it is. Such characters were dropped ("h2\x00e2" was played as h2e2); they are refused.
func IsControl(r rune) bool {
	switch {
	case r == '\t' || r == '\n' || r == '\r':
		return false
	case r < 0x20 || (r >= 0x7f && r <= 0x9f):
		return true
	case r == 0x061c || r == 0x200e || r == 0x200f || (r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069):
		return true
	}
	return false
}

// controlIn returns the first character of s that IsControl, with its byte offset.
func controlIn(s string) (rune, int, bool) {
	for i, r := range s {
		if IsControl(r) {
			return r, i, true
		}
	}
	return 0, 0, false
}
