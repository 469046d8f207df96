package chushogi

import "fmt"

// InZone reports whether s is in colour c's promotion zone: the four ranks farthest
// from c (ranks a-d for sente, i-l for gote; §4.1).
func InZone(c Color, s Square) bool {
	if c == Sente {
		return s.row() < 4
	}
	return s.row() >= Ranks-4
}

// lastRank reports whether s is on c's last rank (a for sente, l for gote).
func lastRank(c Color, s Square) bool {
	if c == Sente {
		return s.row() == 0
	}
	return s.row() == Ranks-1
}

// promotionBar returns "" when pc may promote on the single move from-to (capturing
// when captures is true) under the options, and otherwise why not (§4.2, §4.3).
func promotionBar(pc Piece, from, to Square, captures bool, o *Options) string {
	if pc.Promoted() {
		return "a promoted piece cannot promote again"
	}
	if !pc.Kind().CanPromote() {
		return "a " + pc.Name() + " never promotes"
	}
	c := pc.Color()
	inFrom, inTo := InZone(c, from), InZone(c, to)
	if !inFrom && inTo {
		return "" // entering the zone (P1 on a re-entry)
	}
	if o.Promotion == PromotionEntryOnly {
		return "only a move into the zone from outside may promote (entry_only)"
	}
	if captures && (inFrom || inTo) {
		return "" // the capture clause
	}
	if lastRank(c, to) {
		switch {
		case pc.Kind() == Pawn && o.PawnLastRank, pc.Kind() == Lance && o.LanceLastRank,
			pc.Kind() == GoBetween && o.GoBetweenLastRank:
			return "" // last-rank relief (P2, the online lance rule)
		}
	}
	switch {
	case !inFrom && !inTo:
		return "the piece did not enter the zone"
	case inFrom && !inTo:
		return "the piece leaves the zone without capturing"
	case lastRank(c, to):
		return "the piece was already in the zone, captures nothing, and this ruleset gives a " + pc.Name() + " no last-rank relief"
	}
	return "the piece was already in the zone and captures nothing"
}

// thirdRoyalBar returns why pc may not promote in p because the promotion would give its
// side a third royal piece, or "". A drunk elephant promotes to a crown prince, a royal
// piece. lishogi's SFEN validation allows at most two royal pieces a side (§2.3), a
// limit the standard set never reaches (one king, one drunk elephant); a set-up with
// extra elephants could pass it by promoting. arbiter refuses that promotion so that
// every position it reaches stays one it (and lishogi) can read back (docs/rules/chu-shogi.md
// §4.5).
func (p *Position) thirdRoyalBar(pc Piece) string {
	if pc.Kind() != DrunkElephant || pc.Promoted() {
		return ""
	}
	if n := p.Royals(pc.Color()); n >= maxRoyals {
		return fmt.Sprintf("a crown prince would be %s's third royal piece (at most %d: king, crown prince)", pc.Color(), maxRoyals)
	}
	return ""
}
