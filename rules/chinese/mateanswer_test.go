package chinese

import (
	"testing"

	"github.com/arbiter-xq/arbiter/xiangqi"
)

// TestMateAnswerOrientation: a 杀 question gets the same answer in every orientation of
// the position, whatever the game asked before, even when its node budget cuts the
// search short. In this constructed position the search for Red's mate, made as the
// board stands, runs out of its 20,000 nodes, while the mirrored position finds the mate
// in 14,843 and the colour-flipped one in 4 (the order the moves are tried in decides);
// an answer kept from one orientation must not override what another would find (found
// by an independent review of the cache of answers).
func TestMateAnswerOrientation(t *testing.T) {
	p, err := xiangqi.ParseFEN("2P1k1n2/5P3/4r3P/5NPP1/2r3R2/1C6c/1R6p/1c3n3/C7p/1p1K5 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	ask := func(o orientation, cache *plyCache) bool {
		c := &classifier{mates: getMateSearch(), cache: cache}
		defer c.release()
		return c.threatens(o.position(&p), o.color(xiangqi.Red))
	}
	want := ask(0, nil)
	for o := orientation(0); o <= orientMirror|orientFlip; o++ {
		if got := ask(o, nil); got != want {
			t.Errorf("orientation %d, fresh: %v, want %v", o, got, want)
		}
		// Asked first in another orientation, then in this one, on one game's cache.
		for first := orientation(0); first <= orientMirror|orientFlip; first++ {
			cache := &plyCache{}
			ask(first, cache)
			if got := ask(o, cache); got != want {
				t.Errorf("orientation %d after %d on the same game: %v, want %v", o, first, got, want)
			}
		}
	}
	t.Logf("Red threatens mate: %v", want)
}
