package xiangqi

import (
	"strings"
	"testing"
)

func TestTextBoardFlippedChinese(t *testing.T) {
	p, err := ParseFEN("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if p.TextBoard(TextBoardOptions{}) != p.String() {
		t.Fatal("TextBoard without options differs from String")
	}
	flipped := p.TextBoard(TextBoardOptions{Flipped: true})
	lines := strings.Split(flipped, "\n")
	if lines[0] != "0  R N B A K A B N R" || lines[5] != "   ~~~~~~~~~~~~~~~~~" || lines[10] != "9  r n b a k a b n r" {
		t.Errorf("flipped board:\n%s", flipped)
	}
	if !strings.Contains(flipped, "   i h g f e d c b a\n") {
		t.Errorf("flipped files:\n%s", flipped)
	}
	q, err := ParseFEN("3k1ab2/4a4/4c4/4R3p/3PC4/4r4/8P/9/9/5K3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if got := q.TextBoard(TextBoardOptions{Flipped: true}); !strings.HasPrefix(got, "0  . . . K . . . . .\n") || !strings.Contains(got, "9  . . b a . k . . .\n") {
		t.Errorf("flipped board:\n%s", got)
	}
	zh := p.TextBoard(TextBoardOptions{Chinese: true})
	if !strings.HasPrefix(zh, "9  車 馬 象 士 將 士 象 馬 車\n") || !strings.Contains(zh, "0  俥 傌 相 仕 帥 仕 相 傌 俥\n") {
		t.Errorf("Chinese board:\n%s", zh)
	}
	if !strings.Contains(zh, "   a  b  c  d  e  f  g  h  i\n") {
		t.Errorf("Chinese files:\n%s", zh)
	}
}
