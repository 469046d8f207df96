package picture_test

import (
	"bytes"
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/picture"
	"github.com/arbiter-xq/arbiter/rules/banqi"
)

// A banqi ruling draws the cycle's board with the attacked chariot and the advisor,
// and a position with face-down pieces draws their backs. The rings are where the
// pieces stand in the drawn position (the chariot on a2 attacked by every Red move,
// the advisor on a1), never on the squares the cycle passes through; the move lines
// name the pieces in words.
func TestBanqiRuling(t *testing.T) {
	g, err := banqi.New("banqi-tw")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		pos, moves string
		want, not  []string
	}{
		{"4/4/4/4/4/4/r3/G3 b - 0", "a2-b2 a1-a2 b2-b1 a2-b2 b1-a1 b2-b1 a1-a2 b1-a1",
			[]string{"Red must change", "車", "仕", "攻1…,2…,3…,4…", "perpetual attack",
				`class="ring" data-at="a2" `, `class="ring" data-at="a1" `, "attack on black chariot b2 by red"},
			[]string{`data-at="b1"`, `data-at="b2"`}},
		{"", "c6=G c5=p c6xc5 b5=k c5-c6 b5-c5 d6=c c5xc6", []string{"將", "砲", "c5xc6", "face-down piece"}, nil},
	} {
		r, err := arbiter.Adjudicate(context.Background(), g, arbiter.Start{Position: tc.pos}, strings.Fields(tc.moves))
		if err != nil {
			t.Fatal(err)
		}
		if !picture.HasGame(r.Ruleset.Game) {
			t.Fatal("no banqi pictures")
		}
		var buf bytes.Buffer
		if err := picture.GameRuling(&buf, r); err != nil {
			t.Fatal(err)
		}
		for _, w := range tc.want {
			if !strings.Contains(buf.String(), w) {
				t.Errorf("%q: the picture lacks %q", tc.moves, w)
			}
		}
		for _, w := range tc.not {
			if strings.Contains(buf.String(), w) {
				t.Errorf("%q: the picture has %q", tc.moves, w)
			}
		}
		if tc.not != nil && !regexp.MustCompile(`class="ring" data-at="a1" [^>]*stroke-dasharray`).MatchString(buf.String()) {
			t.Errorf("%q: the advisor's ring on a1 is not dashed", tc.moves)
		}
	}
}
