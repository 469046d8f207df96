package banqi

import (
	"fmt"

	bq "github.com/arbiter-xq/arbiter/banqi"
)

// chaseRecord is one open threat or pending chase of §6.6: attacker A, target T (by the
// squares they stand on), the chaser side C and the target's route R.
type chaseRecord struct {
	A, T  bq.Square
	C     bq.Color
	Route []bq.Square
}

// revisits reports whether the route holds a square twice.
func (r *chaseRecord) revisits() bool {
	for i := range r.Route {
		for j := i + 1; j < len(r.Route); j++ {
			if r.Route[i] == r.Route[j] {
				return true
			}
		}
	}
	return false
}

// routeChase is the state of `long_chase=route_revisit` (§6.6, DarkChess-NNUE's 禁止長追):
// the open threats O and at most one pending chase Π. It is not part of the position: a
// set-up position starts with none [design].
type routeChase struct {
	open    []chaseRecord
	pending *chaseRecord
	spare   []chaseRecord
}

// reset clears the state (§6.6 step 1: a flip or a capture).
func (c *routeChase) reset() {
	c.open, c.pending = c.open[:0], nil
}

// update applies §6.6 step 2 after the plain move of the piece now on q by side s,
// from square from; after is the position after the move.
func (c *routeChase) update(after *bq.Position, s bq.Color, from, q bq.Square) {
	oldOpen, oldPending := c.open, c.pending
	c.open, c.spare = c.spare[:0], oldOpen
	c.pending = nil
	// (a) Flight: the moved piece is the target of an open threat of the other side,
	// and its attacker cannot capture it on q.
	for i := range oldOpen {
		r := &oldOpen[i]
		if r.T == from && r.C != s && !after.CanTake(r.A, q) {
			route := append(append([]bq.Square(nil), r.Route...), q)
			c.pending = &chaseRecord{A: r.A, T: q, C: r.C, Route: route}
			return
		}
	}
	// (b) New threats of the moved piece.
	var buf [8]bq.Square
	for _, t := range after.TargetsOf(q, buf[:0]) {
		var route []bq.Square
		if oldPending != nil && oldPending.A == from && oldPending.T == t && oldPending.C == s {
			route = oldPending.Route
		} else {
			route = []bq.Square{t}
		}
		c.open = append(c.open, chaseRecord{A: q, T: t, C: s, Route: route})
	}
}

// banned reports whether plain move m by side s is a forbidden long chase (§6.6 step 3):
// Π is pending with a route that revisits a square, m moves Π's attacker, and after it
// the attacker could capture the target.
func (c *routeChase) banned(pos *bq.Position, s bq.Color, m bq.Move) (bool, string) {
	p := c.pending
	if p == nil || p.C != s || m.Kind != bq.Step || m.From != p.A || !p.revisits() {
		return false, ""
	}
	q := *pos
	if _, err := q.Play(m); err != nil {
		return false, ""
	}
	if !q.CanTake(m.To(), p.T) {
		return false, ""
	}
	return true, fmt.Sprintf("long chase (長追, §6.6): the %s on %s fled along %s back onto a square of its route; %s would attack it again",
		pos.At(p.T).Name(), p.T, routeString(p.Route), m)
}

func routeString(r []bq.Square) string {
	out := ""
	for i, s := range r {
		if i > 0 {
			out += " "
		}
		out += s.String()
	}
	return out
}
