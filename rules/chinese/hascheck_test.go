package chinese

import (
	"testing"

	"github.com/arbiter-xq/arbiter/casebook"
	"github.com/arbiter-xq/arbiter/xiangqi"
)

// TestHasCheckMatchesEveryMove compares hasCheck, which looks only at the pieces that
// could check, with playing every legal move: on positions where a far horse uncovers a
// rook or becomes a cannon's screen (the candidates once left such horses out, so the
// mate searches missed those checks), and on every position of every xiangqi case of the
// casebook, both sides to move.
func TestHasCheckMatchesEveryMove(t *testing.T) {
	for _, fen := range []string{
		"4k4/9/9/9/9/4N4/9/9/9/3KR4 w - - 0 1", // e4-f6 uncovers the rook on e0
		"4k4/9/9/9/9/3N5/9/9/9/3KC4 w - - 0 1", // d4-e2 becomes the screen of the cannon on e0
		"3k5/9/9/9/9/9/9/9/9/N1C1K4 w - - 0 1", // no horse move checks: the king is off their lines
	} {
		p, err := xiangqi.ParseFEN(fen)
		if err != nil {
			t.Fatalf("%s: %v", fen, err)
		}
		if got, want := hasCheck(&p), hasCheckByPlaying(&p); got != want {
			t.Errorf("%s: hasCheck = %v, playing every move says %v", fen, got, want)
		}
	}
	book, err := casebook.Load()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, c := range book.Cases() {
		start, moves, err := casebook.Replay(c)
		if err != nil {
			continue // another game's case
		}
		p := start
		for i := 0; i <= len(moves); i++ {
			for _, side := range []xiangqi.Color{xiangqi.Red, xiangqi.Black} {
				q := p
				q.SetSideToMove(side)
				if q.InCheck(side.Other()) {
					continue
				}
				n++
				if got, want := hasCheck(&q), hasCheckByPlaying(&q); got != want {
					t.Errorf("%s (%s to move): hasCheck = %v, playing every move says %v", c.GetId(), side, got, want)
				}
			}
			if i < len(moves) {
				p.MakeMove(moves[i])
			}
		}
	}
	t.Logf("%d positions", n)
}

func hasCheckByPlaying(p *xiangqi.Position) bool {
	att := p.SideToMove()
	def := att.Other()
	for _, m := range p.LegalMoves() {
		cap := p.MakeMove(m)
		ok := cap.Kind() != xiangqi.King && p.InCheck(def)
		p.UnmakeMove(m, cap)
		if ok {
			return true
		}
	}
	return false
}
