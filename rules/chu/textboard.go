package chu

import (
	"fmt"
	"strings"

	"github.com/arbiter-xq/arbiter/chushogi"
)

// TextBoard draws a chu shogi position (SFEN) for a terminal as shogi boards are
// drawn: sente at the bottom, files 12 to 1 across the top, ranks a to l (一 to 十二)
// down the right; each piece in its SFEN letters (upper case sente, lower case gote,
// + promoted), a dot for an empty square; then the side to move and the
// counter-strike marker when there is one (docs/rules/chu-shogi.md §5.2).
func (r *Ruleset) TextBoard(position string) (string, error) {
	p, err := parsePosition(position)
	if err != nil {
		return "", err
	}
	return chuTextBoard(&p), nil
}

var kanjiRanks = [chushogi.Ranks]string{"一", "二", "三", "四", "五", "六", "七", "八", "九", "十", "十一", "十二"}

func chuTextBoard(p *chushogi.Position) string {
	var b strings.Builder
	for f := chushogi.Files; f >= 1; f-- {
		fmt.Fprintf(&b, "%3d", f)
	}
	b.WriteByte('\n')
	for r := 0; r < chushogi.Ranks; r++ {
		for f := chushogi.Files; f >= 1; f-- {
			s, _ := chushogi.NewSquare(f, r)
			cell := "."
			if pc := p.At(s); pc != chushogi.NoPiece {
				cell = pc.String()
			}
			fmt.Fprintf(&b, "%3s", cell)
		}
		fmt.Fprintf(&b, "  %c %s\n", 'a'+r, kanjiRanks[r])
	}
	side := "Sente (先手)"
	if p.SideToMove() == chushogi.Gote {
		side = "Gote (後手)"
	}
	fmt.Fprintf(&b, "%s to move", side)
	if m := p.Marker(); m != chushogi.NoSquare {
		fmt.Fprintf(&b, "; counter-strike marker on %s (a non-lion took a lion there, §5.2)", m)
	}
	b.WriteByte('\n')
	return b.String()
}
