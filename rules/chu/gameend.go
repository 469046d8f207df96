package chu

import (
	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/chushogi"
)

// royalLost returns the side that has lost all its royal pieces (§7.1): a side that
// started with a king or crown prince and has none left. A side that started without
// one (an analysis position) never loses this way.
func royalLost(p *chushogi.Position, hadRoyal [2]bool) (chushogi.Color, bool) {
	for _, c := range []chushogi.Color{chushogi.Sente, chushogi.Gote} {
		if hadRoyal[c] && p.Royals(c) == 0 {
			return c, true
		}
	}
	return 0, false
}

// deadOnLastRank reports whether pc on s is an unpromoted pawn or lance standing on its
// owner's last rank (rank a for sente, l for gote): it can never move again, and the
// bare-king and king-against-king counts leave it out (§7.3, §7.4).
func deadOnLastRank(pc chushogi.Piece, s chushogi.Square) bool {
	if pc.Promoted() || (pc.Kind() != chushogi.Pawn && pc.Kind() != chushogi.Lance) {
		return false
	}
	if pc.Color() == chushogi.Sente {
		return s.Rank() == 0
	}
	return s.Rank() == chushogi.Ranks-1
}

// barePieces counts c's pieces for the bared side (condition 1) and for the baring side
// (condition 3: no pawns or go-betweens anywhere, no lances on the last rank), and
// lists c's royal squares and the squares of its counted baring pieces.
func barePieces(p *chushogi.Position, c chushogi.Color) (bared, baring int, royals, counted []chushogi.Square) {
	for s := chushogi.Square(0); s < chushogi.NumSquares; s++ {
		pc := p.At(s)
		if pc == chushogi.NoPiece || pc.Color() != c {
			continue
		}
		if pc.IsRoyal() {
			royals = append(royals, s)
		}
		dead := deadOnLastRank(pc, s)
		if !dead {
			bared++
		}
		if !dead && !(!pc.Promoted() && (pc.Kind() == chushogi.Pawn || pc.Kind() == chushogi.GoBetween)) {
			baring++
			counted = append(counted, s)
		}
	}
	return
}

// bareKing returns the side whose king is bared, and so loses (§7.3, lishogi's server
// rule): tested for sente first, then gote.
func bareKing(p *chushogi.Position) (chushogi.Color, bool) {
	for _, x := range []chushogi.Color{chushogi.Sente, chushogi.Gote} {
		y := x.Other()
		xBared, _, xRoyals, _ := barePieces(p, x)
		_, yBaring, yRoyals, yCounted := barePieces(p, y)
		if xBared != 1 || len(xRoyals) != 1 || yBaring <= 1 || len(yRoyals) == 0 {
			continue
		}
		attacked := false
		for _, s := range yRoyals {
			if p.Attacks(x, s) {
				attacked = true
			}
		}
		if attacked {
			continue
		}
		adjacent := false
		for _, s := range yCounted {
			if chushogi.Distance(s, xRoyals[0]) == 1 {
				adjacent = true
			}
		}
		if yBaring > 2 || !adjacent {
			return x, true
		}
	}
	return 0, false
}

// kingAgainstKing reports the draw of §7.4: two pieces on the board (pawns and lances on
// their own last rank not counted), one royal each, neither attacked.
func kingAgainstKing(p *chushogi.Position) bool {
	n := 0
	var royals [2][]chushogi.Square
	for s := chushogi.Square(0); s < chushogi.NumSquares; s++ {
		pc := p.At(s)
		if pc == chushogi.NoPiece || deadOnLastRank(pc, s) {
			continue
		}
		n++
		if pc.IsRoyal() {
			royals[pc.Color()] = append(royals[pc.Color()], s)
		}
	}
	if n != 2 || len(royals[0]) != 1 || len(royals[1]) != 1 {
		return false
	}
	return !p.Attacks(chushogi.Gote, royals[0][0]) && !p.Attacks(chushogi.Sente, royals[1][0])
}

// result of a win by c.
func wins(c chushogi.Color) arbiter.Result { return arbiter.WinsSide(side(c)) }
