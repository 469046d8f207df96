package chu

import (
	"strings"
	"testing"

	"github.com/arbiter-xq/arbiter/arbiter"
)

// The CLI's chu shogi board: files 12-1 across, ranks a-l down with their kanji, SFEN
// letters, the side to move.
func TestTextBoard(t *testing.T) {
	rs, err := New("chu-jcsa2004")
	if err != nil {
		t.Fatal(err)
	}
	tb, ok := any(rs).(arbiter.TextBoarder)
	if !ok {
		t.Fatal("chu shogi rulesets draw no text board")
	}
	got, err := tb.TextBoard("6k5/3gg7/11g/12/12/3R8/12/12/12/12/12/+RK10 w - 1")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(got, "\n")
	for i, want := range map[int]string{
		0:  " 12 11 10  9  8  7  6  5  4  3  2  1",
		1:  "  .  .  .  .  .  .  k  .  .  .  .  .  a 一",
		6:  "  .  .  .  R  .  .  .  .  .  .  .  .  f 六",
		12: " +R  K  .  .  .  .  .  .  .  .  .  .  l 十二",
		13: "Gote (後手) to move",
	} {
		if i >= len(lines) || lines[i] != want {
			t.Errorf("line %d: got\n%s\nwant %q", i, got, want)
		}
	}
}
