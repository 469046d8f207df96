package chinese

import (
	"context"
	"math/rand/v2"
	"os"
	"reflect"
	"testing"
	"time"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/rules/xqrules"
	"github.com/arbiter-xq/arbiter/xiangqi"
)

// randomRepetitionGame plays random legal moves from the start position with forced
// repetitions: now and then a move and its reply are played and then taken back move by
// move (when the way back is legal), which closes a cycle. It returns the moves.
func randomRepetitionGame(r *rand.Rand, n int) []xiangqi.Move {
	g := xiangqi.NewGame(xiangqi.StartPosition())
	quiet := func() (xiangqi.Move, bool) {
		var ms []xiangqi.Move
		for _, m := range g.Position().LegalMoves() {
			if g.Position().At(m.To()) == xiangqi.NoPiece {
				ms = append(ms, m)
			}
		}
		if len(ms) == 0 {
			return 0, false
		}
		return ms[r.IntN(len(ms))], true
	}
	back := func(m xiangqi.Move) bool {
		b := xiangqi.NewMove(m.To(), m.From())
		return g.Position().IsLegal(b) && g.Play(b) == nil
	}
	for g.Len() < n {
		if len(g.Position().LegalMoves()) == 0 {
			break
		}
		if r.IntN(3) > 0 && g.Len() > 8 {
			m, ok := quiet()
			if !ok || g.Play(m) != nil {
				continue
			}
			rep, ok := quiet()
			if !ok || g.Play(rep) != nil {
				continue
			}
			for k := 0; k < 1+r.IntN(2) && back(m) && back(rep); k++ {
				if g.Play(m) != nil || g.Play(rep) != nil {
					break
				}
			}
			continue
		}
		ms := g.Position().LegalMoves()
		g.PlayUnchecked(ms[r.IntN(len(ms))])
	}
	out := make([]xiangqi.Move, g.Len())
	for i := range out {
		out[i] = g.Ply(i).Move
	}
	return out
}

// repetitionGame plays the game of moves in the orientation tr and returns it with the
// cycles its repetitions close, in the order they close.
func repetitionGame(tb testing.TB, moves []xiangqi.Move, tr transform) (*xiangqi.Game, []xqrules.CycleBounds) {
	tb.Helper()
	p := xiangqi.StartPosition()
	switch tr {
	case mirrored:
		p = p.Mirror()
	case flipped:
		p = p.ColorFlip()
	}
	g := xiangqi.NewGame(p)
	var cycles []xqrules.CycleBounds
	for _, m := range moves {
		switch tr {
		case mirrored:
			m = m.Mirror()
		case flipped:
			m = m.Flip()
		}
		if err := g.Play(m); err != nil {
			tb.Fatal(err)
		}
		if prev := g.PreviousOccurrence(); prev >= 0 {
			cycles = append(cycles, xqrules.CycleBounds{Start: prev, End: g.Len()})
		}
	}
	return g, cycles
}

// repetitionJudgements judges every cycle a repetition closes in the game of moves,
// played in the orientation tr, with judge.
func repetitionJudgements(tb testing.TB, moves []xiangqi.Move, tr transform, judge xqrules.CycleJudge) []xqrules.Judgement {
	tb.Helper()
	g, cycles := repetitionGame(tb, moves, tr)
	out := make([]xqrules.Judgement, 0, len(cycles))
	for _, c := range cycles {
		j, err := judge.JudgeCycle(context.Background(), g, c.Start, c.End)
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, j)
	}
	return out
}

// TestRandomGamesOrientation: random games with repetitions, mirrored and
// colour-flipped, get the same natures, joint flags and (mapped) verdicts on every
// cycle, in a seeded sample.
func TestRandomGamesOrientation(t *testing.T) {
	r := rand.New(rand.NewPCG(10, 2026))
	games, cycles := 6, 0
	if testing.Short() {
		games = 4
	}
	for n := 0; n < games; n++ {
		moves := randomRepetitionGame(r, 40+r.IntN(40))
		base := repetitionJudgements(t, moves, identity, New())
		cycles += len(base)
		for _, tr := range []transform{mirrored, flipped} {
			got := repetitionJudgements(t, moves, tr, New())
			for i := range base {
				b, g := base[i], got[i]
				if g.Ruling.Verdict != expectUnder(b.Ruling.Verdict, tr) || natureString(natures(g)) != natureString(natures(b)) ||
					jointFlags(g, tr) != jointFlags(b, identity) {
					t.Errorf("game %d cycle %d (%s): %v %s, original %v %s", n, i, tr, g.Ruling.Verdict, natureString(natures(g)), b.Ruling.Verdict, natureString(natures(b)))
				}
			}
		}
	}
	if cycles == 0 {
		t.Fatal("no repetition in the sample")
	}
	t.Logf("%d games, %d cycles", games, cycles)
}

// TestGameJudgeSameRulings: the per-game judge, which keeps the classifications of the
// game's moves, rules exactly like JudgeCycle (the whole judgement, evidence and notes
// included) on random games with repetitions and on the official diagrams.
func TestGameJudgeSameRulings(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 2026))
	games := 6
	if testing.Short() {
		games = 4
	}
	for n := 0; n < games; n++ {
		moves := randomRepetitionGame(r, 40+r.IntN(40))
		want := repetitionJudgements(t, moves, identity, New())
		got := repetitionJudgements(t, moves, identity, ruleset{}.NewGameJudge())
		if !reflect.DeepEqual(got, want) {
			t.Errorf("game %d: the per-game judge differs from JudgeCycle", n)
		}
	}
	for _, c := range loadCases(t) {
		g, start, end := replay(t, c, identity)
		gj := ruleset{}.NewGameJudge()
		judge := func(j xqrules.CycleJudge, start, end int) xqrules.Judgement {
			out, err := j.JudgeCycle(context.Background(), g, start, end)
			if err != nil {
				t.Fatal(err)
			}
			return out
		}
		all := judge(gj, 0, end) // fills the cache with every move
		if !reflect.DeepEqual(all, judge(New(), 0, end)) {
			t.Errorf("%s: the whole sequence is judged differently with the cache", c.id)
		}
		if !reflect.DeepEqual(judge(gj, start, end), judge(New(), start, end)) {
			t.Errorf("%s: the cycle is judged differently from cached moves", c.id)
		}
	}
}

func natures(j xqrules.Judgement) []arbiter.Nature {
	out := make([]arbiter.Nature, len(j.Plies))
	for i, pn := range j.Plies {
		out[i] = pn.Nature
	}
	return out
}

// TestAheadSameJudgements: classifying the moves of a cycle ahead, in parallel
// (classifyAhead), judges exactly like classifying them in turn: the whole judgement and
// the work, on the official diagrams (every move of each, without a cache and through a
// game's cache) and on random games with repetitions.
func TestAheadSameJudgements(t *testing.T) {
	defer func(w int) { aheadWorkers = w }(aheadWorkers)
	type outcome struct {
		j  xqrules.Judgement
		st workStats
	}
	judgeWith := func(workers int, g *xiangqi.Game, start, end int, cache *plyCache) outcome {
		aheadWorkers = workers
		j, st, err := judgeCounted(context.Background(), g, start, end, cache)
		if err != nil {
			t.Fatal(err)
		}
		return outcome{j, st}
	}
	cycles := 0
	for _, c := range loadCases(t) {
		g, start, end := replay(t, c, identity)
		var seqCache, parCache plyCache
		for _, span := range [][2]int{{0, end}, {start, end}} {
			want, got := judgeWith(1, g, span[0], span[1], nil), judgeWith(3, g, span[0], span[1], nil)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s plies %d-%d: judged ahead %+v, in turn %+v", c.id, span[0], span[1], got.st, want.st)
			}
			want, got = judgeWith(1, g, span[0], span[1], &seqCache), judgeWith(3, g, span[0], span[1], &parCache)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s plies %d-%d, cached: judged ahead %+v, in turn %+v", c.id, span[0], span[1], got.st, want.st)
			}
			cycles++
		}
	}
	r := rand.New(rand.NewPCG(11, 2026))
	for n := range 4 {
		moves := randomRepetitionGame(r, 40+r.IntN(40))
		aheadWorkers = 1
		want := repetitionJudgements(t, moves, identity, ruleset{}.NewGameJudge())
		aheadWorkers = 2
		got := repetitionJudgements(t, moves, identity, ruleset{}.NewGameJudge())
		if !reflect.DeepEqual(got, want) {
			t.Errorf("random game %d: the cycles judged ahead differ from those judged in turn", n)
		}
		cycles += len(want)
	}
	t.Logf("%d judgements compared", cycles)
}

// TestForesightSameJudgements: the classifications a game judge makes ahead for the
// cycles to come (Foresee) answer every move those cycles' judgements classify, and the
// judgements are exactly those made without them (work included), on random games with
// repetitions in every orientation.
func TestForesightSameJudgements(t *testing.T) {
	defer func(w int) { aheadWorkers = w }(aheadWorkers)
	r := rand.New(rand.NewPCG(13, 2026))
	cycles := 0
	for n := range 6 {
		moves := randomRepetitionGame(r, 40+r.IntN(40))
		for _, tr := range []transform{identity, mirrored, flipped} {
			aheadWorkers = 1
			want := repetitionJudgements(t, moves, tr, ruleset{}.NewGameJudge())
			g, bounds := repetitionGame(t, moves, tr)
			aheadWorkers = 2
			gj := &gameJudge{}
			gj.Foresee(context.Background(), g, bounds)
			for k, b := range bounds {
				aheadWorkers = 1
				j, _, err := judgeCounted(context.Background(), g, b.Start, b.End, &gj.cache)
				aheadWorkers = 2
				if err != nil {
					t.Fatal(err)
				}
				if gj.cache.searches > 0 {
					t.Fatalf("random game %d (%v), plies %d-%d: %d moves classified that Foresee had not", n, tr, b.Start, b.End, gj.cache.searches)
				}
				if !reflect.DeepEqual(j, want[k]) {
					t.Errorf("random game %d (%v), plies %d-%d: the judgement differs from one made without foresight", n, tr, b.Start, b.End)
				}
				cycles++
			}
		}
	}
	t.Logf("%d judgements compared", cycles)
}

// TestAheadStragglers: when the helpers of a batch start late (a thread the system has
// put aside), the caller's goroutine makes their classifications too, and the first of
// the two runs is kept: the judgements are exactly those made in turn, work included,
// whether the helper's run or the caller's wins (random games with repetitions, the
// helpers paused for random times around a classification's).
func TestAheadStragglers(t *testing.T) {
	defer func(w int) { aheadWorkers = w }(aheadWorkers)
	defer func() { helperPause = nil }()
	r := rand.New(rand.NewPCG(19, 2026))
	cycles := 0
	for n := range 6 {
		moves := randomRepetitionGame(r, 40+r.IntN(40))
		aheadWorkers = 1
		want := repetitionJudgements(t, moves, identity, ruleset{}.NewGameJudge())
		for _, pause := range []time.Duration{0, 20 * time.Microsecond, 200 * time.Microsecond, 2 * time.Millisecond} {
			helperPause = func() { time.Sleep(pause) }
			aheadWorkers = 3
			got := repetitionJudgements(t, moves, identity, ruleset{}.NewGameJudge())
			if !reflect.DeepEqual(got, want) {
				t.Errorf("random game %d, helpers paused %v: the judgements differ from those made in turn", n, pause)
			}
			cycles += len(got)
		}
	}
	t.Logf("%d judgements compared", cycles)
}

// blindRuleset is the ruleset with game judges that cannot be told the cycles to come.
type blindRuleset struct{ ruleset }

func (blindRuleset) NewGameJudge() xqrules.CycleJudge {
	return struct{ xqrules.CycleJudge }{&gameJudge{}}
}

// TestAdjudicateForesightSameReports: adjudicating a record with the classifications of
// its cycles made ahead, in parallel and in the batches a session tells the game judge
// about, gives exactly the report made without them, under policies that end the game at
// the third occurrence, let it go on, or forbid the move: seeded random games with
// repetitions and the first CCPD games (when the corpus is there).
func TestAdjudicateForesightSameReports(t *testing.T) {
	defer func(w int) { aheadWorkers = w }(aheadWorkers)
	aheadWorkers = 2
	var games []benchGame
	r := rand.New(rand.NewPCG(17, 2026))
	for range 40 {
		games = append(games, benchGame{xiangqi.StartPosition(), randomRepetitionGame(r, 60+r.IntN(60))})
	}
	if _, err := os.Stat(corpusPath); err == nil {
		corpus := loadCorpus(t)
		games = append(games, corpus[:min(len(corpus), 2000)]...)
	}
	policies := []arbiter.Policy{
		arbiter.DefaultPolicy(),
		{NaturalMoveLimit: -1, LossAtOccurrence: 4, DrawAtOccurrence: 100},
		{OnViolation: arbiter.ViolationForbid, LossAtOccurrence: 3, DrawAtOccurrence: 5},
	}
	judged := 0
	for gi, g := range games {
		for _, pol := range policies {
			got, err := xqrules.Adjudicate(New(), g.start, g.moves, pol)
			if err != nil {
				t.Fatal(err)
			}
			want, err := xqrules.Adjudicate(blindRuleset{}, g.start, g.moves, pol)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("game %d, policy %+v: the report differs from one made without foresight", gi, pol)
			}
			if got.Cycle != nil {
				judged++
			}
		}
	}
	t.Logf("%d games, %d reports with a cycle", len(games), judged)
}

// FuzzAdjudicateForesight: a seeded random game with repetitions, under a policy made of
// the fuzzer's numbers, gets the same report with foresight as without it
// (go test -fuzz FuzzAdjudicateForesight ./rules/chinese).
func FuzzAdjudicateForesight(f *testing.F) {
	f.Add(uint64(1), uint8(60), uint8(3), uint8(3), false)
	f.Add(uint64(2026), uint8(90), uint8(4), uint8(100), true)
	f.Fuzz(func(t *testing.T, seed uint64, plies, loss, draw uint8, forbid bool) {
		defer func(w int) { aheadWorkers = w }(aheadWorkers)
		aheadWorkers = 2
		r := rand.New(rand.NewPCG(seed, 2026))
		moves := randomRepetitionGame(r, 20+int(plies%100))
		pol := arbiter.Policy{LossAtOccurrence: 2 + int(loss%10), DrawAtOccurrence: 2 + int(draw%99), NaturalMoveLimit: -1}
		if forbid {
			pol.OnViolation = arbiter.ViolationForbid
		}
		got, err := xqrules.Adjudicate(New(), xiangqi.StartPosition(), moves, pol)
		if err != nil {
			t.Fatal(err)
		}
		want, err := xqrules.Adjudicate(blindRuleset{}, xiangqi.StartPosition(), moves, pol)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("seed %d, policy %+v: the report differs from one made without foresight", seed, pol)
		}
	})
}
