package asian

import (
	"fmt"
	"strings"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/rules/xqrules"
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

func attackersText(as []xqrules.Attacker) string {
	parts := make([]string, len(as))
	for i, a := range as {
		parts[i] = "the " + pieceName(a.Piece) + " on " + a.Square.String()
	}
	return strings.Join(parts, " and ")
}

// threatNote explains why a threat counts as a chase.
func threatNote(t *xqrules.Threat) string {
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
	var as []xqrules.Attacker
	for _, s := range p.Checkers(mover.Other()) {
		as = append(as, xqrules.Attacker{Square: s, Piece: p.At(s)})
	}
	return "check (将) by " + attackersText(as)
}

// plyNote sums a non-checking move up.
func plyNote(pn *xqrules.PlyNature, mover xiangqi.Color) string {
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
	if w, ok := xqrules.Violator(v); ok {
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

func hasException(ts []xqrules.Threat, exc string) bool {
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

// explain writes the ruling in plain words, English with the rulebook's Chinese
// terms, for tournament arbiters: for each side what its moves were, which piece
// chased which and why the victim counts (or why the side's attacks are allowed),
// then the rule that decides.
func (c *cycle) explain(sides *[2]sideReading, v arbiter.Verdict) string {
	var b strings.Builder
	b.Grow(1536)
	if c.from < c.start {
		fmt.Fprintf(&b, "The position also occurred after ply %d, the previous turn of the repetition: a piece counts as chased perpetually only if the chasing moves of that turn chased it too (AXF rule 32). ", c.from)
	}
	for col := xiangqi.Red; col <= xiangqi.Black; col++ {
		if s := &sides[col]; len(s.idx) > 0 {
			c.sideText(&b, s)
		}
	}
	red, black := &sides[xiangqi.Red], &sides[xiangqi.Black]
	switch v {
	case arbiter.VerdictDraw:
		switch {
		case red.perpetualCheck && black.perpetualCheck:
			b.WriteString("Both sides check perpetually (resolving check and checking back, 解将还将): that is a draw (AXF rule 7).")
		case red.forbidden() && black.forbidden():
			b.WriteString("Both sides chase perpetually and so break the same rule: draw (AXF 2003 basic principle 2).")
		default:
			b.WriteString("Neither side checks perpetually or chases one piece perpetually, so neither must change: the repetition is a draw (不变作和, AXF general rule 5).")
		}
	case arbiter.VerdictRedMustChange, arbiter.VerdictBlackMustChange:
		w, _ := xqrules.Violator(v)
		s, o := &sides[w], &sides[w.Other()]
		switch {
		case s.perpetualCheck && o.perpetualChase():
			fmt.Fprintf(&b, "Perpetual check is forbidden under all circumstances (AXF rule 6) and is the graver offence than %s's perpetual chase: %s must change, and loses if it persists.", w.Other(), w)
		case s.perpetualCheck && countNature(o.natures, arbiter.NatureCheck) > 0:
			fmt.Fprintf(&b, "%s checks on every move and %s only on some (\"two checks, one check back\"): the perpetual checker must change (AXF rules 6, 8). %s must change, and loses if it persists.", w, w.Other(), w)
		case s.perpetualCheck:
			fmt.Fprintf(&b, "Perpetual check is forbidden under all circumstances (AXF rule 6): %s must change, and loses if it persists.", w)
		case countNature(o.natures, arbiter.NatureIdle) < len(o.natures):
			fmt.Fprintf(&b, "Perpetually chasing one piece is forbidden (AXF 2003 general rule 3), and %s's replies do not excuse it: %s must change, and loses if it persists.", w.Other(), w)
		default:
			fmt.Fprintf(&b, "Perpetually chasing one piece is forbidden (AXF 2003 general rule 3): %s must change, and loses if it persists.", w)
		}
	}
	return b.String()
}

func countNature(ns []arbiter.Nature, n arbiter.Nature) int {
	k := 0
	for _, x := range ns {
		if x == n {
			k++
		}
	}
	return k
}

// sideText writes one side's half of the cycle: its moves, its pattern and why the
// pattern is or is not forbidden.
func (c *cycle) sideText(b *strings.Builder, s *sideReading) {
	zh := arbiter.PatternChinese(s.natures)
	if zh == "长捉" && !s.perpetualChase() {
		zh = "捉不同子" // every move chases, but not one piece (AXF rule 32)
	}
	fmt.Fprintf(b, "%s played %s: %s (%s). ", s.color, c.movesText(s), s.pattern(), zh)
	switch {
	case s.perpetualCheck:
		b.WriteString("Every move gives check: ")
		for k, i := range s.idx {
			if k > 0 {
				b.WriteString("; ")
			}
			fmt.Fprintf(b, "%s checks with %s", c.moves[i], attackersText(c.plies[i].checkers))
		}
		b.WriteString(". ")
	case s.perpetualChase():
		for _, v := range s.chased {
			c.chaseText(b, s, v)
		}
	default:
		c.allowedText(b, s)
	}
}

// chaseText explains how side s chases the piece v on every move.
func (c *cycle) chaseText(b *strings.Builder, s *sideReading, v pieceID) {
	type step struct {
		move   xiangqi.Move
		threat *xqrules.Threat
	}
	var steps []step
	for _, i := range s.idx {
		pr := &c.plies[i]
		for k, w := range pr.victims {
			if w == v && k < len(pr.nature.Threats) {
				steps = append(steps, step{c.moves[i], &pr.nature.Threats[k]})
			}
		}
	}
	if len(steps) == 0 {
		return
	}
	victim := steps[0].threat.Victim
	fmt.Fprintf(b, "Every move threatens to win the same piece, the %s: ", pieceName(victim))
	// Why the victim counts, grouped by reason with the squares it applies on.
	const (
		whyHCRook = iota
		whyFalse
		whyNone
	)
	var whySquares [3][]string
	moved := false
	var rule string
	for k, st := range steps {
		if k > 0 {
			b.WriteString("; ")
		}
		t := st.threat
		verb := "attacks"
		if len(t.Attackers) > 1 {
			verb = "attack"
		}
		fmt.Fprintf(b, "after %s %s %s it on %s", st.move, attackersText(t.Attackers), verb, t.Target)
		if how := c.howText(st.move, t); how != "" {
			b.WriteString(" " + how)
		} else {
			moved = true
		}
		why := whyNone
		switch {
		case t.Exception == excHorseCannonOnRook:
			why = whyHCRook
		case t.Root == arbiter.FalseRoot:
			why = whyFalse
		}
		if sq := t.Target.String(); !containsString(whySquares[why], sq) {
			whySquares[why] = append(whySquares[why], sq)
		}
		if rule == "" {
			rule = pairRule(t)
		}
	}
	b.WriteString(". ")
	var reasons []string
	if sq := whySquares[whyHCRook]; len(sq) > 0 {
		reasons = append(reasons, fmt.Sprintf("on %s the rook is protected (有根), but a horse or cannon attacking a rook chases it whether or not it is protected (AXF rules 15, 16, 26)", joinAnd(sq)))
	}
	if sq := whySquares[whyFalse]; len(sq) > 0 {
		reasons = append(reasons, fmt.Sprintf("on %s its only protectors cannot legally recapture (假根, false root), so it counts as unprotected", joinAnd(sq)))
	}
	if sq := whySquares[whyNone]; len(sq) > 0 {
		reasons = append(reasons, fmt.Sprintf("on %s nothing can recapture (无根, unprotected)", joinAnd(sq)))
	}
	b.WriteString(upperFirst(strings.Join(reasons, "; ")))
	b.WriteString(". ")
	if rule != "" && len(whySquares[whyHCRook]) == 0 {
		b.WriteString(rule + " ")
	}
	if !moved && steps[0].threat.Attackers[0].Piece.Kind() == xiangqi.Cannon {
		if victim.Kind() == xiangqi.Rook {
			b.WriteString("A cannon chases a rook even when only its screen moves (AXF rule 26). ")
		} else {
			b.WriteString("A cannon chases an unprotected horse, advisor, elephant or crossed pawn even when only its screen moves (AXF rule 25). ")
		}
	}
	if c.severalAttackers(s, v) {
		b.WriteString("Different pieces take turns, but the test is on the victim: two or more pieces may not take turns chasing one piece (AXF rule 33). ")
	}
	if c.exchangeEveryChase(s) {
		b.WriteString("The chasing moves are also exchange offers, which does not excuse a chase (AXF rule 36). ")
	}
}

// howText says how move m made the threat t when no attacker moved: it set up a
// cannon's screen, opened a line, or cut the victim's protection (AXF rules 25, 26;
// the appendix diagram).
func (c *cycle) howText(m xiangqi.Move, t *xqrules.Threat) string {
	for _, a := range t.Attackers {
		if a.Square == m.To() {
			return ""
		}
	}
	a := t.Attackers[0]
	switch {
	case a.Piece.Kind() == xiangqi.Cannon && between(a.Square, t.Target, m.To()):
		return fmt.Sprintf("(the cannon stands still: the move puts its screen, 炮架, on %s)", m.To())
	case between(a.Square, t.Target, m.From()) && (a.Piece.Kind() != xiangqi.Cannon || !between(a.Square, t.Target, m.To())):
		if a.Piece.Kind() == xiangqi.Cannon {
			return fmt.Sprintf("(the cannon stands still: the move takes away the second piece between them, on %s, leaving it one screen)", m.From())
		}
		return fmt.Sprintf("(a discovered attack: the move opens the line at %s)", m.From())
	}
	return fmt.Sprintf("(the %s stands still: the move cuts the protection of the %s)", a.Piece.Kind(), t.Victim.Kind())
}

// severalAttackers reports whether more than one piece of side s takes part in
// chasing v over the cycle.
func (c *cycle) severalAttackers(s *sideReading, v pieceID) bool {
	var ids []pieceID
	for _, i := range s.idx {
		pr := &c.plies[i]
		for k, w := range pr.victims {
			if w != v || k >= len(pr.nature.Threats) {
				continue
			}
			for _, a := range pr.nature.Threats[k].Attackers {
				if id := pr.ids.ids[a.Square]; !containsID(ids, id) {
					ids = append(ids, id)
				}
			}
		}
	}
	return len(ids) > 1
}

// exchangeEveryChase reports whether some chasing move of s is also an exchange offer.
func (c *cycle) exchangeEveryChase(s *sideReading) bool {
	for _, i := range s.idx {
		for _, n := range c.plies[i].nature.All {
			if n == arbiter.NatureExchange {
				return true
			}
		}
	}
	return false
}

// allowedText explains why side s, which repeats without checking or chasing one piece
// on every move, is allowed: what each move did, and the rule that allows it.
func (c *cycle) allowedText(b *strings.Builder, s *sideReading) {
	parts := make([]string, len(s.idx))
	for k, i := range s.idx {
		parts[k] = c.moves[i].String() + " " + c.moveText(i)
	}
	b.WriteString("Its moves: " + strings.Join(parts, "; ") + ". ")
	checks := countNature(s.natures, arbiter.NatureCheck)
	chases := countNature(s.natures, arbiter.NatureChase)
	kills := countNature(s.natures, arbiter.NatureMateThreat)
	n := len(s.natures)
	switch {
	case checks > 0 && kills > 0 && checks+kills == n:
		b.WriteString("Checks mixed with mate threats are allowed (AXF rule 11). ")
	case checks > 0 && chases > 0:
		b.WriteString("Checks mixed with chases are allowed, even of an unprotected piece: the checks break the chase (AXF rule 12). ")
	case checks > 0:
		b.WriteString("A check that alternates with other moves is no perpetual check (AXF rule 13). ")
	case kills == n:
		b.WriteString("Perpetual mate threats (长杀) are allowed (AXF rule 9). ")
	case chases == n && c.from < c.start:
		b.WriteString("Every move chases, but no single piece is chased by every move of this and the previous turn of the repetition; pieces chasing different pieces in turn are allowed (AXF rule 32). ")
	case chases == n:
		b.WriteString("Every move chases, but no single piece is chased by every move; one piece chasing different pieces in turn is allowed (AXF rule 32). ")
	case chases > 0:
		b.WriteString("No piece is chased by every move, so this is no perpetual chase. ")
	}
	// Attacks that were excused on every move of the side.
	for _, exc := range []string{excKing, excPawn, excUncrossedPawn, excPinned, excSameType, excRooted, excSeveral} {
		every := true
		var notes []string
		for _, i := range s.idx {
			t := findException(c.plies[i].nature.Excluded, exc)
			if t == nil {
				every = false
				break
			}
			if !containsString(notes, t.Note) {
				notes = append(notes, t.Note)
			}
		}
		if every && len(notes) > 0 {
			b.WriteString("Attacks that do not count: " + strings.Join(notes, "; ") + ". ")
		}
	}
}

// moveText names what the i-th ply of the cycle did, for the allowed-side summary.
func (c *cycle) moveText(i int) string {
	pr := &c.plies[i]
	switch pr.nature.Nature {
	case arbiter.NatureCheck:
		return "checks (将) with " + attackersText(pr.checkers)
	case arbiter.NatureChase:
		parts := make([]string, len(pr.nature.Threats))
		for k := range pr.nature.Threats {
			t := &pr.nature.Threats[k]
			parts[k] = fmt.Sprintf("the %s on %s (by %s)", pieceName(t.Victim), t.Target, attackersText(t.Attackers))
		}
		return "chases (捉) " + strings.Join(parts, " and ")
	case arbiter.NatureMateThreat:
		return "threatens mate (杀)"
	case arbiter.NatureExchange:
		return "offers an exchange (兑)"
	case arbiter.NatureOffer:
		return "puts the moved piece en prise (献)"
	case arbiter.NatureBlock:
		return "blocks (拦)"
	}
	return "is idle (闲)"
}

func findException(ts []xqrules.Threat, exc string) *xqrules.Threat {
	for i := range ts {
		if ts[i].Exception == exc {
			return &ts[i]
		}
	}
	return nil
}

func upperFirst(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}

// movesText lists side s's moves in ICCS.
func (c *cycle) movesText(s *sideReading) string {
	parts := make([]string, len(s.idx))
	for k, i := range s.idx {
		parts[k] = c.moves[i].String()
	}
	return strings.Join(parts, " ")
}

// pairRule names the rule that forbids the attacker to chase the victim of t
// perpetually, when one rule is specific to the pair.
func pairRule(t *xqrules.Threat) string {
	ak, vk := t.Attackers[0].Piece.Kind(), t.Victim.Kind()
	for _, a := range t.Attackers[1:] {
		if a.Piece.Kind() != ak {
			return ""
		}
	}
	switch {
	case (ak == xiangqi.Horse || ak == xiangqi.Cannon) && vk == xiangqi.Rook:
		return "A horse or cannon may not perpetually chase a rook, protected or not (AXF rules 15, 16; 2003 general rule 6)."
	case ak == xiangqi.Rook && vk == xiangqi.Cannon:
		return "A rook may not perpetually chase an unprotected cannon (AXF rule 18)."
	case ak == xiangqi.Rook && vk == xiangqi.Horse:
		return "A rook may not perpetually chase an unprotected horse (AXF rule 23)."
	case ak == vk:
		return fmt.Sprintf("The %s cannot take its attacker back, so the attack is no exchange offer (AXF rule 24).", pieceName(t.Victim))
	}
	return ""
}

func containsString(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

// joinAnd joins "a", "a and b", "a, b and c".
func joinAnd(ss []string) string {
	if len(ss) <= 1 {
		return strings.Join(ss, "")
	}
	return strings.Join(ss[:len(ss)-1], ", ") + " and " + ss[len(ss)-1]
}
