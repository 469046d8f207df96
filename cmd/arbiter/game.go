package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	"github.com/arbiter-xq/arbiter/apiconv"
	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/banqi"
	"github.com/arbiter-xq/arbiter/casebook"
	"github.com/arbiter-xq/arbiter/chushogi"
	arbiterv1 "github.com/arbiter-xq/arbiter/proto/arbiter/v1"
)

// The other games (banqi, chu shogi) on the command line: judge, compare and perft take
// the same spellings as for xiangqi (product.md, "Several games"); the ruleset id names
// the game, --fen carries the game's position and --moves its move texts. Each command
// looks at its --ruleset/--rulesets flag first and comes here for another game's id.

// gameRulesetArg finds the value of flag name (--name V, --name=V, -name ...) in args
// and resolves it; ok is true when it names another game's ruleset, with or without
// valid option overrides (the game's command then reports a bad option by name, as the
// API does, instead of calling "banqi-tw+chain_capture=any" an unknown ruleset). An id
// whose base is no ruleset is left to the command's own error handling.
func gameRulesetArg(args []string, name string) (ids []string, ok bool) {
	val, found := flagValue(args, name)
	if !found || val == "" {
		return nil, false
	}
	reg := newRegistry()
	for _, id := range strings.Split(val, ",") {
		id = strings.TrimSpace(id)
		if g, err := reg.Lookup(id); err == nil && g.Info().Game != arbiter.GameXiangqi {
			ok = true
		} else if base, _, err := arbiter.ParseRulesetID(id); err == nil && base != id {
			if g, err := reg.Lookup(base); err == nil && g.Info().Game != arbiter.GameXiangqi {
				ok = true
			}
		}
		ids = append(ids, id)
	}
	return ids, ok
}

// flagValue returns the value given to flag name in args, if any (the last one wins).
func flagValue(args []string, name string) (string, bool) {
	val, found := "", false
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			break
		}
		for _, p := range []string{"--" + name, "-" + name} {
			switch {
			case a == p && i+1 < len(args):
				val, found = args[i+1], true
				i++
			case strings.HasPrefix(a, p+"="):
				val, found = strings.TrimPrefix(a, p+"="), true
			}
		}
	}
	return val, found
}

// gameFlags are the flags of judge and compare for another game.
type gameFlags struct {
	fen, moves, deal, svg string
	asJSON                bool
	pf                    policyFlags
}

func (gf *gameFlags) bind(fs *flag.FlagSet) {
	fs.StringVar(&gf.fen, "fen", "", "start position in the game's notation (banqi position string, chu shogi SFEN; default: the standard start)")
	fs.StringVar(&gf.moves, "moves", "", `moves, space separated, in the game's notation (banqi "c6=G c5-c6 c6xc5", chu shogi USI "8i8h 6f5e4d" or Japanese "８八歩 ５五・４四獅")`)
	fs.StringVar(&gf.deal, "deal", "", "banqi: the deal, one letter per face-down square of the start position")
	fs.BoolVar(&gf.asJSON, "json", false, "print the protobuf JSON of the adjudication")
	fs.StringVar(&gf.svg, "svg", "", "judge: write the picture of the ruling (SVG) to this file")
	gf.pf.bind(fs)
}

// gameNotationHelp is the legend of the other games' notations for the usage texts:
// banqi's piece letters and characters and its move forms, chu shogi's move forms.
func gameNotationHelp() string {
	return "\nBanqi pieces (positions, pools, --deal, flips), X a face-down piece:\n  " +
		strings.Replace(banqi.XiangqiPieces.Legend(), "; ", ";\n  ", 1) +
		"\n  the animal board (banqi-animal): " + banqi.AnimalPieces.Legend() + "\n" +
		"Banqi moves: c6=G or c6=仕 (a flip and the piece it shows), c5-c6, c6xc5, a1xa4 (cannon), b2xb3xb4 (chain).\n" +
		"Chu shogi moves: USI 8i8h, 5e5d+, 6f5e4d, 6f5e6f (igui), 7h7g7h (jitto), or Japanese as lishogi\n" +
		"writes them: ８八歩, ５四歩成, ５五・４四獅, 同　竪, ６五居喰い, じっと (docs/rules/chu-shogi.md §2.6).\n\n"
}

func splitGameMoves(s string) []string { return chushogi.JoinSame(strings.Fields(s)) }

// runGameJudge is `arbiter judge` for another game's ruleset.
func runGameJudge(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("judge", flag.ContinueOnError)
	fs.SetOutput(stderr)
	ruleset := fs.String("ruleset", "", "ruleset id, with option overrides (banqi-tw+repetition=allowed)")
	var gf gameFlags
	gf.bind(fs)
	fs.Usage = func() {
		fmt.Fprint(stderr, `usage: arbiter judge --ruleset ID --fen POS --moves "..." [--deal D] [--json] [--svg FILE]   banqi-*, chu-*

Replays the record with full legality checks under the ruleset's options and prints every
ply with its nature, the ruling of the last repetition and the result. An illegal move
is exit code 2 naming the ply and the reason.
`)
		fmt.Fprint(stderr, gameNotationHelp())
		fs.PrintDefaults()
	}
	rest, err := parseArgs(fs, args)
	if err != nil {
		return parseExit(err)
	}
	if len(rest) > 0 {
		fmt.Fprintf(stderr, "arbiter judge: %s: PGN files hold xiangqi games; give banqi and chu shogi records with --fen and --moves\n", rest[0])
		return exitUsage
	}
	g, err := newRegistry().Lookup(*ruleset)
	if err != nil {
		fmt.Fprintln(stderr, "arbiter judge: --ruleset:", err)
		return exitInput
	}
	pol, err := gf.pf.gamePolicy(fs)
	if err != nil {
		fmt.Fprintln(stderr, "arbiter judge:", err)
		return exitUsage
	}
	moves := splitGameMoves(gf.moves)
	r, err := arbiter.Adjudicate(context.Background(), g, arbiter.Start{Position: gf.fen, Deal: gf.deal, Policy: pol}, moves)
	if err != nil {
		fmt.Fprintln(stderr, "arbiter judge:", describeGameError(err))
		return exitInput
	}
	if gf.svg != "" {
		if err := writeRulingSVG(gf.svg, r); err != nil {
			fmt.Fprintln(stderr, "arbiter judge: --svg:", err)
			return exitInput
		}
	}
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	if gf.asJSON {
		return writeJSONLine(out, stderr, apiconv.Report(r))
	}
	printGameReport(out, r)
	return exitOK
}

// describeGameError names the field of a game error the way the API does
// ("moves[3]: ..."), so that the CLI and the service say the same.
func describeGameError(err error) string {
	if fe := apiconv.AsFieldError(err); fe != nil {
		field := fe.Field
		switch field {
		case "fen":
			field = "--fen"
		case "ruleset":
			field = "--ruleset"
		case "deal":
			field = "--deal"
		}
		return field + ": " + fe.Reason
	}
	return err.Error()
}

func writeJSONLine(out io.Writer, stderr io.Writer, m *arbiterv1.AdjudicateResponse) int {
	b, err := protojson.Marshal(m)
	if err != nil {
		fmt.Fprintln(stderr, "arbiter:", err)
		return exitInput
	}
	b = compactJSON(b)
	out.Write(b)
	io.WriteString(out, "\n")
	return exitOK
}

// printGameReport writes a game report for a person: every ply with its nature and
// evidence, the latest cycle with each side's pattern, the ruling and the result.
func printGameReport(w io.Writer, r *arbiter.Report) {
	fmt.Fprintf(w, "ruleset %s (%s)\n", r.Ruleset.ID, r.Ruleset.Game)
	if r.ForbiddenPly > 0 {
		defer fmt.Fprintf(w, "Ply %d is FORBIDDEN under the policy (--on-violation forbid): the move is refused and the game goes on.\n", r.ForbiddenPly)
	}
	for _, p := range r.Plies {
		line := fmt.Sprintf("ply %3d  %-6s %-12s", p.Ply, p.Side, p.Move)
		if ja := p.Notations.Japanese; ja != "" {
			// Chu shogi's Japanese, padded by display width (a kanji takes two columns).
			line += " " + ja + strings.Repeat(" ", max(1, 16-displayWidth(ja)))
		}
		if p.Nature != arbiter.NatureUnspecified {
			line += " " + r.Ruleset.NatureTerm(p.Nature).String()
		}
		if p.Clock > 0 {
			line += fmt.Sprintf("  clock %d", p.Clock)
		}
		if p.Occurrence > 1 {
			line += fmt.Sprintf("  occurrence %d", p.Occurrence)
		}
		fmt.Fprintln(w, strings.TrimRight(line, " "))
		for _, t := range p.Threats {
			var as []string
			for _, a := range t.Attackers {
				as = append(as, a.Name+"@"+a.Square)
			}
			fmt.Fprintf(w, "          %s: %s@%s by %s", t.Nature, t.Target.Name, t.Target.Square, strings.Join(as, "+"))
			if t.Note != "" {
				fmt.Fprintf(w, " (%s)", t.Note)
			}
			fmt.Fprintln(w)
		}
		for _, f := range p.Forbidden {
			fmt.Fprintf(w, "          forbidden next: %s (%s)\n", f.Move, f.Reason)
		}
	}
	if c := r.Cycle; c != nil {
		fmt.Fprintf(w, "\nrepetition: plies %d-%d, occurrence %d\n", c.FirstPly, c.LastPly, c.Occurrence)
		for _, p := range c.Patterns {
			mark := "allowed"
			if p.Forbidden {
				mark = "forbidden"
			}
			fmt.Fprintf(w, "  %-6s %s %s (%s)\n", p.Side, p.Pattern, p.PatternChinese, mark)
		}
		fmt.Fprintf(w, "ruling: %s\n", r.Ruleset.VerdictTerm(c.Ruling.Verdict))
		if len(c.Ruling.References) > 0 {
			fmt.Fprintf(w, "references: %s\n", strings.Join(c.Ruling.References, "; "))
		}
	} else if n := len(r.Plies); n > 0 && r.Plies[n-1].Occurrence > 1 {
		// The position repeats, but the ruleset judges no repetition (banqi
		// repetition=off): saying it has not occurred would contradict the ply list.
		fmt.Fprintf(w, "\nno repetition ruling: the last position has occurred %d times, and %s gives no ruling on repetition\n", r.Plies[n-1].Occurrence, r.Ruleset.ID)
	} else {
		fmt.Fprintln(w, "\nno repetition: the last position has not occurred before")
	}
	fmt.Fprintf(w, "result: %s", r.Result)
	if r.Termination != arbiter.TerminationNone {
		fmt.Fprintf(w, " (%s", r.Ruleset.TerminationTerm(r.Termination))
		if r.DecidedAtPly > 0 {
			fmt.Fprintf(w, " at ply %d", r.DecidedAtPly)
		}
		fmt.Fprint(w, ")")
	}
	fmt.Fprintln(w)
	if r.IgnoredPlies > 0 {
		fmt.Fprintf(w, "ignored: %d plies after the end\n", r.IgnoredPlies)
	}
	if r.Explanation != "" {
		fmt.Fprintln(w, r.Explanation)
	}
	fmt.Fprintf(w, "final position: %s\n", r.FinalPosition)
}

// runGameCompare is `arbiter compare --rulesets A,B --fen POS --moves "..."` for another
// game: one record under several of its rulesets, side by side.
func runGameCompare(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("compare", flag.ContinueOnError)
	fs.SetOutput(stderr)
	list := fs.String("rulesets", "", "comma-separated ruleset ids of one game, with overrides (banqi-tw,banqi-cdc,banqi-tw+repetition=allowed)")
	var gf gameFlags
	gf.bind(fs)
	fs.Usage = func() {
		fmt.Fprint(stderr, `usage: arbiter compare --rulesets A,B,... --fen POS --moves "..." [--deal D] [--json]   banqi-*, chu-*

Judges one record under each ruleset (all of one game) and shows them side by side; a
move one ruleset refuses and another accepts is a disagreement.
`)
		fmt.Fprint(stderr, gameNotationHelp())
		fs.PrintDefaults()
	}
	rest, err := parseArgs(fs, args)
	if err != nil {
		return parseExit(err)
	}
	if len(rest) > 0 {
		fmt.Fprintf(stderr, "arbiter compare: %s: give banqi and chu shogi records with --fen and --moves\n", rest[0])
		return exitUsage
	}
	pol, err := gf.pf.gamePolicy(fs)
	if err != nil {
		fmt.Fprintln(stderr, "arbiter compare:", err)
		return exitUsage
	}
	reg := newRegistry()
	moves := splitGameMoves(gf.moves)
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	var first *arbiterv1.AdjudicateResponse
	disagree, game := false, ""
	for _, id := range strings.Split(*list, ",") {
		g, err := reg.Lookup(strings.TrimSpace(id))
		if err == nil && g.Info().Game == arbiter.GameXiangqi {
			err = fmt.Errorf("%s is a xiangqi ruleset and the others are not; the rulesets of one comparison must belong to the same game", id)
		}
		if err != nil {
			fmt.Fprintln(stderr, "arbiter compare: --rulesets:", err)
			return exitInput
		}
		if game != "" && g.Info().Game != game {
			fmt.Fprintf(stderr, "arbiter compare: --rulesets: %s is a %s ruleset, the others %s\n", id, g.Info().Game, game)
			return exitInput
		}
		game = g.Info().Game
		var resp *arbiterv1.AdjudicateResponse
		r, err := arbiter.Adjudicate(context.Background(), g, arbiter.Start{Position: gf.fen, Deal: gf.deal, Policy: pol}, moves)
		if err != nil {
			// A move one ruleset rejects may be legal under another: that is a
			// disagreement to show, not a failure of the comparison.
			fe := apiconv.AsFieldError(err)
			if fe == nil || !strings.HasPrefix(fe.Field, "moves[") {
				fmt.Fprintf(stderr, "arbiter compare: %s: %s\n", g.Info().ID, describeGameError(err))
				return exitInput
			}
			resp = &arbiterv1.AdjudicateResponse{Ruleset: g.Info().ID, Game: game, Explanation: "rejected: " + describeGameError(err),
				Rejected: &arbiterv1.MoveRejected{Field: fe.Field, Reason: fe.Code, Description: fe.Reason}}
			var me *arbiter.MoveError
			if errors.As(err, &me) {
				resp.Rejected.Ply, resp.Rejected.Move = int32(me.Ply), me.Text
			}
			if !gf.asJSON {
				fmt.Fprintf(out, "%-40s rejected  %s\n", g.Info().ID, describeGameError(err))
			}
		} else {
			resp = apiconv.Report(r)
			if !gf.asJSON {
				verdict := "no repetition"
				if r.Cycle != nil {
					verdict = r.Cycle.Ruling.Verdict.String()
				}
				term := ""
				if r.Termination != arbiter.TerminationNone {
					term = fmt.Sprintf(" (%s at ply %d)", r.Termination, r.DecidedAtPly)
				}
				fmt.Fprintf(out, "%-40s accepted  ruling: %-18s result: %s%s\n", r.Ruleset.ID, verdict, r.Result, term)
			}
		}
		if first == nil {
			first = resp
		} else if apiconv.Disagree(first, resp) {
			disagree = true
		}
		if gf.asJSON {
			writeJSONLine(out, stderr, resp)
		}
	}
	if gf.asJSON {
		fmt.Fprintf(out, "{\"disagree\":%t}\n", disagree)
	} else if disagree {
		fmt.Fprintln(out, "the rulesets disagree")
	} else {
		fmt.Fprintln(out, "the rulesets agree")
	}
	return exitOK
}

// runGamePerft is `arbiter perft --ruleset ID [--fen POS] --depth N` for another game.
func runGamePerft(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	fs.SetOutput(stderr)
	ruleset := fs.String("ruleset", "", "ruleset id (its options decide which moves are legal)")
	fen := fs.String("fen", "", "start position in the game's notation (default: the standard start)")
	depth := fs.Int("depth", 0, "depth in plies (required, 1..8)")
	divide := fs.Bool("divide", false, "also print the leaf count below each legal move")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: arbiter perft --ruleset ID [--fen POS] --depth N [--divide]   banqi-*, chu-*\n\nCounts the leaf nodes of the legal move tree under the ruleset's options (a move-generator check).")
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
	case *depth < 1 || *depth > 8:
		fmt.Fprintf(stderr, "arbiter perft: --depth %d: want a depth from 1 to 8 plies\n", *depth)
		return exitUsage
	}
	g, err := newRegistry().Lookup(*ruleset)
	if err != nil {
		fmt.Fprintln(stderr, "arbiter perft: --ruleset:", err)
		return exitInput
	}
	pf, ok := g.(arbiter.Perfter)
	if !ok {
		fmt.Fprintf(stderr, "arbiter perft: ruleset %s offers no perft\n", g.Info().ID)
		return exitInput
	}
	total, lines, err := pf.Perft(context.Background(), *fen, *depth, *divide)
	if err != nil {
		fmt.Fprintln(stderr, "arbiter perft:", describeGameError(err))
		return exitInput
	}
	for _, l := range lines {
		fmt.Fprintln(stdout, l)
	}
	fmt.Fprintln(stdout, total)
	return exitOK
}

// caseGame returns the game ruleset of a case's first expectation, if the case belongs to
// another game.
func caseGame(c *arbiterv1.Case) (arbiter.Ruleset, bool) {
	if len(c.GetExpectations()) == 0 {
		return nil, false
	}
	g, err := newRegistry().Lookup(c.GetExpectations()[0].GetRuleset())
	return g, err == nil && g.Info().Game != arbiter.GameXiangqi
}

// showGameCase is `casebook show` for a case of another game: the case, then for every
// expectation what the ruleset made of it, ply by ply.
func showGameCase(w io.Writer, c *arbiterv1.Case) int {
	caseHeader(w, c, "Tags:     ")
	fmt.Fprintf(w, "Position: %s\n", c.GetFen())
	if c.GetDeal() != "" {
		fmt.Fprintf(w, "Deal:     %s\n", c.GetDeal())
	}
	fmt.Fprintf(w, "Moves:    %s\n", c.GetMoves())
	if c.GetExplanation() != "" {
		fmt.Fprintf(w, "\n%s\n", c.GetExplanation())
	}
	reg := newRegistry()
	code := exitOK
	for _, e := range c.GetExpectations() {
		g, err := reg.Lookup(e.GetRuleset())
		if err != nil {
			fmt.Fprintf(w, "\n[%s] cannot run: %v\n", e.GetRuleset(), err)
			code = exitInput
			continue
		}
		res, outs := casebook.RunGame(c, e.GetRuleset(), g)
		fmt.Fprintf(w, "\n[%s] %s", e.GetRuleset(), statusWord(res.GetStatus()))
		if rp := e.GetRejectedPly(); rp > 0 {
			fmt.Fprintf(w, "; expected: ply %d rejected (%s)", rp, e.GetRejectedReason())
		} else {
			fmt.Fprintf(w, "; expected: ruling %s", verdictWord(e.GetVerdict()))
			if e.GetResult() != arbiterv1.Result_RESULT_UNSPECIFIED {
				fmt.Fprintf(w, ", result %s", e.GetResult())
			}
			if e.GetTermination() != arbiterv1.Termination_TERMINATION_UNSPECIFIED {
				fmt.Fprintf(w, " (%s)", e.GetTermination())
			}
		}
		fmt.Fprintln(w)
		if res.GetMessage() != "" {
			fmt.Fprintf(w, "  %s\n", res.GetMessage())
		}
		if len(outs) == 0 {
			continue
		}
		o := outs[0]
		switch {
		case o.Err != nil:
			fmt.Fprintf(w, "  error: %v\n", o.Err)
		case o.Rejected != nil:
			fmt.Fprintf(w, "  ply %d %q rejected: %s (%s)\n", o.Rejected.Ply, o.Rejected.Text, o.Rejected.Reason, o.Rejected.Code)
		default:
			var b strings.Builder
			printGameReport(&b, o.Report)
			for _, line := range strings.Split(strings.TrimRight(b.String(), "\n"), "\n") {
				fmt.Fprintf(w, "  %s\n", line)
			}
		}
	}
	return code
}

// gamePolicy is the policy for another game's ruleset: only the flags given on the
// command line are set, so the ruleset's own values apply to the rest (banqi-routechase
// forbids unless --on-violation says otherwise).
func (pf *policyFlags) gamePolicy(fs *flag.FlagSet) (arbiter.Policy, error) {
	p := &arbiterv1.Policy{}
	var err error
	fs.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "loss-at":
			p.LossAtOccurrence = proto.Int32(int32(pf.lossAt))
		case "draw-at":
			p.DrawAtOccurrence = proto.Int32(int32(pf.drawAt))
		case "natural-limit":
			p.NaturalMoveLimit = int32(pf.naturalLimit)
		case "check-limit":
			p.CountedChecksLimit = proto.Int32(int32(pf.checkLimit))
		case "no-draw-before":
			p.NoDrawBeforeMove = int32(pf.noDrawBefore)
		case "on-violation":
			switch pf.onViolation {
			case "lose":
				p.OnViolation = arbiterv1.OnViolation_ON_VIOLATION_LOSE
			case "forbid":
				p.OnViolation = arbiterv1.OnViolation_ON_VIOLATION_FORBID
			default:
				err = fmt.Errorf("--on-violation %q: want lose or forbid", pf.onViolation)
			}
		}
	})
	if err != nil {
		return arbiter.Policy{}, err
	}
	return apiconv.CheckGamePolicy(p)
}

// displayWidth is the width of s in a terminal: two columns for a wide (East Asian)
// character, one for the others.
func displayWidth(s string) int {
	w := 0
	for _, r := range s {
		if r >= 0x1100 && (r <= 0x115f || r >= 0x2e80 && r <= 0xa4cf || r >= 0xac00 && r <= 0xd7a3 ||
			r >= 0xf900 && r <= 0xfaff || r >= 0xfe30 && r <= 0xfe4f || r >= 0xff00 && r <= 0xff60 || r >= 0xffe0 && r <= 0xffe6) {
			w += 2
		} else {
			w++
		}
	}
	return w
}
