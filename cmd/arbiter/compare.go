package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/arbiter-xq/arbiter/apiconv"
	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/internal/corpus"
	"github.com/arbiter-xq/arbiter/pgn"
	"github.com/arbiter-xq/arbiter/record"
)

const compareUsage = `usage: arbiter compare [--rulesets chinese,asian] [--json] [policy flags] SOURCE...
       arbiter compare [--rulesets chinese,asian] [--json] [policy flags] [--fen FEN] --moves "h2e2 h9g7 ..."

With --moves (and --fen), the one history given is ruled under each ruleset and every
ruling is shown, whether the rulesets agree or not; a move one ruleset refuses and
another accepts is a disagreement.
SOURCE is a PGN file, a folder (every *.pgn below it), or a game database in the
ccpd TSV format (*.tsv or *.tsv.gz: game_id, start_fen, ICCS moves, result). Every game
is adjudicated under each ruleset; the games where the rulesets disagree (different
result, termination, ply the game ended or ruling of the final repetition) are listed side by side, then a
summary. The summary also counts the games recorded as draws whose last move repeats a
position, and how many of those each ruleset rules must-change (that repetition judged on
its own). Games run in parallel.

Banqi and chu shogi records (rulesets banqi-*, chu-*) are compared the same way, in
their own notation; the rulesets of one comparison belong to one game:
  arbiter compare --rulesets banqi-tw,banqi-cdc --fen POS --moves "..." [--deal D] [--json]
`

// comparison is one game's rulings under every ruleset.
type comparison struct {
	rulings  []compareRuling // one per ruleset, in order
	disagree bool
	err      string
	// drawnRepetition: the game is recorded as a draw and its last move repeats a
	// position; the cycle it closes is judged under each ruleset (lastMustChange).
	drawnRepetition bool
}

// compareRuling is what compare keeps of one adjudication (not the whole report: a
// database has tens of thousands of games).
type compareRuling struct {
	ruleset  string
	verdict  arbiter.Verdict
	result   arbiter.Result
	term     arbiter.Termination
	endPly   int // the ply (from 1) that ended the game; 0 while it goes on
	patterns []arbiter.Pattern
	// rejected: the ruleset refuses a move of the record (another may accept it).
	rejected  *arbiter.MoveError
	incidents int // the record's repetition incidents
	// refused: the ply the policy refused (on_violation forbid), where the record
	// stops for this ruleset; 0 when none was.
	refused int
	// lastCycle: the report's cycle is the one the last move closes, judged on its own.
	lastCycle bool
	// unruled: the last position's occurrence when it repeats but the ruleset gives no
	// ruling on repetition (banqi repetition=off); 0 otherwise.
	unruled int
	// lastMustChange: in a drawn repetition (comparison.drawnRepetition), the ruleset
	// rules the cycle the last move closes must-change.
	lastMustChange bool
}

// compareJSON is the JSON line of a game where the rulesets disagree (see README).
// Key spellings and enum values are those of judge --json.
type compareJSON struct {
	Source   json.RawMessage     `json:"source,omitempty"` // absent for --fen/--moves
	Plies    int                 `json:"plies"`
	Rulings  []compareRulingJSON `json:"rulings"`
	Disagree bool                `json:"disagree"`
}

type compareRulingJSON struct {
	Ruleset      string               `json:"ruleset"`
	Verdict      string               `json:"verdict,omitempty"` // VERDICT_*, absent when no repetition
	Result       string               `json:"result,omitempty"`  // RESULT_*; absent when the ruleset refuses a move
	Termination  string               `json:"termination,omitempty"`
	DecidedAtPly int                  `json:"decidedAtPly,omitempty"` // from 1, as in judge --json
	Patterns     []comparePatternJSON `json:"patterns,omitempty"`
	RejectedPly  int                  `json:"rejectedPly,omitempty"` // the move the ruleset refuses, from 1
	RefusedPly   int                  `json:"refusedPly,omitempty"`  // the move the policy refuses (forbid), from 1
	Rejected     string               `json:"rejected,omitempty"`    // why
	// UnruledOccurrence is the last position's occurrence when it repeats but the
	// ruleset rules on no repetition (banqi repetition=off): verdict is absent then too.
	UnruledOccurrence int `json:"unruledOccurrence,omitempty"`
}

type comparePatternJSON struct {
	Side           string `json:"side"`
	Pattern        string `json:"pattern"`
	PatternChinese string `json:"patternChinese"`
}

// compareSummaryJSON is the last JSON line of compare.
type compareSummaryJSON struct {
	Summary compareSummary `json:"summary"`
}

// compareSummary is the comparison's totals.
type compareSummary struct {
	Games           int `json:"games"`
	Plies           int `json:"plies"`
	WithRulings     int `json:"withRulings"`
	Disagreements   int `json:"disagreements"`
	Errors          int `json:"errors"`
	UnreadableFiles int `json:"unreadableFiles"`
	// DrawnRepetitions counts the games recorded as draws whose last move repeats a
	// position; MustChange how many of them each ruleset rules must-change.
	DrawnRepetitions int            `json:"drawnRepetitions"`
	MustChange       map[string]int `json:"drawnRepetitionsMustChange"`
}

func runCompare(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("compare", flag.ContinueOnError)
	fs.SetOutput(stderr)
	list := fs.String("rulesets", "", "comma-separated ruleset ids (default: the rulebooks, chinese and asian; name site-* rulesets to compare them)")
	asJSON := fs.Bool("json", false, "one JSON object per disagreeing game, then a summary object (--format json)")
	format := fs.String("format", "text", "text, json (as --json), or flat rows for research: csv or jsonl (one row per game and ruleset, then summary rows; see README)")
	all := fs.Bool("all", false, "list every game, not only those where the rulesets disagree")
	workers := fs.Int("workers", runtime.GOMAXPROCS(0), "games adjudicated in parallel")
	var in recordFlags
	in.bind(fs)
	var pf policyFlags
	pf.bind(fs)
	fs.Usage = func() { fmt.Fprint(stderr, compareUsage+gameNotationHelp()); fs.PrintDefaults() }
	sources, err := parseArgs(fs, args)
	if err != nil {
		return parseExit(err)
	}
	if *asJSON {
		*format = "json"
	}
	switch *format {
	case "text", "json", "csv", "jsonl":
	default:
		fmt.Fprintf(stderr, "arbiter compare: --format %q: want text, json, csv or jsonl\n", *format)
		return exitUsage
	}
	*asJSON = *format == "json"
	inline := in.given()
	switch {
	case inline && len(sources) > 0:
		fmt.Fprintf(stderr, "arbiter compare: give --fen/--moves or files, not both (got %q)\n", sources[0])
		return exitUsage
	case !inline && len(sources) == 0:
		fs.Usage()
		return exitUsage
	}
	pol, pp, err := pf.policy(fs)
	if err != nil {
		fmt.Fprintln(stderr, "arbiter compare:", err)
		return exitUsage
	}
	sets, err := compareRulesets(*list)
	if err != nil {
		fmt.Fprintln(stderr, "arbiter compare: --rulesets:", err)
		return exitInput
	}
	for _, rs := range sets {
		if err := apiconv.CheckPolicyUsed(rs, pp); err != nil {
			fmt.Fprintln(stderr, "arbiter compare:", err)
			return exitUsage
		}
	}
	if game := sets[0].Info().Game; game != arbiter.GameXiangqi && len(sources) > 0 {
		fmt.Fprintf(stderr, "arbiter compare: %s: PGN files and databases hold xiangqi games; give %s records with --fen and --moves\n", sources[0], game)
		return exitUsage
	}
	var hs []history
	if inline {
		hs = append(hs, in.history())
	}
	unreadable := 0
	for _, src := range sources {
		hs = append(hs, loadSource(src, stdin, in.readOptions(stderr, "compare"), func(file string, err error) {
			unreadable++
			fmt.Fprintf(stderr, "arbiter compare: %s: %v%s (skipped)\n", file, err, fileHint(file, err, "compare"))
		})...)
	}
	for i := range hs {
		hs[i].relaxed = in.relaxed
	}

	rows := make([]comparison, len(hs))
	jobs := make(chan int)
	var done atomic.Int64
	stopProgress := progress(stderr, &done, len(hs))
	var wg sync.WaitGroup
	for w := 0; w < max(1, *workers); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				rows[i] = compareGame(ctx, sets, hs[i], pol)
				done.Add(1)
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
	stopProgress()
	if fed < len(hs) {
		fmt.Fprintf(stderr, "arbiter compare: interrupted after %d of %d games; nothing is reported\n", fed, len(hs))
		return exitInterrupted
	}

	out := bufio.NewWriter(stdout)
	defer out.Flush()
	width := 8 // the rulesets' column
	for _, rs := range sets {
		width = max(width, len(rs.Info().ID))
	}
	flat := *format == "csv" || *format == "jsonl"
	var rowsOut *flatWriter
	if flat {
		rowsOut = newFlatWriter(out, *format)
	}
	var sum compareSummaryJSON
	s := &sum.Summary
	s.Games, s.UnreadableFiles = len(hs), unreadable
	s.MustChange = map[string]int{}
	for _, rs := range sets {
		s.MustChange[rs.Info().ID] = 0
	}
	for i, r := range rows {
		h := hs[i]
		s.Plies += len(h.moves)
		if r.err != "" {
			s.Errors++
			if inline {
				fmt.Fprintf(stderr, "arbiter compare: %s\n", r.err)
			} else {
				fmt.Fprintf(stderr, "arbiter compare: %s: %s\n", h.name(), r.err)
			}
			if flat && *all {
				rowsOut.game(h, compareRuling{}, r)
			}
			continue
		}
		for _, rl := range r.rulings {
			if rl.verdict != arbiter.VerdictNone || rl.term != arbiter.TerminationNone {
				s.WithRulings++
				break
			}
		}
		if r.drawnRepetition {
			s.DrawnRepetitions++
			for _, rl := range r.rulings {
				if rl.lastMustChange {
					s.MustChange[rl.ruleset]++
				}
			}
		}
		if r.disagree {
			s.Disagreements++
		} else if !inline && !*all {
			continue
		}
		if flat {
			for _, rl := range r.rulings {
				rowsOut.game(h, rl, r)
			}
			continue
		}
		if *asJSON {
			b, err := compareLine(h, r)
			if err != nil {
				fmt.Fprintln(stderr, "arbiter compare:", err)
				return exitInput
			}
			out.Write(b)
			continue
		}
		name := h.name()
		if inline {
			name = "the moves given"
		}
		fmt.Fprintf(out, "%s (%d plies)\n", name, len(h.moves))
		for _, rl := range r.rulings {
			if rl.rejected != nil {
				fmt.Fprintf(out, "  %-*s rejects ply %d: %s\n", width, rl.ruleset, rl.rejected.Ply, rl.rejected.Reason)
				continue
			}
			term := ""
			if rl.term != arbiter.TerminationNone {
				term = fmt.Sprintf(", %s at ply %d", rl.term, rl.endPly)
			}
			line := fmt.Sprintf("  %-*s ruling %-18s result %-40s", width, rl.ruleset, rl.verdict, rl.result.String()+term)
			if len(rl.patterns) == 2 {
				line += fmt.Sprintf("  [%s: %s; %s: %s]", sideWord(rl.patterns[0].Side), rl.patterns[0].Pattern, sideWord(rl.patterns[1].Side), rl.patterns[1].Pattern)
			}
			if rl.refused > 0 {
				line += fmt.Sprintf("  [ply %d refused: forbidden under the policy; the record stops there]", rl.refused)
			}
			if rl.unruled > 1 {
				// "ruling none" alone would read as no repetition, as judge says.
				line += fmt.Sprintf("  [the last position occurred %d times; this ruleset rules on no repetition]", rl.unruled)
			}
			fmt.Fprintln(out, strings.TrimRight(line, " "))
		}
	}
	switch {
	case flat:
		rowsOut.summary(s, sets)
		if err := rowsOut.flush(); err != nil {
			fmt.Fprintln(stderr, "arbiter compare:", err)
			return exitInput
		}
	case *asJSON:
		b, err := jsonLine(sum)
		if err != nil {
			fmt.Fprintln(stderr, "arbiter compare:", err)
			return exitInput
		}
		out.Write(b)
	default:
		fmt.Fprintf(out, "\n%s (%d plies), %d with a ruling or an ending under some ruleset, %s, %s, %s\n",
			plural(s.Games, "game"), s.Plies, s.WithRulings, plural(s.Disagreements, "disagreement"), plural(s.Errors, "error"), plural(s.UnreadableFiles, "unreadable file"))
		if s.DrawnRepetitions > 0 {
			var per []string
			for _, rs := range sets {
				per = append(per, fmt.Sprintf("%s %d", rs.Info().ID, s.MustChange[rs.Info().ID]))
			}
			fmt.Fprintf(out, "games recorded as draws that end in a repetition: %d; that repetition ruled must-change: %s\n", s.DrawnRepetitions, strings.Join(per, ", "))
		}
	}
	if s.Errors > 0 || s.UnreadableFiles > 0 {
		return exitInput
	}
	return exitOK
}

// compareLine is the JSON line of a game where the rulesets disagree.
func compareLine(h history, r comparison) ([]byte, error) {
	src, err := sourceJSON(h.source())
	if err != nil {
		return nil, err
	}
	row := compareJSON{Source: src, Plies: len(h.moves), Disagree: r.disagree}
	for _, rl := range r.rulings {
		j := compareRulingJSON{Ruleset: rl.ruleset, Result: apiconv.Result(rl.result).String(), DecidedAtPly: rl.endPly}
		if rl.verdict != arbiter.VerdictNone {
			j.Verdict = apiconv.Verdict(rl.verdict).String()
		}
		if rl.term != arbiter.TerminationNone {
			j.Termination = apiconv.Termination(rl.term).String()
		}
		if rl.rejected != nil {
			j.Result, j.RejectedPly, j.Rejected = "", rl.rejected.Ply, rl.rejected.Reason
		}
		j.UnruledOccurrence = rl.unruled
		j.RefusedPly = rl.refused
		for _, sp := range rl.patterns {
			j.Patterns = append(j.Patterns, comparePatternJSON{Side: apiconv.GameSide(sp.Side).String(),
				Pattern: sp.Pattern, PatternChinese: sp.PatternChinese})
		}
		row.Rulings = append(row.Rulings, j)
	}
	return jsonLine(row)
}

// compareRulesets resolves the ruleset ids of a comparison (default: the rulebooks,
// chinese and asian), without duplicates; they must all belong to one game.
func compareRulesets(list string) ([]arbiter.Ruleset, error) {
	reg := newRegistry()
	if list == "" {
		return reg.Rulebooks(), nil
	}
	ids := strings.Split(list, ",")
	var sets []arbiter.Ruleset
	seen := map[string]bool{}
	for _, id := range ids {
		rs, err := reg.Lookup(strings.TrimSpace(id))
		if err != nil {
			return nil, err
		}
		if g, first := rs.Info().Game, sets; len(first) > 0 && g != first[0].Info().Game {
			return nil, fmt.Errorf("%s is a %s ruleset and %s a %s one; the rulesets of one comparison must belong to the same game",
				rs.Info().ID, g, first[0].Info().ID, first[0].Info().Game)
		}
		if !seen[rs.Info().ID] {
			seen[rs.Info().ID] = true
			sets = append(sets, rs)
		}
	}
	return sets, nil
}

// compareGame adjudicates one record under every ruleset. A move that one ruleset
// refuses and another accepts is a disagreement; a record every ruleset refuses at the
// same ply (or whose position none reads) is an error.
func compareGame(ctx context.Context, sets []arbiter.Ruleset, h history, pol arbiter.Policy) comparison {
	var c comparison
	var firstErr error
	rejects := 0
	for _, rs := range sets {
		rep, err := adjudicate(rs, h, arbiter.Start{Policy: pol, Brief: true})
		cr := compareRuling{ruleset: rs.Info().ID}
		var me *arbiter.MoveError
		switch {
		case err != nil && errors.As(err, &me):
			cr.rejected = me
			rejects++
			if firstErr == nil {
				firstErr = err
			}
		case err != nil:
			c.err = err.Error() + fenHint(err)
			return c
		default:
			cr.result, cr.term, cr.endPly, cr.incidents = rep.Result, rep.Termination, rep.DecidedAtPly, len(rep.Incidents)
			cr.refused = rep.ForbiddenPly
			if rep.Cycle != nil {
				cr.verdict, cr.patterns = rep.Cycle.Ruling.Verdict, rep.Cycle.Patterns
				// The report already rules the cycle the last move closes, on its own,
				// when nothing ended or refused the record before it and no regulation
				// adjusted the ruling: the drawn-repetition count need not replay it.
				cr.lastCycle = rep.Cycle.LastPly == len(h.moves) && rep.ForbiddenPly == 0 && pol.NoDrawBeforeMove == 0 &&
					(rep.DecidedAtPly == 0 || rep.DecidedAtPly == len(h.moves))
			} else if n := len(rep.Plies); n > 0 && rep.Plies[n-1].Occurrence > 1 {
				cr.unruled = rep.Plies[n-1].Occurrence
			}
		}
		c.rulings = append(c.rulings, cr)
	}
	if rejects == len(sets) && samePly(c.rulings) {
		c.err = firstErr.Error()
		return c
	}
	if res, ok := recordedResult(h.result); ok && res == arbiter.ResultDraw && rejects == 0 {
		c.judgeDrawnRepetition(ctx, sets, h)
	}
	first := c.rulings[0]
	for _, r := range c.rulings[1:] {
		// The same ending at another ply is a disagreement too (banqi-tw draws the NTU
		// cycle at ply 8, consecutive_cycles at ply 12).
		if r.verdict != first.verdict || r.result != first.result || r.term != first.term || r.endPly != first.endPly || r.refused != first.refused ||
			(r.rejected == nil) != (first.rejected == nil) || r.rejected != nil && r.rejected.Ply != first.rejected.Ply {
			c.disagree = true
		}
	}
	return c
}

// samePly reports whether every ruling refuses the same ply.
func samePly(rs []compareRuling) bool {
	for _, r := range rs {
		if r.rejected == nil || r.rejected.Ply != rs[0].rejected.Ply {
			return false
		}
	}
	return true
}

// judgeDrawnRepetition marks a game recorded as a draw whose last move repeats a
// position, and judges the cycle that move closes under each ruleset on its own: the
// record is replayed under a policy that ends nothing, so that an earlier ending of the
// game does not hide that last cycle.
func (c *comparison) judgeDrawnRepetition(ctx context.Context, sets []arbiter.Ruleset, h history) {
	open := arbiter.Policy{LossAtOccurrence: 100, DrawAtOccurrence: 100, OnViolation: arbiter.ViolationLose, NaturalMoveLimit: -1, CheckCountLimit: -1}
	for i, rs := range sets {
		verdict := c.rulings[i].verdict
		if !c.rulings[i].lastCycle {
			rep, err := adjudicate(rs, h, arbiter.Start{Policy: open, Brief: true})
			if err != nil || rep.Cycle == nil || rep.Cycle.LastPly != len(h.moves) {
				continue
			}
			verdict = rep.Cycle.Ruling.Verdict
		}
		c.drawnRepetition = true
		c.rulings[i].lastMustChange = verdict.Responsible() != arbiter.SideNone
	}
}

// loadSource reads the games of a record file (PGN, XQF, DhtmlXQ, CBR, CBL, CBF: the
// format told from the content), standard input ("-"), a folder (every record file
// below it, by extension: see isRecordFile), or a ccpd TSV database (*.tsv, *.tsv.gz).
// A file that cannot be read is reported to bad and skipped (the games before a syntax
// error in a PGN file are kept); the rest go on.
func loadSource(src string, stdin io.Reader, ro readOptions, bad func(file string, err error)) []history {
	if src == "-" {
		hs, err := loadFile(src, stdin, ro)
		if err != nil {
			bad(src, err)
		}
		return hs
	}
	st, err := os.Stat(src)
	if err != nil {
		bad(src, err)
		return nil
	}
	if !st.IsDir() {
		hs, err := loadFile(src, stdin, ro)
		if err != nil {
			bad(src, err)
		}
		return hs
	}
	var out []history
	filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			bad(p, err) // an unreadable folder: skip it, go on
			if d != nil && d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		read, mustBeDhtml := isRecordFile(p)
		if d.IsDir() || !read {
			return nil
		}
		var hs []history
		if mustBeDhtml {
			// A .txt or .html file is a record only when it holds DhtmlXQ.
			data, rerr := readInput(p, nil)
			if rerr != nil {
				bad(p, rerr)
				return nil
			}
			if record.Detect(data) != record.DhtmlXQ {
				return nil
			}
			hs, err = recordHistories(p, data, record.DhtmlXQ, ro)
		} else {
			hs, err = loadFile(p, stdin, ro)
		}
		if err != nil {
			bad(p, err)
		}
		out = append(out, hs...)
		return nil
	})
	return out
}

// loadFile reads one record file ("-": standard input) or ccpd TSV database. On an
// error it returns the games read before it.
func loadFile(file string, stdin io.Reader, ro readOptions) ([]history, error) {
	lower := strings.ToLower(file)
	if strings.HasSuffix(lower, ".tsv") || strings.HasSuffix(lower, ".tsv.gz") {
		var games []corpus.Game
		var err error
		if strings.HasSuffix(lower, ".gz") {
			games, err = corpus.ReadCCPD(file, 0)
		} else {
			games, err = corpus.ReadTSV(file, 0)
		}
		out := make([]history, len(games))
		for i, g := range games {
			out[i] = history{file: file, index: i + 1, tags: []pgn.Tag{{Name: "GameId", Value: g.ID}, {Name: "Result", Value: g.Result}},
				result: g.Result, fen: g.FEN, moves: g.Moves}
		}
		return out, err
	}
	games, err := readRecords(file, stdin, ro)
	if err == nil && len(games) == 0 {
		err = errors.New("no games in the file")
	}
	return games, err
}
