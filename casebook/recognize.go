package casebook

import (
	"strings"
	"sync"

	"github.com/arbiter-xq/arbiter/apiconv"
	"github.com/arbiter-xq/arbiter/arbiter"
	arbiterv1 "github.com/arbiter-xq/arbiter/proto/arbiter/v1"
)

// A history an arbiter judges may be a case of the book: an official diagram or a
// constructed case, in any orientation the case is verified in. Recognize says which,
// with the book's ruling for the ruleset judged and, where arbiter is known to differ,
// why, so that a ruling can be read against the book.

// CaseCanonicalizer is a ruleset whose game writes one record in several ways (xiangqi's
// FEN counters, its ICCS, WXF and Chinese notations): it gives the one form records are
// compared in. A game without it is compared as written.
type CaseCanonicalizer interface {
	CanonicalCase(position string, moves []string) (string, []string, error)
}

// Match is a case a history is.
type Match struct {
	Case        *arbiterv1.Case
	Expectation *arbiterv1.CaseExpectation
	Variant     string          // "original", "mirrored", "colour-flipped"
	Verdict     arbiter.Verdict // the book's verdict, in the history's colours
}

// recognizer indexes the cases of one game by their canonical record.
type recognizer struct {
	once  sync.Once
	index map[string][]indexed
	// tails holds every indexed record's length and last move: a history whose tail
	// no case has is not looked up further (most are not cases: this keeps the service's
	// Adjudicate from canonicalising every record it judges).
	tails map[tail]bool
}

type tail struct {
	plies int
	last  string
}

type indexed struct {
	c       *arbiterv1.Case
	variant string
	swap    bool
}

var (
	recognizersMu sync.Mutex
	recognizers   = map[*Book]map[string]*recognizer{} // book -> game -> index
)

func recordKey(rs arbiter.Ruleset, position string, moves []string) (string, bool) {
	if cc, ok := rs.(CaseCanonicalizer); ok {
		var err error
		if position, moves, err = cc.CanonicalCase(position, moves); err != nil {
			return "", false
		}
	}
	return strings.TrimSpace(position) + "|" + strings.Join(moves, " "), true
}

// Recognize returns the case of the book that the history is under rs (its start
// position and canonical moves, as a report gives them), or nil. The case must have an
// expectation for rs's id, or for its id without option overrides.
func (b *Book) Recognize(rs arbiter.Ruleset, position string, moves []string) *Match {
	if b == nil || len(moves) == 0 {
		return nil
	}
	game := rs.Info().Game
	recognizersMu.Lock()
	byGame := recognizers[b]
	if byGame == nil {
		byGame = map[string]*recognizer{}
		recognizers[b] = byGame
	}
	r := byGame[game]
	if r == nil {
		r = &recognizer{}
		byGame[game] = r
	}
	recognizersMu.Unlock()
	r.once.Do(func() {
		r.index = b.buildIndex(rs)
		r.tails = map[tail]bool{}
		for k := range r.index {
			if moves := strings.Fields(k[strings.IndexByte(k, '|')+1:]); len(moves) > 0 {
				r.tails[tail{len(moves), moves[len(moves)-1]}] = true
			}
		}
	})
	if !r.tails[tail{len(moves), moves[len(moves)-1]}] {
		return nil
	}

	key, ok := recordKey(rs, position, moves)
	if !ok {
		return nil
	}
	id := rs.Info().ID
	base, _, _ := strings.Cut(id, "+")
	for _, ix := range r.index[key] {
		e := Expectation(ix.c, id)
		if e == nil {
			e = Expectation(ix.c, base) // the book's ruling does not depend on the policy
		}
		if e == nil {
			continue
		}
		v := arbiter.Verdict(e.GetVerdict())
		if ix.swap {
			v = v.SwapSides()
		}
		return &Match{Case: ix.c, Expectation: e, Variant: ix.variant, Verdict: v}
	}
	return nil
}

// buildIndex keys every case of rs's game, in every orientation the game verifies.
func (b *Book) buildIndex(rs arbiter.Ruleset) map[string][]indexed {
	game := rs.Info().Game
	tr, _ := rs.(arbiter.CaseTransformer)
	out := map[string][]indexed{}
	for _, c := range b.cases {
		// A case of another game does not read as one of this game (or not as the
		// same record); Recognize also asks for an expectation of the ruleset judged.
		moves := Moves(c, game)
		if k, ok := recordKey(rs, c.GetFen(), moves); ok {
			out[k] = append(out[k], indexed{c: c, variant: "original"})
		}
		if tr == nil {
			continue
		}
		for _, v := range tr.CaseVariants() {
			pos, _, ms, swap, err := tr.TransformCase(v, c.GetFen(), c.GetDeal(), moves)
			if err != nil {
				continue
			}
			if k, ok := recordKey(rs, pos, ms); ok {
				out[k] = append(out[k], indexed{c: c, variant: v, swap: swap})
			}
		}
	}
	return out
}

// Source names where the case comes from: "CXA 象棋竞赛规则 (2020 edition), 图13", or
// "constructed (pins ...)".
func (m *Match) Source() string {
	src := m.Case.GetSource()
	if src.GetConstructed() {
		return "constructed, pins " + src.GetClause()
	}
	return strings.TrimSuffix(src.GetBook()+", "+src.GetReference(), ", ")
}

// Proto is the match as the API reports it (AdjudicateResponse.official_case).
func (m *Match) Proto() *arbiterv1.OfficialCase {
	return &arbiterv1.OfficialCase{
		Id:              m.Case.GetId(),
		Title:           m.Case.GetTitle(),
		Source:          m.Source(),
		Orientation:     m.Variant,
		Verdict:         apiconv.Verdict(m.Verdict),
		KnownDivergence: m.Expectation.GetKnownDivergence(),
	}
}

// ReportMoves are the canonical moves of a report's record, the refused one included.
func ReportMoves(r *arbiter.Report) []string {
	out := make([]string, 0, len(r.Plies)+1)
	for i := range r.Plies {
		out = append(out, r.Plies[i].Move)
	}
	if r.Refused != nil {
		out = append(out, r.Refused.Move)
	}
	return out
}
