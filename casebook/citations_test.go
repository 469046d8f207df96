package casebook_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// mdCitation matches a cited Markdown file ("docs/rules/chinese.md §2.2", "README.md").
var mdCitation = regexp.MustCompile(`[\w./-]*\.md\b`)

// webAddress matches a web address, whose Markdown files are not the repository's.
var webAddress = regexp.MustCompile(`https?://\S+`)

// repoRoot is the module root, one level up from casebook.
const repoRoot = ".."

// checkCitations reports every Markdown file text cites that is not in the repository.
func checkCitations(t *testing.T, where, text string) {
	t.Helper()
	for _, c := range mdCitation.FindAllString(webAddress.ReplaceAllString(text, ""), -1) {
		_, err := os.Stat(filepath.Join(repoRoot, c))
		switch {
		case err != nil && !strings.Contains(c, "/"):
			t.Errorf("%s cites %q without its path (want e.g. docs/rules/chinese.md)", where, c)
		case err != nil:
			t.Errorf("%s cites %q, which is not in the repository", where, c)
		}
	}
}

// citingFiles lists the files whose text users see: every casebook file, the Markdown docs,
// and every non-test Go file of the packages behind the rulings, rulesets and commands.
func citingFiles(t *testing.T) []string {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(repoRoot, "casebook/cases/*.textproto"))
	docs, _ := filepath.Glob(filepath.Join(repoRoot, "docs/*/*.md"))
	files = append(files, docs...)
	docs, _ = filepath.Glob(filepath.Join(repoRoot, "docs/*.md"))
	files = append(files, docs...)
	files = append(files, filepath.Join(repoRoot, "README.md"))
	for _, dir := range []string{"rules", "arbiter", "casebook", "cmd/arbiter", "server", "apiconv", "picture", "banqi", "chushogi", "xiangqi"} {
		err := filepath.WalkDir(filepath.Join(repoRoot, dir), func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && d.Name() == "testdata" {
				return filepath.SkipDir
			}
			if !d.IsDir() && strings.HasSuffix(p, ".go") && !strings.HasSuffix(p, "_test.go") && !strings.HasSuffix(p, ".pb.go") {
				files = append(files, p)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return files
}

// No casebook entry, document, ruleset description, ruling reference or source comment cites
// a file that is not in the repository (issue 27): the rules are cited as docs/rules/*.md,
// the policy as README.md, never as spec files users do not have.
func TestCitationsResolve(t *testing.T) {
	files := citingFiles(t)
	if len(files) < 150 {
		t.Fatalf("found only %d files to check", len(files))
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		checkCitations(t, f, string(b))
	}
	for _, info := range registry(t).Infos() {
		text := info.Edition + " " + info.Source + " " + info.Description
		for _, o := range info.Options {
			text += " " + o.Description
		}
		checkCitations(t, info.ID, text)
	}
}
