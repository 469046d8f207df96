package picture_test

import (
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/casebook"
	"github.com/arbiter-xq/arbiter/chushogi"
	"github.com/arbiter-xq/arbiter/notation"
	. "github.com/arbiter-xq/arbiter/picture"
	"github.com/arbiter-xq/arbiter/rules/banqi"
	"github.com/arbiter-xq/arbiter/rules/chinese"
	"github.com/arbiter-xq/arbiter/rules/chu"
	"github.com/arbiter-xq/arbiter/rules/xqrules"
	"github.com/arbiter-xq/arbiter/xiangqi"
)

var update = flag.Bool("update", false, "rewrite the golden SVG files in testdata/")

// caseReport adjudicates a casebook case under the Chinese rules.
func caseReport(t testing.TB, id string) *arbiter.Report {
	t.Helper()
	book, err := casebook.Load()
	if err != nil {
		t.Fatal(err)
	}
	c, ok := book.Get(id)
	if !ok {
		t.Fatalf("no case %s", id)
	}
	rep, err := arbiter.Adjudicate(context.Background(), xqrules.New(chinese.New()),
		arbiter.Start{Position: c.GetFen(), Lenient: true}, notation.SplitMoves(c.GetMoves()))
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// pictures are the golden pictures: name -> how to draw it.
var pictures = []struct {
	name string
	draw func(t testing.TB, w io.Writer) error
}{
	{"start", func(t testing.TB, w io.Writer) error {
		pos := xiangqi.StartPosition()
		return XiangqiSVG(w, &pos, Title("开局 Start position"),
			Arrows(Arrow(Point{7, 2}, Point{4, 2}).WithLabel("1"), Arrow(Point{7, 9}, Point{6, 7}).WithLabel("2").WithColor(BlackMoveColor)))
	}},
	{"start-black", func(t testing.TB, w io.Writer) error {
		pos := xiangqi.StartPosition()
		return XiangqiSVG(w, &pos, Perspective(Second), Width(400))
	}},
	{"ruling-cxa2020-fig6", func(t testing.TB, w io.Writer) error { return XiangqiRuling(w, caseReport(t, "cxa2020-图6")) }},
	{"ruling-cxa2020-fig2", func(t testing.TB, w io.Writer) error { return XiangqiRuling(w, caseReport(t, "cxa2020-图2")) }},
	{"ruling-pinned-protector", func(t testing.TB, w io.Writer) error {
		return XiangqiRuling(w, caseReport(t, "constructed-chinese-pinned-protector"))
	}},
	{"ruling-mate-threat", func(t testing.TB, w io.Writer) error { return XiangqiRuling(w, caseReport(t, "cxa2020-图7")) }},
	{"no-repetition", func(t testing.TB, w io.Writer) error {
		rep, err := arbiter.Adjudicate(context.Background(), xqrules.New(chinese.New()), arbiter.Start{}, []string{"h2e2"})
		if err != nil {
			t.Fatal(err)
		}
		return XiangqiRuling(w, rep)
	}},
	{"ply-1-cxa2020-fig6", func(t testing.TB, w io.Writer) error {
		ps, err := XiangqiPlies(caseReport(t, "cxa2020-图6"))
		if err != nil {
			return err
		}
		_, err = io.WriteString(w, ps[1])
		return err
	}},
	{"neutral-squares", func(t testing.TB, w io.Writer) error {
		return SVG(w, NeutralBoard(), Rings(Ring(Point{2, 3}).WithLabel("王手")), Arrows(Arrow(Point{0, 0}, Point{1, 1})), Title("Neutral board"))
	}},
	{"neutral-squares-second", func(t testing.TB, w io.Writer) error {
		return SVG(w, NeutralBoard(), Perspective(Second))
	}},
	{"chu-start", func(t testing.TB, w io.Writer) error {
		pos := chushogi.StartPosition()
		return ChuSVG(w, &pos, Title("中将棋 Chu shogi: the start position"))
	}},
	{"chu-start-gote", func(t testing.TB, w io.Writer) error {
		pos := chushogi.StartPosition()
		return ChuSVG(w, &pos, Perspective(Second), Width(400))
	}},
	{"chu-ruling-t-r1", func(t testing.TB, w io.Writer) error {
		return GameRuling(w, chuReport(t, "chu-jcsa2004", "6k5/3gg7/11g/12/12/3R8/12/12/12/12/12/K11 b - 1",
			"9f8f 1c1d 8f9f 1d1c 9f8f 1c1d 8f9f 1d1c"))
	}},
	{"chu-counter-strike", func(t testing.TB, w io.Writer) error {
		// JCSA Q3: the rook takes a lion (marker 1a), gote's lion bridges over the silver.
		return GameRuling(w, chuReport(t, "chu-jcsa2004", "k6r3n/9n2/8S3/7N3R/12/12/12/7V4/12/12/12/K11 b - 1", "1d1a"))
	}},
	{"chu-promoted", func(t testing.TB, w io.Writer) error {
		// Every promoted piece, sente's on rank h, gote's on rank e, and a lion's two-step move.
		return GameRuling(w, chuReport(t, "chu-lishogi", "k11/12/12/12/+d+h+r+b+v+m+a+l+o+x+e+t/12/2N9/+D+H+R+B+V+M+A+L+O+X+E+T/12/12/12/K11 b - 1", "10g9f8f"))
	}},
	{"banqi-ruling-rp1", func(t testing.TB, w io.Writer) error {
		// The advisor chases the chariot round a square (casebook banqi-rp1-k2).
		return GameRuling(w, banqiReport(t, "banqi-tw", "4/4/4/4/4/4/r3/G3 b - 0", "a2-b2 a1-a2 b2-b1 a2-b2 b1-a1 b2-b1 a1-a2 b1-a1"))
	}},
	{"banqi-final", func(t testing.TB, w io.Writer) error {
		// No repetition: face-down pieces, the last move a capture.
		return GameRuling(w, banqiReport(t, "banqi-tw", "", "c6=G c5=p c6xc5 b5=k c5-c6 b5-c5 d6=c c5xc6"))
	}},
}

// banqiReport adjudicates a banqi game.
func banqiReport(t testing.TB, id, pos, moves string) *arbiter.Report {
	t.Helper()
	rs, err := banqi.New(id)
	if err != nil {
		t.Fatal(err)
	}
	r, err := arbiter.Adjudicate(context.Background(), rs, arbiter.Start{Position: pos}, strings.Fields(moves))
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// chuReport adjudicates a chu shogi game.
func chuReport(t testing.TB, id, sfen, moves string) *arbiter.Report {
	t.Helper()
	rs, err := chu.New(id)
	if err != nil {
		t.Fatal(err)
	}
	r, err := arbiter.Adjudicate(context.Background(), rs, arbiter.Start{Position: sfen}, strings.Fields(moves))
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func render(t testing.TB, draw func(testing.TB, io.Writer) error) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := draw(t, &buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestGolden compares every picture with its golden file (go test -update rewrites
// them; look at the PNGs TestRenderPNG writes before committing a change).
func TestGolden(t *testing.T) {
	for _, p := range pictures {
		t.Run(p.name, func(t *testing.T) {
			got := render(t, p.draw)
			path := filepath.Join("testdata", p.name+".svg")
			if *update {
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test ./picture -update)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s differs from the golden file; if the change is intended, run go test ./picture -update and look at the PNGs", path)
			}
		})
	}
}

// wellFormed parses the whole document with encoding/xml and checks that its root
// is an svg element.
func wellFormed(t testing.TB, doc []byte) {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(doc))
	root := ""
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v", err)
		}
		if se, ok := tok.(xml.StartElement); ok && root == "" {
			root = se.Name.Local
			if se.Name.Space != "http://www.w3.org/2000/svg" {
				t.Errorf("root namespace %q", se.Name.Space)
			}
		}
	}
	if root != "svg" {
		t.Errorf("root element %q, want svg", root)
	}
}

func TestWellFormed(t *testing.T) {
	for _, p := range pictures {
		t.Run(p.name, func(t *testing.T) { wellFormed(t, render(t, p.draw)) })
	}
}

// TestRulingContent checks what a person must find in the picture of 图6: four
// numbered arrows (the cycle), the checked king ringed, the verdict, the patterns and
// the references.
func TestRulingContent(t *testing.T) {
	svg := string(render(t, pictures[2].draw))
	if n := strings.Count(svg, `<g class="arrow" `); n != 4 {
		t.Errorf("%d arrows, want 4", n)
	}
	for _, want := range []string{"RED MUST CHANGE", "红方变着", "perpetual check 长将", "forbidden", "CXA 2020 25.1",
		`class="ring check" data-at="e8"`, "1+", "1…", "2+", "2…", "车四平五", "<title>Red must change"} {
		if !strings.Contains(svg, want) {
			t.Errorf("the picture has no %q", want)
		}
	}
}

// TestChaseMarks checks the marks of a chase: the victim ringed with the moves that
// chase it, its attackers dashed, its protector tagged 根.
func TestChaseMarks(t *testing.T) {
	svg := string(render(t, func(t testing.TB, w io.Writer) error {
		return XiangqiRuling(w, caseReport(t, "constructed-chinese-pinned-protector"))
	}))
	for _, want := range []string{`class="ring chased"`, `class="ring attacker"`, `class="ring protector"`, ">捉", ">根<"} {
		if !strings.Contains(svg, want) {
			t.Errorf("the picture has no %s", want)
		}
	}
}

func TestPliesCount(t *testing.T) {
	rep := caseReport(t, "cxa2020-图6")
	ps, err := XiangqiPlies(rep)
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) != len(rep.Plies)+1 {
		t.Fatalf("%d pictures for %d plies, want one more than plies", len(ps), len(rep.Plies))
	}
	for i, p := range ps {
		wellFormed(t, []byte(p))
		if i > 0 && strings.Count(p, `<g class="arrow" `) != 1 {
			t.Errorf("ply %d: want one arrow", i)
		}
	}
}

// TestRulingForbiddenMove: under the forbid policy the cycle is closed by the refused
// move, which the report's game does not hold; the picture still draws the whole cycle
// and says the move was refused (it used to panic).
func TestRulingForbiddenMove(t *testing.T) {
	// 图6 with a red pawn on a4, so that Red has a permitted move and the check is refused.
	start, err := xiangqi.ParseFEN("2b6/4k4/9/9/9/P8/9/9/2p6/3K1RBc1 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	pol := arbiter.DefaultPolicy()
	pol.OnViolation = arbiter.ViolationForbid
	rep, err := arbiter.Adjudicate(context.Background(), xqrules.New(chinese.New()), arbiter.Start{Position: start.FEN(), Policy: pol},
		strings.Fields("f0e0 e8f8 e0f0 f8e8 f0e0 e8f8 e0f0 f8e8 f0e0"))
	if err != nil {
		t.Fatal(err)
	}
	if rep.ForbiddenPly != 9 || rep.Cycle == nil {
		t.Fatalf("forbidden ply %d, cycle %v: the history no longer has a refused move", rep.ForbiddenPly, rep.Cycle)
	}
	var buf bytes.Buffer
	if err := XiangqiRuling(&buf, rep); err != nil {
		t.Fatal(err)
	}
	wellFormed(t, buf.Bytes())
	svg := buf.String()
	if n := strings.Count(svg, `<g class="arrow" `); n != 4 || !strings.Contains(svg, "was refused") {
		t.Errorf("%d arrows (want 4), refused move said: %v", n, strings.Contains(svg, "was refused"))
	}
	ps, err := XiangqiPlies(rep)
	if err != nil || len(ps) != 9 {
		t.Fatalf("ply pictures: %d, %v", len(ps), err)
	}
}
