package record

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arbiter-xq/arbiter/notation"
	"github.com/arbiter-xq/arbiter/xiangqi"
)

func readOne(t *testing.T, name string, data []byte, opts Options) *Game {
	t.Helper()
	games, err := Read(name, data, opts)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if len(games) != 1 {
		t.Fatalf("%s: %d games, want 1", name, len(games))
	}
	return games[0]
}

// TestDetectFixtures: every fixture is recognised as the format of its folder.
func TestDetectFixtures(t *testing.T) {
	_, files := fixtures(t)
	for _, rel := range files {
		want, _ := ParseFormat(strings.SplitN(rel, string(filepath.Separator), 2)[0])
		if got := Detect(fixture(t, rel)); got != want {
			t.Errorf("%s: Detect = %s, want %s", rel, got, want)
		}
	}
}

// TestTruncated: a truncated copy of each binary fixture reads what was complete or
// fails with an error naming a byte offset; never a panic.
func TestTruncated(t *testing.T) {
	_, files := fixtures(t)
	for _, rel := range files {
		data := fixture(t, rel)
		f := Detect(data)
		if f != XQF && f != CBR && f != CBL {
			continue
		}
		for _, n := range []int{10, 100, len(data) / 2, len(data) - 3} {
			games, err := ReadFormat(rel, data[:n], f, Options{Variations: true})
			if err != nil {
				var re *RecordError
				if !errors.As(err, &re) || re.Offset < 0 {
					t.Errorf("%s cut at %d: %v (want a byte offset)", rel, n, err)
				}
				continue
			}
			for _, g := range games {
				if g.Err == nil && len(g.Warnings) == 0 && n < len(data)-3 && f != CBL {
					t.Errorf("%s cut at %d: game %d reads without a problem", rel, n, g.Source.Index)
				}
			}
		}
	}
}

// TestSpecErrors pins the error messages of the fixtures with bad content.
func TestSpecErrors(t *testing.T) {
	cases := []struct{ rel, want string }{
		{"xqf/walker8088-cchess/BadMoveTest3.xqf", "BadMoveTest3.xqf: game 1, main line, ply 10 (byte 1106): e1f0: no piece on e1"},
		{"xqf/walker8088-cchess/WildHouse.xqf", "WildHouse.xqf: game 1, line ply 41 alt 2 › ply 42 alt 3, ply 74 (byte 4510): e7f7: no piece on e7; 11 moves skipped"},
		{"xqf/walker8088-cchess/game_test.xqf", "game_test.xqf: game 1, game comment, byte 1036 of the comment: not valid GBK (replaced by U+FFFD)"},
	}
	for _, c := range cases {
		g := readOne(t, filepath.Base(c.rel), fixture(t, c.rel), Options{Variations: true})
		var msgs []string
		if g.Err != nil {
			msgs = append(msgs, g.Err.Error())
		}
		for _, w := range g.Warnings {
			msgs = append(msgs, w.Error())
		}
		if len(msgs) != 1 || msgs[0] != c.want {
			t.Errorf("%s: problems %q, want [%q]", c.rel, msgs, c.want)
		}
	}
	// Main line only: WildHouse's broken branch is not even read.
	g := readOne(t, "WildHouse.xqf", fixture(t, "xqf/walker8088-cchess/WildHouse.xqf"), Options{})
	if len(g.Moves) != 65 || len(g.Warnings) != 0 || len(g.Root.Children) != 1 {
		t.Errorf("WildHouse main line only: %d plies, %d warnings", len(g.Moves), len(g.Warnings))
	}
}

// TestTwins: the same game in several files gives the same tree and comments, and
// the expected outputs of the fixtures' own tests agree.
func TestTwins(t *testing.T) {
	var twins []*Game
	for _, rel := range []string{"xqf/walker8088-cchess/test.xqf", "xqf/xqbase-eleeye/XQFEXAMA.XQF", "xqf/walker8088-cchess/test1.xqf"} {
		g := readOne(t, rel, fixture(t, rel), Options{Variations: true})
		if len(g.Moves) != 110 {
			t.Errorf("%s: %d plies, want 110", rel, len(g.Moves))
		}
		twins = append(twins, g)
	}
	if treeDump(twins[0].Root) != treeDump(twins[1].Root) {
		t.Errorf("test.xqf and XQFEXAMA.XQF differ")
	}
	if moveDump(twins[0].Root) != moveDump(twins[2].Root) || twins[0].GameComment != twins[2].GameComment {
		t.Errorf("test.xqf (v18) and test1.xqf (v10) differ")
	}
	// The comments agree, except that the v10 file's last one goes on with an
	// advertisement.
	for i, c := range twins[0].Comments {
		if c2 := twins[2].Comments[i]; c2 != c && !(i == 109 && strings.HasPrefix(c2, c)) {
			t.Errorf("comment of ply %d differs", i+1)
		}
	}
	for _, c := range []struct{ xqf, expected string }{
		{"xqf/walker8088-cchess/test1.xqf", "xqf/walker8088-cchess/expected/test1_move.txt"},
		{"xqf/walker8088-cchess/ucci_test1.xqf", "xqf/walker8088-cchess/expected/ucci_test1_move.txt"},
	} {
		g := readOne(t, c.xqf, fixture(t, c.xqf), Options{})
		lines := strings.Split(strings.TrimSpace(string(fixture(t, c.expected))), "\n")
		start, err := xiangqi.ParseFEN(strings.TrimSpace(lines[0]))
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := xiangqi.ParseFEN(g.FEN); !got.Equal(&start) {
			t.Errorf("%s: start %s, expected %s", c.xqf, g.FEN, lines[0])
		}
		var texts []string
		for _, l := range lines[1 : len(lines)-1] {
			if l = strings.TrimSpace(l); l != "" {
				texts = append(texts, l)
			}
		}
		played, err := notation.ParseMoves(start, texts)
		if err != nil {
			t.Fatalf("%s: %v", c.expected, err)
		}
		var iccs []string
		for _, m := range played.Moves() {
			iccs = append(iccs, m.String())
		}
		if strings.Join(iccs, " ") != strings.Join(g.Moves, " ") {
			t.Errorf("%s: moves differ from %s", c.xqf, c.expected)
		}
		wantRes := map[string]string{"黑胜": "0-1", "红胜": "1-0"}[strings.TrimSpace(lines[len(lines)-1])]
		if g.Result != wantRes {
			t.Errorf("%s: result %s, expected %s", c.xqf, g.Result, wantRes)
		}
	}
}

// TestCounts pins counts of SOURCES.md the golden files hold less visibly.
func TestCounts(t *testing.T) {
	cases := []struct {
		rel                      string
		moves, variations, plies int
	}{
		{"xqf/walker8088-cchess/FiveGoatsTest.xqf", 32124, 348, 77},
		{"xqf/xqbase-eleeye/XQFEXAMB.XQF", 435, 19, 87},
		{"xqf/walker8088-cchess/BadMoveTest2.xqf", 39, 1, 35},
		{"cbr/walker8088-cchess/test.cbr", 102, 11, 28},
		{"dhtmlxq/maksimKorzh-wukong-xiangqi/ccbridge gathering of 7stars.txt", 4561, 299, 85},
	}
	for _, c := range cases {
		g := readOne(t, c.rel, fixture(t, c.rel), Options{Variations: true})
		m, v, _ := countTree(g.Root)
		if m != c.moves || v != c.variations || len(g.Moves) != c.plies {
			t.Errorf("%s: %d moves, %d variations, %d plies; want %d, %d, %d", c.rel, m, v, len(g.Moves), c.moves, c.variations, c.plies)
		}
	}
}

// TestLines: addressing and choosing a line.
func TestLines(t *testing.T) {
	g := readOne(t, "7stars", fixture(t, "dhtmlxq/maksimKorzh-wukong-xiangqi/ccbridge gathering of 7stars.txt"), Options{Variations: true})
	lines := g.Lines()
	if len(lines) != 300 || len(lines[0]) != 0 {
		t.Fatalf("%d lines, first %s", len(lines), lines[0])
	}
	for _, p := range lines[:50] {
		q, err := ParsePath(p.String())
		if err != nil || q.String() != p.String() {
			t.Fatalf("ParsePath(%q) = %v, %v", p, q, err)
		}
		if _, err := g.Line(p); err != nil {
			t.Fatal(err)
		}
	}
	alt, err := g.Line(Path{{71, 2}})
	if err != nil || len(alt) < 71 || alt[70] == g.Moves[70] {
		t.Fatalf("line ply 71 alt 2: %v", err)
	}
	if _, err := g.Line(Path{{71, 9}}); err == nil {
		t.Errorf("a missing alternative reads")
	}
}

// TestBlackFirst (unverified in the wild: no fixture starts with Black): the side
// comes from the first move, in every format, and survives the writers.
func TestBlackFirst(t *testing.T) {
	// Red king e0, Black king d9; Black plays d9d8, Red e0e1.
	binit := "9999999949999999999999999999999999999999309999999999999999999999"
	dht := "[DhtmlXQ][DhtmlXQ_binit]" + binit + "[/DhtmlXQ_binit][DhtmlXQ_movelist]30314948[/DhtmlXQ_movelist][/DhtmlXQ]"
	g := readOne(t, "b.txt", []byte(dht), Options{})
	if g.Side != xiangqi.Black || g.SideFrom != SideFirstMove || strings.Join(g.Moves, " ") != "d9d8 e0e1" {
		t.Fatalf("DhtmlXQ black first: %s %s %v %v", g.Side, g.SideFrom, g.Moves, g.Err)
	}
	for _, f := range []Format{XQF, DhtmlXQ} {
		var buf bytes.Buffer
		if _, err := Write(&buf, g, f); err != nil {
			t.Fatal(err)
		}
		b := readOne(t, "back", buf.Bytes(), Options{})
		if b.FEN != g.FEN || strings.Join(b.Moves, " ") != "d9d8 e0e1" {
			t.Errorf("%s: %s %v", f, b.FEN, b.Moves)
		}
	}
	cbr := buildCBR(t, "3k5/9/9/9/9/9/9/9/9/4K4 b", 2, "bf", []string{"d9d8", "e0e1"})
	for _, data := range [][]byte{cbr, buildCBL([][]byte{cbr}, []uint32{7})} {
		g := readOne(t, "b", data, Options{})
		if g.Side != xiangqi.Black || strings.Join(g.Moves, " ") != "d9d8 e0e1" {
			t.Errorf("%s black first: %s %v %v", Detect(data), g.Side, g.Moves, g.Err)
		}
	}
	// Without moves, the stored side counts: XQF's side byte, DhtmlXQ's fen item.
	var buf bytes.Buffer
	noMoves := &Game{FEN: "3k5/9/9/9/9/9/9/9/9/4K4 b - - 0 1", Result: "*", Root: &Node{}}
	for _, f := range []Format{XQF, DhtmlXQ} {
		buf.Reset()
		if _, err := Write(&buf, noMoves, f); err != nil {
			t.Fatal(err)
		}
		b := readOne(t, "back", buf.Bytes(), Options{})
		if b.Side != xiangqi.Black || b.SideFrom != SideStored {
			t.Errorf("%s without moves: side %s from %s", f, b.Side, b.SideFrom)
		}
	}
}

// xqf11 builds an XQF 1.1 file with every key 0 (so no offsets and no mask; the
// comment lengths still carry CommentOff = 767): the piece table as given.
func xqf11(table [32]byte, moves []string) []byte {
	d := make([]byte, xqfHeaderSize)
	d[0], d[1], d[2] = 'X', 'Q', 11
	copy(d[0x10:], table[:])
	d = append(d, 0x58, 0x51, 0x80, 0)
	for i, t := range moves {
		m, _ := xiangqi.ParseICCS(t)
		f := byte(0x80)
		if i == len(moves)-1 {
			f = 0
		}
		from, to := m.From(), m.To()
		d = append(d, byte(10*from.File()+from.Rank())+0x18, byte(10*to.File()+to.Rank())+0x20, f, 0)
	}
	return d
}

// TestXQF11 pins the decision for version 11 (no sample known): the piece table is
// not rotated; when only the rotated table is a valid position, it is used with a
// warning.
func TestXQF11(t *testing.T) {
	var table [32]byte
	for i := range table {
		table[i] = 0xFF
	}
	table[4] = 40    // Red king e0
	table[16+4] = 49 // Black king e9... facing: add a Red advisor between
	table[3] = 41    // Red advisor e1
	g := readOne(t, "v11.xqf", xqf11(table, []string{"e0d0"}), Options{})
	if g.Err != nil || g.Source.Version != 11 || g.FEN != "4k4/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1" || len(g.Moves) != 1 {
		t.Fatalf("XQF 1.1 unrotated: %s %v %v", g.FEN, g.Moves, g.Err)
	}
	// The same table stored rotated by one (PieceOff 0: slot (0+1+i) mod 32 holds
	// raw i): read unrotated it puts a king in the wrong slot.
	var rot [32]byte
	for i := range rot {
		rot[i] = table[(i+1)%32]
	}
	g = readOne(t, "v11r.xqf", xqf11(rot, []string{"e0d0"}), Options{})
	if g.Err != nil || g.FEN != "4k4/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1" || len(g.Warnings) != 1 {
		t.Fatalf("XQF 1.1 rotated: %s %v %v", g.FEN, g.Err, g.Warnings)
	}
}

func TestXQFHeaderErrors(t *testing.T) {
	d := make([]byte, 1100)
	d[0], d[1], d[2] = 'X', 'Q', 19
	if _, err := Read("v19.xqf", d, Options{}); err == nil || !strings.Contains(err.Error(), "XQF version 19 is not supported") {
		t.Errorf("version 19: %v", err)
	}
	d[2], d[0x0C] = 18, 1
	if _, err := Read("bad.xqf", d, Options{}); err == nil || !strings.Contains(err.Error(), "damaged XQF header") {
		t.Errorf("checksum: %v", err)
	}
	if _, err := Read("x.xqf", []byte("hello\x00"), Options{}); err == nil || !strings.Contains(err.Error(), "does not start with XQ") {
		t.Errorf("wrong magic: %v", err)
	}
	// Result byte 4 (reported by others, no sample): * with a warning and the raw
	// value in a tag.
	var buf bytes.Buffer
	if _, err := WriteXQF(&buf, &Game{FEN: xiangqi.StartFEN, Result: "*", Root: &Node{}}); err != nil {
		t.Fatal(err)
	}
	x := buf.Bytes()
	x[0x33] = 4
	g := readOne(t, "r4.xqf", x, Options{})
	if g.Result != "*" || g.Tag("RawResult") != "4" || len(g.Warnings) != 1 {
		t.Errorf("result byte 4: %s %q %v", g.Result, g.Tag("RawResult"), g.Warnings)
	}
}

// TestCBFVariations (no public CBF has variations): moves after end="1" are ignored
// with a warning.
func TestCBFVariations(t *testing.T) {
	doc := `<?xml version="1.0"?><ChineseChessRecord Version="1.0"><Head><RecordResult>1</RecordResult></Head><MoveList>` +
		`<Move value="00-00"/><Move value="77-47"/><Move value="70-62" end="1"/><Move value="79-67"/></MoveList></ChineseChessRecord>`
	g := readOne(t, "v.cbf", []byte(doc), Options{})
	if strings.Join(g.Moves, " ") != "h2e2 h9g7" || g.Result != "1-0" || len(g.Warnings) != 1 || !strings.Contains(g.Warnings[0].Reason, "CBF variations not supported") {
		t.Errorf("CBF: %v %s %v", g.Moves, g.Result, g.Warnings)
	}
}

// TestDhtmlXQBranchErrors: unknown parents, cycles, plies outside the line and bad
// digits are branch errors; the rest of the tree is kept.
func TestDhtmlXQBranchErrors(t *testing.T) {
	text := "[DhtmlXQ][DhtmlXQ_movelist]77471022[/DhtmlXQ_movelist]" + // h2e2 b9c7
		"[DhtmlXQ_move_0_2_1]7062[/DhtmlXQ_move_0_2_1]" + // fine: h9g7 instead of b9c7
		"[DhtmlXQ_move_9_2_2]7062[/DhtmlXQ_move_9_2_2]" + // unknown parent
		"[DhtmlXQ_move_4_2_3]7062[/DhtmlXQ_move_4_2_3][DhtmlXQ_move_3_2_4]7062[/DhtmlXQ_move_3_2_4]" + // a cycle
		"[DhtmlXQ_move_0_9_5]7062[/DhtmlXQ_move_0_9_5]" + // ply 9 outside the main line
		"[DhtmlXQ_move_0_1_6]79x7[/DhtmlXQ_move_0_1_6]" + // not digits
		"[DhtmlXQ_move_0_1_7]1022[/DhtmlXQ_move_0_1_7]" + // illegal: Black's move for Red
		"[/DhtmlXQ]"
	g := readOne(t, "b.txt", []byte(text), Options{Variations: true})
	if strings.Join(g.Moves, " ") != "h2e2 b9c7" || len(g.Lines()) != 2 || len(g.Warnings) != 6 {
		for _, w := range g.Warnings {
			t.Log(w)
		}
		t.Fatalf("moves %v, %d lines, %d warnings", g.Moves, len(g.Lines()), len(g.Warnings))
	}
	if g.Err != nil {
		t.Errorf("unexpected game error %v", g.Err)
	}
	// A bad movelist is a game error at its character.
	g = readOne(t, "m.txt", []byte("[DhtmlXQ][DhtmlXQ_movelist]774719[/DhtmlXQ_movelist][/DhtmlXQ]"), Options{})
	if g.Err == nil || g.Err.Level != LevelGame || g.Err.Offset != 4 {
		t.Errorf("bad movelist: %v", g.Err)
	}
}

// TestPGNDialects: the side the FEN does not give, trailing text after the result,
// SAN with ranks from 1.
func TestPGNDialects(t *testing.T) {
	// No side field: Black's first move decides.
	g := readOne(t, "a.pgn", []byte("[FEN \"5k3/9/9/9/9/9/9/9/4p4/3K5\"]\n\n1. ... 卒５平６ 2. 帅六平五 *\n"), Options{})
	if g.Err != nil || g.Side != xiangqi.Black || strings.Join(g.Moves, " ") != "e1f1 d0e0" || len(g.Warnings) != 0 {
		t.Errorf("FEN without side: %v %v %v", g.Moves, g.Err, g.Warnings)
	}
	// A side the first move contradicts: read with Black and warn.
	g = readOne(t, "b.pgn", []byte("[FEN \"5k3/9/9/9/9/9/9/9/4p4/3K5 w - - 0 1\"]\n\n1. 卒５平６ 帅六平五 *\n"), Options{})
	if g.Err != nil || g.Side != xiangqi.Black || len(g.Warnings) != 1 || !strings.Contains(g.Warnings[0].Reason, "FEN says Red to move; the first move 卒５平６ is Black's") {
		t.Errorf("contradicted side: %v %v %v", g.Moves, g.Err, g.Warnings)
	}
	// Trailing text after the result is no game.
	games, err := Read("c.pgn", []byte("[Event \"1\"]\n1. h2e2 h9g7 0-1\n=========\n欢迎 www.example.com\n\n[Event \"2\"]\n1. h2e2 *\n===\n"), Options{})
	if err != nil || len(games) != 2 || games[0].Result != "0-1" || len(games[1].Moves) != 1 {
		t.Errorf("trailing text: %d games, %v", len(games), err)
	}
	// SAN with ranks 1-10 (pychess): Che3 is h2e2 read 1-based, no move read 0-based.
	g = readOne(t, "d.pgn", []byte("[Variant \"xiangqi\"]\n[White \"a\"]\n\n1. Che3 Hg8 2. Hg3 1-0\n"), Options{})
	if g.Err != nil || strings.Join(g.Moves, " ") != "h2e2 h9g7 h0g2" || g.Tag("RankBase") != "1" || g.Tag("Red") != "a" {
		t.Errorf("SAN 1-based: %v %v %q", g.Moves, g.Err, g.Tag("RankBase"))
	}
	// An illegal move ends the main line with the PGN error shape.
	g = readOne(t, "e.pgn", []byte("1. h2e2 h9g7 2. h2e2 *\n"), Options{})
	if g.Err == nil || g.Err.Level != LevelMain || g.Err.Ply != 3 || len(g.Moves) != 2 {
		t.Errorf("illegal move: %v %v", g.Moves, g.Err)
	}
}

// TestSAN0: the XBoard draw game reads with ranks from 0, to its 98th ply.
func TestSAN0(t *testing.T) {
	g := readOne(t, "w.pgn", fixture(t, "pgn/maksimKorzh-wukong-xiangqi/WukongJS_1.0_(UCI2WB)-MaxQi_4.8F.pgn"), Options{})
	if g.Err != nil || len(g.Moves) != 98 || g.Tag("RankBase") != "0" || g.Result != "1/2-1/2" {
		t.Errorf("%d plies, %v, base %q", len(g.Moves), g.Err, g.Tag("RankBase"))
	}
}

func TestCBLDeletedAndSections(t *testing.T) {
	rel := "cbl/walker8088-cchess/1989年龙化杯象棋名师邀请赛35局.CBL"
	data := fixture(t, rel)
	games, err := Read(rel, data, Options{})
	if err != nil || len(games) != 35 {
		t.Fatalf("%d games, %v", len(games), err)
	}
	if games[0].Source.Entry != 1 || games[0].Tag("Section") == "" || games[34].Source.Entry != 36 {
		t.Errorf("entries %d, %d; section %q", games[0].Source.Entry, games[34].Source.Entry, games[0].Tag("Section"))
	}
	games, _ = Read(rel, data, Options{KeepDeleted: true})
	if len(games) != 36 || !games[35].Source.Deleted || strings.Join(games[35].Moves, " ") != strings.Join(games[34].Moves, " ") {
		t.Errorf("with deleted records: %d games", len(games))
	}
	plies := 0
	games, _ = Read(rel, data, Options{Variations: true})
	for _, g := range games {
		plies += len(g.Moves)
	}
	if plies != 3098 {
		t.Errorf("%d main-line plies, want 3098", plies)
	}
}

func TestLimits(t *testing.T) {
	data := fixture(t, "xqf/walker8088-cchess/FiveGoatsTest.xqf")
	g := readOne(t, "5", data, Options{Variations: true, MaxNodes: 1000})
	m, _, _ := countTree(g.Root)
	if m != 1000 || len(g.Moves) != 77 || len(g.Warnings) != 1 || !strings.Contains(g.Warnings[0].Reason, "limit of 1000 moves") {
		t.Errorf("MaxNodes: %d moves, %d plies, %v", m, len(g.Moves), g.Warnings)
	}
	if _, err := Read("big", data, Options{MaxInput: 1000}); err == nil {
		t.Errorf("MaxInput not enforced")
	}
}

func TestFormatNames(t *testing.T) {
	for f := Unknown; f <= CBF; f++ {
		if g, ok := ParseFormat(f.String()); f != Unknown && (!ok || g != f) {
			t.Errorf("ParseFormat(%q) = %v", f, g)
		}
	}
	if f, _ := ParseFormat(".UBB"); f != DhtmlXQ {
		t.Errorf("ubb: %v", f)
	}
}

var _ = os.ReadFile

// TestCBREmptyBoard: a single CBR without pieces and moves is a game error (in a
// library it would be a section heading); found by FuzzCBR.
func TestCBREmptyBoard(t *testing.T) {
	d := buildCBR(t, "", 1, "x", nil)
	for i := range 90 {
		d[2120+i] = 0
	}
	g := readOne(t, "e.cbr", d, Options{})
	if g.Err == nil || g.Err.Level != LevelGame {
		t.Fatalf("empty CBR: %v", g.Err)
	}
	var buf bytes.Buffer
	if err := WriteDhtmlXQ(&buf, g); err == nil {
		t.Errorf("a game with a game error was written")
	}
}
