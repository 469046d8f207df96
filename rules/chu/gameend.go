package chu

import (
	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/chushogi"
)

// royalLost returns the side that has no royal piece left (§7.1), sente first. A game
// starts with at least one royal piece on the board (checkStartRoyals), so a side
// without one has either lost them all or started without any; either way it has lost.
func royalLost(p *chushogi.Position) (chushogi.Color, bool) {
	for _, c := range []chushogi.Color{chushogi.Sente, chushogi.Gote} {
		if p.Royals(c) == 0 {
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

// bareCount is one side's tally for the bare-king test: its pieces that are not dead
// on the last rank (condition 1), the pieces that count for baring (condition 3: no
// pawns or go-betweens anywhere, no dead lances), and its royal pieces.
type bareCount struct {
	bared, baring, royals int
	royal                 chushogi.Square // one royal square
}

// countsForBaring reports whether pc on s counts on the baring side (§7.3 condition 3).
func countsForBaring(pc chushogi.Piece, s chushogi.Square) bool {
	if deadOnLastRank(pc, s) {
		return false
	}
	return pc.Promoted() || (pc.Kind() != chushogi.Pawn && pc.Kind() != chushogi.GoBetween)
}

// bareKing returns the side whose king is bared, and so loses (§7.3, lishogi's server
// rule): tested for sente first, then gote. One pass over the board counts both sides;
// the attack and adjacency conditions are looked at only when the counts allow a bare
// king.
func bareKing(p *chushogi.Position) (chushogi.Color, bool) {
	var n [2]bareCount
	for s := chushogi.Square(0); s < chushogi.NumSquares; s++ {
		pc := p.At(s)
		if pc == chushogi.NoPiece {
			continue
		}
		c := &n[pc.Color()]
		if pc.IsRoyal() {
			c.royals++
			c.royal = s
		}
		if !deadOnLastRank(pc, s) {
			c.bared++
		}
		if countsForBaring(pc, s) {
			c.baring++
		}
	}
	for _, x := range []chushogi.Color{chushogi.Sente, chushogi.Gote} {
		y := x.Other()
		if n[x].bared != 1 || n[x].royals != 1 || n[y].baring <= 1 || n[y].royals == 0 {
			continue
		}
		if bareKingHolds(p, x, n[x].royal, n[y].baring) {
			return x, true
		}
	}
	return 0, false
}

// bareKingHolds checks conditions 5 and 6 for x's lone royal on xr: no royal piece of
// the opponent y is attacked by x, and y has more than two counted pieces or none of
// them stands next to xr.
func bareKingHolds(p *chushogi.Position, x chushogi.Color, xr chushogi.Square, yBaring int) bool {
	y := x.Other()
	adjacent := false
	for s := chushogi.Square(0); s < chushogi.NumSquares; s++ {
		pc := p.At(s)
		if pc == chushogi.NoPiece || pc.Color() != y {
			continue
		}
		if pc.IsRoyal() && p.Attacks(x, s) {
			return false
		}
		if countsForBaring(pc, s) && chushogi.Distance(s, xr) == 1 {
			adjacent = true
		}
	}
	return yBaring > 2 || !adjacent
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
