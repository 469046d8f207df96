package asian

import (
	"context"

	"github.com/arbiter-xq/arbiter/rules/xqrules"
	"github.com/arbiter-xq/arbiter/xiangqi"
)

// memo remembers the classification of a move in a position. A move's reading depends
// on nothing else (classifier.classify), so a repetition, which plays the same moves
// in the same positions again, reads each of them once: within one judgement (the
// look-back turn and the cycle) and, kept by a gameJudge, over all the judgements of a
// game, where each new cycle of a long repetition shares all its moves but one with the
// previous one.
type memo struct {
	entries map[memoKey][]memoEntry
	n       int
}

type memoKey struct {
	hash uint64
	move xiangqi.Move
}

type memoEntry struct {
	pos     xiangqi.Position // compared in full, not only by hash
	pn      xqrules.PlyNature
	squares []xiangqi.Square
}

// maxMemo bounds a game's memo: a judgement reads at most three cycles of at most
// xqrules.MaxCyclePlies moves (the cycle and the look-back), so this holds every move
// the next judgements can ask about, and the memo starts afresh when it is full.
const maxMemo = 4 * xqrules.MaxCyclePlies

// get returns the remembered reading of m in pos.
func (m *memo) get(pos *xiangqi.Position, mv xiangqi.Move) (xqrules.PlyNature, []xiangqi.Square, bool) {
	for _, e := range m.entries[memoKey{pos.Hash(), mv}] {
		if e.pos.Equal(pos) {
			return e.pn, e.squares, true
		}
	}
	return xqrules.PlyNature{}, nil, false
}

// put remembers the reading of m in pos.
func (m *memo) put(pos *xiangqi.Position, mv xiangqi.Move, pn xqrules.PlyNature, squares []xiangqi.Square) {
	if m.entries == nil || m.n >= maxMemo {
		m.entries, m.n = map[memoKey][]memoEntry{}, 0
	}
	k := memoKey{pos.Hash(), mv}
	m.entries[k] = append(m.entries[k], memoEntry{*pos, pn, squares})
	m.n++
}

// gameJudge judges the cycles of one game with one memo (xqrules.GameJudger).
type gameJudge struct {
	memo        memo
	lastCapture int
}

// NewGameJudge returns a judge for the cycles of one game that reads every move once
// (xqrules.GameJudger). Its judgements are JudgeCycle's.
func (Ruleset) NewGameJudge() xqrules.CycleJudge { return &gameJudge{lastCapture: -1} }

// JudgeCycle is Ruleset.JudgeCycle with the game's memo. The memo is emptied after a
// capture: no later cycle reaches back across it.
func (gj *gameJudge) JudgeCycle(ctx context.Context, g *xiangqi.Game, start, end int) (xqrules.Judgement, error) {
	if g != nil && g.LastCapturePly() != gj.lastCapture {
		gj.memo, gj.lastCapture = memo{}, g.LastCapturePly()
	}
	return judgeCycle(ctx, g, start, end, &gj.memo)
}
