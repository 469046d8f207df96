package chinese

import (
	"flag"
	"testing"

	"github.com/arbiter-xq/arbiter/xiangqi"
)

var lineFEN = flag.String("cxa.linefen", "", "FEN (side to move = chaser) whose check lines to print")

// TestDebugLines prints, for each checking move of the chaser, the worst reply and the
// net gain (a debugging aid).
func TestDebugLines(t *testing.T) {
	if *lineFEN == "" {
		t.Skip("set -cxa.linefen")
	}
	p, err := xiangqi.ParseFEN(*lineFEN)
	if err != nil {
		t.Fatal(err)
	}
	a := &analyst{chaser: p.SideToMove(), mates: newMateSearch()}
	for _, k := range p.LegalMoves() {
		if !a.givesCheck(&p, k) {
			continue
		}
		c1 := p.MakeMove(k)
		for _, r := range p.LegalMoves() {
			c2 := p.MakeMove(r)
			g, v := a.bestWin(&p, checkLineDepth-1, false)
			t.Logf("%v %v: took %v lost %v then best %d victims %v", k, r, c1, c2, g, v.sq[:v.n])
			p.UnmakeMove(r, c2)
		}
		p.UnmakeMove(k, c1)
	}
	ws := a.scan(p, false, xiangqi.NoSquare)
	for _, w := range ws.list {
		t.Logf("win %v %v gain %d first %v viaCheck %v", w.piece.Name(), w.victim, w.gain, w.first, w.viaCheck)
	}
}
