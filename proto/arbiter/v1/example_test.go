package arbiterv1_test

import (
	"encoding/json"
	"fmt"

	"google.golang.org/protobuf/encoding/protojson"

	arbiterv1 "github.com/arbiter-xq/arbiter/proto/arbiter/v1"
)

// The CLI's `judge --json` prints an AdjudicateResponse as protobuf JSON: the ruling of the
// latest cycle is under ruling.verdict and the game result under result.
func ExampleAdjudicateResponse() {
	resp := &arbiterv1.AdjudicateResponse{
		Ruleset: "chinese",
		Ruling: &arbiterv1.Ruling{
			Verdict:         arbiterv1.Verdict_VERDICT_RED_MUST_CHANGE,
			ResponsibleSide: arbiterv1.Side_SIDE_RED,
		},
		Result: arbiterv1.Result_RESULT_ONGOING,
		Status: arbiterv1.GameStatus_GAME_STATUS_RULING_WARNING,
	}
	b, err := protojson.Marshal(resp)
	if err != nil {
		panic(err)
	}
	// protojson's spacing is deliberately unstable, so read the keys back as plain JSON.
	var m struct {
		Ruling struct {
			Verdict string `json:"verdict"`
		} `json:"ruling"`
		Result string `json:"result"`
	}
	if err := json.Unmarshal(b, &m); err != nil {
		panic(err)
	}
	fmt.Println(m.Ruling.Verdict, m.Result)
	// Output: VERDICT_RED_MUST_CHANGE RESULT_ONGOING
}

// A game stream opens with a GameStart, then sends one move per message.
func ExamplePlayGameRequest() {
	reqs := []*arbiterv1.PlayGameRequest{
		{Input: &arbiterv1.PlayGameRequest_Start{Start: &arbiterv1.GameStart{Ruleset: "asian"}}},
		{Input: &arbiterv1.PlayGameRequest_Move{Move: "h2e2"}},
		{Input: &arbiterv1.PlayGameRequest_Move{Move: "马８进７"}},
	}
	for _, r := range reqs {
		switch in := r.GetInput().(type) {
		case *arbiterv1.PlayGameRequest_Start:
			fmt.Println("start", in.Start.GetRuleset())
		case *arbiterv1.PlayGameRequest_Move:
			fmt.Println("move", in.Move)
		}
	}
	// Output:
	// start asian
	// move h2e2
	// move 马８进７
}
