package main

import (
	"flag"
	"io"
	"reflect"
	"strings"
	"testing"
)

func TestParseArgs(t *testing.T) {
	tests := []struct {
		args       []string
		positional []string
		ruleset    string
		json       bool
		moves      string
	}{
		{[]string{"a.pgn", "--ruleset", "asian"}, []string{"a.pgn"}, "asian", false, ""},
		{[]string{"--ruleset", "asian", "a.pgn"}, []string{"a.pgn"}, "asian", false, ""},
		{[]string{"a.pgn", "--json", "b.pgn", "-ruleset=asian"}, []string{"a.pgn", "b.pgn"}, "asian", true, ""},
		{[]string{"-", "--json"}, []string{"-"}, "chinese", true, ""},
		{[]string{"a.pgn", "--", "--json", "-x"}, []string{"a.pgn", "--json", "-x"}, "chinese", false, ""},
		{[]string{"--", "--json"}, []string{"--json"}, "chinese", false, ""},
		// "--" as the value of a flag is a value, not the end of the flags.
		{[]string{"--moves", "--", "--json", "a"}, []string{"a"}, "chinese", true, "--"},
		{[]string{"--json", "--", "--ruleset", "asian"}, []string{"--ruleset", "asian"}, "chinese", true, ""},
		{nil, nil, "chinese", false, ""},
	}
	for _, tt := range tests {
		fs := flag.NewFlagSet("t", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		ruleset := fs.String("ruleset", "chinese", "")
		asJSON := fs.Bool("json", false, "")
		moves := fs.String("moves", "", "")
		got, err := parseArgs(fs, tt.args)
		if err != nil {
			t.Errorf("%q: %v", tt.args, err)
			continue
		}
		if !reflect.DeepEqual(got, tt.positional) || *ruleset != tt.ruleset || *asJSON != tt.json || *moves != tt.moves {
			t.Errorf("%q: positional %q ruleset %q json %v moves %q; want %q %q %v %q",
				tt.args, got, *ruleset, *asJSON, *moves, tt.positional, tt.ruleset, tt.json, tt.moves)
		}
	}
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	if _, err := parseArgs(fs, []string{"a.pgn", "--nosuch"}); err == nil || !strings.Contains(err.Error(), "nosuch") {
		t.Errorf("an unknown flag after a positional argument: %v", err)
	}
}
