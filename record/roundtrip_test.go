package record

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// treeDump writes a tree with its comments, one node per line, depth-first.
func treeDump(n *Node) string {
	var b strings.Builder
	type fr struct {
		n     *Node
		depth int
	}
	stack := []fr{{n, 0}}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		mv := "root"
		if x.depth > 0 {
			mv = x.n.Move.String()
		}
		fmt.Fprintf(&b, "%d %s %q\n", x.depth, mv, x.n.Comment)
		for i := len(x.n.Children) - 1; i >= 0; i-- {
			stack = append(stack, fr{x.n.Children[i], x.depth + 1})
		}
	}
	return b.String()
}

// sameGame compares what a writer must keep: start, main line, tree and comments,
// and the tags given.
func sameGame(t *testing.T, what string, a, b *Game, tags []string, norm func(string) string) {
	t.Helper()
	if a.FEN != b.FEN {
		t.Errorf("%s: FEN %q, read back %q", what, a.FEN, b.FEN)
	}
	if a.Result != b.Result {
		t.Errorf("%s: result %q, read back %q", what, a.Result, b.Result)
	}
	if strings.Join(a.Moves, " ") != strings.Join(b.Moves, " ") {
		t.Errorf("%s: main line differs:\n%v\n%v", what, a.Moves, b.Moves)
	}
	if da, db := norm(treeDump(a.Root)), treeDump(b.Root); da != db {
		t.Errorf("%s: tree differs (%d vs %d bytes of dump)", what, len(da), len(db))
	}
	for _, name := range tags {
		if a.Tag(name) != b.Tag(name) {
			t.Errorf("%s: tag %s %q, read back %q", what, name, a.Tag(name), b.Tag(name))
		}
	}
}

var dhtmlKept = []string{"Title", "Event", "Date", "Site", "Round", "Red", "RedTeam", "Black", "BlackTeam", "ECCO", "Opening", "Annotator", "Author"}
var xqfKept = []string{"Title", "Event", "Date", "Site", "Red", "Black", "TimeControl", "RedTime", "BlackTime", "Annotator", "Author"}

// TestRoundTrip writes every game of every fixture as DhtmlXQ and as XQF 1.0 and
// reads it back: the position, the main line, the tree with comments and the tags
// the format holds are kept.
func TestRoundTrip(t *testing.T) {
	dir, files := fixtures(t)
	for _, rel := range files {
		data, err := os.ReadFile(filepath.Join(dir, rel))
		if err != nil {
			t.Fatal(err)
		}
		games, err := Read(rel, data, Options{Variations: true})
		if err != nil {
			t.Errorf("%s: %v", rel, err)
			continue
		}
		for _, g := range games {
			if g.Err != nil && g.Err.Level <= LevelGame {
				continue
			}
			what := fmt.Sprintf("%s game %d", rel, g.Source.Index)
			var buf bytes.Buffer
			if err := WriteDhtmlXQ(&buf, g); err != nil {
				t.Errorf("%s: WriteDhtmlXQ: %v", what, err)
				continue
			}
			back, err := Read("back.txt", buf.Bytes(), Options{Variations: true})
			if err != nil || len(back) != 1 {
				t.Errorf("%s: DhtmlXQ read back: %d games, %v", what, len(back), err)
				continue
			}
			if back[0].Err != nil || len(back[0].Warnings) > 0 {
				t.Errorf("%s: DhtmlXQ read back: %v %v", what, back[0].Err, back[0].Warnings)
			}
			// The format has no escape: brackets in text become full-width.
			sameGame(t, what+" (DhtmlXQ)", g, back[0], dhtmlKept, strings.NewReplacer("[", "［", "]", "］").Replace)

			buf.Reset()
			lossy, err := WriteXQF(&buf, g)
			if err != nil {
				t.Errorf("%s: WriteXQF: %v", what, err)
				continue
			}
			back, err = Read("back.xqf", buf.Bytes(), Options{Variations: true})
			if err != nil || len(back) != 1 {
				t.Errorf("%s: XQF read back: %d games, %v", what, len(back), err)
				continue
			}
			if back[0].Err != nil {
				t.Errorf("%s: XQF read back: %v", what, back[0].Err)
			}
			if len(lossy) == 0 {
				sameGame(t, what+" (XQF)", g, back[0], xqfKept, func(s string) string { return s })
			} else {
				// Text outside GBK or too long for a field: compare the moves.
				if strings.Join(g.Moves, " ") != strings.Join(back[0].Moves, " ") || g.FEN != back[0].FEN {
					t.Errorf("%s (XQF, lossy %v): moves or position differ", what, lossy)
				}
			}
		}
	}
}
