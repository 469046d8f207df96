package notation

import (
	"bufio"
	"compress/gzip"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/text/encoding/traditionalchinese"

	"github.com/arbiter-xq/arbiter/xiangqi"
)

const ccpdDir = "../../shared/corpus/pgn/ccpd"

var fenTagRE = regexp.MustCompile(`\[FEN "([^"]*)"\]`)

// TestCCPD reads the 81 Big5 PGN files of the CCPD dataset (traditional Chinese
// notation, some starting with Black to move), replays them, checks every move
// writes back in each notation, and that each game is in the dataset's ICCS table.
func TestCCPD(t *testing.T) {
	paths, _ := filepath.Glob(filepath.Join(ccpdDir, "*.pgn"))
	if len(paths) == 0 {
		t.Skip("CCPD corpus absent")
	}
	dec := traditionalchinese.Big5.NewDecoder()
	keys := map[string]string{} // start FEN + ICCS moves -> file
	plies, incomplete := 0, 0
	for _, path := range paths {
		raw, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		data, err := dec.Bytes(raw)
		if err != nil {
			t.Fatalf("%s: Big5: %v", path, err)
		}
		text := string(data)
		fen := xiangqi.StartFEN
		if m := fenTagRE.FindStringSubmatch(text); m != nil {
			fen = m[1]
		}
		start, err := xiangqi.ParseFEN(fen)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		texts := moveTexts(text)
		game, err := ParseMoves(start, texts)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		pos := start
		for ply, m := range game.Moves() {
			for _, n := range []Notation{ICCS, WXF, Chinese} {
				s := Format(&pos, m, n)
				if back, err := Parse(&pos, s); err != nil || back != m {
					t.Fatalf("%s ply %d %v: %v %q reads back as %v, %v", path, ply, m, n, s, back, err)
				}
			}
			// The file's own text is what the traditional writer gives, up to digit
			// forms and variants, except where the file leaves out 前/後 because only
			// one of the pieces on the file can make the move.
			if got := FormatChineseTraditional(&pos, m); !sameChinese(got, texts[ply]) {
				if d, _ := describe(&pos, m); d.qual == qualNone {
					t.Errorf("%s ply %d %v: FormatChineseTraditional %q, file has %q", filepath.Base(path), ply, m, got, texts[ply])
				}
				incomplete++
			}
			pos.MakeMove(m)
		}
		plies += game.Len()
		keys[boardFEN(fen)+"\t"+movesString(game.Moves())] = filepath.Base(path)
	}
	t.Logf("%d files, %d plies, %d written without the 前/後 they need", len(paths), plies, incomplete)

	// Each game is in the dataset's ICCS table (31,049 games: not in -short mode).
	if testing.Short() {
		return
	}
	f, err := os.Open(filepath.Join(ccpdDir, "..", "..", "ccpd-games.tsv.gz"))
	if err != nil {
		t.Logf("no ICCS table: %v", err)
		return
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(zr)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	found := map[string]bool{}
	for sc.Scan() {
		_, rest, _ := strings.Cut(sc.Text(), "\t")
		fen, rest, _ := strings.Cut(rest, "\t")
		moves, _, _ := strings.Cut(rest, "\t")
		if k := boardFEN(fen) + "\t" + moves; keys[k] != "" {
			found[k] = true
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	for k, file := range keys {
		if !found[k] {
			t.Errorf("%s: moves not in the ICCS table", file)
		}
	}
}

// boardFEN keeps the board and side fields of a FEN, dropping the counters.
func boardFEN(fen string) string {
	f := strings.Fields(fen)
	if len(f) > 2 {
		f = f[:2]
	}
	return strings.Join(f, " ")
}

func movesString(ms []xiangqi.Move) string {
	var b strings.Builder
	for i, m := range ms {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(m.String())
	}
	return b.String()
}

// sameChinese compares two Chinese moves after folding digits to ASCII and the
// traditional writer's red piece variants to the ones the CCPD files use.
func sameChinese(a, b string) bool {
	r := strings.NewReplacer("俥", "車", "傌", "馬", "砲", "炮")
	return string(normalize(nil, r.Replace(a))) == string(normalize(nil, r.Replace(b)))
}
