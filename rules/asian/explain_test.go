package asian

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arbiter-xq/arbiter/casebook"
	"github.com/arbiter-xq/arbiter/rules/xqrules"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// goldenCases are casebook cases whose ruling explanations are pinned word for word:
// the explanations are read by tournament arbiters, so a change must be deliberate.
// Run `go test ./rules/asian/ -run TestExplanationGolden -update` after an intended
// change and review the diff.
var goldenCases = []string{
	"wxf-L333", // perpetual check against a perpetual chase by two cannons
	"wxf-L406", // rook on a cannon protected on one square; mate threats
	"wxf-L513", // cannon on a rook, only the mount moves (rule 26)
	"wxf-L570", // two rooks on two cannons over a long repetition (rule 32)
	"constructed-asian-mutual-check",
	"constructed-asian-two-checks-one-check-back",
	"constructed-asian-root-removed",
	"constructed-asian-one-chases-two",
	"constructed-asian-mount-on-horse",
}

func TestExplanationGolden(t *testing.T) {
	book, err := casebook.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range goldenCases {
		t.Run(id, func(t *testing.T) {
			c, ok := book.Get(id)
			if !ok {
				t.Fatalf("no case %s", id)
			}
			start, moves, err := casebook.Replay(c)
			if err != nil {
				t.Fatal(err)
			}
			o := xqrules.JudgeVariant(context.Background(), New(), start, moves, xqrules.Original)
			if o.Err != nil {
				t.Fatal(o.Err)
			}
			j := o.Judgement
			var b strings.Builder
			b.WriteString("verdict: " + j.Ruling.Verdict.String() + "\n")
			for _, sp := range j.Sides {
				b.WriteString(sp.Side.String() + ": " + sp.Pattern + "\n")
			}
			b.WriteString("references:\n")
			for _, r := range j.Ruling.References {
				b.WriteString("  " + r + "\n")
			}
			b.WriteString("explanation:\n")
			for _, sentence := range splitSentences(j.Ruling.Explanation) {
				b.WriteString("  " + sentence + "\n")
			}
			got := b.String()
			path := filepath.Join("testdata", id+".golden")
			if *update {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if got != string(want) {
				t.Errorf("explanation of %s differs from %s (run with -update if intended):\ngot:\n%s\nwant:\n%s", id, path, got, want)
			}
		})
	}
}

// splitSentences puts one sentence per line, so that golden diffs are readable.
func splitSentences(s string) []string {
	var out []string
	for s != "" {
		i := strings.Index(s, ". ")
		if i < 0 {
			out = append(out, s)
			break
		}
		out = append(out, s[:i+1])
		s = s[i+2:]
	}
	return out
}
