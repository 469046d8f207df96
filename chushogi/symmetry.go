package chushogi

// The rules of chu shogi are symmetric under two transformations of the board (§11
// T-M2): mirroring the files (file f becomes 13-f; every piece moves symmetrically to its
// left and right), and turning the board 180 degrees with the sides swapped (file f, rank
// r becomes 13-f, 13-r; sente's pieces become gote's and gote's sente's, the side to move
// swaps, and the counter-strike marker moves with its square). A position and its image
// have the same legal moves, mapped, and every ruling on them is the same with the sides
// swapped for the turned board. The casebook runs every chu case under both.

// Mirror returns the square with the files mirrored: file f becomes file 13-f, the rank
// is kept. NoSquare stays NoSquare.
func (s Square) Mirror() Square {
	if !s.Valid() {
		return s
	}
	return Square(s.row()*Files + (Files - 1 - s.col()))
}

// Rotate returns the square on the board turned 180 degrees: file f, rank r becomes
// file 13-f, rank 13-r (ranks numbered a=1 ... l=12). NoSquare stays NoSquare.
func (s Square) Rotate() Square {
	if !s.Valid() {
		return s
	}
	return NumSquares - 1 - s
}

// SwapColor returns the same piece of the other side (NoPiece stays NoPiece).
func (pc Piece) SwapColor() Piece {
	if pc == NoPiece {
		return pc
	}
	return pc ^ goteBit
}

// Mirror returns the position with the files mirrored: the same pieces and side to
// move, file f moved to file 13-f, the marker mapped.
func (p *Position) Mirror() Position {
	q := NewEmptyPosition()
	for s := Square(0); s < NumSquares; s++ {
		if pc := p.board[s]; pc != NoPiece {
			q.Put(s.Mirror(), pc)
		}
	}
	q.SetSideToMove(p.side)
	q.marker = p.marker.Mirror()
	q.MoveNumber = p.MoveNumber
	return q
}

// Rotate returns the position turned 180 degrees with the sides swapped: every piece
// changes side and stands on the rotated square, the other side is to move, and the
// marker is mapped. The move number is kept.
func (p *Position) Rotate() Position {
	q := NewEmptyPosition()
	for s := Square(0); s < NumSquares; s++ {
		if pc := p.board[s]; pc != NoPiece {
			q.Put(s.Rotate(), pc.SwapColor())
		}
	}
	q.SetSideToMove(p.side.Other())
	q.marker = p.marker.Rotate()
	q.MoveNumber = p.MoveNumber
	return q
}

// Mirror returns the move with its squares mirrored.
func (m Move) Mirror() Move {
	return Move{From: m.From.Mirror(), Mid: m.Mid.Mirror(), To: m.To.Mirror(), Promote: m.Promote}
}

// Rotate returns the move with its squares rotated.
func (m Move) Rotate() Move {
	return Move{From: m.From.Rotate(), Mid: m.Mid.Rotate(), To: m.To.Rotate(), Promote: m.Promote}
}
