package banqi

import bq "github.com/arbiter-xq/arbiter/banqi"

// attackEvidence implements §6.2: a plain move by S from P (before) to P′ (after) is an
// attack when Θ(P′, S) holds a pair that Θ(P, S) lacks, pieces matched by identity (the
// moved piece keeps its identity from m.From to its new square). Threats the move
// uncovers count too. Under attack_protection=unprotected_only a pair counts only when
// the target is unprotected in P′. It appends the new pairs to dst.
func attackEvidence(dst []Evidence, before, after *bq.Position, mover bq.Color, m bq.Move, prot AttackProtection) []Evidence {
	var bufA, bufB [64]bq.Threat
	old := before.Threats(mover, bufA[:0])
	from, to := m.From, m.To()
	for i := range old {
		if old[i].Attacker == from {
			old[i].Attacker = to
		}
	}
	for _, th := range after.Threats(mover, bufB[:0]) {
		if containsThreat(old, th) {
			continue
		}
		if prot == ProtectionUnprotectedOnly && after.Protected(th.Attacker, th.Target) {
			continue
		}
		dst = append(dst, Evidence{th.Attacker, th.Target, after.At(th.Attacker), after.At(th.Target)})
	}
	return dst
}

func containsThreat(ts []bq.Threat, t bq.Threat) bool {
	for _, x := range ts {
		if x == t {
			return true
		}
	}
	return false
}
