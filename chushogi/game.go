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

// Occurrence is how often a position stood in the repetition window: Count times, first
// after ply First (counts of plies played, 0 = the start), and, when Count > 1, the
// time before the latest after ply Previous (-1 otherwise). Latest is the latest.
type Occurrence struct {
	Count                   int
	First, Previous, Latest int
}

// windowEntry is one distinct position of the window and its occurrences.
type windowEntry struct {
	pos Position
	occ Occurrence
}

// Game is a start position and the moves played, replayed with full legality checks
// under Options. It keeps the repetition window: the distinct positions since the last
// irreversible ply (§8.2) with their occurrence counts, in a table keyed by the
// position's hash. The hash only finds candidates; positions are compared exactly
// (§8.1). So the cost of a ply does not grow with the window.
type Game struct {
	opts     Options
	identity Identity
	start    Position
	pos      Position
	plies    []PlyRecord

	entries []windowEntry      // the distinct positions of the window
	index   map[uint64][]int32 // position key -> indices into entries
	peak    int                // the most keys index held since it was made
	cur     int                // entries index of the current position
	length  int                // positions in the window, repeats included
}

// NewGame starts a game at start under the move options o, comparing positions by id.
func NewGame(start Position, o Options, id Identity) *Game {
	g := &Game{opts: o, identity: id, start: start, pos: start, index: map[uint64][]int32{}}
	g.enter(0)
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
		g.resetWindow()
	}
	g.enter(len(g.plies))
	return rec
}

// resetWindow empties the window at an irreversible ply. A table that grew large is
// dropped rather than cleared, so that clearing never costs more than the plies that
// filled it.
func (g *Game) resetWindow() {
	g.entries = g.entries[:0]
	g.length = 0
	if g.peak > 64 {
		g.index, g.peak = map[uint64][]int32{}, 0
	} else {
		clear(g.index)
	}
}

// enter records the current position, after ply plies, in the window.
func (g *Game) enter(plies int) {
	g.length++
	key := g.pos.Key(g.identity.withMarker())
	if i := g.find(key, &g.pos); i >= 0 {
		e := &g.entries[i]
		e.occ.Count++
		e.occ.Previous, e.occ.Latest = e.occ.Latest, plies
		g.cur = i
		return
	}
	g.entries = append(g.entries, windowEntry{pos: g.pos, occ: Occurrence{Count: 1, First: plies, Previous: -1, Latest: plies}})
	g.cur = len(g.entries) - 1
	g.index[key] = append(g.index[key], int32(g.cur))
	g.peak = max(g.peak, len(g.index))
}

// find returns the entries index of the position q (with hash key), or -1.
func (g *Game) find(key uint64, q *Position) int {
	for _, i := range g.index[key] {
		if g.entries[i].pos.SameAs(q, g.identity.withMarker()) {
			return int(i)
		}
	}
	return -1
}

// IsIrreversible reports whether a move is irreversible (§8.2): it captures, promotes,
// or moves an unpromoted pawn or lance.
func IsIrreversible(mover Piece, m Move, caps Captures) bool {
	return caps.Any() || m.Promote || (!mover.Promoted() && (mover.Kind() == Pawn || mover.Kind() == Lance))
}

// Occurrence returns how often the current position stood in the window, the current
// ply included.
func (g *Game) Occurrence() Occurrence { return g.entries[g.cur].occ }

// WindowLen returns the number of positions in the repetition window (the current one
// included).
func (g *Game) WindowLen() int { return g.length }

// WouldRepeat reports whether playing m (assumed legal) gives a position that already
// stood in the window (forbid_any_repeat, §8.4).
func (g *Game) WouldRepeat(m Move) bool {
	mover := g.pos.At(m.From)
	q := g.pos
	caps := q.MakeMove(m)
	if IsIrreversible(mover, m, caps) {
		return false
	}
	return g.find(q.Key(g.identity.withMarker()), &q) >= 0
}
