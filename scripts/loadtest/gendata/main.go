// Command gendata writes ghz request data for arbiter.v1.ArbiterService.Adjudicate: a
// JSON array of AdjudicateRequest messages (protobuf JSON), one per real game of the
// shared CCPD corpus. ghz sends the array's elements round-robin, one per call.
//
//	go run ./scripts/loadtest/gendata -games 1000 -ruleset chinese > requests.json
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"

	"github.com/arbiter-xq/arbiter/internal/corpus"
	arbiterv1 "github.com/arbiter-xq/arbiter/proto/arbiter/v1"
	"github.com/arbiter-xq/arbiter/xiangqi"
	"google.golang.org/protobuf/encoding/protojson"
)

func main() {
	games := flag.Int("games", 1000, "number of corpus games")
	ruleset := flag.String("ruleset", "chinese", "ruleset id")
	flag.Parse()
	if err := run(*games, *ruleset); err != nil {
		fmt.Fprintln(os.Stderr, "gendata:", err)
		os.Exit(1)
	}
}

func run(n int, ruleset string) error {
	path := corpus.Path(corpus.CCPDPath)
	if path == "" {
		return fmt.Errorf("shared corpus %s not found (set ARBITER_SHARED)", corpus.CCPDPath)
	}
	games, err := corpus.ReadCCPD(path, n)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(os.Stdout)
	w.WriteString("[")
	i, skipped := 0, 0
	for _, g := range games {
		// A few databases have start positions with a piece on a point it can never
		// reach; the service rejects them (INVALID_FEN), so the load leaves them out.
		if _, err := xiangqi.ParseFEN(g.FEN); err != nil {
			skipped++
			continue
		}
		b, err := protojson.Marshal(&arbiterv1.AdjudicateRequest{Ruleset: ruleset, Fen: g.FEN, Moves: g.Moves})
		if err != nil {
			return err
		}
		if i > 0 {
			w.WriteString(",\n")
		}
		w.Write(b)
		i++
	}
	w.WriteString("]\n")
	if skipped > 0 {
		fmt.Fprintf(os.Stderr, "gendata: left out %d games whose start FEN the service rejects\n", skipped)
	}
	return w.Flush()
}
