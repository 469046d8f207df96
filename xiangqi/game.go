package xiangqi

import "fmt"

// MoveError says why a move of a history could not be played. Ply is the 0-based index
// of the move in the history (moves[Ply]); messages count plies from 1, as people do.
// Text is the move as given.
type MoveError struct {
	Ply    int
	Text   string
	Reason string
}

func (e *MoveError) Error() string {
	return fmt.Sprintf("ply %d %q: %s", e.Ply+1, e.Text, e.Reason)
}

// PlyRecord is what a game keeps per ply: enough to take the move back and to find
// repetitions without storing whole positions.
type PlyRecord struct {
	Move     Move
	Captured Piece
	// Hash is the hash of the position after the move.
	Hash uint64
	// Check is true when the move leaves the opponent in check.
	Check bool
}

// Game is a start position and the moves played from it, replayed with full legality
// checks. It keeps the current position and one small record per ply; earlier
// positions are rebuilt on demand by taking moves back.
type Game struct {
	start Position
	pos   Position
	plies []PlyRecord
	// lastCapture is the number of plies before the latest capture's position (the
	// index into positions where repetitions may start), 0 if none.
	lastCapture int
}

// NewGame starts a game from start.
func NewGame(start Position) *Game {
	return &Game{start: start, pos: start}
}

// Reset empties the game and starts it again from start, keeping its storage.
func (g *Game) Reset(start Position) {
	g.start, g.pos, g.plies, g.lastCapture = start, start, g.plies[:0], 0
}

// Mark is a point of a game to come back to (Rewind).
type Mark struct {
	n, lastCapture int
	pos            Position
}

// Mark returns the current point of the game.
func (g *Game) Mark() Mark { return Mark{len(g.plies), g.lastCapture, g.pos} }

// Rewind takes back, at once, every ply played since m was marked. The plies up to the
// mark must be those it was taken with (no Undo below it in between); a mark ahead of
// the game changes nothing.
func (g *Game) Rewind(m Mark) {
	if m.n > len(g.plies) {
		return
	}
	g.plies, g.lastCapture, g.pos = g.plies[:m.n], m.lastCapture, m.pos
}

// Start returns the start position.
func (g *Game) Start() *Position { return &g.start }

// Position returns the current position. Do not modify it.
func (g *Game) Position() *Position { return &g.pos }

// Len returns the number of plies played.
func (g *Game) Len() int { return len(g.plies) }

// Ply returns the record of ply i (0-based).
func (g *Game) Ply(i int) PlyRecord { return g.plies[i] }

// Moves returns the moves played, in a new slice.
func (g *Game) Moves() []Move {
	out := make([]Move, len(g.plies))
	for i, r := range g.plies {
		out[i] = r.Move
	}
	return out
}

// Play checks m against the current position and plays it.
func (g *Game) Play(m Move) error {
	p := &g.pos
	from := m.From()
	if m == NoMove || !from.Valid() || !m.To().Valid() || p.board[from] == NoPiece ||
		p.board[from].Color() != p.side || !p.CanMoveGeometrically(from, m.To()) {
		return &MoveError{Ply: len(g.plies), Text: m.String(), Reason: p.WhyIllegal(m)}
	}
	mover := p.side
	cap := p.MakeMove(m)
	if p.InCheck(mover) {
		p.UnmakeMove(m, cap)
		return &MoveError{Ply: len(g.plies), Text: m.String(), Reason: p.WhyIllegal(m)}
	}
	g.record(m, cap)
	return nil
}

// PlayUnchecked plays a move already known to be legal.
func (g *Game) PlayUnchecked(m Move) {
	g.record(m, g.pos.MakeMove(m))
}

// record books a move already made on g.pos.
func (g *Game) record(m Move, cap Piece) {
	if cap != NoPiece {
		g.lastCapture = len(g.plies) + 1
		g.pos.HalfmoveClock = 0
	} else {
		g.pos.HalfmoveClock++
	}
	if g.pos.side == Red {
		g.pos.Fullmove++
	}
	g.plies = append(g.plies, PlyRecord{Move: m, Captured: cap, Hash: g.pos.hash, Check: g.pos.InCheck(g.pos.side)})
}

// Undo takes back the last ply; it reports false when there is none.
func (g *Game) Undo() bool {
	n := len(g.plies)
	if n == 0 {
		return false
	}
	r := g.plies[n-1]
	g.pos.UnmakeMove(r.Move, r.Captured)
	g.plies = g.plies[:n-1]
	g.lastCapture = 0
	for i := n - 2; i >= 0; i-- {
		if g.plies[i].Captured != NoPiece {
			g.lastCapture = i + 1
			break
		}
	}
	if g.pos.HalfmoveClock > 0 {
		g.pos.HalfmoveClock--
	}
	if g.pos.side == Black && g.pos.Fullmove > 1 {
		g.pos.Fullmove--
	}
	return true
}

// HashAt returns the hash of the position after ply plies (0 = the start position).
func (g *Game) HashAt(ply int) uint64 {
	if ply == 0 {
		return g.start.hash
	}
	return g.plies[ply-1].Hash
}

// PositionAt returns the position after ply plies (0 = start). It takes moves back from
// the current position, so positions near the end (repetition cycles) are cheap.
func (g *Game) PositionAt(ply int) Position {
	if ply < 0 || ply > len(g.plies) {
		panic(fmt.Sprintf("xiangqi: PositionAt(%d) out of range 0..%d", ply, len(g.plies)))
	}
	if ply < len(g.plies)-ply {
		p := g.start
		for i := 0; i < ply; i++ {
			p.MakeMove(g.plies[i].Move)
		}
		return p
	}
	p := g.pos
	for i := len(g.plies) - 1; i >= ply; i-- {
		p.UnmakeMove(g.plies[i].Move, g.plies[i].Captured)
	}
	return p
}

// LastCapturePly returns the number of plies played up to and including the latest
// capture (0 when nothing has been captured). No position before it can repeat.
func (g *Game) LastCapturePly() int { return g.lastCapture }

// Occurrences appends to dst the earlier plies (positions after that many plies,
// ascending) whose position equals the current one, and returns dst. The current
// position is a repetition when the result is non-empty.
func (g *Game) Occurrences(dst []int) []int {
	return g.OccurrencesOf(dst, len(g.plies))
}

// OccurrencesOf is Occurrences for the position after ply plies.
func (g *Game) OccurrencesOf(dst []int, ply int) []int {
	h := g.HashAt(ply)
	floor := 0
	// The latest capture at or before ply bounds the search.
	for i := ply - 1; i >= 0; i-- {
		if g.plies[i].Captured != NoPiece {
			floor = i + 1
			break
		}
	}
	start := len(dst)
	for i := ply - 2; i >= floor; i -= 2 {
		if g.HashAt(i) == h {
			dst = append(dst, i)
		}
	}
	// Ascending order.
	for a, b := start, len(dst)-1; a < b; a, b = a+1, b-1 {
		dst[a], dst[b] = dst[b], dst[a]
	}
	return dst
}

// WouldRepeat reports whether playing m next would repeat an earlier position (the
// repetition PreviousOccurrence finds after it), without playing m or checking that it
// is legal. A capture repeats nothing.
func (g *Game) WouldRepeat(m Move) bool {
	from, to := m.From(), m.To()
	if m == NoMove || !from.Valid() || !to.Valid() {
		return false
	}
	pc := g.pos.board[from]
	if pc == NoPiece || g.pos.board[to] != NoPiece {
		return false
	}
	h := g.pos.hash ^ zobrist.piece[pc][from] ^ zobrist.piece[pc][to] ^ zobrist.black
	for i := len(g.plies) - 1; i >= g.lastCapture; i -= 2 {
		if g.HashAt(i) == h {
			return true
		}
	}
	return false
}

// PreviousOccurrence returns the latest earlier ply whose position equals the current
// one, or -1. It is the cheap per-move repetition test.
func (g *Game) PreviousOccurrence() int {
	n := len(g.plies)
	h := g.pos.hash
	for i := n - 2; i >= g.lastCapture; i -= 2 {
		if g.HashAt(i) == h {
			return i
		}
	}
	return -1
}
