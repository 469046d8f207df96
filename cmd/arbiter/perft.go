package main

import (
	"flag"
	"fmt"
	"io"
	"sort"

	"github.com/arbiter-xq/arbiter/xiangqi"
)

func runPerft(args []string, stdout, stderr io.Writer) int {
	if _, other := gameRulesetArg(args, "ruleset"); other {
		return runGamePerft(args, stdout, stderr)
	}
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fen := fs.String("fen", "", "start position in FEN (default: the standard start)")
	depth := fs.Int("depth", 0, "depth in plies (required, 1..8)")
	divide := fs.Bool("divide", false, "also print the leaf count below each legal move")
	ruleset := fs.String("ruleset", "", "ruleset id (the xiangqi rulesets share the move rules; another game's id counts its moves)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: arbiter perft [--ruleset ID] [--fen FEN] --depth N [--divide]\n\nCounts the leaf nodes of the legal move tree (a move-generator check).")
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
	if *ruleset != "" {
		if _, err := getRuleset(newRegistry(), *ruleset); err != nil {
			fmt.Fprintln(stderr, "arbiter perft: --ruleset:", err)
			return exitInput
		}
	}
	p, err := xiangqi.ParseFEN(*fen)
	if err != nil {
		fmt.Fprintln(stderr, "arbiter perft: --fen:", err)
		return exitInput
	}
	if *divide {
		var lines []string
		for _, m := range p.LegalMoves() {
			cap := p.MakeMove(m)
			lines = append(lines, fmt.Sprintf("%s %d", m, p.Perft(*depth-1)))
			p.UnmakeMove(m, cap)
		}
		sort.Strings(lines)
		for _, l := range lines {
			fmt.Fprintln(stdout, l)
		}
	}
	fmt.Fprintln(stdout, p.Perft(*depth))
	return exitOK
}
