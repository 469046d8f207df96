package server_test

import (
	"context"
	"runtime"
	"strconv"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/chushogi/chutest"
	arbiterv1 "github.com/arbiter-xq/arbiter/proto/arbiter/v1"
	"github.com/arbiter-xq/arbiter/rules/chu"
	"github.com/arbiter-xq/arbiter/server"
)

// A Compare whose answer is over the response limit stops as soon as the rulesets
// ruled so far are over it, and one that must be over it is refused before the work
// (issue 29, finding 4: 16 chu shogi rulesets over a 4,000-ply record allocated 210 MB
// before ResourceExhausted).
func TestCompareStopsAtTheLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("replays a 4,000-ply game")
	}
	reg := &arbiter.Registry{}
	for _, r := range chu.All() {
		if err := reg.Register(r); err != nil {
			t.Fatal(err)
		}
	}
	srv, err := server.New(server.Config{}, reg, nil, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	moves, err := chutest.ReversibleWalk(4000)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for i := range 16 {
		ids = append(ids, "chu-jcsa2004+chu.repetition.min_window="+strconv.Itoa(i))
	}
	req := &arbiterv1.CompareRequest{Rulesets: ids, Fen: chutest.WalkStart, Moves: moves}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	_, err = srv.Compare(context.Background(), req)
	runtime.ReadMemStats(&after)
	allocated := after.TotalAlloc - before.TotalAlloc
	t.Logf("16 rulesets over 4,000 plies: %v; %.1f MiB allocated", status.Code(err), float64(allocated)/mib)
	if status.Code(err) != codes.ResourceExhausted {
		t.Fatalf("16 rulesets over 4,000 plies: %v, want ResourceExhausted", err)
	}
	// Each chu ruleset allocates about 14 MiB over this record and answers about 0.5 MB:
	// the limit (4 MiB) is passed at the ninth ruleset (all 16 allocated 235 MiB).
	if bound := uint64(150 * mib); allocated > bound {
		t.Errorf("the refused comparison allocated %.1f MiB, over %.0f MiB", float64(allocated)/mib, float64(bound)/mib)
	}
}
