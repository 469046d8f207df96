package chu

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/arbiter-xq/arbiter/arbiter"
)

var mdCitation = regexp.MustCompile(`[\w./-]*\.md\b`)

// The chu rulesets' descriptions and rulings cite only files in the repository
// (docs/rules/chu-shogi.md), not the project's specs (issue 27). The source files and the
// casebook are checked by rules/banqi's TestCitationsResolve.
func TestChuCitationsResolve(t *testing.T) {
	check := func(where, text string) {
		t.Helper()
		for _, c := range mdCitation.FindAllString(text, -1) {
			if _, err := os.Stat(filepath.Join("../..", c)); err != nil || !strings.Contains(c, "/") {
				t.Errorf("%s cites %q, which is not a file of the repository", where, c)
			}
		}
	}
	for _, g := range All() {
		info := g.Info()
		text := info.Edition + " " + info.Source + " " + info.Description
		for _, o := range info.Options {
			text += " " + o.Description
		}
		check(info.ID, text)
	}
	for _, id := range []string{"chu-jcsa2004", "chu-lishogi", "chu-hachu+chu.repetition=jcsa_attack_4fold", "chu-jcsa2004+chu.repetition=sennichite_4fold"} {
		r, err := arbiter.Adjudicate(context.Background(), ruleset(t, id), arbiter.Start{Position: "6k5/3gg7/11g/12/12/3R8/12/12/12/12/12/K11 b - 1"}, strings.Fields(rep3("9f8f 1c1d 8f9f 1d1c")))
		if err != nil {
			t.Fatal(err)
		}
		if r.Cycle == nil {
			t.Fatalf("%s: no cycle", id)
		}
		check(id, strings.Join(r.Cycle.Ruling.References, " ")+" "+r.Explanation)
	}
}
