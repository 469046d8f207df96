package picture_test

import (
	"testing"

	"github.com/arbiter-xq/arbiter/chushogi"
	"github.com/arbiter-xq/arbiter/picture"
)

// Every chu piece, promoted or not, has its two kanji; squares map to Points from
// sente's side (file 12 is File 0, rank l is Rank 0).
func TestChuLabelsAndPoints(t *testing.T) {
	seen := map[string]bool{}
	for k := chushogi.King; k <= chushogi.GoBetween; k++ {
		for _, promoted := range []bool{false, true} {
			if promoted && !k.CanPromote() {
				continue
			}
			p := chushogi.NewPiece(chushogi.Sente, k, promoted)
			l := picture.ChuPieceLabel(p)
			if len([]rune(l)) != 2 {
				t.Errorf("%s: label %q", p.Name(), l)
			}
			if picture.ChuPieceLabel(chushogi.NewPiece(chushogi.Gote, k, promoted)) != l {
				t.Errorf("%s: the sides' labels differ", p.Name())
			}
			seen[l+p.String()[:1]] = true
		}
	}
	for sq, want := range map[string]picture.Point{"12l": {0, 0}, "1l": {11, 0}, "12a": {0, 11}, "7g": {5, 5}} {
		s, err := chushogi.ParseSquare(sq)
		if err != nil {
			t.Fatal(err)
		}
		if got := picture.ChuPoint(s); got != want {
			t.Errorf("ChuPoint(%s) = %v, want %v", sq, got, want)
		}
	}
}
