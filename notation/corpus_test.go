package notation

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/arbiter-xq/arbiter/xiangqi"
)

const wukongDir = "../../shared/corpus/pgn/wukong"

// readWukong returns the move texts of each game of a wukong file, or skips the test
// when the corpus is absent. It is a minimal extractor, not a PGN reader: it drops
// tags, comments, move numbers and results.
func readWukong(tb testing.TB, name string) [][]string {
	tb.Helper()
	data, err := os.ReadFile(filepath.Join(wukongDir, name))
	if os.IsNotExist(err) {
		tb.Skipf("corpus absent: %v", err)
	}
	if err != nil {
		tb.Fatal(err)
	}
	return extractGames(string(data))
}

var (
	tagRE     = regexp.MustCompile(`\[[^\]]*\]`)
	commentRE = regexp.MustCompile(`\{[^}]*\}`)
)

// extractGames splits a PGN text into games at each [Event tag and returns their
// move texts.
func extractGames(text string) [][]string {
	var games [][]string
	for _, chunk := range strings.Split(text, "[Event ")[1:] {
		games = append(games, moveTexts("["+chunk))
	}
	return games
}

// moveTexts returns the moves of one game's PGN text.
func moveTexts(text string) []string {
	text = tagRE.ReplaceAllString(text, " ")
	return SplitMoves(commentRE.ReplaceAllString(text, " "))
}

// wukongDisagree lists the plies where the wukong files disagree with one another
// (game number, 1-based, and ply, 0-based). Game 2 ply 70: the ICCS file plays the
// front pawn e5e6 while both the WXF and Chinese files write the rear pawn
// ("－Ｐ＋１", "后兵进一", that is e3e4); both are legal and no later move tells which
// is right, so the ply is not compared.
var wukongDisagree = map[[2]int]bool{{2, 70}: true}

type wukongGame struct {
	moves []xiangqi.Move
	texts [3][]string // per notation: ICCS, WXF, Chinese as in the files
}

func loadWukong(tb testing.TB) []wukongGame {
	tb.Helper()
	files := [3]string{"bulk_games_uci.pgn", "xqdb_international.pgn", "xqdb_traditional.pgn"}
	var texts [3][][]string
	for i, f := range files {
		texts[i] = readWukong(tb, f)
	}
	if len(texts[0]) != 15 || len(texts[1]) != 15 || len(texts[2]) != 15 {
		tb.Fatalf("games per file: %d %d %d, want 15", len(texts[0]), len(texts[1]), len(texts[2]))
	}
	games := make([]wukongGame, 15)
	for g := range games {
		for i := range files {
			games[g].texts[i] = texts[i][g]
		}
	}
	return games
}

// TestWukongCorpus reads the same 15 games in ICCS, WXF (full-width) and Chinese,
// each notation both forced and auto-detected, and checks the three give the same
// moves.
func TestWukongCorpus(t *testing.T) {
	games := loadWukong(t)
	notations := [3]Notation{ICCS, WXF, Chinese}
	plies := 0
	for gi, g := range games {
		var lists [3][]xiangqi.Move
		for i, n := range notations {
			game, err := ParseMoves(xiangqi.StartPosition(), g.texts[i])
			if err != nil {
				t.Fatalf("game %d, %v: %v", gi+1, n, err)
			}
			lists[i] = game.Moves()
			// Forced notation gives the same.
			pos := xiangqi.StartPosition()
			for ply, text := range g.texts[i] {
				m, err := ParseAs(&pos, text, n)
				if err != nil {
					t.Fatalf("game %d ply %d: %v", gi+1, ply, err)
				}
				if m != lists[i][ply] {
					t.Fatalf("game %d ply %d %q: ParseAs %v, Parse %v", gi+1, ply, text, m, lists[i][ply])
				}
				pos.MakeMove(m)
			}
		}
		for i := 1; i < 3; i++ {
			if len(lists[i]) != len(lists[0]) {
				t.Fatalf("game %d: %v has %d plies, ICCS %d", gi+1, notations[i], len(lists[i]), len(lists[0]))
			}
			for ply := range lists[0] {
				if lists[i][ply] != lists[0][ply] && !wukongDisagree[[2]int{gi + 1, ply}] {
					t.Fatalf("game %d ply %d: %v %q is %v, ICCS says %v", gi+1, ply, notations[i],
						g.texts[i][ply], lists[i][ply], lists[0][ply])
				}
			}
		}
		plies += len(lists[0])
	}
	t.Logf("%d games, %d plies agree in three notations", len(games), plies)
}

// TestWukongWriteBack writes every move of the corpus in each notation, checks the
// writing matches the files (after folding full-width WXF to ASCII, '=' to '.', and
// the Chinese file's conventions), and that it reads back to the same move.
func TestWukongWriteBack(t *testing.T) {
	games := loadWukong(t)
	for gi, g := range games {
		// The WXF file's moves, which the Chinese file follows where ICCS disagrees.
		game, err := ParseMoves(xiangqi.StartPosition(), g.texts[1])
		if err != nil {
			t.Fatal(err)
		}
		pos := xiangqi.StartPosition()
		for ply, m := range game.Moves() {
			wantWXF := strings.ReplaceAll(string(normalize(nil, g.texts[1][ply])), "=", ".")
			if got := FormatWXF(&pos, m); got != wantWXF {
				t.Errorf("game %d ply %d %v: FormatWXF %q, file has %q", gi+1, ply, m, got, g.texts[1][ply])
			}
			if got, want := FormatChinese(&pos, m), g.texts[2][ply]; got != want {
				t.Errorf("game %d ply %d %v: FormatChinese %q, file has %q", gi+1, ply, m, got, want)
			}
			for _, n := range []Notation{ICCS, WXF, Chinese} {
				text := Format(&pos, m, n)
				back, err := ParseAs(&pos, text, n)
				if err != nil || back != m {
					t.Fatalf("game %d ply %d %v: %v %q reads back as %v, %v", gi+1, ply, m, n, text, back, err)
				}
				if back, err := Parse(&pos, text); err != nil || back != m {
					t.Fatalf("game %d ply %d %v: auto %q reads back as %v, %v", gi+1, ply, m, text, back, err)
				}
			}
			trad := FormatChineseTraditional(&pos, m)
			if back, err := Parse(&pos, trad); err != nil || back != m {
				t.Fatalf("game %d ply %d %v: traditional %q reads back as %v, %v", gi+1, ply, m, trad, back, err)
			}
			pos.MakeMove(m)
		}
	}
}

// loadWukongIfPresent is loadWukong returning nil when the corpus is absent.
func loadWukongIfPresent(tb testing.TB) []wukongGame {
	tb.Helper()
	if _, err := os.Stat(wukongDir); err != nil {
		return nil
	}
	return loadWukong(tb)
}
