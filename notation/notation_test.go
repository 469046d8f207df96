package notation

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/arbiter-xq/arbiter/xiangqi"
)

// Test positions. In each the kings are kept apart by a red advisor on e1.
const (
	startFEN = xiangqi.StartFEN
	// Two red horses on file 2 (h3, h1).
	twoHorsesFEN = "4k4/9/9/9/9/9/7N1/9/4A2N1/4K4 w - - 0 1"
	// Three red pawns on file 7 (c7, c6, c5).
	threePawnsFEN = "4k4/9/2P6/2P6/2P6/9/9/9/4A4/4K4 w - - 0 1"
	// Five red pawns on file 7 (c9 .. c5).
	fivePawnsFEN = "2P1k4/2P6/2P6/2P6/2P6/9/9/9/4A4/4K4 w - - 0 1"
	// Red pawns doubled on files 7 (c6, c5) and 3 (g6, g5).
	twoFilesFEN = "4k4/9/9/2P3P2/2P3P2/9/9/9/4A4/4K4 w - - 0 1"
	// Two black cannons on Black's file 2 (b7, b5), Black to move.
	blackCannonsFEN = "4k4/9/1c7/9/1c7/9/9/9/4A4/4K4 b - - 0 1"
	// Two red elephants on file 7 (c4, c0).
	elephantsFEN = "4k4/9/9/9/9/2B6/9/9/4A4/2B1K4 w - - 0 1"
)

func mustFEN(tb testing.TB, fen string) xiangqi.Position {
	tb.Helper()
	p, err := xiangqi.ParseFEN(fen)
	if err != nil {
		tb.Fatalf("%s: %v", fen, err)
	}
	return p
}

// afterMoves returns the position after ICCS moves from fen.
func afterMoves(tb testing.TB, fen string, moves ...string) xiangqi.Position {
	tb.Helper()
	p := mustFEN(tb, fen)
	for _, s := range moves {
		m, ok := xiangqi.ParseICCS(s)
		if !ok || !p.IsLegal(m) {
			tb.Fatalf("%s: bad setup move %s", fen, s)
		}
		p.MakeMove(m)
	}
	return p
}

func TestParse(t *testing.T) {
	tests := []struct {
		fen   string
		pre   []string // ICCS moves played first
		text  string
		as    Notation // ParseAs notation; Auto for Parse
		want  string   // ICCS
		wantN Notation // detected notation, for errors
	}{
		{fen: startFEN, text: "h2e2", want: "h2e2"},
		{fen: startFEN, text: "H2-E2", want: "h2e2"},
		{fen: startFEN, text: "ｈ２ｅ２", want: "h2e2"},
		{fen: startFEN, text: "C2.5", want: "h2e2"},
		{fen: startFEN, text: "C2=5", want: "h2e2"},
		{fen: startFEN, text: "c2.5", want: "h2e2"},
		{fen: startFEN, text: "Ｃ２＝５", want: "h2e2"},
		{fen: startFEN, text: " C2.5! ", want: "h2e2"},
		{fen: startFEN, text: "炮二平五", want: "h2e2"},
		{fen: startFEN, text: "砲二平五", want: "h2e2"},
		{fen: startFEN, text: "包2平5", want: "h2e2"},
		{fen: startFEN, text: "炮２平５", want: "h2e2"},
		{fen: startFEN, text: "炮二平五", as: Chinese, want: "h2e2"},
		{fen: startFEN, text: "H2+3", want: "h0g2"},
		{fen: startFEN, text: "N2+3", want: "h0g2"},
		{fen: startFEN, text: "R1+1", want: "i0i1"},
		{fen: startFEN, text: "車一進一", want: "i0i1"},
		{fen: startFEN, text: "俥一进一", want: "i0i1"},
		{fen: startFEN, text: "P7+1", want: "c3c4"},
		{fen: startFEN, text: "兵七进一", want: "c3c4"},
		{fen: startFEN, text: "E3+5", want: "g0e2"},
		{fen: startFEN, text: "B3+5", want: "g0e2"},
		{fen: startFEN, text: "相三进五", want: "g0e2"},
		{fen: startFEN, text: "A4+5", want: "f0e1"},
		{fen: startFEN, text: "仕四进五", want: "f0e1"},
		{fen: startFEN, text: "K5+1", want: "e0e1"},
		{fen: startFEN, text: "帅五进一", want: "e0e1"},
		{fen: startFEN, text: "帥五進一", want: "e0e1"},
		// Black counts files from its own right (file 1 = 'a').
		{fen: startFEN, pre: []string{"h2e2"}, text: "H8+7", want: "h9g7"},
		{fen: startFEN, pre: []string{"h2e2"}, text: "h8+7", want: "h9g7"},
		{fen: startFEN, pre: []string{"h2e2"}, text: "马８进７", want: "h9g7"},
		{fen: startFEN, pre: []string{"h2e2"}, text: "馬8進7", want: "h9g7"},
		{fen: startFEN, pre: []string{"h2e2"}, text: "马八进七", want: "h9g7"},
		{fen: startFEN, pre: []string{"h2e2"}, text: "將5進1", want: "e9e8"},
		{fen: startFEN, pre: []string{"h2e2"}, text: "卒３进１", want: "c6c5"},
		{fen: startFEN, pre: []string{"h2e2"}, text: "象３进５", want: "c9e7"},
		{fen: startFEN, pre: []string{"h2e2"}, text: "士4进5", want: "d9e8"},
		{fen: startFEN, pre: []string{"h2e2"}, text: "炮８平５", want: "h7e7"},
		{fen: startFEN, pre: []string{"h2e2", "h9g7", "h0g2"}, text: "車９平８", want: "i9h9"},
		// Two horses on a file.
		{fen: twoHorsesFEN, text: "前马进三", want: "h3g5"},
		{fen: twoHorsesFEN, text: "后马进三", want: "h1g3"},
		{fen: twoHorsesFEN, text: "後馬進三", want: "h1g3"},
		{fen: twoHorsesFEN, text: "马前进三", want: "h3g5"},
		{fen: twoHorsesFEN, text: "+H+3", want: "h3g5"},
		{fen: twoHorsesFEN, text: "-H+3", want: "h1g3"},
		{fen: twoHorsesFEN, text: "H-+3", want: "h1g3"},
		{fen: twoHorsesFEN, text: "＋Ｈ－３", want: "h3g1"},
		{fen: twoHorsesFEN, text: "马二进三", wantN: Chinese, want: "error: two red horses on file 2 and no 前/后 to say which moves"},
		{fen: twoHorsesFEN, text: "H2+3", wantN: WXF, want: "error: two red horses on file 2 and no +/- to say which moves"},
		// Incomplete but unambiguous: only the front horse can go back.
		{fen: twoHorsesFEN, text: "马二退三", want: "h3g1"},
		{fen: twoHorsesFEN, text: "H2-1", want: "h3i1"},
		{fen: twoHorsesFEN, text: "马二退五", wantN: Chinese, want: "error: two red horses on file 2 and none can make the move"},
		{fen: twoHorsesFEN, text: "中马进三", wantN: Chinese, want: "error: middle needs exactly three red horses on file 2"},
		// Three pawns on a file.
		{fen: threePawnsFEN, text: "前兵进一", want: "c7c8"},
		{fen: threePawnsFEN, text: "中兵平六", want: "c6d6"},
		{fen: threePawnsFEN, text: "二兵平六", want: "c6d6"},
		{fen: threePawnsFEN, text: "后兵平八", want: "c5b5"},
		{fen: threePawnsFEN, text: "+P+1", want: "c7c8"},
		{fen: threePawnsFEN, text: ".P.6", want: "c6d6"},
		{fen: threePawnsFEN, text: "=P.6", want: "c6d6"},
		{fen: threePawnsFEN, text: "-P.8", want: "c5b5"},
		{fen: threePawnsFEN, text: "兵七平六", wantN: Chinese, want: "error: three red pawns on file 7 and no 前/后 to say which moves"},
		{fen: threePawnsFEN, text: "兵七进一", want: "c7c8"}, // only the front pawn can
		{fen: threePawnsFEN, text: "-P+1", wantN: WXF, want: "error: the move is illegal"},
		// Five pawns on a file: numbered from the front.
		{fen: fivePawnsFEN, text: "一兵平六", want: "c9d9"},
		{fen: fivePawnsFEN, text: "前兵平六", want: "c9d9"},
		{fen: fivePawnsFEN, text: "三兵平八", want: "c7b7"},
		{fen: fivePawnsFEN, text: "3P.8", want: "c7b7"},
		{fen: fivePawnsFEN, text: "cP.8", want: "c7b7"},
		{fen: fivePawnsFEN, text: "五兵平六", want: "c5d5"},
		{fen: fivePawnsFEN, text: "后兵平六", want: "c5d5"},
		{fen: fivePawnsFEN, text: "中兵平六", wantN: Chinese, want: "error: middle needs exactly three red pawns on file 7, there are five"},
		// Pawns doubled on two files.
		{fen: twoFilesFEN, text: "前七进一", want: "c6c7"},
		{fen: twoFilesFEN, text: "前兵七进一", want: "c6c7"},
		{fen: twoFilesFEN, text: "后三平四", want: "g5f5"},
		{fen: twoFilesFEN, text: "+7+1", want: "c6c7"},
		{fen: twoFilesFEN, text: "+P7+1", want: "c6c7"},
		{fen: twoFilesFEN, text: "-3.4", want: "g5f5"},
		{fen: twoFilesFEN, text: "前兵平八", want: "c6b6"}, // only the pawn on file 7 can
		{fen: twoFilesFEN, text: "前兵进一", wantN: Chinese, want: "error: red pawns doubled on files 7 and 3: say which file"},
		{fen: twoFilesFEN, text: "+P5+1", wantN: WXF, want: "error: no red pawn on file 5"},
		// Black's front piece is the one nearer Red.
		{fen: blackCannonsFEN, text: "前炮平５", want: "b5e5"},
		{fen: blackCannonsFEN, text: "后炮退２", want: "b7b9"},
		{fen: blackCannonsFEN, text: "+C.5", want: "b5e5"},
		{fen: blackCannonsFEN, text: "炮２平５", wantN: Chinese, want: "error: two black cannons on file 2 and no 前/后 to say which moves"},
		// Two elephants on a file need no front/rear: the direction tells.
		{fen: elephantsFEN, text: "相七进五", want: "c0e2"},
		{fen: elephantsFEN, text: "相七退五", want: "c4e2"},
		{fen: elephantsFEN, text: "E7-5", want: "c4e2"},
		{fen: elephantsFEN, text: "前相退五", want: "c4e2"},
		// Errors.
		{fen: startFEN, text: "", wantN: Auto, want: "error: empty move"},
		{fen: startFEN, text: "炮三平五", wantN: Chinese, want: "error: no red cannon on file 3"},
		{fen: startFEN, text: "C8.5", want: "b2e2"},
		{fen: startFEN, text: "马二平三", wantN: Chinese, want: "error: a horse cannot move sideways"},
		{fen: startFEN, text: "马二进五", wantN: Chinese, want: "error: a horse cannot move from file 2 to file 5"},
		{fen: startFEN, text: "车一平二", wantN: Chinese, want: "error: the move is illegal"},
		{fen: startFEN, text: "车一退一", wantN: Chinese, want: "error: the move leaves the board"},
		{fen: startFEN, text: "炮二平二", wantN: Chinese, want: "error: the cannon is already on file 2"},
		{fen: startFEN, text: "i0i5", wantN: ICCS, want: "error: the move is illegal"},
		{fen: startFEN, text: "h9g7", wantN: ICCS, want: "error: the move is illegal: the black horse on h9 cannot move: Red to move"},
		{fen: startFEN, text: "xyz", wantN: Auto, want: "error: not a move in ICCS (like h2e2), WXF (like C2.5) or Chinese notation"},
		{fen: startFEN, text: "h2e", wantN: Auto, want: "error: not a move in ICCS (like h2e2), WXF"},
		{fen: startFEN, text: "xyz", as: WXF, wantN: WXF, want: "error: not WXF notation"},
		{fen: startFEN, text: "炮二平", wantN: Chinese, want: "error: not Chinese notation"},
		{fen: startFEN, text: "炮二打五", wantN: Chinese, want: "error: not Chinese notation"},
		{fen: startFEN, text: "炮二平五", as: WXF, wantN: WXF, want: "error: not WXF notation"},
		{fen: startFEN, text: "C2.5", as: ICCS, wantN: ICCS, want: "error: not ICCS"},
		{fen: startFEN, text: "龙二平五", wantN: Chinese, want: "error: unknown character 龙"},
	}
	for _, tt := range tests {
		p := afterMoves(t, tt.fen, tt.pre...)
		m, err := ParseAs(&p, tt.text, tt.as)
		if want, ok := strings.CutPrefix(tt.want, "error: "); ok {
			var e *Error
			if !errors.As(err, &e) {
				t.Errorf("%s %q: got %v, %v; want error %q", tt.fen, tt.text, m, err, want)
				continue
			}
			if !strings.Contains(e.Reason, want) || e.Notation != tt.wantN || e.Text != tt.text {
				t.Errorf("%s %q: error %+v; want %v reason containing %q", tt.fen, tt.text, e, tt.wantN, want)
			}
			continue
		}
		if err != nil || m.String() != tt.want {
			t.Errorf("%s %q: got %v, %v; want %s", tt.fen, tt.text, m, err, tt.want)
		}
	}
}

func TestFormat(t *testing.T) {
	tests := []struct {
		fen                string
		pre                []string
		move               string
		wxf, chinese, trad string
	}{
		{startFEN, nil, "h2e2", "C2.5", "炮二平五", "炮二平五"},
		{startFEN, nil, "i0i1", "R1+1", "车一进一", "俥一進一"},
		{startFEN, nil, "h0g2", "H2+3", "马二进三", "傌二進三"},
		{startFEN, []string{"h2e2"}, "h9g7", "H8+7", "马８进７", "馬８進７"},
		{startFEN, []string{"h2e2"}, "e9e8", "K5+1", "将５进１", "將５進１"},
		{startFEN, []string{"h2e2"}, "b7e7", "C2.5", "炮２平５", "砲２平５"},
		{startFEN, []string{"h2e2"}, "g6g5", "P7+1", "卒７进１", "卒７進１"},
		{twoHorsesFEN, nil, "h3g5", "+H+3", "前马进三", "前傌進三"},
		{twoHorsesFEN, nil, "h1g3", "-H+3", "后马进三", "後傌進三"},
		{threePawnsFEN, nil, "c7c8", "+P+1", "前兵进一", "前兵進一"},
		{threePawnsFEN, nil, "c6d6", ".P.6", "中兵平六", "中兵平六"},
		{threePawnsFEN, nil, "c5b5", "-P.8", "后兵平八", "後兵平八"},
		{fivePawnsFEN, nil, "c9d9", "1P.6", "一兵平六", "一兵平六"},
		{fivePawnsFEN, nil, "c7b7", "3P.8", "三兵平八", "三兵平八"},
		{fivePawnsFEN, nil, "c5d5", "5P.6", "五兵平六", "五兵平六"},
		{twoFilesFEN, nil, "c6c7", "+7+1", "前七进一", "前七進一"},
		{twoFilesFEN, nil, "g5f5", "-3.4", "后三平四", "後三平四"},
		{blackCannonsFEN, nil, "b5e5", "+C.5", "前炮平５", "前砲平５"},
		{blackCannonsFEN, nil, "b7b9", "-C-2", "后炮退２", "後砲退２"},
		{elephantsFEN, nil, "c0e2", "E7+5", "相七进五", "相七進五"},
		{elephantsFEN, nil, "c4e2", "E7-5", "相七退五", "相七退五"},
	}
	for _, tt := range tests {
		p := afterMoves(t, tt.fen, tt.pre...)
		m, _ := xiangqi.ParseICCS(tt.move)
		got := [4]string{FormatICCS(&p, m), FormatWXF(&p, m), FormatChinese(&p, m), FormatChineseTraditional(&p, m)}
		want := [4]string{tt.move, tt.wxf, tt.chinese, tt.trad}
		if got != want {
			t.Errorf("%s %s: got %q, want %q", tt.fen, tt.move, got, want)
		}
		for _, s := range got {
			if back, err := Parse(&p, s); err != nil || back != m {
				t.Errorf("%s %s: %q reads back as %v, %v", tt.fen, tt.move, s, back, err)
			}
		}
	}
	// A move from an empty square is written in ICCS.
	p := mustFEN(t, startFEN)
	m, _ := xiangqi.ParseICCS("e5e6")
	for _, n := range []Notation{Auto, ICCS, WXF, Chinese} {
		if got := Format(&p, m, n); got != "e5e6" {
			t.Errorf("Format(empty origin, %v) = %q, want e5e6", n, got)
		}
	}
}

func TestSplitMoves(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"", nil},
		{"1. h2e2 h9g7 2. h0g2 i9h9", []string{"h2e2", "h9g7", "h0g2", "i9h9"}},
		{"1.h2e2 h9g7,2... h0g2", []string{"h2e2", "h9g7", "h0g2"}},
		{"h2e2,h9g7", []string{"h2e2", "h9g7"}},
		{"1. 炮二平五　马８进７，2. 马二进三 1-0", []string{"炮二平五", "马８进７", "马二进三"}},
		{"１．Ｃ２＝５ Ｈ８＋７ *", []string{"Ｃ２＝５", "Ｈ８＋７"}},
		{"12... C2.5 1/2-1/2", []string{"C2.5"}},
	}
	for _, tt := range tests {
		got := SplitMoves(tt.in)
		if len(got) == 0 && len(tt.want) == 0 {
			continue
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("SplitMoves(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestParseMoves(t *testing.T) {
	start := xiangqi.StartPosition()
	g, err := ParseMoves(start, SplitMoves("1. h2e2 马８进７ 2. H2+3 車９平８"))
	if err != nil {
		t.Fatal(err)
	}
	if got := g.Moves(); len(got) != 4 || got[3].String() != "i9h9" {
		t.Fatalf("moves %v", got)
	}

	g, err = ParseMoves(start, []string{"h2e2", "h9g7", "马二进三", "炮２平５", "马二进三"})
	var me *xiangqi.MoveError
	if !errors.As(err, &me) {
		t.Fatalf("err %v (%T), want *xiangqi.MoveError", err, err)
	}
	if me.Ply != 4 || me.Text != "马二进三" || !strings.HasPrefix(me.Reason, "Chinese: no red horse on file 2") {
		t.Errorf("error %+v", me)
	}
	if g.Len() != 4 {
		t.Errorf("game has %d plies, want the 4 played before the error", g.Len())
	}
}

func TestDetect(t *testing.T) {
	tests := map[string]Notation{
		"": Auto, " ": Auto, "h2e2": ICCS, "H2-E2": ICCS, "ｈ２ｅ２": ICCS, "C2.5": WXF, "Ｃ２＝５": WXF,
		"+P+1": WXF, "炮二平五": Chinese, "马８进７": Chinese, "xyz": WXF,
	}
	for text, want := range tests {
		if got := Detect(text); got != want {
			t.Errorf("Detect(%q) = %v, want %v", text, got, want)
		}
	}
}

func TestNotationNames(t *testing.T) {
	for _, n := range []Notation{Auto, ICCS, WXF, Chinese} {
		got, ok := ParseNotation(n.String())
		if !ok || got != n {
			t.Errorf("ParseNotation(%q) = %v, %v", n.String(), got, ok)
		}
	}
	if _, ok := ParseNotation("fen"); ok {
		t.Error("ParseNotation(fen) succeeded")
	}
	e := &Error{Text: "x", Notation: WXF, Reason: "why"}
	if got := e.Error(); got != `WXF move "x": why` {
		t.Errorf("Error() = %q", got)
	}
}

// Every error form the parsers write maps to its kind (the service turns kinds into
// error reasons: INVALID_MOVE, AMBIGUOUS_MOVE, ILLEGAL_MOVE).
func TestErrorKinds(t *testing.T) {
	tests := []struct {
		fen, text string
		want      ErrorKind
	}{
		{xiangqi.StartFEN, "", ErrUnreadable},
		{xiangqi.StartFEN, "zz", ErrUnreadable},
		{xiangqi.StartFEN, "马九进八", ErrUnreadable}, // no red horse on file 9
		{xiangqi.StartFEN, "h2h8", ErrIllegal},
		{xiangqi.StartFEN, "炮二进六", ErrIllegal},
		{twoHorsesFEN, "马二进三", ErrAmbiguous},
		{twoHorsesFEN, "H2+3", ErrAmbiguous},
		{twoHorsesFEN, "马二退五", ErrIllegal},
		{twoFilesFEN, "前兵进一", ErrAmbiguous},
	}
	for _, tt := range tests {
		p, err := xiangqi.ParseFEN(tt.fen)
		if err != nil {
			t.Fatal(err)
		}
		_, err = Parse(&p, tt.text)
		var ne *Error
		if !errors.As(err, &ne) {
			t.Fatalf("%q: %v, want *Error", tt.text, err)
		}
		if ne.Kind != tt.want {
			t.Errorf("%q: kind %d (%s), want %d", tt.text, ne.Kind, ne.Reason, tt.want)
		}
	}
}
