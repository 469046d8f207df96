package picture

import (
	"io"
	"strings"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/banqi"
)

// banqiLabels are the characters of the banqi pieces (docs/rules/banqi.md §2.2, traditional
// characters as the sets have them): 帥仕相俥傌炮兵 for Red, 將士象車馬砲卒 for Black.
var banqiLabels = [2][8]string{
	{"", "帥", "仕", "相", "俥", "傌", "炮", "兵"},
	{"", "將", "士", "象", "車", "馬", "砲", "卒"},
}

// animalLabels are the animal variant's pieces (§4.3), the same for both sides.
var animalLabels = map[banqi.Kind]string{
	banqi.AnimalElephant: "象", banqi.Lion: "獅", banqi.Tiger: "虎", banqi.Leopard: "豹",
	banqi.Wolf: "狼", banqi.Dog: "狗", banqi.Cat: "猫", banqi.Rat: "鼠",
}

// BanqiPieceLabel returns the character written on a banqi piece.
func BanqiPieceLabel(p banqi.Piece) string {
	if p == banqi.NoPiece || p == banqi.FaceDown {
		return ""
	}
	if l, ok := animalLabels[p.Kind()]; ok {
		return l
	}
	side := 0
	if p.Color() == banqi.Black {
		side = 1
	}
	if k := int(p.Kind()); k < len(banqiLabels[side]) {
		return banqiLabels[side][k]
	}
	return p.String()
}

// Banqi describes a banqi position for SVG as banqi players draw the half board:
// landscape, 8 ranks across by 4 files down (4 by 4 for the animal variant), pieces
// inside the squares as discs, face-down pieces as blank backs. The squares keep the
// CDC names (files a-d, ranks 1-8): the portrait board of the notation turned a
// quarter clockwise, so rank 1 is on the left, rank 8 on the right and file a at the
// top. Banqi has no forward direction; Red's pieces have no home edge.
func Banqi(pos *banqi.Position) Board {
	b := Board{
		Layout: Squares,
		Files:  pos.Ranks(),
		Ranks:  banqi.Files,
		Shape:  Disc,
		Sides: [2]SideStyle{
			{Name: "Red", Text: XiangqiRed, Fill: "#fff6e0", Stroke: XiangqiRed},
			{Name: "Black", Text: XiangqiBlack, Fill: "#fff6e0", Stroke: XiangqiBlack},
		},
		PointName: func(p Point) string {
			return banqiSquare(p).String()
		},
		Description: pos.String(),
	}
	ranks := make([]string, pos.Ranks())
	for i := range ranks {
		ranks[i] = string(rune('1' + i))
	}
	files := make([]string, banqi.Files)
	for i := range files {
		files[i] = string(rune('a' + banqi.Files - 1 - i))
	}
	b.Labels = []Labels{{Edge: Near, Text: ranks}, {Edge: Left, Text: files}}
	for s := 0; s < pos.NumSquares(); s++ {
		sq := banqi.Square(s)
		pc := pos.At(sq)
		switch {
		case pc == banqi.NoPiece:
			continue
		case pc == banqi.FaceDown:
			b.Pieces = append(b.Pieces, Piece{At: banqiPoint(sq), FaceDown: true, Name: "face-down piece"})
			continue
		}
		side := First
		if pc.Color() == banqi.Black {
			side = Second
		}
		b.Pieces = append(b.Pieces, Piece{At: banqiPoint(sq), Side: side, Label: BanqiPieceLabel(pc), Name: strings.ToLower(pc.Name())})
	}
	return b
}

// banqiPoint is where a square is drawn on the landscape board: the rank across, the
// file down from a at the top.
func banqiPoint(s banqi.Square) Point {
	return Point{File: s.Rank(), Rank: banqi.Files - 1 - s.File()}
}

// banqiSquare is the square drawn at a point of the landscape board.
func banqiSquare(p Point) banqi.Square {
	return banqi.SquareAt(banqi.Files-1-p.Rank, p.File)
}

// BanqiSVG draws a banqi position.
func BanqiSVG(w io.Writer, pos *banqi.Position, opts ...Option) error {
	return SVG(w, Banqi(pos), opts...)
}

// banqiAdapter reads banqi reports: the position string (the animal board has 4 ranks)
// and the CDC square names.
func banqiAdapter() GameAdapter {
	return GameAdapter{
		Board: func(position string) (Board, error) {
			o := banqi.DefaultOptions()
			if board, _, _ := strings.Cut(strings.TrimSpace(position), " "); strings.Count(board, "/") == 3 {
				o.Pieces, o.RankOrder = banqi.AnimalPieces, banqi.RankJungle
			}
			p, err := banqi.ParsePosition(position, o)
			if err != nil {
				return Board{}, err
			}
			return Banqi(&p), nil
		},
		Point: func(square string) (Point, bool) {
			s, ok := banqi.ParseSquare(square, 8)
			if !ok {
				return Point{}, false
			}
			return banqiPoint(s), true
		},
		SideColor: func(s arbiter.Side) string {
			if s == arbiter.SideBlack {
				return BlackMoveColor
			}
			return RedMoveColor
		},
	}
}
