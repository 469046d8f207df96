package chinese

import (
	"slices"

	"github.com/arbiter-xq/arbiter/xiangqi"
)

// Winning threats for 捉 (CXA 2020 24.x; 2011 28.3 and 29.1-29.4): with the opponent
// passing, the chaser could win material on its next move, either
//   - directly: a capture whose complete exchange on the square nets material (exchange.go), or
//   - through consecutive checks (抽吃, 将军抽车): a check, every legal reply, and so on
//     for at most checkLineDepth checks, ending in a winning capture, with the material
//     given and taken along the line counted.
//
// A line that mates is a 杀, not a 捉, and is left to the mate search.
const (
	// checkLineDepth is the number of consecutive checks a 抽吃 line may use. A first
	// check that captures and is answered by taking the checker back is an exchange
	// inside the line and is not counted (参考图23, 献兼捉; see line).
	//
	// Two is the book's depth (issue 26, concept 4): its wins through checks (图3, 图24,
	// 参考图23, 参考图28, 参考图34) take one or two checks, and each of them is lost with
	// one. Three or four checks change no official diagram but rule 10 CCPD master games
	// differently (a three-check win of an elephant made a rook retreat 捉:
	// constructed-chinese-check-line-three-checks pins it idle) and push the heaviest
	// moves over the work budget (budget.go).
	checkLineDepth = 2
	// lineNodeBudget bounds the check lines examined in one scan (and in one canWin or
	// directWin question).
	lineNodeBudget = 600
	// followUpDepth is the number of checks of the lines that follow an exchange
	// (followUpGain): one check, then a capture.
	followUpDepth = 1
)

// win is one piece the chaser can win, with how.
type win struct {
	victim   xiangqi.Square // where the victim stands in the scanned position
	piece    xiangqi.Piece
	gain     int
	first    xiangqi.Move // the chaser's first move: the capture, or the first check
	viaCheck bool
	// firstValue is the value of the piece making the first move (orders ties).
	firstValue int
	// finisher is the piece that makes the winning capture at the end of a check line
	// (canonicalFinisher of finishers), finishers the squares of every such piece.
	finisher  xiangqi.Piece
	finishers squareSet
	// capturers are the squares of every chaser piece whose own capture of the victim
	// wins material directly.
	capturers []xiangqi.Square
	// starts are the squares of the pieces whose first move starts a check line that
	// wins the victim (every such line, not only first).
	starts []xiangqi.Square
	// lineJoint records that some check line winning the victim uses two pieces or more:
	// a discovered check (the piece that moves and the piece that checks), or a checker
	// and a different piece that takes the victim.
	lineJoint bool
	// followUp records that the direct win needs what the chaser wins after the
	// defender's recapture (followUpGain): other pieces than the capturer may take part.
	followUp bool
}

// victimSet holds the pieces a line wins when the defender's best replies are tied
// (a fork after a check wins either piece): each victim with the squares of the pieces
// that take it at the end of the lines (its finishers), as squares of the position the
// set belongs to: fin holds every finisher of some line, must those that finish in every
// tied reply of the defender that wins the victim (the chaser picks among the finishers
// of one reply, the defender among the replies). Keeping every finisher, not the first
// one met, keeps the set free of the order of move generation, so of the orientation of
// the board. A fixed array keeps it off the heap; the victims are pieces of one side
// other than its king, so there are at most 15 of them and maxVictims never truncates.
type victimSet struct {
	n    int
	sq   [maxVictims]xiangqi.Square
	fin  [maxVictims]squareSet
	must [maxVictims]squareSet
}

const maxVictims = 16

// add records a victim and finishers the chaser may choose from. The victims are kept
// in square order, so that the set, and the order threats are reported in, do not
// depend on the order the search met them in.
func (v *victimSet) add(s xiangqi.Square, fin, must squareSet) {
	i := 0
	for ; i < v.n && v.sq[i] <= s; i++ {
		if v.sq[i] == s {
			v.fin[i].Union(fin)
			v.must[i].Union(must)
			return
		}
	}
	if v.n == maxVictims {
		return
	}
	copy(v.sq[i+1:v.n+1], v.sq[i:v.n])
	copy(v.fin[i+1:v.n+1], v.fin[i:v.n])
	copy(v.must[i+1:v.n+1], v.must[i:v.n])
	v.sq[i], v.fin[i], v.must[i] = s, fin, must
	v.n++
}

// rename records that the victim on from stood on to (it moved there), keeping the
// square order.
func (v *victimSet) rename(from, to xiangqi.Square) {
	for i := 0; i < v.n; i++ {
		if v.sq[i] != from {
			continue
		}
		fin, must := v.fin[i], v.must[i]
		copy(v.sq[i:v.n-1], v.sq[i+1:v.n])
		copy(v.fin[i:v.n-1], v.fin[i+1:v.n])
		copy(v.must[i:v.n-1], v.must[i+1:v.n])
		v.n--
		v.add(to, fin, must)
		return
	}
}

// union merges the victims of another choice of the chaser.
func (v *victimSet) union(o *victimSet) {
	for i := 0; i < o.n; i++ {
		v.add(o.sq[i], o.fin[i], o.must[i])
	}
}

// tie merges the victims of another reply of the defender that holds the chaser to the
// same gain: a finisher the chaser can rely on must finish after both replies.
func (v *victimSet) tie(o *victimSet) {
	for i := 0; i < o.n; i++ {
		found := false
		for j := 0; j < v.n; j++ {
			if v.sq[j] == o.sq[i] {
				v.fin[j].Union(o.fin[i])
				v.must[j].Intersect(o.must[i])
				found = true
				break
			}
		}
		if !found {
			v.add(o.sq[i], o.fin[i], o.must[i])
		}
	}
}

// moveFinishers maps the finishers of every victim from the position after k back to
// the position before it: the piece that made k stood on k.From().
func (v *victimSet) moveFinishers(k xiangqi.Move) {
	for i := 0; i < v.n; i++ {
		followBack(&v.fin[i], k)
		followBack(&v.must[i], k)
	}
}

// squareSet is a set of squares.
type squareSet = xiangqi.SquareSet

// everySquare holds every square of the board.
var everySquare = func() squareSet {
	var x squareSet
	for s := range xiangqi.Square(xiangqi.NumSquares) {
		x.Add(s)
	}
	return x
}()

func squareOf(s xiangqi.Square) squareSet {
	var x squareSet
	x.Add(s)
	return x
}

// followBack follows the piece that makes k back to its square before k.
func followBack(x *squareSet, k xiangqi.Move) {
	if x.Has(k.To()) {
		x.Remove(k.To())
		x.Add(k.From())
	}
}

// canonicalFinisher names one piece of the finishers fins (squares of p) without looking
// at where they stand: a piece other than a king or pawn if there is one (it makes the
// line count, 26.1), then the most valuable, then the highest kind.
func canonicalFinisher(p *xiangqi.Position, fins squareSet) xiangqi.Piece {
	best := xiangqi.NoPiece
	bestVal := 0
	for _, s := range fins.Squares() {
		pc := p.At(s)
		if pc == xiangqi.NoPiece {
			continue
		}
		v := value(pc, s, pc.Color())
		switch {
		case best == xiangqi.NoPiece,
			kingOrPawn(best) && !kingOrPawn(pc),
			kingOrPawn(best) == kingOrPawn(pc) && (v > bestVal || v == bestVal && pc.Kind() > best.Kind()):
			best, bestVal = pc, v
		}
	}
	return best
}

// winSet holds at most one win per victim square.
type winSet struct {
	byVictim [xiangqi.NumSquares]int8 // index+1 into list
	list     []win
}

func (w *winSet) get(s xiangqi.Square) *win {
	if i := w.byVictim[s]; i > 0 {
		return &w.list[i-1]
	}
	return nil
}

func (w *winSet) add(x win) {
	if cur := w.get(x.victim); cur != nil {
		caps := unionSquares(cur.capturers, x.capturers)
		starts := unionSquares(cur.starts, x.starts)
		lj := cur.lineJoint || x.lineJoint
		fu := cur.followUp || x.followUp
		fins := cur.finishers
		fins.Union(x.finishers)
		if better(&x, cur) {
			*cur = x
		}
		cur.capturers, cur.starts, cur.lineJoint, cur.followUp, cur.finishers = caps, starts, lj, fu, fins
		return
	}
	w.list = append(w.list, x)
	w.byVictim[x.victim] = int8(len(w.list))
}

// better orders two wins of the same victim without looking at the order in which they
// were found (a ruling must not depend on the orientation of the board): a direct win
// before a check line, then the larger gain, then the cheaper capturer or, for check
// lines, a finisher that is not a king or pawn.
func better(x, cur *win) bool {
	if x.viaCheck != cur.viaCheck {
		return !x.viaCheck
	}
	if x.gain != cur.gain {
		return x.gain > cur.gain
	}
	if x.viaCheck {
		return kingOrPawn(cur.finisher) && !kingOrPawn(x.finisher)
	}
	return x.firstValue < cur.firstValue
}

func kingOrPawn(pc xiangqi.Piece) bool {
	k := pc.Kind()
	return k == xiangqi.King || k == xiangqi.Pawn
}

// scan returns every piece on the squares only (everySquare for all) that the side to
// move of p (the chaser) can win. relaxed ignores the chaser's own king safety for
// direct captures and skips check lines (the "did it exist before" baseline when the
// chaser stood in check, see chase newness in nature.go). The check lines are searched
// in full whatever only holds (their bound, lineNodeBudget, is the scan's); only the
// direct captures of the other pieces are left out.
func (a *analyst) scan(p xiangqi.Position, relaxed bool, only squareSet) *winSet {
	ws := &winSet{}
	a.lineNodes = 0
	c := a.chaser
	var buf [16]xiangqi.Square
	for set := p.Pieces(c.Other()); ; {
		t := set.Pop()
		if t == xiangqi.NoSquare {
			break
		}
		if !only.Has(t) {
			continue
		}
		pc := p.At(t)
		if pc.Kind() == xiangqi.King || value(pc, t, c) <= 0 {
			continue
		}
		for _, from := range p.AppendAttackers(buf[:0], t, c) {
			m := xiangqi.NewMove(from, t)
			g, ok := a.captureGain(&p, m, relaxed)
			follow := false
			if ok && !relaxed {
				g0 := g
				g = a.followUpGain(&p, m, g)
				follow = g > g0
			}
			if ok && g > 0 {
				ws.add(win{victim: t, piece: pc, gain: g, first: m, firstValue: value(p.At(from), from, c), capturers: []xiangqi.Square{from}, followUp: follow})
			}
		}
	}
	if relaxed || a.mates.plain() {
		return ws
	}
	// A line adds to a victim only what beats its direct win: lines worth no more than
	// every victim asked about is won directly are not valued (a floor of the least
	// direct gain plus one; 1 when a victim has no direct win).
	floor := noCeiling
	for set := p.Pieces(c.Other()); floor > 1; {
		t := set.Pop()
		if t == xiangqi.NoSquare {
			break
		}
		if !only.Has(t) || p.At(t).Kind() == xiangqi.King {
			continue
		}
		if cur := ws.get(t); cur != nil {
			floor = min(floor, cur.gain+1)
		} else {
			floor = 1
		}
	}
	if floor == noCeiling {
		return ws // no piece asked about
	}
	a.eachCheckLine(&p, floor, func(k xiangqi.Move, g int, vs victimSet) bool {
		discovered := a.discoveredCheck(&p, k)
		mover := p.At(k.From())
		for i := 0; i < vs.n; i++ {
			v := vs.sq[i]
			if !only.Has(v) {
				continue
			}
			if cur := ws.get(v); cur != nil && !cur.viaCheck && cur.gain >= g {
				continue
			}
			// The line is joint when the check is discovered or the checker's kind
			// cannot finish it alone: no piece of that kind takes the victim after
			// every tied reply of the defender (the defender picks the reply that
			// needs another piece). Every tied finisher is weighed, whatever order
			// the replies were met in.
			joint := discovered
			if !joint {
				joint = true
				for _, f := range vs.must[i].Squares() {
					joint = joint && p.At(f).Kind() != mover.Kind()
				}
			}
			ws.add(win{victim: v, piece: p.At(v), gain: g, first: k, viaCheck: true,
				finisher: canonicalFinisher(&p, vs.fin[i]), finishers: vs.fin[i],
				firstValue: value(mover, k.From(), c), starts: []xiangqi.Square{k.From()},
				lineJoint: joint})
		}
		return true
	})
	return ws
}

// eachCheckLine calls fn for every checking move k of the side to move of p whose
// consecutive-check line (up to checkLineDepth) wins floor or more (at least 1), with
// the line's gain and victims, until fn returns false. p is the line's root while it
// runs.
func (a *analyst) eachCheckLine(p *xiangqi.Position, floor int, fn func(k xiangqi.Move, g int, vs victimSet) bool) {
	var mbuf [128]xiangqi.Move
	a.root = *p
	a.lineRoot = &a.root
	defer func() { a.lineRoot = nil }()
	for _, k := range appendCheckMoves(p, mbuf[:0]) {
		// checkLine answers not ok for a candidate that does not check.
		a.exchangeCheckFree = true
		g, vs, ok := a.checkLine(p, k, checkLineDepth, a.floor(floor))
		a.exchangeCheckFree = false
		if !ok || g < floor {
			continue
		}
		if !fn(k, g, vs) {
			return
		}
	}
}

// dutyLost reports whether the capture m (worth g) that ends one of the chaser's check
// lines lets the defender win back at least as much by taking a piece of the chaser's
// that was safe when the line began: a piece the line's pieces left without its root
// (参考图28 做根子捉子: the rook that wins an advisor through checks is the root, by
// checks, of the horse on c8, which the black rook then takes; 得不偿失), or a piece the
// line itself moved where the defender takes it (参考图8: the cannon's check i3-i0 is
// blocked by the red rook h9-h0, the rook g2 then takes the elephant e2, and the rook
// on h0 takes the cannon on i0, worth more than the elephant; the book: 闲).
func (a *analyst) dutyLost(p *xiangqi.Position, m xiangqi.Move, g int) bool {
	root := a.lineRoot
	if root == nil {
		return false
	}
	cap := p.MakeMove(m)
	defer p.UnmakeMove(m, cap)
	d := &analyst{chaser: a.chaser.Other(), mates: a.mates}
	r := *root
	r.SetSideToMove(d.chaser)
	var buf [16]xiangqi.Square
	for set := p.Pieces(a.chaser); ; {
		t := set.Pop()
		if t == xiangqi.NoSquare {
			break
		}
		pc := p.At(t)
		if t == m.To() || pc.Kind() == xiangqi.King || value(pc, t, d.chaser) < g {
			continue
		}
		moved := r.At(t) != pc
		if !moved && !r.AttackedBy(t, d.chaser) {
			continue // only a piece the defender already attacked had a root to lose
		}
		// The defender's capture is valued like the captures at the end of a line: the
		// exchange on the square, without further mate or check-line questions.
		won := false
		for _, s := range p.AppendAttackers(buf[:0], t, d.chaser) {
			m := xiangqi.NewMove(s, t)
			d.leafExchanges = true
			raw, ok := d.rawGain(p, m, false)
			d.leafExchanges = false
			if !ok || raw < g {
				continue
			}
			// A piece that stood to be won anyway is the defender's own business; one
			// the line moved there was put where it is lost.
			won = moved || a.safeAtRoot(d, &r, t)
			break
		}
		if won {
			return true
		}
	}
	return false
}

// safeAtRoot reports whether the defender d could not win the chaser's piece on t in the
// line's root position r (defender to move), cached per judgement.
func (a *analyst) safeAtRoot(d *analyst, r *xiangqi.Position, t xiangqi.Square) bool {
	key := rootKey{r.Hash(), t}
	if safe, ok := a.mates.roots.get(key, key.tableHash()); ok {
		return safe
	}
	safe := true
	var buf [16]xiangqi.Square
	for _, s := range r.AppendAttackers(buf[:0], t, d.chaser) {
		if gain, ok := d.captureWins(r, xiangqi.NewMove(s, t), false); ok && gain > 0 {
			safe = false
			break
		}
	}
	a.mates.roots.put(key, key.tableHash(), safe)
	return safe
}

// discoveredCheck reports whether the check k is given by a piece other than the one
// that moves.
func (a *analyst) discoveredCheck(p *xiangqi.Position, k xiangqi.Move) bool {
	c := p.MakeMove(k)
	defer p.UnmakeMove(k, c)
	for _, s := range p.Checkers(a.chaser.Other()) {
		if s != k.To() {
			return true
		}
	}
	return false
}

// canWin reports whether the side to move of p (the chaser) can win the piece on victim:
// scan(p, false, squareOf(victim)) without building the win set, stopping at the first
// way found.
func (a *analyst) canWin(p xiangqi.Position, victim xiangqi.Square) bool {
	a.lineNodes = 0
	c := a.chaser
	pc := p.At(victim)
	if pc == xiangqi.NoPiece || pc.Color() == c || pc.Kind() == xiangqi.King || value(pc, victim, c) <= 0 {
		return false
	}
	var buf [16]xiangqi.Square
	for _, from := range p.AppendAttackers(buf[:0], victim, c) {
		m := xiangqi.NewMove(from, victim)
		if g, ok := a.captureWins(&p, m, false); ok && a.followUpGain(&p, m, g) > 0 {
			return true
		}
	}
	if a.mates.plain() {
		return false
	}
	won := false
	a.eachCheckLine(&p, 1, func(_ xiangqi.Move, _ int, vs victimSet) bool {
		for i := 0; i < vs.n; i++ {
			if vs.sq[i] == victim {
				won = true
			}
		}
		return !won
	})
	return won
}

// canTake reports whether the side to move of p (the chaser) wins the piece on victim by
// taking it directly (the complete exchange on the square nets material); wins through
// consecutive checks are left out.
func (a *analyst) canTake(p xiangqi.Position, victim xiangqi.Square) bool {
	c := a.chaser
	pc := p.At(victim)
	if pc == xiangqi.NoPiece || pc.Color() == c || pc.Kind() == xiangqi.King || value(pc, victim, c) <= 0 {
		return false
	}
	var buf [16]xiangqi.Square
	for _, from := range p.AppendAttackers(buf[:0], victim, c) {
		if g, ok := a.captureWins(&p, xiangqi.NewMove(from, victim), false); ok && g > 0 {
			return true
		}
	}
	return false
}

// checkLine plays the check k and returns the least the chaser nets over every legal
// reply (material taken minus material lost along the line, then the best follow-up), and
// the victims of the worst-case lines as squares of p (all of them when several replies
// tie). ok is false when k mates (a 杀) or the line budget is spent.
//
// floor (at least 1) is the least gain the caller has a use for: a line worth less is
// of no use to it (a smaller gain than a win it already has, or no gain), and the search
// stops as soon as one reply holds the chaser below floor, returning that lower value
// (a fail-low: the gain and victims of such a line mean nothing beyond "below floor").
// A line worth floor or more is valued exactly, with its victims.
//
// The line is first valued raw, without any mate test (they only lower what a line
// wins): when some reply already holds the raw value below floor, the exact line is
// below floor too and the mate questions, the costly part, are never asked. The raw
// pass only asks whether the line reaches floor (floorTest), so each reply's
// continuation is valued only up to what holding the line below floor takes.
func (a *analyst) checkLine(p *xiangqi.Position, k xiangqi.Move, depth, floor int) (gain int, victims victimSet, ok bool) {
	a.floorTest = true
	if g, vs, ok := a.line(p, k, depth, true, floor); !ok || g < floor {
		return g, vs, ok
	}
	return a.line(p, k, depth, false, floor)
}

// line is checkLine, raw (no mate tests: an upper bound) or exact.
//
// The value is the minimum over the defender's replies, so it is a bounded search: a
// reply is valued exactly only as far as it can lower the minimum found so far (the
// chaser's best continuation after it is asked with a ceiling, bestWinBelow), and the
// replies most likely to hold the chaser down, taking the checker or moving the king,
// are tried first. Every reply that could set the value or tie it is still valued
// exactly, so the gain and victims of a line worth floor or more are those of the
// complete search; only fewer positions are visited.
//
// The raw pass of checkLine (floorTest) only asks whether the line reaches floor: a
// line that does is returned as worth 1<<20, without victims, and checkLine values it
// in the exact pass.
func (a *analyst) line(p *xiangqi.Position, k xiangqi.Move, depth int, raw bool, floor int) (gain int, victims victimSet, ok bool) {
	// Only a raw pass may be a test: in the exact one a checking capture followed by
	// the defender's mate turns a continuation of 0 into a loss (defenderMates).
	test := a.floorTest && raw && !a.mates.exhaustive
	a.floorTest = false // the lines inside this one are valued as usual
	c1 := p.MakeMove(k)
	defer p.UnmakeMove(k, c1)
	def := p.SideToMove()
	// The checkers, for the evasion filter below; none: k does not check, and is no
	// line (nor is a capture of the king, or a move that leaves the chaser in check).
	var ev evasionFilter
	if ev.init(p, def); ev.n == 0 || c1.Kind() == xiangqi.King || p.InCheck(def.Other()) {
		return 0, victims, false
	}
	if a.lineNodes >= lineNodeBudget || !a.mates.spend(1) {
		a.lineCut = true
		return 0, victims, false
	}
	a.lineNodes++
	free := a.exchangeCheckFree
	a.exchangeCheckFree = false
	defer func() { a.exchangeCheckFree = free }()
	took := value(c1, k.To(), a.chaser)
	worst, replies := 1<<20, 0
	// The defender is in check: only the replies that may end the check are generated
	// (the evasion filter; a reply it rules out would leave the king in check), the
	// likeliest first: captures of a checker, king moves, then the others.
	// The others are generated only when the likeliest replies have not ended the
	// search (the same replies in the same order).
	var buf [128]xiangqi.Move
	moves := ev.appendLikely(p, buf[:0])
	for i, others := 0, false; ; i++ {
		if i == len(moves) {
			if others {
				break
			}
			others = true
			if moves = ev.appendOthers(p, moves); i == len(moves) {
				break
			}
		}
		r := moves[i]
		c2 := p.MakeMove(r)
		if p.InCheck(def) {
			p.UnmakeMove(r, c2)
			continue
		}
		replies++
		if !a.mates.spend(1) {
			p.UnmakeMove(r, c2)
			a.lineCut = true
			return 0, victimSet{}, false
		}
		lost := value(c2, r.To(), a.chaser)
		// The reply matters only if it brings the line to worst or below: the chaser's
		// continuation is needed exactly up to worst-(took-lost). When the line ends with
		// a checking capture and nothing follows (cont 0), the defender's mate may still
		// turn it into a loss (below), so a continuation of 0 must be told apart from a
		// larger one.
		ceil := noCeiling
		switch {
		case test:
			// Only whether the line reaches floor is asked: a reply matters only if it
			// holds the chaser below floor, and the continuation is needed exactly only
			// up to what that takes.
			ceil = floor - 1 - (took - lost)
			if ceil < 0 {
				p.UnmakeMove(r, c2)
				continue
			}
		case worst < 1<<20 && !a.mates.exhaustive:
			ceil = worst - (took - lost)
			if !raw && c1 != xiangqi.NoPiece && took > lost {
				ceil = max(ceil, 0)
			}
			if ceil < 0 {
				// Whatever follows, this reply leaves the chaser more than worst.
				p.UnmakeMove(r, c2)
				continue
			}
		}
		next := depth - 1
		if free && c1 != xiangqi.NoPiece && r.To() == k.To() {
			// The check took a piece and the defender takes the checker back: an
			// exchange inside the line, not one of its checks (参考图23, 献兼捉: the
			// pawn takes the advisor d0 with check, the king or the advisor takes
			// it, and two more checks win the rook).
			next = depth
		}
		cont, vs := a.bestWinBelow(p, next, raw, ceil)
		p.UnmakeMove(r, c2)
		if cont > ceil {
			continue // the line through this reply is worth more than worst
		}
		vs.rename(r.To(), r.From()) // the victim moved on this reply
		vs.moveFinishers(k)
		if cont == 0 {
			vs = victimSet{}
			if c1 != xiangqi.NoPiece {
				vs.add(k.To(), squareOf(k.From()), squareOf(k.From()))
				// CXA 29.4: the line ends here with the checking capture; if the
				// defender then mates by consecutive checks, nothing was won (图7: the
				// rook that takes the cannon leaves its line and is mated).
				if !raw && took > lost && a.defenderMates(p, r) {
					cont = -took
				}
			}
		}
		switch t := took - lost + cont; {
		case t < worst:
			worst, victims = t, vs
		case t == worst:
			victims.tie(&vs)
		}
		if worst < floor {
			break // below what the caller has a use for
		}
	}
	if replies == 0 {
		return 0, victimSet{}, false
	}
	return worst, victims, true
}

// defenderMates reports whether, after the defender's reply r and a pass by the chaser,
// the defender mates by consecutive checks. A reply that itself checks is the first check
// of such a series (图7: the rook that takes the cannon with check leaves its line, and
// the answer to its check is a discovered mate).
func (a *analyst) defenderMates(p *xiangqi.Position, r xiangqi.Move) bool {
	if a.mates.plain() {
		return false
	}
	c := p.MakeMove(r)
	defer p.UnmakeMove(r, c)
	if p.InCheck(a.chaser) {
		return a.mates.checkedMateWithin(p, a.capturedMateDepth()-1, capturedMateBudget)
	}
	q := *p
	q.SetSideToMove(a.chaser.Other())
	return a.mates.canMateWithin(&q, a.capturedMateDepth(), capturedMateBudget)
}

// bestWin returns the chaser's best gain in p (chaser to move): a winning capture, or a
// check line of at most depth checks; 0 when nothing wins. The victims are every piece
// won with that gain.
func (a *analyst) bestWin(p *xiangqi.Position, depth int, raw bool) (int, victimSet) {
	return a.bestWinBelow(p, depth, raw, noCeiling)
}

// noCeiling asks bestWinBelow for the exact value.
const noCeiling = 1 << 30

// floor returns f, or 1 (no bound beyond a positive gain) in the exhaustive mode the
// tests compare the bounded search with.
func (a *analyst) floor(f int) int {
	if a.mates.exhaustive {
		return 1
	}
	return f
}

// bestWinBelow is bestWin for a caller that needs the exact value only when it is at most
// ceil: as soon as the chaser is found to win more, it returns that larger value (a
// fail-high, whose victims mean nothing) without looking at the rest of the chaser's
// options. The table keeps exact values and, from fail-highs, proven lower bounds.
func (a *analyst) bestWinBelow(p *xiangqi.Position, depth int, raw bool, ceil int) (int, victimSet) {
	key := winKey{p.Hash(), int8(depth), raw, 0}
	if a.exchangeCheckFree {
		key.depth += 16
	}
	if a.lineRoot != nil {
		// dutyLost makes the answer depend on where the line began.
		key.root = a.lineRoot.Hash()
	}
	old, known := a.mates.wins.get(key, key.tableHash())
	if known && (old.exact || int(old.best) > ceil) {
		return int(old.best), a.mates.winVictims(old)
	}
	cut := a.lineCut
	a.lineCut = false
	best, victims, exact := a.computeBestWin(p, depth, raw, ceil)
	if !a.lineCut && (exact || !known || best > int(old.best)) {
		a.mates.putWin(key, best, &victims, exact)
	}
	a.lineCut = a.lineCut || cut
	return best, victims
}

func (a *analyst) computeBestWin(p *xiangqi.Position, depth int, raw bool, ceil int) (int, victimSet, bool) {
	best := 0
	var victims victimSet
	c := a.chaser
	// Every capture's gain is at most what it takes (the exchange after it never costs
	// the chaser more, see exchange): the captures are valued in the order of what they
	// take, and only as far as one of them could still reach the best gain found. The
	// mate test runs only on the best ones.
	type capture struct {
		m      xiangqi.Move
		valued bool
		ub, g  int32
	}
	// The buffer holds the captures of real positions on the stack; more go to the
	// heap, and nothing is ever left out (which capture is left out would depend on the
	// orientation).
	var capBuf [48]capture
	caps := capBuf[:0]
	var buf [16]xiangqi.Square
	for set := p.Pieces(c.Other()); ; {
		t := set.Pop()
		if t == xiangqi.NoSquare {
			break
		}
		pc := p.At(t)
		v := value(pc, t, c)
		if pc.Kind() == xiangqi.King || v <= 0 {
			continue
		}
		for _, from := range p.AppendAttackers(buf[:0], t, c) {
			if p.At(from).Kind() == xiangqi.King && !a.counter {
				// The king's capture is no part of what the chaser's line wins (26.1,
				// as in an exchange: 参考图32): a line that only the king's capture
				// makes pay is the king's own attack.
				continue
			}
			caps = append(caps, capture{m: xiangqi.NewMove(from, t), ub: int32(v)})
		}
	}
	// order lists the captures by what they take, largest first (ties in the order they
	// were met); next is the first one not valued yet.
	var obuf [len(capBuf)]uint8
	order := obuf[:0]
	if len(caps) > len(obuf) {
		// A side has at most 16 pieces, so fewer than 70 captures: uint8 indices hold.
		order = make([]uint8, 0, len(caps))
	}
	order = order[:len(caps)]
	for i := range order {
		order[i] = uint8(i)
	}
	slices.SortStableFunc(order, func(x, y uint8) int { return int(caps[y].ub) - int(caps[x].ub) })
	next := 0
	for {
		// Value the captures that may reach the best gain valued so far (top); in the
		// exhaustive mode of the tests, every capture.
		top := 0
		for _, x := range caps {
			if x.valued {
				top = max(top, int(x.g))
			}
		}
		for ; next < len(order) && (a.mates.exhaustive || int(caps[order[next]].ub) >= top); next++ {
			x := &caps[order[next]]
			a.leafExchanges = true
			g, legal := a.rawGain(p, x.m, false)
			a.leafExchanges = false
			x.valued = true
			if legal && g > 0 {
				x.g = int32(g)
				top = max(top, g)
			}
		}
		if top == 0 {
			break
		}
		// Every capture worth top is valued: those that pass the tests are the best.
		for i := range caps {
			x := &caps[i]
			if !x.valued || int(x.g) != top {
				continue
			}
			x.g = 0 // asked
			if raw || (!a.matedAfterCapture(p, x.m) && !a.dutyLost(p, x.m, top)) {
				victims.add(x.m.To(), squareOf(x.m.From()), squareOf(x.m.From()))
				if top > ceil {
					// One capture worth more than the caller's ceiling is enough: the
					// other captures of that value need not be asked about.
					return top, victims, false
				}
			}
		}
		if victims.n > 0 {
			best = top
			break
		}
	}
	if depth <= 0 {
		return best, victims, true
	}
	if best > ceil {
		return best, victims, false // the caller needs no more
	}
	var mbuf [128]xiangqi.Move
	for _, k := range appendCheckMoves(p, mbuf[:0]) {
		// A line worth less than best changes nothing (one worth as much adds its
		// victims).
		floor := a.floor(max(best, 1))
		var g int
		var vs victimSet
		var ok bool
		if raw {
			g, vs, ok = a.line(p, k, depth, true, floor)
		} else {
			g, vs, ok = a.checkLine(p, k, depth, floor)
		}
		switch {
		case !ok || vs.n == 0 || g <= 0 || g < best:
		case g > best:
			best, victims = g, vs
			if best > ceil {
				return best, victims, false
			}
		default:
			victims.union(&vs)
		}
	}
	return best, victims, true
}

// followUpGain values the chaser's capture m (which loses material or wins nothing on its
// square, gain g) together with what its pieces win after the defender's recapture: the
// defender takes back on the square (a recapture after which the chaser mates by
// consecutive checks is no option, 假根), and the chaser then wins material through a
// check (抽吃, followUpDepth checks) beyond what it could win before the capture
// (参考图34: the cannon takes the elephant on e2; the king cannot take back because of a
// mate along the e-file, and the elephant that does takes the cannon, which the elephant
// would otherwise win back at the end of the rook's check line, off the board, so the line
// d4-d1 check, king e0, rook takes the cannon on c1 now wins; a joint chase of cannon and
// rook). It returns the gain, g when nothing follows. Only the top-level scans ask it
// (lineRoot nil).
func (a *analyst) followUpGain(p *xiangqi.Position, m xiangqi.Move, g int) int {
	if a.lineRoot != nil || g > 0 || a.mates.plain() || !p.AttackedBy(m.From(), a.chaser.Other()) {
		// Only a capturer the defender attacked can be the piece it would win back at
		// the end of the chaser's lines (dutyLost); taking it off the board is what
		// opens them.
		return g
	}
	root := *p
	before := -1
	traded := value(p.At(m.To()), m.To(), a.chaser) - value(p.At(m.From()), m.From(), a.chaser)
	c1 := p.MakeMove(m)
	defer p.UnmakeMove(m, c1)
	worst, replies := 1<<20, 0
	var buf [16]xiangqi.Square
	for _, s := range p.AppendAttackers(buf[:0], m.To(), a.chaser.Other()) {
		r := xiangqi.NewMove(s, m.To())
		c2 := p.MakeMove(r)
		if p.InCheck(a.chaser.Other()) {
			p.UnmakeMove(r, c2) // illegal
			continue
		}
		if p.InCheck(a.chaser) || !hasCheck(p) {
			// A recapture with check, or one after which nothing follows (no check line,
			// nor a mate by consecutive checks), holds the chaser to g.
			p.UnmakeMove(r, c2)
			return g
		}
		val := g
		after := *p
		a.lineRoot = &after
		// The raw value bounds the exact one: only a line that could lift the trade
		// above g is valued exactly.
		raw := a.bestCheckWin(p, true)
		a.lineRoot = nil
		if raw > 0 && traded+raw > g {
			if before < 0 {
				// What the chaser could win before the capture is its own business.
				p.UnmakeMove(r, c2)
				p.UnmakeMove(m, c1)
				a.lineRoot = &root
				before, _ = a.bestWin(p, followUpDepth, false)
				a.lineRoot = nil
				p.MakeMove(m)
				p.MakeMove(r)
			}
			if traded+raw-before > g {
				a.lineRoot = &after
				if cont := a.bestCheckWin(p, false); cont > 0 {
					val = max(g, traded+cont-before)
				}
				a.lineRoot = nil
			}
		}
		// A recapture after which the chaser mates is no option (only one that would be
		// the defender's best so far needs the question).
		mated := val < worst && a.mates.canMateWithin(p, mateAfterCaptureDepth, capturedMateBudget)
		p.UnmakeMove(r, c2)
		if mated {
			continue
		}
		replies++
		worst = min(worst, val)
		if worst <= g {
			return g
		}
	}
	if replies == 0 {
		return g
	}
	// The defender need not take back on the capture square: an in-between capture
	// elsewhere that the exchange weighs (a piece the capture unmasked) is an answer
	// after which the lines that follow a recapture do not arise (26.5).
	p.UnmakeMove(m, c1)
	off := a.offSquareGain(p, m)
	p.MakeMove(m)
	return max(g, min(worst, off))
}

// bestCheckWin returns the most the side to move of p (the chaser) wins through a line of
// followUpDepth checks (the captures the exchange itself opened are the exchange's, see
// wardList); raw values the lines without mate tests (an upper bound).
func (a *analyst) bestCheckWin(p *xiangqi.Position, raw bool) int {
	best := 0
	var mbuf [128]xiangqi.Move
	for _, k := range appendCheckMoves(p, mbuf[:0]) {
		var g int
		var ok bool
		if raw {
			g, _, ok = a.line(p, k, followUpDepth, true, a.floor(best+1))
		} else {
			g, _, ok = a.checkLine(p, k, followUpDepth, a.floor(best+1))
		}
		if ok && g > best {
			best = g
		}
	}
	return best
}
