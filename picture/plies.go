package picture

import (
	"fmt"
	"strings"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/notation"
	"github.com/arbiter-xq/arbiter/xiangqi"
)

// XiangqiPlies draws one picture per step of a report's game, for stepping through it:
// element 0 is the start position, element i the position after ply i with that move
// as an arrow, a king it checks ringed, the pieces it chases ringed with their
// attackers and protectors, and a caption with the move in Chinese, WXF and ICCS and
// its nature when it lies in a repetition cycle. Each picture is a complete SVG
// document of 10-20 KB (fewer pieces, smaller). The options apply to every picture.
func XiangqiPlies(r *arbiter.Report, opts ...Option) ([]string, error) {
	x, err := readXiangqi(r)
	if err != nil {
		return nil, err
	}
	g := x.game
	out := make([]string, 0, g.Len()+1)
	pos := *g.Start()
	var sb strings.Builder
	start := []Option{Title("Start position"), Caption(fmt.Sprintf("%s to move. FEN %s", pos.SideToMove(), pos.FEN()))}
	if err := XiangqiSVG(&sb, &pos, append(start, opts...)...); err != nil {
		return nil, err
	}
	out = append(out, sb.String())
	for i := 0; i < g.Len(); i++ {
		before := pos
		m := g.Ply(i).Move
		pos.MakeMove(m)
		side := before.SideToMove()
		color := RedMoveColor
		if side == xiangqi.Black {
			color = BlackMoveColor
		}
		chinese := notation.FormatChinese(&before, m)
		marks := newMarkSet()
		if pos.InCheck(side.Other()) {
			marks.add(pos.KingSquare(side.Other()), "check", "将")
		}
		no := x.moveNo(i)
		lines := []CaptionLine{{Text: fmt.Sprintf("%s %s  %s  %s (%s, ply %d)", dotted(no), chinese, notation.FormatWXF(&before, m), m, side, i+1), Bold: true, Color: color}}
		if pn := &r.Plies[i]; pn.Nature != arbiter.NatureUnspecified {
			line := fmt.Sprintf("In the repetition cycle: %s %s", pn.Nature.Chinese(), pn.Nature)
			if pn.Explanation != "" {
				line += ": " + pn.Explanation
			}
			lines = append(lines, CaptionLine{Text: line})
			same := func(s xiangqi.Square) xiangqi.Square { return s }
			if pn.Nature == arbiter.NatureMateThreat {
				marks.add(pos.KingSquare(side.Other()), "mate", "杀")
			}
			for _, t := range threats(pn) {
				lines = append(lines, CaptionLine{Text: threatWords(t)})
				markThreat(marks, &pos, t, "", same)
			}
		}
		if r.ForbiddenPly == i+1 {
			lines = append(lines, CaptionLine{Text: "The next move was refused: it is forbidden under the policy.", Color: CheckColor})
		}
		if r.DecidedAtPly == i+1 {
			lines = append(lines, CaptionLine{Text: resultWords(r), Bold: true})
		}
		own := []Option{
			Title(fmt.Sprintf("%s %s %s (ply %d)", dotted(no), chinese, m, i+1)),
			Arrows(Arrow(XiangqiPoint(m.From()), XiangqiPoint(m.To())).WithColor(color).WithLabel(no).WithTitle(m.String())),
			Rings(marks.rings()...),
			CaptionLines(lines...),
		}
		sb.Reset()
		if err := XiangqiSVG(&sb, &pos, append(own, opts...)...); err != nil {
			return nil, err
		}
		out = append(out, sb.String())
	}
	return out, nil
}
