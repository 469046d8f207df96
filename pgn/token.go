package pgn

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// isDelim reports whether r ends a movetext token: white space (including
// the ideographic space U+3000) or one of the PGN delimiters.
func isDelim(r rune) bool {
	if r < utf8.RuneSelf {
		return isDelimByte(byte(r))
	}
	return unicode.IsSpace(r)
}

// isSpace is unicode.IsSpace with a fast path for ASCII.
func isSpace(r rune) bool {
	if r < utf8.RuneSelf {
		return r == ' ' || '\t' <= r && r <= '\r'
	}
	return unicode.IsSpace(r)
}

// isDelimByte is isDelim for an ASCII byte.
func isDelimByte(c byte) bool {
	const (
		low  = 1<<'\t' | 1<<'\n' | 1<<'\v' | 1<<'\f' | 1<<'\r' | 1<<' ' | 1<<'(' | 1<<')' | 1<<';'
		high = 1<<('['-64) | 1<<(']'-64) | 1<<('{'-64) | 1<<('}'-64)
	)
	if c < 64 {
		return low>>c&1 != 0
	}
	return c < 128 && high>>(c-64)&1 != 0
}

// isResult reports whether tok is a game termination marker.
func isResult(tok string) bool {
	switch tok {
	case "1-0", "0-1", "1/2-1/2", "*":
		return true
	}
	return false
}

// tokenKind is what a movetext token turned out to be.
type tokenKind int

const (
	tokenSkip   tokenKind = iota + 1 // move number, NAG, annotation: nothing to keep
	tokenResult                      // game termination marker
	tokenMove                        // a move text
)

// isPeriod reports whether r can follow a move number: "1.", "1...",
// full-width "1．" or "1…".
func isPeriod(r rune) bool { return r == '.' || r == '．' || r == '…' }

// isAnnotation reports whether r is a move annotation mark (!, ?, and their
// full-width forms).
func isAnnotation(r rune) bool { return r == '!' || r == '?' || r == '！' || r == '？' }

func isASCIIDigit(r rune) bool { return '0' <= r && r <= '9' }

// classify decides what a movetext token (a run of non-delimiters) is, and
// returns the move or result text it holds. A move number or continuation
// mark glued to a move ("1.炮二平五", "12...h9g7", "...h9g7") is removed, as
// are annotation marks after it ("h2e2!?"). The returned move text classifies as itself, which is what
// lets Write reproduce it.
func classify(tok string) (tokenKind, string) {
	for {
		switch {
		case tok == "":
			return tokenSkip, ""
		case isResult(tok):
			return tokenResult, tok
		case strings.TrimFunc(tok, isPeriod) == "": // "...", a continuation mark
			return tokenSkip, ""
		case strings.TrimFunc(tok, isAnnotation) == "": // "!?" on its own
			return tokenSkip, ""
		case tok[0] == '$' && len(tok) > 1 && strings.TrimFunc(tok[1:], isASCIIDigit) == "": // NAG
			return tokenSkip, ""
		}
		if rest := strings.TrimLeftFunc(tok, isPeriod); len(rest) < len(tok) {
			tok = rest // "...h9g7", a continuation mark glued to the move
			continue
		}
		digits := strings.TrimLeftFunc(tok, isASCIIDigit)
		if digits == "" { // a move number without periods
			return tokenSkip, ""
		}
		if len(digits) < len(tok) {
			if rest := strings.TrimLeftFunc(digits, isPeriod); len(rest) < len(digits) {
				tok = rest // "12." glued to what follows
				continue
			}
		}
		if trimmed := strings.TrimRightFunc(tok, isAnnotation); len(trimmed) < len(tok) {
			tok = trimmed
			continue
		}
		return tokenMove, tok
	}
}

// plainMove reports whether classify(string(b)) would return b as a move:
// the common case, tested without converting b to a string. It is
// conservative: false sends the token through classify.
func plainMove(b []byte) bool {
	if len(b) == 0 {
		return false
	}
	switch b[0] {
	case '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '$', '*', '.', '!', '?':
		return false
	}
	if first, _ := utf8.DecodeRune(b); isPeriod(first) || isAnnotation(first) {
		return false
	}
	last, _ := utf8.DecodeLastRune(b)
	return !isAnnotation(last)
}

// validMove reports whether Write can write m so that it reads back as m.
func validMove(m string) bool {
	if m == "" || strings.ContainsFunc(m, isDelim) {
		return false
	}
	kind, text := classify(m)
	return kind == tokenMove && text == m
}
