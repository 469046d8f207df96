package site

import (
	"fmt"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/rules/xqrules"
	"github.com/arbiter-xq/arbiter/xiangqi"
)

// Fairy-Stockfish's xiangqi, as pychess.org and PlayStrategy play it (docs/rules/site-rules.md,
// "pychess"): its own approximation of the Asian chase (the AXF_CHASING rule of its
// position code), its n-fold adjudication and its 50-move rule with check counting.
// This is arbiter's own reading of that behaviour, checked against the npm package
// ffish (rules/site/ffish_test.go), not a copy of the engine's code.
//
// The board is read with sets of squares (xiangqi.SquareSet); "stm" is the side to
// move after the move read, the side whose pieces a chase threatens; "mover" the other.

type sqset = xiangqi.SquareSet

func one(s xiangqi.Square) sqset {
	var x sqset
	x.Add(s)
	return x
}

func union(a, b sqset) sqset { return sqset{a[0] | b[0], a[1] | b[1]} }
func inter(a, b sqset) sqset { return sqset{a[0] & b[0], a[1] & b[1]} }
func minus(a, b sqset) sqset { return sqset{a[0] &^ b[0], a[1] &^ b[1]} }
func xor(a, b sqset) sqset   { return sqset{a[0] ^ b[0], a[1] ^ b[1]} }
func count(a sqset) int      { return popcount64(a[0]) + popcount64(a[1]) }
func popcount64(x uint64) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}
func occupied(p *xiangqi.Position) sqset {
	return union(p.Pieces(xiangqi.Red), p.Pieces(xiangqi.Black))
}

// kindSet is the set of c's pieces of kind k in p.
func kindSet(p *xiangqi.Position, c xiangqi.Color, k xiangqi.Kind) sqset {
	var x sqset
	ps := p.Pieces(c)
	for _, s := range ps.Squares() {
		if p.At(s).Kind() == k {
			x.Add(s)
		}
	}
	return x
}

var orth = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
var diag = [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}

func at(f, r int) (xiangqi.Square, bool) {
	if f < 0 || f >= xiangqi.Files || r < 0 || r >= xiangqi.Ranks {
		return xiangqi.NoSquare, false
	}
	return xiangqi.SquareAt(f, r), true
}

// lineAttacks: a rook's attacks from s (the first piece each way, the empty squares
// before it), or a cannon's (the first piece beyond exactly one screen).
func lineAttacks(s xiangqi.Square, occ sqset, cannon bool) sqset {
	var x sqset
	for _, d := range orth {
		screens := 0
		for f, r := s.File()+d[0], s.Rank()+d[1]; ; f, r = f+d[0], r+d[1] {
			t, ok := at(f, r)
			if !ok {
				break
			}
			full := occ.Has(t)
			if !cannon {
				x.Add(t)
				if full {
					break
				}
				continue
			}
			if full {
				screens++
				if screens == 2 {
					x.Add(t)
					break
				}
			}
		}
	}
	return x
}

// horseAttacks: the horse on s, its legs read in occ.
func horseAttacks(s xiangqi.Square, occ sqset) sqset {
	var x sqset
	for _, d := range orth {
		leg, ok := at(s.File()+d[0], s.Rank()+d[1])
		if !ok || occ.Has(leg) {
			continue
		}
		for _, side := range [2]int{1, -1} {
			df, dr := 2*d[0]+side*d[1], 2*d[1]+side*d[0]
			if t, ok := at(s.File()+df, s.Rank()+dr); ok {
				x.Add(t)
			}
		}
	}
	return x
}

// horseLeg is the leg of a horse on h moving to t.
func horseLeg(h, t xiangqi.Square) xiangqi.Square {
	df, dr := t.File()-h.File(), t.Rank()-h.Rank()
	if df == 2 || df == -2 {
		return xiangqi.SquareAt(h.File()+df/2, h.Rank())
	}
	return xiangqi.SquareAt(h.File(), h.Rank()+dr/2)
}

func isHorseStep(h, t xiangqi.Square) bool {
	df, dr := abs(t.File()-h.File()), abs(t.Rank()-h.Rank())
	return (df == 1 && dr == 2) || (df == 2 && dr == 1)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// stepAttacks: one step along dirs; two (with the eye empty in occ) for an elephant.
func stepAttacks(s xiangqi.Square, dirs [4][2]int, twice bool, occ sqset) sqset {
	var x sqset
	for _, d := range dirs {
		t, ok := at(s.File()+d[0], s.Rank()+d[1])
		if !ok {
			continue
		}
		if !twice {
			x.Add(t)
			continue
		}
		if occ.Has(t) {
			continue
		}
		if t2, ok := at(s.File()+2*d[0], s.Rank()+2*d[1]); ok {
			x.Add(t2)
		}
	}
	return x
}

func pawnAttacks(c xiangqi.Color, s xiangqi.Square) sqset {
	var x sqset
	fw := 1
	if c == xiangqi.Black {
		fw = -1
	}
	if t, ok := at(s.File(), s.Rank()+fw); ok {
		x.Add(t)
	}
	if !s.OnOwnSide(c) {
		for _, df := range [2]int{1, -1} {
			if t, ok := at(s.File()+df, s.Rank()); ok {
				x.Add(t)
			}
		}
	}
	return x
}

// attacksBB is a piece's attacks by geometry alone (no region).
func attacksBB(c xiangqi.Color, k xiangqi.Kind, s xiangqi.Square, occ sqset) sqset {
	switch k {
	case xiangqi.Rook:
		return lineAttacks(s, occ, false)
	case xiangqi.Cannon:
		return lineAttacks(s, occ, true)
	case xiangqi.Horse:
		return horseAttacks(s, occ)
	case xiangqi.Elephant:
		return stepAttacks(s, diag, true, occ)
	case xiangqi.Advisor:
		return stepAttacks(s, diag, false, occ)
	case xiangqi.King:
		return stepAttacks(s, orth, false, occ)
	case xiangqi.Pawn:
		return pawnAttacks(c, s)
	}
	return sqset{}
}

// inRegion reports whether a piece of c and kind k may stand on s.
func inRegion(c xiangqi.Color, k xiangqi.Kind, s xiangqi.Square) bool {
	switch k {
	case xiangqi.King, xiangqi.Advisor:
		return s.InPalace(c)
	case xiangqi.Elephant:
		return s.OnOwnSide(c)
	}
	return true
}

// attacksFrom is attacksBB limited to the piece's region.
func attacksFrom(c xiangqi.Color, k xiangqi.Kind, s xiangqi.Square, occ sqset) sqset {
	x := attacksBB(c, k, s, occ)
	if k == xiangqi.King || k == xiangqi.Advisor || k == xiangqi.Elephant {
		for _, t := range x.Squares() {
			if !inRegion(c, k, t) {
				x.Remove(t)
			}
		}
	}
	return x
}

// attackersTo is the set of c's pieces (as they stand in p) attacking s with occupancy occ.
func attackersTo(p *xiangqi.Position, s xiangqi.Square, occ sqset, c xiangqi.Color) sqset {
	var x sqset
	ps := p.Pieces(c)
	for _, a := range ps.Squares() {
		k := p.At(a).Kind()
		if !inRegion(c, k, s) {
			continue
		}
		if attacksBB(c, k, a, occ).Has(s) {
			x.Add(a)
		}
	}
	return x
}

// between is the squares strictly between two squares of one line (empty otherwise).
func between(a, b xiangqi.Square) sqset {
	var x sqset
	df, dr := sign(b.File()-a.File()), sign(b.Rank()-a.Rank())
	if (df != 0 && dr != 0) || a == b {
		return x
	}
	for f, r := a.File()+df, a.Rank()+dr; f != b.File() || r != b.Rank(); f, r = f+df, r+dr {
		x.Add(xiangqi.SquareAt(f, r))
	}
	return x
}

// line is the whole rank or file through a and b, when they share one.
func line(a, b xiangqi.Square) sqset {
	switch {
	case a.File() == b.File():
		return xiangqi.FileSquares(a.File())
	case a.Rank() == b.Rank():
		return xiangqi.RankSquares(a.Rank())
	}
	return sqset{}
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// blockersForKing is the set of pieces (of either side) that alone stand between c's
// king and an enemy rook or horse, or are one of the two pieces between it and an enemy
// cannon: the pieces whose move would let an attack on the king through.
func blockersForKing(p *xiangqi.Position, c xiangqi.Color) sqset {
	var out sqset
	k := p.KingSquare(c)
	if !k.Valid() {
		return out
	}
	occ := occupied(p)
	type sniper struct {
		s    xiangqi.Square
		kind xiangqi.Kind
	}
	var snipers [16]sniper
	n := 0
	var sliding sqset
	es := p.Pieces(c.Other())
	for _, s := range es.Squares() {
		kind := p.At(s).Kind()
		switch kind {
		case xiangqi.Rook, xiangqi.Cannon:
			if line(s, k).Empty() || lineAttacks(k, occ, kind == xiangqi.Cannon).Has(s) {
				continue
			}
		case xiangqi.Horse:
			if !isHorseStep(s, k) || horseAttacks(s, occ).Has(k) {
				continue
			}
		default:
			continue
		}
		if n < len(snipers) {
			snipers[n] = sniper{s, kind}
			n++
		}
		if kind != xiangqi.Cannon {
			sliding.Add(s)
		}
	}
	occupancy := xor(occ, sliding)
	for _, sn := range snipers[:n] {
		var b sqset
		switch sn.kind {
		case xiangqi.Horse:
			b = inter(one(horseLeg(sn.s, k)), occupancy)
		case xiangqi.Cannon:
			b = inter(between(k, sn.s), minus(occ, one(sn.s)))
		default:
			b = inter(between(k, sn.s), occupancy)
		}
		if m := count(b); m == 1 || (sn.kind == xiangqi.Cannon && m == 2) {
			out = union(out, b)
		}
	}
	return out
}

// uncrossedOrKing is the set of c's king and pawns that have not crossed the river.
func uncrossedOrKing(p *xiangqi.Position, c xiangqi.Color) sqset {
	var x sqset
	ps := p.Pieces(c)
	for _, s := range ps.Squares() {
		switch k := p.At(s).Kind(); {
		case k == xiangqi.King, k == xiangqi.Pawn && s.OnOwnSide(c):
			x.Add(s)
		}
	}
	return x
}

// fsfChased returns the set of stm's pieces (squares after the move) that the move m,
// played from before to after, chases in Fairy-Stockfish's reading.
func fsfChased(before, after *xiangqi.Position, m xiangqi.Move, capture, first bool) sqset {
	var b sqset
	stm := after.SideToMove()
	mover := stm.Other()
	occ := occupied(after)
	ours := after.Pieces(stm)
	pins := blockersForKing(after, stm)
	// The flying general: a lone piece of stm on the file of the mover's king, with
	// stm's king on it, is pinned.
	if mk := after.KingSquare(mover); mk.Valid() {
		file := inter(xiangqi.FileSquares(mk.File()), ours)
		if sk := after.KingSquare(stm); sk.Valid() && file.Has(sk) {
			rest := minus(file, one(sk))
			if count(rest) <= 1 {
				pins = union(pins, rest)
			}
		}
	}
	kings := sqset{}
	if sk := after.KingSquare(stm); sk.Valid() {
		kings = one(sk)
	}
	excluded := uncrossedOrKing(after, stm)
	add := func(from xiangqi.Square, kind xiangqi.Kind, attacks sqset) {
		if minus(attacks, b).Empty() {
			return
		}
		attacks = minus(attacks, excluded)
		switch kind {
		case xiangqi.Horse, xiangqi.Cannon:
			b = union(b, inter(attacks, kindSet(after, stm, xiangqi.Rook)))
		case xiangqi.Elephant, xiangqi.Advisor:
			b = union(b, inter(attacks, union(kindSet(after, stm, xiangqi.Rook), union(kindSet(after, stm, xiangqi.Cannon), kindSet(after, stm, xiangqi.Horse)))))
		}
		same := kindSet(after, stm, kind)
		if kind == xiangqi.Horse && !inter(stepAttacks(from, diag, false, occ), occ).Empty() {
			for _, s := range inter(attacks, same).Squares() {
				if horseAttacks(s, occ).Has(from) {
					attacks.Remove(s)
				}
			}
		} else {
			attacks = inter(attacks, union(minus(sqset{^uint64(0), ^uint64(0)}, same), pins))
		}
		noAttacker := minus(occ, one(from))
		for _, s := range attacks.Squares() {
			roots := minus(attackersTo(after, s, noAttacker, stm), pins)
			if roots.Empty() {
				b.Add(s)
				continue
			}
			if roots == kings {
				if mk := after.KingSquare(mover); mk.Valid() && lineAttacks(mk, noAttacker, false).Has(s) {
					b.Add(s)
				}
			}
		}
	}
	from, to := m.From(), m.To()
	moved := after.At(to).Kind()
	if moved != xiangqi.King && moved != xiangqi.Pawn {
		direct := inter(attacksFrom(mover, moved, to, occ), ours)
		if moved == xiangqi.Rook || moved == xiangqi.Cannon {
			direct = minus(direct, line(from, to))
		}
		add(to, moved, direct)
	}
	// Discovered attacks: horses whose leg the move freed, elephants whose eye it
	// freed, rooks and cannons on the lines of from, cannons on the lines of to.
	prevOcc := xor(occ, one(from))
	if !capture {
		prevOcc = xor(prevOcc, one(to))
	}
	theirs := after.Pieces(mover)
	for _, s := range theirs.Squares() {
		kind := after.At(s).Kind()
		cand := false
		switch kind {
		case xiangqi.Horse:
			cand = abs(s.File()-from.File())+abs(s.Rank()-from.Rank()) == 1
		case xiangqi.Elephant:
			cand = abs(s.File()-from.File()) == 1 && abs(s.Rank()-from.Rank()) == 1
		case xiangqi.Rook:
			cand = s != from && (s.File() == from.File() || s.Rank() == from.Rank())
		case xiangqi.Cannon:
			cand = (s != from && (s.File() == from.File() || s.Rank() == from.Rank())) ||
				(s != to && (s.File() == to.File() || s.Rank() == to.Rank()))
		}
		if !cand {
			continue
		}
		disc := inter(ours, minus(attacksBB(mover, kind, s, occ), attacksBB(mover, kind, s, prevOcc)))
		add(s, kind, disc)
	}
	if first {
		return b
	}
	// Changes in real roots: stm's pieces newly pinned no longer protect what they did.
	prevBlock := blockersForKing(before, stm)
	newPins := inter(minus(pins0(after, stm), prevBlock), ours)
	moverBlock := blockersForKing(after, mover)
	for _, s := range newPins.Squares() {
		kind := after.At(s).Kind()
		fake := inter(minus(ours, excluded), attacksBB(stm, kind, s, occ))
		for _, s2 := range fake.Squares() {
			if !minus(attackersTo(after, s2, occ, mover), moverBlock).Empty() {
				b.Add(s2)
			}
		}
	}
	// Discovered checks: a mover's piece that now screens an attack on stm's king
	// threatens what it attacks, as moving it gives check.
	newDisc := inter(minus(pins0(after, stm), prevBlock), theirs)
	sk := after.KingSquare(stm)
	if !sk.Valid() {
		return b
	}
	kingReach := attacksFrom(stm, xiangqi.King, sk, occ)
	for _, s := range newDisc.Squares() {
		kind := after.At(s).Kind()
		da := inter(attacksFrom(mover, kind, s, occ), ours)
		b = union(b, minus(da, kingReach))
		for _, s2 := range inter(da, kingReach).Squares() {
			if !minus(attackersTo(after, s2, xor(xor(occ, one(s)), one(sk)), mover), one(s)).Empty() {
				b.Add(s2)
			}
		}
	}
	return b
}

// pins0 is blockersForKing without the flying-general pin.
func pins0(p *xiangqi.Position, c xiangqi.Color) sqset { return blockersForKing(p, c) }

// undoMove maps a set of squares back through m: a piece on m's destination stood on
// its origin.
func undoMove(b sqset, m xiangqi.Move) sqset {
	if m != xiangqi.NoMove && b.Has(m.To()) {
		b.Remove(m.To())
		b.Add(m.From())
	}
	return b
}

// fsfPly is what the tracker keeps of one ply.
type fsfPly struct {
	move    xiangqi.Move
	check   bool // the position after it has the side to move in check
	capture bool
	// chased is the set of pieces the move chases, read only when a repetition needs
	// it (known): most plies never close a cycle (see ensureChased).
	chased sqset
	known  bool
	// The capture-free window's check counts after this ply (see naturalReached).
	counts fsfCounts
}

type fsfCounts struct {
	last    int32    // position index of the latest capture (0: none)
	cnt     [2]int32 // checks at positions (last, L] by the parity of the index
	lastChk bool     // the position after the latest capture (or the start) is in check
}

// fsfTracker follows a game for Fairy-Stockfish's rules: per ply its check and the
// pieces it chases, and the counts of the 50-move rule, in O(1) per move.
type fsfTracker struct {
	g       *xiangqi.Game
	plies   []fsfPly // plies[i] is ply i (0-based)
	start   fsfCounts
	clock   int // the start position's halfmove clock
	scratch []int
}

func newFSFTracker(g *xiangqi.Game) *fsfTracker {
	st := g.Start()
	t := &fsfTracker{g: g, clock: st.HalfmoveClock}
	t.start.lastChk = st.InCheck(st.SideToMove())
	return t
}

func (t *fsfTracker) counts() fsfCounts {
	if n := len(t.plies); n > 0 {
		return t.plies[n-1].counts
	}
	return t.start
}

// push records the ply just played: m, whether it gave check, whether it captured.
func (t *fsfTracker) push(m xiangqi.Move, check, capture bool) {
	L := len(t.plies) + 1
	c := t.counts()
	if capture {
		c = fsfCounts{last: int32(L), lastChk: check}
	} else if check {
		c.cnt[L%2]++
	}
	t.plies = append(t.plies, fsfPly{move: m, check: check, capture: capture, counts: c})
}

// ensureChased reads the chases of the plies that make positions from (1-based: the
// position after j plies for j >= from) to the current one, where not read yet. It
// takes the moves back from the current position: the plies a cycle needs are the
// latest ones, so the work is the cycle's length, not the game's.
func (t *fsfTracker) ensureChased(from int) {
	lo := max(from, 1) - 1 // first ply index to read
	L := len(t.plies)
	for lo < L && t.plies[lo].known {
		lo++
	}
	if lo >= L {
		return
	}
	p := *t.g.Position()
	for i := L - 1; i >= lo; i-- {
		after := p
		rec := t.g.Ply(i)
		p.UnmakeMove(rec.Move, rec.Captured)
		if pl := &t.plies[i]; !pl.known {
			pl.chased, pl.known = fsfChased(&p, &after, pl.move, pl.capture, false), true
		}
	}
}

func (t *fsfTracker) pop() {
	if len(t.plies) > 0 {
		t.plies = t.plies[:len(t.plies)-1]
	}
}

func (t *fsfTracker) checkAt(j int) bool {
	if j == 0 {
		return t.start.lastChk
	}
	return t.plies[j-1].check
}

func (t *fsfTracker) chasedAt(j int) sqset {
	if j == 0 {
		return sqset{}
	}
	return t.plies[j-1].chased
}

// naturalReached reports whether Fairy-Stockfish's 50-move rule draws now with limit n
// plies: the capture-free count, less two plies for each check beyond 10 of the side
// that checked most in the window (from the 20th ply of the record on).
func (t *fsfTracker) naturalReached(n int) bool {
	L := len(t.plies)
	c := t.counts()
	rule50 := L - int(c.last)
	if c.last == 0 {
		rule50 = t.clock + L
	}
	offset := 0
	if L >= 20 {
		them := int(c.cnt[L%2])
		us := int(c.cnt[1-L%2])
		if int(c.last)%2 != L%2 && c.lastChk {
			us++
		}
		offset = 2 * max(max(them, us)-10, 0)
	}
	return rule50-offset >= n
}

// rule rules the repetition the last move made (the position after prev plies
// repeats; occ its occurrence) as Fairy-Stockfish does at its n-fold: over the stretch
// since the first occurrence in the capture-free window, a side that checked on every
// move loses, both: draw; else a side that chased (one and the same piece, followed
// as it moves) on every move loses, both: draw; else draw.
func (t *fsfTracker) rule(g *xiangqi.Game, prev, occ int, clause string) (*xqrules.Cycle, bool) {
	L := g.Len()
	t.scratch = g.Occurrences(t.scratch[:0])
	f := prev
	if len(t.scratch) > 0 {
		f = t.scratch[0]
	}
	permThem, permUs := true, true
	t.ensureChased(f)
	for j := L; j >= f; j -= 2 {
		permThem = permThem && t.checkAt(j)
	}
	for j := L - 1; j > f; j -= 2 {
		permUs = permUs && t.checkAt(j)
	}
	chaseThem := t.chasedAt(L)
	for j := L - 2; j >= f; j -= 2 {
		if j == 0 {
			continue
		}
		chaseThem = inter(undoMove(chaseThem, t.plies[j].move), t.chasedAt(j))
	}
	chaseUs := t.chasedAt(L - 1)
	for j := L - 3; j > f; j -= 2 {
		chaseUs = inter(undoMove(chaseUs, t.plies[j].move), t.chasedAt(j))
	}
	mover := g.Ply(L - 1).Move
	_ = mover
	moverSide := g.Position().SideToMove().Other()
	c := &xqrules.Cycle{Start: prev, End: L, Occurrence: occ}
	for j := prev; j < L; j++ {
		n := arbiter.NatureIdle
		switch {
		case t.checkAt(j + 1):
			n = arbiter.NatureCheck
		case !t.chasedAt(j + 1).Empty():
			n = arbiter.NatureChase
		}
		c.Plies = append(c.Plies, xqrules.PlyNature{Ply: j, Nature: n, All: []arbiter.Nature{n}, Note: "Fairy-Stockfish's reading"})
		side := g.Start().SideToMove()
		if j%2 == 1 {
			side = side.Other()
		}
		sp := &c.Sides[side]
		sp.Side = side
		sp.Plies = append(sp.Plies, j)
		sp.Natures = append(sp.Natures, n)
	}
	var viol [2]string
	var forb [2]bool
	set := func(side xiangqi.Color, perm bool, chase sqset) {
		switch {
		case perm:
			viol[side], forb[side] = "checked on every move since the first occurrence (perpetual check)", true
		case !chase.Empty():
			viol[side], forb[side] = "chased on every move since the first occurrence (perpetual chase)", true
			for _, s := range chase.Squares() {
				c.Sides[side].Chased = append(c.Sides[side].Chased, s)
			}
		}
	}
	checks := permThem || permUs
	if checks {
		set(moverSide, permThem, sqset{})
		set(moverSide.Other(), permUs, sqset{})
	} else {
		set(moverSide, false, chaseThem)
		set(moverSide.Other(), false, chaseUs)
	}
	for side := range c.Sides {
		sp := &c.Sides[side]
		sp.Forbidden = forb[side]
		sp.Pattern = viol[side]
		if sp.Pattern == "" {
			sp.Pattern = "neither checked nor chased on every move"
		}
	}
	v := arbiter.VerdictDraw
	mutual := forb[0] && forb[1]
	switch {
	case mutual:
	case forb[xiangqi.Red]:
		v = arbiter.VerdictRedMustChange
	case forb[xiangqi.Black]:
		v = arbiter.VerdictBlackMustChange
	}
	var why string
	switch side, ok := xqrules.Violator(v); {
	case ok:
		why = fmt.Sprintf("%s %s: it loses at the n-fold repetition as Fairy-Stockfish rules (%s).", upper(side.String()), viol[side], clause)
	case mutual:
		why = fmt.Sprintf("Both sides violate alike (%s): a draw as Fairy-Stockfish rules (%s).", viol[moverSide], clause)
	default:
		why = fmt.Sprintf("Neither side checked nor chased on every move since the first occurrence: a draw at the n-fold repetition (%s).", clause)
	}
	c.Ruling = arbiter.Ruling{Verdict: v, References: []string{clause}, Explanation: why}
	return c, mutual
}
