package server_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/internal/worstcase"
	arbiterv1 "github.com/arbiter-xq/arbiter/proto/arbiter/v1"
	"github.com/arbiter-xq/arbiter/rules/asian"
	"github.com/arbiter-xq/arbiter/rules/chinese"
	"github.com/arbiter-xq/arbiter/rules/xqrules"
	"github.com/arbiter-xq/arbiter/xiangqi"
	"google.golang.org/grpc/codes"
)

// longCyclePlies is how much of the long-cycle history (issue 9 finding 11) the
// service sees: under the largest natural move limit (1000 moves) the game is drawn at
// ply 2000, after 528 judgements of 1,472-ply cycles.
const longCyclePlies = 2 * arbiter.MaxNaturalMoveLimit

func longCycleStart(id string) *arbiterv1.GameStart {
	return &arbiterv1.GameStart{Ruleset: id, Fen: worstcase.LongCycleFEN, Moves: worstcase.LongCycle(longCyclePlies),
		Policy: &arbiterv1.Policy{NaturalMoveLimit: arbiter.MaxNaturalMoveLimit}}
}

// BenchmarkLongCycleRequest measures the long-cycle history as one Adjudicate request
// and as the start of a PlayGame stream, under each ruleset.
func BenchmarkLongCycleRequest(b *testing.B) {
	e := start(b, envOptions{})
	for _, id := range []string{"chinese", "asian"} {
		gs := longCycleStart(id)
		b.Run("Adjudicate/"+id, func(b *testing.B) {
			req := &arbiterv1.AdjudicateRequest{Ruleset: id, Fen: gs.Fen, Moves: gs.Moves, Policy: gs.Policy}
			for b.Loop() {
				if _, err := e.client.Adjudicate(context.Background(), req); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("StreamStart/"+id, func(b *testing.B) {
			for b.Loop() {
				ctx, cancel := context.WithCancel(context.Background())
				st, err := e.client.PlayGame(ctx)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := send(st, &arbiterv1.PlayGameRequest{Input: &arbiterv1.PlayGameRequest_Start{Start: gs}}); err != nil {
					b.Fatal(err)
				}
				cancel()
			}
		})
	}
}

// leaving is a ruleset that makes the client leave during its first judgement: it
// cancels the client's stream, waits until the server's context for the judgement has
// ended, and then judges (as chinese) with that context. It records every judgement
// asked of it and what each returned.
type leaving struct {
	inner xqrules.Ruleset
	leave context.CancelFunc
	mu    sync.Mutex
	errs  []error
}

func (l *leaving) Info() arbiter.RulesetInfo {
	i := l.inner.Info()
	i.ID = "leaving"
	return i
}

func (l *leaving) JudgeCycle(ctx context.Context, g *xiangqi.Game, start, end int) (xqrules.Judgement, error) {
	l.mu.Lock()
	first := len(l.errs) == 0
	l.mu.Unlock()
	if first {
		l.leave()
		select {
		case <-ctx.Done():
		case <-time.After(time.Minute): // the test fails below: the server never saw the client leave
		}
	}
	j, err := l.inner.JudgeCycle(ctx, g, start, end)
	l.mu.Lock()
	l.errs = append(l.errs, err)
	l.mu.Unlock()
	return j, err
}

// TestLeftStreamStopsAtOnce: when the client of a stream leaves while the start's
// history is being judged, the judgement under way returns context.Canceled and no
// other judgement starts: the server stops working for it at once.
func TestLeftStreamStopsAtOnce(t *testing.T) {
	ctx, cancel := context.WithCancel(ctxT(t))
	defer cancel()
	l := &leaving{inner: chinese.New(), leave: cancel}
	e := start(t, envOptions{reg: registryOf(t, asian.New(), l)})
	st, err := e.client.PlayGame(ctx)
	if err != nil {
		t.Fatal(err)
	}
	_, err = send(st, &arbiterv1.PlayGameRequest{Input: &arbiterv1.PlayGameRequest_Start{Start: longCycleStart("leaving")}})
	if statusCode(err) != codes.Canceled {
		t.Errorf("the client sees %v, want Canceled", err)
	}
	eventually(t, "the stream ends on the server", func() bool { return metricValue(t, e.metrics, "arbiter_active_streams", nil) == 0 })
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.errs) != 1 || l.errs[0] != context.Canceled {
		t.Errorf("judgements after the client left: %v, want exactly one, returning context.Canceled", l.errs)
	}
}
