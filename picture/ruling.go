package picture

import (
	"fmt"
	"io"
	"strings"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/notation"
	"github.com/arbiter-xq/arbiter/xiangqi"
)

// Colours of the ruling marks.
const (
	RedMoveColor   = "#e8590c" // arrows of Red's moves
	BlackMoveColor = "#1971c2" // arrows of Black's moves
	CheckColor     = "#e03131" // the king in check
	ChaseColor     = "#9c36b5" // a chased piece and its attackers
	ProtectColor   = "#2f9e44" // the protectors (roots) of a chased piece
	MateColor      = "#c2255c" // a king under a mate threat
)

// Verdict words in Chinese, as the rulebooks write them.
var verdictChinese = map[arbiter.Verdict]string{
	arbiter.VerdictDraw:            "作和",
	arbiter.VerdictRedMustChange:   "红方变着",
	arbiter.VerdictBlackMustChange: "黑方变着",
}

// XiangqiRuling draws a xiangqi report's ruling: the position of its latest cycle with
// each move of the cycle as a numbered arrow (Red's orange, Black's blue), the pieces
// each move chases ringed with their attackers and protectors, the king each check
// attacks ringed, and a caption with the verdict, each side's pattern in English and
// Chinese, the references and every move of the cycle with its nature. Squares of
// later moves' marks are followed to where those pieces stand in the drawn position
// (the cycle ends where it began). A report without a cycle draws the final position
// with the last move and the result. Options given here come after Ruling's own, so
// Width, Perspective or Title override them.
func XiangqiRuling(w io.Writer, r *arbiter.Report, opts ...Option) error {
	b, own, err := XiangqiRulingBoard(r)
	if err != nil {
		return err
	}
	return SVG(w, b, append(own, opts...)...)
}

// XiangqiRulingBoard is what XiangqiRuling draws: the board and the options that mark it.
func XiangqiRulingBoard(r *arbiter.Report) (Board, []Option, error) {
	x, err := readXiangqi(r)
	if err != nil {
		return Board{}, nil, err
	}
	if r.Cycle == nil {
		b, opts := finalBoard(x)
		return b, opts, nil
	}
	c := r.Cycle
	g := x.cycleGame()
	if x.start < 0 || x.end > g.Len() || x.start >= x.end {
		b, opts := finalBoard(x)
		return b, opts, nil
	}
	pos := g.PositionAt(x.end)
	b := Xiangqi(&pos)

	var arrows []ArrowMark
	marks := newMarkSet()
	var moveLines []CaptionLine
	for ply := x.start; ply < x.end; ply++ {
		p := x.ply(ply)
		if p == nil {
			continue
		}
		// Numbered as players write the moves (12, 12…), as the caption lists them.
		n := x.moveNo(ply)
		before := g.PositionAt(ply)
		after := before
		m := g.Ply(ply).Move
		after.MakeMove(m)
		side := before.SideToMove()
		follow := func(s xiangqi.Square) xiangqi.Square { return followSquare(g, s, ply+1, x.end) }
		color := RedMoveColor
		if side == xiangqi.Black {
			color = BlackMoveColor
		}
		text := notation.FormatChinese(&before, m)
		check := after.InCheck(side.Other())
		label := n
		if check {
			label += "+"
		}
		arrows = append(arrows, Arrow(XiangqiPoint(m.From()), XiangqiPoint(m.To())).WithColor(color).WithLabel(label).
			WithTitle(fmt.Sprintf("%s %s %s %s", dotted(n), side, text, m)))
		if check {
			marks.add(follow(after.KingSquare(side.Other())), "check", "将"+n)
		}
		if p.Nature == arbiter.NatureMateThreat {
			marks.add(follow(after.KingSquare(side.Other())), "mate", "杀"+n)
		}
		line := fmt.Sprintf("%s %s %s %s: %s %s", dotted(n), side, text, m, p.Nature.Chinese(), p.Nature)
		for _, t := range threats(p) {
			line += "; " + threatWords(t)
			markThreat(marks, &after, t, n, follow)
		}
		moveLines = append(moveLines, CaptionLine{Text: line, Color: color})
	}

	verdict := c.Ruling.Verdict
	title := capitalize(verdict.String()) + " " + verdictChinese[verdict]
	if verdict == arbiter.VerdictNone {
		title = "Repetition"
	}
	caption := []CaptionLine{{
		Text: fmt.Sprintf("Ruling (%s): %s %s. The position after ply %d repeats (occurrence %d); the cycle is plies %d-%d, drawn from the position it starts and ends in.",
			r.Ruleset.ID, strings.ToUpper(verdict.String()), verdictChinese[verdict], c.LastPly, c.Occurrence, c.FirstPly, c.LastPly),
		Bold: true,
	}}
	for _, sp := range c.Patterns {
		status := "allowed 允许"
		if sp.Forbidden {
			status = "forbidden 禁止"
		}
		color, side := XiangqiRed, xiangqi.Red
		if sp.Side == arbiter.SideBlack {
			color, side = XiangqiBlack, xiangqi.Black
		}
		caption = append(caption, CaptionLine{Text: fmt.Sprintf("%s: %s %s, %s", side, sp.Pattern, sp.PatternChinese, status), Color: color})
	}
	if len(c.Ruling.References) > 0 {
		caption = append(caption, CaptionLine{Text: "References: " + strings.Join(c.Ruling.References, "; ")})
	}
	caption = append(caption, moveLines...)
	if g != x.game {
		caption = append(caption, CaptionLine{Text: fmt.Sprintf("The last move of the cycle, %s (ply %d), was refused under the policy (on violation: forbid); the game goes on without it.",
			x.refused, r.ForbiddenPly), Color: CheckColor})
	}
	caption = append(caption, CaptionLine{Text: resultWords(r)})
	caption = append(caption, CaptionLine{Text: marksKey, Color: "#666666"})
	return b, []Option{Title(title), Arrows(arrows...), Rings(marks.rings()...), CaptionLines(caption...)}, nil
}

// marksKey explains the marks under every ruling picture.
const marksKey = "Key: arrows are the cycle's moves, numbered as the moves are (12 Red's, 12… Black's; orange Red, blue Black; + gives check). " +
	"Rings: 将 king in check; 捉 chased piece (with the moves that chase it); dashed: its attackers; " +
	"green 根: its protectors (the caption says whether the root holds: 有根, 假根 false, 少根 insufficient); 杀 king under a mate threat."

// markThreat rings the victim of a counted threat, its attackers and its protectors.
func markThreat(marks *markSet, after *xiangqi.Position, t xqThreat, n string, follow func(xiangqi.Square) xiangqi.Square) {
	if t.victim == xiangqi.NoPiece || !t.target.Valid() {
		// A mate threat: the king of the side that does not move is threatened.
		for _, a := range t.attackers {
			if a.square.Valid() {
				marks.add(follow(a.square), "attacker", "")
			}
		}
		if len(t.attackers) > 0 && t.attackers[0].square.Valid() {
			victim := after.At(t.attackers[0].square).Color().Other()
			marks.add(follow(after.KingSquare(victim)), "mate", "杀"+n)
		}
		return
	}
	marks.add(follow(t.target), "chased", "捉"+n)
	for _, a := range t.attackers {
		if a.square.Valid() {
			marks.add(follow(a.square), "attacker", "")
		}
	}
	if t.root == arbiter.Unrooted || t.root == arbiter.RootUnspecified {
		return
	}
	// The tag says only that the piece protects; how well (假根, 少根) depends on the
	// victim and is in the caption.
	for _, s := range protectors(after, t) {
		marks.add(follow(s), "protector", "根")
	}
}

// protectors are the pieces that could take back on the victim's square after the
// first attacker that can reach it captures there (move geometry, as the rulebooks
// draw roots; whether the recapture is legal or safe is what the root status says).
// When no attacker reaches the square at once (a joint chase that first opens a
// line), they are the victim's side's pieces that reach its square as it stands.
func protectors(after *xiangqi.Position, t xqThreat) []xiangqi.Square {
	for _, a := range t.attackers {
		if !a.square.Valid() || !after.CanMoveGeometrically(a.square, t.target) {
			continue
		}
		q := *after
		q.MakeMove(xiangqi.NewMove(a.square, t.target))
		return q.AppendAttackers(nil, t.target, t.victim.Color())
	}
	return after.AppendAttackers(nil, t.target, t.victim.Color())
}

// followSquare follows the piece on s through moves from..end-1 of g to where it
// stands after them.
func followSquare(g *xiangqi.Game, s xiangqi.Square, from, end int) xiangqi.Square {
	for k := from; k < end && k < g.Len(); k++ {
		if m := g.Ply(k).Move; m.From() == s {
			s = m.To()
		}
	}
	return s
}

// threatWords describes a counted threat in a caption.
func threatWords(t xqThreat) string {
	var att []string
	for _, a := range t.attackers {
		att = append(att, a.piece.Name()+" "+a.square.String())
	}
	s := "mate threat 杀"
	if t.victim != xiangqi.NoPiece {
		s = "捉 " + t.victim.Name() + " " + t.target.String()
	}
	if len(att) > 0 {
		s += " by " + strings.Join(att, " + ")
	}
	if t.joint {
		s += " (joint 联合捉)"
	}
	if t.root != arbiter.RootUnspecified {
		s += ", " + t.root.String() + " " + t.root.Chinese()
	}
	return s
}

// finalBoard draws the final position of a report without a repetition: the last move
// as an arrow, a king in check ringed, the result in the caption.
func finalBoard(x *xqGame) (Board, []Option) {
	g, r := x.game, x.r
	pos := *g.Position()
	b := Xiangqi(&pos)
	var opts []Option
	marks := newMarkSet()
	if n := g.Len(); n > 0 {
		m := g.Ply(n - 1).Move
		color := RedMoveColor
		if pos.SideToMove() == xiangqi.Red { // Black made the last move
			color = BlackMoveColor
		}
		no := x.moveNo(n - 1)
		opts = append(opts, Arrows(Arrow(XiangqiPoint(m.From()), XiangqiPoint(m.To())).WithColor(color).
			WithLabel(no).WithTitle(fmt.Sprintf("%s (ply %d): %s", dotted(no), n, m))))
	}
	if pos.InCheck(pos.SideToMove()) {
		marks.add(pos.KingSquare(pos.SideToMove()), "check", "将")
	}
	opts = append(opts, Title("No repetition: "+r.Result.String()), Rings(marks.rings()...),
		CaptionLines(
			CaptionLine{Text: fmt.Sprintf("Final position after ply %d (%s); %s to move, %s. The last position is not a repetition.",
				g.Len(), r.Ruleset.ID, pos.SideToMove(), pos.State()), Bold: true},
			CaptionLine{Text: resultWords(r)}))
	return b, opts
}

// markSet gathers marks by square and kind, so a piece chased by two moves gets one
// ring tagged with both move numbers.
type markSet struct {
	order []markKey
	tags  map[markKey][]string
}

type markKey struct {
	sq   xiangqi.Square
	kind string
}

func newMarkSet() *markSet { return &markSet{tags: map[markKey][]string{}} }

func (ms *markSet) add(s xiangqi.Square, kind, tag string) {
	if !s.Valid() {
		return
	}
	k := markKey{s, kind}
	tags, seen := ms.tags[k]
	if !seen {
		ms.order = append(ms.order, k)
	}
	if tag != "" {
		for _, t := range tags {
			if t == tag {
				return
			}
		}
		tags = append(tags, tag)
	}
	ms.tags[k] = tags
}

// kinds in drawing order: innermost ring first.
var markKinds = []struct {
	kind, color string
	dashed      bool
}{
	{"check", CheckColor, false},
	{"mate", MateColor, false},
	{"chased", ChaseColor, false},
	{"attacker", ChaseColor, true},
	{"protector", ProtectColor, true},
}

func (ms *markSet) rings() []RingMark {
	var out []RingMark
	for _, mk := range markKinds {
		for _, k := range ms.order {
			if k.kind != mk.kind {
				continue
			}
			r := Ring(XiangqiPoint(k.sq)).WithColor(mk.color).WithClass(mk.kind).WithLabel(joinTags(ms.tags[k]))
			if mk.dashed {
				r = r.WithDashes()
			}
			out = append(out, r)
		}
	}
	return out
}

// dotted writes a move number as a move list does: "12." for the first player's move,
// "12…" (as it is) for the second's.
func dotted(n string) string {
	if strings.HasSuffix(n, "…") {
		return n
	}
	return n + "."
}

// joinTags writes "捉1", "捉3…" as "捉1,3…".
func joinTags(tags []string) string {
	if len(tags) == 0 {
		return ""
	}
	prefix := strings.TrimRight(tags[0], "0123456789…")
	parts := []string{tags[0]}
	for _, t := range tags[1:] {
		if strings.HasPrefix(t, prefix) && prefix != "" {
			parts = append(parts, strings.TrimPrefix(t, prefix))
		} else {
			parts = append(parts, t)
		}
	}
	return strings.Join(parts, ",")
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
