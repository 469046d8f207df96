package record

import (
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/arbiter-xq/arbiter/internal/corpus"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// fixtureDir returns the shared fixture folder of the formats, or skips the test.
func fixtureDir(tb testing.TB) string {
	tb.Helper()
	d := sharedFormats()
	if d == "" {
		tb.Skip("../shared/corpus/formats is absent")
	}
	return d
}

// sharedFormats returns the fixture folder, "" when absent.
func sharedFormats() string { return corpus.Path("corpus/formats") }

// fixtures lists the record files of the fixture folder (relative paths), without
// the licences and the expected-output texts.
func fixtures(tb testing.TB) (dir string, files []string) {
	dir = fixtureDir(tb)
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		if d.IsDir() {
			if d.Name() == "expected" || d.Name() == "LICENSES" {
				return filepath.SkipDir
			}
			return nil
		}
		if d.Name() == "LICENSE" || d.Name() == "SOURCES.md" {
			return nil
		}
		files = append(files, rel)
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
	return dir, files
}

// fixture reads one fixture file, or skips.
func fixture(tb testing.TB, rel string) []byte {
	tb.Helper()
	b, err := os.ReadFile(filepath.Join(fixtureDir(tb), rel))
	if err != nil {
		tb.Skipf("fixture %s: %v", rel, err)
	}
	return b
}

// countTree counts the moves, variations and comments of a tree.
func countTree(n *Node) (moves, variations, comments int) {
	stack := []*Node{n}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if x != n {
			moves++
		}
		if x.Comment != "" {
			comments++
		}
		if len(x.Children) > 1 {
			variations += len(x.Children) - 1
		}
		stack = append(stack, x.Children...)
	}
	return
}

// summary writes the compact, stable description of a read that the golden files
// hold: no comment texts (they belong to their authors), only their counts.
func summary(data []byte, games []*Game, err error) string {
	var b strings.Builder
	fmt.Fprintf(&b, "detect: %s\n", Detect(data))
	if err != nil {
		fmt.Fprintf(&b, "error: %v\n", err)
	}
	fmt.Fprintf(&b, "games: %d\n", len(games))
	for _, g := range games {
		s := g.Source
		fmt.Fprintf(&b, "\ngame %d: %s", s.Index, s.Format)
		if s.Version > 0 {
			fmt.Fprintf(&b, " v%d", s.Version)
		}
		if s.Entry >= 0 {
			fmt.Fprintf(&b, " entry %d", s.Entry)
		}
		if s.Encoding != "" {
			fmt.Fprintf(&b, " %s", s.Encoding)
		}
		if s.Deleted {
			b.WriteString(" deleted")
		}
		b.WriteByte('\n')
		for _, t := range g.Tags {
			fmt.Fprintf(&b, "  [%s %q]\n", t.Name, t.Value)
		}
		fmt.Fprintf(&b, "  fen: %s (%s)\n", g.FEN, g.SideFrom)
		fmt.Fprintf(&b, "  result: %s\n", g.Result)
		fmt.Fprintf(&b, "  main line: %d plies\n", len(g.Moves))
		for i := 0; i < len(g.Moves); i += 16 {
			fmt.Fprintf(&b, "    %s\n", strings.Join(g.Moves[i:min(i+16, len(g.Moves))], " "))
		}
		nc := 0
		for _, c := range g.Comments {
			if c != "" {
				nc++
			}
		}
		fmt.Fprintf(&b, "  comments: main line %d, game comment %d characters\n", nc, utf8.RuneCountInString(g.GameComment))
		if g.Root != nil {
			m, v, c := countTree(g.Root)
			fmt.Fprintf(&b, "  tree: %d moves, %d variations, %d comments, %d lines\n", m, v, c, len(g.Lines()))
		}
		if g.Err != nil {
			fmt.Fprintf(&b, "  error (%s): %v\n", g.Err.Level, g.Err)
		}
		for _, w := range g.Warnings {
			fmt.Fprintf(&b, "  warning (%s): %v\n", w.Level, w)
		}
	}
	return b.String()
}

// goldenName maps a fixture path to its golden file.
func goldenName(rel string) string {
	return filepath.Join("testdata", "golden", rel+".golden")
}

// TestGolden reads every fixture with variations and compares its summary with
// testdata/golden (go test -run TestGolden -update rewrites them).
func TestGolden(t *testing.T) {
	dir, files := fixtures(t)
	if len(files) < 40 {
		t.Errorf("%d fixture files, want the 43 record files of SOURCES.md minus licences", len(files))
	}
	for _, rel := range files {
		t.Run(rel, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(dir, rel))
			if err != nil {
				t.Fatal(err)
			}
			name := filepath.Base(rel)
			games, rerr := Read(name, data, Options{Variations: true})
			got := summary(data, games, rerr)
			gold := goldenName(rel)
			if *update {
				if err := os.MkdirAll(filepath.Dir(gold), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(gold, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(gold)
			if err != nil {
				t.Fatalf("no golden file (run with -update): %v", err)
			}
			if got != string(want) {
				t.Errorf("summary differs from %s:\n--- got\n%s\n--- want\n%s", gold, got, want)
			}
		})
	}
}
