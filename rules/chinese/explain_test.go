package chinese

import (
	"testing"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/rules/xqrules"
	"github.com/arbiter-xq/arbiter/xiangqi"
)

// TestExplainRulingText pins the text of a ruling's explanation: each side's pattern,
// then why, then every ply with its nature and the attacks that did not count.
func TestExplainRulingText(t *testing.T) {
	j := xqrules.Judgement{
		Plies: []xqrules.PlyNature{
			{Ply: 8, Nature: arbiter.NatureChase, Note: "red rook chases the horse"},
			{Ply: 9, Nature: arbiter.NatureIdle, Note: "black horse moves", Excluded: []xqrules.Threat{{Exception: "pre-existing", Note: "could already be won"}}},
			{Ply: 10, Nature: arbiter.NatureCheck, Note: "red rook checks"},
			{Ply: 11, Nature: arbiter.NatureIdle, Note: "black king steps"},
		},
		Sides: [2]xqrules.SidePattern{
			xiangqi.Red:   {Side: xiangqi.Red, Natures: []arbiter.Nature{arbiter.NatureChase, arbiter.NatureCheck}, Pattern: "one check one chase", Forbidden: true},
			xiangqi.Black: {Side: xiangqi.Black, Natures: []arbiter.Nature{arbiter.NatureIdle, arbiter.NatureIdle}, Pattern: "idle"},
		},
	}
	got := explainRuling(&j, "Red must change.")
	want := "Red: one check one chase (" + arbiter.PatternChinese(j.Sides[xiangqi.Red].Natures) + "), forbidden (禁止着法). " +
		"Black: idle (" + arbiter.PatternChinese(j.Sides[xiangqi.Black].Natures) + "), allowed (允许着法). Red must change.\n" +
		"ply 9 " + arbiter.NatureChase.Chinese() + ": red rook chases the horse\n" +
		"ply 10 " + arbiter.NatureIdle.Chinese() + ": black horse moves\n" +
		"  not counted (pre-existing): could already be won\n" +
		"ply 11 " + arbiter.NatureCheck.Chinese() + ": red rook checks\n" +
		"ply 12 " + arbiter.NatureIdle.Chinese() + ": black king steps"
	if got != want {
		t.Errorf("explanation:\n%s\nwant:\n%s", got, want)
	}
}
