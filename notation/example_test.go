package notation_test

import (
	"fmt"

	"github.com/arbiter-xq/arbiter/notation"
	"github.com/arbiter-xq/arbiter/xiangqi"
)

func ExampleParse() {
	p := xiangqi.StartPosition()
	for _, text := range []string{"h2e2", "C2.5", "Ｃ２＝５", "炮二平五", "砲二平五"} {
		m, err := notation.Parse(&p, text)
		fmt.Println(text, m, err)
	}
	_, err := notation.Parse(&p, "炮三平五")
	fmt.Println(err)
	// Output:
	// h2e2 h2e2 <nil>
	// C2.5 h2e2 <nil>
	// Ｃ２＝５ h2e2 <nil>
	// 炮二平五 h2e2 <nil>
	// 砲二平五 h2e2 <nil>
	// Chinese move "炮三平五": no red cannon on file 3
}

func ExampleFormat() {
	p := xiangqi.StartPosition()
	m, _ := notation.Parse(&p, "h2e2")
	fmt.Println(notation.FormatICCS(&p, m), notation.FormatWXF(&p, m), notation.FormatChinese(&p, m))
	p.MakeMove(m)
	m, _ = notation.Parse(&p, "h9g7")
	fmt.Println(notation.FormatICCS(&p, m), notation.FormatWXF(&p, m), notation.FormatChinese(&p, m))
	// Output:
	// h2e2 C2.5 炮二平五
	// h9g7 H8+7 马８进７
}

func ExampleParseMoves() {
	moves := notation.SplitMoves("1. 炮二平五 马８进７ 2. H2+3 R9.8 3. c3c4")
	g, err := notation.ParseMoves(xiangqi.StartPosition(), moves)
	fmt.Println(g.Moves(), err)

	_, err = notation.ParseMoves(xiangqi.StartPosition(), []string{"h2e2", "h2e2"})
	fmt.Println(err)
	// Output:
	// [h2e2 h9g7 h0g2 i9h9 c3c4] <nil>
	// ply 2 "h2e2": ICCS: the move is illegal: no piece on h2
}
