package asian

import (
	"github.com/arbiter-xq/arbiter/rules/xqrules"
	"github.com/arbiter-xq/arbiter/xiangqi"
)

// MoveReader reads the chases of single moves as the Asian rules see them on their
// own (spec §3.2 step 3, conditions a to g), without the context of a cycle: what a
// house-rule layer counts in its streaks (rules/site). It keeps scratch space and is
// not safe for concurrent use; its zero value is ready.
type MoveReader struct {
	sc            scanner
	before, after []attack
}

// Chases appends to dst the chase threats the move m, played in before (the mover is
// before's side to move), creates, one per victim with every attacker, and returns
// dst. A move that gives check has none: in the Asian rules it counts as a check only.
// The threats are those JudgeCycle gives the move, without notes.
func (mr *MoveReader) Chases(before *xiangqi.Position, m xiangqi.Move, dst []xqrules.Threat) []xqrules.Threat {
	mover := before.SideToMove()
	after := *before
	after.MakeMove(m)
	if after.InCheck(mover.Other()) {
		return dst
	}
	mr.after = mr.sc.scan(after, mover, mr.after[:0])
	any := false
	for i := range mr.after {
		if mr.after[i].counts {
			any = true
			break
		}
	}
	if !any {
		return dst // no counting attack at all: nothing can be a chase
	}
	mr.before = mr.sc.scan(*before, mover, mr.before[:0])
	first := len(dst)
	for i := range mr.after {
		at := &mr.after[i]
		if !at.counts {
			continue
		}
		kept := false
		for j := range mr.after {
			bt := &mr.after[j]
			if bt.to == at.to && bt.counts && countsFrom(mr.before, wasAt(bt.from, m), at.to) {
				kept = true
				break
			}
		}
		if kept {
			continue
		}
		k := -1
		for j := first; j < len(dst); j++ {
			if dst[j].Target == at.to {
				k = j
			}
		}
		if k < 0 {
			dst = append(dst, threatOf(at))
			continue
		}
		dst[k].Attackers = append(dst[k].Attackers, xqrules.Attacker{Square: at.from, Piece: at.attacker})
		if at.exception == excHorseCannonOnRook {
			dst[k].Exception = excHorseCannonOnRook
		}
	}
	return dst
}
