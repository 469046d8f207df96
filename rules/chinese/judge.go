package chinese

import (
	"context"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/arbiter-xq/arbiter/rules/xqrules"
	"github.com/arbiter-xq/arbiter/xiangqi"
)

// Every move of a cycle is classified on its own, from the position before it, the move
// and the opponent's move just before (for 跟), in the canonical orientation of those
// three (orient.go), with its own work budget (budget.go): its nature is a function of
// them alone, the same in every orientation and in every cycle it belongs to. That is
// what lets a game keep the classifications it has made (plyCache): a move judged in
// one cycle is not searched again when the next occurrence, or a longer cycle, contains
// it, and the ruling is the same as without the cache.

// classifyMove classifies the move of f in the canonical orientation, from the cheapest
// tier that completes within the move's budget, and reports it in f's orientation.
func (c *classifier) classifyMove(f *plyFacts) (xqrules.PlyNature, workStats) {
	return c.classifyPlanned(f, canonicalOrientation(&f.before, f.move, f.prev))
}

// classifyPlanned is classifyIn, answered by the classification made ahead of its turn
// (classifyAhead) when there is one for f in the orientation o.
func (c *classifier) classifyPlanned(f *plyFacts, o orientation) (xqrules.PlyNature, workStats) {
	if r, ok := c.ahead[f.ply]; ok && r.view == o {
		delete(c.ahead, f.ply)
		c.followable, c.idleNature = r.followable, r.idleNature
		pn := r.pn
		pn.Ply = f.ply
		return pn, r.st
	}
	return c.classifyIn(f, o)
}

// aheadResult is a classification made ahead of its turn by classifyAhead: what
// classifyIn returned, the orientation it was made in, and the classifier's flags.
type aheadResult struct {
	pn                     xqrules.PlyNature
	st                     workStats
	view                   orientation
	followable, idleNature bool
	done                   bool
}

// aheadWorkers is the number of goroutines classifyAhead uses (0: GOMAXPROCS; 1: none,
// every move is classified in turn). Tests set it.
var aheadWorkers = 0

// aheadJob is a move judge will classify in full: its index among the plies and the
// orientation of the classification.
type aheadJob struct {
	i int
	o orientation
}

// classifyAhead makes, on up to GOMAXPROCS goroutines, the classifications the loop of
// judge is going to make in full (the moves the cache does not answer), and returns them
// by ply for classifyPlanned. A classification is a function of its move, position and
// orientation alone (each has its own tables and work budget), so making it ahead, on
// another goroutine, changes nothing in what it finds: the judgement is the same, move
// for move and unit for unit, as a sequential one; only the time to it is shorter, by up
// to the number of cores, when a cycle has several moves to search. It returns nil when
// there is nothing to share out. A classification that panics on a worker is dropped
// (judge then makes it on the caller's goroutine, where a panic is the caller's to
// recover).
//
// ctx is polled before every classification, by one goroutine at a time; once a poll
// says it has ended, nothing polls it again, no classification starts, and its error is
// returned.
func classifyAhead(ctx context.Context, plies []plyFacts, cache *plyCache) (map[int]aheadResult, error) {
	workers := aheadWorkerCount()
	if workers < 2 || len(plies) < 2 {
		return nil, nil
	}
	jobs := plannedClassifications(plies, cache)
	if len(jobs) < 2 {
		return nil, nil
	}
	results, err := runAhead(ctx, plies, jobs, workers, cache)
	if err != nil {
		return nil, err
	}
	out := make(map[int]aheadResult, len(jobs))
	for n, jb := range jobs {
		if results[n].done {
			out[plies[jb.i].ply] = results[n]
		}
	}
	return out, nil
}

// aheadWorkerCount is the number of goroutines classifications made ahead may use.
func aheadWorkerCount() int {
	if aheadWorkers != 0 {
		return aheadWorkers
	}
	return runtime.GOMAXPROCS(0)
}

// runAhead makes the classifications jobs of plies on up to workers goroutines (the
// caller's among them) and returns them in the order of jobs; one that panicked is not
// done. ctx is polled before every classification, by one goroutine at a time; once a
// poll says it has ended, nothing polls it again, no classification starts, and its
// error is returned.
//
// The caller's goroutine does not wait for the helpers: once no classification is left
// to start, it makes those still running on a helper itself, from the start, and the
// first of the two to finish is kept (both are the same classification: a function of
// its move, position and orientation alone); the other stops at its next unit of work
// (mateSearch.spend). A helper whose thread the system has put aside (other processes
// on the cores) then costs the batch no more than making its classification in turn
// would, instead of the time until the system runs that thread again, and the batch
// takes at most about as long as one goroutine making every classification. The
// helpers work on their own copy of their moves' facts, so that the caller may reuse
// plies as soon as runAhead returns, and put nothing but their kept results (and the
// answers of the 杀 questions, which any classification may keep) where the caller
// reads.
func runAhead(ctx context.Context, plies []plyFacts, jobs []aheadJob, workers int, cache *plyCache) ([]aheadResult, error) {
	workers = max(1, min(workers, len(jobs)))
	b := &aheadBatch{ctx: ctx, tasks: make([]aheadTask, len(jobs))}
	for n, jb := range jobs {
		b.tasks[n].f, b.tasks[n].o = plies[jb.i], jb.o
	}
	pause := helperPause
	for range workers - 1 {
		go func() {
			growStack()
			if pause != nil {
				pause()
			}
			b.work(cache)
		}()
	}
	b.work(cache)
	// Every classification has started; those a helper has not finished are made
	// again here (the helper's run stops when either is kept).
	for n := range b.tasks {
		if b.tasks[n].result.Load() == nil && b.goOn() {
			b.run(cache, n)
		}
	}
	// Whatever a helper still runs is of no use. over is set under mu, which goOn holds
	// while it polls: from here on no helper polls ctx, which the caller polls again
	// once this returns (so ctx is never polled by two goroutines at once, and a test's
	// count of polls stays the caller's).
	b.mu.Lock()
	b.over.Store(true)
	ended := b.ended
	b.mu.Unlock()
	if ended != nil {
		return nil, ended
	}
	results := make([]aheadResult, len(jobs))
	for n := range b.tasks {
		if r := b.tasks[n].result.Load(); r != nil {
			results[n] = *r
		}
	}
	return results, nil
}

// helperPause, when set (tests), is called by every helper of runAhead before it
// starts: a helper the system is slow to run.
var helperPause func()

// aheadBatch is the shared state of one runAhead: its classifications (tasks), the next
// one to start, and whether ctx has ended (ended, under mu) or the batch is over.
type aheadBatch struct {
	ctx   context.Context
	tasks []aheadTask
	next  atomic.Int32
	over  atomic.Bool
	mu    sync.Mutex
	ended error
}

// aheadTask is one classification of a batch: the move's facts (a copy of its own), the
// orientation, and the first result kept (nil until then).
type aheadTask struct {
	f      plyFacts
	o      orientation
	result atomic.Pointer[aheadResult]
}

// goOn polls ctx, once at a time, and reports whether the batch may start another
// classification.
func (b *aheadBatch) goOn() bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.over.Load() {
		return false // the batch is over: ctx is the caller's again
	}
	if b.ended == nil {
		b.ended = b.ctx.Err()
	}
	return b.ended == nil
}

// work makes the classifications not started yet, in turn, until there are none left.
func (b *aheadBatch) work(cache *plyCache) {
	for {
		n := int(b.next.Add(1)) - 1
		if n >= len(b.tasks) || b.over.Load() || !b.goOn() {
			return
		}
		b.run(cache, n)
	}
}

// run makes classification n and keeps it unless another run kept it first; it stops
// as soon as that happens (or the batch is over).
func (b *aheadBatch) run(cache *plyCache, n int) {
	t := &b.tasks[n]
	c := &classifier{mates: getMateSearch(), cache: cache}
	defer c.release()
	c.mates.halt = haltSignal{&t.result, &b.over}
	r := c.aheadOne(&t.f, t.o)
	if r.done {
		t.result.CompareAndSwap(nil, &r)
	}
}

// stackReserve is the stack a classification may need, which a helper takes at once
// (growStack).
const stackReserve = 48 << 10

// stackSink keeps growStack's frame from being optimised away.
var stackSink atomic.Int32

// growStack makes the calling goroutine's stack big enough for a classification in one
// step: a new goroutine's stack starts at a few KB and would otherwise double, copying
// itself, several times while the search deepens.
//
//go:noinline
func growStack() {
	var buf [stackReserve]byte
	i := uint32(stackSink.Load()) % stackReserve
	buf[i] = 1
	stackSink.Store(int32(buf[(i+1)%stackReserve]))
}

// aheadOne is one classification of classifyAhead; a panic leaves it not done.
func (c *classifier) aheadOne(f *plyFacts, o orientation) (r aheadResult) {
	defer func() {
		if recover() != nil {
			r = aheadResult{}
			c.mates = newMateSearch() // the tables may be half-written
		}
	}()
	pn, st := c.classifyIn(f, o)
	if c.mates.halted {
		return aheadResult{} // stopped: another run was kept
	}
	return aheadResult{pn, st, o, c.followable, c.idleNature, true}
}

// plannedClassifications lists the moves of plies that judge will classify in full, in
// order: without a cache every move; with one, the moves whose classification neither
// the cache nor an earlier move of plies answers (as classifyCached will find them). It
// returns fewer than two only when there is nothing to share out, and looks at the
// orientation of a move (the costly part) only when there are two or more.
func plannedClassifications(plies []plyFacts, cache *plyCache) []aheadJob {
	var jobs []aheadJob
	for i := range plies {
		if cache != nil {
			k := plies[i].key()
			if _, hit := cache.get(k); hit || earlierKey(plies[:i], k) {
				continue // answered by the cache, or by the same move earlier in plies
			}
		}
		jobs = append(jobs, aheadJob{i: i})
	}
	if len(jobs) < 2 {
		return jobs
	}
	out := jobs[:0]
	for _, jb := range jobs {
		f := &plies[jb.i]
		jb.o = canonicalOrientation(&f.before, f.move, f.prev)
		if cache != nil {
			// The same position and move after another opponent's move is answered by
			// the classification of the last of them made (in plies, or before it),
			// when it was made in the same orientation.
			bk := f.key().base()
			view, known := orientation(0), false
			for _, e := range slices.Backward(out) {
				if plies[e.i].key().base() == bk {
					view, known = e.o, true
					break
				}
			}
			if !known {
				if b, ok := cache.getBase(bk); ok {
					view, known = b.view, true
				}
			}
			if known && view == jb.o {
				continue
			}
		}
		out = append(out, jb)
	}
	return out
}

// earlierKey reports whether a move of plies has the key k (by pointer: a plyFacts
// holds two positions).
func earlierKey(plies []plyFacts, k plyKey) bool {
	for i := range plies {
		if plies[i].key() == k {
			return true
		}
	}
	return false
}

// oriented returns f seen in the orientation o.
func oriented(f *plyFacts, o orientation) plyFacts {
	cf := *f
	if o != 0 {
		cf.before, cf.after = o.position(&f.before), o.position(&f.after)
		cf.move, cf.prev, cf.prevTo = o.move(f.move), o.move(f.prev), o.sq(f.prevTo)
		cf.mover, cf.moved = o.color(f.mover), o.piece(f.moved)
	}
	cf.view = o
	return cf
}

// classifyIn is classifyMove in the orientation o. c.followable and c.idleNature are
// those of the tier that completed.
func (c *classifier) classifyIn(f *plyFacts, o orientation) (xqrules.PlyNature, workStats) {
	cf := oriented(f, o)
	c.mates.reset()
	var st workStats
	for tier := tierFull; ; tier++ {
		c.mates.restart(tier, workPerMove)
		pn := c.classify(&cf)
		st.tier, st.work, st.total = tier, c.mates.work, st.total+c.mates.work
		if c.mates.halted {
			return pn, st // stopped (runAhead): the caller drops it
		}
		if !c.mates.over || tier == tierBare {
			if o != 0 {
				pn = o.plyNature(pn) // a fresh classification needs no copy otherwise
			}
			pn.Ply = f.ply
			return pn, st
		}
	}
}

// classifyCached is classifyMove through the game's cache (nil: no cache).
//
// A move met again after another opponent's move (the first move of a cycle, when the
// cycle comes round again) is not searched again either: in the same canonical
// orientation, the classification is the same search on the same position and move,
// with the same work; only the 跟 question (followKind) looks at the move before, and it
// is asked again with the new one.
func (c *classifier) classifyCached(f *plyFacts) (xqrules.PlyNature, workStats) {
	cache := c.cache
	if cache == nil {
		return c.classifyMove(f)
	}
	k := f.key()
	if r, ok := cache.get(k); ok {
		pn := identityCopy(r.pn)
		pn.Ply = f.ply
		return pn, r.st
	}
	o := canonicalOrientation(&f.before, f.move, f.prev)
	if b, ok := cache.getBase(k.base()); ok && b.view == o {
		pn := identityCopy(b.pn)
		if b.followable {
			cf := oriented(f, o)
			kind, note := followKind(&cf)
			pn.All[len(pn.All)-1] = kind
			if b.idleNature {
				pn.Nature, pn.Note = kind, note
			}
		}
		pn.Ply = f.ply
		cache.put(k, plyResult{identityCopy(pn), b.st})
		return pn, b.st
	}
	cache.searched()
	pn, st := c.classifyPlanned(f, o)
	cache.keep(k, pn, st, o, c.followable, c.idleNature)
	return pn, st
}

// identityCopy copies a classification so that the cache and the caller share nothing.
func identityCopy(pn xqrules.PlyNature) xqrules.PlyNature { return orientation(0).plyNature(pn) }

// plyKey identifies a move to classify: the position before it, the move, and the
// opponent's move just before (0 when none).
type plyKey struct {
	hash       uint64
	move, prev xiangqi.Move
}

// key identifies the move of f.
func (f *plyFacts) key() plyKey { return plyKey{f.before.Hash(), f.move, f.prev} }

// base is k without the opponent's move before: the key of the cache's base table.
func (k plyKey) base() plyKey { return plyKey{hash: k.hash, move: k.move} }

type plyResult struct {
	pn xqrules.PlyNature
	st workStats
}

// baseResult is a classification kept for the same position and move after another
// opponent's move: the orientation it was made in, whether its 跟 question is to be
// asked again (followable) and whether its nature is that answer (idleNature).
type baseResult struct {
	plyResult
	view                   orientation
	followable, idleNature bool
}

// maxScratchPlies bounds the facts buffer a game keeps (plyCache.giveScratch): a few
// cycles' worth, about 40 KB.
const maxScratchPlies = 64

// maxCachedPlies bounds the classifications one game keeps (a few hundred bytes each);
// when full, the cache starts again empty.
const maxCachedPlies = 4096

// plyCache holds the classifications of one game's moves. It is safe for concurrent
// use.
type plyCache struct {
	mu sync.Mutex
	m  map[plyKey]plyResult
	// base is keyed by the position and the move alone (prev 0).
	base map[plyKey]baseResult
	// searches counts the classifications the cache did not answer.
	searches int
	// mateAnswers holds the answers to the 杀 questions of the game's moves
	// (classifier.threatens), by positionKey.
	mateAnswers map[uint64]bool
	// scratch is the facts buffer of the game's judgements (takeScratch): a long
	// shuffling game judges a cycle at every repetition.
	scratch []plyFacts
}

// takeScratch returns an empty facts buffer with room for n plies: the cache's, when no
// other judgement holds it, or a new one (pc nil: no cache).
func (pc *plyCache) takeScratch(n int) []plyFacts {
	if pc == nil {
		return make([]plyFacts, 0, n)
	}
	pc.mu.Lock()
	defer pc.mu.Unlock()
	if cap(pc.scratch) < n {
		return make([]plyFacts, 0, n) // the kept one stays for the judgements it fits
	}
	buf := pc.scratch
	pc.scratch = nil
	return buf[:0]
}

// giveScratch hands the buffer back once its judgement is over: nothing it made keeps
// a reference to the facts. A buffer grown past maxScratchPlies is let go, so that a
// stream kept open long holds little.
func (pc *plyCache) giveScratch(buf []plyFacts) {
	if pc == nil || cap(buf) > maxScratchPlies {
		return
	}
	pc.mu.Lock()
	if cap(buf) >= cap(pc.scratch) {
		pc.scratch = buf
	}
	pc.mu.Unlock()
}

// mateAnswer returns the kept answer to the 杀 question of the position with key k.
func (pc *plyCache) mateAnswer(k uint64) (v, ok bool) {
	if pc == nil {
		return false, false
	}
	pc.mu.Lock()
	defer pc.mu.Unlock()
	v, ok = pc.mateAnswers[k]
	return v, ok
}

// putMateAnswer keeps the answer to the 杀 question of the position with key k.
func (pc *plyCache) putMateAnswer(k uint64, v bool) {
	if pc == nil {
		return
	}
	pc.mu.Lock()
	defer pc.mu.Unlock()
	if pc.mateAnswers == nil || len(pc.mateAnswers) >= maxCachedPlies {
		pc.mateAnswers = make(map[uint64]bool)
	}
	pc.mateAnswers[k] = v
}

func (pc *plyCache) searched() {
	pc.mu.Lock()
	defer pc.mu.Unlock()
	pc.searches++
}

// keep records a classification made in the orientation view for the move and
// previous move of k, and for the same position and move after another one (base).
func (pc *plyCache) keep(k plyKey, pn xqrules.PlyNature, st workStats, view orientation, followable, idleNature bool) {
	// One copy serves both tables: an entry is never changed, only copied out.
	r := plyResult{identityCopy(pn), st}
	pc.put(k, r)
	pc.putBase(k.base(), baseResult{r, view, followable, idleNature})
}

func (pc *plyCache) get(k plyKey) (plyResult, bool) {
	pc.mu.Lock()
	defer pc.mu.Unlock()
	r, ok := pc.m[k]
	return r, ok
}

func (pc *plyCache) put(k plyKey, r plyResult) {
	pc.mu.Lock()
	defer pc.mu.Unlock()
	if pc.m == nil || len(pc.m) >= maxCachedPlies {
		pc.m = make(map[plyKey]plyResult)
	}
	pc.m[k] = r
}

func (pc *plyCache) getBase(k plyKey) (baseResult, bool) {
	pc.mu.Lock()
	defer pc.mu.Unlock()
	r, ok := pc.base[k]
	return r, ok
}

func (pc *plyCache) putBase(k plyKey, r baseResult) {
	pc.mu.Lock()
	defer pc.mu.Unlock()
	if pc.base == nil || len(pc.base) >= maxCachedPlies {
		pc.base = make(map[plyKey]baseResult)
	}
	pc.base[k] = r
}

// gameJudge judges the cycles of one game, keeping the classifications of the moves it
// has judged (see NewGameJudge).
type gameJudge struct {
	cache plyCache
}

// NewGameJudge returns a judge for the cycles of one game (xqrules.GameJudger): it
// rules exactly like JudgeCycle, and keeps what it learnt about the game's moves, so
// that the cycles of a long shuffling game, judged at every repetition, cost about one
// classification per distinct move.
func (ruleset) NewGameJudge() xqrules.CycleJudge { return &gameJudge{} }

func (gj *gameJudge) JudgeCycle(ctx context.Context, g *xiangqi.Game, start, end int) (xqrules.Judgement, error) {
	if g == nil || start < 0 || end > g.Len() || start >= end {
		return xqrules.Judgement{}, nil
	}
	j, _, err := judgeCounted(ctx, g, start, end, &gj.cache)
	return j, err
}

// Foresees reports whether Foresee makes anything ahead: only with two cores or more
// (xqrules.Foreseer).
func (gj *gameJudge) Foresees() bool { return aheadWorkerCount() >= 2 }

// Foresee makes ahead, on up to GOMAXPROCS goroutines, the classifications that the
// judgements of cycles will need and that the game's cache does not hold yet, and puts
// them in the cache (xqrules.Foreseer). Each is a function of its move, position and
// orientation alone, so the judgements that find them there are the same as without
// them; only sooner. A cycle longer than xqrules.MaxCyclePlies (judged without
// classifying, judgeLong) is left out. On one core it does nothing: there is nothing to
// gain from making the classifications before their turn.
func (gj *gameJudge) Foresee(ctx context.Context, g *xiangqi.Game, cycles []xqrules.CycleBounds) {
	foresee(ctx, g, cycles, &gj.cache)
}

// foresee is Foresee for the game whose classifications cache keeps.
func foresee(ctx context.Context, g *xiangqi.Game, cycles []xqrules.CycleBounds, cache *plyCache) {
	workers := aheadWorkerCount()
	if workers < 2 || g == nil {
		return
	}
	usable := func(cy xqrules.CycleBounds) bool {
		return cy.Start >= 0 && cy.End <= g.Len() && cy.Start < cy.End && cy.End-cy.Start <= xqrules.MaxCyclePlies
	}
	lo, hi := g.Len(), 0
	for _, cy := range cycles {
		if usable(cy) {
			lo, hi = min(lo, cy.Start), max(hi, cy.End)
		}
	}
	if hi-lo < 2 {
		return
	}
	in := make([]bool, hi-lo) // by ply from lo: in a cycle
	n := 0
	for _, cy := range cycles {
		if usable(cy) {
			for i := cy.Start; i < cy.End; i++ {
				if !in[i-lo] {
					in[i-lo] = true
					n++
				}
			}
		}
	}
	if n < 2 {
		return
	}
	plies := cache.takeScratch(n)
	defer func() { cache.giveScratch(plies) }()
	cur := g.PositionAt(lo)
	for i := lo; i < hi; i++ {
		if !in[i-lo] {
			cur.MakeMove(g.Ply(i).Move)
			continue
		}
		plies = append(plies, nextFacts(g, i, &cur))
	}
	jobs := plannedClassifications(plies, cache)
	if len(jobs) < 2 {
		return
	}
	results, err := runAhead(ctx, plies, jobs, workers, cache)
	if err != nil {
		return
	}
	for n, jb := range jobs {
		r := &results[n]
		if !r.done {
			continue
		}
		f := &plies[jb.i]
		cache.keep(f.key(), r.pn, r.st, r.view, r.followable, r.idleNature)
	}
}
