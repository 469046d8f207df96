package chu

import (
	"context"
	"errors"
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

// TestJapaneseInput: a record in Japanese notation (as lishogi writes it, 同　with its
// full-width space) is the same game as in USI, and every ply carries its Japanese.
func TestJapaneseInput(t *testing.T) {
	const q3 = "k6r3n/9n2/8S3/7N3R/12/12/12/7V4/12/12/12/K11 b - 1"
	rs := ruleset(t, "chu-lishogi")
	usi, err := arbiter.Adjudicate(context.Background(), rs, arbiter.Start{Position: q3}, strings.Fields("1d1a 3b4c5d 5h5d"))
	if err != nil {
		t.Fatal(err)
	}
	ja, err := arbiter.Adjudicate(context.Background(), rs, arbiter.Start{Position: q3}, []string{"１一飛不成", "▽４三・５四獅", "同　竪不成"})
	if err != nil {
		t.Fatal(err)
	}
	if ja.FinalPosition != usi.FinalPosition {
		t.Errorf("final %s, want %s", ja.FinalPosition, usi.FinalPosition)
	}
	for i, want := range []string{"１一飛不成", "４三・５四獅", "同　竪不成"} {
		if got := usi.Plies[i].Notations.Japanese; got != want {
			t.Errorf("ply %d: Japanese %q, want %q", i+1, got, want)
		}
		if ja.Plies[i].Move != usi.Plies[i].Move {
			t.Errorf("ply %d: %s, want %s", i+1, ja.Plies[i].Move, usi.Plies[i].Move)
		}
	}
	// An illegal move in Japanese names its reason code as in USI.
	_, err = arbiter.Adjudicate(context.Background(), rs, arbiter.Start{}, []string{"７九獅"})
	var me *arbiter.MoveError
	if !errors.As(err, &me) || me.Code != "own_piece_on_target" {
		t.Errorf("７九獅 from the start: %v, want own_piece_on_target", err)
	}
}
