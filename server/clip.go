package server

import (
	"strconv"
	"unicode/utf8"
)

// maxEcho is how much of a client's input an error message or a log line repeats.
const maxEcho = 64

// clip returns s when it is at most maxEcho bytes long, else its first maxEcho bytes (cut
// at a character boundary) followed by "…(N bytes)", so that a megabyte of garbage in a
// request is not sent back in the error's trailers or written to the logs.
func clip(s string) string { return clipTo(s, maxEcho) }

// clipTo is clip with a chosen length.
func clipTo(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…(" + strconv.Itoa(len(s)) + " bytes)"
}

// MaxRulesetIDBytes is the longest ruleset id (with its +option=value overrides) a
// request may name; a longer one is refused before it is parsed. Ids up to it are
// looked up in full; only what an error repeats of them is clipped to maxEcho bytes.
const MaxRulesetIDBytes = 256
