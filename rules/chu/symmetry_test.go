package chu

import (
	"strings"
	"testing"

	"github.com/arbiter-xq/arbiter/arbiter"
)

func TestTransformCase(t *testing.T) {
	r, err := New("chu-jcsa2004")
	if err != nil {
		t.Fatal(err)
	}
	var _ arbiter.CaseTransformer = r
	const q3 = "k6r3n/9n2/8S3/7N3R/12/12/12/7V4/12/12/12/K11 b 1a 7"
	for _, tc := range []struct {
		v, pos string
		moves  string
		swap   bool
	}{
		{VariantMirrored, "n3r6k/2n9/3S8/R3N7/12/12/12/4V7/12/12/12/11K b 12a 7", "12d12a 10b9c8d 8a8d 12k12l+ 7f7e= 13a1a", false},
		{VariantRotated, "11k/12/12/12/4v7/12/12/12/r3n7/3s8/2N9/N3R6K w 12l 7", "12i12l 10k9j8i 8l8i 12b12a+ 7g7h= 13a1a", true},
	} {
		pos, deal, ms, swap, err := r.TransformCase(tc.v, q3, "", strings.Fields("1d1a 3b4c5d 5a5d 1k1l+ 6f6e= 13a1a"))
		if err != nil {
			t.Fatal(err)
		}
		if pos != tc.pos || deal != "" || strings.Join(ms, " ") != tc.moves || swap != tc.swap {
			t.Errorf("%s: %q %q %v, want %q %q %v", tc.v, pos, strings.Join(ms, " "), swap, tc.pos, tc.moves, tc.swap)
		}
		// Twice is the identity.
		back, _, ms2, _, err := r.TransformCase(tc.v, pos, "", ms)
		if err != nil {
			t.Fatal(err)
		}
		if back != q3 || strings.Join(ms2, " ") != "1d1a 3b4c5d 5a5d 1k1l+ 6f6e= 13a1a" {
			t.Errorf("%s twice: %q %v", tc.v, back, ms2)
		}
	}
	if _, _, _, _, err := r.TransformCase("flipped", q3, "", nil); err == nil {
		t.Error("an unknown variant was accepted")
	}
	if _, _, _, _, err := r.TransformCase(VariantRotated, "12/12 b - 1", "", nil); err == nil {
		t.Error("a bad position was accepted")
	}
}

// Every game-end and repetition case of rules_test.go gives the same outcome mirrored,
// and the same with the sides swapped when the board is turned.
func TestGameCasesUnderSymmetry(t *testing.T) {
	swapOutcome := strings.NewReplacer("sente wins", "gote wins", "gote wins", "sente wins")
	for _, tc := range gameCases {
		for id, want := range tc.want {
			rs := ruleset(t, id).(*Ruleset)
			for _, v := range rs.CaseVariants() {
				pos, _, ms, swap, err := rs.TransformCase(v, tc.sfen, "", strings.Fields(tc.moves))
				if err != nil {
					t.Fatal(err)
				}
				w := want
				if swap {
					w = swapOutcome.Replace(w)
				}
				if got := outcome(t, id, pos, strings.Join(ms, " ")); got != w {
					t.Errorf("%s under %s, %s (%s %s): %s, want %s", tc.name, id, v, pos, ms, got, w)
				}
			}
		}
	}
}
