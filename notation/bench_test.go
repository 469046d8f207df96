package notation

import (
	"testing"

	"github.com/arbiter-xq/arbiter/xiangqi"
)

// benchPly is one move of the wukong games: the position before it and its text.
type benchPly struct {
	pos  xiangqi.Position
	text string
}

// benchPlies returns every ply of the wukong games with its text in notation i
// (0 ICCS, 1 WXF, 2 Chinese), following the WXF file's moves.
func benchPlies(b *testing.B, i int) []benchPly {
	games := loadWukong(b)
	var out []benchPly
	for _, g := range games {
		game, err := ParseMoves(xiangqi.StartPosition(), g.texts[1])
		if err != nil {
			b.Fatal(err)
		}
		for ply, m := range game.Moves() {
			pos := game.PositionAt(ply)
			text := g.texts[i][ply]
			if i == 0 {
				text = FormatICCS(&pos, m) // where the ICCS file disagrees, keep the positions' move
			}
			out = append(out, benchPly{pos, text})
		}
	}
	return out
}

// benchParse reports the cost per move of reading the corpus in one notation.
func benchParse(b *testing.B, i int) {
	plies := benchPlies(b, i)
	b.ReportAllocs()
	for b.Loop() {
		for k := range plies {
			if _, err := Parse(&plies[k].pos, plies[k].text); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(plies)), "ns/move")
}

func BenchmarkParseICCS(b *testing.B)    { benchParse(b, 0) }
func BenchmarkParseWXF(b *testing.B)     { benchParse(b, 1) }
func BenchmarkParseChinese(b *testing.B) { benchParse(b, 2) }

// BenchmarkFormat writes every corpus move in the three notations.
func BenchmarkFormat(b *testing.B) {
	plies := benchPlies(b, 0)
	moves := make([]xiangqi.Move, len(plies))
	for k := range plies {
		moves[k], _ = xiangqi.ParseICCS(plies[k].text)
	}
	b.ReportAllocs()
	for b.Loop() {
		for k := range plies {
			_ = FormatWXF(&plies[k].pos, moves[k])
			_ = FormatChinese(&plies[k].pos, moves[k])
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(plies)), "ns/move")
}
