package main

import (
	"flag"
	"strings"
)

// parseArgs parses the flags of fs wherever they stand among args and returns the
// positional arguments in order: `judge FILE.pgn --ruleset asian` and `judge --ruleset
// asian FILE.pgn` mean the same, as with buf or grpcurl. A lone "-" is a positional
// argument (standard input); "--" ends the flags, everything after it is positional
// (a file called "--json" is `-- --json`). Every command parses its flags here.
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		used := len(args) - len(rest)
		if endedByDashes(fs, args[:used]) {
			return append(positional, rest...), nil
		}
		if len(rest) == 0 {
			return positional, nil
		}
		// Parse stopped at a positional argument: keep it and go on after it.
		positional = append(positional, rest[0])
		args = rest[1:]
	}
}

// endedByDashes reports whether the flags fs.Parse consumed end with the terminator
// "--" rather than with a flag whose value happens to be "--" (--moves --).
func endedByDashes(fs *flag.FlagSet, consumed []string) bool {
	for i := 0; i < len(consumed); i++ {
		switch {
		case consumed[i] == "--":
			return i == len(consumed)-1
		case takesValue(fs, consumed[i]):
			i++ // skip the value
		}
	}
	return false
}

// takesValue reports whether arg is a flag of fs written without "=" that takes the
// next argument as its value (any flag but a boolean one).
func takesValue(fs *flag.FlagSet, arg string) bool {
	if !strings.HasPrefix(arg, "-") || strings.Contains(arg, "=") {
		return false
	}
	f := fs.Lookup(strings.TrimLeft(arg, "-"))
	if f == nil {
		return false
	}
	if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
		return false
	}
	return true
}

// flagSet reports whether the flag called name was given on the command line.
func flagSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}
