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

// The synopsis `arbiter --help` prints names every flag the README's command-line
// synopsis gives each command (judge --svg, casebook show --svg, perft --ruleset, serve
// --http-addr were missing once).
func TestUsageMatchesREADME(t *testing.T) {
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, block, ok := strings.Cut(string(data), "## The command-line tool\n\n```\n")
	if !ok {
		t.Fatal("no command synopsis in the README")
	}
	block, _, _ = strings.Cut(block, "```")
	help, _, _ := runCLI(t, "", "--help")
	// usageFlags collects the flags of each command ("judge", "casebook show") in text.
	usageFlags := func(text string) map[string]map[string]bool {
		flags := map[string]map[string]bool{}
		for _, line := range strings.Split(text, "\n") {
			words := strings.Fields(line)
			if len(words) < 2 || words[0] != "arbiter" {
				continue
			}
			cmd := words[1]
			if cmd == "casebook" && len(words) > 2 {
				cmd += " " + words[2]
			}
			if flags[cmd] == nil {
				flags[cmd] = map[string]bool{}
			}
			for _, w := range words[2:] {
				if f, ok := strings.CutPrefix(strings.Trim(w, "[]"), "--"); ok && f != "" {
					flags[cmd][f] = true
				}
			}
		}
		return flags
	}
	readme, usage := usageFlags(block), usageFlags(help)
	if len(readme) < 6 {
		t.Fatalf("read %d commands from the README's synopsis, want at least 6", len(readme))
	}
	for cmd, fl := range readme {
		if usage[cmd] == nil {
			t.Errorf("arbiter --help does not show %q", cmd)
			continue
		}
		for f := range fl {
			if !usage[cmd][f] {
				t.Errorf("arbiter --help: %s lacks --%s, which the README gives it", cmd, f)
			}
		}
	}
}

// TestGameUsage: the commands another game's ruleset sends to their own flags say how to
// call them (they printed flag.FlagSet's bare "Usage of compare:"), and compare's xiangqi
// help names the other games' form.
func TestGameUsage(t *testing.T) {
	for _, args := range [][]string{
		{"judge", "--ruleset", "banqi-tw", "--help"},
		{"compare", "--rulesets", "chu-jcsa2004,chu-hachu", "--help"},
		{"perft", "--ruleset", "chu-lishogi", "--help"},
	} {
		out, stderr, code := runCLI(t, "", args...)
		if code != exitOK || !strings.Contains(out+stderr, "usage: arbiter "+args[0]+" ") || !strings.Contains(out+stderr, "banqi") {
			t.Errorf("%v: exit %d, want exit 0 and the usage line:\n%s%s", args, code, out, stderr)
		}
	}
	out, stderr, _ := runCLI(t, "", "compare", "--help")
	if !strings.Contains(out+stderr, `--fen POS --moves "..."`) {
		t.Errorf("compare --help does not say how to compare a banqi or chu shogi record:\n%s%s", out, stderr)
	}
}

// TestGameOptionErrors: a bad option override of a banqi or chu ruleset is reported by
// name, with the reason, by every command (judge, perft and compare called
// "banqi-tw+chain_capture=any" an unknown ruleset, listing the valid ids).
func TestGameOptionErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"judge", "--ruleset", "banqi-tw+chain_capture=any", "--moves", "a1=K"}, "option chain_capture=any: requires hidden_capture=all or cannon"},
		{[]string{"judge", "--ruleset", "chu-lishogi+chu.bare_king=maybe", "--moves", "7j7h"}, "option chu.bare_king=maybe: allowed values: on, off"},
		{[]string{"perft", "--ruleset", "banqi-tw+nope=1", "--depth", "1"}, "option nope=1: unknown option"},
		{[]string{"compare", "--rulesets", "banqi-tw+no_progress_plies=-5", "--moves", "a1=K"}, "option no_progress_plies=-5: want a number"},
	} {
		_, stderr, code := runCLI(t, "", tc.args...)
		if code != exitInput || !strings.Contains(stderr, tc.want) || strings.Contains(stderr, "unknown ruleset") {
			t.Errorf("%v: exit %d, %q; want exit 2 naming the option (%s)", tc.args, code, stderr, tc.want)
		}
	}
}

// TestGameJudgeRepetitionOff: under a ruleset that judges no repetition (banqi-routechase)
// a repeated last position is not reported as "has not occurred before", which the
// ply list (occurrence 2) contradicted.
func TestGameJudgeRepetitionOff(t *testing.T) {
	out, stderr, code := runCLI(t, "", "judge", "--ruleset", "banqi-routechase", "--fen", "4/4/4/4/4/4/r3/1G2 r - 0",
		"--moves", "b1-a1 a2-b2 a1-a2 b2-b1 a2-b2 b1-a1 b2-b1 a1-a2")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(out, "occurrence 2") || strings.Contains(out, "has not occurred before") ||
		!strings.Contains(out, "the last position has occurred 2 times, and banqi-routechase gives no ruling on repetition") {
		t.Errorf("judge under banqi-routechase:\n%s", out)
	}
}
