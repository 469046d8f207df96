package chinese

import "sync/atomic"

// One work budget per move classified (classifyMove, judge.go), shared by every search
// the classifier runs for it: exchanges (one unit per exchange position searched), check
// lines (one per line node) and mate searches (one per position visited). The
// per-question budgets (mateNodeBudget, lineNodeBudget, ...) keep a single question
// cheap; this one bounds the whole classification, whatever the number of questions a
// position raises. The 杀 questions of a move (does the move threaten mate, did the
// opponent's; classifier.threatens) are outside it: a move asks at most four, each
// bounded by mateNodeBudget, and their answers are facts about a position that a game's
// judge keeps for the next move that asks them.
//
// When the budget runs out, the questions still open would be answered by a search cut
// at a point that depends on the order the squares are visited in. The classification
// is therefore not finished as it stands: it is redone, from the start and with a fresh
// budget, in a cheaper tier:
//
//   - tierFull: the complete analysis;
//   - tierPlain: exchanges without the "is the capturer mated" test (CXA 29.4), no
//     series of checks (抽吃 lines, roots by consecutive checks, follow-ups), no mate
//     test after a line's capture. A conservative reading: fewer captures are refuted,
//     and no win through checks is claimed;
//   - tierBare: no 捉 at all (and no 献): only 将, 杀 (with its own per-question
//     budget) and the idle kinds. It runs without the shared budget.
//
// The work a search takes depends on the order it meets squares and moves in, so on the
// orientation of the board; every move is therefore classified in a canonical
// orientation (orient.go), which makes the work, and so the tier, a function of the
// move and its position alone. A classification costs at most about two budgets plus
// the bare tier's mate questions.
const (
	tierFull = iota
	tierPlain
	tierBare
)

// workPerMove is the budget of one move's classification, in work units (a unit is
// roughly a position visited, a fraction of a microsecond). The official diagrams need
// at most about 6,000 units for one move (图9; see TestWorkBudget), and the budget
// leaves room above that for real games: the heaviest moves of the CCPD corpus that
// complete need about 22,800 units (game 12373, ply 44; TestHeaviestCorpusMove) and,
// narrowly, 29,100 (game 24724, ply 63, which fell back to the plain tier until
// counterChecks valued a longer line only for what beats its first check; its nature
// is the same in both tiers, TestBudgetEdgeMove). Those figures were 23,300 before the
// 杀 questions left the budget, 28,400 before the captures at a line's end, the raw pass
// of a line and the exchanges were searched only as far as their callers need
// (chase.go and exchange.go), and 22,100 before a check line generated only the
// answers that may end the check, in the order of the mate search.
//
// The budget was 40,000 units while a mate search counted every move it looked at as a
// check; since it counts only the checks it plays (xiangqi.AppendCheckCandidates picks
// them), the same positions cost about half the units, and 30,000 units keep the worst
// case of a classification where it was (about 5 ms per tier) with the same moves
// completing the full analysis.
const workPerMove = 30000

// startBudget sets a fresh budget of limit units for tier t.
func (s *mateSearch) startBudget(t, limit int) {
	s.tier, s.work, s.limit, s.over = t, 0, limit, false
	s.check = limit
	if s.halt.kept != nil {
		s.check = min(limit, haltPollUnits)
	}
}

// haltPollUnits is how often, in work units, a classification made ahead asks whether
// it is still needed (haltSignal): a few microseconds of search.
const haltPollUnits = 64

// spend takes n units from the judgement's budget and reports whether it was
// available. In tierBare the budget is not enforced.
func (s *mateSearch) spend(n int) bool {
	if s.tier == tierBare {
		return true
	}
	if s.over {
		return false
	}
	s.work += n
	if s.work > s.check {
		return s.spendChecked()
	}
	return true
}

// spendChecked is spend past s.check: the end of the budget, or the next time a
// classification made ahead asks whether it is still needed.
func (s *mateSearch) spendChecked() bool {
	if s.work > s.limit {
		s.over = true
		return false
	}
	if s.halt.stop() {
		// Another run of the same classification was kept (runAhead): this one ends
		// as if out of budget, and is dropped.
		s.over, s.halted = true, true
		return false
	}
	s.check = min(s.limit, s.work+haltPollUnits)
	return true
}

// plain reports whether the series-of-checks and mate-after-capture questions are
// skipped (tierPlain and tierBare).
func (s *mateSearch) plain() bool { return s.tier != tierFull }

// restart prepares the search state for a (re)run of a judgement in tier t: the caches
// of the questions whose answers depend on the tier are emptied (the mate table holds
// only completed, exact results and is kept).
func (s *mateSearch) restart(t, limit int) {
	s.exch.clear()
	s.wins.clear()
	s.victims = s.victims[:0]
	s.roots.clear()
	s.startBudget(t, limit)
}

// haltSignal tells a classification made ahead (runAhead) to stop: when its task has a
// result kept, or its batch is over. The zero value never stops.
type haltSignal struct {
	kept *atomic.Pointer[aheadResult]
	over *atomic.Bool
}

func (h haltSignal) stop() bool {
	return h.kept != nil && (h.kept.Load() != nil || h.over.Load())
}
