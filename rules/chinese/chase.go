package chinese

import "github.com/arbiter-xq/arbiter/xiangqi"

// Winning threats for 捉 (CXA 2020 24.x; 2011 28.3 and 29.1-29.4): with the opponent
// passing, the chaser could win material on its next move, either
//   - directly: a capture whose complete exchange on the square nets material (exchange.go), or
//   - through consecutive checks (抽吃, 将军抽车): a check, every legal reply, and so on
//     for at most checkLineDepth checks, ending in a winning capture, with the material
//     given and taken along the line counted.
//
// A line that mates is a 杀, not a 捉, and is left to the mate search.
const (
	// checkLineDepth is the number of consecutive checks a 抽吃 line may use.
	checkLineDepth = 2
	// lineNodeBudget bounds the check lines examined in one scan.
	lineNodeBudget = 600
)

// win is one piece the chaser can win, with how.
type win struct {
	victim   xiangqi.Square // where the victim stands in the scanned position
	piece    xiangqi.Piece
	gain     int
	first    xiangqi.Move // the chaser's first move: the capture, or the first check
	viaCheck bool
	// finisher is the piece that makes the winning capture at the end of a check line.
	finisher xiangqi.Piece
	// capturers are the squares of every chaser piece whose own capture of the victim
	// wins material directly.
	capturers []xiangqi.Square
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
		cur.capturers = append(cur.capturers, x.capturers...)
		if x.gain > cur.gain || (cur.viaCheck && !x.viaCheck) {
			caps := cur.capturers
			*cur = x
			cur.capturers = caps
		}
		return
	}
	w.list = append(w.list, x)
	w.byVictim[x.victim] = int8(len(w.list))
}

// scan returns every piece the side to move of p (the chaser) can win. relaxed ignores
// the chaser's own king safety for direct captures and skips check lines (the "did it
// exist before" baseline when the chaser stood in check, see chase newness in nature.go).
func (a *analyst) scan(p xiangqi.Position, relaxed bool, only xiangqi.Square) *winSet {
	ws := &winSet{}
	a.lineNodes = 0
	c := a.chaser
	var buf [16]xiangqi.Square
	for t := xiangqi.Square(0); t < xiangqi.NumSquares; t++ {
		if only != xiangqi.NoSquare && t != only {
			continue
		}
		pc := p.At(t)
		if pc == xiangqi.NoPiece || pc.Color() == c || pc.Kind() == xiangqi.King {
			continue
		}
		for _, from := range p.AppendAttackers(buf[:0], t, c) {
			m := xiangqi.NewMove(from, t)
			if g, ok := a.captureGain(&p, m, relaxed); ok && g > 0 {
				ws.add(win{victim: t, piece: pc, gain: g, first: m, capturers: []xiangqi.Square{from}})
			}
		}
	}
	if relaxed {
		return ws
	}
	var mbuf [128]xiangqi.Move
	for _, k := range p.AppendPseudoMoves(mbuf[:0]) {
		if !a.givesCheck(&p, k) {
			continue
		}
		g, v, fin, ok := a.checkLine(&p, k, checkLineDepth)
		if !ok || g <= 0 || v == xiangqi.NoSquare {
			continue
		}
		if only != xiangqi.NoSquare && v != only {
			continue
		}
		if cur := ws.get(v); cur != nil && !cur.viaCheck && cur.gain >= g {
			continue
		}
		ws.add(win{victim: v, piece: p.At(v), gain: g, first: k, viaCheck: true, finisher: fin})
	}
	return ws
}

// givesCheck reports whether k is a legal move of the side to move that checks.
func (a *analyst) givesCheck(p *xiangqi.Position, k xiangqi.Move) bool {
	me := p.SideToMove()
	cap := p.MakeMove(k)
	ok := cap.Kind() != xiangqi.King && !p.InCheck(me) && p.InCheck(me.Other())
	p.UnmakeMove(k, cap)
	return ok
}

// checkLine plays the check k and returns the least the chaser nets over every legal
// reply (material taken minus material lost along the line, then the best follow-up), and
// the victim of the worst-case line as a square of p. ok is false when k mates (a 杀) or
// the line budget is spent.
func (a *analyst) checkLine(p *xiangqi.Position, k xiangqi.Move, depth int) (gain int, victim xiangqi.Square, finisher xiangqi.Piece, ok bool) {
	if a.lineNodes >= lineNodeBudget {
		return 0, xiangqi.NoSquare, xiangqi.NoPiece, false
	}
	a.lineNodes++
	c1 := p.MakeMove(k)
	defer p.UnmakeMove(k, c1)
	took := value(c1, k.To(), a.chaser)
	def := p.SideToMove()
	worst, worstVictim, worstFin, replies := 1<<20, xiangqi.NoSquare, xiangqi.NoPiece, 0
	checker := p.At(k.To())
	var buf [128]xiangqi.Move
	for _, r := range p.AppendPseudoMoves(buf[:0]) {
		c2 := p.MakeMove(r)
		if p.InCheck(def) {
			p.UnmakeMove(r, c2)
			continue
		}
		replies++
		lost := value(c2, r.To(), a.chaser)
		cont, v, fin := a.bestWin(p, depth-1)
		p.UnmakeMove(r, c2)
		if v == r.To() {
			v = r.From() // the victim moved on this reply
		}
		if cont == 0 {
			v, fin = xiangqi.NoSquare, xiangqi.NoPiece
			if c1 != xiangqi.NoPiece {
				v, fin = k.To(), checker
				// CXA 29.4: the line ends here with the checking capture; if the
				// defender then mates by consecutive checks, nothing was won (图7: the
				// rook that takes the cannon leaves its line and is mated).
				if took > lost && a.defenderMates(p, r) {
					cont = -took
				}
			}
		}
		if t := took - lost + cont; t < worst {
			worst, worstVictim, worstFin = t, v, fin
		}
		if worst <= 0 {
			break
		}
	}
	if replies == 0 {
		return 0, xiangqi.NoSquare, xiangqi.NoPiece, false
	}
	return worst, worstVictim, worstFin, true
}

// defenderMates reports whether, after the defender's reply r and a pass by the chaser,
// the defender mates by consecutive checks. A reply that checks is not judged here.
func (a *analyst) defenderMates(p *xiangqi.Position, r xiangqi.Move) bool {
	c := p.MakeMove(r)
	defer p.UnmakeMove(r, c)
	if p.InCheck(a.chaser) {
		return false
	}
	q := *p
	q.SetSideToMove(a.chaser.Other())
	return a.mates.canMateWithin(&q, mateAfterCaptureDepth, capturedMateBudget)
}

// bestWin returns the chaser's best gain in p (chaser to move): a winning capture, or a
// check line of at most depth checks; 0 when nothing wins.
func (a *analyst) bestWin(p *xiangqi.Position, depth int) (int, xiangqi.Square, xiangqi.Piece) {
	best, victim, finisher := 0, xiangqi.NoSquare, xiangqi.NoPiece
	c := a.chaser
	var buf [16]xiangqi.Square
	for t := xiangqi.Square(0); t < xiangqi.NumSquares; t++ {
		pc := p.At(t)
		if pc == xiangqi.NoPiece || pc.Color() == c || pc.Kind() == xiangqi.King {
			continue
		}
		if value(pc, t, c) <= best {
			continue
		}
		for _, from := range p.AppendAttackers(buf[:0], t, c) {
			if g, ok := a.captureGain(p, xiangqi.NewMove(from, t), false); ok && g > best {
				best, victim, finisher = g, t, p.At(from)
			}
		}
	}
	if depth <= 0 {
		return best, victim, finisher
	}
	var mbuf [128]xiangqi.Move
	for _, k := range p.AppendPseudoMoves(mbuf[:0]) {
		if !a.givesCheck(p, k) {
			continue
		}
		if g, v, fin, ok := a.checkLine(p, k, depth); ok && g > best && v != xiangqi.NoSquare {
			best, victim, finisher = g, v, fin
		}
	}
	return best, victim, finisher
}
