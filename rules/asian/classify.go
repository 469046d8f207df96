package asian

import (
	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/rules/xqrules"
	"github.com/arbiter-xq/arbiter/xiangqi"
)

// classifier reads single moves. It keeps scratch space and is not safe for
// concurrent use; JudgeCycle makes one per call.
type classifier struct {
	sc            scanner
	before, after []attack
}

// classify reads the move m played in before (the mover is before's side to move) as
// the rulebook does (spec §1.1 and §3.2). ply is the move's index in the game. It
// returns the nature with its evidence and the squares (after the move) of the pieces
// the move chases.
func (cl *classifier) classify(before *xiangqi.Position, m xiangqi.Move, ply int) (xqrules.PlyNature, []xiangqi.Square) {
	mover := before.SideToMove()
	after := *before
	after.MakeMove(m)
	pn := xqrules.PlyNature{Ply: ply}

	// Spec §1.1: a move after which the mover attacks the enemy king is a check. In
	// the Asian rules a checking move counts as a check only (AXF rule 12, D13: the
	// checks of a cycle break a perpetual chase), so its other threats are not read.
	if after.InCheck(mover.Other()) {
		pn.Nature = arbiter.NatureCheck
		pn.All = []arbiter.Nature{arbiter.NatureCheck}
		pn.Note = checkNote(&after, mover)
		return pn, nil
	}

	// Spec §3.2(3): the chase threats after the move, as if the opponent passed, that
	// the move created: the victim was not already under a counting threat before it
	// (a discovered attack, a moved screen or mount and a removed root all create one).
	cl.after = cl.sc.scan(after, mover, cl.after[:0])
	cl.before = cl.sc.scan(*before, mover, cl.before[:0])
	var victims []xiangqi.Square
	// Spec §3.2(d): a threat on a victim is kept, not new, when an attacker that
	// already threatened it before the move still threatens it after.
	kept := func(v xiangqi.Square) bool {
		for i := range cl.after {
			at := &cl.after[i]
			if at.to == v && at.counts && countsFrom(cl.before, wasAt(at.from, m), v) {
				return true
			}
		}
		return false
	}
	for i := range cl.after {
		at := &cl.after[i]
		newPair := !hasPair(cl.before, wasAt(at.from, m), at.to)
		if at.counts && kept(at.to) {
			if newPair {
				ex := threatOf(at)
				ex.Exception = excExisting
				ex.Note = excludedNote(at, excExisting)
				pn.Excluded = append(pn.Excluded, ex)
			}
			continue
		}
		if !at.counts {
			if newPair {
				ex := threatOf(at)
				ex.Note = excludedNote(at, at.exception)
				pn.Excluded = append(pn.Excluded, ex)
			}
			continue
		}
		// A counting, new threat: one Threat per victim, all its attackers listed.
		k := -1
		for j, v := range victims {
			if v == at.to {
				k = j
			}
		}
		if k < 0 {
			victims = append(victims, at.to)
			pn.Threats = append(pn.Threats, threatOf(at))
			continue
		}
		t := &pn.Threats[k]
		t.Attackers = append(t.Attackers, xqrules.Attacker{Square: at.from, Piece: at.attacker})
		if at.exception == excHorseCannonOnRook {
			t.Exception = excHorseCannonOnRook
		}
	}
	for i := range pn.Threats {
		pn.Threats[i].Note = threatNote(&pn.Threats[i])
	}

	// The mate search costs most of the classification and never decides an Asian
	// ruling (AXF rule 9), so it runs only where it names the move: not for chases.
	kill := len(pn.Threats) == 0 && threatensMate(after, mover)
	exchange, offer := offered(&after, m.To())
	block := blocks(&after, m.To())
	if len(pn.Threats) > 0 {
		pn.All = append(pn.All, arbiter.NatureChase)
	}
	if kill {
		pn.All = append(pn.All, arbiter.NatureMateThreat)
	}
	if exchange {
		pn.All = append(pn.All, arbiter.NatureExchange)
	}
	if offer {
		pn.All = append(pn.All, arbiter.NatureOffer)
	}
	if block {
		pn.All = append(pn.All, arbiter.NatureBlock)
	}
	if len(pn.All) == 0 {
		pn.All = append(pn.All, arbiter.NatureIdle)
	}
	// A chase counts before a mate threat in the Asian rules, because only the chase
	// can be forbidden (AXF rule 9: perpetual mate threats are allowed).
	pn.Nature = arbiter.NatureIdle
	switch {
	case len(pn.Threats) > 0:
		pn.Nature = arbiter.NatureChase
	case kill:
		pn.Nature = arbiter.NatureMateThreat
	case exchange:
		pn.Nature = arbiter.NatureExchange
	case offer:
		pn.Nature = arbiter.NatureOffer
	case block:
		pn.Nature = arbiter.NatureBlock
	}
	pn.Note = plyNote(&pn, mover)
	return pn, victims
}

// wasAt returns where the piece on s after move m stood before it.
func wasAt(s xiangqi.Square, m xiangqi.Move) xiangqi.Square {
	if s == m.To() {
		return m.From()
	}
	return s
}

// threatOf turns an attack into the arbiter's evidence record.
func threatOf(at *attack) xqrules.Threat {
	t := xqrules.Threat{
		Target:    at.to,
		Victim:    at.victim,
		Attackers: []xqrules.Attacker{{Square: at.from, Piece: at.attacker}},
		Root:      at.root.status,
		Exception: at.exception,
	}
	return t
}

// offered reports whether the piece that just moved to s can be taken by the
// opponent (to move in p): an offer (献), or an exchange offer (兑) when a taker is of
// the same kind (spec §1.1; AXF rule 36, D90–D93: an offer does not excuse a chase).
func offered(p *xiangqi.Position, s xiangqi.Square) (exchange, offer bool) {
	pc := p.At(s)
	var buf [16]xiangqi.Square
	for _, a := range p.AppendAttackers(buf[:0], s, pc.Color().Other()) {
		if !legal(p, xiangqi.NewMove(a, s)) {
			continue
		}
		offer = true
		if p.At(a).Kind() == pc.Kind() {
			exchange = true
		}
	}
	if exchange {
		offer = false
	}
	return exchange, offer
}

// blocks reports whether the piece that just moved to s hobbles an enemy horse or
// blocks an enemy elephant's eye (拦, spec §1.1; a reporting label only).
func blocks(p *xiangqi.Position, s xiangqi.Square) bool {
	enemy := p.At(s).Color().Other()
	f, r := s.File(), s.Rank()
	for _, d := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
		if ff, rr := f+d[0], r+d[1]; ff >= 0 && ff < xiangqi.Files && rr >= 0 && rr < xiangqi.Ranks {
			if p.At(xiangqi.SquareAt(ff, rr)) == xiangqi.MakePiece(enemy, xiangqi.Horse) {
				return true
			}
		}
	}
	for _, d := range [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}} {
		if ff, rr := f+d[0], r+d[1]; ff >= 0 && ff < xiangqi.Files && rr >= 0 && rr < xiangqi.Ranks {
			if p.At(xiangqi.SquareAt(ff, rr)) == xiangqi.MakePiece(enemy, xiangqi.Elephant) {
				return true
			}
		}
	}
	return false
}
