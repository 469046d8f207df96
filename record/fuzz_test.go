package record

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/arbiter-xq/arbiter/xiangqi"
)

// buildCBR makes a CBR version 2 record in memory: a board (the standard start when
// fen is ""), a side byte, a title and a main line with a comment on the root.
func buildCBR(tb testing.TB, fen string, side byte, title string, moves []string) []byte {
	tb.Helper()
	d := make([]byte, cbrTreeV2)
	copy(d, cbrMagic)
	d[19] = 2
	u := utf16.Encode([]rune(title))
	for i, v := range u {
		binary.LittleEndian.PutUint16(d[180+2*i:], v)
	}
	pos, err := xiangqi.ParseFEN(fen)
	if err != nil {
		tb.Fatal(err)
	}
	codes := map[xiangqi.Kind]byte{xiangqi.Rook: 1, xiangqi.Horse: 2, xiangqi.Elephant: 3, xiangqi.Advisor: 4, xiangqi.King: 5, xiangqi.Cannon: 6, xiangqi.Pawn: 7}
	for i := range 90 {
		s := xiangqi.SquareAt(i%9, 9-i/9)
		if pc := pos.At(s); pc != xiangqi.NoPiece {
			c := byte(0x10)
			if pc.Color() == xiangqi.Black {
				c = 0x20
			}
			d[2120+i] = c | codes[pc.Kind()]
		}
	}
	d[2112] = side
	idx := func(s xiangqi.Square) byte { return byte(9*(9-s.Rank()) + s.File()) }
	rootFlags := byte(4)
	if len(moves) == 0 {
		rootFlags = 5
	}
	d = append(d, rootFlags, 0, 0, 0)
	c := utf16.Encode([]rune("root"))
	d = binary.LittleEndian.AppendUint32(d, uint32(2*len(c)))
	for _, v := range c {
		d = binary.LittleEndian.AppendUint16(d, v)
	}
	for i, t := range moves {
		m, ok := xiangqi.ParseICCS(t)
		if !ok {
			tb.Fatalf("bad move %q", t)
		}
		f := byte(0)
		if i == len(moves)-1 {
			f = 1
		}
		d = append(d, f, 0, idx(m.From()), idx(m.To()))
	}
	return d
}

// buildCBL wraps CBR records into a CBL library of capacity len(recs) (at least 1);
// flags[i] is the index flag of record i (7 live, 5 deleted).
func buildCBL(recs [][]byte, flags []uint32) []byte {
	capacity := max(len(recs), 1)
	d := make([]byte, cblIndexOff+cblEntry*capacity)
	copy(d, cblMagic)
	binary.LittleEndian.PutUint32(d[16:], 3)
	binary.LittleEndian.PutUint32(d[60:], uint32(capacity))
	for i, r := range recs {
		blocks := (len(r) + cblBlock - 1) / cblBlock
		e := d[cblIndexOff+cblEntry*i:]
		binary.LittleEndian.PutUint32(e, flags[i])
		binary.LittleEndian.PutUint32(e[4:], uint32(i+1))
		binary.LittleEndian.PutUint32(e[8:], uint32(blocks))
		binary.LittleEndian.PutUint32(e[12:], uint32(len(r)))
		padded := make([]byte, blocks*cblBlock)
		copy(padded, r)
		d = append(d, padded...)
	}
	return d
}

// seedFiles adds the fixtures of a folder (when present) to a fuzz corpus.
func seedFiles(f *testing.F, sub string, maxSize int) {
	d := fixtureDirOrEmpty()
	if d == "" {
		return
	}
	_ = filepath.WalkDir(filepath.Join(d, sub), func(p string, e os.DirEntry, err error) error {
		if err != nil || e.IsDir() || e.Name() == "LICENSE" || strings.Contains(p, "expected") {
			return nil
		}
		if b, err := os.ReadFile(p); err == nil && len(b) <= maxSize {
			f.Add(b)
		}
		return nil
	})
}

// checkGames is what every fuzz target asserts about a read: a game's main line is
// its tree's first line; every game without a game error survives a DhtmlXQ round
// trip with the same position and tree of moves, and an XQF round trip with the same
// position and main line.
func checkGames(t *testing.T, games []*Game) {
	for _, g := range games {
		if g.Root == nil {
			t.Fatalf("game %d has no root", g.Source.Index)
		}
		line, err := g.Line(nil)
		if err != nil || strings.Join(line, " ") != strings.Join(g.Moves, " ") {
			t.Fatalf("main line %v differs from Moves %v (%v)", line, g.Moves, err)
		}
		if g.Err != nil && g.Err.Level <= LevelGame {
			continue
		}
		for _, p := range g.Lines() {
			if _, err := g.Line(p); err != nil {
				t.Fatalf("line %s listed but not found: %v", p, err)
			}
		}
		var buf bytes.Buffer
		if err := WriteDhtmlXQ(&buf, g); err != nil {
			t.Fatalf("WriteDhtmlXQ: %v", err)
		}
		back, err := Read("back", buf.Bytes(), Options{Variations: true})
		if err != nil || len(back) != 1 {
			t.Fatalf("DhtmlXQ read back: %d games, %v\n%s", len(back), err, buf.Bytes())
		}
		if back[0].FEN != g.FEN || moveDump(back[0].Root) != moveDump(g.Root) {
			t.Fatalf("DhtmlXQ round trip changed the game:\n%s\n%s\n%s", g.FEN, back[0].FEN, buf.Bytes())
		}
		buf.Reset()
		if _, err := WriteXQF(&buf, g); err != nil {
			t.Fatalf("WriteXQF: %v", err)
		}
		back, err = Read("back.xqf", buf.Bytes(), Options{Variations: true})
		if err != nil || len(back) != 1 {
			t.Fatalf("XQF read back: %d games, %v", len(back), err)
		}
		if back[0].FEN != g.FEN || moveDump(back[0].Root) != moveDump(g.Root) {
			t.Fatalf("XQF round trip changed the game: %s / %s", g.FEN, back[0].FEN)
		}
	}
}

// moveDump is treeDump without the comments.
func moveDump(n *Node) string {
	var b strings.Builder
	stack := []*Node{n}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		b.WriteString(x.Move.String())
		b.WriteByte(byte('0' + len(x.Children)%10))
		for i := len(x.Children) - 1; i >= 0; i-- {
			stack = append(stack, x.Children[i])
		}
	}
	return b.String()
}

// fuzzOpts bound the work of one fuzz input.
var fuzzOpts = Options{Variations: true, MaxInput: 2 << 20, MaxNodes: 20000, MaxBranches: 500, MaxPlies: 2000, MaxGames: 50}

func fuzzFormat(f *testing.F, format Format) {
	f.Fuzz(func(t *testing.T, data []byte) {
		games, err := ReadFormat("fuzz", data, format, fuzzOpts)
		if err != nil {
			if _, ok := err.(*RecordError); !ok {
				t.Fatalf("error of type %T: %v", err, err)
			}
			_ = err.Error()
		}
		for _, g := range games {
			if g.Err != nil {
				_ = g.Err.Error()
			}
		}
		checkGames(t, games)
		// Detection never panics either.
		_ = Detect(data)
	})
}

func FuzzXQF(f *testing.F) {
	seedFiles(f, "xqf", 16<<10)
	g, _ := Read("s.txt", []byte("[DhtmlXQ][DhtmlXQ_movelist]77471927[/DhtmlXQ_movelist][DhtmlXQ_move_0_2_1]79677062[/DhtmlXQ_move_0_2_1][DhtmlXQ_comment1]c[/DhtmlXQ_comment1][/DhtmlXQ]"), Options{Variations: true})
	var buf bytes.Buffer
	if len(g) == 1 {
		if _, err := WriteXQF(&buf, g[0]); err == nil {
			f.Add(buf.Bytes())
		}
	}
	fuzzFormat(f, XQF)
}

func FuzzDhtmlXQ(f *testing.F) {
	seedFiles(f, "dhtmlxq", 128<<10)
	f.Add([]byte("[DhtmlXQ][DhtmlXQ_binit]6999999949999999797799315285999940994299509999999999991738475899[/DhtmlXQ_binit][DhtmlXQ_movelist]7757[/DhtmlXQ_movelist][DhtmlXQ_move_0_1_1]7767[/DhtmlXQ_move_0_1_1][DhtmlXQ_move_1_2_2]4041[/DhtmlXQ_move_1_2_2][/DhtmlXQ]"))
	f.Add([]byte("<div>[DhtmlXQ][DhtmlXQ_title]a&amp;b||c[/DhtmlXQ_title][DhtmlXQ_result]W[/DhtmlXQ_result][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][/DhtmlXQ]</div>"))
	fuzzFormat(f, DhtmlXQ)
}

func FuzzCBR(f *testing.F) {
	seedFiles(f, "cbr", 16<<10)
	f.Add(buildCBR(f, "", 1, "t", []string{"h2e2", "h9g7", "h0g2"}))
	fuzzFormat(f, CBR)
}

func FuzzCBL(f *testing.F) {
	// The real libraries are large (257 KB and more); the seeds are built from the
	// CBR fixtures and constructed records.
	recs := [][]byte{buildCBR(f, "", 1, "a", []string{"h2e2", "h9g7"}), buildCBR(f, "", 1, "b", nil)}
	if d := fixtureDirOrEmpty(); d != "" {
		if b, err := os.ReadFile(filepath.Join(d, "cbr/walker8088-cchess/test2.cbr")); err == nil {
			recs = append(recs, b)
		}
	}
	flags := []uint32{7, 7, 5}
	f.Add(buildCBL(recs, flags[:len(recs)]))
	fuzzFormat(f, CBL)
}

func FuzzCBF(f *testing.F) {
	seedFiles(f, "cbf", 16<<10)
	f.Add([]byte(`<?xml version="1.0"?><ChineseChessRecord Version="1.0"><Head><FEN>3k5/9/9/9/9/9/9/9/9/4K4 b</FEN></Head><MoveList><Move value="00-00"/><Move value="30-40" end="1"/></MoveList></ChineseChessRecord>`))
	fuzzFormat(f, CBF)
}

func FuzzPGNDialect(f *testing.F) {
	seedFiles(f, "pgn", 16<<10)
	f.Add([]byte("[FEN \"3k5/9/9/9/9/9/9/9/9/4K4\"]\n1. d9e9 e0d0 *\n=====\nad\n[Event \"x\"]\n1. h2e2 *\n"))
	f.Add([]byte("[Variant \"xiangqi\"]\n1. Che3 Hg8 2. Hg3 *\n"))
	fuzzFormat(f, PGN)
}

// fixtureDirOrEmpty is fixtureDir without skipping.
func fixtureDirOrEmpty() string {
	if d := sharedFormats(); d != "" {
		return d
	}
	return ""
}
