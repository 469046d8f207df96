package xqrules

import (
	"context"
	"fmt"
	"strings"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/notation"
	"github.com/arbiter-xq/arbiter/xiangqi"
)

// The symmetries of a xiangqi position under which every ruling must hold: the mirror
// image (files a<->i, the ruling unchanged) and the board turned half a turn with the
// colours swapped (the ruling's colours swap). The casebook verifies every case in all
// three orientations through CaseTransformer; the property tests use JudgeVariant.

// Variant is one orientation of a position and its moves.
type Variant int

const (
	Original Variant = iota
	Mirrored         // files a<->i; the ruling is unchanged
	Flipped          // board turned half a turn, colours swapped; the ruling's colours swap
)

// Variants lists every orientation, the original first.
var Variants = []Variant{Original, Mirrored, Flipped}

func (v Variant) String() string {
	switch v {
	case Mirrored:
		return "mirrored"
	case Flipped:
		return "colour-flipped"
	}
	return "original"
}

// Transform returns the start position and moves under v.
func (v Variant) Transform(start xiangqi.Position, moves []xiangqi.Move) (xiangqi.Position, []xiangqi.Move) {
	if v == Original {
		return start, moves
	}
	out := make([]xiangqi.Move, len(moves))
	for i, m := range moves {
		if v == Mirrored {
			out[i] = m.Mirror()
		} else {
			out[i] = m.Flip()
		}
	}
	if v == Mirrored {
		return start.Mirror(), out
	}
	return start.ColorFlip(), out
}

// Square maps a square under v; both symmetries are their own inverse, so it also maps
// a square back to the original frame.
func (v Variant) Square(s xiangqi.Square) xiangqi.Square {
	switch v {
	case Mirrored:
		return s.Mirror()
	case Flipped:
		return s.Flip()
	}
	return s
}

// CaseVariants names the orientations a case is verified in besides the original.
func (r *Rules) CaseVariants() []string {
	return []string{Mirrored.String(), Flipped.String()}
}

// TransformCase returns a case's position and moves (any notation) under a symmetry,
// the moves in ICCS; swap is true when the colours swap.
func (r *Rules) TransformCase(name, position, deal string, moves []string) (string, string, []string, bool, error) {
	v := Original
	for _, c := range Variants {
		if c.String() == name {
			v = c
		}
	}
	if v == Original {
		return "", "", nil, false, fmt.Errorf("unknown variant %q", name)
	}
	start, err := xiangqi.ParseFENOptions(position, xiangqi.FENOptions{AllowUnreachable: true})
	if err != nil {
		return "", "", nil, false, err
	}
	g, err := notation.ParseMoves(start, moves)
	if err != nil {
		return "", "", nil, false, err
	}
	s, ms := v.Transform(start, g.Moves())
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = xiangqi.ICCS(m)
	}
	return s.FEN(), deal, out, v == Flipped, nil
}

// TransformSquare maps a square named in a case (a chased piece) under a symmetry.
func (r *Rules) TransformSquare(name, square string) string {
	sq, ok := xiangqi.ParseSquare(strings.TrimSpace(square))
	if !ok {
		return square
	}
	for _, v := range Variants {
		if v.String() == name {
			return v.Square(sq).String()
		}
	}
	return square
}

// Outcome is what the cycle judge makes of one orientation of a game: the natures of the
// cycle the last move closes, its verdict and chased squares in the original frame.
type Outcome struct {
	Variant    Variant
	Game       *xiangqi.Game
	CycleStart int // the ply the cycle starts after; -1 when the last position is new
	Judgement  Judgement
	Natures    []arbiter.Nature // one per ply; only the cycle's are set
	Verdict    arbiter.Verdict  // in the original frame
	Chased     []string         // in the original frame
	Err        error
}

// JudgeVariant plays the moves in orientation v and judges the cycle the last move
// closes.
func JudgeVariant(ctx context.Context, rs CycleJudge, start xiangqi.Position, moves []xiangqi.Move, v Variant) Outcome {
	s, ms := v.Transform(start, moves)
	o := Outcome{Variant: v, CycleStart: -1, Natures: make([]arbiter.Nature, len(ms))}
	g := xiangqi.NewGame(s)
	for _, m := range ms {
		if err := g.Play(m); err != nil {
			o.Err = err
			return o
		}
	}
	o.Game = g
	prev := g.PreviousOccurrence()
	if prev < 0 {
		return o
	}
	o.CycleStart = prev
	j, err := rs.JudgeCycle(ctx, g, prev, g.Len())
	if err != nil {
		o.Err = err
		return o
	}
	o.Judgement = j
	o.Verdict = j.Ruling.Verdict
	if v == Flipped {
		o.Verdict = o.Verdict.SwapSides()
	}
	for _, pn := range j.Plies {
		if pn.Ply >= 0 && pn.Ply < len(o.Natures) {
			o.Natures[pn.Ply] = pn.Nature
		}
	}
	for _, sp := range j.Sides {
		for _, sq := range sp.Chased {
			o.Chased = append(o.Chased, v.Square(sq).String())
		}
	}
	return o
}

// CanonicalCase writes a record in the one form records are compared in: the FEN's
// board and side to move (without its counters) and the moves in ICCS.
func (r *Rules) CanonicalCase(position string, moves []string) (string, []string, error) {
	start, err := xiangqi.ParseFENOptions(position, xiangqi.FENOptions{AllowUnreachable: true})
	if err != nil {
		return "", nil, err
	}
	g, err := notation.ParseMoves(start, moves)
	if err != nil {
		return "", nil, err
	}
	out := make([]string, 0, g.Len())
	for _, m := range g.Moves() {
		out = append(out, xiangqi.ICCS(m))
	}
	fields := strings.Fields(start.FEN())
	return strings.Join(fields[:min(2, len(fields))], " "), out, nil
}
