package picture

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"strings"
	"testing"
)

// neutralBoard is a board no game has yet: cells, pentagons turned for the second
// side, two-character, promoted and face-down pieces, dots on crossings.
func neutralBoard() Board {
	return Board{
		Layout: Squares, Files: 5, Ranks: 4, Shape: Pentagon, TurnSecond: true,
		Sides: [2]SideStyle{{Name: "sente"}, {Name: "gote"}},
		Dots:  []Point{{2, 2}, {3, 2}},
		Labels: []Labels{
			{Edge: Far, Text: []string{"5", "4", "3", "2", "1"}},
			{Edge: Right, Text: []string{"四", "三", "二", "一"}},
		},
		Pieces: []Piece{
			{At: Point{0, 0}, Side: First, Label: "獅子", Name: "sente lion"},
			{At: Point{2, 0}, Side: First, Label: "王", Name: "sente king"},
			{At: Point{4, 1}, Side: First, Label: "竜", Name: "sente dragon", Promoted: true},
			{At: Point{2, 3}, Side: Second, Label: "玉", Name: "gote king"},
			{At: Point{1, 3}, Side: Second, Label: "奔王", Name: "gote free king"},
			{At: Point{3, 2}, Side: Second, FaceDown: true},
		},
	}
}

func TestLanes(t *testing.T) {
	a := func(f1, r1, f2, r2 int) ArrowMark { return Arrow(Point{f1, r1}, Point{f2, r2}) }
	tests := []struct {
		name   string
		arrows []ArrowMark
		want   []float64
	}{
		{"single", []ArrowMark{a(0, 0, 0, 3)}, []float64{0}},
		{"there and back", []ArrowMark{a(5, 0, 4, 0), a(4, 0, 5, 0)}, []float64{-laneGap / 2, laneGap / 2}},
		{"overlapping on one line", []ArrowMark{a(0, 0, 3, 0), a(2, 0, 5, 0), a(6, 0, 8, 0)}, []float64{-laneGap / 2, laneGap / 2, 0}},
		{"touching ends only", []ArrowMark{a(0, 0, 2, 0), a(2, 0, 4, 0)}, []float64{0, 0}},
		{"parallel lines", []ArrowMark{a(0, 0, 2, 0), a(0, 1, 2, 1)}, []float64{0, 0}},
		{"three on one segment", []ArrowMark{a(0, 0, 1, 0), a(1, 0, 0, 0), a(0, 0, 1, 0)}, []float64{-laneGap, 0, laneGap}},
	}
	for _, tt := range tests {
		got := lanes(tt.arrows)
		for i := range got {
			if got[i] != tt.want[i] {
				t.Errorf("%s: lanes %v, want %v", tt.name, got, tt.want)
				break
			}
		}
	}
}

func TestWrap(t *testing.T) {
	tests := []struct {
		text  string
		width float64
		want  []string
	}{
		{"short", 1000, []string{"short"}},
		{"", 100, []string{""}},
		{"aaaa bbbb cccc", 5 * 0.58 * 10, []string{"aaaa", "bbbb", "cccc"}},
		{"长将长捉", 20, []string{"长将", "长捉"}},
	}
	for _, tt := range tests {
		got := wrap(tt.text, 10, tt.width)
		if strings.Join(got, "|") != strings.Join(tt.want, "|") {
			t.Errorf("wrap(%q, %v) = %q, want %q", tt.text, tt.width, got, tt.want)
		}
	}
}

func TestBadBoard(t *testing.T) {
	if err := SVG(io.Discard, Board{Files: 0, Ranks: 3}); err == nil {
		t.Error("a board without files drew")
	}
}

// wellFormedXML reports whether doc parses as XML with an svg root.
func wellFormedXML(doc []byte) error {
	d := xml.NewDecoder(bytes.NewReader(doc))
	root := ""
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return err
		}
		if se, ok := tok.(xml.StartElement); ok && root == "" {
			root = se.Name.Local
		}
	}
	if root != "svg" {
		return errors.New("root element is " + root)
	}
	return nil
}

// FuzzSVGText checks that any label, caption or title text gives a well-formed
// document that still holds the text's printable characters.
func FuzzSVGText(f *testing.F) {
	for _, s := range []string{"车", "a<b&c>\"'", "\x00\x1f\uffff", "獅子", "王手 check"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		b := neutralBoard()
		b.Pieces[0].Label = s
		b.Labels[0].Text[0] = s
		var buf bytes.Buffer
		if err := SVG(&buf, b, Title(s), Caption(s), Rings(Ring(Point{0, 0}).WithLabel(s).WithClass(s)),
			Arrows(Arrow(Point{0, 0}, Point{4, 3}).WithLabel(s).WithTitle(s))); err != nil {
			t.Fatal(err)
		}
		if err := wellFormedXML(buf.Bytes()); err != nil {
			t.Fatalf("%v\n%s", err, buf.Bytes())
		}
		if !strings.HasPrefix(buf.String(), "<svg ") {
			t.Fatal("no svg element first")
		}
	})
}
