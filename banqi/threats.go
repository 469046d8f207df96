package banqi

// Threat is a pair of the attack relation Θ of §6.2: the face-up piece on Attacker could
// take the face-up enemy on Target with a single capture (cannon jumps included; hidden
// captures and later chain links excluded).
type Threat struct {
	Attacker, Target Square
}

// Threats appends Θ(p, side) to dst: every face-up piece of side and every face-up enemy
// it could take with one capture if side were to move.
func (p *Position) Threats(side Color, dst []Threat) []Threat {
	var buf [8]target
	for s := 0; s < p.NumSquares(); s++ {
		x := p.board[s]
		if x == NoPiece || x == FaceDown || x.Color() != side {
			continue
		}
		for _, t := range p.targets(x, Square(s), buf[:0]) {
			if p.board[t.sq] != FaceDown {
				dst = append(dst, Threat{Square(s), t.sq})
			}
		}
	}
	return dst
}

// TargetsOf appends the face-up enemies the face-up piece on from could take with one
// capture (as in Threats), whoever is to move.
func (p *Position) TargetsOf(from Square, dst []Square) []Square {
	x := p.At(from)
	if x == NoPiece || x == FaceDown {
		return dst
	}
	var buf [8]target
	for _, t := range p.targets(x, from, buf[:0]) {
		if p.board[t.sq] != FaceDown {
			dst = append(dst, t.sq)
		}
	}
	return dst
}

// CanTake reports whether the face-up piece on from could take the face-up piece on to
// with one capture (as in Threats), whoever is to move.
func (p *Position) CanTake(from, to Square) bool {
	x, t := p.At(from), p.At(to)
	if x == NoPiece || x == FaceDown || t == NoPiece || t == FaceDown || x.Color() == t.Color() {
		return false
	}
	var buf [8]target
	for _, tg := range p.targets(x, from, buf[:0]) {
		if tg.sq == to {
			return true
		}
	}
	return false
}

// Protected reports whether, once the piece on a has taken the piece on t, some piece
// of t's side could take it back on t with one capture (§6.2 attack_protection).
func (p *Position) Protected(a, t Square) bool {
	q := *p
	x, victim := q.remove(a), q.remove(t)
	if x == NoPiece || x == FaceDown || victim == NoPiece || victim == FaceDown {
		return false
	}
	q.put(t, x)
	var buf [8]target
	for s := 0; s < q.NumSquares(); s++ {
		y := q.board[s]
		if y == NoPiece || y == FaceDown || y.Color() != victim.Color() {
			continue
		}
		for _, tg := range q.targets(y, Square(s), buf[:0]) {
			if tg.sq == t {
				return true
			}
		}
	}
	return false
}
