package notation_test

import (
	"strings"
	"testing"

	"github.com/arbiter-xq/arbiter/notation"
	"github.com/arbiter-xq/arbiter/xiangqi"
)

// A control character or a bidirectional override inside a move is refused, naming the
// character (it was dropped: "h2\x00e2" was played as h2e2), and the error quotes the
// text with escapes (issue 29, finding 11). Tabs and line breaks stay white space.
func TestControlCharactersRefused(t *testing.T) {
	p := xiangqi.StartPosition()
	for _, text := range []string{"h2\x00e2", "h2\x1be2", "h2\u202ee2", "h2e2\x7f", "C2\u0085.5", "炮二\u2067平五"} {
		_, err := notation.Parse(&p, text)
		if err == nil {
			t.Errorf("%q was played", text)
			continue
		}
		if msg := err.Error(); !strings.Contains(msg, "control character U+") || strings.ContainsAny(msg, "\x00\x1b\u202e\x7f\u0085\u2067") {
			t.Errorf("%q: %q", text, msg)
		}
	}
	for _, text := range []string{" h2e2\t", "h2e2\r\n", "炮二平五"} {
		if _, err := notation.Parse(&p, text); err != nil {
			t.Errorf("%q: %v", text, err)
		}
	}
}
