package server_test

import (
	"strings"
	"testing"

	arbiterv1 "github.com/arbiter-xq/arbiter/proto/arbiter/v1"
	"google.golang.org/grpc/codes"
)

// TestAdjudicatePictures: the pictures come only when asked for; the ruling's picture
// has the cycle's four arrows and the verdict; ply pictures are one per step.
func TestAdjudicatePictures(t *testing.T) {
	transports(t, envOptions{}, func(t *testing.T, e *env) {
		plain, err := e.client.Adjudicate(ctxT(t), &arbiterv1.AdjudicateRequest{Ruleset: "chinese", Fen: checkFEN, Moves: fields(checkMoves)})
		if err != nil {
			t.Fatal(err)
		}
		if plain.GetSvg() != "" || len(plain.GetPlySvgs()) != 0 {
			t.Error("pictures sent without being asked for")
		}
		resp, err := e.client.Adjudicate(ctxT(t), &arbiterv1.AdjudicateRequest{Ruleset: "chinese", Fen: checkFEN,
			Moves: fields(checkMoves), Svg: true, PlySvgs: true})
		if err != nil {
			t.Fatal(err)
		}
		svg := resp.GetSvg()
		if !strings.HasPrefix(svg, "<svg ") || strings.Count(svg, `<g class="arrow" `) != 4 || !strings.Contains(svg, "RED MUST CHANGE") {
			t.Errorf("ruling picture: %.300s", svg)
		}
		if n := len(resp.GetPlySvgs()); n != 5 {
			t.Errorf("%d ply pictures, want 5 (start + 4 plies)", n)
		}
	})
}

func TestAdjudicatePlyPicturesTooLong(t *testing.T) {
	transports(t, envOptions{}, func(t *testing.T, e *env) {
		// The longest history allowed, with all 32 pieces on the board, fits in a
		// response a default gRPC client accepts.
		longest := strings.Repeat("h2e2 h9g7 e2h2 g7h9 ", 37) + "h2e2 h9g7"
		resp, err := e.client.Adjudicate(ctxT(t), &arbiterv1.AdjudicateRequest{Ruleset: "chinese", Moves: fields(longest), PlySvgs: true})
		if err != nil || len(resp.GetPlySvgs()) != 151 {
			t.Fatalf("150 plies with pictures: %v", err)
		}
		moves := strings.Repeat("h2e2 h9g7 e2h2 g7h9 ", 38)
		_, err = e.client.Adjudicate(ctxT(t), &arbiterv1.AdjudicateRequest{Ruleset: "chinese", Moves: fields(moves), PlySvgs: true})
		wantFieldError(t, err, codes.ResourceExhausted, "ply_svgs", "HISTORY_TOO_LONG")
	})
}
