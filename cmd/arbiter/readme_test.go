package main

import (
	"errors"
	"os"
	"strings"
	"testing"
)

// The README's console samples ("$ arbiter ..." followed by the output) are what the
// binary prints: each command is run and its output compared line by line.
func TestREADMESamples(t *testing.T) {
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	samples := 0
	for i := 0; i < len(lines); i++ {
		cmd, ok := strings.CutPrefix(lines[i], "$ arbiter ")
		if !ok {
			continue
		}
		var want []string
		for i+1 < len(lines) && !strings.HasPrefix(lines[i+1], "$ ") && !strings.HasPrefix(lines[i+1], "```") {
			i++
			want = append(want, lines[i])
		}
		args, err := shellWords(cmd)
		if err != nil {
			t.Errorf("README sample %q: %v", cmd, err)
			continue
		}
		out, stderr, _ := runCLI(t, "", args...)
		got := strings.TrimRight(out+stderr, "\n")
		if got != strings.Join(want, "\n") {
			t.Errorf("README sample $ arbiter %s\nprints:\n%s\nREADME says:\n%s", cmd, got, strings.Join(want, "\n"))
		}
		samples++
	}
	if samples < 3 {
		t.Errorf("found %d README samples, want at least 3", samples)
	}
}

// shellWords splits a command line the way a POSIX shell does for the simple cases the
// README uses: words separated by spaces, double- or single-quoted words.
func shellWords(s string) ([]string, error) {
	var words []string
	var cur strings.Builder
	inWord := false
	var quote rune
	for _, r := range s {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
			cur.WriteRune(r)
		case r == '"' || r == '\'':
			quote, inWord = r, true
		case r == ' ' || r == '\t':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	if quote != 0 {
		return nil, errUnclosedQuote
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words, nil
}

var errUnclosedQuote = errors.New("unclosed quote")
