// Command arbiter rules on repetitions in xiangqi under the Chinese (CXA) and Asian
// (AXF/WXF) rulebooks: as a gRPC service (serve), on one game or a record file (judge),
// across rulesets over a database (compare), over its casebook (casebook), and as a
// move-generator check (perft); convert turns a record into another format.
//
// Exit codes: 0 success, 1 usage error, 2 input error (bad FEN, move, PGN, ruleset, a
// file that cannot be read, or a casebook verification failure), 130 compare
// interrupted. Every command reads its flags anywhere among its arguments (parseArgs).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/arbiter-xq/arbiter/internal/buildinfo"
)

const (
	exitOK          = 0
	exitUsage       = 1
	exitInput       = 2
	exitInterrupted = 130 // compare stopped by SIGINT/SIGTERM before the end
)

// parseExit maps a flag parsing error to the exit code: --help is a success.
func parseExit(err error) int {
	if errors.Is(err, flag.ErrHelp) {
		return exitOK
	}
	return exitUsage
}

const usage = `arbiter rules on repetitions in xiangqi (Chinese chess): perpetual check, perpetual
chase and the rest, under the Chinese (CXA 2020) and Asian (AXF/WXF) rulebooks.

Usage:
  arbiter judge --ruleset ID --fen FEN --moves "h2e2 h9g7 ..." [--json] [--svg FILE] [--perspective second] [--board chinese] [policy flags]
  arbiter judge --ruleset ID [--json] [--svg FILE] [--game N] [--upto PLY] [--variation PATH|all] RECORD|GAMES.tsv.gz   one result per game
  arbiter compare [--rulesets chinese,asian] [--json] [--format csv|jsonl] [--all] [--variation PATH|all] RECORD|DIR|GAMES.tsv.gz
  arbiter compare [--rulesets chinese,asian] [--json] [--fen FEN] --moves "h2e2 h9g7 ..."   also banqi-*, chu-*
  arbiter casebook list [--ruleset ID] [--tag TAG] [--source TEXT]
  arbiter casebook show [--svg FILE] [--ruleset ID] [--perspective second] [--board chinese] ID
  arbiter casebook verify [--ruleset ID] [--json]
  arbiter convert [--to pgn|dhtmlxq|xqf] [--game N] IN OUT   formats from the content and OUT's extension
  arbiter perft [--ruleset ID] [--fen FEN] --depth N [--divide]
  arbiter serve --grpc-addr HOST:PORT [--http-addr HOST:PORT] --metrics-addr HOST:PORT [--tls-cert F --tls-key F]
  arbiter health [--addr HOST:PORT]                     exit 0 when the server is SERVING
  arbiter version                                       also --version
  arbiter rulesets

Flags may stand before or after the arguments; "--" ends them. Ruleset ids are
case-insensitive (arbiter rulesets lists them).
A RECORD is a game file in any of PGN, XQF, DhtmlXQ (UBB), CBR, CBL or CBF, told from
its content; - reads standard input.
Moves may be written in ICCS (h2e2, H2-E2), WXF (C2.5, C2=5, +P.4) or Chinese
(炮二平五, 马８进７), mixed freely. Run "arbiter COMMAND --help" for a command's flags.
`

func main() {
	ctx, stop := context.Background(), context.CancelFunc(func() {})
	// Only the long-running commands handle SIGINT/SIGTERM themselves (serve drains,
	// compare reports how far it got); the others keep the default: the signal ends them.
	if len(os.Args) > 1 && (os.Args[1] == "serve" || os.Args[1] == "compare") {
		ctx, stop = signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	}
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return exitUsage
	}
	switch args[0] {
	case "judge":
		return runJudge(args[1:], stdin, stdout, stderr)
	case "compare":
		return runCompare(ctx, args[1:], stdin, stdout, stderr)
	case "convert":
		return runConvert(args[1:], stdin, stdout, stderr)
	case "casebook":
		return runCasebook(args[1:], stdout, stderr)
	case "perft":
		return runPerft(args[1:], stdout, stderr)
	case "serve":
		return runServe(ctx, args[1:], stdout, stderr)
	case "health":
		return runHealth(args[1:], stdout, stderr)
	case "version", "--version", "-version":
		fmt.Fprintln(stdout, buildinfo.Read())
		return exitOK
	case "rulesets":
		return runRulesets(args[1:], stdout, stderr)
	case "help", "-h", "--help", "-help":
		fmt.Fprint(stdout, usage)
		return exitOK
	}
	fmt.Fprintf(stderr, "arbiter: unknown command %q\n\n%s", args[0], usage)
	return exitUsage
}

func runRulesets(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("rulesets", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: arbiter rulesets\n\nLists the ruleset ids (for --ruleset and --rulesets) with their rulebooks.")
	}
	rest, err := parseArgs(fs, args)
	if err != nil {
		return parseExit(err)
	}
	if len(rest) > 0 {
		fmt.Fprintf(stderr, "arbiter rulesets: unexpected argument %q (rulesets takes no arguments)\n", rest[0])
		return exitUsage
	}
	for _, in := range newRegistry().Infos() {
		name := in.Name
		if in.Edition != "" {
			name += " (" + in.Edition + ")"
		}
		fmt.Fprintf(stdout, "%s  [%s] %s\n    %s\n", in.ID, in.Game, name, in.Description)
		if in.Source != "" {
			fmt.Fprintf(stdout, "    source: %s\n", in.Source)
		}
		for _, o := range in.Options {
			allowed := ""
			if len(o.Allowed) > 0 {
				allowed = " (" + strings.Join(o.Allowed, "|") + ")"
			}
			fmt.Fprintf(stdout, "    %s=%s%s\n", o.Name, o.Value, allowed)
		}
	}
	return exitOK
}
