package chinese

import (
	"sync"

	"github.com/arbiter-xq/arbiter/xiangqi"
)

// Mate search for 杀 (CXA 2020 24.x / 2011 28.2): a move is a mate threat when, if the
// opponent passed, the mover could mate by consecutive checks (连续照将). The search is
// deliberately narrow: only checking moves for the attacker, every legal reply for the
// defender, at most mateThreatDepth attacking moves, and a node budget per question.
// Quiet moves inside the mating net (停着) and threats that need a quiet move first (隔一步)
// are not counted, as the rulebook's commentators describe.
const (
	// mateThreatDepth is the number of consecutive checks searched for a 杀: mate in
	// up to 4 moves by the attacker (7 plies).
	//
	// Four is the book's depth (issue 26, concept 4): 图7, 图20, 图29 variant 2 and
	// 参考图35 each need four (none passes at three), and no diagram needs more. Five
	// changes no official diagram and one CCPD ruling, where a rook exchange offer
	// became 捉 because the recapture would be mated in five
	// (constructed-chinese-mate-depth-five pins it 兑); six overruns the budget of
	// constructed-chinese-orientation-budget-mirror.
	mateThreatDepth = 4
	// mateAfterCaptureDepth is the depth used to decide that a capture "gets mated"
	// (CXA 29.4: a capture after which the capturer is mated is only a formal chase), and
	// that a recapture is not a real root (a protector tied to its line, 假根).
	// It equals mateThreatDepth: a capture that ignores a mate threat (杀) the search
	// sees is a capture after which the capturer is mated (参考图35: once the rook parries
	// the mate, the cannon's attack on the rook becomes real).
	mateAfterCaptureDepth = 4
	// counterLineMateDepth is the depth of the same question at the end of the
	// defender's own series of checks after a capture (a root by consecutive checks,
	// 图3): a second-order line, where a deeper search finds far mates that do not
	// decide whether the material comes back.
	counterLineMateDepth = 3
	// mateNodeBudget bounds one 杀 question, counted in positions visited (the checks
	// played by the attacker and the answers to check tried by the defender), and
	// capturedMateBudget one "is the capturer mated" question inside an exchange. When a
	// budget runs out the answer is "no mate found". The budgets are set so that real
	// positions complete their searches (a cut search could depend on the order moves
	// are tried in, and so on the orientation of the board): the hardest hand-built
	// attack (worstMateFEN) needs about 5,600 positions at depth 4, under 1 ms.
	mateNodeBudget     = 20000
	capturedMateBudget = 5000
)

// mateSearch answers "can the side to move mate by consecutive checks?" with a node
// budget. It is not safe for concurrent use; each JudgeCycle makes its own, so its
// transposition table only lives for one judgement.
//
// Results of completed searches are exact and do not depend on the order moves are
// tried in, so they are the same for a position and its mirrored or colour-flipped
// twin. Only a search cut by its budget could differ; the budgets are set well above
// what real positions need (see TestMateSearchBudget).
type mateSearch struct {
	nodes, budget int
	exhausted     bool
	// tt holds, per position (hash with the side to move), what completed searches
	// proved: a mate within mateAt attacking moves (0: none proved), and no mate within
	// noMateTo moves.
	tt table[uint64, mateEntry]
	// wins caches bestWin (chase.go) per position and depth; it lives here because the
	// mate search is the state shared by one judgement. The victims of its entries are
	// kept in victims (putWin, winVictims), so that an entry stays small.
	wins    table[winKey, winEntry]
	victims []victimRec
	// roots caches safeAtRoot (chase.go) per position and square.
	roots table[rootKey, bool]
	// exch caches exchange (exchange.go) results: exact values, and lower bounds from
	// searches cut at their limit.
	exch table[exchKey, exchEntry]
	// The judgement's shared work budget (budget.go); check is where spend next looks
	// beyond adding (the limit, or the next halt poll).
	tier, work, limit, check int
	over                     bool
	// exhaustive turns the bounds of the check-line search off (floors and ceilings,
	// and the captures at a line's end valued only as far as they may be the best,
	// chase.go; the exchanges' limits, exchange.go): every line, continuation, capture
	// and exchange is valued completely, as before the search was bounded. Tests only:
	// TestBoundedLinesExact and TestExchangeBoundsExact compare the two.
	exhaustive bool
	// cuts counts the mate questions a node budget cut short.
	cuts int
	// halt stops the search of a classification made ahead whose result is no longer
	// needed (runAhead); halted records that it did.
	halt   haltSignal
	halted bool
}

type rootKey struct {
	hash uint64
	sq   xiangqi.Square
}

type winKey struct {
	hash  uint64
	depth int8
	raw   bool
	root  uint64 // the position the chaser's line began in (0 for the defender's lines)
}

func (k winKey) tableHash() uint64 {
	x := k.hash ^ k.root*0x9e3779b97f4a7c15 ^ uint64(uint8(k.depth))<<1
	if k.raw {
		x ^= 1
	}
	return mix(x)
}

func (k rootKey) tableHash() uint64 { return mix(k.hash ^ uint64(k.sq+1)*0x9e3779b97f4a7c15) }

type winEntry struct {
	best int32
	// exact is false for a proven lower bound (a fail-high of bestWinBelow).
	exact bool
	// The entry's victims are victims[at : at+n] of the mateSearch.
	n  uint8
	at int32
}

// victimRec is one victim of a victimSet, with its finishers.
type victimRec struct {
	sq        xiangqi.Square
	fin, must squareSet
}

// putWin records bestWin's answer for key.
func (s *mateSearch) putWin(key winKey, best int, vs *victimSet, exact bool) {
	s.wins.put(key, key.tableHash(), winEntry{best: int32(best), exact: exact, n: uint8(vs.n), at: int32(len(s.victims))})
	for i := 0; i < vs.n; i++ {
		s.victims = append(s.victims, victimRec{vs.sq[i], vs.fin[i], vs.must[i]})
	}
}

// winVictims returns the victims of an entry of wins.
func (s *mateSearch) winVictims(e winEntry) victimSet {
	var vs victimSet
	vs.n = int(e.n)
	for i, r := range s.victims[e.at : e.at+int32(e.n)] {
		vs.sq[i], vs.fin[i], vs.must[i] = r.sq, r.fin, r.must
	}
	return vs
}

type mateEntry struct {
	mateAt, noMateTo int8
}

func newMateSearch() *mateSearch {
	return &mateSearch{limit: 1 << 62}
}

// searches recycles the tables of finished judgements (JudgeCycle takes one, clears it
// and gives it back), so a judgement does not pay for growing fresh maps.
var searches = sync.Pool{New: func() any { return newMateSearch() }}

func getMateSearch() *mateSearch {
	s := searches.Get().(*mateSearch)
	s.reset()
	s.halt = haltSignal{}
	return s
}

// reset empties every table, so that what follows depends on nothing searched before.
func (s *mateSearch) reset() {
	s.tt.clear()
	s.wins.clear()
	s.victims = s.victims[:0]
	s.roots.clear()
	s.exch.clear()
	s.nodes, s.budget, s.exhausted, s.cuts, s.exhaustive = 0, 0, false, 0, false
	s.halted = false
	s.startBudget(tierFull, 1<<62)
}

func putMateSearch(s *mateSearch) {
	s.halt = haltSignal{} // keeps no batch alive
	if s.tt.slotsInUse() > 1<<17 || cap(s.victims) > 1<<16 {
		return // do not keep a table a pathological judgement grew
	}
	searches.Put(s)
}

// canMate reports whether the side to move in p mates by consecutive checks within depth
// attacking moves. p is restored before returning.
func (s *mateSearch) canMate(p *xiangqi.Position, depth int) bool {
	return s.canMateWithin(p, depth, mateNodeBudget)
}

// canMateWithin is canMate with an explicit node budget.
func (s *mateSearch) canMateWithin(p *xiangqi.Position, depth, budget int) bool {
	if depth <= 0 {
		return false
	}
	s.nodes, s.budget, s.exhausted = 0, budget, false
	ok := s.mate(p, depth, false)
	if s.exhausted {
		s.cuts++
	}
	return ok
}

// checkedMateWithin reports whether the side to move in p, which is in check, is mated
// by consecutive checks: every legal answer leads to a mate within depth further
// attacking moves (no legal answer is mate).
func (s *mateSearch) checkedMateWithin(p *xiangqi.Position, depth, budget int) bool {
	s.nodes, s.budget, s.exhausted = 0, budget, false
	ok := s.repliesAllLose(p, depth)
	if s.exhausted {
		s.cuts++
	}
	return ok
}

func (s *mateSearch) lookup(h uint64, depth int) (result, known bool) {
	e, ok := s.tt.get(h, h)
	switch {
	case !ok:
		return false, false
	case e.mateAt > 0 && int(e.mateAt) <= depth:
		return true, true
	case int(e.noMateTo) >= depth:
		return false, true
	}
	return false, false
}

func (s *mateSearch) store(h uint64, depth int, mate bool) {
	if s.exhausted {
		return // a cut search proves nothing
	}
	e, _ := s.tt.get(h, h)
	if mate {
		if e.mateAt == 0 || int(e.mateAt) > depth {
			e.mateAt = int8(depth)
		}
	} else if int(e.noMateTo) < depth {
		e.noMateTo = int8(depth)
	}
	s.tt.put(h, h, e)
}

// mate reports whether the side to move in p mates within depth attacking moves;
// legal records that the defender's king is known not to be attacked in p (its last
// move was a legal answer), which spares the candidates' generator that test.
func (s *mateSearch) mate(p *xiangqi.Position, depth int, legal bool) bool {
	h := p.Hash()
	if v, ok := s.lookup(h, depth); ok {
		return v
	}
	att := p.SideToMove()
	def := att.Other()
	var buf [128]xiangqi.Move
	var cands []xiangqi.Move
	if legal {
		cands = p.AppendCheckCandidatesUnattacked(buf[:0])
	} else {
		cands = appendCheckMoves(p, buf[:0])
	}
	for _, m := range cands {
		cap := p.MakeMove(m)
		if cap.Kind() == xiangqi.King {
			p.UnmakeMove(m, cap)
			continue
		}
		// The checkers the answers must deal with; none: m does not check.
		var ev evasionFilter
		if ev.init(p, def); ev.n == 0 || p.InCheck(att) {
			p.UnmakeMove(m, cap)
			continue
		}
		// A unit per check played: the candidates that do not check cost nothing, so
		// the work does not depend on how closely the candidates are picked.
		if s.nodes >= s.budget || !s.spend(1) {
			p.UnmakeMove(m, cap)
			s.exhausted = true
			return false
		}
		s.nodes++
		ok := s.evasionsAllLose(p, depth-1, &ev)
		p.UnmakeMove(m, cap)
		if ok {
			s.store(h, depth, true)
			return true
		}
		if s.exhausted {
			return false
		}
	}
	s.store(h, depth, false)
	return false
}

// repliesAllLose reports whether every legal reply of the side to move (in check) leads
// to a mate within depth further attacking moves; no legal reply is mate. Replies that
// take a checking piece or move the king are tried first, without generating the others:
// they are the likeliest to escape, and one escape ends the question (at depth 0, the
// first legal reply does).
func (s *mateSearch) repliesAllLose(p *xiangqi.Position, depth int) bool {
	var ev evasionFilter
	ev.init(p, p.SideToMove())
	return s.evasionsAllLose(p, depth, &ev)
}

// evasionsAllLose is repliesAllLose with the evasion filter of p already made (mate
// makes it to tell whether its move checks).
func (s *mateSearch) evasionsAllLose(p *xiangqi.Position, depth int, ev *evasionFilter) bool {
	def := p.SideToMove()
	// try plays r and reports whether it ends the question (an escape, or the budget).
	escaped := false
	try := func(r xiangqi.Move) bool {
		if s.nodes >= s.budget || !s.spend(1) {
			s.exhausted = true
			return true
		}
		s.nodes++
		cap := p.MakeMove(r)
		if p.InCheck(def) {
			p.UnmakeMove(r, cap)
			return false
		}
		if depth <= 0 {
			p.UnmakeMove(r, cap)
			escaped = true
			return true
		}
		ok := s.mate(p, depth, true) // r is legal: def's king is not attacked
		p.UnmakeMove(r, cap)
		if !ok {
			escaped = true
			return true
		}
		return false
	}
	var first [32]xiangqi.Move
	for _, r := range ev.appendLikely(p, first[:0]) {
		if try(r) {
			return !escaped && !s.exhausted
		}
	}
	var buf [128]xiangqi.Move
	for _, r := range ev.appendOthers(p, buf[:0]) {
		if try(r) {
			return !escaped && !s.exhausted
		}
	}
	return true
}

// evasionFilter is a geometric pre-filter for answers to check: a move can only end a
// check if it moves the king, takes a checking piece, stands between a rook, cannon or
// facing king and the king (or on a checking horse's leg), or takes a cannon's screen
// away. With several checkers the union is still a necessary condition.
type evasionFilter struct {
	king     xiangqi.Square
	checkers [4]xiangqi.Square
	n        int
	// isChecker marks the squares of checkers[:n].
	isChecker squareSet
	between   squareSet // interposition squares and horse legs
	screens   squareSet // screens of checking cannons
}

func (e *evasionFilter) init(p *xiangqi.Position, def xiangqi.Color) {
	e.king = p.KingSquare(def)
	kf, kr := e.king.File(), e.king.Rank()
	// The checkers in the order of p.Checkers(def), without its allocation.
	var cbuf [16]xiangqi.Square
	cs := p.AppendAttackers(cbuf[:0], e.king, def.Other())
	if p.KingsFacing() {
		cs = append(cs, p.KingSquare(def.Other()))
	}
	for _, c := range cs {
		if e.n < len(e.checkers) {
			e.checkers[e.n] = c
			e.isChecker.Add(c)
			e.n++
		}
		cf, cr := c.File(), c.Rank()
		if cf != kf && cr != kr {
			// A horse: its leg is the square next to it towards the king's rank or file.
			df, dr := sign(kf-cf), sign(kr-cr)
			if abs(kf-cf) == 2 {
				e.between.Add(xiangqi.SquareAt(cf+df, cr))
			} else {
				e.between.Add(xiangqi.SquareAt(cf, cr+dr))
			}
			continue
		}
		cannon := p.At(c).Kind() == xiangqi.Cannon
		df, dr := sign(kf-cf), sign(kr-cr)
		for f, r := cf+df, cr+dr; f != kf || r != kr; f, r = f+df, r+dr {
			sq := xiangqi.SquareAt(f, r)
			e.between.Add(sq)
			if cannon && p.At(sq) != xiangqi.NoPiece {
				e.screens.Add(sq)
			}
		}
	}
}

func (e *evasionFilter) checkerAt(s xiangqi.Square) bool { return e.isChecker.Has(s) }

// appendLikely appends the answers to check likeliest to escape, without generating the
// other moves: the captures of each checker (in the order of the checkers, then of
// p.AppendAttackers), then the other king moves. The mate search, which stops at the
// first escape, and the check-line search, whose bounds cut soonest after the replies
// that hold the chaser down, try them before appendOthers (the order stays a function
// of the position; only the work depends on it).
func (e *evasionFilter) appendLikely(p *xiangqi.Position, dst []xiangqi.Move) []xiangqi.Move {
	def := p.At(e.king).Color()
	var abuf [16]xiangqi.Square
	for _, c := range e.checkers[:e.n] {
		for _, from := range p.AppendAttackers(abuf[:0], c, def) {
			dst = append(dst, xiangqi.NewMove(from, c))
		}
	}
	n := len(dst)
	dst = p.AppendPieceMoves(dst, e.king)
	k := n
	for _, m := range dst[n:] {
		if !e.checkerAt(m.To()) {
			dst[k] = m
			k++
		}
	}
	return dst[:k]
}

// appendOthers appends the answers to check appendLikely leaves out that may end the
// check (mayEvade), in the order of AppendPseudoMoves.
func (e *evasionFilter) appendOthers(p *xiangqi.Position, dst []xiangqi.Move) []xiangqi.Move {
	// Besides the king's moves and the captures of a checker (appendLikely's), an
	// answer may evade only by moving a cannon's screen or onto a square between.
	n := len(dst)
	dst = p.AppendMovesFromOrTo(dst, e.screens, e.between)
	out := dst[:n]
	for _, r := range dst[n:] {
		if r.From() != e.king && !e.checkerAt(r.To()) {
			out = append(out, r)
		}
	}
	return out
}

// mayEvade is the filter's test of one move: appendLikely and appendOthers together
// generate exactly the pseudo-legal moves it passes (TestEvasionsSameSet).
func (e *evasionFilter) mayEvade(m xiangqi.Move) bool {
	from, to := m.From(), m.To()
	return from == e.king || e.between.Has(to) || e.screens.Has(from) || e.checkerAt(to)
}

// hasCheck reports whether the side to move in p has a legal checking move. It is the
// cheap first question before any search that is made only of checks.
func hasCheck(p *xiangqi.Position) bool {
	att := p.SideToMove()
	def := att.Other()
	var buf [128]xiangqi.Move
	for _, m := range appendCheckMoves(p, buf[:0]) {
		cap := p.MakeMove(m)
		ok := cap.Kind() != xiangqi.King && p.InCheck(def) && !p.InCheck(att)
		p.UnmakeMove(m, cap)
		if ok {
			return true
		}
	}
	return false
}

// appendCheckMoves appends the moves of the side to move of p that may give check: the
// candidates of xiangqi.AppendCheckCandidates, a superset of the checking moves whose
// every check the caller tests by playing it. In a position where the enemy king is
// attacked already (only the hypothetical positions of the analysis have one: a piece
// taken off the board to see whether it is needed, 26.x), every move keeps it attacked;
// there the moves are those that start or end on the king's lines or next to it, or a
// horse's that attacks it (mayCheck), as the analysis has always read such positions.
func appendCheckMoves(p *xiangqi.Position, dst []xiangqi.Move) []xiangqi.Move {
	n := len(dst)
	dst, all := p.AppendCheckCandidates(dst)
	if !all {
		return dst
	}
	k := p.KingSquare(p.SideToMove().Other())
	out := dst[:n]
	for _, m := range dst[n:] {
		if mayCheck(p, m, k) {
			out = append(out, m)
		}
	}
	return out
}

// mayCheck is a geometric pre-filter: m (by the side to move of p) can give check to the
// king on k only if it starts or ends on the king's file or rank (rook and cannon lines,
// discovered checks, a new cannon screen, facing kings), starts on a horse's leg next to
// the king (a discovered horse check), or is a horse move to a square attacking the king.
// Pawns check from an orthogonally adjacent square, which is on the king's lines.
func mayCheck(p *xiangqi.Position, m xiangqi.Move, k xiangqi.Square) bool {
	from, to := m.From(), m.To()
	kf, kr := k.File(), k.Rank()
	if from.File() == kf || from.Rank() == kr || to.File() == kf || to.Rank() == kr {
		return true
	}
	if abs(from.File()-kf) == 1 && abs(from.Rank()-kr) == 1 {
		return true
	}
	if p.At(from).Kind() == xiangqi.Horse {
		df, dr := abs(to.File()-kf), abs(to.Rank()-kr)
		return df+dr == 3 && df != 0 && dr != 0
	}
	return false
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// threatensMate reports whether side c, if its opponent passed in p, would mate by
// consecutive checks (the null-move test of 杀). p is not modified.
func (s *mateSearch) threatensMate(p xiangqi.Position, c xiangqi.Color, depth int) bool {
	p.SetSideToMove(c)
	if p.InCheck(c.Other()) {
		// c's opponent is in check: it cannot pass, the question is moot.
		return false
	}
	return s.canMate(&p, depth)
}
