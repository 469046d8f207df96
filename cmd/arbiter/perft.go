package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/arbiter-xq/arbiter/apiconv"
	"github.com/arbiter-xq/arbiter/arbiter"
)

// runPerft is `arbiter perft [--ruleset ID] [--fen POS] --depth N`: the leaf count of the
// legal move tree of any game, under the ruleset's options (a move-generator check).
func runPerft(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fen := fs.String("fen", "", "start position in the game's notation (default: the standard start)")
	depth := fs.Int("depth", 0, "depth in plies (required, 1..8)")
	divide := fs.Bool("divide", false, "also print the leaf count below each legal move")
	ruleset := fs.String("ruleset", "chinese", "ruleset id; its options decide which moves are legal (the xiangqi rulesets share the move rules)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: arbiter perft [--ruleset ID] [--fen POS] --depth N [--divide]\n\nCounts the leaf nodes of the legal move tree (a move-generator check) of any game: xiangqi, banqi-*, chu-*.")
		fs.PrintDefaults()
	}
	rest, err := parseArgs(fs, args)
	if err != nil {
		return parseExit(err)
	}
	switch {
	case len(rest) > 0:
		fmt.Fprintf(stderr, "arbiter perft: unexpected argument %q (perft takes only flags; see arbiter perft --help)\n", rest[0])
		return exitUsage
	case !flagSet(fs, "depth"):
		fmt.Fprintln(stderr, "arbiter perft: missing --depth N (1 to 8 plies); see arbiter perft --help")
		return exitUsage
	case *depth < 1 || *depth > 8:
		fmt.Fprintf(stderr, "arbiter perft: --depth %d: want a depth from 1 to 8 plies (--depth 8 takes minutes)\n", *depth)
		return exitUsage
	}
	rs, err := newRegistry().Lookup(strings.TrimSpace(*ruleset))
	if err != nil {
		fmt.Fprintln(stderr, "arbiter perft: --ruleset:", err)
		return exitInput
	}
	pf, ok := rs.(arbiter.Perfter)
	if !ok {
		fmt.Fprintf(stderr, "arbiter perft: ruleset %s offers no perft\n", rs.Info().ID)
		return exitInput
	}
	total, lines, err := pf.Perft(context.Background(), *fen, *depth, *divide)
	if err != nil {
		fmt.Fprintln(stderr, "arbiter perft:", describeError(err))
		return exitInput
	}
	for _, l := range lines {
		fmt.Fprintln(stdout, l)
	}
	fmt.Fprintln(stdout, total)
	return exitOK
}

// describeError names the flag behind an error the way the API names its field
// ("--fen: ...", "moves[3]: ..."), so that the CLI and the service say the same.
func describeError(err error) string {
	if fe := apiconv.AsFieldError(err); fe != nil {
		field := fe.Field
		switch field {
		case "fen", "ruleset", "deal":
			field = "--" + field
		}
		return field + ": " + fe.Reason
	}
	return err.Error()
}
