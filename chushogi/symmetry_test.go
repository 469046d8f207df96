package chushogi

import (
	"sort"
	"testing"
)

// FuzzSymmetry: for any position, mirroring or rotating twice gives it back, and the
// image has exactly the images of its legal moves, under each ruleset's move options
// (T-M2, the casebook's variants).
func FuzzSymmetry(f *testing.F) {
	for _, s := range specSFENs {
		f.Add(s)
	}
	f.Add("k6r3n/9n2/8S3/7N3R/12/12/12/7V4/12/12/12/K11 w 1a 2")
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseSFEN(s)
		if err != nil {
			return
		}
		for _, v := range []struct {
			name string
			pos  func(*Position) Position
			move func(Move) Move
		}{{"mirrored", (*Position).Mirror, Move.Mirror}, {"rotated", (*Position).Rotate, Move.Rotate}} {
			q := v.pos(&p)
			if back := v.pos(&q); back.SFEN() != p.SFEN() || back.Hash() != p.Hash() {
				t.Fatalf("%s twice: %q -> %q", v.name, p.SFEN(), back.SFEN())
			}
			for _, o := range []Options{DefaultOptions(), lishogiOptions(), hachuOptions()} {
				var want, got []string
				for _, m := range p.LegalMoves(&o) {
					want = append(want, v.move(m).String())
				}
				for _, m := range q.LegalMoves(&o) {
					got = append(got, m.String())
				}
				sort.Strings(want)
				sort.Strings(got)
				if len(want) != len(got) {
					t.Fatalf("%s %q: %d moves, image %q: %d", v.name, p.SFEN(), len(want), q.SFEN(), len(got))
				}
				for i := range want {
					if want[i] != got[i] {
						t.Fatalf("%s %q: image of a legal move %s, image position has %s", v.name, p.SFEN(), want[i], got[i])
					}
				}
			}
		}
	})
}
