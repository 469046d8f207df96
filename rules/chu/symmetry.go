package chu

import (
	"fmt"
	"strings"

	"github.com/arbiter-xq/arbiter/chushogi"
)

// Case variants (arbiter.CaseTransformer): the casebook runs every chu case as given,
// mirrored and rotated, and expects the same ruling (the sides swapped for the rotated
// board). See chushogi/symmetry.go.
const (
	VariantMirrored = "mirrored" // files 1<->12, ranks kept, same sides
	VariantRotated  = "rotated"  // the board turned 180 degrees, sente<->gote
)

// CaseVariants names the symmetries of chu shogi.
func (r *Ruleset) CaseVariants() []string { return []string{VariantMirrored, VariantRotated} }

// TransformCase returns a case's position and moves under variant v. The rotated
// variant swaps the sides: sente's pieces become gote's, the other side moves first, and
// the expected verdict and result swap. A move text that is not chu USI is passed on
// unchanged (it stays unreadable); a suffix "=" is kept. Chu has no deal.
func (r *Ruleset) TransformCase(v, position, deal string, moves []string) (string, string, []string, bool, error) {
	var mv func(chushogi.Move) chushogi.Move
	var pos func(*chushogi.Position) chushogi.Position
	swap := false
	switch v {
	case VariantMirrored:
		mv, pos = chushogi.Move.Mirror, (*chushogi.Position).Mirror
	case VariantRotated:
		mv, pos, swap = chushogi.Move.Rotate, (*chushogi.Position).Rotate, true
	default:
		return "", "", nil, false, fmt.Errorf("no chu shogi case variant %q (known: %s)", v, strings.Join(r.CaseVariants(), ", "))
	}
	p, err := parsePosition(position)
	if err != nil {
		return "", "", nil, false, err
	}
	q := pos(&p)
	out := make([]string, len(moves))
	for i, text := range moves {
		m, err := chushogi.ParseUSI(text)
		if err != nil {
			out[i] = text
			continue
		}
		t := mv(m).String()
		if strings.HasSuffix(text, "=") {
			t += "="
		}
		out[i] = t
	}
	return q.SFEN(), deal, out, swap, nil
}
