package chushogi

// Identity is what makes two positions the same for repetition (§8.1).
type Identity uint8

// Identities.
const (
	// IdentityBoardSideMarker (lishogi; chu-jcsa2004 and chu-lishogi): board, side to
	// move and the counter-strike marker (the first three SFEN fields).
	IdentityBoardSideMarker Identity = iota + 1
	// IdentityBoardSide (HaChu): board and side to move; the marker is ignored.
	IdentityBoardSide
)

func (id Identity) withMarker() bool { return id != IdentityBoardSide }

func (id Identity) String() string {
	if id == IdentityBoardSide {
		return "board+stm"
	}
	return "board+stm+counterstrike"
}

// PlyRecord is what a Game keeps per ply.
type PlyRecord struct {
	Move     Move
	Mover    Piece // the piece that moved, before any promotion
	Captures Captures
	// Irreversible: a capture, a promotion, or a move of an unpromoted pawn or lance
	// (§8.2). The position before it can never recur.
	Irreversible bool
}

type windowEntry struct {
	ply int // the position after this many plies
	key uint64
	pos Position
}

// Game is a start position and the moves played, replayed with full legality checks
// under Options. It keeps the repetition window: the positions since the last
// irreversible ply (§8.2), compared exactly (the hash only finds candidates).
type Game struct {
	opts     Options
	identity Identity
	start    Position
	pos      Position
	plies    []PlyRecord
	window   []windowEntry
}

// NewGame starts a game at start under the move options o, comparing positions by id.
func NewGame(start Position, o Options, id Identity) *Game {
	g := &Game{opts: o, identity: id, start: start, pos: start}
	g.window = append(g.window, windowEntry{ply: 0, key: start.Key(id.withMarker()), pos: start})
	return g
}

// Position returns the current position. Do not modify it.
func (g *Game) Position() *Position { return &g.pos }

// Start returns the start position.
func (g *Game) Start() *Position { return &g.start }

// Options returns the move options.
func (g *Game) Options() *Options { return &g.opts }

// Len returns the number of plies played.
func (g *Game) Len() int { return len(g.plies) }

// Ply returns the record of ply i (0-based).
func (g *Game) Ply(i int) PlyRecord { return g.plies[i] }

// Play checks m and plays it. An illegal move returns an *IllegalMoveError and leaves
// the game unchanged.
func (g *Game) Play(m Move) (PlyRecord, error) {
	if err := g.pos.WhyIllegal(m, &g.opts); err != nil {
		return PlyRecord{}, err
	}
	return g.play(m), nil
}

func (g *Game) play(m Move) PlyRecord {
	mover := g.pos.At(m.From)
	caps := g.pos.MakeMove(m)
	rec := PlyRecord{Move: m, Mover: mover, Captures: caps,
		Irreversible: IsIrreversible(mover, m, caps)}
	g.plies = append(g.plies, rec)
	if rec.Irreversible {
		g.window = g.window[:0]
	}
	g.window = append(g.window, windowEntry{ply: len(g.plies), key: g.pos.Key(g.identity.withMarker()), pos: g.pos})
	return rec
}

// IsIrreversible reports whether a move is irreversible (§8.2): it captures, promotes,
// or moves an unpromoted pawn or lance.
func IsIrreversible(mover Piece, m Move, caps Captures) bool {
	return caps.Any() || m.Promote || (!mover.Promoted() && (mover.Kind() == Pawn || mover.Kind() == Lance))
}

// Occurrences returns the plies (counts of plies played, 0 = the start) after which
// the current position stood, within the window, oldest first; the last is the current
// ply itself.
func (g *Game) Occurrences() []int {
	cur := &g.window[len(g.window)-1]
	var out []int
	for i := range g.window {
		w := &g.window[i]
		if w.key == cur.key && w.pos.SameAs(&cur.pos, g.identity.withMarker()) {
			out = append(out, w.ply)
		}
	}
	return out
}

// WindowLen returns the number of positions in the repetition window (the current one
// included).
func (g *Game) WindowLen() int { return len(g.window) }

// WouldRepeat reports whether playing m (assumed legal) gives a position that already
// stood in the window (forbid_any_repeat, §8.4).
func (g *Game) WouldRepeat(m Move) bool {
	mover := g.pos.At(m.From)
	q := g.pos
	caps := q.MakeMove(m)
	if IsIrreversible(mover, m, caps) {
		return false
	}
	key := q.Key(g.identity.withMarker())
	for i := range g.window {
		w := &g.window[i]
		if w.key == key && w.pos.SameAs(&q, g.identity.withMarker()) {
			return true
		}
	}
	return false
}
