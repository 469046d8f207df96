package banqi

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/arbiter-xq/arbiter/arbiter"
)

// mdCitation matches a cited Markdown file ("docs/rules/banqi.md §6.1", "spec/banqi.md").
var mdCitation = regexp.MustCompile(`[\w./-]*\.md\b`)

// repoRoot is the module root, two levels up from rules/banqi.
const repoRoot = "../.."

// checkCitations reports every Markdown file text cites that is not in the repository.
func checkCitations(t *testing.T, where, text string) {
	t.Helper()
	for _, c := range mdCitation.FindAllString(text, -1) {
		if !strings.Contains(c, "/") {
			t.Errorf("%s cites %q without its path (want e.g. docs/rules/banqi.md)", where, c)
			continue
		}
		if _, err := os.Stat(filepath.Join(repoRoot, c)); err != nil {
			t.Errorf("%s cites %q, which is not in the repository", where, c)
		}
	}
}

// No ruling, ruleset description, casebook entry or source comment of banqi and chu
// shogi cites a file that is not in the repository (issue 27): they cite docs/rules.
func TestCitationsResolve(t *testing.T) {
	var files []string
	for _, dir := range []string{"banqi", "chushogi", "rules/banqi", "rules/chu"} {
		m, _ := filepath.Glob(filepath.Join(repoRoot, dir, "*.go"))
		files = append(files, m...)
	}
	for _, pat := range []string{"casebook/cases/banqi*.textproto", "casebook/cases/chu*.textproto"} {
		m, _ := filepath.Glob(filepath.Join(repoRoot, pat))
		files = append(files, m...)
	}
	if len(files) < 40 {
		t.Fatalf("found only %d files to check", len(files))
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(f, "citations_test.go") {
			continue
		}
		checkCitations(t, f, string(b))
	}
	for _, g := range All() {
		info := g.Info()
		text := info.Edition + " " + info.Source + " " + info.Description
		for _, o := range info.Options {
			text += " " + o.Description
		}
		checkCitations(t, info.ID, text)
	}
	// A ruling's references.
	g, _ := New("banqi-tw")
	r, err := arbiter.Adjudicate(context.Background(), g, arbiter.Start{Position: "4/4/4/4/4/4/r3/G3 b - 0"}, strings.Fields(rp1L))
	if err != nil {
		t.Fatal(err)
	}
	if r.Cycle == nil || len(r.Cycle.Ruling.References) == 0 {
		t.Fatal("no ruling")
	}
	checkCitations(t, "a banqi-tw ruling", strings.Join(r.Cycle.Ruling.References, " ")+" "+r.Explanation)
}
