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

// mdCitation matches a cited Markdown file ("docs/rules/banqi.md §6.1").
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

// A banqi ruling's references and explanation cite only files in the repository (issue 27).
// casebook/citations_test.go checks the source files, casebook entries and ruleset
// descriptions of every game.
func TestCitationsResolve(t *testing.T) {
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
