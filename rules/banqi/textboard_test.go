package banqi

import (
	"strings"
	"testing"

	"github.com/arbiter-xq/arbiter/arbiter"
)

// The CLI's banqi board is landscape as the picture is: ranks across, files a-d down,
// letters with characters, the side to move, the pool and the clock.
func TestTextBoard(t *testing.T) {
	g, err := New("banqi-tw")
	if err != nil {
		t.Fatal(err)
	}
	tb, ok := any(g).(arbiter.TextBoarder)
	if !ok {
		t.Fatal("banqi rulesets draw no text board")
	}
	got, err := tb.TextBoard("4/4/4/4/4/4/r3/G3 b - 8")
	if err != nil {
		t.Fatal(err)
	}
	want := "    1   2   3   4   5   6   7   8\n" +
		"a G仕 r車  .   .   .   .   .   .\n" +
		"b  .   .   .   .   .   .   .   .\n" +
		"c  .   .   .   .   .   .   .   .\n" +
		"d  .   .   .   .   .   .   .   .\n" +
		"Black to move; clock 8\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if got, _ := tb.TextBoard(""); !strings.Contains(got, "Nothing flipped yet") || strings.Count(got, " X") != 32 {
		t.Errorf("start board:\n%s", got)
	}
	if _, err := tb.TextBoard("4/4 r - 0"); err == nil {
		t.Error("a bad position string drew a board")
	}
}
