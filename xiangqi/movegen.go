package xiangqi

// CanMoveGeometrically reports whether the piece on from could move to to by its
// movement rule on the current board (ignoring whose turn it is and king safety).
// The destination must be empty or hold an enemy piece.
func (p *Position) CanMoveGeometrically(from, to Square) bool {
	_, ok := p.geometry(from, to)
	return ok
}

// geometry checks the movement rule; on failure it returns the reason.
func (p *Position) geometry(from, to Square) (string, bool) {
	if !from.Valid() || !to.Valid() {
		return "square off the board", false
	}
	pc := p.board[from]
	if pc == NoPiece {
		return "no piece on " + from.String(), false
	}
	if from == to {
		return "the piece does not move", false
	}
	c := pc.Color()
	if t := p.board[to]; t != NoPiece && t.Color() == c {
		return "own piece on " + to.String(), false
	}
	k := pc.Kind()
	switch k {
	case King, Advisor, Elephant, Horse, Pawn:
		var l *stepList
		switch k {
		case King:
			l = &kingSteps[c][from]
		case Advisor:
			l = &advisorSteps[c][from]
		case Elephant:
			l = &elephantSteps[c][from]
		case Horse:
			l = &horseSteps[from]
		case Pawn:
			l = &pawnSteps[c][from]
		}
		for i := uint8(0); i < l.n; i++ {
			st := l.steps[i]
			if st.to != to {
				continue
			}
			if st.block != NoSquare && p.board[st.block] != NoPiece {
				if k == Horse {
					return "the horse's leg at " + st.block.String() + " is blocked", false
				}
				return "the elephant's eye at " + st.block.String() + " is blocked", false
			}
			return "", true
		}
		return "a " + k.String() + " cannot move from " + from.String() + " to " + to.String(), false
	case Rook, Cannon:
		ff, fr, tf, tr := from.File(), from.Rank(), to.File(), to.Rank()
		if ff != tf && fr != tr {
			return "a " + k.String() + " moves along files and ranks only", false
		}
		step := Square(1)
		if ff == tf {
			step = Files
		}
		if to < from {
			step = -step
		}
		between := 0
		for s := from + step; s != to; s += step {
			if p.board[s] != NoPiece {
				between++
			}
		}
		capture := p.board[to] != NoPiece
		switch {
		case k == Rook && between == 0:
			return "", true
		case k == Rook:
			return "the rook's path is blocked", false
		case !capture && between == 0:
			return "", true
		case !capture:
			return "the cannon's path is blocked", false
		case between == 1:
			return "", true
		default:
			return "a cannon captures by jumping exactly one screen", false
		}
	}
	return "unknown piece", false
}

// IsLegal reports whether m is a legal move for the side to move.
func (p *Position) IsLegal(m Move) bool {
	return p.WhyIllegal(m) == ""
}

// WhyIllegal returns "" when m is legal for the side to move, else the reason in words.
func (p *Position) WhyIllegal(m Move) string {
	from, to := m.From(), m.To()
	if !from.Valid() || !to.Valid() || m == NoMove {
		return "not a move"
	}
	pc := p.board[from]
	if pc == NoPiece {
		return "no piece on " + from.String()
	}
	if pc.Color() != p.side {
		return "the " + pc.Name() + " on " + from.String() + " cannot move: " + p.side.String() + " to move"
	}
	if why, ok := p.geometry(from, to); !ok {
		return why
	}
	cap := p.MakeMove(m)
	bad := p.InCheck(pc.Color())
	facing := bad && p.KingsFacing()
	p.UnmakeMove(m, cap)
	if facing {
		return "the move would leave the kings facing each other"
	}
	if bad {
		return "the move would leave the " + pc.Color().String() + " king in check"
	}
	return ""
}

// AppendPseudoMoves appends every move of the side to move that follows the movement
// rules, without the king-safety test.
func (p *Position) AppendPseudoMoves(dst []Move) []Move {
	for own := p.pieces[p.side]; ; {
		s := own.Pop()
		if s == NoSquare {
			return dst
		}
		dst = p.appendPieceMoves(dst, s, p.board[s])
	}
}

// AppendMovesFromOrTo appends the pseudo-legal moves of the side to move that start on
// a square of from or end on a square of to, in the order of AppendPseudoMoves (they
// are a subsequence of it). A search generates answers to check this way: every move
// of the pieces that may unmask or unblock an attack, and the moves onto the squares
// that block or capture; a rook, cannon or horse that cannot reach to is skipped
// without generating its moves.
func (p *Position) AppendMovesFromOrTo(dst []Move, from, to SquareSet) []Move {
	for own := p.pieces[p.side]; ; {
		s := own.Pop()
		if s == NoSquare {
			return dst
		}
		pc := p.board[s]
		if from.Has(s) {
			dst = p.appendPieceMoves(dst, s, pc)
			continue
		}
		switch pc.Kind() {
		case Rook, Cannon:
			if !to.Meets(rankSquares[squareRank[s]]) && !to.Meets(fileSquares[squareFile[s]]) {
				continue
			}
		case Horse:
			// A horse reaches the squares a horse there would attack it from.
			if !to.Meets(horseAttackerSquares[s]) {
				continue
			}
		default:
			if !to.Meets(stepReach[pc.Color()][pc.Kind()][s]) {
				continue
			}
		}
		n := len(dst)
		dst = p.appendPieceMoves(dst, s, pc)
		k := n
		for _, m := range dst[n:] {
			if to.Has(m.To()) {
				dst[k] = m
				k++
			}
		}
		dst = dst[:k]
	}
}

func (p *Position) appendSteps(dst []Move, from Square, c Color, l *stepList) []Move {
	for i := uint8(0); i < l.n; i++ {
		st := l.steps[i]
		if st.block != NoSquare && p.board[st.block] != NoPiece {
			continue
		}
		if t := p.board[st.to]; t == NoPiece || t.Color() != c {
			dst = append(dst, NewMove(from, st.to))
		}
	}
	return dst
}

// stepsOf returns the step list of a king, advisor, elephant, horse or pawn pc on s;
// nil for a rook or cannon.
func stepsOf(pc Piece, s Square) *stepList {
	c := pc.Color()
	switch pc.Kind() {
	case King:
		return &kingSteps[c][s]
	case Advisor:
		return &advisorSteps[c][s]
	case Elephant:
		return &elephantSteps[c][s]
	case Horse:
		return &horseSteps[s]
	case Pawn:
		return &pawnSteps[c][s]
	}
	return nil
}

// appendStepsTo is appendSteps keeping only the moves that land on a square of to.
func (p *Position) appendStepsTo(dst []Move, from Square, c Color, l *stepList, to SquareSet) []Move {
	for i := uint8(0); i < l.n; i++ {
		st := l.steps[i]
		if !to.Has(st.to) || st.block != NoSquare && p.board[st.block] != NoPiece {
			continue
		}
		if t := p.board[st.to]; t == NoPiece || t.Color() != c {
			dst = append(dst, NewMove(from, st.to))
		}
	}
	return dst
}

func (p *Position) appendPieceMoves(dst []Move, s Square, pc Piece) []Move {
	if l := stepsOf(pc, s); l != nil {
		return p.appendSteps(dst, s, pc.Color(), l)
	}
	return p.appendRayMoves(dst, s, pc, true)
}

// appendRayMoves appends the moves of the rook or cannon pc on s along its four rays:
// its quiet moves to the empty squares up to the first piece when quiet is set, and its
// capture (a rook's of the first piece, a cannon's of the piece beyond its screen).
func (p *Position) appendRayMoves(dst []Move, s Square, pc Piece, quiet bool) []Move {
	c, rook := pc.Color(), pc.Kind() == Rook
	rs := &rays[s]
	for d := range rs {
		r := &rs[d]
		i, n := uint8(0), r.n
		// Empty squares up to the first piece.
		for ; i < n; i++ {
			t := r.sq[i]
			if p.board[t] != NoPiece {
				break
			}
			if quiet {
				dst = append(dst, NewMove(s, t))
			}
		}
		if i == n {
			continue
		}
		if rook {
			if p.board[r.sq[i]].Color() != c {
				dst = append(dst, NewMove(s, r.sq[i]))
			}
			continue
		}
		// A cannon jumps the first piece as its screen and takes the next.
		for i++; i < n; i++ {
			if tp := p.board[r.sq[i]]; tp != NoPiece {
				if tp.Color() != c {
					dst = append(dst, NewMove(s, r.sq[i]))
				}
				break
			}
		}
	}
	return dst
}

// AppendPieceCaptures appends the pseudo-legal captures of the piece on s (any colour):
// the moves of AppendPieceMoves that land on a piece, in the same order.
func (p *Position) AppendPieceCaptures(dst []Move, s Square) []Move {
	pc := p.board[s]
	if pc == NoPiece {
		return dst
	}
	l := stepsOf(pc, s)
	if l == nil {
		return p.appendRayMoves(dst, s, pc, false)
	}
	c := pc.Color()
	for i := uint8(0); i < l.n; i++ {
		st := l.steps[i]
		if st.block != NoSquare && p.board[st.block] != NoPiece {
			continue
		}
		if t := p.board[st.to]; t != NoPiece && t.Color() != c {
			dst = append(dst, NewMove(s, st.to))
		}
	}
	return dst
}

// AppendPieceMoves appends the pseudo-legal moves of the piece on s (any colour).
func (p *Position) AppendPieceMoves(dst []Move, s Square) []Move {
	if pc := p.board[s]; pc != NoPiece {
		return p.appendPieceMoves(dst, s, pc)
	}
	return dst
}

// AppendLegalMoves appends every legal move of the side to move.
func (p *Position) AppendLegalMoves(dst []Move) []Move {
	start := len(dst)
	dst = p.AppendPseudoMoves(dst)
	c := p.side
	safe := !p.InCheck(c)
	out := dst[:start]
	for _, m := range dst[start:] {
		if safe && !p.MayExposeKing(m) {
			out = append(out, m)
			continue
		}
		cap := p.MakeMove(m)
		if !p.InCheck(c) {
			out = append(out, m)
		}
		p.UnmakeMove(m, cap)
	}
	return out
}

// LegalMoves returns every legal move of the side to move.
func (p *Position) LegalMoves() []Move { return p.AppendLegalMoves(make([]Move, 0, 64)) }

// HasLegalMove reports whether the side to move has at least one legal move. Out of
// check, a move MayExposeKing clears is legal without playing it, so it looks for one
// of those first and plays only the others, and only when there is none; in check it
// tries the pieces one at a time in board order and stops at the first legal move.
func (p *Position) HasLegalMove() bool {
	var buf [32]Move
	var riskyBuf [128]Move
	risky := riskyBuf[:0]
	c := p.side
	safe := !p.InCheck(c)
	for s := Square(0); s < NumSquares; s++ {
		pc := p.board[s]
		if pc == NoPiece || pc.Color() != c {
			continue
		}
		for _, m := range p.appendPieceMoves(buf[:0], s, pc) {
			if safe {
				if !p.MayExposeKing(m) {
					return true
				}
				risky = append(risky, m)
				continue
			}
			if p.legalAfter(m, c) {
				return true
			}
		}
	}
	for _, m := range risky {
		if p.legalAfter(m, c) {
			return true
		}
	}
	return false
}

// legalAfter plays m, tests whether c's king is safe, and takes m back.
func (p *Position) legalAfter(m Move, c Color) bool {
	cap := p.MakeMove(m)
	ok := !p.InCheck(c)
	p.UnmakeMove(m, cap)
	return ok
}

// State is the state of a position for the side to move.
type State uint8

// Position states. In xiangqi a side with no legal move loses, in check or not.
const (
	StateOngoing State = iota + 1
	StateCheckmate
	StateStalemate
)

// String names the state.
func (s State) String() string {
	switch s {
	case StateOngoing:
		return "ongoing"
	case StateCheckmate:
		return "checkmate"
	case StateStalemate:
		return "stalemate"
	}
	return "unknown"
}

// State returns checkmate or stalemate (the side to move has no legal move and loses)
// or ongoing.
func (p *Position) State() State {
	if p.HasLegalMove() {
		return StateOngoing
	}
	if p.InCheck(p.side) {
		return StateCheckmate
	}
	return StateStalemate
}

// Perft counts the leaf nodes of the legal move tree to the given depth.
func (p *Position) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	var buf [128]Move
	ms := p.AppendPseudoMoves(buf[:0])
	c := p.side
	safe := !p.InCheck(c)
	var n uint64
	for _, m := range ms {
		sure := safe && !p.MayExposeKing(m)
		if sure && depth == 1 {
			n++
			continue
		}
		cap := p.MakeMove(m)
		if sure || !p.InCheck(c) {
			if depth == 1 {
				n++
			} else {
				n += p.Perft(depth - 1)
			}
		}
		p.UnmakeMove(m, cap)
	}
	return n
}
