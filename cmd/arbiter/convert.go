package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/arbiter-xq/arbiter/record"
)

const convertUsage = `usage: arbiter convert [--to pgn|dhtmlxq|xqf] [--game N] [--relaxed-fen] IN OUT

Reads the game record IN (PGN, XQF, DhtmlXQ, CBR, CBL or CBF, the format told from the
content; - reads standard input) and writes it to OUT in the format its extension names:
.pgn (every game, main lines), .ubb, .dhtmlxq or .txt (DhtmlXQ: every game with its
variations and comments), .xqf (XQF 1.0, one game per file: with several games, OUT-N.xqf
for game N). --to names the format when OUT has another extension or is - (standard
output). What the output format cannot hold (characters outside GBK in XQF, strings
longer than their field) is reported on stderr. A game that cannot be read is reported
and skipped; a main line cut at an illegal move is written up to that move and reported;
either way the exit code is 2.
`

func runConvert(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("convert", flag.ContinueOnError)
	fs.SetOutput(stderr)
	to := fs.String("to", "", "output format: pgn, dhtmlxq or xqf (default: from OUT's extension)")
	game := fs.Int("game", 0, "convert only game N of IN (from 1; 0: every game)")
	relaxed := fs.Bool("relaxed-fen", false, "accept pieces on points they can never reach in start positions")
	fs.Usage = func() { fmt.Fprint(stderr, convertUsage); fs.PrintDefaults() }
	files, err := parseArgs(fs, args)
	if err != nil {
		return parseExit(err)
	}
	if len(files) != 2 {
		fmt.Fprintf(stderr, "arbiter convert: want IN and OUT, got %d arguments; see arbiter convert --help\n", len(files))
		return exitUsage
	}
	in, out := files[0], files[1]
	format, err := outputFormat(*to, out)
	if err != nil {
		fmt.Fprintln(stderr, "arbiter convert:", err)
		return exitUsage
	}
	if *game < 0 {
		fmt.Fprintf(stderr, "arbiter convert: --game %d: want a game number from 1 (0: every game)\n", *game)
		return exitUsage
	}
	data, err := readInput(in, stdin)
	if err != nil {
		fmt.Fprintf(stderr, "arbiter convert: %s: %v\n", in, err)
		return exitInput
	}
	games, err := record.Read(in, data, record.Options{Variations: true, RelaxedFEN: *relaxed})
	code := exitOK
	if err != nil {
		code = exitInput
		fmt.Fprintf(stderr, "arbiter convert: %v%s\n", err, fileHint(in, err, "convert"))
	}
	if *game > 0 {
		if *game > len(games) {
			fmt.Fprintf(stderr, "arbiter convert: %s: --game %d: the file holds %d games\n", in, *game, len(games))
			return exitInput
		}
		games = games[*game-1 : *game]
	}
	var keep []*record.Game
	for _, g := range games {
		for _, w := range g.Warnings {
			fmt.Fprintf(stderr, "arbiter convert: warning: %v\n", w)
			if w.Level <= record.LevelGame {
				code = exitInput
			}
		}
		if g.Err != nil {
			code = exitInput
			if g.Err.Level <= record.LevelGame {
				fmt.Fprintf(stderr, "arbiter convert: %v (skipped)\n", g.Err)
				continue
			}
			fmt.Fprintf(stderr, "arbiter convert: %v (written up to ply %d)\n", g.Err, len(g.Moves))
		}
		keep = append(keep, g)
	}
	if len(keep) == 0 {
		if err == nil {
			fmt.Fprintf(stderr, "arbiter convert: %s: no game to write\n", in)
		}
		return exitInput
	}
	if format == record.XQF && len(keep) > 1 && out == "-" {
		fmt.Fprintf(stderr, "arbiter convert: %s holds %d games and XQF one per file: give --game N, or a file name (OUT-N.xqf per game)\n", in, len(keep))
		return exitUsage
	}
	// One XQF file per game; PGN and DhtmlXQ hold every game in one file.
	groups := [][]*record.Game{keep}
	if format == record.XQF {
		groups = groups[:0]
		for _, g := range keep {
			groups = append(groups, []*record.Game{g})
		}
	}
	for i, gs := range groups {
		name := out
		if len(groups) > 1 {
			name = svgPath(out, i, len(groups))
		}
		var buf bytes.Buffer
		for j, g := range gs {
			if j > 0 {
				buf.WriteByte('\n')
			}
			lossy, werr := record.Write(&buf, g, format)
			for _, l := range lossy {
				fmt.Fprintf(stderr, "arbiter convert: %s game %d: %s cannot hold %s\n", in, g.Source.Index, format, l)
			}
			if werr != nil {
				fmt.Fprintf(stderr, "arbiter convert: %s game %d: %v\n", in, g.Source.Index, werr)
				return exitInput
			}
		}
		if werr := writeOutput(name, stdout, buf.Bytes()); werr != nil {
			fmt.Fprintln(stderr, "arbiter convert:", werr)
			return exitInput
		}
	}
	return code
}

// outputFormat is the format --to names, else the one OUT's extension names.
func outputFormat(to, out string) (record.Format, error) {
	name, what := to, "--to "+to
	if name == "" {
		if out == "-" {
			return record.Unknown, fmt.Errorf("give --to pgn|dhtmlxq|xqf to write to standard output")
		}
		name, what = filepath.Ext(out), out
	}
	f, ok := record.ParseFormat(name)
	switch {
	case !ok:
		return record.Unknown, fmt.Errorf("%s: unknown output format (want .pgn, .ubb, .dhtmlxq, .txt or .xqf, or --to)", what)
	case f != record.PGN && f != record.DhtmlXQ && f != record.XQF:
		return record.Unknown, fmt.Errorf("%s: %s is read, not written (the writers are PGN, DhtmlXQ and XQF 1.0)", what, strings.ToUpper(f.String()))
	}
	return f, nil
}

// writeOutput writes data to the file name, or to stdout for "-".
func writeOutput(name string, stdout io.Writer, data []byte) error {
	if name == "-" {
		w := bufio.NewWriter(stdout)
		w.Write(data)
		return w.Flush()
	}
	return os.WriteFile(name, data, 0o644)
}
