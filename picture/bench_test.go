package picture_test

import (
	"io"
	"testing"

	. "github.com/arbiter-xq/arbiter/picture"
	"github.com/arbiter-xq/arbiter/xiangqi"
)

// BenchmarkRuling is the cost of AdjudicateRequest.svg: one ruling picture (CXA 图2,
// a chase cycle with 30 pieces).
func BenchmarkRuling(b *testing.B) {
	rep := caseReport(b, "cxa2020-图2")
	for b.Loop() {
		if err := XiangqiRuling(io.Discard, rep); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkStartPosition draws the 32-piece start position.
func BenchmarkStartPosition(b *testing.B) {
	pos := xiangqi.StartPosition()
	for b.Loop() {
		if err := XiangqiSVG(io.Discard, &pos); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPlies is the cost of AdjudicateRequest.ply_svgs for a 4-ply history (5
// pictures).
func BenchmarkPlies(b *testing.B) {
	rep := caseReport(b, "cxa2020-图6")
	for b.Loop() {
		if _, err := XiangqiPlies(rep); err != nil {
			b.Fatal(err)
		}
	}
}
