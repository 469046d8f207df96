package picture

import (
	"io"

	"github.com/arbiter-xq/arbiter/xiangqi"
)

// xiangqiLabels are the piece characters, the simplified set the CLI's Chinese
// notation writes (车四平五): 帅仕相马车炮兵 for Red, 将士象马车炮卒 for Black.
var xiangqiLabels = [2][8]string{
	{"", "帅", "仕", "相", "马", "车", "炮", "兵"},
	{"", "将", "士", "象", "马", "车", "炮", "卒"},
}

// XiangqiPieceLabel returns the character written on a xiangqi piece.
func XiangqiPieceLabel(p xiangqi.Piece) string {
	if p == xiangqi.NoPiece {
		return ""
	}
	return xiangqiLabels[p.Color()][p.Kind()]
}

// XiangqiPoint is the picture point of a xiangqi square (Red is the first side).
func XiangqiPoint(s xiangqi.Square) Point { return Point{s.File(), s.Rank()} }

// XiangqiSide is the picture side of a xiangqi colour.
func XiangqiSide(c xiangqi.Color) Side {
	if c == xiangqi.Black {
		return Second
	}
	return First
}

// Colours of the xiangqi sides and of marks drawn for them.
const (
	XiangqiRed   = "#c1121f"
	XiangqiBlack = "#1d1d1d"
)

// Xiangqi describes a xiangqi position for SVG: a 9 x 10 grid of points with the river
// (楚河 汉界), the palace diagonals, the cannon and pawn point marks, the pieces in
// red and black with their Chinese characters, and the coordinates: ICCS files a-i
// and ranks 0-9, Red's file numbers 九..一 along its edge and Black's 1..9 along
// Black's, each read from its own side's right.
func Xiangqi(pos *xiangqi.Position) Board {
	b := Board{
		Layout: Intersections,
		Files:  xiangqi.Files,
		Ranks:  xiangqi.Ranks,
		Shape:  Disc,
		Sides: [2]SideStyle{
			{Name: "Red", Text: XiangqiRed, Fill: "#fff6e0", Stroke: XiangqiRed},
			{Name: "Black", Text: XiangqiBlack, Fill: "#fff6e0", Stroke: XiangqiBlack},
		},
		Diagonals: [][2]Point{
			{{3, 0}, {5, 2}}, {{5, 0}, {3, 2}},
			{{3, 7}, {5, 9}}, {{5, 7}, {3, 9}},
		},
		River: &River{Below: 4, Left: "楚河", Right: "汉界"},
		Brackets: []Point{
			{1, 2}, {7, 2}, {1, 7}, {7, 7},
			{0, 3}, {2, 3}, {4, 3}, {6, 3}, {8, 3},
			{0, 6}, {2, 6}, {4, 6}, {6, 6}, {8, 6},
		},
		PointName: func(p Point) string {
			return xiangqi.SquareAt(p.File, p.Rank).String()
		},
		Description: pos.FEN(),
	}
	redNums := []string{"九", "八", "七", "六", "五", "四", "三", "二", "一"}
	blackNums := []string{"1", "2", "3", "4", "5", "6", "7", "8", "9"}
	files := []string{"a", "b", "c", "d", "e", "f", "g", "h", "i"}
	ranks := []string{"0", "1", "2", "3", "4", "5", "6", "7", "8", "9"}
	b.Labels = []Labels{
		{Edge: Near, Text: redNums, Color: XiangqiRed},
		{Edge: Near, Text: files},
		{Edge: Far, Text: blackNums, Color: XiangqiBlack},
		{Edge: Left, Text: ranks},
	}
	for s := xiangqi.Square(0); s < xiangqi.NumSquares; s++ {
		pc := pos.At(s)
		if pc == xiangqi.NoPiece {
			continue
		}
		b.Pieces = append(b.Pieces, Piece{
			At:    XiangqiPoint(s),
			Side:  XiangqiSide(pc.Color()),
			Label: XiangqiPieceLabel(pc),
			Name:  pc.Name(),
		})
	}
	return b
}

// XiangqiSVG draws a xiangqi position.
func XiangqiSVG(w io.Writer, pos *xiangqi.Position, opts ...Option) error {
	return SVG(w, Xiangqi(pos), opts...)
}
