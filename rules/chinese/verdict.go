package chinese

import (
	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/rules/xqrules"
	"github.com/arbiter-xq/arbiter/xiangqi"
)

// sideFacts sums up one side's half-cycle for the verdict.
type sideFacts struct {
	natures    []arbiter.Nature
	forbidden  bool
	allCheck   bool // 长将
	allChase   bool // every move 捉
	joint      bool // at least one joint chase (联合捉)
	chasesRook bool
}

func summarise(plies []xqrules.PlyNature, movers []xiangqi.Color, side xiangqi.Color) sideFacts {
	var f sideFacts
	for k, pn := range plies {
		if movers[k] != side {
			continue
		}
		f.natures = append(f.natures, pn.Nature)
		for _, t := range pn.Threats {
			if pn.Nature == arbiter.NatureChase && t.Joint {
				f.joint = true
			}
			if pn.Nature == arbiter.NatureChase && t.Victim.Kind() == xiangqi.Rook {
				f.chasesRook = true
			}
		}
	}
	f.forbidden = arbiter.AllAttacks(f.natures)
	f.allCheck, f.allChase = len(f.natures) > 0, len(f.natures) > 0
	for _, n := range f.natures {
		f.allCheck = f.allCheck && n == arbiter.NatureCheck
		f.allChase = f.allChase && n == arbiter.NatureChase
	}
	return f
}

// rule decides the verdict (CXA 2020 25.1-25.3 and 26.9) and returns it with the
// references and a one-paragraph reason.
func rule(red, black sideFacts) (arbiter.Verdict, []string, string) {
	f := [2]sideFacts{red, black}
	// CXA 2020 25.1: unilateral perpetual check is never allowed (图6); mutual perpetual
	// check is not unilateral.
	for _, c := range []xiangqi.Color{xiangqi.Red, xiangqi.Black} {
		if f[c].allCheck && !f[c.Other()].allCheck {
			return xqrules.MustChange(c), []string{"CXA 2020 25.1", "CXA 2020 (图6)"},
				c.String() + " checks perpetually (长将), which is never allowed: " + c.String() + " must change (一方长将，不变作负)."
		}
	}
	if red.allCheck && black.allCheck {
		return arbiter.VerdictDraw, []string{"CXA 2020 25.2"}, "Both sides check perpetually: neither alone is 长将, so the game is drawn if neither changes (不变作和)."
	}
	switch {
	case red.forbidden && !black.forbidden:
		return arbiter.VerdictRedMustChange, []string{"CXA 2020 25.3"}, "Every red move is an attack (长打) and Black has an idle move: Red must change (禁止着法对允许着法，禁方变着)."
	case black.forbidden && !red.forbidden:
		return arbiter.VerdictBlackMustChange, []string{"CXA 2020 25.3"}, "Every black move is an attack (长打) and Red has an idle move: Black must change (禁止着法对允许着法，禁方变着)."
	case !red.forbidden && !black.forbidden:
		return arbiter.VerdictDraw, []string{"CXA 2020 25.2"}, "Both sides have an idle move (允许着法): the game is drawn if neither changes (双方不变作和)."
	}
	// Both forbidden. CXA 2020 26.9.2/26.9.3 (参考图14, 参考图38-40): a side that chases with
	// single pieces only, against a side whose attacks include a joint chase (联合捉), must
	// change. Otherwise 26.9.4: draw.
	for _, c := range []xiangqi.Color{xiangqi.Red, xiangqi.Black} {
		me, other := f[c], f[c.Other()]
		if me.allChase && !me.joint && other.joint {
			ref := "CXA 2020 26.9.3 (参考图40)"
			if me.chasesRook {
				ref = "CXA 2020 26.9.2 (参考图14)"
			}
			return xqrules.MustChange(c), []string{"CXA 2020 26.9", ref},
				"Both sides are forbidden. " + c.String() + " chases with single pieces only while " + c.Other().String() +
					" chases jointly (联合捉): " + c.String() + " must change."
		}
	}
	return arbiter.VerdictDraw, []string{"CXA 2020 26.9.4"}, "Both sides are forbidden and neither is responsible under 26.9: the game is drawn if neither changes (双方不变作和)."
}
