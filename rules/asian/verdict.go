package asian

import (
	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/rules/xqrules"
	"github.com/arbiter-xq/arbiter/xiangqi"
)

// sideReading is one side's half of the cycle (spec §3.2).
type sideReading struct {
	color   xiangqi.Color
	idx     []int // indices into cycle.plies
	natures []arbiter.Nature
	// perpetualCheck: every move is a check (长将, spec §3.2.4).
	perpetualCheck bool
	// chased: the enemy pieces chased by every move (spec §3.2.5); a perpetual chase
	// (长捉) when not empty.
	chased []pieceID
}

func (s *sideReading) perpetualChase() bool { return !s.perpetualCheck && len(s.chased) > 0 }

// forbidden reports whether the side's pattern is a violation: perpetual check (AXF
// rule 6) or perpetual chase of one piece (AXF general rule 3).
func (s *sideReading) forbidden() bool { return s.perpetualCheck || s.perpetualChase() }

// readSide gathers side c's moves of the cycle. The pattern (natures, perpetual check)
// is read on the cycle itself; moves of the previous turn of the repetition (from..start)
// only narrow the chased victims: a chase whose victim changed between turns is not a
// perpetual chase of one piece (AXF rule 32, D80), while an earlier idle or checking
// move does not excuse a perpetual check or chase in the latest cycle.
func (c *cycle) readSide(col xiangqi.Color) sideReading {
	s := sideReading{color: col}
	first := c.start - c.from // index of the cycle's first move in c.plies
	for i := first; i < len(c.plies); i++ {
		if c.plies[i].mover == col {
			s.idx = append(s.idx, i)
			s.natures = append(s.natures, c.plies[i].nature.Nature)
		}
	}
	if len(s.idx) == 0 {
		return s
	}
	s.perpetualCheck = true
	for _, n := range s.natures {
		if n != arbiter.NatureCheck {
			s.perpetualCheck = false
		}
	}
	// AXF rules 32–33 (D76–D82): the test is on the victim. Some single enemy piece
	// must be chased by every move, by whichever attackers (two pieces taking turns on
	// one piece chase it perpetually; one piece chasing two in turn does not).
	s.chased = append(s.chased, c.plies[s.idx[0]].victims...)
	narrow := func(i int) {
		keep := s.chased[:0]
		for _, v := range s.chased {
			for _, w := range c.plies[i].victims {
				if v == w {
					keep = append(keep, v)
					break
				}
			}
		}
		s.chased = keep
	}
	for _, i := range s.idx[1:] {
		narrow(i)
	}
	for i := 0; i < first; i++ {
		if c.plies[i].mover == col && len(c.plies[i].victims) > 0 {
			narrow(i)
		}
	}
	return s
}

// pattern names the side's half-cycle.
func (s *sideReading) pattern() string {
	switch {
	case len(s.idx) == 0:
		return "none"
	case s.perpetualCheck:
		return "perpetual check"
	case s.perpetualChase():
		return "perpetual chase"
	}
	name := arbiter.PatternName(s.natures)
	if name == "perpetual chase" {
		// Every move chases, but not the same piece (AXF rule 32, D76–D80).
		return "chases of changing pieces"
	}
	return name
}

// judge reads both sides and applies the decision table of spec §3.3.
func (c *cycle) judge() xqrules.Judgement {
	var j xqrules.Judgement
	j.Plies = make([]xqrules.PlyNature, 0, c.end-c.start)
	for i := c.start - c.from; i < len(c.plies); i++ {
		j.Plies = append(j.Plies, c.plies[i].nature)
	}
	var sides [2]sideReading
	for col := xiangqi.Red; col <= xiangqi.Black; col++ {
		s := c.readSide(col)
		sides[col] = s
		sp := xqrules.SidePattern{Side: col, Natures: s.natures, Pattern: s.pattern(), Forbidden: s.forbidden()}
		for _, i := range s.idx {
			sp.Plies = append(sp.Plies, c.plies[i].nature.Ply)
		}
		if s.perpetualChase() {
			last := &c.lastOf[col]
			for _, v := range s.chased {
				sp.Chased = append(sp.Chased, last.squareOf(v))
			}
		}
		j.Sides[col] = sp
	}
	j.Ruling = c.rule(&sides)
	return j
}

// decide is the decision table of spec §3.3.
func decide(red, black *sideReading) arbiter.Verdict {
	switch {
	case red.perpetualCheck && black.perpetualCheck:
		return arbiter.VerdictDraw // AXF rule 7 (D4)
	case red.perpetualCheck:
		return arbiter.VerdictRedMustChange // AXF rules 6, 8 (D1–D3, D5)
	case black.perpetualCheck:
		return arbiter.VerdictBlackMustChange
	case red.perpetualChase() && black.perpetualChase():
		return arbiter.VerdictDraw // AXF basic principle 2: both break the same rule
	case red.perpetualChase():
		return arbiter.VerdictRedMustChange // AXF general rule 3
	case black.perpetualChase():
		return arbiter.VerdictBlackMustChange
	}
	return arbiter.VerdictDraw // AXF general rule 5
}

// rule gives the ruling with its references and explanation.
func (c *cycle) rule(sides *[2]sideReading) arbiter.Ruling {
	v := decide(&sides[xiangqi.Red], &sides[xiangqi.Black])
	r := arbiter.Ruling{Verdict: v}
	r.References = c.references(sides, v)
	r.Explanation = c.explain(sides, v)
	return r
}
