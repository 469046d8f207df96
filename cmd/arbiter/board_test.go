package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestBoardFlags: --perspective second turns the text board and the picture round
// (Black at the bottom), --board chinese writes the pieces as characters, in judge and
// casebook show.
func TestBoardFlags(t *testing.T) {
	const fen = "3k1ab2/4a4/4c4/4R3p/3PC4/4r4/8P/9/9/5K3 w - - 0 1"
	out, _, code := runCLI(t, "", "judge", "--fen", fen, "--moves", "e6d6 d9e9 d6e6 e9d9", "--perspective", "second", "--board", "chinese")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{"0  ＋ ＋ ＋ 帥 ＋ ＋ ＋ ＋ ＋\n", "9  ＋ ＋ 象 士 ＋ 將 ＋ ＋ ＋\n", "   i  h  g  f  e  d  c  b  a\n", "Red 帥仕相傌俥炮兵, Black 將士象馬車砲卒"} {
		if !strings.Contains(out, want) {
			t.Errorf("judge --perspective second --board chinese lacks %q:\n%s", want, out)
		}
	}
	out, _, code = runCLI(t, "", "casebook", "show", "cxa2020-图13", "--perspective", "black")
	if code != 0 {
		t.Fatalf("casebook show: exit %d", code)
	}
	if !strings.Contains(out, "0  . . . K . . . . .\n") || !strings.Contains(out, "   i h g f e d c b a\n") {
		t.Errorf("casebook show --perspective black:\n%s", out)
	}
	dir := t.TempDir()
	red, black := filepath.Join(dir, "red.svg"), filepath.Join(dir, "black.svg")
	for _, args := range [][]string{{"--svg", red}, {"--svg", black, "--perspective", "second"}} {
		if _, errOut, code := runCLI(t, "", append([]string{"judge", "--fen", fen, "--moves", "e6d6 d9e9 d6e6 e9d9"}, args...)...); code != 0 {
			t.Fatalf("judge %v: exit %d: %s", args, code, errOut)
		}
	}
	if wellFormedSVG(t, red) == wellFormedSVG(t, black) {
		t.Error("judge --svg --perspective second draws the same picture as Red's side")
	}
	for _, bad := range [][]string{{"--perspective", "north"}, {"--board", "emoji"}} {
		if _, errOut, code := runCLI(t, "", append([]string{"judge", "--moves", "h2e2"}, bad...)...); code != exitUsage || !strings.Contains(errOut, bad[0]) {
			t.Errorf("judge %v: exit %d, %q", bad, code, errOut)
		}
	}
}
