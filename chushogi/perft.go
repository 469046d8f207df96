package chushogi

// Perft counts the leaf move sequences of depth plies from p under o, with the
// counting convention of §12 (see AppendLegalMoves). It goes on after a royal piece is
// captured, as lishogi's enumeration does; repetition rules are not applied.
func Perft(p *Position, o *Options, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	buf := make([][]Move, depth)
	return perft(p, o, depth, buf)
}

func perft(p *Position, o *Options, depth int, buf [][]Move) uint64 {
	moves := p.AppendLegalMoves(o, buf[depth-1][:0])
	buf[depth-1] = moves
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		q := *p
		q.MakeMove(m)
		n += perft(&q, o, depth-1, buf)
	}
	return n
}

// PerftDivide returns the perft count below each legal move of p.
func PerftDivide(p *Position, o *Options, depth int) map[Move]uint64 {
	out := make(map[Move]uint64)
	if depth <= 0 {
		return out
	}
	for _, m := range p.LegalMoves(o) {
		q := *p
		q.MakeMove(m)
		out[m] += Perft(&q, o, depth-1)
	}
	return out
}

// PerftLishogiDebug counts like the perft function of lishogi's shogiops library
// (src/debug.ts, version 0.18.0). The moves it enumerates are the same as Perft's, but
// it plays each two-step move with the first-step and second-step squares swapped: it
// builds the move {to: first step, midStep: second step}, so the piece ends on the
// first-step square and whatever stands on the second-step square is removed (a jitto
// moves the piece to its first-step square). Depth 1-3 from the start agree with Perft
// (no two-step move is possible before ply 3); at depth 4 lishogi's harness gives
// 2,134,737 where the correct count is 2,134,748. This function exists only to show
// where lishogi's published number comes from (TestPerftLishogiHarness).
func PerftLishogiDebug(p *Position, o *Options, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	moves := p.LegalMoves(o)
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		q := *p
		if m.IsTwoStep() {
			q.playSwappedTwoStep(m)
		} else {
			q.MakeMove(m)
		}
		n += PerftLishogiDebug(&q, o, depth-1)
	}
	return n
}

// playSwappedTwoStep plays m the way lishogi's debug perft does (see PerftLishogiDebug).
func (p *Position) playSwappedTwoStep(m Move) {
	pc := p.board[m.From]
	p.Put(m.From, NoPiece)
	p.Put(m.Mid, pc)
	if m.To != m.Mid && m.To != m.From {
		p.Put(m.To, NoPiece)
	}
	p.marker = NoSquare
	p.SetSideToMove(p.side.Other())
	if p.MoveNumber < MaxMoveNumber {
		p.MoveNumber++
	}
}
