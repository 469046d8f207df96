package banqi

import "fmt"

// Value returns the rank value of kind k under the options (7 = highest on the xiangqi
// board, 8 on the animal board; §3.2, §4.3). Under cannon_rank_slot=lowest the cannon
// ranks 0, below the soldier.
func (o *Options) Value(k Kind) int {
	if k == Cannon && o.CannonRankSlot == SlotLowest {
		return 0
	}
	switch o.RankOrder {
	case RankTW:
		// §3.2 TW: general 7, advisor 6, elephant 5, chariot 4, horse 3, cannon 2, soldier 1.
		return [...]int{General: 7, Advisor: 6, Elephant: 5, Chariot: 4, Horse: 3, Cannon: 2, Soldier: 1}[k&7]
	case RankHK:
		// §3.2 HK: general 7, chariot 6, horse 5, cannon 4, advisor 3, elephant 2, soldier 1.
		return [...]int{General: 7, Chariot: 6, Horse: 5, Cannon: 4, Advisor: 3, Elephant: 2, Soldier: 1}[k&7]
	case RankJungle:
		// §4.3 jungle: elephant 8 > lion > tiger > leopard > wolf > dog > cat > rat 1.
		if k >= AnimalElephant && k <= Rat {
			return int(Rat-k) + 1
		}
	case RankNameOrder:
		// §4.3 name_order (unsourced): elephant > tiger > lion > leopard > dog > wolf > cat > rat.
		switch k {
		case AnimalElephant:
			return 8
		case Tiger:
			return 7
		case Lion:
			return 6
		case Leopard:
			return 5
		case Dog:
			return 4
		case Wolf:
			return 3
		case Cat:
			return 2
		case Rat:
			return 1
		}
	}
	return 0
}

// Rule names the clause that forbids a ply, as a stable reason code (the `rule` of the
// API's error metadata); MoveError carries it so that callers can tell the reasons
// apart without parsing text.
type Rule string

// Rules a ply can break.
const (
	RuleSyntax          Rule = "malformed_move"           // the text is not a ply (§2.4)
	RuleSquare          Rule = "off_board"                // a square off the board
	RuleGameOver        Rule = "game_over"                // the game has ended
	RuleFlipFaceUp      Rule = "flip_not_face_down"       // flip of a face-up or empty square
	RuleFlipIdentity    Rule = "identity_missing"         // flip or hidden capture without the revealed piece
	RuleNotInPool       Rule = "not_in_pool"              // revealed piece the pool no longer holds
	RuleDealMismatch    Rule = "deal_mismatch"            // stated identity disagrees with the deal
	RuleBeforeFirstFlip Rule = "before_first_flip"        // a move or capture before the first flip
	RuleNoPiece         Rule = "no_piece"                 // nothing on the from square
	RuleFaceDownPiece   Rule = "face_down_piece"          // moving a face-down piece
	RuleNotOwnPiece     Rule = "not_own_piece"            // moving the opponent's piece
	RuleGeometry        Rule = "not_one_step"             // not one step along a rank or file (nor a cannon jump)
	RuleNothingToTake   Rule = "nothing_to_take"          // a capture onto an empty square
	RuleOwnPiece        Rule = "own_piece"                // a capture of one's own piece
	RuleRank            Rule = "rank_forbids"             // the rank order forbids the capture (§3.2, §3.3)
	RuleGeneralSoldier  Rule = "general_takes_soldier"    // a general never takes a soldier (§3.3)
	RuleCannonStep      Rule = "cannon_must_jump"         // a jumping cannon does not capture by stepping (§3.4)
	RuleCannonScreen    Rule = "cannon_screen"            // not exactly one screen (§3.4)
	RuleCannonRange     Rule = "cannon_range"             // cannon_jump_range=two (§3.4)
	RuleCannonNoJump    Rule = "cannon_cannot_jump"       // cannon_capture=step: no jump (§3.4)
	RuleHiddenCapture   Rule = "hidden_capture_forbidden" // face-down target not allowed (§4.1)
	RuleChain           Rule = "chain_forbidden"          // chained capture not allowed (§4.2)
	RulePolicy          Rule = "forbidden"                // forbidden by the repetition or long-chase policy (§6)
)

// CanStepCapture reports whether attacker a may take victim v on an adjacent square by
// stepping (§3.3, with the cannon rules of §3.4 and the rat/elephant option of §4.3).
// When it may not, it returns the rule and a reason that names both ranks.
func (o *Options) CanStepCapture(a, v Kind) (bool, Rule, string) {
	if o.canStep(a, v) {
		return true, "", ""
	}
	if a == Cannon {
		switch o.CannonCapture {
		case CannonJump:
			return false, RuleCannonStep, "a cannon captures only by jumping over exactly one screen, never an adjacent piece (cannon_capture=jump, §3.4)"
		case CannonSuper:
			return false, RuleCannonStep, "a super cannon captures only by jumping over one or more screens, never an adjacent piece (cannon_capture=super, §3.4)"
		case CannonJumpAndDirect:
			// §3.4 jump_and_direct: adjacent soldiers and cannons only.
			if v == Soldier || v == Cannon {
				return true, "", ""
			}
			return false, RuleRank, fmt.Sprintf("a cannon takes only an adjacent soldier or cannon directly, not a %s (cannon_capture=jump_and_direct, §3.4)", v)
		}
	}
	switch {
	case a == General && v == Soldier:
		return false, RuleGeneralSoldier, "a general never takes a soldier (§3.3)"
	case a == Soldier && v == General:
		return true, "", "" // §3.3: a soldier always takes a general
	case a == Rat && v == AnimalElephant && o.RatElephant != RatNone:
		return true, "", "" // §4.3 rat_only, mutual
	case a == AnimalElephant && v == Rat && o.RatElephant == RatOnly:
		return false, RuleRank, "an elephant never takes a rat (rat_elephant=rat_only, §4.3)"
	case a == AnimalElephant && v == Rat && o.RatElephant == RatMutual:
		return true, "", ""
	}
	av, vv := o.Value(a), o.Value(v)
	if av >= vv {
		return true, "", ""
	}
	ord, _ := o.Get("rank_order")
	reason := fmt.Sprintf("%s (rank %d) cannot take %s (rank %d) under rank_order=%s (§3.2)", a.withArticle(), av, v.withArticle(), vv, ord)
	if v == Cannon && a == Soldier && o.RankOrder == RankTW {
		reason = fmt.Sprintf("a soldier cannot take a cannon: the cannon ranks above the soldier (cannon_rank_slot=above_soldier, rank_order=%s, §3.2)", ord)
	}
	return false, RuleRank, reason
}

// canStep is CanStepCapture without the reasons, for move generation.
func (o *Options) canStep(a, v Kind) bool {
	if a == Cannon {
		switch o.CannonCapture {
		case CannonJump, CannonSuper:
			return false
		case CannonJumpAndDirect:
			return v == Soldier || v == Cannon
		}
	}
	switch {
	case a == General && v == Soldier:
		return false
	case a == Soldier && v == General:
		return true
	case a == Rat && v == AnimalElephant && o.RatElephant != RatNone:
		return true
	case a == AnimalElephant && v == Rat && o.RatElephant != RatNone:
		return o.RatElephant == RatMutual
	}
	return o.Value(a) >= o.Value(v)
}

// jumps reports whether a cannon captures by jumping under the options.
func (o *Options) jumps() bool {
	return o.Pieces == XiangqiPieces && o.CannonCapture != CannonStep
}
