package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"strings"

	"google.golang.org/protobuf/proto"

	"github.com/arbiter-xq/arbiter/apiconv"
	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/banqi"
	"github.com/arbiter-xq/arbiter/casebook"
	"github.com/arbiter-xq/arbiter/chushogi"
	"github.com/arbiter-xq/arbiter/notation"
	"github.com/arbiter-xq/arbiter/pgn"
	arbiterv1 "github.com/arbiter-xq/arbiter/proto/arbiter/v1"
)

// policyFlags binds the policy knobs (README.md, policy flags) to flags. They mean what the API's
// Policy fields mean, and are validated by the same code (apiconv.CheckPolicy).
type policyFlags struct {
	lossAt, drawAt, naturalLimit, checkLimit, noDrawBefore int
	onViolation                                            string
}

func (pf *policyFlags) bind(fs *flag.FlagSet) {
	fs.IntVar(&pf.lossAt, "loss-at", 3, "occurrence of the position at which a must-change ruling becomes a loss (2 or more)")
	fs.IntVar(&pf.drawAt, "draw-at", 3, "occurrence at which an allowed repetition is drawn (2 or more)")
	fs.StringVar(&pf.onViolation, "on-violation", "lose", "lose, or forbid (the violating move is refused and the game goes on)")
	fs.IntVar(&pf.naturalLimit, "natural-limit", 60, "moves without a capture before a draw (0: the default, 60)")
	fs.IntVar(&pf.checkLimit, "check-limit", 10, "checks per side that count toward the natural limit (0: every check counts)")
	fs.IntVar(&pf.noDrawBefore, "no-draw-before", 0, "tournament regulation: no repetition draw before this move (0: off)")
}

// history is one game to judge or compare.
type history struct {
	file   string    // the file it was read from; "" for --fen/--moves
	index  int       // its position in the file, from 1
	tags   []pgn.Tag // PGN tags (for a TSV database row: GameId and Result)
	result string    // the recorded result: "1-0", "0-1", "1/2-1/2", "*" or ""
	fen    string
	deal   string // banqi's deal
	moves  []string
	// relaxed: the position may hold pieces on points they can never reach.
	relaxed bool
	// line is the variation of a record's game ("ply 41 alt 2"), "" for the main line.
	line string
	// err is the record's own error about the game (a bad start position, a main line
	// that stops at an illegal move): the game is reported with it, not ruled.
	err error
}

// name is how messages name the game: "FILE game N", "" for a history given directly.
func (h history) name() string {
	if h.file == "" {
		return ""
	}
	n := fmt.Sprintf("%s game %d", h.file, h.index)
	if id := h.tag("GameId"); id != "" {
		n += " (" + id + ")"
	}
	if h.line != "" {
		n += " line " + h.line
	}
	return n
}

// tag returns the value of the first tag called name (any case), or "".
func (h history) tag(name string) string {
	for _, t := range h.tags {
		if strings.EqualFold(t.Name, name) {
			return t.Value
		}
	}
	return ""
}

// source is the game's identity in JSON output; nil for a history given directly.
func (h history) source() *arbiterv1.GameSource {
	if h.file == "" {
		return nil
	}
	src := &arbiterv1.GameSource{File: h.file, Index: int32(h.index), Tags: map[string]string{}}
	for _, t := range h.tags {
		if _, dup := src.Tags[t.Name]; !dup {
			src.Tags[t.Name] = t.Value
		}
	}
	return src
}

func runJudge(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("judge", flag.ContinueOnError)
	fs.SetOutput(stderr)
	ruleset := fs.String("ruleset", "chinese", "ruleset id with option overrides (see arbiter rulesets): chinese, asian+loss_at_occurrence=4, banqi-tw, chu-lishogi ...")
	var in recordFlags
	in.bind(fs)
	asJSON := fs.Bool("json", false, "print the protobuf JSON of the adjudication, one object per line")
	svgOut := fs.String("svg", "", "write the picture of the ruling (SVG) to this file; with several games, FILE-N.svg per game")
	gameNo := fs.Int("game", 0, "judge only the Nth game of each file (a PGN file's game, a TSV database's row), from 1")
	upto := fs.Int("upto", 0, "judge the record as it stood after this ply (from 1): the moves after it are not read")
	var pf policyFlags
	pf.bind(fs)
	var bf boardFlags
	bf.bind(fs)
	fs.Usage = func() {
		fmt.Fprint(stderr, `usage: arbiter judge --ruleset ID [--fen POS] --moves "h2e2 h9g7 ..." [--deal D] [--json] [--svg FILE] [--perspective second] [--board chinese] [policy flags]
       arbiter judge --ruleset ID [--json] [--game N] [--upto PLY] [--variation PATH|all] RECORD|FILE.tsv[.gz] ...
           (xiangqi records: PGN, XQF, DhtmlXQ/UBB, CBR, CBL, CBF, told from the content; - is standard input)

Replays the game with full legality checks, classifies the moves of every repetition
cycle, and prints the ruling of the cycle the last move closes and the game result.
Every game is judged the same way: the ruleset id names the game (xiangqi: chinese,
asian; banqi-*; chu-*), --fen carries the game's position (FEN, banqi position string,
chu shogi SFEN) and --moves its move texts.
`)
		fmt.Fprint(stderr, gameNotationHelp())
		fs.PrintDefaults()
	}
	files, err := parseArgs(fs, args)
	if err != nil {
		return parseExit(err)
	}
	direct := in.given()
	switch {
	case len(files) > 0 && direct:
		fmt.Fprintln(stderr, "arbiter judge: give either --fen/--moves or PGN files, not both")
		return exitUsage
	case len(files) == 0 && !direct:
		fmt.Fprintln(stderr, "arbiter judge: give --moves (and --fen) or a PGN file; see arbiter judge --help")
		return exitUsage
	}
	pol, pp, err := pf.policy(fs)
	if err != nil {
		fmt.Fprintln(stderr, "arbiter judge:", err)
		return exitUsage
	}
	style, err := bf.style()
	if err != nil {
		fmt.Fprintln(stderr, "arbiter judge:", err)
		return exitUsage
	}
	rs, err := newRegistry().Lookup(strings.TrimSpace(*ruleset))
	if err != nil {
		fmt.Fprintln(stderr, "arbiter judge: --ruleset:", err)
		return exitInput
	}
	if err := apiconv.CheckPolicyUsed(rs, pp); err != nil {
		fmt.Fprintln(stderr, "arbiter judge:", err)
		return exitUsage
	}
	if len(files) > 0 && rs.Info().Game != arbiter.GameXiangqi {
		fmt.Fprintf(stderr, "arbiter judge: %s: record files and databases hold xiangqi games; give %s records with --fen and --moves\n", files[0], rs.Info().Game)
		return exitUsage
	}
	code := exitOK
	var hs []history
	if len(files) == 0 {
		hs = append(hs, in.history())
	} else {
		for _, name := range files {
			fhs, err := loadFile(name, stdin, in.readOptions(stderr, "judge"))
			if err != nil {
				// Judge the games before a syntax error; report the file either way.
				code = exitInput
				fmt.Fprintf(stderr, "arbiter judge: %s: %v%s\n", name, err, fileHint(name, err, "judge"))
			}
			if *gameNo > 0 {
				if *gameNo > len(fhs) {
					code = exitInput
					fmt.Fprintf(stderr, "arbiter judge: --game %d: %s has %s\n", *gameNo, name, plural(len(fhs), "game"))
					continue
				}
				fhs = fhs[*gameNo-1 : *gameNo]
			}
			hs = append(hs, fhs...)
		}
		for i := range hs {
			hs[i].relaxed = in.relaxed
		}
	}
	if *upto < 0 || *gameNo < 0 {
		fmt.Fprintln(stderr, "arbiter judge: --game and --upto count from 1")
		return exitUsage
	}
	for i := range hs {
		if *upto > 0 && *upto < len(hs[i].moves) {
			hs[i].moves = hs[i].moves[:*upto]
		}
	}
	book, _ := casebook.Load() // the embedded casebook: recognises official cases
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	for i, h := range hs {
		r, err := judgeHistory(rs, h, pol)
		if err != nil {
			code = exitInput
			msg := err.Error() + fenHint(err)
			if *asJSON {
				// Keep one line per game so tools can align results with games.
				b, jerr := errorLine(h.source(), msg)
				if jerr != nil {
					fmt.Fprintln(stderr, "arbiter judge:", jerr)
					return exitInput
				}
				out.Write(b)
			}
			if h.name() != "" {
				fmt.Fprintf(stderr, "arbiter judge: %s: %s\n", h.name(), msg)
			} else {
				fmt.Fprintln(stderr, "arbiter judge:", msg)
			}
			continue
		}
		if *svgOut != "" {
			if err := writeRulingSVG(svgPath(*svgOut, i, len(hs)), r, style); err != nil {
				fmt.Fprintln(stderr, "arbiter judge: --svg:", err)
				return exitInput
			}
		}
		match := book.Recognize(rs, r.StartPosition, casebook.ReportMoves(r))
		if *asJSON {
			resp := apiconv.Report(r)
			resp.Source = h.source()
			if match != nil {
				resp.OfficialCase = match.Proto()
			}
			b, err := protoJSONLine(resp)
			if err != nil {
				fmt.Fprintln(stderr, "arbiter judge:", err)
				return exitInput
			}
			out.Write(b)
			continue
		}
		printReport(out, rs, h, r, style)
		printMatch(out, r, match)
	}
	return code
}

// recordFlags are the flags that give one record directly, in the game's own notation.
type recordFlags struct {
	fen, moves, deal string
	relaxed          bool
	variation        string // record files: the line to rule (records.go)
}

func (rf *recordFlags) bind(fs *flag.FlagSet) {
	fs.StringVar(&rf.fen, "fen", "", "start position in the game's notation: xiangqi FEN, banqi position string, chu shogi SFEN (default: the standard start)")
	fs.StringVar(&rf.moves, "moves", "", `moves, space separated, in the game's notation (xiangqi in any of "h2e2 h9g7", "C2.5 h8+7", "炮二平五 马８进７"; banqi "c6=G c5-c6 c6xc5"; chu shogi USI "8i8h 6f5e4d" or Japanese "８八歩 ５五・４四獅")`)
	fs.StringVar(&rf.deal, "deal", "", "banqi: the deal, one letter per face-down square of the start position")
	fs.BoolVar(&rf.relaxed, "relaxed-fen", false, "xiangqi: accept pieces on points they can never reach (some databases have them)")
	rf.bindRead(fs)
}

func (rf *recordFlags) given() bool { return rf.moves != "" || rf.fen != "" || rf.deal != "" }

// history is the record the flags give.
func (rf *recordFlags) history() history {
	return history{fen: rf.fen, deal: rf.deal, relaxed: rf.relaxed, moves: chushogi.JoinSame(notation.SplitMoves(rf.moves))}
}

// judgeHistory adjudicates h through the ruleset's game session (the path of the
// service). Errors name the field and ply (*apiconv.FieldError: "fen", "moves[17]").
func judgeHistory(rs arbiter.Ruleset, h history, pol arbiter.Policy) (*arbiter.Report, error) {
	return adjudicate(rs, h, arbiter.Start{Policy: pol})
}

// adjudicate is judgeHistory with more of the start given (Brief, EveryPly).
func adjudicate(rs arbiter.Ruleset, h history, start arbiter.Start) (*arbiter.Report, error) {
	if h.err != nil {
		return nil, h.err
	}
	start.Position, start.Deal, start.Lenient = h.fen, h.deal, h.relaxed
	r, err := arbiter.Adjudicate(context.Background(), rs, start, h.moves)
	if err != nil {
		if fe := apiconv.AsFieldError(err); fe != nil {
			return nil, fe
		}
		return nil, err
	}
	return r, nil
}

// printReport writes the human-readable adjudication of any game: every move in the
// game's notations, the natures and evidence of the cycle's moves, a board of the cycle,
// the patterns, the ruling with its references and the result.
func printReport(w io.Writer, rs arbiter.Ruleset, h history, r *arbiter.Report, style boardStyle) {
	if h.name() != "" {
		fmt.Fprintf(w, "== %s ==\n", h.name())
	}
	printRecord(w, h)
	info := r.Ruleset
	switch {
	case info.Edition != "":
		fmt.Fprintf(w, "Ruleset: %s (%s, %s)\n", info.ID, info.Name, info.Edition)
	default:
		fmt.Fprintf(w, "Ruleset: %s (%s)\n", info.ID, info.Name)
	}
	fmt.Fprintf(w, "Start:   %s\n", r.StartPosition)
	for i := range r.Plies {
		if end := r.DecidedAtPly; end > 0 && i == end && r.Status == arbiter.StatusGameOver {
			fmt.Fprintf(w, "     -- the game ended at ply %d (%s); the plies below are not judged --\n", end, r.Termination)
		}
		printPly(w, info, &r.Plies[i], i)
	}
	if r.ForbiddenPly > 0 {
		printForbidden(w, r)
	}
	printIncidents(w, info, r.Incidents)
	if c := r.Cycle; c != nil {
		earlier := c.EarlierPlies
		if len(earlier) == 0 {
			earlier = []int{c.FirstPly - 1}
		}
		verb := "Repetition: the position after ply %d stood before %s"
		if r.ForbiddenPly > 0 {
			verb = "Repetition the refused move would close: the position after ply %d would repeat the position %s"
		}
		fmt.Fprintf(w, "\n"+verb+" (occurrence %d); the cycle is plies %d-%d. Cycle position:\n%s",
			c.LastPly, pliesPhrase(earlier), c.Occurrence, c.FirstPly, c.LastPly, textBoard(rs, c.Position, style))
		for _, sp := range c.Patterns {
			status := "allowed"
			if sp.Forbidden {
				status = "FORBIDDEN"
			}
			fmt.Fprintf(w, "  %-5s %s (%s): %s", sideWord(sp.Side), sp.Pattern, sp.PatternChinese, status)
			if len(sp.Chased) > 0 {
				fmt.Fprintf(w, ", chasing %v", sp.Chased)
			}
			fmt.Fprintln(w)
		}
		fmt.Fprintf(w, "Ruling: %s\n", verdictWords(info, c.Ruling.Verdict))
		for _, ref := range c.Ruling.References {
			fmt.Fprintf(w, "  ref: %s\n", ref)
		}
	} else if n := len(r.Plies); n > 0 && r.Plies[n-1].Occurrence > 1 {
		// The position repeats, but the ruleset judges no repetition (banqi
		// repetition=off): saying it has not occurred would contradict the ply list.
		fmt.Fprintf(w, "\nRuling: none (the last position has occurred %d times, and %s gives no ruling on repetition)\n", r.Plies[n-1].Occurrence, info.ID)
	} else {
		fmt.Fprintln(w, "\nRuling: none (the last position is not a repetition)")
	}
	fmt.Fprintf(w, "Result: %s", r.Result)
	if r.Termination != arbiter.TerminationNone {
		fmt.Fprintf(w, " (%s, on ply %d)", info.TerminationTerm(r.Termination), r.DecidedAtPly)
	}
	// The final position's own state adds something only when the record goes on to a
	// mate or stalemate (a game already decided by a repetition, or a result the moves
	// reached): "ongoing" there read as a second, contradicting result.
	if r.FinalState != "" {
		fmt.Fprintf(w, "; the record ends in %s", r.FinalState)
	}
	fmt.Fprintln(w)
	if r.IgnoredPlies > 0 && r.ForbiddenPly == 0 {
		fmt.Fprintf(w, "Ignored: %d plies after the end of the game\n", r.IgnoredPlies)
	}
	if line := agreement(h.result, r); line != "" {
		fmt.Fprintf(w, "Record: %s\n", line)
	}
	if e := r.Summary; e != "" {
		fmt.Fprintf(w, "Explanation: %s\n", e)
	} else if e := r.Explanation; e != "" {
		fmt.Fprintf(w, "Explanation: %s\n", e)
	}
	if r.Cycle == nil {
		// No cycle board above: show where the game ended.
		fmt.Fprintf(w, "Final position (after ply %d):\n%s", len(r.Plies), textBoard(rs, r.FinalPosition, style))
	}
	fmt.Fprintln(w)
}

// printIncidents lists every repetition of the record, in order, with its ruling and
// what the policy did.
func printIncidents(w io.Writer, info arbiter.RulesetInfo, incidents []arbiter.Incident) {
	if len(incidents) == 0 {
		return
	}
	fmt.Fprintf(w, "\nIncidents (%s):\n", plural(len(incidents), "repetition"))
	for i, in := range incidents {
		line := fmt.Sprintf("  %d. plies %d-%d, occurrence %d", i+1, in.FirstPly, in.LastPly, in.Occurrence)
		if c := in.Cycle; c != nil {
			line += ": " + verdictWords(info, c.Ruling.Verdict)
			var ps []string
			for _, p := range c.Patterns {
				status := "allowed"
				if p.Forbidden {
					status = "forbidden"
				}
				ps = append(ps, fmt.Sprintf("%s %s %s, %s", sideWord(p.Side), p.Pattern, p.PatternChinese, status))
			}
			if len(ps) > 0 {
				line += " (" + strings.Join(ps, "; ") + ")"
			}
		}
		switch in.Status {
		case arbiter.StatusGameOver:
			line += fmt.Sprintf("; the game ends: %s (%s)", in.Result, info.TerminationTerm(in.Termination))
		case arbiter.StatusForbidden:
			line += fmt.Sprintf("; ply %d refused (forbidden)", in.LastPly)
		case arbiter.StatusWarning:
			line += "; warning"
		default:
			line += "; allowed, the game goes on"
		}
		fmt.Fprintln(w, line)
	}
}

// verdictWords writes a ruling as the report's headline: "RED MUST CHANGE", with the
// game's own word after it where it has one ("SENTE MUST CHANGE 先手が打開").
func verdictWords(info arbiter.RulesetInfo, v arbiter.Verdict) string {
	t := info.VerdictTerm(v)
	if t.Native == "" {
		return strings.ToUpper(t.English)
	}
	return strings.ToUpper(t.English) + " " + t.Native
}

// plural writes a count with its noun: "1 game", "3 games".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// printPly writes one ply: its move number, side and notations, a check mark, its nature,
// then the evidence of its attacks (a check shows as "+" and in the nature).
func printPly(w io.Writer, info arbiter.RulesetInfo, p *arbiter.Ply, i int) {
	// The move number of the position's numbering, on the first side's moves and on a
	// first move by the second side; the number the error messages use.
	num := "    "
	if p.MoveNumber > 0 && (p.Side == arbiter.SideRed || p.Side == arbiter.SideSente || i == 0) {
		num = fmt.Sprintf("%3d.", p.MoveNumber)
	}
	var line string
	if n := p.Notations; n.Chinese != "" {
		line = fmt.Sprintf("%s %-5s %-10s %-7s %s", num, sideWord(p.Side), n.Chinese, n.WXF, n.ICCS)
	} else {
		line = fmt.Sprintf("%s %-5s %-12s", num, sideWord(p.Side), p.Move)
		if ja := p.Notations.Japanese; ja != "" {
			// Chu shogi's Japanese, padded by display width (a kanji takes two columns).
			line += " " + ja + strings.Repeat(" ", max(1, 16-displayWidth(ja)))
		}
	}
	if p.Check {
		line += " +"
	}
	if p.Nature != arbiter.NatureUnspecified {
		line += "   " + info.NatureTerm(p.Nature).String()
		if p.Explanation != "" {
			line += ": " + p.Explanation
		}
	}
	if p.Clock > 0 {
		line += fmt.Sprintf("   clock %d", p.Clock)
	}
	if p.Occurrence > 1 {
		line += fmt.Sprintf("   occurrence %d", p.Occurrence)
	}
	fmt.Fprintln(w, strings.TrimRight(line, " "))
	for _, t := range p.Threats {
		if t.Nature == arbiter.NatureCheck || t.Target.Square == "" && len(t.Attackers) == 0 {
			continue // shown by the check mark and the nature
		}
		if t.Counted {
			fmt.Fprintf(w, "          %s %s\n", threatWord(info, t.Nature), describeThreat(t))
		} else {
			fmt.Fprintf(w, "          (not counted) %s\n", describeThreat(t))
		}
	}
	for _, f := range p.Forbidden {
		fmt.Fprintf(w, "          forbidden next: %s (%s)\n", f.Move, f.Reason)
	}
}

// threatWord is the game's word a counted threat line starts with: the nature's own
// (捉 chase, 当たり attack), and for the pieces behind a mate threat the chase's, as the
// rulebooks list them.
func threatWord(info arbiter.RulesetInfo, n arbiter.Nature) string {
	if n == arbiter.NatureMateThreat {
		n = arbiter.NatureChase
	}
	t := info.NatureTerm(n)
	if t.Native != "" {
		return t.Native
	}
	return t.English
}

// sideWord names a side as the ply list does: "Red", "Black", "Sente", "Gote".
func sideWord(s arbiter.Side) string {
	w := s.String()
	return strings.ToUpper(w[:1]) + w[1:]
}

// printMatch says which casebook case the record is, with the book's ruling and whether
// arbiter agrees (a known divergence says why it differs).
func printMatch(w io.Writer, r *arbiter.Report, m *casebook.Match) {
	if m == nil {
		return
	}
	as := ""
	if m.Variant != "original" {
		as = " (" + m.Variant + ")"
	}
	fmt.Fprintf(w, "Casebook: this is case %s%s: %s (%s).\n", m.Case.GetId(), as, m.Case.GetTitle(), m.Source())
	got := arbiter.VerdictNone
	if r.Cycle != nil {
		got = r.Cycle.Ruling.Verdict
	}
	book := "The book rules " + strings.ToUpper(m.Verdict.String())
	switch d := m.Expectation.GetKnownDivergence(); {
	case d != "":
		fmt.Fprintf(w, "%s; arbiter rules %s and differs knowingly: %s\n\n", book, strings.ToUpper(got.String()), d)
	case got == m.Verdict:
		fmt.Fprintf(w, "%s; arbiter agrees.\n\n", book)
	default:
		fmt.Fprintf(w, "%s; arbiter rules %s.\n\n", book, strings.ToUpper(got.String()))
	}
}

// printRecord writes the recorded facts of a game read from a PGN file: event, players,
// date and the recorded result, so the ruling can be read against them.
func printRecord(w io.Writer, h history) {
	var event []string
	for _, name := range []string{"Event", "Round", "Site", "Date"} {
		if v := h.tag(name); strings.Trim(v, "?.- ") != "" {
			if name == "Round" {
				v = "round " + v
			}
			event = append(event, v)
		}
	}
	if len(event) > 0 {
		fmt.Fprintf(w, "Event:   %s\n", strings.Join(event, ", "))
	}
	red, black := h.tag("Red"), h.tag("Black")
	if red == "" {
		red = h.tag("White")
	}
	if red != "" || black != "" {
		fmt.Fprintf(w, "Players: Red %s, Black %s\n", orUnknown(red), orUnknown(black))
	}
	if h.result != "" {
		fmt.Fprintf(w, "Recorded result: %s\n", describeRecorded(h.result))
	}
}

func orUnknown(s string) string {
	if s == "" || s == "?" {
		return "(unknown)"
	}
	return s
}

// recordedResult reads a PGN result marker; ok is false for "*", "" and anything else.
func recordedResult(s string) (arbiter.Result, bool) {
	switch strings.TrimSpace(s) {
	case "1-0":
		return arbiter.ResultRedWins, true
	case "0-1":
		return arbiter.ResultBlackWins, true
	case "1/2-1/2", "½-½":
		return arbiter.ResultDraw, true
	}
	return arbiter.ResultUnspecified, false
}

func describeRecorded(s string) string {
	if res, ok := recordedResult(s); ok {
		return fmt.Sprintf("%s (%s)", s, res)
	}
	if s == "*" {
		return "* (unfinished or unknown)"
	}
	return s
}

// agreement says whether the recorded result of the game agrees with the ruling and the
// result the rules give for the moves; "" when nothing was recorded.
func agreement(recorded string, r *arbiter.Report) string {
	rec, ok := recordedResult(recorded)
	if !ok {
		if recorded == "" {
			return ""
		}
		return fmt.Sprintf("no result recorded (%s); the moves give %s", recorded, r.Result)
	}
	desc := describeRecorded(recorded)
	switch {
	case r.Result == rec:
		return fmt.Sprintf("the recorded result %s AGREES with the result the rules give", desc)
	case r.Result != arbiter.ResultOngoing:
		return fmt.Sprintf("the recorded result %s DISAGREES: the rules give %s (%s, on ply %d)", desc, r.Result, r.Termination, r.DecidedAtPly)
	}
	// The rules end nothing; a must-change ruling still points at one side.
	if r.Cycle == nil {
		return fmt.Sprintf("the recorded result %s was decided outside the moves (resignation, time, agreement or adjudication): the rules give no result yet", desc)
	}
	verdict := r.Cycle.Ruling.Verdict
	loser := arbiter.WinsSide(verdict.Responsible().Opponent())
	switch {
	case loser != arbiter.ResultUnspecified && rec == loser:
		return fmt.Sprintf("the recorded result %s AGREES with the ruling (%s; the moves stop before the rules end the game)", desc, verdict)
	case loser != arbiter.ResultUnspecified:
		return fmt.Sprintf("the recorded result %s DISAGREES with the ruling (%s)", desc, verdict)
	case verdict == arbiter.VerdictDraw && rec == arbiter.ResultDraw:
		return fmt.Sprintf("the recorded result %s AGREES with the ruling (draw; the moves stop before the rules end the game)", desc)
	case verdict == arbiter.VerdictDraw:
		return fmt.Sprintf("the recorded result %s DISAGREES with the ruling (the repetition is a draw)", desc)
	}
	return fmt.Sprintf("the recorded result %s was decided outside the moves (resignation, time, agreement or adjudication): the rules give no result yet", desc)
}

// printForbidden names the move refused under --on-violation forbid, with its nature in
// the cycle it would close.
func printForbidden(w io.Writer, r *arbiter.Report) {
	fmt.Fprintf(w, "Ply %d is FORBIDDEN under the policy (--on-violation forbid): the move is refused, the game goes on from the position after ply %d.\n",
		r.ForbiddenPly, r.ForbiddenPly-1)
	p := r.Refused
	if p == nil {
		return
	}
	move := p.Move
	if n := p.Notations; n.Chinese != "" {
		move = n.Chinese + " " + n.WXF + " " + n.ICCS
	}
	line := fmt.Sprintf("  refused: %s %s", sideWord(p.Side), move)
	if p.Nature != arbiter.NatureUnspecified {
		line += "   " + r.Ruleset.NatureTerm(p.Nature).String()
		if p.Explanation != "" {
			line += ": " + p.Explanation
		}
	}
	fmt.Fprintln(w, line)
}

// pliesPhrase names positions by the plies played before them: "at the start and after
// plies 4, 8".
func pliesPhrase(plies []int) string {
	var parts []string
	var after []string
	for _, p := range plies {
		if p == 0 {
			parts = append(parts, "at the start")
		} else {
			after = append(after, fmt.Sprint(p))
		}
	}
	switch len(after) {
	case 0:
	case 1:
		parts = append(parts, "after ply "+after[0])
	default:
		parts = append(parts, "after plies "+strings.Join(after, ", "))
	}
	return strings.Join(parts, " and ")
}

// describeThreat writes a threat's evidence: the target, the attackers, a joint attack,
// the root of the target and the exception applied.
func describeThreat(t arbiter.Threat) string {
	var att []string
	for _, a := range t.Attackers {
		att = append(att, pieceName(a)+" "+a.Square)
	}
	s := "mate threat (杀)"
	if t.Target.Square != "" {
		s = fmt.Sprintf("%s on %s", pieceName(t.Target), t.Target.Square)
	}
	if len(att) > 0 {
		s += " by " + strings.Join(att, " + ")
	}
	if t.Joint {
		s += " (joint 联合捉)"
	}
	if t.Root != arbiter.RootUnspecified {
		s += fmt.Sprintf(", %s %s", t.Root, t.Root.Chinese())
	}
	if t.Exception != "" {
		s += ", " + t.Exception
	}
	if t.Note != "" {
		s += ": " + t.Note
	}
	return s
}

// pieceName names a piece with its side in its game's words: "red rook" (xiangqi),
// "black chariot" (banqi), "gote lion" (chu shogi); the letter code only where the game
// gives no word.
func pieceName(p arbiter.Piece) string {
	name := p.Word
	if name == "" {
		name = p.Name
	}
	if name == "" {
		name = p.Kind.String()
	}
	if p.Side == arbiter.SideNone || strings.HasPrefix(name, p.Side.String()+" ") {
		return name
	}
	return p.Side.String() + " " + name
}

// policy is the policy the flags give: only the flags given on the command line are
// set, so the ruleset's own values (its options, with the id's overrides) apply to the
// rest: banqi-routechase forbids unless --on-violation says otherwise.
func (pf *policyFlags) policy(fs *flag.FlagSet) (arbiter.Policy, *arbiterv1.Policy, error) {
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
		return arbiter.Policy{}, nil, err
	}
	pol, err := apiconv.CheckGamePolicy(p)
	return pol, p, err
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
