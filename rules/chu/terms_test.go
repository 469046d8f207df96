package chu

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/arbiter-xq/arbiter/arbiter"
)

// TestCaptureNatures: a move that takes a piece is a capture (駒取り) first, in every
// ruleset, and keeps what it threatens next as its further natures (issue 27: the Q3
// case showed the lion's double capture as "闲 idle" and the rook's capture of a lion
// as "攻 attack").
func TestCaptureNatures(t *testing.T) {
	const q3 = "k6r3n/9n2/8S3/7N3R/12/12/12/7V4/12/12/12/K11 b - 1"
	for _, id := range IDs() {
		r, err := arbiter.Adjudicate(context.Background(), ruleset(t, id), arbiter.Start{Position: q3}, strings.Fields("1d1a 3b4c5d 5h5d"))
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		want := [][]arbiter.Nature{
			{arbiter.NatureCapture, arbiter.NatureAttack},
			{arbiter.NatureCapture},
			{arbiter.NatureCapture, arbiter.NatureAttack},
		}
		for i, p := range r.Plies {
			if p.Nature != arbiter.NatureCapture || !reflect.DeepEqual(p.Natures, want[i]) || !p.Capture {
				t.Errorf("%s ply %d %s: nature %v natures %v capture %v, want capture %v", id, p.Ply, p.Move, p.Nature, p.Natures, p.Capture, want[i])
			}
			if got := r.Ruleset.NatureTerm(p.Nature).String(); got != "駒取り capture" {
				t.Errorf("%s ply %d: %q, want 駒取り capture", id, p.Ply, got)
			}
		}
	}
	// The §8.3 (b) quirk: the rook that took a lion attacks the other lion only under
	// protected_only counter-strike (chu-nature-marker-quirk in the casebook).
	const quirk = "k8n1n/12/12/11R/12/12/12/12/12/12/12/K11 b - 1"
	for id, want := range map[string][]arbiter.Nature{
		"chu-jcsa2004": {arbiter.NatureCapture, arbiter.NatureAttack},
		"chu-lishogi":  {arbiter.NatureCapture},
		"chu-hachu":    {arbiter.NatureCapture},
	} {
		r, err := arbiter.Adjudicate(context.Background(), ruleset(t, id), arbiter.Start{Position: quirk}, []string{"1d1a"})
		if err != nil {
			t.Fatal(err)
		}
		if got := r.Plies[0].Natures; !reflect.DeepEqual(got, want) {
			t.Errorf("%s: natures %v, want %v", id, got, want)
		}
	}
}

// TestTerms: chu shogi speaks shogi's words, never xiangqi's (不变作和, 闲, 长闲).
func TestTerms(t *testing.T) {
	info := ruleset(t, "chu-lishogi").Info()
	for _, c := range []struct{ got, want string }{
		{info.NatureTerm(arbiter.NatureCheck).String(), "王手 check"},
		{info.NatureTerm(arbiter.NatureAttack).String(), "当たり attack"},
		{info.NatureTerm(arbiter.NatureIdle).String(), "静かな手 quiet move"},
		{info.VerdictTerm(arbiter.VerdictDraw).String(), "千日手 draw by repetition"},
		{info.VerdictTerm(arbiter.VerdictGoteMustChange).String(), "後手が打開 gote must change (break the repetition)"},
		{info.TerminationTerm(arbiter.TerminationPerpetualCheck).String(), "連続王手の千日手 perpetual check"},
		{info.TerminationTerm(arbiter.TerminationRepetitionDraw).String(), "千日手 repetition draw"},
		{info.PatternTerm([]arbiter.Nature{arbiter.NatureCheck, arbiter.NatureCheck}).String(), "連続王手 perpetual check"},
		{info.PatternTerm([]arbiter.Nature{arbiter.NatureAttack, arbiter.NatureAttack}).String(), "連続当たり perpetual attack"},
		{info.PatternTerm([]arbiter.Nature{arbiter.NatureCheck, arbiter.NatureAttack, arbiter.NatureAttack}).String(), "連続攻め（王手1・当たり2） perpetual attack (one check two attacks)"},
		{info.PatternTerm([]arbiter.Nature{arbiter.NatureIdle, arbiter.NatureIdle}).String(), "攻めなし no attack"},
		{info.PatternTerm([]arbiter.Nature{arbiter.NatureCheck, arbiter.NatureIdle}).String(), "王手1・静かな手1 one check one quiet move"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
		for _, xq := range []string{"闲", "不变作和", "长", "将", "捉"} {
			if strings.Contains(c.got, xq) {
				t.Errorf("%q holds xiangqi's %s", c.got, xq)
			}
		}
	}
}
