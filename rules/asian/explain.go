package asian

import (
	"fmt"
	"strings"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/xiangqi"
)

var chineseKind = [2][8]string{
	{"", "帅", "仕", "相", "马", "车", "炮", "兵"},
	{"", "将", "士", "象", "马", "车", "炮", "卒"},
}

// pieceName names a piece with its Chinese character: "red rook (车)".
func pieceName(pc xiangqi.Piece) string {
	if pc == xiangqi.NoPiece || pc.Kind() > xiangqi.Pawn {
		return pc.Name()
	}
	return pc.Name() + " (" + chineseKind[pc.Color()][pc.Kind()] + ")"
}

func attackersText(as []arbiter.Attacker) string {
	parts := make([]string, len(as))
	for i, a := range as {
		parts[i] = "the " + pieceName(a.Piece) + " on " + a.Square.String()
	}
	return strings.Join(parts, " and ")
}

// threatNote explains why a threat counts as a chase.
func threatNote(t *arbiter.Threat) string {
	why := "it has no root (无根)"
	switch {
	case t.Exception == excHorseCannonOnRook:
		why = "it is protected (有根), but a horse or cannon attacking a rook chases it all the same (AXF rules 15, 16)"
	case t.Root == arbiter.FalseRoot:
		why = "its only protectors cannot legally recapture (假根, false root)"
	}
	if len(t.Attackers) > 1 {
		return fmt.Sprintf("%s threaten to take the %s on %s: %s", attackersText(t.Attackers), pieceName(t.Victim), t.Target, why)
	}
	return fmt.Sprintf("%s threatens to take the %s on %s: %s", attackersText(t.Attackers), pieceName(t.Victim), t.Target, why)
}

// excludedNote explains why an attack is not a chase.
func excludedNote(at *attack, exc string) string {
	head := fmt.Sprintf("the %s on %s attacks the %s on %s, ", pieceName(at.attacker), at.from, pieceName(at.victim), at.to)
	switch exc {
	case excKing:
		return head + "but the king may chase (AXF rule 28)"
	case excPawn:
		return head + "but pawns may chase (AXF rule 29)"
	case excUncrossedPawn:
		return head + "but a pawn that has not crossed the river may be chased (AXF rule 25)"
	case excPinned:
		return head + "but it cannot legally capture: a pinned or confined piece does not chase (AXF rules 19, 27)"
	case excSameType:
		return head + "but the victim can capture back: a same-type attack is an exchange offer (AXF rule 24)"
	case excRooted:
		if at.root.screened {
			return head + fmt.Sprintf("but it is protected (有根) by the cannon on %s, whose screen is the attacker itself (AXF rule 17)", at.root.protector)
		}
		return head + fmt.Sprintf("but it is protected (有根) from %s (AXF rule 17)", at.root.protector)
	case excSeveral:
		return head + "but several pieces attacking one protected piece do not chase it (AXF rule 35)"
	case excExisting:
		return head + "but the piece was already threatened before this move: no new chase"
	}
	return head + "which is no chase"
}

// checkNote names the checking pieces.
func checkNote(p *xiangqi.Position, mover xiangqi.Color) string {
	var as []arbiter.Attacker
	for _, s := range p.Checkers(mover.Other()) {
		as = append(as, arbiter.Attacker{Square: s, Piece: p.At(s)})
	}
	return "check (将) by " + attackersText(as)
}

// plyNote sums a non-checking move up.
func plyNote(pn *arbiter.PlyNature, mover xiangqi.Color) string {
	switch pn.Nature {
	case arbiter.NatureChase:
		parts := make([]string, len(pn.Threats))
		for i := range pn.Threats {
			parts[i] = "the " + pieceName(pn.Threats[i].Victim) + " on " + pn.Threats[i].Target.String()
		}
		return "chase (捉) of " + strings.Join(parts, " and ")
	case arbiter.NatureMateThreat:
		return fmt.Sprintf("mate threat (杀): if the opponent passed, %s would mate by checks within %d moves", mover, killDepth)
	case arbiter.NatureExchange:
		return "exchange offer (兑)"
	case arbiter.NatureOffer:
		return "offer (献): the moved piece can be taken"
	case arbiter.NatureBlock:
		return "block (拦)"
	}
	return "idle (闲)"
}

// references lists the rule articles behind the ruling (numbers of the Eric Wu
// translation, diagrams of the WXF manual; spec §2).
func (c *cycle) references(sides *[2]sideReading, v arbiter.Verdict) []string {
	red, black := &sides[xiangqi.Red], &sides[xiangqi.Black]
	var refs []string
	add := func(r string) {
		for _, x := range refs {
			if x == r {
				return
			}
		}
		refs = append(refs, r)
	}
	switch {
	case red.perpetualCheck && black.perpetualCheck:
		add("AXF rule 7 (D4)")
		return refs
	case red.perpetualCheck || black.perpetualCheck:
		add("AXF rule 6 (D1–D3)")
		add("AXF 2003 general rule 1")
		chk := red
		if black.perpetualCheck {
			chk = black
		}
		other := &sides[chk.color.Other()]
		for _, n := range other.natures {
			if n == arbiter.NatureCheck {
				add("AXF rule 8 (D5)")
			}
		}
		if other.perpetualChase() {
			add("spec §3.3: perpetual check is the graver violation")
		}
		return refs
	case red.perpetualChase() && black.perpetualChase():
		add("AXF 2003 basic principle 2")
		c.chaseRefs(red, add)
		c.chaseRefs(black, add)
		return refs
	case red.perpetualChase():
		c.chaseRefs(red, add)
	case black.perpetualChase():
		c.chaseRefs(black, add)
	}
	if v == arbiter.VerdictDraw {
		c.drawRefs(red, add)
		c.drawRefs(black, add)
		add("AXF general rule 5")
	}
	// What the other side did is allowed: name the rules that allow it.
	if w, ok := v.Violator(); ok {
		c.drawRefs(&sides[w.Other()], add)
	}
	return refs
}

// chaseRefs adds the references for side s's perpetual chase of its first victim.
func (c *cycle) chaseRefs(s *sideReading, add func(string)) {
	add("AXF 2003 general rule 3")
	if len(s.chased) == 0 {
		return
	}
	v := s.chased[0]
	var attackers []pieceID
	var vk xiangqi.Kind
	mount, falseRoot, exchange := false, false, false
	for _, i := range s.idx {
		pr := &c.plies[i]
		for k, w := range pr.victims {
			if w != v || k >= len(pr.nature.Threats) {
				continue
			}
			t := &pr.nature.Threats[k]
			vk = t.Victim.Kind()
			moved := false
			for _, a := range t.Attackers {
				id := pr.ids.ids[a.Square]
				if !containsID(attackers, id) {
					attackers = append(attackers, id)
				}
				if a.Square == c.moveOf(i).To() {
					moved = true
				}
				switch {
				case a.Piece.Kind() == xiangqi.Cannon && vk == xiangqi.Rook:
					add("AXF rule 15 (D18–D25)")
				case a.Piece.Kind() == xiangqi.Horse && vk == xiangqi.Rook:
					add("AXF rule 16 (D26–D28)")
				case a.Piece.Kind() == xiangqi.Rook && vk == xiangqi.Cannon:
					add("AXF rule 18 (D32–D38)")
				case a.Piece.Kind() == xiangqi.Rook && vk == xiangqi.Horse:
					add("AXF rule 23 (D49–D50)")
				case a.Piece.Kind() == vk:
					add("AXF rule 24 (D53–D55)")
				}
			}
			if !moved && len(t.Attackers) == 1 && t.Attackers[0].Piece.Kind() == xiangqi.Cannon {
				mount = true // the cannon stood still: its mount moved
			}
			if t.Root == arbiter.FalseRoot {
				falseRoot = true
			}
		}
		for _, n := range pr.nature.All {
			if n == arbiter.NatureExchange {
				exchange = true
			}
		}
	}
	if mount {
		if vk == xiangqi.Rook {
			add("AXF rule 26 (D61–D62)")
		} else {
			add("AXF rule 25 (D56–D59)")
		}
	}
	if falseRoot {
		add("AXF 2003 general rule 6 (假根, false root; D83–D85)")
	}
	if len(attackers) > 1 {
		add("AXF rule 33 (D81–D82)")
	}
	if exchange {
		add("AXF rule 36 (D90–D93)")
	}
}

// drawRefs adds the references for what side s did without violating.
func (c *cycle) drawRefs(s *sideReading, add func(string)) {
	if len(s.idx) == 0 || s.forbidden() {
		return
	}
	var checks, kills, chases, other int
	for _, n := range s.natures {
		switch n {
		case arbiter.NatureCheck:
			checks++
		case arbiter.NatureMateThreat:
			kills++
		case arbiter.NatureChase:
			chases++
		default:
			other++
		}
	}
	switch {
	case checks > 0 && kills > 0:
		add("AXF rule 11 (D11–D12)")
	case checks > 0 && chases > 0:
		add("AXF rule 12 (D13)")
	case checks > 0:
		add("AXF rule 13 (D14–D16)")
	case kills == len(s.natures):
		add("AXF rule 9 (D6–D9)")
	case chases > 0 && chases+kills == len(s.natures):
		add("AXF rule 32 (D76–D80)")
	}
	// An exception that excused an attack on every move of the side.
	for _, exc := range []string{excKing, excPawn, excUncrossedPawn, excPinned, excSameType, excRooted, excSeveral} {
		every := true
		for _, i := range s.idx {
			if !hasException(c.plies[i].nature.Excluded, exc) {
				every = false
				break
			}
		}
		if every {
			add(exceptionRef[exc])
		}
	}
}

func hasException(ts []arbiter.Threat, exc string) bool {
	for i := range ts {
		if ts[i].Exception == exc {
			return true
		}
	}
	return false
}

var exceptionRef = map[string]string{
	excKing:          "AXF rule 28 (D67–D68)",
	excPawn:          "AXF rule 29 (D69–D70)",
	excUncrossedPawn: "AXF rule 25 (D60)",
	excPinned:        "AXF rules 19, 27 (D39–D41, D63)",
	excSameType:      "AXF rule 24 (D51–D52)",
	excRooted:        "AXF rule 17 (D29–D31)",
	excSeveral:       "AXF rule 35 (D86–D89)",
}

func containsID(ids []pieceID, id pieceID) bool {
	for _, x := range ids {
		if x == id {
			return true
		}
	}
	return false
}

// moveOf returns the move of the i-th ply of the cycle.
func (c *cycle) moveOf(i int) xiangqi.Move { return c.moves[i] }

// explain writes the ruling in plain words, English with the rulebook's Chinese terms.
func (c *cycle) explain(sides *[2]sideReading, v arbiter.Verdict) string {
	var b strings.Builder
	if c.from < c.start {
		fmt.Fprintf(&b, "The position first occurred after ply %d; the repetition is judged over every move since then. ", c.from)
	}
	for col := xiangqi.Red; col <= xiangqi.Black; col++ {
		s := &sides[col]
		if len(s.idx) == 0 {
			continue
		}
		zh := arbiter.PatternChinese(s.natures)
		if zh == "长捉" && !s.perpetualChase() {
			zh = "捉不同子" // every move chases, but not one piece (AXF rule 32)
		}
		fmt.Fprintf(&b, "%s (%s): %s (%s)", col, c.movesText(s), s.pattern(), zh)
		switch {
		case s.perpetualCheck:
			b.WriteString(", checking on every move (长将)")
		case s.perpetualChase():
			b.WriteString(", chasing ")
			c.victimText(&b, s)
			b.WriteString(" on every move (长捉)")
		}
		b.WriteString(". ")
	}
	switch v {
	case arbiter.VerdictDraw:
		red, black := &sides[xiangqi.Red], &sides[xiangqi.Black]
		switch {
		case red.forbidden() && black.forbidden():
			b.WriteString("Both sides break the same rule, so neither must change: draw.")
		default:
			b.WriteString("Neither side violates the rules (perpetual mate threats, one check one chase, chases of protected pieces and chases by the king or pawns are allowed), so the repetition is a draw (不变作和).")
		}
	case arbiter.VerdictRedMustChange, arbiter.VerdictBlackMustChange:
		w, _ := v.Violator()
		s := &sides[w]
		if s.perpetualCheck {
			fmt.Fprintf(&b, "Perpetual check is forbidden under all circumstances: %s must change, and loses if it persists.", w)
		} else {
			fmt.Fprintf(&b, "Perpetually chasing one piece is forbidden: %s must change, and loses if it persists.", w)
		}
	}
	return b.String()
}

// movesText lists side s's moves in ICCS.
func (c *cycle) movesText(s *sideReading) string {
	parts := make([]string, len(s.idx))
	for k, i := range s.idx {
		parts[k] = c.moves[i].String()
	}
	return strings.Join(parts, " ")
}

// victimText names the pieces side s chases perpetually, with their squares along the
// cycle, the attackers and why they count.
func (c *cycle) victimText(b *strings.Builder, s *sideReading) {
	for n, v := range s.chased {
		if n > 0 {
			b.WriteString(" and ")
		}
		var squares, whys []string
		var victim xiangqi.Piece
		for _, i := range s.idx {
			pr := &c.plies[i]
			for k, w := range pr.victims {
				if w != v || k >= len(pr.nature.Threats) {
					continue
				}
				t := &pr.nature.Threats[k]
				victim = t.Victim
				squares = append(squares, t.Target.String())
				why := attackersText(t.Attackers)
				switch {
				case t.Exception == excHorseCannonOnRook:
					why += ", on a protected rook (有根, but a horse or cannon on a rook is always a chase)"
				case t.Root == arbiter.FalseRoot:
					why += ", protected by a false root only (假根)"
				default:
					why += ", no root (无根)"
				}
				whys = append(whys, why)
			}
		}
		fmt.Fprintf(b, "the %s (on %s) with %s", pieceName(victim), strings.Join(squares, ", "), strings.Join(whys, "; then "))
	}
}
