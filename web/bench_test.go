package web_test

import (
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/arbiter-xq/arbiter/internal/corpus"
	arbiterv1 "github.com/arbiter-xq/arbiter/proto/arbiter/v1"
	"github.com/arbiter-xq/arbiter/server"
	"google.golang.org/protobuf/encoding/protojson"
)

// BenchmarkFollowGameOverHTTP is what a site without gRPC pays to follow a game: one
// POST /v1/adjudicate with the moves so far after each move, over real HTTP, for the first
// 100 and 300 plies of long real games (CCPD corpus, read from ../shared at run time).
// The per-call time grows with the plies, since each call replays the whole history; the
// PlayGame stream's per-move cost does not (server.BenchmarkRPCStreamMove).
func BenchmarkFollowGameOverHTTP(b *testing.B) {
	path := corpus.Path(corpus.CCPDPath)
	if path == "" {
		b.Skip("shared corpus not found")
	}
	all, err := corpus.ReadCCPD(path, 5000)
	if err != nil {
		b.Fatal(err)
	}
	var long []corpus.Game
	for _, g := range all {
		if len(g.Moves) >= 300 && len(long) < 20 {
			long = append(long, g)
		}
	}
	if len(long) == 0 {
		b.Skip("no game of 300 plies in the corpus sample")
	}
	s := startSite(b, server.Config{})
	for _, id := range []string{"chinese", "asian"} {
		for _, plies := range []int{100, 300} {
			b.Run(fmt.Sprintf("%s/plies=%d", id, plies), func(b *testing.B) {
				bodies := make([]string, len(long))
				for i, g := range long {
					j, err := protojson.Marshal(&arbiterv1.AdjudicateRequest{Ruleset: id, Fen: g.FEN, Moves: g.Moves[:plies]})
					if err != nil {
						b.Fatal(err)
					}
					bodies[i] = string(j)
				}
				i := 0
				for b.Loop() {
					resp, err := http.Post(s.url+"/v1/adjudicate", "application/json", strings.NewReader(bodies[i%len(bodies)]))
					if err != nil {
						b.Fatal(err)
					}
					io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
					if resp.StatusCode != 200 {
						b.Fatalf("HTTP %d", resp.StatusCode)
					}
					i++
				}
			})
		}
	}
}
