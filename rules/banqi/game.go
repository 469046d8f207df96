package banqi

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/arbiter-xq/arbiter/arbiter"
	bq "github.com/arbiter-xq/arbiter/banqi"
	"github.com/arbiter-xq/arbiter/xiangqi"
)

// This file enters the banqi rulesets into the shared interfaces (docs/games.md):
// arbiter.Ruleset with sessions reporting in the game-neutral types, perft and the
// casebook's symmetries.

// GameRuleset is a banqi ruleset as an arbiter.Ruleset (also arbiter.Perfter and
// arbiter.CaseTransformer).
type GameRuleset struct {
	base      string
	overrides []arbiter.Override
	rs        Ruleset
}

// All returns the named banqi rulesets of §7 for registration.
func All() []arbiter.Ruleset {
	var out []arbiter.Ruleset
	for _, r := range Named() {
		out = append(out, &GameRuleset{base: r.ID, rs: r})
	}
	return out
}

// New returns the named ruleset id as an arbiter.Ruleset.
func New(id string) (*GameRuleset, error) {
	r, err := Lookup(id)
	if err != nil {
		return nil, err
	}
	return &GameRuleset{base: r.ID, rs: r}, nil
}

// Ruleset returns the option table.
func (g *GameRuleset) Ruleset() Ruleset { return g.rs }

var optionDescriptions = map[string]string{
	"pieces":              "the piece set: xiangqi (4×8, 32 pieces) or animal (4×4, §4.3)",
	"rank_order":          "who may capture whom by stepping (§3.2; §4.3 for animals)",
	"cannon_capture":      "jump over one screen (TW), step like any piece (HK), jump and take adjacent soldiers and cannons, or super: jump over one or more screens (超級炮, §3.4)",
	"cannon_jump_range":   "any distance, or exactly two squares [unverified] (§3.4)",
	"cannon_screen":       "any piece screens, or face-up pieces only (§3.4)",
	"cannon_rank_slot":    "above_soldier: the soldier cannot take the cannon; lowest: it can (§3.4)",
	"hidden_capture":      "capturing face-down pieces: off, by a cannon's jump, or by every piece (§4.1)",
	"chain_capture":       "several captures in one ply by one piece (§4.2)",
	"rat_elephant":        "the animal variant's rat and elephant exception (§4.3)",
	"repetition":          "forbidden (a perpetual attacker must change), allowed (the Nth occurrence draws) or off (§6.3, §6.4)",
	"repetition_counting": "every occurrence in the window, or identical cycles played in a row (§6.4)",
	"draw_at_occurrence":  "the occurrence at which a draw ruling ends the game (§6.3, §6.4)",
	"loss_at_occurrence":  "the occurrence at which a must-change ruling becomes a loss (§6.3)",
	"on_violation":        "lose: the violating ply loses; forbid: it is refused (§6.3, §6.6)",
	"attack_protection":   "ignore: every new threat is an attack; unprotected_only: only threats on unprotected pieces (§6.2)",
	"no_progress_plies":   "plies without a flip or capture that draw the game; 0 is off (§6.5)",
	"long_chase":          "off, or DarkChess-NNUE's route-revisit rule (§6.6)",
}

// Info describes the ruleset: its id with overrides, name, source and every option.
// PolicyFields: banqi reads the occurrences and on_violation of a policy; its no-progress
// limit is the ruleset option no_progress_plies.
func (g *GameRuleset) PolicyFields() ([]string, string) {
	return []string{"loss_at_occurrence", "draw_at_occurrence", "on_violation"},
		"banqi rulesets use only loss_at_occurrence, draw_at_occurrence and on_violation; the no-progress limit is the ruleset option no_progress_plies, set in the ruleset id (e.g. banqi-tw+no_progress_plies=100)"
}

func (g *GameRuleset) Info() arbiter.RulesetInfo {
	info := arbiter.RulesetInfo{
		ID:          arbiter.CanonicalRulesetID(g.base, g.overrides, g.defaults()),
		Name:        g.rs.Name,
		Description: g.rs.Basis,
		Edition:     "docs/rules/banqi.md §7",
		Game:        arbiter.GameBanqi,
		Source:      g.rs.Source,
	}
	for _, name := range OptionNames() {
		v, _ := g.rs.Option(name)
		allowed := bq.OptionValues(name)
		if allowed == nil {
			for _, e := range policyEnums {
				if e.name == name {
					allowed = append([]string(nil), e.values...)
				}
			}
		}
		info.Options = append(info.Options, arbiter.OptionInfo{Name: name, Value: v, Allowed: allowed, Description: optionDescriptions[name]})
	}
	return info
}

// defaults maps every option to the base ruleset's value.
func (g *GameRuleset) defaults() map[string]string {
	base, err := Lookup(g.base)
	if err != nil {
		return nil
	}
	out := map[string]string{}
	for _, name := range OptionNames() {
		out[name], _ = base.Option(name)
	}
	return out
}

// WithOptions returns the ruleset with the overrides applied in order.
func (g *GameRuleset) WithOptions(overrides []arbiter.Override) (arbiter.Ruleset, error) {
	r := g.rs
	for _, o := range overrides {
		if err := r.Set(o.Name, o.Value); err != nil {
			return nil, optionError(g.base, o, err)
		}
	}
	if err := r.Validate(); err != nil {
		var oe *OptionError
		if errors.As(err, &oe) {
			return nil, &arbiter.OptionError{Ruleset: g.base, Name: oe.Option, Value: oe.Value, Reason: oe.Reason}
		}
		return nil, err
	}
	return &GameRuleset{base: g.base, overrides: append(append([]arbiter.Override(nil), g.overrides...), overrides...), rs: r}, nil
}

func optionError(base string, o arbiter.Override, err error) error {
	var oe *OptionError
	if errors.As(err, &oe) {
		return &arbiter.OptionError{Ruleset: base, Name: o.Name, Value: o.Value, Reason: oe.Reason}
	}
	return &arbiter.OptionError{Ruleset: base, Name: o.Name, Value: o.Value, Reason: err.Error()}
}

// NewGame opens a game. The house policy's loss_at_occurrence, draw_at_occurrence and
// on_violation override the ruleset's when set (non-zero); unset fields leave the
// ruleset's own table value in force (banqi-routechase forbids). The server, the CLI and
// the casebook hand over the policy as the request set it (apiconv.CheckGamePolicy).
// The natural move limit and the check-counting and no-draw-before knobs are xiangqi's
// and ignored (banqi's no-progress limit is the option no_progress_plies).
func (g *GameRuleset) NewGame(start arbiter.Start) (arbiter.Session, error) {
	rs := g.rs
	pol := start.Policy
	if pol.LossAtOccurrence != 0 {
		if pol.LossAtOccurrence < 2 || pol.LossAtOccurrence > 100 {
			return nil, &arbiter.PolicyError{Field: "loss_at_occurrence", Reason: fmt.Sprintf("%d is outside 2..100", pol.LossAtOccurrence)}
		}
		rs.Policy.LossAtOccurrence = pol.LossAtOccurrence
	}
	if pol.DrawAtOccurrence != 0 {
		if pol.DrawAtOccurrence < 2 || pol.DrawAtOccurrence > 100 {
			return nil, &arbiter.PolicyError{Field: "draw_at_occurrence", Reason: fmt.Sprintf("%d is outside 2..100", pol.DrawAtOccurrence)}
		}
		rs.Policy.DrawAtOccurrence = pol.DrawAtOccurrence
	}
	switch pol.OnViolation {
	case 0:
	case arbiter.ViolationLose:
		rs.Policy.OnViolation = ViolationLose
	case arbiter.ViolationForbid:
		rs.Policy.OnViolation = ViolationForbid
	default:
		return nil, &arbiter.PolicyError{Field: "on_violation", Reason: "must be lose or forbid"}
	}
	pos, err := bq.ParsePosition(start.Position, rs.Options)
	if err != nil {
		return nil, positionError(err)
	}
	s, err := NewSession(rs, pos, start.Deal)
	if err != nil {
		return nil, positionError(err)
	}
	gs := &gameSession{g: g, s: s, deal: start.Deal}
	gs.info = g.Info()
	return gs, nil
}

func positionError(err error) error {
	var pe *bq.PositionError
	var de *bq.DealError
	var se *SessionError
	switch {
	case errors.As(err, &pe):
		return &arbiter.PositionError{Field: pe.Field, Rank: pe.Rank, File: pe.File + 1, Reason: pe.Error()}
	case errors.As(err, &de):
		return &arbiter.PositionError{Field: "deal", Reason: de.Error()}
	case errors.As(err, &se):
		return &arbiter.PositionError{Field: se.Field, Reason: se.Reason}
	}
	return err
}

// gameSession is a Session behind arbiter.Session. It keeps only the Session (the
// game's plies, about 70 bytes each, and the repetition window); Report rebuilds the
// per-ply reports by replaying the canonical plies, so that a long stream stays small.
type gameSession struct {
	g       *GameRuleset
	s       *Session
	deal    string
	info    arbiter.RulesetInfo
	cycle   *arbiter.Cycle
	status  arbiter.Status
	ignored int
}

func side(c bq.Color) arbiter.Side {
	switch c {
	case bq.Red:
		return arbiter.SideRed
	case bq.Black:
		return arbiter.SideBlack
	}
	return arbiter.SideNone
}

var xiangqiKinds = [...]xiangqi.Kind{bq.General: xiangqi.King, bq.Advisor: xiangqi.Advisor, bq.Elephant: xiangqi.Elephant,
	bq.Chariot: xiangqi.Rook, bq.Horse: xiangqi.Horse, bq.Cannon: xiangqi.Cannon, bq.Soldier: xiangqi.Pawn}

func gamePiece(s bq.Square, p bq.Piece) arbiter.Piece {
	if p == bq.FaceDown {
		return arbiter.Piece{Square: s.String(), Name: "X", Word: "face-down piece", FaceDown: true}
	}
	gp := arbiter.Piece{Square: s.String(), Side: side(p.Color()), Name: p.String(), Word: p.Kind().String()}
	if k := p.Kind(); int(k) < len(xiangqiKinds) {
		gp.Kind = xiangqiKinds[k]
	}
	return gp
}

func termination(r Reason) arbiter.Termination {
	switch r {
	case ReasonElimination:
		return arbiter.TerminationElimination
	case ReasonNoLegalAction:
		return arbiter.TerminationNoLegalMove
	case ReasonPerpetualAttack:
		return arbiter.TerminationPerpetualAttack
	case ReasonLongChase:
		return arbiter.TerminationLongChase
	case ReasonRepetitionDraw:
		return arbiter.TerminationRepetitionDraw
	case ReasonNoProgressDraw:
		return arbiter.TerminationNoProgress
	}
	return arbiter.TerminationNone
}

func nature(n Nature) arbiter.Nature {
	switch n {
	case NatureFlip:
		return arbiter.NatureFlip
	case NatureCapture:
		return arbiter.NatureCapture
	case NatureAttack:
		return arbiter.NatureAttack
	case NatureIdle:
		return arbiter.NatureIdle
	}
	return arbiter.NatureUnspecified
}

// Play plays one ply. Plies after the end of the game are not replayed: the update says
// so and the report counts them as ignored (§5 [design]).
func (gs *gameSession) Play(ctx context.Context, text string) (arbiter.Update, error) {
	if err := ctx.Err(); err != nil {
		return arbiter.Update{}, err
	}
	if res, why, _, over := gs.s.Over(); over {
		gs.ignored++
		return arbiter.Update{
			Ply:    arbiter.Ply{Ply: gs.s.Game().Len() + gs.ignored, Text: text, Explanation: "ignored: the game is already over"},
			Status: arbiter.StatusGameOver, Result: res, Termination: termination(why), Position: gs.Position(),
			Explanation: fmt.Sprintf("the game is already over (%s); ply ignored (%d so far)", why, gs.ignored),
		}, nil
	}
	u, err := gs.s.Play(text)
	if err != nil {
		var me *bq.MoveError
		if errors.As(err, &me) {
			return arbiter.Update{}, moveError(me, text)
		}
		return arbiter.Update{}, err
	}
	ply := gs.gamePly(&u)
	out := arbiter.Update{Ply: ply, Status: u.Status, Result: u.Result, Termination: termination(u.Reason),
		Explanation: u.Explanation, Position: gs.Position()}
	if u.Cycle != nil {
		out.Cycle = gs.gameCycle(u.Cycle)
	}
	if u.Status == arbiter.StatusForbidden {
		return out, nil
	}
	gs.cycle, gs.status = out.Cycle, u.Status
	return out, nil
}

// moveError is the shared error for a ply that cannot be played: the reason code
// (banqi.Rule) in Code, and, as chu shogi does, also at the end of the wording ("...
// [rank_forbids]"), so that a person reading a Compare column or a stream rejection
// sees it too.
func moveError(me *bq.MoveError, text string) *arbiter.MoveError {
	code := string(me.Rule)
	if code == "" {
		code = string(bq.RuleSyntax)
	}
	return &arbiter.MoveError{Ply: me.Ply + 1, Text: text, Code: code, Reason: me.Reason + " [" + code + "]", Err: me}
}

func (gs *gameSession) gamePly(u *Update) arbiter.Ply {
	p := arbiter.Ply{
		Ply: u.Ply + 1, Side: side(u.Mover), Move: u.Move.String(), Text: u.Text,
		Nature: nature(u.Nature), Capture: u.Nature == NatureCapture,
		Clock: u.Clock, Occurrence: u.Occurrence,
	}
	if u.Status != arbiter.StatusForbidden {
		p.Position = gs.Position()
	}
	p.Natures = []arbiter.Nature{p.Nature}
	p.Squares = append(p.Squares, u.Move.From.String())
	if u.Move.Kind != bq.Flip {
		for i := 0; i < int(u.Move.N); i++ {
			p.Squares = append(p.Squares, u.Move.Links[i].To.String())
		}
	}
	for _, e := range u.Evidence {
		p.Threats = append(p.Threats, arbiter.Threat{
			Nature: arbiter.NatureAttack, Target: gamePiece(e.Target, e.TargetPiece),
			Attackers: []arbiter.Piece{gamePiece(e.Attacker, e.AttackerPiece)}, Counted: true,
			Note: fmt.Sprintf("the %s on %s could take the %s on %s, a threat the move makes (§6.2)", e.AttackerPiece.Name(), e.Attacker, e.TargetPiece.Name(), e.Target),
		})
	}
	for _, f := range u.Forbidden {
		p.Forbidden = append(p.Forbidden, arbiter.ForbiddenMove{Move: f.Move.String(), Reason: f.Reason})
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s (%s %s)", u.Outcome, u.Nature.Chinese(), u.Nature)
	if u.Chase != nil {
		fmt.Fprintf(&b, "; chase: the %s on %s pursues the piece on %s, route %s", u.Mover.Other(), u.Chase.Attacker, u.Chase.Target, routeString(u.Chase.Route))
		if u.Chase.Revisits {
			b.WriteString(" (revisits a square: the chaser may not renew the threat, §6.6)")
		}
	}
	p.Explanation = b.String()
	return p
}

func (gs *gameSession) gameCycle(c *Cycle) *arbiter.Cycle {
	out := &arbiter.Cycle{FirstPly: c.Start + 1, LastPly: c.End, Occurrence: c.Occurrence, Position: gs.Position()}
	g := gs.s.Game()
	for _, sp := range c.Sides {
		var natures []arbiter.Nature
		for i := c.Start; i < c.End && i < g.Len(); i++ {
			if g.Ply(i).Mover == sp.Side {
				natures = append(natures, nature(gs.s.Nature(i)))
			}
		}
		out.Patterns = append(out.Patterns, arbiter.Pattern{
			Side: side(sp.Side), Pattern: arbiter.PatternName(natures), PatternChinese: arbiter.PatternChinese(natures),
			Natures: natures, Forbidden: violator(c.Verdict) == sp.Side,
		})
	}
	refs := []string{"docs/rules/banqi.md §6.1"}
	switch gs.s.rs.Policy.Repetition {
	case RepetitionForbidden:
		refs = append(refs, "docs/rules/banqi.md §6.3 (repetition=forbidden)")
	case RepetitionAllowed:
		refs = append(refs, "docs/rules/banqi.md §6.4 (repetition=allowed; ICGA/TCGA threefold repetition)")
	}
	out.Ruling = arbiter.Ruling{Verdict: c.Verdict, References: refs, Explanation: c.Explanation}
	return out
}

// Position returns the current position string.
// streamBytesPerPly bounds what a banqi stream keeps per ply: the game's ply record
// (banqi.PlyRecord, with its slice's growth) and its window's occurrence counts.
const streamBytesPerPly = 128

// Footprint bounds the bytes a stream session holds (see arbiter.Footprinter).
func (gs *gameSession) Footprint() int {
	return arbiter.FootprintBase + streamBytesPerPly*gs.s.Game().Len()
}

func (gs *gameSession) Position() string { return gs.s.Game().Position().String() }

// Report returns the game so far.
func (gs *gameSession) Report() *arbiter.Report {
	res, why, expl := gs.s.Result()
	r := &arbiter.Report{
		Ruleset: gs.info, Plies: gs.replay(), Cycle: gs.cycle,
		Result: res, Termination: termination(why), Status: arbiter.StatusOngoing,
		IgnoredPlies: gs.ignored, FirstPlayer: side(gs.s.Game().FirstPlayer()),
		Explanation: expl, FinalPosition: gs.Position(), StartPosition: gs.s.Game().Start().String(),
	}
	if len(r.Plies) > 0 {
		r.Status = gs.status
	}
	if _, _, ply, over := gs.s.Over(); over {
		r.Status = arbiter.StatusGameOver
		if ply >= 0 {
			r.DecidedAtPly = ply + 1
		}
	}
	if r.Explanation == "" && r.Cycle != nil {
		r.Explanation = r.Cycle.Ruling.Explanation
	}
	return r
}

// replay rebuilds the report of every ply played, replaying the canonical plies in a
// fresh session (the referee is deterministic: the same plies get the same reports).
func (gs *gameSession) replay() []arbiter.Ply {
	g := gs.s.Game()
	n := g.Len()
	if n == 0 {
		return nil
	}
	fresh, err := NewSession(gs.s.rs, *g.Start(), gs.deal)
	if err != nil {
		panic("banqi: replaying a session: " + err.Error())
	}
	rep := &gameSession{g: gs.g, s: fresh}
	out := make([]arbiter.Ply, 0, n)
	for i := 0; i < n; i++ {
		m := g.Ply(i).Move
		u, err := fresh.PlayMove(m, m.String())
		if err != nil || u.Status == arbiter.StatusForbidden {
			panic(fmt.Sprintf("banqi: replaying ply %d %s: %v %v", i+1, m, err, u.Status))
		}
		out = append(out, rep.gamePly(&u))
	}
	return out
}

// maxPerftDepth bounds perft: the tree of a position with face-down pieces grows by
// every identity of every flip (from the start, depth 3 is already 78,989,568 leaves).
const maxPerftDepth = 8

// Perft counts the leaves of the legal-ply tree (every flip and hidden capture once per
// identity the pool holds). It polls ctx every few thousand nodes and returns ctx.Err()
// once ctx has ended.
func (g *GameRuleset) Perft(ctx context.Context, position string, depth int, divide bool) (uint64, []string, error) {
	if depth < 1 || depth > maxPerftDepth {
		return 0, nil, &arbiter.PositionError{Field: "depth", Reason: fmt.Sprintf("depth %d is outside 1..%d", depth, maxPerftDepth)}
	}
	p, err := bq.ParsePosition(position, g.rs.Options)
	if err != nil {
		return 0, nil, positionError(err)
	}
	pc := perftCounter{ctx: ctx}
	var total uint64
	var lines []string
	for _, m := range p.LegalMoves(nil, true) {
		q := p
		if _, err := q.Play(m); err != nil {
			return 0, nil, err
		}
		n, err := pc.count(&q, depth-1)
		if err != nil {
			return 0, nil, err
		}
		total += n
		if divide {
			lines = append(lines, fmt.Sprintf("%s %d", m, n))
		}
	}
	sort.Strings(lines)
	return total, lines, nil
}

// perftCounter is banqi.Perft with a context polled every 4096 nodes.
type perftCounter struct {
	ctx   context.Context
	nodes uint64
}

func (pc *perftCounter) count(p *bq.Position, depth int) (uint64, error) {
	if pc.nodes++; pc.nodes%4096 == 0 {
		if err := pc.ctx.Err(); err != nil {
			return 0, err
		}
	}
	if depth == 0 {
		return 1, nil
	}
	moves := p.LegalMoves(make([]bq.Move, 0, 64), true)
	if depth == 1 {
		return uint64(len(moves)), nil
	}
	var n uint64
	for _, m := range moves {
		q := *p
		if _, err := q.Play(m); err != nil {
			return 0, err
		}
		c, err := pc.count(&q, depth-1)
		if err != nil {
			return 0, err
		}
		n += c
	}
	return n, nil
}

// Case variants: banqi has no forward direction, so the rules are symmetric under
// mirroring the files (a↔d) and under swapping the colours (docs/rules/banqi.md §8).
const (
	variantMirrored = "mirrored"
	variantFlipped  = "colour-flipped"
)

// CaseVariants names the symmetries the casebook runs every banqi case under.
func (g *GameRuleset) CaseVariants() []string { return []string{variantMirrored, variantFlipped} }

// TransformCase returns a case under a symmetry. Move texts that cannot be read are
// left as they are (the case then expects them rejected anyway).
func (g *GameRuleset) TransformCase(v, position, deal string, moves []string) (string, string, []string, bool, error) {
	mirror, swap := v == variantMirrored, v == variantFlipped
	if !mirror && !swap {
		return "", "", nil, false, fmt.Errorf("unknown variant %q", v)
	}
	p, err := bq.ParsePosition(position, g.rs.Options)
	if err != nil {
		return "", "", nil, false, err
	}
	var q bq.Position
	if mirror {
		q = p.Mirror()
	} else {
		q = p.SwapColors()
	}
	newPos := q.String()
	if strings.TrimSpace(position) == "" {
		newPos = ""
	}
	newDeal := deal
	if deal != "" {
		newDeal = transformDeal(&p, deal, mirror, swap)
	}
	out := make([]string, len(moves))
	for i, t := range moves {
		m, err := bq.ParseMove(t, p.Set())
		if err != nil {
			out[i] = t
			continue
		}
		out[i] = transformMove(m, mirror, swap).String()
	}
	return newPos, newDeal, out, swap, nil
}

func transformMove(m bq.Move, mirror, swap bool) bq.Move {
	if mirror {
		m.From = m.From.Mirror()
		for i := 0; i < int(m.N); i++ {
			m.Links[i].To = m.Links[i].To.Mirror()
		}
	}
	if swap {
		m.Reveal = m.Reveal.Swap()
		for i := 0; i < int(m.N); i++ {
			m.Links[i].Reveal = m.Links[i].Reveal.Swap()
		}
	}
	return m
}

// transformDeal rewrites a deal (one letter per face-down square in board-string order).
func transformDeal(p *bq.Position, deal string, mirror, swap bool) string {
	if swap {
		b := []byte(deal)
		for i, c := range b {
			switch {
			case c >= 'a' && c <= 'z':
				b[i] = c - 'a' + 'A'
			case c >= 'A' && c <= 'Z':
				b[i] = c - 'A' + 'a'
			}
		}
		return string(b)
	}
	// Mirrored: the face-down squares of each rank come in reverse order.
	var out []byte
	i := 0
	for r := p.Ranks() - 1; r >= 0; r-- {
		var row []byte
		for f := 0; f < bq.Files; f++ {
			if p.At(bq.SquareAt(f, r)) == bq.FaceDown && i < len(deal) {
				row = append(row, deal[i])
				i++
			}
		}
		for j := len(row) - 1; j >= 0; j-- {
			out = append(out, row[j])
		}
	}
	return string(out) + deal[min(i, len(deal)):]
}

var (
	_ arbiter.Ruleset         = (*GameRuleset)(nil)
	_ arbiter.Perfter         = (*GameRuleset)(nil)
	_ arbiter.CaseTransformer = (*GameRuleset)(nil)
)
