package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/internal/corpus"
)

const compareUsage = `usage: arbiter compare [--rulesets chinese,asian] [--json] [policy flags] SOURCE...

SOURCE is a PGN file, a folder (every *.pgn below it), or a game database in the
ccpd TSV format (*.tsv or *.tsv.gz: game_id, start_fen, ICCS moves, result). Every game
is adjudicated under each ruleset; the games where the rulesets disagree (different
result, termination or ruling of the final repetition) are listed side by side, then a
summary. Games run in parallel.
`

// compareRow is one game's rulings under every ruleset.
type compareRow struct {
	Game     string          `json:"game"`
	Plies    int             `json:"plies"`
	Rulings  []compareRuling `json:"rulings"`
	Disagree bool            `json:"disagree"`
	Error    string          `json:"error,omitempty"`
}

type compareRuling struct {
	Ruleset     string `json:"ruleset"`
	Verdict     string `json:"verdict"`
	Result      string `json:"result"`
	Termination string `json:"termination,omitempty"`
	EndPly      int    `json:"end_ply,omitempty"` // the ply (from 1) that ended the game
	Patterns    string `json:"patterns,omitempty"`
}

func runCompare(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if _, other := gameRulesetArg(args, "rulesets"); other {
		return runGameCompare(args, stdout, stderr)
	}
	fs := flag.NewFlagSet("compare", flag.ContinueOnError)
	fs.SetOutput(stderr)
	list := fs.String("rulesets", "", "comma-separated ruleset ids (default: all)")
	asJSON := fs.Bool("json", false, "one JSON object per disagreeing game, then a summary object")
	relaxed := fs.Bool("relaxed-fen", true, "accept pieces on points they can never reach (some databases have them)")
	workers := fs.Int("workers", runtime.GOMAXPROCS(0), "games adjudicated in parallel")
	var pf policyFlags
	pf.bind(fs)
	fs.Usage = func() { fmt.Fprint(stderr, compareUsage); fs.PrintDefaults() }
	sources, err := parseArgs(fs, args)
	if err != nil {
		return parseExit(err)
	}
	if len(sources) == 0 {
		fs.Usage()
		return exitUsage
	}
	pol, err := pf.policy()
	if err != nil {
		fmt.Fprintln(stderr, "arbiter compare:", err)
		return exitUsage
	}
	reg := newRegistry()
	var sets []arbiter.Ruleset
	ids := reg.IDs()
	if *list != "" {
		ids = strings.Split(*list, ",")
	}
	seen := map[string]bool{}
	for _, id := range ids {
		rs, err := getRuleset(reg, id)
		if err != nil {
			fmt.Fprintln(stderr, "arbiter compare: --rulesets:", err)
			return exitInput
		}
		if !seen[rs.Info().ID] {
			seen[rs.Info().ID] = true
			sets = append(sets, rs)
		}
	}
	var hs []history
	for _, src := range sources {
		more, err := loadHistories(src)
		if err != nil {
			fmt.Fprintf(stderr, "arbiter compare: %s: %v\n", src, err)
			return exitInput
		}
		hs = append(hs, more...)
	}

	rows := make([]compareRow, len(hs))
	jobs := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < max(1, *workers); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				rows[i] = compareGame(sets, hs[i], pol, *relaxed)
			}
		}()
	}
	fed := 0
feed:
	for i := range hs {
		select {
		case jobs <- i:
			fed++
		case <-ctx.Done():
			break feed
		}
	}
	close(jobs)
	wg.Wait()
	if fed < len(hs) {
		fmt.Fprintf(stderr, "arbiter compare: interrupted after %d of %d games; nothing is reported\n", fed, len(hs))
		return exitInterrupted
	}

	out := bufio.NewWriter(stdout)
	defer out.Flush()
	disagree, errs, plies := 0, 0, 0
	repeated := 0
	for _, r := range rows {
		plies += r.Plies
		if r.Error != "" {
			errs++
			fmt.Fprintf(stderr, "arbiter compare: %s: %s\n", r.Game, r.Error)
			continue
		}
		for _, rl := range r.Rulings {
			if rl.Verdict != "none" || rl.Termination != "" {
				repeated++
				break
			}
		}
		if !r.Disagree {
			continue
		}
		disagree++
		if *asJSON {
			b, _ := json.Marshal(r)
			out.Write(b)
			out.WriteByte('\n')
			continue
		}
		fmt.Fprintf(out, "%s (%d plies)\n", r.Game, r.Plies)
		for _, rl := range r.Rulings {
			term := rl.Termination
			if term != "" {
				term = fmt.Sprintf(", %s at ply %d", term, rl.EndPly)
			}
			fmt.Fprintf(out, "  %-8s ruling %-18s result %-10s%s", rl.Ruleset, rl.Verdict, rl.Result, term)
			if rl.Patterns != "" {
				fmt.Fprintf(out, "  [%s]", rl.Patterns)
			}
			fmt.Fprintln(out)
		}
	}
	if *asJSON {
		b, _ := json.Marshal(map[string]any{"summary": map[string]int{"games": len(hs), "plies": plies,
			"with_rulings": repeated, "disagreements": disagree, "errors": errs}})
		out.Write(b)
		out.WriteByte('\n')
	} else {
		fmt.Fprintf(out, "\n%d games (%d plies), %d with a ruling or an ending under some ruleset, %d disagreements, %d errors\n",
			len(hs), plies, repeated, disagree, errs)
	}
	if errs > 0 {
		return exitInput
	}
	return exitOK
}

func compareGame(sets []arbiter.Ruleset, h history, pol arbiter.Policy, relaxed bool) compareRow {
	row := compareRow{Game: h.name, Plies: len(h.moves)}
	p, err := parseHistory(h, relaxed)
	if err != nil {
		row.Error = err.Error()
		return row
	}
	for _, rs := range sets {
		rep, err := arbiter.Adjudicate(rs, p.start, p.moves, pol)
		if err != nil {
			row.Error = err.Error()
			return row
		}
		cr := compareRuling{Ruleset: rs.Info().ID, Verdict: rep.Ruling.Verdict.String(), Result: rep.Result.String()}
		if rep.EndPly >= 0 {
			cr.EndPly = rep.EndPly + 1
		}
		if rep.Termination != arbiter.TerminationNone {
			cr.Termination = rep.Termination.String()
		}
		if rep.Cycle != nil {
			cr.Patterns = fmt.Sprintf("Red: %s; Black: %s", rep.Cycle.Sides[0].Pattern, rep.Cycle.Sides[1].Pattern)
		}
		row.Rulings = append(row.Rulings, cr)
	}
	for _, r := range row.Rulings[1:] {
		first := row.Rulings[0]
		if r.Verdict != first.Verdict || r.Result != first.Result || r.Termination != first.Termination {
			row.Disagree = true
		}
	}
	return row
}

// loadHistories reads games from a PGN file, a folder of PGN files, or a ccpd TSV database.
func loadHistories(src string) ([]history, error) {
	st, err := os.Stat(src)
	if err != nil {
		return nil, err
	}
	if st.IsDir() {
		var out []history
		err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.EqualFold(filepath.Ext(p), ".pgn") {
				return err
			}
			more, err := loadHistories(p)
			out = append(out, more...)
			return err
		})
		return out, err
	}
	if strings.HasSuffix(src, ".tsv") || strings.HasSuffix(src, ".tsv.gz") {
		var games []corpus.Game
		if strings.HasSuffix(src, ".gz") {
			games, err = corpus.ReadCCPD(src, 0)
		} else {
			games, err = corpus.ReadTSV(src, 0)
		}
		if err != nil {
			return nil, err
		}
		out := make([]history, len(games))
		for i, g := range games {
			out[i] = history{name: g.ID, fen: g.FEN, moves: g.Moves}
		}
		return out, nil
	}
	games, err := readPGN(src, nil)
	if err != nil {
		return nil, err
	}
	out := make([]history, len(games))
	for i, g := range games {
		out[i] = history{name: fmt.Sprintf("%s game %d", src, i+1), fen: g.FEN(), moves: g.Moves}
	}
	return out, nil
}
