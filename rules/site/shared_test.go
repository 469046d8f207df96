package site

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/arbiter-xq/arbiter/arbiter"
)

// sharedDir is the project's shared data (cases, corpus), read at test time; tests
// that need it skip when it is absent.
func sharedDir(t testing.TB) string {
	_, file, _, _ := runtime.Caller(0)
	dir := filepath.Join(filepath.Dir(file), "..", "..", "..", "shared")
	if d := os.Getenv("ARBITER_SHARED"); d != "" {
		dir = d
	}
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("shared data not found at %s", dir)
	}
	return dir
}

func lookup(t testing.TB, id string) arbiter.Ruleset {
	t.Helper()
	var reg arbiter.Registry
	for _, r := range All() {
		if err := reg.Register(r); err != nil {
			t.Fatal(err)
		}
	}
	rs, err := reg.Lookup(id)
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

func adjudicate(t testing.TB, id, fen, moves string) *arbiter.Report {
	t.Helper()
	r, err := arbiter.Adjudicate(context.Background(), lookup(t, id), arbiter.Start{Position: fen}, strings.Fields(moves))
	if err != nil {
		t.Fatalf("%s: %v", id, err)
	}
	return r
}

// fault is the side a report holds at fault at the end of the record: the side whose
// move was refused, the loser, or the side a ruling says must change; SideNone.
func fault(r *arbiter.Report) (arbiter.Side, string) {
	switch {
	case r.ForbiddenPly > 0 && r.Cycle != nil:
		return r.Cycle.Ruling.Verdict.Responsible(), "refused at ply " + itoa(r.ForbiddenPly)
	case r.Result == arbiter.ResultRedWins:
		return arbiter.SideBlack, "loses at ply " + itoa(r.DecidedAtPly)
	case r.Result == arbiter.ResultBlackWins:
		return arbiter.SideRed, "loses at ply " + itoa(r.DecidedAtPly)
	case r.Cycle != nil:
		return r.Cycle.Ruling.Verdict.Responsible(), "ruling " + r.Cycle.Ruling.Verdict.String()
	}
	return arbiter.SideNone, "no ruling"
}

func itoa(n int) string {
	s := ""
	if n == 0 {
		return "0"
	}
	for ; n > 0; n /= 10 {
		s = string(rune('0'+n%10)) + s
	}
	return s
}

type tiantianCase struct{ id, fen, moves, expect, note string }

func readTianTian(t testing.TB) []tiantianCase {
	f, err := os.Open(filepath.Join(sharedDir(t), "cases", "tiantian.tsv"))
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	var out []tiantianCase
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for first := true; sc.Scan(); first = false {
		if first {
			continue
		}
		c := strings.Split(sc.Text(), "\t")
		if len(c) < 8 {
			continue
		}
		out = append(out, tiantianCase{c[0], c[3], c[4], c[5], c[7]})
	}
	return out
}

func expectedSide(e string) arbiter.Side {
	switch e {
	case "red_must_change", "red_loses":
		return arbiter.SideRed
	case "black_must_change", "black_loses":
		return arbiter.SideBlack
	}
	return arbiter.SideNone
}

// TestTianTianAgreement runs site-tiantian on the TianTian platform's recorded rulings
// and counts agreement on the side at fault. The target is 22 of 24; the
// layer reaches 23 (tiantian-16 disagrees, explained in the casebook), and the test
// guards that level.
func TestTianTianAgreement(t *testing.T) {
	cases := readTianTian(t)
	agree := 0
	for _, c := range cases {
		r := adjudicate(t, "site-tiantian", c.fen, c.moves)
		got, how := fault(r)
		ok := got == expectedSide(c.expect)
		if ok {
			agree++
		}
		t.Logf("%-12s expect %-18s got %-6s (%s) %v", c.id, c.expect, got, how, ok)
	}
	t.Logf("site-tiantian agrees with TianTian on %d of %d", agree, len(cases))
	if len(cases) >= 24 && agree < 23 {
		t.Errorf("agreement %d of %d, want at least 23", agree, len(cases))
	}
}
