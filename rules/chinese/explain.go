package chinese

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/rules/xqrules"
	"github.com/arbiter-xq/arbiter/xiangqi"
)

var kindChinese = [...][2]string{
	xiangqi.King:     {"帅", "将"},
	xiangqi.Advisor:  {"仕", "士"},
	xiangqi.Elephant: {"相", "象"},
	xiangqi.Horse:    {"马", "马"},
	xiangqi.Rook:     {"车", "车"},
	xiangqi.Cannon:   {"炮", "炮"},
	xiangqi.Pawn:     {"兵", "卒"},
}

// pieceAt names a piece and its square, as seen in the orientation the caller gave (the
// analysis may run in another one, see orient.go): "black horse c7 (马)".
func (o orientation) pieceAt(pc xiangqi.Piece, s xiangqi.Square) string {
	pc, s = o.piece(pc), o.sq(s)
	if pc == xiangqi.NoPiece {
		return "empty " + s.String()
	}
	zh := ""
	if k := pc.Kind(); int(k) < len(kindChinese) {
		zh = " (" + kindChinese[k][pc.Color()] + ")"
	}
	return pc.Name() + " " + s.String() + zh
}

// moveName names a move: "red horse h6-i4".
func moveName(f *plyFacts) string {
	o := f.view
	return fmt.Sprintf("%s %s-%s", o.piece(f.moved).Name(), o.sq(f.move.From()), o.sq(f.move.To()))
}

func threatNote(o orientation, p *xiangqi.Position, w *win, t xqrules.Threat) string {
	var b strings.Builder
	if w.viaCheck {
		fmt.Fprintf(&b, "through consecutive checks starting %s (抽吃), %s would win %s",
			o.move(w.first), o.piece(p.At(w.first.From())).Name(), o.pieceAt(w.piece, w.victim))
		if fins := w.finishers.Squares(); len(fins) > 0 {
			names := make([]string, len(fins))
			for i, s := range fins {
				names[i] = o.pieceAt(p.At(s), s)
			}
			b.WriteString(", taken at the end of the line by " + strings.Join(names, " or "))
		}
	} else {
		fmt.Fprintf(&b, "%s could take %s", o.pieceAt(p.At(w.first.From()), w.first.From()), o.pieceAt(w.piece, w.victim))
	}
	switch t.Root {
	case arbiter.Unrooted:
		b.WriteString(", which is unprotected (无根)")
	case arbiter.FalseRoot:
		b.WriteString(", whose protector cannot legally or safely recapture (假根)")
	case arbiter.InsufficientRoot:
		b.WriteString(", which is protected but loses the complete exchange (少根)")
	case arbiter.Rooted:
		if t.Exception == excHorseCannonOnRook {
			b.WriteString(", protected (有根) but a rook is worth more than a horse or cannon")
		} else if !w.viaCheck {
			b.WriteString(", protected (有根) but worth more than its attacker")
		}
	}
	if t.Joint {
		names := make([]string, len(t.Attackers))
		for i, a := range t.Attackers {
			names[i] = o.pieceAt(a.Piece, a.Square)
		}
		b.WriteString("; a joint chase (联合捉) of " + strings.Join(names, " and "))
	}
	fmt.Fprintf(&b, "; net gain %d", w.gain)
	return b.String()
}

func chaseNote(f *plyFacts, threats []xqrules.Threat) string {
	parts := make([]string, len(threats))
	for i, t := range threats {
		parts[i] = t.Note
	}
	return moveName(f) + " creates a new threat to win material (捉): " + strings.Join(parts, "; ")
}

// explainRuling writes the ruling in English with the rulebook's terms.
func explainRuling(j *xqrules.Judgement, why string) string {
	// Built by hand rather than with fmt, in one allocation: a site ruling every move
	// of a long shuffling game has this written at every repetition.
	size := len(why) + 160
	for _, pn := range j.Plies {
		size += len(pn.Note) + 24
		for _, e := range pn.Excluded {
			size += len(e.Exception) + len(e.Note) + 20
		}
	}
	var b strings.Builder
	b.Grow(size)
	for _, c := range []xiangqi.Color{xiangqi.Red, xiangqi.Black} {
		sp := j.Sides[c]
		if len(sp.Natures) == 0 {
			continue
		}
		status := "allowed (允许着法)"
		if sp.Forbidden {
			status = "forbidden (禁止着法)"
		}
		for _, s := range []string{c.String(), ": ", sp.Pattern, " (", arbiter.PatternChinese(sp.Natures), "), ", status, ". "} {
			b.WriteString(s)
		}
	}
	b.WriteString(why)
	b.WriteString("\n")
	var num [20]byte
	for _, pn := range j.Plies {
		b.WriteString("ply ")
		b.Write(strconv.AppendInt(num[:0], int64(pn.Ply+1), 10))
		for _, s := range []string{" ", pn.Nature.Chinese(), ": ", pn.Note, "\n"} {
			b.WriteString(s)
		}
		for _, e := range pn.Excluded {
			for _, s := range []string{"  not counted (", e.Exception, "): ", e.Note, "\n"} {
				b.WriteString(s)
			}
		}
	}
	return strings.TrimRight(b.String(), "\n")
}
