package record

import "testing"

// BenchmarkXQFMainLine reads the main line of the largest XQF fixture (a tree of
// 32,124 moves): reading stops at the end of the main line.
func BenchmarkXQFMainLine(b *testing.B) {
	data := fixture(b, "xqf/walker8088-cchess/FiveGoatsTest.xqf")
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := Read("FiveGoatsTest.xqf", data, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkXQFTree reads the whole tree of the same file, every move checked.
func BenchmarkXQFTree(b *testing.B) {
	data := fixture(b, "xqf/walker8088-cchess/FiveGoatsTest.xqf")
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := Read("FiveGoatsTest.xqf", data, Options{Variations: true}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkXQFGame reads a typical annotated game (110 plies, 11 comments).
func BenchmarkXQFGame(b *testing.B) {
	data := fixture(b, "xqf/walker8088-cchess/test.xqf")
	for b.Loop() {
		if _, err := Read("test.xqf", data, Options{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/game")
}

// BenchmarkCBL reads the 188 games of the 1981 library; ns/game is the speed per game.
func BenchmarkCBL(b *testing.B) {
	data := fixture(b, "cbl/walker8088-cchess/1981年承德十一省市邀请赛188局.CBL")
	b.SetBytes(int64(len(data)))
	games := 0
	for b.Loop() {
		gs, err := Read("1981.CBL", data, Options{})
		if err != nil {
			b.Fatal(err)
		}
		games += len(gs)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(games), "ns/game")
}
