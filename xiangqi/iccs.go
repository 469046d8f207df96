package xiangqi

// ParseICCS reads a move in ICCS coordinates: "h2e2", "H2-E2" or "h2-e2".
// It checks the syntax only; use Position.WhyIllegal for legality.
func ParseICCS(s string) (Move, bool) {
	switch len(s) {
	case 4:
		return parseICCS(s[0:2], s[2:4])
	case 5:
		if s[2] != '-' {
			return NoMove, false
		}
		return parseICCS(s[0:2], s[3:5])
	}
	return NoMove, false
}

func parseICCS(a, b string) (Move, bool) {
	from, ok1 := ParseSquare(a)
	to, ok2 := ParseSquare(b)
	if !ok1 || !ok2 || from == to {
		return NoMove, false
	}
	return NewMove(from, to), true
}

// ICCS writes the move in lowercase ICCS, e.g. "h2e2".
func ICCS(m Move) string { return m.String() }
