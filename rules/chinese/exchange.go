package chinese

import (
	"slices"

	"github.com/arbiter-xq/arbiter/xiangqi"
)

// Exchange evaluation on one square (CXA 2020 26.5, 完整的交换过程): after a capture, the
// two sides may go on capturing on the same square with legal moves only, and either
// side may stop when going on would cost it. A capture or recapture after which the
// capturing side is mated by consecutive checks does not count (CXA 29.4 for the chaser;
// the same test for the defender makes a protector tied to its line a false root, 假根).
// All values are seen from the chasing side (see value.go for the floating pawn).

const maxExchangePlies = 14

// analyst evaluates threats for one chasing side. It is not safe for concurrent use.
type analyst struct {
	chaser xiangqi.Color
	mates  *mateSearch
	// lineNodes bounds the check-line search of one scan (抽吃, see chase.go).
	lineNodes int
	// leafExchanges is set while valuing the captures at the end of a check line: the
	// exchanges there are not tested for mates against the recapturing sides (the final
	// capturer still is, CXA 29.4). See exchange.
	leafExchanges bool
	// lineRoot is the position a scan of the chaser's check lines starts from (dutyLost).
	lineRoot *xiangqi.Position
	// root holds eachCheckLine's lineRoot (a field, not a local, so that it does not
	// cost an allocation per scan).
	root xiangqi.Position
	// lineCut records that the budget cut a check-line search short.
	lineCut bool
	// duty is set while scanning the baseline of newness (the position before the
	// move): the defender may then also take what the chaser's capturing pieces
	// stopped protecting (wardList.duties).
	duty bool
	// squareOnly restricts an exchange to the captures on its square (elsewhere.go).
	squareOnly bool
	// exchangeCheckFree is set while the first check of a line of eachCheckLine is
	// played: when it captures and the defender takes the checker back, that exchange
	// is not counted as one of the line's checks (chase.go, line).
	exchangeCheckFree bool
	// floorTest is set by checkLine for its raw pass, which only asks whether the line
	// reaches its floor (line reads and clears it: the lines inside are valued as usual).
	floorTest bool
	// offSquare is set while valuing an exchange whose first recapture may not be on the
	// exchange square (offSquareGain): the defender answers elsewhere.
	offSquare bool
	// counter is set for the defender's own series of checks after a capture (a root
	// by consecutive checks): the mates that end its lines are asked to a shallower
	// depth (see counterLineMateDepth).
	counter bool
}

// capturedMateDepth is the depth of the "is the capturer mated" questions (CXA 29.4).
func (a *analyst) capturedMateDepth() int {
	if a.counter {
		return counterLineMateDepth
	}
	return mateAfterCaptureDepth
}

// matedAfter reports whether the side to move in p (the opponent of the side that just
// captured) mates by consecutive checks.
func (a *analyst) matedAfter(p *xiangqi.Position) bool {
	if a.mates.plain() {
		return false
	}
	return a.mates.canMateWithin(p, a.capturedMateDepth(), capturedMateBudget)
}

// exchange returns the best gain, for the side to move in p, of going on capturing,
// stopping when it pays (never below 0). The captures considered are those on the
// exchange square s and those the exchange itself made possible (a line opened by a piece
// that left its square: a discovered attack, or a pinned capturer exposing a piece behind
// it, 图23 被牵子捉子; or, for the chaser, a piece the first victim or a recapturing piece
// protected that nothing protects any more, 图4, see wardList; not at the end of a check line, where the exchange
// is a bounded look-ahead). Captures that already stood in root, the position
// before the first capture, are the two sides' own business and are left out.
//
// Inside the exchange a capture after which the capturing side is mated by consecutive
// checks is no option (29.4, and 假根 for the defender's recaptures). At the end of a
// check line (抽吃) that test is skipped: the line is already a bounded look-ahead, and
// the mate questions on every recapture of every leaf made the line search cost
// milliseconds in open positions; on the official diagrams it changes no nature.
//
// vacated lists the squares the capturers left; they are the only squares whose
// occupancy differs from root (s stays occupied), so only pieces whose moves pass
// through one of them, and the piece on s, can have a capture root did not have.
//
// Results are memoized per judgement (mateSearch.exch): capture orders that reach the
// same position with the same squares vacated collapse into one search. The key holds
// everything the result depends on: the position, the root (hence the first victim and
// its wards), the exchange square, the vacated set, the ply (the depth limit), the
// chasing side and the mate-test mode.
func (a *analyst) exchange(p, root *xiangqi.Position, s xiangqi.Square, vacated []xiangqi.Square, ply int, wards *wardList) int {
	return a.exchangeBelow(p, root, s, vacated, ply, wards, noCeiling)
}

// exchangeBelow is exchange for a caller that needs the exact value only when it is
// below limit: as soon as an option worth limit or more is found it returns that value
// (a lower bound) without weighing the others. The table keeps exact values and, from
// such cuts, proven lower bounds.
func (a *analyst) exchangeBelow(p, root *xiangqi.Position, s xiangqi.Square, vacated []xiangqi.Square, ply int, wards *wardList, limit int) int {
	if ply >= maxExchangePlies {
		return 0
	}
	key := exchKey{hash: p.Hash(), root: root.Hash(), s: int8(s), ply: int8(ply), chaser: int8(a.chaser)}
	for _, v := range vacated {
		key.vac.Add(v)
	}
	if a.leafExchanges {
		key.mode |= 1
	}
	if a.counter {
		key.mode |= 2
	}
	if a.duty {
		key.mode |= 4
	}
	if a.squareOnly {
		key.mode |= 8
	}
	if a.offSquare {
		key.mode |= 16
	}
	h := key.tableHash()
	if e, ok := a.mates.exch.get(key, h); ok && (e.exact || int(e.v) >= limit) {
		return int(e.v)
	}
	if !a.mates.spend(1) {
		return 0 // out of budget: the judgement is redone in a cheaper mode (budget.go)
	}
	v, exact := a.computeExchange(p, root, s, vacated, ply, wards, limit)
	if !a.mates.over {
		a.mates.exch.put(key, h, exchEntry{int32(v), exact})
	}
	return v
}

// exchEntry is a result of exchange: exact, or a lower bound (exact false).
type exchEntry struct {
	v     int32
	exact bool
}

// exchKey identifies one exchange question within a judgement.
type exchKey struct {
	hash, root uint64
	vac        squareSet
	s, ply     int8
	chaser     int8
	mode       uint8
}

func (k exchKey) tableHash() uint64 {
	return mix(k.hash ^ k.root*0x9e3779b97f4a7c15 ^ k.vac[0]*0xc2b2ae3d27d4eb4f ^ k.vac[1]*0x165667b19e3779f9 ^
		uint64(uint8(k.s)) ^ uint64(uint8(k.ply))<<8 ^ uint64(uint8(k.chaser))<<16 ^ uint64(k.mode)<<24)
}

func (a *analyst) computeExchange(p, root *xiangqi.Position, s xiangqi.Square, vacated []xiangqi.Square, ply int, wards *wardList, limit int) (int, bool) {
	mover := p.SideToMove()
	var buf [64]xiangqi.Move
	var moves []xiangqi.Move
	if a.squareOnly {
		var abuf [16]xiangqi.Square
		moves = buf[:0]
		for _, from := range p.AppendAttackers(abuf[:0], s, mover) {
			moves = append(moves, xiangqi.NewMove(from, s))
		}
	} else {
		moves = a.exchangeMoves(p, s, vacated, buf[:0])
		moves = appendArrivalCaptures(p, root, s, moves)
	}
	var wardSet squareSet
	if a.squareOnly {
		// Only the captures on the exchange square (elsewhere.go).
	} else if first := root.At(s); first != xiangqi.NoPiece && first.Color() != mover && !a.leafExchanges {
		v, o := wards.all(root, s, vacated)
		wardSet = v
		wardSet.Union(o)
		moves = wards.appendCaptures(p, root, s, vacated, moves)
	} else if mover != a.chaser && !a.leafExchanges && (a.duty || rootedVictim(root, s, mover)) {
		// The chaser's pieces that capture stop guarding what they guarded: in the
		// complete exchange on a protected victim (少根 is decided by it, 26.5) the
		// defender may take such a piece instead of taking back (an overloaded root of
		// the chaser's side: the cannon that takes the advisor leaves the horse it
		// guarded over a screen to the black rook). An unprotected victim (无根) is
		// chased whatever its capturer guarded (图22: the rook that takes the pawn and
		// abandons its horse chases); there the duty only decides newness (a.duty).
		wardSet = wards.duties(root, vacated, a.chaser)
		moves = appendDutyCaptures(p, root, wardSet, moves)
	}
	// The generation costs about as much as trying the moves: one unit per vacated
	// square scanned and per capture found.
	if !a.mates.spend(len(vacated) + len(moves)) {
		return 0, false
	}
	// The candidates, most valuable capture first. A capture can net at most what it
	// takes (the other side's best answer is never below 0), so once the best option
	// found is worth at least the next capture's victim, the rest are not searched. The
	// mate test (CXA 29.4) only removes options: it is asked of an option only when it
	// would improve on the best so far. The result, the best option that survives, does
	// not depend on the order the candidates are tried in.
	var obuf [16]option // more go to the heap
	cands := obuf[:0]
	for _, m := range moves {
		from, to := m.From(), m.To()
		target := p.At(to)
		if target == xiangqi.NoPiece || target.Color() == mover || target.Kind() == xiangqi.King || value(target, to, a.chaser) <= 0 {
			continue
		}
		if a.offSquare && ply == 1 && to == s {
			continue // offSquareGain: the defender's first answer is elsewhere
		}
		if mover == a.chaser && p.At(from).Kind() == xiangqi.King {
			// The king's capture is no part of the exchange's gain (26.1): a trade that
			// is even until the king joins in is the king's own attack, idle
			// (spec §1.4 a 5, 参考图32: the piece exchanges first and only then can the
			// king take; they do not chase together).
			continue
		}
		if to != s && root.At(from) == p.At(from) && root.At(to) == target && root.CanMoveGeometrically(from, to) && !wardSet.Has(to) {
			continue // not made possible by the exchange
		}
		if to != s && mover != a.chaser && value(target, to, a.chaser) == value(root.At(s), s, a.chaser) && target.Kind() == root.At(s).Kind() {
			// The defender takes back the same kind of piece as the first victim on a
			// line the exchange opened: that is an exchange of its own (兑), which the
			// defender may choose, and the chaser still wins the victim (参考图27: the
			// cannon takes a rook, and the rank it leaves lets the two other rooks face
			// each other). A heavier piece lost that way is a real loss (图23 被牵子捉子:
			// the cannon that takes a horse exposes its rook).
			continue
		}
		cands = append(cands, option{m, value(target, to, a.chaser)})
	}
	sortOptions(cands)
	best := 0
	for _, o := range cands {
		if o.v <= best {
			break
		}
		m := o.m
		cap := p.MakeMove(m)
		if p.InCheck(mover) {
			p.UnmakeMove(m, cap)
			continue
		}
		// The answer matters only if it leaves this option above best: it is needed
		// exactly only below o.v-best (the exhaustive mode of the tests values it).
		answer := o.v - best
		if a.mates.exhaustive {
			answer = noCeiling
		}
		v := o.v - a.exchangeBelow(p, root, s, append(vacated, m.From()), ply+1, wards, answer)
		if v > best && (a.leafExchanges || !a.matedAfter(p)) {
			best = v
		}
		p.UnmakeMove(m, cap)
		if best >= limit {
			return best, false // the caller needs no more
		}
	}
	return best, true
}

// option is a capture and its value for the side making it.
type option struct {
	m xiangqi.Move
	v int
}

// sortOptions sorts by value, best first (insertion sort: a handful of options).
func sortOptions(o []option) {
	for i := 1; i < len(o); i++ {
		for j := i; j > 0 && o[j].v > o[j-1].v; j-- {
			o[j], o[j-1] = o[j-1], o[j]
		}
	}
}

// exchangeMoves appends the side to move's captures that exchange may consider: every
// capture on s, and the captures of the piece on s and of the pieces whose lines, legs or
// eyes pass through a vacated square.
func (a *analyst) exchangeMoves(p *xiangqi.Position, s xiangqi.Square, vacated []xiangqi.Square, dst []xiangqi.Move) []xiangqi.Move {
	mover := p.SideToMove()
	var abuf [16]xiangqi.Square
	for _, from := range p.AppendAttackers(abuf[:0], s, mover) {
		dst = append(dst, xiangqi.NewMove(from, s))
	}
	if pc := p.At(s); pc != xiangqi.NoPiece && pc.Color() == mover {
		dst = appendCaptures(p, s, dst)
	}
	// The pieces whose moves pass through a vacated square: rooks and cannons on its
	// file or rank, horses with their leg on it, elephants with their eye on it. Each
	// piece once, even when several vacated squares concern it.
	var seen squareSet
	seen.Add(s)
	try := func(from xiangqi.Square) {
		if !seen.Has(from) {
			seen.Add(from)
			dst = appendCaptures(p, from, dst)
		}
	}
	lines, horses := p.LinePieces(mover), p.Horses(mover)
	elephant := xiangqi.MakePiece(mover, xiangqi.Elephant)
	for _, v := range vacated {
		for _, line := range [2]squareSet{xiangqi.RankSquares(v.Rank()), xiangqi.FileSquares(v.File())} {
			line.Intersect(lines)
			for from := line.Pop(); from != xiangqi.NoSquare; from = line.Pop() {
				try(from)
			}
		}
		for _, from := range neighbours[v].orth[:neighbours[v].nOrth] {
			if horses.Has(from) {
				try(from)
			}
		}
		for _, from := range neighbours[v].diag[:neighbours[v].nDiag] {
			if p.At(from) == elephant {
				try(from)
			}
		}
	}
	return dst
}

// wardList holds the pieces that the defender's pieces taking part in an exchange
// protected in the position before the first capture (their wards), found the first
// time they are asked for.
//
// The exchange goes on on other squares (26.5, 完整的交换过程): once the victim is taken,
// the pieces it guarded may be won too (图4: the cannon takes a horse, the elephant takes
// back, and the pawn the horse guarded falls to the red horse). The same holds for the
// defender's recapturing pieces: a piece drawn away from its post to take back stops
// protecting what it guarded there, and the chaser may take that (an overloaded
// defender, insufficient root: the cannon takes a horse, the horse that takes back
// leaves a cannon it guarded to the rook). A ward counts only while it stands where it
// stood and nothing protects it any more.
//
// The wards of one piece are pieces of its side other than its king and itself, at most
// 14, so a set never fills up (a truncated list would depend on the order of the
// squares).
type wardList struct {
	n   int
	src [maxWardSources]xiangqi.Square
	set [maxWardSources]squareSet
}

// maxWardSources is the number of guarding pieces whose wards are cached; more are
// computed each time they are asked for (an exchange has at most a few recaptures).
const maxWardSources = 8

// of returns the wards of the piece on src in root.
func (w *wardList) of(root *xiangqi.Position, src xiangqi.Square) squareSet {
	for i := 0; i < w.n; i++ {
		if w.src[i] == src {
			return w.set[i]
		}
	}
	set := findWards(root, src)
	if w.n < maxWardSources {
		w.src[w.n], w.set[w.n] = src, set
		w.n++
	}
	return set
}

// findWards lists the pieces the piece on s protects in root.
func findWards(root *xiangqi.Position, s xiangqi.Square) squareSet {
	var set squareSet
	guard := root.At(s)
	if guard == xiangqi.NoPiece {
		return set
	}
	c := guard.Color()
	for mine := root.Pieces(c); ; {
		t := mine.Pop()
		if t == xiangqi.NoSquare {
			break
		}
		if t == s || root.At(t).Kind() == xiangqi.King {
			continue
		}
		if t.File() != s.File() && t.Rank() != s.Rank() && (abs(t.File()-s.File()) > 2 || abs(t.Rank()-s.Rank()) > 2) {
			continue // out of reach of any piece on s
		}
		if root.Attacks(s, t) {
			set.Add(t)
		}
	}
	return set
}

// all returns the wards of the first victim (on s) and of the defender's pieces that
// have left their squares in the exchange so far (vacated, in the order of the
// captures; the defender's are the squares root holds one of its pieces on): first
// the victim's, then the others'.
func (w *wardList) all(root *xiangqi.Position, s xiangqi.Square, vacated []xiangqi.Square) (victim, others squareSet) {
	victim = w.of(root, s)
	def := root.At(s).Color()
	for _, v := range vacated {
		if pc := root.At(v); pc != xiangqi.NoPiece && pc.Color() == def {
			others.Union(w.of(root, v))
		}
	}
	return victim, others
}

// appendCaptures appends the chaser's captures (it is to move in p) of the wards (see
// all) that still stand where they stood in root and that nothing protects any more.
//
// A ward of a recapturing piece is taken only when the exchange so far has not cost the
// chaser material (balance, see exchangeBalance), and not by a pawn: an even trade that
// draws a defender off its post wins what it guarded (the cannon takes a horse, the
// horse that takes back leaves a cannon to the rook), while a piece given up to deflect
// the defender is a combination, not a complete exchange (参考图31: the cannon that takes
// the pawn i5 and is taken by the horse guarding the cannon e5 wins nothing), and a
// pawn's capture is the pawn's own attack (26.1; 参考图33: the advisor that takes the
// horse on d9 leaves the advisor f7 to the pawn, and the book counts no gain).
func (w *wardList) appendCaptures(p, root *xiangqi.Position, s xiangqi.Square, vacated []xiangqi.Square, dst []xiangqi.Move) []xiangqi.Move {
	victim, others := w.all(root, s, vacated)
	set := victim
	set.Union(others)
	if set.Empty() {
		return dst
	}
	balanced := -1 // unknown
	var buf [16]xiangqi.Square
	for bits := set; ; {
		t := bits.Pop()
		if t == xiangqi.NoSquare {
			break
		}
		if p.At(t) != root.At(t) || p.AttackedBy(t, p.At(t).Color()) {
			continue // moved, or still protected: the exchange does not reach it
		}
		own := victim.Has(t)
		if !own {
			if balanced < 0 {
				balanced = 0
				if exchangeBalance(p, root, p.SideToMove()) >= 0 {
					balanced = 1
				}
			}
			if balanced == 0 {
				continue
			}
		}
		for _, from := range p.AppendAttackers(buf[:0], t, p.SideToMove()) {
			if !own && p.At(from).Kind() == xiangqi.Pawn {
				continue
			}
			dst = append(dst, xiangqi.NewMove(from, t))
		}
	}
	return dst
}

// duties returns the wards of the chaser's pieces that have left their squares in the
// exchange so far (the first capturer and the chaser's recapturing pieces): the pieces
// they protected in root (spec §1.2 4, 做根子捉子, 得不偿失, 参考图28). A piece that is
// the root of another and captures leaves that other piece to the defender; the
// complete exchange weighs it (图12: the rook g7 that takes the pawn g9 leaves the
// cannon h7 it protects to the red rook, so the pawn is not won while the cannon stands
// there, and the cannon's escape makes the win new).
func (w *wardList) duties(root *xiangqi.Position, vacated []xiangqi.Square, chaser xiangqi.Color) squareSet {
	var set squareSet
	for _, v := range vacated {
		if pc := root.At(v); pc != xiangqi.NoPiece && pc.Color() == chaser {
			set.Union(w.of(root, v))
		}
	}
	return set
}

// rootedVictim reports whether the piece on s in root, before the first capture of an
// exchange, was protected by its side def (geometrically: a protector pinned or tied to
// its line still makes the exchange a complete one to weigh).
func rootedVictim(root *xiangqi.Position, s xiangqi.Square, def xiangqi.Color) bool {
	pc := root.At(s)
	return pc != xiangqi.NoPiece && pc.Color() == def && root.AttackedBy(s, def)
}

// appendDutyCaptures appends the defender's captures (it is to move in p) of the
// chaser's pieces in duty (see duties) that still stand where they stood in root and
// that nothing protects any more.
func appendDutyCaptures(p, root *xiangqi.Position, duty squareSet, dst []xiangqi.Move) []xiangqi.Move {
	if duty.Empty() {
		return dst
	}
	var buf [16]xiangqi.Square
	for bits := duty; ; {
		t := bits.Pop()
		if t == xiangqi.NoSquare {
			break
		}
		if p.At(t) != root.At(t) || !isMaterial(p.At(t), t) || p.AttackedBy(t, p.At(t).Color()) {
			continue
		}
		for _, from := range p.AppendAttackers(buf[:0], t, p.SideToMove()) {
			dst = append(dst, xiangqi.NewMove(from, t))
		}
	}
	return dst
}

// appendArrivalCaptures appends the side to move's captures, not yet in dst, of the
// opponent's pieces that the exchange brought to a square other than s: a piece that
// captured elsewhere (on a line the exchange opened, or a ward) may be taken back where
// it landed, by any piece, as on s (26.5, 完整的交换过程: the ordinary recapture at the
// second point; the black rook that takes a rook on a file the first capture opened is
// taken back by the horse that guards it).
func appendArrivalCaptures(p, root *xiangqi.Position, s xiangqi.Square, dst []xiangqi.Move) []xiangqi.Move {
	mover := p.SideToMove()
	n := len(dst)
	var buf [16]xiangqi.Square
	for theirs := p.Pieces(mover.Other()); ; {
		t := theirs.Pop()
		if t == xiangqi.NoSquare {
			break
		}
		if t == s || p.At(t) == root.At(t) {
			continue
		}
		for _, from := range p.AppendAttackers(buf[:0], t, mover) {
			m := xiangqi.NewMove(from, t)
			if !slices.Contains(dst[:n], m) {
				dst = append(dst, m)
			}
		}
	}
	return dst
}

// exchangeBalance returns the material c has won since root (what it took minus what
// it lost), valued by c (value.go).
func exchangeBalance(p, root *xiangqi.Position, c xiangqi.Color) int {
	bal := 0
	for t := xiangqi.Square(0); t < xiangqi.NumSquares; t++ {
		was, now := root.At(t), p.At(t)
		if was == now {
			continue
		}
		if was != xiangqi.NoPiece {
			if was.Color() == c {
				bal -= value(was, t, c)
			} else {
				bal += value(was, t, c)
			}
		}
		if now != xiangqi.NoPiece {
			if now.Color() == c {
				bal += value(now, t, c)
			} else {
				bal -= value(now, t, c)
			}
		}
	}
	return bal
}

// appendCaptures appends the captures (of anything but s's own side) of the piece on from.
func appendCaptures(p *xiangqi.Position, from xiangqi.Square, dst []xiangqi.Move) []xiangqi.Move {
	return p.AppendPieceCaptures(dst, from)
}

// captureGain returns the chaser's net gain from capture m in p (chaser to move) followed
// by the best exchange on the square. ok is false when the capture is illegal or the
// capturer would be mated after it. With relaxed set the chaser's own king safety is
// ignored (used only for the "did it exist before" baseline when the chaser was in check).
func (a *analyst) captureGain(p *xiangqi.Position, m xiangqi.Move, relaxed bool) (gain int, ok bool) {
	return a.captureGainSign(p, m, relaxed, false)
}

// captureWins is captureGain for a caller that only asks whether the capture wins
// (gain above 0): the gain it returns is captureGain's when that is 0 or less, and above
// 0 when captureGain's is. A root by consecutive checks then matters only when it wins
// back all the capture took, and the defender's lines worth less are not valued.
func (a *analyst) captureWins(p *xiangqi.Position, m xiangqi.Move, relaxed bool) (gain int, ok bool) {
	return a.captureGainSign(p, m, relaxed, true)
}

// captureGainSign is captureGain, or captureWins with signOnly set.
func (a *analyst) captureGainSign(p *xiangqi.Position, m xiangqi.Move, relaxed, signOnly bool) (gain int, ok bool) {
	g, legal := a.rawGain(p, m, relaxed)
	if !legal {
		return 0, false
	}
	if g > 0 && !relaxed && a.matedAfterCapture(p, m) {
		return g, false
	}
	if g > 0 && !relaxed {
		// A root by consecutive checks (CXA 28.16 暗根; 图3): after the capture the
		// defender may, instead of recapturing, win material back through a series of
		// checks. The capture wins only what it takes beyond that.
		// Only what the capture opens counts: a check line the defender had anyway (a
		// hanging piece of the chaser's taken with check, 参考图21) is no root.
		// What the defender wins back changes the gain only beyond value-g (below).
		cap := p.MakeMove(m)
		floor := value(cap, m.To(), a.chaser) - g + 1
		if signOnly {
			// Only a line that wins back all the capture took turns the gain to 0 or
			// less (a line worth floor or more is valued exactly either way).
			floor = value(cap, m.To(), a.chaser)
		}
		back, won := a.counterChecks(p, m, a.floor(floor))
		p.UnmakeMove(m, cap)
		if back > 0 {
			// Only what the capture opens is a root: a check line the defender had
			// anyway, winning the same pieces, is its own business (参考图34).
			q := *p
			q.SetSideToMove(a.chaser.Other())
			if before, had := a.counterChecks(&q, 0, 1); !newVictim(&won, &had) {
				back = max(0, back-before)
			}
		}
		if v := value(cap, m.To(), a.chaser) - back; v < g {
			g = v
		}
	}
	return g, true
}

// counterChecks returns the most the side to move of p (the defender) wins through a
// series of consecutive checks (抽吃, 2 to checkLineDepth checks) and the pieces such
// lines win; 0 when none wins anything. A line counts only when its later checks add to
// what the first check alone wins, and, after the chaser's capture m, it may not start by
// taking a piece the capturer guarded from its old square. Both are the plain loss of a
// piece the capturer no longer guards (its duty as a root), which the book does not weigh
// as a root of the victim (参考图21, 参考图46, 图9); a series of checks that wins
// material back is one (图3). m is 0 for the position before the capture.
//
// floor (at least 1) is the least the caller has a use for: lines worth less are not
// valued exactly, and when no line reaches floor the answer is 0.
func (a *analyst) counterChecks(p *xiangqi.Position, m xiangqi.Move, floor int) (int, victimSet) {
	var victims victimSet
	if a.mates.plain() || !hasCheck(p) {
		return 0, victims
	}
	d := &analyst{chaser: a.chaser.Other(), mates: a.mates, counter: true}
	best := 0
	var mbuf [128]xiangqi.Move
	for _, k := range appendCheckMoves(p, mbuf[:0]) {
		if m != 0 && p.At(k.To()) != xiangqi.NoPiece && guarded(p, m, k.To()) {
			continue
		}
		// A line counts when it wins at least lo and more than the check alone does:
		// the single check is valued first (exactly only from lo up), so that the
		// longer line is searched only for what would beat it. Most lines that win
		// anything win it with their first check, and the longer line's floor test
		// then ends them early.
		lo := max(best, floor)
		if g1, _, ok1 := d.checkLine(p, k, 1, d.floor(lo)); ok1 && g1 >= lo {
			lo = g1 + 1 // a single check wins as much
		}
		g, vs, ok := d.checkLine(p, k, checkLineDepth, d.floor(lo))
		if !ok || g < lo {
			continue
		}
		if g > best {
			best, victims = g, vs
		} else {
			victims.union(&vs)
		}
	}
	return best, victims
}

// newVictim reports whether a piece in won is missing from had.
func newVictim(won, had *victimSet) bool {
	for i := 0; i < won.n; i++ {
		found := false
		for j := 0; j < had.n; j++ {
			found = found || had.sq[j] == won.sq[i]
		}
		if !found {
			return true
		}
	}
	return false
}

// rawGain is captureGain without the final "is the capturer mated" test.
func (a *analyst) rawGain(p *xiangqi.Position, m xiangqi.Move, relaxed bool) (gain int, legal bool) {
	s := m.To()
	root := *p
	cap := p.MakeMove(m)
	defer p.UnmakeMove(m, cap)
	if cap == xiangqi.NoPiece || cap.Kind() == xiangqi.King {
		return 0, false
	}
	if !relaxed && p.InCheck(a.chaser) {
		return 0, false
	}
	var vbuf [maxExchangePlies]xiangqi.Square
	var wards wardList
	return value(cap, s, a.chaser) - a.exchange(p, &root, s, append(vbuf[:0], m.From()), 1, &wards), true
}

// offSquareGain is rawGain (legal captures only) when the defender's first answer to
// the capture m is not a recapture on m.To() but one of the other captures the exchange
// considers (an in-between capture, 26.5: the defender is not forced to take back on
// the first square); value of the victim when it has none.
func (a *analyst) offSquareGain(p *xiangqi.Position, m xiangqi.Move) int {
	a.offSquare = true
	g, legal := a.rawGain(p, m, false)
	a.offSquare = false
	if !legal {
		return noCeiling
	}
	return g
}

// matedAfterCapture reports whether the chaser is mated by consecutive checks after its
// capture m in p (CXA 29.4).
func (a *analyst) matedAfterCapture(p *xiangqi.Position, m xiangqi.Move) bool {
	cap := p.MakeMove(m)
	defer p.UnmakeMove(m, cap)
	return a.matedAfter(p)
}

// recaptures returns how many pieces of the defender attack s after the chaser's
// capture m (geometric protectors), and how many of them may really recapture: legally
// (own king safe, no facing kings) and without being mated at once.
func (a *analyst) recaptures(p *xiangqi.Position, m xiangqi.Move) (geometric, real int) {
	s := m.To()
	cap := p.MakeMove(m)
	defer p.UnmakeMove(m, cap)
	def := p.SideToMove()
	var buf [16]xiangqi.Square
	for _, from := range p.AppendAttackers(buf[:0], s, def) {
		geometric++
		r := xiangqi.NewMove(from, s)
		c2 := p.MakeMove(r)
		if !p.InCheck(def) && !a.matedAfter(p) {
			real++
		}
		p.UnmakeMove(r, c2)
	}
	return geometric, real
}

// guarded reports whether the piece that made the capture m (now on m.To() in p)
// attacked s from its old square, m.From(): it guarded s before the capture.
func guarded(p *xiangqi.Position, m xiangqi.Move, s xiangqi.Square) bool {
	q := *p
	pc := q.At(m.To())
	q.Put(m.To(), xiangqi.NoPiece)
	q.Put(m.From(), pc)
	var buf [16]xiangqi.Square
	return containsSquare(q.AppendAttackers(buf[:0], s, pc.Color()), m.From())
}

// neighbours holds, for each square, the squares next to it on its file and rank (a
// horse there has its leg on it) and diagonally (an elephant there has its eye on it),
// each in a fixed order of directions.
var neighbours = func() (n [xiangqi.NumSquares]struct {
	orth, diag   [4]xiangqi.Square
	nOrth, nDiag uint8
}) {
	for s := range xiangqi.NumSquares {
		sq := xiangqi.Square(s)
		f, r := sq.File(), sq.Rank()
		e := &n[s]
		for _, d := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			if g, q := f+d[0], r+d[1]; g >= 0 && g < xiangqi.Files && q >= 0 && q < xiangqi.Ranks {
				e.orth[e.nOrth] = xiangqi.SquareAt(g, q)
				e.nOrth++
			}
		}
		for _, d := range [4][2]int{{1, 1}, {-1, 1}, {1, -1}, {-1, -1}} {
			if g, q := f+d[0], r+d[1]; g >= 0 && g < xiangqi.Files && q >= 0 && q < xiangqi.Ranks {
				e.diag[e.nDiag] = xiangqi.SquareAt(g, q)
				e.nDiag++
			}
		}
	}
	return n
}()
