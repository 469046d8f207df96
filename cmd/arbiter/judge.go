package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"google.golang.org/protobuf/proto"

	"github.com/arbiter-xq/arbiter/apiconv"
	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/notation"
	"github.com/arbiter-xq/arbiter/pgn"
	arbiterv1 "github.com/arbiter-xq/arbiter/proto/arbiter/v1"
	"github.com/arbiter-xq/arbiter/rules/xqrules"
	"github.com/arbiter-xq/arbiter/xiangqi"
)

// policyFlags binds the policy knobs of product.md to flags. They mean what the API's
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

func (pf *policyFlags) policy() (arbiter.Policy, error) {
	p := &arbiterv1.Policy{
		LossAtOccurrence:   proto.Int32(int32(pf.lossAt)),
		DrawAtOccurrence:   proto.Int32(int32(pf.drawAt)),
		NaturalMoveLimit:   int32(pf.naturalLimit),
		CountedChecksLimit: proto.Int32(int32(pf.checkLimit)),
		NoDrawBeforeMove:   int32(pf.noDrawBefore),
	}
	switch pf.onViolation {
	case "lose":
		p.OnViolation = arbiterv1.OnViolation_ON_VIOLATION_LOSE
	case "forbid":
		p.OnViolation = arbiterv1.OnViolation_ON_VIOLATION_FORBID
	default:
		return arbiter.Policy{}, fmt.Errorf("--on-violation %q: want lose or forbid", pf.onViolation)
	}
	return apiconv.CheckPolicy(p)
}

// history is one game to judge or compare.
type history struct {
	file   string    // the file it was read from; "" for --fen/--moves
	index  int       // its position in the file, from 1
	tags   []pgn.Tag // PGN tags (for a TSV database row: GameId and Result)
	result string    // the recorded result: "1-0", "0-1", "1/2-1/2", "*" or ""
	fen    string
	moves  []string
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

// pgnHistories turns the games of a PGN file into histories.
func pgnHistories(file string, games []*pgn.Game) []history {
	out := make([]history, len(games))
	for i, g := range games {
		out[i] = history{file: file, index: i + 1, tags: g.Tags, result: g.Result, fen: g.FEN(), moves: g.Moves}
	}
	return out
}

func runJudge(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if _, other := gameRulesetArg(args, "ruleset"); other {
		return runGameJudge(args, stdout, stderr)
	}
	fs := flag.NewFlagSet("judge", flag.ContinueOnError)
	fs.SetOutput(stderr)
	ruleset := fs.String("ruleset", "chinese", "ruleset id (see arbiter rulesets)")
	fen := fs.String("fen", "", "start position in FEN (default: the standard start)")
	moves := fs.String("moves", "", `moves, space separated, any notation ("h2e2 h9g7", "C2.5 h8+7", "炮二平五 马８进７")`)
	asJSON := fs.Bool("json", false, "print the protobuf JSON of the adjudication, one object per line")
	relaxed := fs.Bool("relaxed-fen", false, "accept pieces on points they can never reach (some databases have them)")
	svgOut := fs.String("svg", "", "write the picture of the ruling (SVG) to this file; with several games, FILE-N.svg per game")
	var pf policyFlags
	pf.bind(fs)
	fs.Usage = func() {
		fmt.Fprint(stderr, `usage: arbiter judge --ruleset ID --fen FEN --moves "h2e2 h9g7 ..." [--json] [--svg FILE] [policy flags]
       arbiter judge --ruleset ID [--json] FILE.pgn ...   (use - for standard input)

Replays the game with full legality checks, classifies the moves of every repetition
cycle, and prints the ruling of the cycle the last move closes and the game result.
`)
		fs.PrintDefaults()
	}
	files, err := parseArgs(fs, args)
	if err != nil {
		return parseExit(err)
	}
	direct := *moves != "" || *fen != ""
	switch {
	case len(files) > 0 && direct:
		fmt.Fprintln(stderr, "arbiter judge: give either --fen/--moves or PGN files, not both")
		return exitUsage
	case len(files) == 0 && !direct:
		fmt.Fprintln(stderr, "arbiter judge: give --moves (and --fen) or a PGN file; see arbiter judge --help")
		return exitUsage
	}
	pol, err := pf.gamePolicy(fs)
	if err != nil {
		fmt.Fprintln(stderr, "arbiter judge:", err)
		return exitUsage
	}
	reg := newRegistry()
	rs, err := xiangqiRules(reg, *ruleset)
	if err != nil {
		fmt.Fprintln(stderr, "arbiter judge: --ruleset:", err)
		return exitInput
	}
	code := exitOK
	var hs []history
	if len(files) == 0 {
		hs = append(hs, history{fen: *fen, moves: notation.SplitMoves(*moves)})
	} else {
		for _, name := range files {
			games, err := readPGN(name, stdin)
			switch {
			case err != nil:
				// Judge the games before a syntax error; report the file either way.
				code = exitInput
				fmt.Fprintf(stderr, "arbiter judge: %s: %v%s\n", name, err, fileHint(name, err, "judge"))
			case len(games) == 0:
				code = exitInput
				fmt.Fprintf(stderr, "arbiter judge: %s: no games in the file%s\n", name, fileHint(name, nil, "judge"))
			}
			hs = append(hs, pgnHistories(name, games)...)
		}
	}
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	for i, h := range hs {
		neutral, rep, err := judgeHistory(rs, h, pol, *relaxed)
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
			if err := writeRulingSVG(svgPath(*svgOut, i, len(hs)), neutral); err != nil {
				fmt.Fprintln(stderr, "arbiter judge: --svg:", err)
				return exitInput
			}
		}
		if *asJSON {
			resp := apiconv.Report(neutral)
			resp.Source = h.source()
			b, err := protoJSONLine(resp)
			if err != nil {
				fmt.Fprintln(stderr, "arbiter judge:", err)
				return exitInput
			}
			out.Write(b)
			continue
		}
		printReport(out, h, rep, neutral)
	}
	return code
}

func readPGN(name string, stdin io.Reader) ([]*pgn.Game, error) {
	if name == "-" {
		return pgn.Read(stdin)
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return pgn.Read(bufio.NewReader(f))
}

// parsed is a history read and checked: the start position and the legal moves.
type parsed struct {
	start xiangqi.Position
	moves []xiangqi.Move
}

// parseHistory reads a history the way the service does; errors name the field and ply
// (*apiconv.FieldError: "fen", "moves[17]").
func parseHistory(h history, relaxed bool) (parsed, error) {
	start, moves, err := apiconv.ParseHistoryOptions(h.fen, h.moves, notation.Auto, xiangqi.FENOptions{AllowUnreachable: relaxed})
	return parsed{start, moves}, err
}

// judgeHistory adjudicates h through the ruleset's game session (the path of the
// service); it returns the report and the xiangqi report behind it. Errors name the
// field and ply (*apiconv.FieldError: "fen", "moves[17]").
func judgeHistory(rs *xqrules.Rules, h history, pol arbiter.Policy, relaxed bool) (*arbiter.Report, *xqrules.Report, error) {
	r, err := arbiter.Adjudicate(context.Background(), rs,
		arbiter.Start{Position: h.fen, Policy: pol, Lenient: relaxed}, h.moves)
	if err != nil {
		if fe := apiconv.AsFieldError(err); fe != nil {
			return nil, nil, fe
		}
		return nil, nil, err
	}
	xr, _ := r.Detail.(*xqrules.Report)
	if xr != nil {
		xr.Ruleset = r.Ruleset // the id with its option overrides
	}
	return r, xr, nil
}

// printReport writes the human-readable adjudication: every move in three notations,
// the natures and evidence of the cycle's moves, a board of the cycle, the patterns,
// the ruling with its references and the result.
func printReport(w io.Writer, h history, r *xqrules.Report, neutral *arbiter.Report) {
	if h.name() != "" {
		fmt.Fprintf(w, "== %s ==\n", h.name())
	}
	printRecord(w, h)
	fmt.Fprintf(w, "Ruleset: %s (%s, %s)\n", r.Ruleset.ID, r.Ruleset.Name, r.Ruleset.Edition)
	pos := *r.Game.Start()
	fmt.Fprintf(w, "Start:   %s\n", pos.FEN())
	for _, pi := range r.Plies {
		chinese := notation.FormatChinese(&pos, pi.Move)
		wxf := notation.FormatWXF(&pos, pi.Move)
		// The move number of the FEN's numbering, on Red's moves and on a first move
		// by Black; the same number the error messages use (apiconv.MoveNumber).
		num := "    "
		if pi.Side == xiangqi.Red || pi.Ply == 0 {
			num = fmt.Sprintf("%3d.", apiconv.MoveNumber(&pos, pi.Ply))
		}
		pos.MakeMove(pi.Move)
		if pi.Side == xiangqi.Black {
			pos.Fullmove++ // MakeMove leaves the counters alone
		}
		line := fmt.Sprintf("%s %-5s %-10s %-7s %s", num, pi.Side.String(), chinese, wxf, pi.Move)
		if pi.Check {
			line += " +"
		}
		if pi.Nature != nil {
			line += fmt.Sprintf("   %s %s", pi.Nature.Nature.Chinese(), pi.Nature.Nature)
			if pi.Nature.Note != "" {
				line += ": " + pi.Nature.Note
			}
		}
		fmt.Fprintln(w, strings.TrimRight(line, " "))
		if pi.Nature != nil {
			for _, t := range pi.Nature.Threats {
				fmt.Fprintf(w, "          捉 %s\n", describeThreat(t))
			}
			for _, t := range pi.Nature.Excluded {
				fmt.Fprintf(w, "          (not counted) %s\n", describeThreat(t))
			}
		}
	}
	if r.ForbiddenPly >= 0 {
		printForbidden(w, r, neutral.Refused)
	}
	if c := r.Cycle; c != nil {
		start := r.Game.PositionAt(c.Start)
		earlier := pliesPhrase(neutral.Cycle.EarlierPlies)
		if r.ForbiddenPly >= 0 {
			fmt.Fprintf(w, "\nRepetition the refused move would close: the position after ply %d would repeat the position %s (occurrence %d); the cycle is plies %d-%d. Cycle position:\n%s",
				c.End, earlier, c.Occurrence, c.Start+1, c.End, start.String())
		} else {
			fmt.Fprintf(w, "\nRepetition: the position after ply %d stood before %s (occurrence %d); the cycle is plies %d-%d. Cycle position:\n%s",
				c.End, earlier, c.Occurrence, c.Start+1, c.End, start.String())
		}
		for _, sp := range c.Sides {
			status := "allowed"
			if sp.Forbidden {
				status = "FORBIDDEN"
			}
			fmt.Fprintf(w, "  %-5s %s (%s): %s", sp.Side.String(), sp.Pattern, arbiter.PatternChinese(sp.Natures), status)
			if len(sp.Chased) > 0 {
				fmt.Fprintf(w, ", chasing %v", sp.Chased)
			}
			fmt.Fprintln(w)
		}
		fmt.Fprintf(w, "Ruling: %s\n", strings.ToUpper(r.Ruling.Verdict.String()))
		for _, ref := range r.Ruling.References {
			fmt.Fprintf(w, "  ref: %s\n", ref)
		}
	} else {
		fmt.Fprintln(w, "\nRuling: none (the last position is not a repetition)")
	}
	fmt.Fprintf(w, "Result: %s", r.Result)
	if r.Termination != arbiter.TerminationNone {
		fmt.Fprintf(w, " (%s, on ply %d)", r.Termination, r.EndPly+1)
	}
	// The final position's own state adds something only when the record goes on to a
	// mate or stalemate (a game already decided by a repetition, or a result the moves
	// reached): "ongoing" there read as a second, contradicting result.
	if r.State != xiangqi.StateOngoing && r.Termination != arbiter.TerminationCheckmate && r.Termination != arbiter.TerminationStalemate {
		fmt.Fprintf(w, "; the record ends in %s", r.State)
	}
	fmt.Fprintln(w)
	if line := agreement(h.result, r); line != "" {
		fmt.Fprintf(w, "Record: %s\n", line)
	}
	if e := neutral.Summary; e != "" {
		fmt.Fprintf(w, "Explanation: %s\n", e)
	}
	if r.Cycle == nil {
		// No cycle board above: show where the game ended.
		fmt.Fprintf(w, "Final position (after ply %d):\n%s", r.Game.Len(), r.Game.Position().String())
	}
	fmt.Fprintln(w)
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
func agreement(recorded string, r *xqrules.Report) string {
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
		return fmt.Sprintf("the recorded result %s DISAGREES: the rules give %s (%s, on ply %d)", desc, r.Result, r.Termination, r.EndPly+1)
	}
	// The rules end nothing; a must-change ruling still points at one side.
	loser := arbiter.ResultUnspecified
	switch r.Ruling.Verdict {
	case arbiter.VerdictRedMustChange:
		loser = arbiter.ResultBlackWins
	case arbiter.VerdictBlackMustChange:
		loser = arbiter.ResultRedWins
	}
	switch {
	case r.Cycle != nil && loser != arbiter.ResultUnspecified && rec == loser:
		return fmt.Sprintf("the recorded result %s AGREES with the ruling (%s; the moves stop before the rules end the game)", desc, r.Ruling.Verdict)
	case r.Cycle != nil && loser != arbiter.ResultUnspecified:
		return fmt.Sprintf("the recorded result %s DISAGREES with the ruling (%s)", desc, r.Ruling.Verdict)
	case r.Cycle != nil && r.Ruling.Verdict == arbiter.VerdictDraw && rec == arbiter.ResultDraw:
		return fmt.Sprintf("the recorded result %s AGREES with the ruling (draw; the moves stop before the rules end the game)", desc)
	case r.Cycle != nil && r.Ruling.Verdict == arbiter.VerdictDraw:
		return fmt.Sprintf("the recorded result %s DISAGREES with the ruling (the repetition is a draw)", desc)
	}
	return fmt.Sprintf("the recorded result %s was decided outside the moves (resignation, time, agreement or adjudication): the rules give no result yet", desc)
}

// printForbidden names the move refused under --on-violation forbid, with its nature in
// the cycle it would close.
func printForbidden(w io.Writer, r *xqrules.Report, refused *arbiter.Ply) {
	fmt.Fprintf(w, "Ply %d is FORBIDDEN under the policy (--on-violation forbid): the move is refused, the game goes on from the position after ply %d.\n",
		r.ForbiddenPly+1, r.ForbiddenPly)
	if refused == nil {
		return
	}
	side := xiangqi.Red // named as the ply list names it ("Red")
	if refused.Side == arbiter.SideBlack {
		side = xiangqi.Black
	}
	line := fmt.Sprintf("  refused: %s %s %s %s", side, refused.Notations.Chinese, refused.Notations.WXF, refused.Notations.ICCS)
	if refused.Nature != arbiter.NatureUnspecified {
		line += fmt.Sprintf("   %s %s", refused.Nature.Chinese(), refused.Nature)
		if refused.Explanation != "" {
			line += ": " + refused.Explanation
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

func describeThreat(t xqrules.Threat) string {
	var att []string
	for _, a := range t.Attackers {
		att = append(att, a.Piece.Name()+" "+a.Square.String())
	}
	s := "mate threat (杀)"
	if t.Victim != xiangqi.NoPiece {
		s = fmt.Sprintf("%s on %s", t.Victim.Name(), t.Target)
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
