package banqi

import (
	"fmt"
	"strings"
)

// MoveError says why a ply of a record could not be played. Ply is the 0-based index of
// the ply in the record (moves[Ply]); messages count plies from 1, as people do. Rule
// names the clause (empty for notation errors, which have Rule RuleSyntax).
type MoveError struct {
	Ply    int
	Text   string
	Rule   Rule
	Reason string
}

func (e *MoveError) Error() string {
	return fmt.Sprintf("ply %d %q: %s", e.Ply+1, e.Text, e.Reason)
}

// DealError says what is wrong with a deal (§2.5).
type DealError struct {
	Deal   string
	Index  int // 0-based letter index, -1 when not at one letter
	Reason string
}

func (e *DealError) Error() string {
	if e.Index >= 0 {
		return fmt.Sprintf("invalid deal: letter %d: %s", e.Index+1, e.Reason)
	}
	return "invalid deal: " + e.Reason
}

// PlyRecord is what a game keeps per ply: the ply as played and the position's identity
// after it (about 48 bytes, so a long stream stays small).
type PlyRecord struct {
	Move  Move  // resolved: identities filled, a capture written as a move is a capture
	Mover Color // the side that played it
	// Progress is true for a flip, a capture or a hidden-capture attempt (§6.1, §6.5).
	Progress bool
	// Hash is the identity hash of the position after the ply (§6.1).
	Hash uint64
}

// Game is a start position and the plies played from it, replayed with full legality
// checks. It keeps the current position, one record per ply and the repetition window
// (§6.1): the plain moves since the last flip or capture.
type Game struct {
	start   Position
	pos     Position
	deal    [MaxSquares]Piece
	hasDeal bool
	plies   []PlyRecord
	// window is the number of plies before the window's first position.
	window int
	// counts holds how often each position (by hash) has stood in the window, so that
	// the occurrence count costs the same at ply 10 and at ply 10,000.
	counts map[uint64]int32
	first  Color
	// undo is the state before the last ply, for UndoLast.
	undo struct {
		pos    Position
		window int
		first  Color
		valid  bool
	}
}

// NewGame starts a game from start.
func NewGame(start Position) *Game {
	g := &Game{start: start, pos: start, counts: map[uint64]int32{}}
	g.counts[start.hash] = 1
	return g
}

// Reset empties the game and starts again from start, keeping its storage and dropping
// the deal.
func (g *Game) Reset(start Position) {
	g.start, g.pos, g.plies, g.window, g.first, g.hasDeal = start, start, g.plies[:0], 0, NoColor, false
	g.deal = [MaxSquares]Piece{}
	g.undo.valid = false
	if g.counts == nil {
		g.counts = map[uint64]int32{}
	}
	clear(g.counts)
	g.counts[start.hash] = 1
}

// SetDeal sets the identities of the start position's face-down squares: one letter
// per face-down square in board-string order (rank 8 to 1, files a to d), a permutation
// of the pool (§2.5). With a deal, flips may be bare and stated identities must agree.
func (g *Game) SetDeal(deal string) error {
	p := &g.start
	var squares []Square
	for r := p.Ranks() - 1; r >= 0; r-- {
		for f := 0; f < Files; f++ {
			if p.board[SquareAt(f, r)] == FaceDown {
				squares = append(squares, SquareAt(f, r))
			}
		}
	}
	if len(deal) != len(squares) {
		return &DealError{Deal: deal, Index: -1, Reason: fmt.Sprintf("%d letters for %d face-down squares", len(deal), len(squares))}
	}
	var left = p.pool
	var out [MaxSquares]Piece
	for i := 0; i < len(deal); i++ {
		pc, ok := p.set.PieceFromLetter(deal[i])
		if !ok {
			return &DealError{Deal: deal, Index: i, Reason: fmt.Sprintf("%q is not a piece letter of the %s set (%s)", deal[i], p.set, p.set.LetterLegend())}
		}
		if left[pc.Color().index()][pc.Kind()] == 0 {
			return &DealError{Deal: deal, Index: i, Reason: fmt.Sprintf("one %s too many: the deal must be a permutation of the pool %s", pc.Name(), p.PoolString())}
		}
		left[pc.Color().index()][pc.Kind()]--
		out[squares[i]] = pc
	}
	g.deal, g.hasDeal = out, true
	return nil
}

// Deal returns the dealt identity of square s of the start position (NoPiece without a
// deal).
func (g *Game) Deal(s Square) Piece {
	if !g.hasDeal || int(s) >= MaxSquares {
		return NoPiece
	}
	return g.deal[s]
}

// Start returns the start position.
func (g *Game) Start() *Position { return &g.start }

// Position returns the current position. Do not modify it.
func (g *Game) Position() *Position { return &g.pos }

// Len returns the number of plies played.
func (g *Game) Len() int { return len(g.plies) }

// Ply returns the record of ply i (0-based).
func (g *Game) Ply(i int) *PlyRecord { return &g.plies[i] }

// FirstPlayer returns the colour of the player who moved first, once the first flip
// has decided it (NoColor before; for a set-up position with colours assigned, the
// colour of the first ply's mover).
func (g *Game) FirstPlayer() Color { return g.first }

// WindowStart returns the number of plies before the first position of the repetition
// window (§6.1): the latest flip or capture, or 0.
func (g *Game) WindowStart() int { return g.window }

// Play reads one ply in the notation of §2.4 and plays it.
func (g *Game) Play(text string) (Effect, error) {
	m, err := ParseMove(text, g.pos.set)
	if err != nil {
		var reason string
		if se, ok := err.(*SyntaxError); ok {
			reason = se.Reason
		} else {
			reason = err.Error()
		}
		return Effect{}, &MoveError{Ply: len(g.plies), Text: text, Rule: RuleSyntax, Reason: reason}
	}
	return g.PlayMove(m, text)
}

// Resolve fills the identities of m from the deal and checks them against it, without
// playing it.
func (g *Game) Resolve(m Move, text string) (Move, error) {
	if !g.hasDeal {
		return m, nil
	}
	fill := func(s Square, pc *Piece) error {
		if g.pos.At(s) != FaceDown {
			return nil
		}
		d := g.deal[s]
		if *pc == NoPiece {
			*pc = d
		} else if *pc != d {
			return &MoveError{Ply: len(g.plies), Text: text, Rule: RuleDealMismatch,
				Reason: fmt.Sprintf("%s turns up a %s, but the deal put a %s there", s, pc.Name(), d.Name())}
		}
		return nil
	}
	if m.Kind == Flip {
		return m, fill(m.From, &m.Reveal)
	}
	for i := 0; i < int(m.N); i++ {
		// Face-down squares never move, so the start square's deal still applies; a
		// square revealed by an earlier link is face-up and left alone by fill.
		if err := fill(m.Links[i].To, &m.Links[i].Reveal); err != nil {
			return m, err
		}
	}
	return m, nil
}

// PlayMove checks m and plays it; text is the ply as written, for errors.
func (g *Game) PlayMove(m Move, text string) (Effect, error) {
	m, err := g.Resolve(m, text)
	if err != nil {
		return Effect{}, err
	}
	before := g.pos
	eff, err := g.pos.Play(m)
	if err != nil {
		ie := err.(*IllegalError)
		return Effect{}, &MoveError{Ply: len(g.plies), Text: text, Rule: ie.Rule, Reason: ie.Reason}
	}
	g.undo.pos, g.undo.window, g.undo.first, g.undo.valid = before, g.window, g.first, true
	if g.first == NoColor {
		g.first = eff.Mover
	}
	g.plies = append(g.plies, PlyRecord{Move: eff.Move, Mover: eff.Mover, Progress: eff.Progress(), Hash: g.pos.hash})
	if eff.Progress() {
		g.window = len(g.plies)
		clear(g.counts)
	}
	g.counts[g.pos.hash]++
	return eff, nil
}

// UndoLast takes back the last ply played (once; it reports false when there is nothing
// to take back). The rules use it to refuse a ply a policy forbids.
func (g *Game) UndoLast() bool {
	if !g.undo.valid || len(g.plies) == 0 {
		return false
	}
	g.undo.valid = false
	last := g.plies[len(g.plies)-1]
	g.plies = g.plies[:len(g.plies)-1]
	g.pos, g.first = g.undo.pos, g.undo.first
	if g.window != g.undo.window {
		g.window = g.undo.window
		clear(g.counts)
		for i := g.window; i <= len(g.plies); i++ {
			g.counts[g.HashAt(i)]++
		}
	} else if g.counts[last.Hash]--; g.counts[last.Hash] == 0 {
		delete(g.counts, last.Hash)
	}
	return true
}

// Count returns how often the position with identity hash h has stood in the window.
func (g *Game) Count(h uint64) int { return int(g.counts[h]) }

// HashAt returns the identity hash of the position after ply plies (0 = the start).
func (g *Game) HashAt(ply int) uint64 {
	if ply == 0 {
		return g.start.hash
	}
	return g.plies[ply-1].Hash
}

// Occurrence returns k (§6.1): how often the current position has stood in the window,
// counting the window's first position and the current one.
func (g *Game) Occurrence() int { return int(g.counts[g.pos.hash]) }

// PreviousOccurrence returns the latest earlier ply count whose position equals the
// current one inside the window, or -1: the cycle is the plies after it.
func (g *Game) PreviousOccurrence() int {
	h := g.pos.hash
	for i := len(g.plies) - 2; i >= g.window; i -= 2 {
		if g.HashAt(i) == h {
			return i
		}
	}
	return -1
}

// PositionAt returns the position after ply plies (0 = start), replayed from the start.
func (g *Game) PositionAt(ply int) Position {
	p := g.start
	for i := 0; i < ply; i++ {
		if _, err := p.play(g.plies[i].Move); err != nil {
			panic("banqi: replay of a played ply failed: " + err.Error())
		}
	}
	return p
}

// Record returns the canonical plies played, space separated.
func (g *Game) Record() string {
	var b strings.Builder
	for i := range g.plies {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(g.plies[i].Move.String())
	}
	return b.String()
}
