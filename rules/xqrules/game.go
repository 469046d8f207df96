package xqrules

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strconv"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/notation"
	"github.com/arbiter-xq/arbiter/xiangqi"
)

// Rules is a xiangqi ruleset as every game's rulesets are: an arbiter.Ruleset with an
// option table, opening game sessions that read moves in any xiangqi notation and
// report in the game-neutral shapes. Its cycle judge (asian, chinese) does the rules;
// the options are the house policy's defaults, which a request's policy fields override
// and an id overrides the way every game's are ("chinese+loss_at_occurrence=4").
type Rules struct {
	judge     Ruleset
	base      string
	overrides []arbiter.Override
	policy    arbiter.Policy // the option values, normalised
	// layered, when set, makes this a ruleset of a house-rule layer (NewLayered).
	layered *layered
}

// New makes a cycle judge a ruleset with the house policy (README.md, policy flags) as its defaults.
func New(judge Ruleset) *Rules {
	return &Rules{judge: judge, base: judge.Info().ID, policy: arbiter.DefaultPolicy()}
}

// Judge returns the ruleset's cycle judge.
func (r *Rules) Judge() Ruleset { return r.judge }

// Policy returns the ruleset's house policy (its option values).
func (r *Rules) Policy() arbiter.Policy { return r.policy }

// The options of every xiangqi ruleset: the house policy knobs, named as the API's
// Policy fields are.
const (
	optLossAt       = "loss_at_occurrence"
	optDrawAt       = "draw_at_occurrence"
	optOnViolation  = "on_violation"
	optNaturalLimit = "natural_move_limit"
	optCheckLimit   = "counted_checks_limit"
	optNoDrawBefore = "no_draw_before_move"
)

var optionDescriptions = map[string]string{
	optLossAt:       "occurrence of the position at which a must-change ruling becomes a loss (or, with on_violation=forbid, the move is refused); 2..100",
	optDrawAt:       "occurrence at which an allowed repetition is drawn; 2..100",
	optOnViolation:  "what happens to a side that must change and repeats anyway: it loses, or the move is refused",
	optNaturalLimit: "moves (pairs of plies) without a capture after which the game is drawn (自然限着); 1..1000, or off",
	optCheckLimit:   "checks per side in the natural-move window that count toward the limit; beyond it checks do not count; 0..10000, 0: every check counts",
	optNoDrawBefore: "tournament regulation: no repetition draw before this move number; the side that moved first must change (0: off)",
}

func (r *Rules) optionValues() map[string]string {
	p := r.policy
	nat := strconv.Itoa(p.NaturalMoveLimit)
	if p.NaturalMoveLimit < 0 {
		nat = "off"
	}
	chk := strconv.Itoa(p.CheckCountLimit)
	if p.CheckCountLimit < 0 {
		chk = "0"
	}
	onv := "lose"
	if p.OnViolation == arbiter.ViolationForbid {
		onv = "forbid"
	}
	return map[string]string{
		optLossAt: strconv.Itoa(p.LossAtOccurrence), optDrawAt: strconv.Itoa(p.DrawAtOccurrence),
		optOnViolation: onv, optNaturalLimit: nat, optCheckLimit: chk,
		optNoDrawBefore: strconv.Itoa(p.NoDrawBeforeMove),
	}
}

func (r *Rules) optionTable() []arbiter.OptionInfo {
	v := r.optionValues()
	out := make([]arbiter.OptionInfo, 0, len(v))
	for _, name := range []string{optLossAt, optDrawAt, optOnViolation, optNaturalLimit, optCheckLimit, optNoDrawBefore} {
		oi := arbiter.OptionInfo{Name: name, Value: v[name], Description: optionDescriptions[name]}
		if name == optOnViolation {
			oi.Allowed = []string{"lose", "forbid"}
		}
		out = append(out, oi)
	}
	return out
}

// Info describes the ruleset: the judge's description, the game, and the options.
func (r *Rules) Info() arbiter.RulesetInfo {
	if r.layered != nil {
		return r.layered.info()
	}
	info := r.judge.Info()
	info.Game = arbiter.GameXiangqi
	info.ID = arbiter.CanonicalRulesetID(r.base, r.overrides, New(r.judge).optionValues())
	info.Options = r.optionTable()
	return info
}

// WithOptions returns the ruleset with the overrides applied.
func (r *Rules) WithOptions(overrides []arbiter.Override) (arbiter.Ruleset, error) {
	values, err := arbiter.ApplyOverrides(r.base, r.optionTable(), overrides)
	if err != nil {
		return nil, err
	}
	bad := func(name, reason string) error {
		return &arbiter.OptionError{Ruleset: r.base, Name: name, Value: values[name], Reason: reason}
	}
	num := func(name string, lo, hi int) (int, error) {
		n, err := strconv.Atoi(values[name])
		if err != nil || n < lo || n > hi {
			return 0, bad(name, fmt.Sprintf("want a whole number from %d to %d", lo, hi))
		}
		return n, nil
	}
	var p arbiter.Policy
	if p.LossAtOccurrence, err = num(optLossAt, 2, 100); err != nil {
		return nil, err
	}
	if p.DrawAtOccurrence, err = num(optDrawAt, 2, 100); err != nil {
		return nil, err
	}
	p.OnViolation = arbiter.ViolationLose
	if values[optOnViolation] == "forbid" {
		p.OnViolation = arbiter.ViolationForbid
	}
	if values[optNaturalLimit] == "off" {
		p.NaturalMoveLimit = -1
	} else if p.NaturalMoveLimit, err = num(optNaturalLimit, 1, arbiter.MaxNaturalMoveLimit); err != nil {
		return nil, err
	}
	if p.CheckCountLimit, err = num(optCheckLimit, 0, arbiter.MaxCheckCountLimit); err != nil {
		return nil, err
	}
	if p.CheckCountLimit == 0 {
		p.CheckCountLimit = -1
	}
	if p.NoDrawBeforeMove, err = num(optNoDrawBefore, 0, 10000); err != nil {
		return nil, err
	}
	return &Rules{judge: r.judge, base: r.base, overrides: append(append([]arbiter.Override(nil), r.overrides...), overrides...), policy: p}, nil
}

// housePolicy is the policy of a game: the request's fields where set, the ruleset's
// options elsewhere.
func (r *Rules) housePolicy(req arbiter.Policy) arbiter.Policy {
	p := r.policy
	if req.LossAtOccurrence != 0 {
		p.LossAtOccurrence = req.LossAtOccurrence
	}
	if req.OnViolation != 0 {
		p.OnViolation = req.OnViolation
	}
	if req.DrawAtOccurrence != 0 {
		p.DrawAtOccurrence = req.DrawAtOccurrence
	}
	if req.NaturalMoveLimit != 0 {
		p.NaturalMoveLimit = req.NaturalMoveLimit
	}
	if req.CheckCountLimit != 0 {
		p.CheckCountLimit = req.CheckCountLimit
	}
	if req.NoDrawBeforeMove != 0 {
		p.NoDrawBeforeMove = req.NoDrawBeforeMove
	}
	return p
}

// TextBoard draws a FEN position as text.
func (r *Rules) TextBoard(position string) (string, error) {
	return TextBoard(position, xiangqi.TextBoardOptions{})
}

// TextBoard draws a FEN position as text with the given options (Black's side at the
// bottom, Chinese piece characters); the rulesets' TextBoard is this without options.
// StyledTextBoard draws a FEN position as text from Black's side (second) or with the
// Chinese piece characters (native).
func (r *Rules) StyledTextBoard(position string, second, native bool) (string, error) {
	return TextBoard(position, xiangqi.TextBoardOptions{Flipped: second, Chinese: native})
}

func TextBoard(position string, o xiangqi.TextBoardOptions) (string, error) {
	p, err := xiangqi.ParseFENOptions(position, xiangqi.FENOptions{AllowUnreachable: true})
	if err != nil {
		return "", err
	}
	return p.TextBoard(o), nil
}

// NewGame opens a game. The position is a FEN (empty: the standard start); a bad one is
// a *xiangqi.FENError. The policy's set fields override the ruleset's options.
func (r *Rules) NewGame(start arbiter.Start) (arbiter.Session, error) {
	n := notation.Auto
	if start.Notation != "" {
		var ok bool
		if n, ok = notation.ParseNotation(start.Notation); !ok {
			return nil, &arbiter.PolicyError{Field: "notation", Reason: fmt.Sprintf("unknown notation %q", start.Notation)}
		}
	}
	if start.Deal != "" {
		return nil, &arbiter.PositionError{Field: "deal", Reason: "xiangqi has no deal (a deal is banqi's)"}
	}
	pos, err := xiangqi.ParseFENOptions(start.Position, xiangqi.FENOptions{AllowUnreachable: start.Lenient})
	if err != nil {
		return nil, err
	}
	rec, err := newRecorder(r.judge, pos, r.housePolicy(start.Policy), 0)
	if err != nil {
		return nil, err
	}
	if r.layered != nil {
		rec.s.layer = r.layered.newLayer(start.Policy, rec.s)
		rec.fs = nil // the layer rules the cycles itself: nothing to work out ahead
	}
	return &gameSession{rules: r, start: start, rec: rec, notation: n, everyPly: start.EveryPly, brief: start.Brief}, nil
}

// gameSession is one xiangqi game behind arbiter.Session.
type gameSession struct {
	rules    *Rules
	start    arbiter.Start // as given, to replay the game for a stream's Report
	rec      *recorder
	notation notation.Notation
	refused  *refusal // the move refused under ViolationForbid, if any
	everyPly bool     // classify the plies outside any cycle too (arbiter.Start.EveryPly)
	brief    bool     // report no plies (arbiter.Start.Brief)
	// stream is set once a move is played by Play (a game stream): from then on the
	// recorder keeps no per-ply report and no incident log, only what the rules need
	// (the game's compact plies, the latest cycle), and Report replays the game.
	stream bool
}

// refusal is a move the policy refused: the record stops there.
type refusal struct {
	text  string
	move  xiangqi.Move
	cycle *Cycle
}

// parse reads text as the next move; errors are *arbiter.MoveError.
func (gs *gameSession) parse(p *xiangqi.Position, ply int, text string) (xiangqi.Move, error) {
	m, err := notation.ParseAs(p, text, gs.notation)
	if err != nil {
		kind := arbiter.MoveUnreadable
		var ne *notation.Error
		if errors.As(err, &ne) {
			switch ne.Kind {
			case notation.ErrIllegal:
				kind = arbiter.MoveIllegal
			case notation.ErrAmbiguous:
				kind = arbiter.MoveAmbiguous
			}
		}
		return m, &arbiter.MoveError{Ply: ply + 1, Text: text, Kind: kind, Reason: err.Error(),
			Where: fmt.Sprintf("move %d (ply %d, %s to move)", moveNumber(p, ply), ply+1, p.SideToMove())}
	}
	return m, nil
}

// moveNumber is the number of the move played from p as the ply-th move (0-based):
// p's FEN move counter, or the count from 1 where the FEN has none.
func moveNumber(p *xiangqi.Position, ply int) int {
	if p.Fullmove > 0 {
		return p.Fullmove
	}
	return ply/2 + 1
}

// PlayRecord plays a whole record: it reads the moves to come once, so that the judge
// can work out the judgements of the cycles they close ahead, on several cores, and it
// builds no Update (Report describes the game).
func (gs *gameSession) PlayRecord(ctx context.Context, texts []string) (int, error) {
	g := gs.rec.s.Game()
	moves := make([]xiangqi.Move, 0, len(texts))
	mark := g.Mark()
	for i, t := range texts {
		m, err := gs.parse(g.Position(), g.Len(), t)
		if err == nil {
			err = g.Play(m)
		}
		if err != nil {
			g.Rewind(mark)
			return i, err
		}
		moves = append(moves, m)
	}
	g.Rewind(mark)
	gs.rec.expect(moves)
	for i, m := range moves {
		if err := ctx.Err(); err != nil {
			return -1, err
		}
		u, err := gs.rec.play(ctx, m)
		if err != nil {
			return -1, err
		}
		if u.Status == arbiter.StatusForbidden {
			gs.refused = &refusal{text: texts[i], move: m, cycle: u.Cycle}
			return i, nil
		}
	}
	return -1, nil
}

// Play reads and plays one move.
func (gs *gameSession) Play(ctx context.Context, text string) (arbiter.Update, error) {
	gs.stream, gs.rec.stream = true, true
	g := gs.rec.s.Game()
	ply := g.Len()
	before := *g.Position()
	m, err := gs.parse(&before, ply, text)
	if err != nil {
		return arbiter.Update{}, err
	}
	u, err := gs.rec.play(ctx, m)
	gs.refused = nil
	if err != nil {
		var me *xiangqi.MoveError
		if errors.As(err, &me) {
			return arbiter.Update{}, &arbiter.MoveError{Ply: ply + 1, Text: text, Kind: arbiter.MoveIllegal, Reason: me.Reason, Err: err}
		}
		return arbiter.Update{}, err
	}
	if u.Status == arbiter.StatusForbidden {
		gs.refused = &refusal{text: text, move: m, cycle: u.Cycle}
	}
	return gs.update(u, text, &before), nil
}

// Per-ply bytes a stream session keeps (arbiter.Footprinter): the game's compact ply
// (xiangqi.PlyRecord) with its slice's growth, and a site layer's own records per ply.
const (
	streamBytesPerPly = 32
	layerBytesPerPly  = 128
)

// Footprint bounds the bytes a stream session holds (see arbiter.Footprinter).
func (gs *gameSession) Footprint() int {
	per := streamBytesPerPly
	if gs.rec.s.layer != nil {
		per += layerBytesPerPly
	}
	return arbiter.FootprintBase + per*gs.rec.s.Game().Len()
}

// Position is the current position's FEN.
func (gs *gameSession) Position() string { return gs.rec.s.Game().Position().FEN() }

// update maps the state after one move; before is the position it was played from.
func (gs *gameSession) update(u Update, text string, before *xiangqi.Position) arbiter.Update {
	after := *before
	captured := advance(&after, u.Move)
	var pn *PlyNature
	if u.Cycle != nil {
		for i := range u.Cycle.Plies {
			if u.Cycle.Plies[i].Ply == u.Ply {
				pn = &u.Cycle.Plies[i]
			}
		}
	}
	out := arbiter.Update{
		Ply:         neutralPly(u.Ply, before.SideToMove(), u.Move, text, captured != xiangqi.NoPiece, u.Check, pn, before, &after),
		Status:      u.Status,
		Result:      u.Result,
		Termination: u.Termination,
		Explanation: u.Explanation,
		Position:    gs.rec.s.Game().Position().FEN(),
	}
	if u.Cycle != nil {
		// The repeated position is the one after the move, applied or refused.
		c := neutralCycle(u.Cycle, u.Ruling, after.FEN())
		c.EarlierPlies = earlierOccurrences(gs.rec.s.Game(), u.Cycle)
		out.Cycle = c
	}
	return out
}

// Report is the whole game so far. A stream's session replays the game's moves (and
// the move it refused last, if any) as a record to report them: a stream keeps no
// per-ply report, and its Report is asked for rarely (a stream's opening answer).
func (gs *gameSession) Report() *arbiter.Report {
	if gs.stream {
		if rs := gs.replayed(); rs != nil {
			return rs.Report()
		}
	}
	r := gs.rec.report()
	out := &arbiter.Report{
		Ruleset:     gs.rules.Info(),
		Result:      r.Result,
		Termination: r.Termination,
		Explanation: r.Explanation,
		Summary:     reportSummary(r),
	}
	// Replay forward once: each ply is formatted from the position before it.
	p := *r.Game.Start()
	out.StartPosition = p.FEN()
	cycleFEN := ""
	if r.Cycle != nil && r.Cycle.Start == 0 {
		cycleFEN = p.FEN()
	}
	outside := gs.outsideNatures(r)
	if !gs.brief {
		out.Plies = make([]arbiter.Ply, 0, len(r.Plies))
	}
	for i := range r.Plies {
		pi := &r.Plies[i]
		before := p
		advance(&p, pi.Move)
		if !gs.brief {
			pn := pi.Nature
			if pn == nil && outside != nil {
				pn = outside[pi.Ply]
			}
			out.Plies = append(out.Plies, neutralPly(pi.Ply, pi.Side, pi.Move, "", pi.Capture, pi.Check, pn, &before, &p))
		}
		if r.Cycle != nil && r.Cycle.Start == pi.Ply+1 {
			cycleFEN = p.FEN()
		}
	}
	out.FinalPosition = p.FEN()
	out.Incidents = gs.rec.log.Incidents()
	if r.Cycle != nil {
		out.Cycle = neutralCycle(r.Cycle, r.Ruling, cycleFEN)
		out.Cycle.EarlierPlies = earlierOccurrences(r.Game, r.Cycle)
	}
	switch {
	case r.ForbiddenPly >= 0:
		out.Status = arbiter.StatusForbidden
		out.ForbiddenPly = r.ForbiddenPly + 1
		if gs.refused != nil {
			before := p
			var pn *PlyNature
			if r.Cycle != nil {
				for i := range r.Cycle.Plies {
					if r.Cycle.Plies[i].Ply == r.ForbiddenPly {
						pn = &r.Cycle.Plies[i]
					}
				}
			}
			after := before
			advance(&after, gs.refused.move)
			rp := neutralPly(r.ForbiddenPly, before.SideToMove(), gs.refused.move, gs.refused.text, false, false, pn, &before, &after)
			out.Refused = &rp
		}
	case r.EndPly >= 0:
		out.Status = arbiter.StatusGameOver
		out.DecidedAtPly = r.EndPly + 1
		out.IgnoredPlies = len(r.Plies) - out.DecidedAtPly
	case r.Result != arbiter.ResultOngoing && len(r.Plies) == 0:
		// Decided before any move: the side to move had none.
		out.Status = arbiter.StatusGameOver
		out.Explanation = fmt.Sprintf("%s has no legal move (%s) and loses", r.Game.Start().SideToMove(), r.Termination)
		out.Summary = out.Explanation
	case len(r.Plies) > 0 && r.Plies[len(r.Plies)-1].Status == arbiter.StatusWarning:
		out.Status = arbiter.StatusWarning
	default:
		out.Status = arbiter.StatusOngoing
	}
	if r.State != xiangqi.StateOngoing && r.Termination != arbiter.TerminationCheckmate && r.Termination != arbiter.TerminationStalemate {
		out.FinalState = r.State.String()
	}
	return out
}

// replayed returns a new session that has played this one's game as a record, or nil
// if it could not (it always can: the moves were played once already, and a judgement
// fails only when its context ends).
func (gs *gameSession) replayed() *gameSession {
	st := gs.start
	st.Notation = "iccs"
	s, err := gs.rules.NewGame(st)
	if err != nil {
		return nil
	}
	rs := s.(*gameSession)
	g := gs.rec.s.Game()
	texts := make([]string, 0, g.Len()+1)
	for i := 0; i < g.Len(); i++ {
		texts = append(texts, g.Ply(i).Move.String())
	}
	if gs.refused != nil {
		texts = append(texts, gs.refused.move.String())
	}
	if _, err := rs.PlayRecord(context.Background(), texts); err != nil {
		return nil
	}
	if rs.refused != nil && gs.refused != nil {
		rs.refused.text = gs.refused.text
	}
	return rs
}

// outsideNatures classifies, under Start.EveryPly, the plies no repetition cycle
// classified: the game from its start is judged as one cycle. nil when not asked for or
// when every ply has its nature.
func (gs *gameSession) outsideNatures(r *Report) map[int]*PlyNature {
	if !gs.everyPly || r.Game.Len() == 0 {
		return nil
	}
	missing := false
	for i := range r.Plies {
		missing = missing || r.Plies[i].Nature == nil
	}
	if !missing {
		return nil
	}
	whole, err := gs.rules.judge.JudgeCycle(context.Background(), r.Game, 0, r.Game.Len())
	if err != nil {
		return nil
	}
	out := make(map[int]*PlyNature, len(whole.Plies))
	for i := range whole.Plies {
		out[whole.Plies[i].Ply] = &whole.Plies[i]
	}
	return out
}

// earlierOccurrences returns the plies after which the position that closes the cycle c
// stood before (the cycle's start and any earlier ones). The closing position is that
// after c.Start plies, so this works also for the cycle a refused move would close,
// whose last ply is not in the game.
func earlierOccurrences(g *xiangqi.Game, c *Cycle) []int {
	h := g.HashAt(c.Start)
	var out []int
	for i := c.Start % 2; i < c.End && i <= g.Len(); i += 2 {
		if g.HashAt(i) == h {
			out = append(out, i)
		}
	}
	return out
}

// Perft counts the leaf nodes of the legal move tree from a FEN position (empty: the
// standard start); with divide, also the count below each legal move, sorted. The xiangqi
// rulesets share the move rules, so every one of them counts the same.
func (r *Rules) Perft(ctx context.Context, position string, depth int, divide bool) (uint64, []string, error) {
	if depth < 0 || depth > 8 {
		return 0, nil, fmt.Errorf("depth %d is outside 0..8", depth)
	}
	p, err := xiangqi.ParseFEN(position)
	if err != nil {
		return 0, nil, err
	}
	if !divide || depth == 0 {
		return p.Perft(depth), nil, nil
	}
	var total uint64
	var lines []string
	for _, m := range p.LegalMoves() {
		if err := ctx.Err(); err != nil {
			return 0, nil, err
		}
		captured := p.MakeMove(m)
		n := p.Perft(depth - 1)
		p.UnmakeMove(m, captured)
		total += n
		lines = append(lines, fmt.Sprintf("%s %d", m, n))
	}
	sort.Strings(lines)
	return total, lines, nil
}
