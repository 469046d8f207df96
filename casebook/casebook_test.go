package casebook_test

import (
	"strings"
	"testing"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/casebook"
	"github.com/arbiter-xq/arbiter/internal/corpus"
	arbiterv1 "github.com/arbiter-xq/arbiter/proto/arbiter/v1"
	"github.com/arbiter-xq/arbiter/rules/asian"
	"github.com/arbiter-xq/arbiter/rules/banqi"
	"github.com/arbiter-xq/arbiter/rules/chinese"
	"github.com/arbiter-xq/arbiter/rules/chu"
	"github.com/arbiter-xq/arbiter/rules/site"
	"github.com/arbiter-xq/arbiter/rules/xqrules"
)

func registry(t *testing.T) *arbiter.Registry {
	t.Helper()
	var reg arbiter.Registry
	for _, rs := range []xqrules.Ruleset{asian.New(), chinese.New()} {
		if err := reg.Register(xqrules.New(rs)); err != nil {
			t.Fatal(err)
		}
	}
	for _, g := range chu.All() {
		if err := reg.Register(g); err != nil {
			t.Fatal(err)
		}
	}
	for _, g := range banqi.All() {
		if err := reg.Register(g); err != nil {
			t.Fatal(err)
		}
	}
	for _, g := range site.All() {
		if err := reg.Register(g); err != nil {
			t.Fatal(err)
		}
	}
	return &reg
}

var knownTags = map[string]bool{}

// Every case is well formed: an id, a title, a source (with the clause for constructed
// cases), a position and moves that replay, an expectation per ruleset with natures
// matching the number of moves, and an explanation.
func TestCasesWellFormed(t *testing.T) {
	b, err := casebook.Load()
	if err != nil {
		t.Fatal(err)
	}
	if n := len(b.Cases()); n < 201 {
		t.Errorf("%d cases, want at least the 201 official ones", n)
	}
	for _, c := range b.Cases() {
		id := c.GetId()
		if c.GetTitle() == "" || c.GetExplanation() == "" {
			t.Errorf("%s: title and explanation are required", id)
		}
		src := c.GetSource()
		if src.GetBook() == "" && !src.GetConstructed() {
			t.Errorf("%s: an official case needs its book", id)
		}
		if src.GetConstructed() && src.GetClause() == "" {
			t.Errorf("%s: a constructed case must name the clause it pins", id)
		}
		if src.GetReference() == "" && !src.GetConstructed() {
			t.Errorf("%s: an official case needs its reference (article or diagram)", id)
		}
		checkTags(t, c)
		if otherGame(c) {
			// Banqi and chu shogi cases replay through their game's ruleset (casebook
			// verify); only the shared checks here.
			continue
		}
		_, moves, err := casebook.Replay(c)
		if err != nil {
			t.Errorf("%s: %v", id, err)
			continue
		}
		if len(c.GetExpectations()) == 0 {
			t.Errorf("%s: no expectation", id)
		}
		for _, e := range c.GetExpectations() {
			if r := e.GetRuleset(); r != "chinese" && r != "asian" && !strings.HasPrefix(r, "site-") {
				t.Errorf("%s: unknown ruleset %q", id, e.GetRuleset())
			}
			if n := len(e.GetNatures()); n > 0 && n != len(moves) {
				t.Errorf("%s: %d natures for %d moves", id, n, len(moves))
			}
		}
	}
}

func checkTags(t *testing.T, c *arbiterv1.Case) {
	id := c.GetId()
	{
		for _, tag := range c.GetTags() {
			if tag != strings.ToLower(tag) || strings.ContainsAny(tag, " _") {
				t.Errorf("%s: tag %q is not lowercase-hyphenated", id, tag)
			}
		}
	}
}

// otherGame reports whether a case's expectations name rulesets of another game than
// xiangqi (ids like banqi-tw, chu-jcsa2004).
func otherGame(c *arbiterv1.Case) bool {
	for _, e := range c.GetExpectations() {
		if r := e.GetRuleset(); strings.HasPrefix(r, "chu-") || strings.HasPrefix(r, "banqi-") {
			return true
		}
	}
	return false
}

// The casebook holds every official case of the shared data, with the same position,
// moves and ruling.
func TestOfficialCasesComplete(t *testing.T) {
	b, err := casebook.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"cases/cxa2020.tsv", "cases/wxf.tsv"} {
		path := corpus.Path(f)
		if path == "" {
			t.Skip("shared cases absent")
		}
		rows, err := corpus.ReadCases(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, row := range rows {
			c, ok := b.Get(row.ID)
			if !ok {
				t.Errorf("%s missing from the casebook", row.ID)
				continue
			}
			if c.GetFen() != row.FEN || c.GetMoves() != strings.Join(row.Moves, " ") {
				t.Errorf("%s: position or moves differ from the source", row.ID)
			}
			e := casebook.Expectation(c, row.Ruleset)
			want := map[string]arbiterv1.Verdict{"red_must_change": arbiterv1.Verdict_VERDICT_RED_MUST_CHANGE,
				"black_must_change": arbiterv1.Verdict_VERDICT_BLACK_MUST_CHANGE, "draw": arbiterv1.Verdict_VERDICT_DRAW,
				"none": arbiterv1.Verdict_VERDICT_UNSPECIFIED}[row.Expect]
			if e == nil || e.GetVerdict() != want {
				t.Errorf("%s: expectation for %s differs from the official ruling %s", row.ID, row.Ruleset, row.Expect)
			}
		}
	}
}

// TestVerify runs every case against the registered rulesets, as given, mirrored and
// colour-flipped. A mismatch fails unless the case declares a known divergence; known
// divergences are listed in the log with their reasons.
func TestVerify(t *testing.T) {
	b, err := casebook.Load()
	if err != nil {
		t.Fatal(err)
	}
	rep := casebook.Verify(b, registry(t), casebook.Filter{})
	for _, r := range rep.Results {
		switch r.GetStatus() {
		case arbiterv1.CaseStatus_CASE_STATUS_FAILED:
			t.Errorf("%s [%s]: %s", r.GetId(), r.GetRuleset(), r.GetMessage())
		case arbiterv1.CaseStatus_CASE_STATUS_KNOWN_DIVERGENCE:
			t.Logf("known divergence %s [%s]: %s", r.GetId(), r.GetRuleset(), r.GetMessage())
		case arbiterv1.CaseStatus_CASE_STATUS_PENDING:
			t.Errorf("%s [%s] is pending although its ruleset is registered: %s", r.GetId(), r.GetRuleset(), r.GetMessage())
		}
	}
	t.Logf("%d passed, %d failed, %d known divergences, %d pending", rep.Passed, rep.Failed, rep.Divergent, rep.Pending)
}

// Without rulesets every case is pending, never passing.
func TestVerifyPendingWithoutRulesets(t *testing.T) {
	b, err := casebook.Load()
	if err != nil {
		t.Fatal(err)
	}
	rep := casebook.Verify(b, &arbiter.Registry{}, casebook.Filter{})
	if rep.Passed != 0 || rep.Failed != 0 || rep.Pending != len(rep.Results) || rep.Pending == 0 {
		t.Errorf("without rulesets: %d passed, %d failed, %d pending of %d", rep.Passed, rep.Failed, rep.Pending, len(rep.Results))
	}
}

func TestFilter(t *testing.T) {
	b, err := casebook.Load()
	if err != nil {
		t.Fatal(err)
	}
	cxa := b.Filter(casebook.Filter{Ruleset: "chinese", Source: "cxa2020"})
	wxf := b.Filter(casebook.Filter{Source: "wxf"})
	if len(cxa) < 63 || len(wxf) < 138 {
		t.Errorf("filters: %d CXA cases, %d WXF cases", len(cxa), len(wxf))
	}
	for _, c := range b.Filter(casebook.Filter{Tag: "joint-chase"}) {
		found := false
		for _, tag := range c.GetTags() {
			found = found || tag == "joint-chase"
		}
		if !found {
			t.Errorf("%s passed the tag filter without the tag", c.GetId())
		}
	}
	if got := b.Filter(casebook.Filter{Tag: "no-such-tag"}); len(got) != 0 {
		t.Errorf("unknown tag matched %d cases", len(got))
	}
}
