package chu

import (
	"fmt"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/chushogi"
)

// nature classifies the move just played in p (the position after it) by side x, which
// moved the piece now on dest, the way lishogi's server does (§8.3):
//   - check (a): some royal piece of the opponent is attacked by some piece of x;
//   - attack (b): the moved piece, on its destination (its start after igui or jitto),
//     has a legal single move onto an enemy piece if x were to move again at once (the
//     lion rules apply, and the counter-strike marker the move itself may have set: a
//     quirk kept as is); whether the target is protected does not matter;
//   - otherwise idle (a quiet move, 静かな手).
//
// A move that took a piece is a capture (駒取り) first: it cannot be part of a
// repetition cycle (a capture restarts the window, §8.2), and a player calls it a
// capture whatever it threatens next; the check and attack natures that follow it still
// count toward the side's run of attacking moves (§8.3 (i)).
//
// It returns every nature, heaviest first, and the evidence.
func nature(p *chushogi.Position, x chushogi.Color, dest chushogi.Square, o *chushogi.Options, captured bool) ([]arbiter.Nature, []arbiter.Threat) {
	var natures []arbiter.Nature
	if captured {
		natures = append(natures, arbiter.NatureCapture)
	}
	var threats []arbiter.Threat
	y := x.Other()
	if royals := p.RoyalsAttacked(y); len(royals) > 0 {
		natures = append(natures, arbiter.NatureCheck)
		for _, s := range royals {
			t := arbiter.Threat{Nature: arbiter.NatureCheck, Target: gamePiece(p, s), Counted: true}
			for _, a := range p.AttackersOf(x, s) {
				t.Attackers = append(t.Attackers, gamePiece(p, a))
			}
			t.Joint = len(t.Attackers) > 1
			t.Note = fmt.Sprintf("the %s on %s is attacked (check)", p.At(s).Name(), s)
			threats = append(threats, t)
		}
	}
	if targets := p.CaptureTargets(dest, o); len(targets) > 0 {
		natures = append(natures, arbiter.NatureAttack)
		for _, s := range targets {
			threats = append(threats, arbiter.Threat{Nature: arbiter.NatureAttack, Target: gamePiece(p, s),
				Attackers: []arbiter.Piece{gamePiece(p, dest)}, Counted: true,
				Note: fmt.Sprintf("the %s on %s can take the %s on %s", p.At(dest).Name(), dest, p.At(s).Name(), s)})
		}
	}
	if len(natures) == 0 {
		natures = append(natures, arbiter.NatureIdle)
	}
	return natures, threats
}

// has reports whether natures holds n.
func has(natures []arbiter.Nature, n arbiter.Nature) bool {
	for _, x := range natures {
		if x == n {
			return true
		}
	}
	return false
}

// attacking reports whether a move with these natures counts as attacking in the
// family: any check or attack for jcsa_attack_4fold, only a check for sennichite_4fold.
func attacking(family string, natures []arbiter.Nature) bool {
	for _, n := range natures {
		if n == arbiter.NatureCheck || (n == arbiter.NatureAttack && family != RepetitionSennichite) {
			return true
		}
	}
	return false
}

func side(c chushogi.Color) arbiter.Side {
	if c == chushogi.Gote {
		return arbiter.SideGote
	}
	return arbiter.SideSente
}

func gamePiece(p *chushogi.Position, s chushogi.Square) arbiter.Piece {
	pc := p.At(s)
	return arbiter.Piece{Square: s.String(), Side: side(pc.Color()), Name: pc.String(), Word: pc.Name()}
}
