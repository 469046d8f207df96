package chushogi

import "fmt"

// IsLegal reports whether m is legal for the side to move under o.
func (p *Position) IsLegal(m Move, o *Options) bool { return p.WhyIllegal(m, o) == nil }

// WhyIllegal returns nil when m is legal for the side to move under o, and otherwise
// the reason (§10). It judges the move directly from the piece's pattern, without
// generating moves, so tests can cross-check it against AppendLegalMoves.
func (p *Position) WhyIllegal(m Move, o *Options) *IllegalMoveError {
	if !m.From.Valid() || !m.To.Valid() || (m.Mid != NoSquare && !m.Mid.Valid()) {
		return illegal(m, ReasonMalformed, "a square is off the board")
	}
	pc := p.board[m.From]
	switch {
	case pc == NoPiece:
		return illegal(m, ReasonNoPiece, "%s is empty", m.From)
	case pc.Color() != p.side:
		return illegal(m, ReasonNotYourPiece, "the %s on %s is %s's and %s is to move", pc.Name(), m.From, pc.Color(), p.side)
	}
	if m.IsTwoStep() {
		return p.whyTwoStepIllegal(m, pc, o)
	}
	if m.From == m.To {
		return illegal(m, ReasonCannotReach, "the start and the destination are the same square")
	}
	if !p.reach(pc, m.From, m.To, NoSquare, NoSquare) {
		return illegal(m, ReasonCannotReach, "%s", p.cannotReachDetail(pc, m.From, m.To))
	}
	victim := p.board[m.To]
	if victim != NoPiece && victim.Color() == p.side {
		return illegal(m, ReasonOwnPieceOnTarget, "%s holds our %s", m.To, victim.Name())
	}
	if m.Promote {
		if bar := promotionBar(pc, m.From, m.To, victim != NoPiece, o); bar != "" {
			return illegal(m, ReasonPromotionNotAllowed, "no promotion: %s", bar)
		}
		if bar := p.thirdRoyalBar(pc); bar != "" {
			return illegal(m, ReasonPromotionNotAllowed, "no promotion: %s", bar)
		}
	}
	if victim != NoPiece && victim.IsLion() {
		if err := p.lionBar(m, m.To, pc.IsLion(), o); err != nil {
			return err
		}
	}
	return nil
}

func (p *Position) cannotReachDetail(pc Piece, from, to Square) string {
	if pc.movement().lion {
		return fmt.Sprintf("a %s reaches at most two squares in one move", pc.Name())
	}
	d, _, ok := lineOf(pc.Color(), from, to)
	if !ok || pc.movement().dir[d] == modeNone {
		return fmt.Sprintf("a %s does not move that way", pc.Name())
	}
	if pc.movement().dir[d] == modeSlide {
		return fmt.Sprintf("the %s's path from %s to %s is blocked", pc.Name(), from, to)
	}
	return fmt.Sprintf("a %s does not move that far", pc.Name())
}

// whyTwoStepIllegal judges a two-step move (§6.2): a lion's first step to any adjacent
// square and second step to any square adjacent to it (the start included); a falcon's
// or eagle's first step along its lion-power line and second step back or on along it.
func (p *Position) whyTwoStepIllegal(m Move, pc Piece, o *Options) *IllegalMoveError {
	us := pc.Color()
	if m.Promote {
		return illegal(m, ReasonPromotionOnTwoStep, "")
	}
	if !pc.HasLionPower() {
		return illegal(m, ReasonNotTwoStepPiece, "a %s cannot make a two-step move", pc.Name())
	}
	if Distance(m.From, m.Mid) != 1 {
		return illegal(m, ReasonNotTwoStepPiece, "the first step must go to an adjacent square")
	}
	lion := pc.IsLion()
	var dir int
	if !lion {
		d, _, _ := lineOf(us, m.From, m.Mid)
		if pc.movement().dir[d] != modeLion {
			return illegal(m, ReasonNotTwoStepPiece, "a %s makes two-step moves only %s", pc.Name(), lionLineWords(pc))
		}
		dir = d
	}
	if p.own(m.Mid, us) {
		return illegal(m, ReasonOwnPieceOnTarget, "the first-step square %s holds our %s", m.Mid, p.board[m.Mid].Name())
	}
	if m.To == m.Mid {
		return illegal(m, ReasonBadSecondStep, "the second step must leave the first-step square")
	}
	if lion {
		if Distance(m.Mid, m.To) != 1 {
			return illegal(m, ReasonBadSecondStep, "the second step must be adjacent to the first")
		}
	} else if m.To != m.From && m.To != geo.jump[us][m.From][dir] {
		return illegal(m, ReasonBadSecondStep, "the second step must go back or on along the line")
	}
	if m.To != m.From && p.own(m.To, us) {
		return illegal(m, ReasonOwnPieceOnTarget, "%s holds our %s", m.To, p.board[m.To].Name())
	}
	v1 := p.board[m.Mid]
	if m.To == m.From && v1 == NoPiece && o.Jitto == JittoNever {
		return illegal(m, ReasonNoJitto, "")
	}
	if v1 != NoPiece && v1.IsLion() {
		if err := p.lionBar(m, m.Mid, lion, o); err != nil {
			return err
		}
	}
	if m.To != m.From {
		if v2 := p.board[m.To]; v2 != NoPiece && v2.IsLion() {
			if err := p.lionBar(m, m.To, lion, o); err != nil {
				return err
			}
		}
	}
	return nil
}

func lionLineWords(pc Piece) string {
	if pc.Promoted() && pc.Kind() == DragonHorse {
		return "straight forward"
	}
	return "along a forward diagonal"
}
