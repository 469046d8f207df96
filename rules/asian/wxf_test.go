package asian

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/rules/xqrules"
	"github.com/arbiter-xq/arbiter/xiangqi"
)

// casesPath is the shared WXF case file (read at test time, never copied).
var casesPath = filepath.Join("..", "..", "..", "shared", "cases", "wxf.tsv")

// knownDivergences are wxf.tsv cases this ruleset rules differently, with the reason.
var knownDivergences = map[string]string{}

type wxfCase struct {
	id, fen, note string
	moves         []string
	expect        arbiter.Verdict
}

func loadWXF(t testing.TB) []wxfCase {
	t.Helper()
	f, err := os.Open(casesPath)
	if err != nil {
		t.Skipf("cases not available: %v", err)
	}
	defer f.Close()
	var out []wxfCase
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	header := true
	for sc.Scan() {
		if header {
			header = false
			continue
		}
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) < 8 {
			t.Fatalf("bad line %q", sc.Text())
		}
		c := wxfCase{id: cols[0], fen: cols[3], moves: strings.Fields(cols[4]), note: cols[7]}
		switch cols[5] {
		case "none":
			c.expect = arbiter.VerdictNone
		case "draw":
			c.expect = arbiter.VerdictDraw
		case "red_must_change":
			c.expect = arbiter.VerdictRedMustChange
		case "black_must_change":
			c.expect = arbiter.VerdictBlackMustChange
		default:
			t.Fatalf("%s: unknown expectation %q", c.id, cols[5])
		}
		out = append(out, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// transform is a metamorphic change of a case: mirrored, colour-flipped.
type transform struct {
	name    string
	pos     func(*xiangqi.Position) xiangqi.Position
	move    func(xiangqi.Move) xiangqi.Move
	verdict func(arbiter.Verdict) arbiter.Verdict
}

var (
	identity = transform{"plain",
		func(p *xiangqi.Position) xiangqi.Position { return *p },
		func(m xiangqi.Move) xiangqi.Move { return m },
		func(v arbiter.Verdict) arbiter.Verdict { return v }}
	mirrored = transform{"mirrored",
		(*xiangqi.Position).Mirror,
		xiangqi.Move.Mirror,
		func(v arbiter.Verdict) arbiter.Verdict { return v }}
	flipped = transform{"flipped",
		(*xiangqi.Position).ColorFlip,
		xiangqi.Move.Flip,
		swapColours}
)

func swapColours(v arbiter.Verdict) arbiter.Verdict {
	switch v {
	case arbiter.VerdictRedMustChange:
		return arbiter.VerdictBlackMustChange
	case arbiter.VerdictBlackMustChange:
		return arbiter.VerdictRedMustChange
	}
	return v
}

// replay plays a case under a transform and returns the game and its last cycle
// (start = -1 when the last position is no repetition).
func replay(t testing.TB, c wxfCase, tr transform) (*xiangqi.Game, int) {
	t.Helper()
	// A few source diagrams have a stray pawn on a point it can never reach (wxf-L545).
	p, err := xiangqi.ParseFENOptions(c.fen, xiangqi.FENOptions{AllowUnreachable: true})
	if err != nil {
		t.Fatalf("%s: %v", c.id, err)
	}
	g := xiangqi.NewGame(tr.pos(&p))
	for _, s := range c.moves {
		m, ok := xiangqi.ParseICCS(s)
		if !ok {
			t.Fatalf("%s: bad move %q", c.id, s)
		}
		if err := g.Play(tr.move(m)); err != nil {
			t.Fatalf("%s (%s): %v", c.id, tr.name, err)
		}
	}
	return g, g.PreviousOccurrence()
}

func judgeCase(t testing.TB, c wxfCase, tr transform) (arbiter.Verdict, xqrules.Judgement) {
	g, start := replay(t, c, tr)
	if start < 0 {
		return arbiter.VerdictNone, xqrules.Judgement{}
	}
	j := mustJudge(New().JudgeCycle(context.Background(), g, start, g.Len()))
	return j.Ruling.Verdict, j
}

// TestWXFCases runs every case of shared/cases/wxf.tsv, plain, mirrored and
// colour-flipped.
func TestWXFCases(t *testing.T) {
	cases := loadWXF(t)
	for _, tr := range []transform{identity, mirrored, flipped} {
		pass, diverge := 0, 0
		for _, c := range cases {
			got, j := judgeCase(t, c, tr)
			want := tr.verdict(c.expect)
			if got == want {
				pass++
				if _, known := knownDivergences[c.id]; known && tr.name == "plain" {
					t.Errorf("%s passes now: remove it from knownDivergences", c.id)
				}
				continue
			}
			if reason, known := knownDivergences[c.id]; known {
				diverge++
				t.Logf("%s (%s): known divergence (%s): got %v, want %v", c.id, tr.name, reason, got, want)
				continue
			}
			t.Errorf("%s (%s) [%s]: got %v, want %v\n%s", c.id, tr.name, c.note, got, want, dumpJudgement(j))
		}
		t.Logf("%s: %d/%d pass, %d known divergences", tr.name, pass, len(cases), diverge)
	}
}

func dumpJudgement(j xqrules.Judgement) string {
	var b strings.Builder
	for _, p := range j.Plies {
		b.WriteString("  ply ")
		b.WriteString(itoa(p.Ply))
		b.WriteString(": ")
		b.WriteString(p.Nature.String())
		b.WriteString(" — ")
		b.WriteString(p.Note)
		b.WriteString("\n")
		for _, th := range p.Threats {
			b.WriteString("      threat: " + th.Note + "\n")
		}
		for _, th := range p.Excluded {
			b.WriteString("      excluded [" + th.Exception + "]: " + th.Note + "\n")
		}
	}
	for _, s := range j.Sides {
		b.WriteString("  " + s.Side.String() + ": " + s.Pattern + "\n")
	}
	b.WriteString("  " + j.Ruling.Explanation + "\n  refs: " + strings.Join(j.Ruling.References, "; ") + "\n")
	return b.String()
}

func itoa(n int) string {
	return strings.TrimSpace(strings.Repeat(" ", 0) + string(rune('0'+n/100%10)) + string(rune('0'+n/10%10)) + string(rune('0'+n%10)))
}
