package picture_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/picture"
	"github.com/arbiter-xq/arbiter/rules/banqi"
)

// A banqi ruling draws the cycle's board with the attacked chariot and the advisor,
// and a position with face-down pieces draws their backs.
func TestBanqiRuling(t *testing.T) {
	g, err := banqi.New("banqi-tw")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		pos, moves string
		want       []string
	}{
		{"4/4/4/4/4/4/r3/G3 b - 0", "a2-b2 a1-a2 b2-b1 a2-b2 b1-a1 b2-b1 a1-a2 b1-a1",
			[]string{"Red must change", "車", "仕", "攻4…", "perpetual attack"}},
		{"", "c6=G c5=p c6xc5 b5=k c5-c6 b5-c5 d6=c c5xc6", []string{"將", "砲", "c5xc6", "face-down piece"}},
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
	}
}
