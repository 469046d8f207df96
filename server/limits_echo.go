package server

import (
	"fmt"
	"strings"

	"github.com/arbiter-xq/arbiter/notation"
)

// escapeControls writes each control character and bidirectional override of s
// (notation.IsControl, and tab, line feed and carriage return) as a \uXXXX escape: an
// error description repeats a client's input, and a raw ESC or U+202E in it would act on
// the terminal or page that shows it. The rest of s is kept as it is.
func escapeControls(s string) string {
	if !strings.ContainsFunc(s, isEscaped) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if isEscaped(r) {
			fmt.Fprintf(&b, `\u%04x`, r)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

func isEscaped(r rune) bool { return notation.IsControl(r) || r == '\t' || r == '\n' || r == '\r' }
