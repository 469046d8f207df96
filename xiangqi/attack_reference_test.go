package xiangqi

// The attack scan as it was before attackersOf read its rays and pawn squares from
// tables: it walks files and ranks square by square. The tests compare both on real
// positions.

// AppendAttackersReference is AppendAttackers computed by the reference scan.
func (p *Position) AppendAttackersReference(dst []Square, s Square, by Color) []Square {
	f, r := s.File(), s.Rank()
	rook, cannon := MakePiece(by, Rook), MakePiece(by, Cannon)
	for _, d := range rayDirs {
		screen := false
		for ff, rr := f+d[0], r+d[1]; onBoard(ff, rr); ff, rr = ff+d[0], rr+d[1] {
			t := SquareAt(ff, rr)
			pc := p.board[t]
			if pc == NoPiece {
				continue
			}
			if !screen {
				if pc == rook {
					dst = append(dst, t)
				}
				screen = true
				continue
			}
			if pc == cannon {
				dst = append(dst, t)
			}
			break
		}
	}
	horse := MakePiece(by, Horse)
	hl := &horseAttackers[s]
	for i := uint8(0); i < hl.n; i++ {
		st := hl.steps[i]
		if p.board[st.to] == horse && p.board[st.block] == NoPiece {
			dst = append(dst, st.to)
		}
	}
	pawn := MakePiece(by, Pawn)
	back := -1
	if by == Black {
		back = 1
	}
	if onBoard(f, r+back) {
		if t := SquareAt(f, r+back); p.board[t] == pawn {
			dst = append(dst, t)
		}
	}
	if !s.OnOwnSide(by) {
		for _, df := range [2]int{-1, 1} {
			if onBoard(f+df, r) {
				if t := SquareAt(f+df, r); p.board[t] == pawn {
					dst = append(dst, t)
				}
			}
		}
	}
	if s.InPalace(by) {
		king, adv := MakePiece(by, King), MakePiece(by, Advisor)
		kl := &kingSteps[by][s]
		for i := uint8(0); i < kl.n; i++ {
			if t := kl.steps[i].to; p.board[t] == king {
				dst = append(dst, t)
			}
		}
		al := &advisorSteps[by][s]
		for i := uint8(0); i < al.n; i++ {
			if t := al.steps[i].to; p.board[t] == adv {
				dst = append(dst, t)
			}
		}
	}
	if s.OnOwnSide(by) {
		el := MakePiece(by, Elephant)
		ll := &elephantSteps[by][s]
		for i := uint8(0); i < ll.n; i++ {
			st := ll.steps[i]
			if p.board[st.to] == el && p.board[st.block] == NoPiece {
				dst = append(dst, st.to)
			}
		}
	}
	return dst
}

// RaceEnabled tells the external tests that the race detector is on.
const RaceEnabled = raceEnabled

// KingsFacingReference is KingsFacing by the square-by-square scan.
func (p *Position) KingsFacingReference() bool {
	rk, bk := p.kings[Red], p.kings[Black]
	if rk.File() != bk.File() {
		return false
	}
	for s := rk + Files; s < bk; s += Files {
		if p.board[s] != NoPiece {
			return false
		}
	}
	return true
}

// OccupancyConsistent reports whether the line masks and the piece sets (all, horses,
// pawns, rooks and cannons) match the board.
func (p *Position) OccupancyConsistent() bool {
	var q Position
	for s := Square(0); s < NumSquares; s++ {
		q.setOccupied(s, p.board[s] != NoPiece)
	}
	var pieces, horses, pawns, lines [2]SquareSet
	for s := Square(0); s < NumSquares; s++ {
		if pc := p.board[s]; pc != NoPiece {
			pieces[pc.Color()].Add(s)
			switch pc.Kind() {
			case Horse:
				horses[pc.Color()].Add(s)
			case Pawn:
				pawns[pc.Color()].Add(s)
			case Rook, Cannon:
				lines[pc.Color()].Add(s)
			}
		}
	}
	return q.occRank == p.occRank && q.occFile == p.occFile && pieces == p.pieces && horses == p.horses && pawns == p.pawns && lines == p.lines
}

// AppendPseudoMovesReference is AppendPseudoMoves with the rook and cannon moves found
// by walking files and ranks square by square, as before the ray tables.
func (p *Position) AppendPseudoMovesReference(dst []Move) []Move {
	c := p.side
	for s := Square(0); s < NumSquares; s++ {
		pc := p.board[s]
		if pc == NoPiece || pc.Color() != c {
			continue
		}
		if k := pc.Kind(); k != Rook && k != Cannon {
			dst = p.appendPieceMoves(dst, s, pc)
			continue
		}
		rook := pc.Kind() == Rook
		f, r := s.File(), s.Rank()
		for _, d := range rayDirs {
			screen := false
			for ff, rr := f+d[0], r+d[1]; onBoard(ff, rr); ff, rr = ff+d[0], rr+d[1] {
				t := SquareAt(ff, rr)
				tp := p.board[t]
				if !screen {
					if tp == NoPiece {
						dst = append(dst, NewMove(s, t))
						continue
					}
					if rook {
						if tp.Color() != c {
							dst = append(dst, NewMove(s, t))
						}
						break
					}
					screen = true
					continue
				}
				if tp != NoPiece {
					if tp.Color() != c {
						dst = append(dst, NewMove(s, t))
					}
					break
				}
			}
		}
	}
	return dst
}
