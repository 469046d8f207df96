package pgn

import (
	"strings"
	"unicode"
)

// isDelim reports whether r ends a movetext token: white space (including
// the ideographic space U+3000) or one of the PGN delimiters.
func isDelim(r rune) bool {
	switch r {
	case '{', '}', '(', ')', '[', ']', ';':
		return true
	}
	return unicode.IsSpace(r)
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

// validMove reports whether Write can write m so that it reads back as m.
func validMove(m string) bool {
	if m == "" || strings.ContainsFunc(m, isDelim) {
		return false
	}
	kind, text := classify(m)
	return kind == tokenMove && text == m
}
