package server_test

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/proto"

	"github.com/arbiter-xq/arbiter/apiconv"
	"github.com/arbiter-xq/arbiter/internal/corpus"
	arbiterv1 "github.com/arbiter-xq/arbiter/proto/arbiter/v1"
	"github.com/arbiter-xq/arbiter/record"
)

// checkXQF is the history of checkFEN and checkMoves written as an XQF 1.0 file.
func checkXQF(t *testing.T) []byte {
	t.Helper()
	pgnText := `[Event "record test"]
[FEN "` + checkFEN + `"]

1. f0e0 e8f8 2. e0f0 f8e8 *
`
	games, err := record.Read("check.pgn", []byte(pgnText), record.Options{})
	if err != nil || len(games) != 1 {
		t.Fatalf("%d games, %v", len(games), err)
	}
	var buf bytes.Buffer
	if _, err := record.WriteXQF(&buf, games[0]); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// A record in the request is ruled as the same history given as fen and moves, and the
// response names the game it read; Compare takes it too.
func TestAdjudicateRecord(t *testing.T) {
	data := checkXQF(t)
	transports(t, envOptions{}, func(t *testing.T, e *env) {
		want, err := e.client.Adjudicate(ctxT(t), &arbiterv1.AdjudicateRequest{Ruleset: "chinese", Fen: checkFEN, Moves: fields(checkMoves)})
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range []arbiterv1.RecordFormat{arbiterv1.RecordFormat_RECORD_FORMAT_UNSPECIFIED, arbiterv1.RecordFormat_RECORD_FORMAT_XQF} {
			got, err := e.client.Adjudicate(ctxT(t), &arbiterv1.AdjudicateRequest{Ruleset: "chinese",
				Record: &arbiterv1.GameRecord{Data: data, Format: f}})
			if err != nil {
				t.Fatalf("%v: %v", f, err)
			}
			if got.GetSource().GetIndex() != 1 || got.GetSource().GetTags()["Event"] != "record test" {
				t.Errorf("%v: source %v", f, got.GetSource())
			}
			got.Source = nil
			if !proto.Equal(got, want) {
				t.Errorf("%v: the record's ruling differs from the history's:\n%v\n%v", f, got, want)
			}
		}
		// The second game of a PGN, and the CBL library of the fixtures (its index holds
		// more entries than the game asked for).
		two := []byte("[Event \"a\"]\n\n1. h2e2 *\n\n[Event \"b\"]\n\n1. h2e2 h9g7 *\n")
		got, err := e.client.Adjudicate(ctxT(t), &arbiterv1.AdjudicateRequest{Ruleset: "chinese", Record: &arbiterv1.GameRecord{Data: two, Game: 2}})
		if err != nil || len(got.GetPlies()) != 2 || got.GetSource().GetTags()["Event"] != "b" {
			t.Errorf("game 2 of a PGN: %v %v", got.GetSource(), err)
		}
		if lib, err := os.ReadFile(corpus.Path("corpus/formats/cbl/walker8088-cchess/1981年承德十一省市邀请赛188局.CBL")); err == nil {
			got, err := e.client.Adjudicate(ctxT(t), &arbiterv1.AdjudicateRequest{Ruleset: "chinese",
				Record: &arbiterv1.GameRecord{Data: lib, Game: 3, Format: arbiterv1.RecordFormat_RECORD_FORMAT_CBL}})
			if err != nil || got.GetSource().GetIndex() != 3 || len(got.GetPlies()) == 0 {
				t.Errorf("game 3 of a CBL: %v %v", got.GetSource(), err)
			}
		}
		cmp, err := e.client.Compare(ctxT(t), &arbiterv1.CompareRequest{Rulesets: []string{"chinese", "asian"},
			Record: &arbiterv1.GameRecord{Data: data}})
		if err != nil || len(cmp.GetAdjudications()) != 2 || cmp.GetAdjudications()[0].GetSource().GetIndex() != 1 {
			t.Errorf("Compare with a record: %v %v", cmp, err)
		}
	})
}

// A record that cannot be ruled is INVALID_ARGUMENT on the field at fault, with the
// game, ply and offset in the metadata.
func TestAdjudicateRecordErrors(t *testing.T) {
	data := checkXQF(t)
	// A DhtmlXQ main line whose third move is illegal (a rook moving through a piece).
	const badUBB = "[DhtmlXQ][DhtmlXQ_movelist]774770620949[/DhtmlXQ_movelist][/DhtmlXQ]"
	e := start(t, envOptions{})
	tests := []struct {
		name   string
		req    *arbiterv1.AdjudicateRequest
		field  string
		reason string
		meta   map[string]string
	}{
		{"record and moves", &arbiterv1.AdjudicateRequest{Ruleset: "chinese", Moves: []string{"h2e2"}, Record: &arbiterv1.GameRecord{Data: data}}, "record", "", nil},
		{"binary", &arbiterv1.AdjudicateRequest{Ruleset: "chinese", Record: &arbiterv1.GameRecord{Data: []byte("\x00\x01\x02garbage")}}, "record.data", apiconv.CodeInvalidRecord, nil},
		{"no such game", &arbiterv1.AdjudicateRequest{Ruleset: "chinese", Record: &arbiterv1.GameRecord{Data: data, Game: 2}}, "record.game", apiconv.CodeInvalidRecord, nil},
		{"bad path", &arbiterv1.AdjudicateRequest{Ruleset: "chinese", Record: &arbiterv1.GameRecord{Data: data, Variation: "nonsense"}}, "record.variation", apiconv.CodeInvalidRecord, nil},
		{"no such line", &arbiterv1.AdjudicateRequest{Ruleset: "chinese", Record: &arbiterv1.GameRecord{Data: data, Variation: "ply 2 alt 2"}}, "record.variation", apiconv.CodeInvalidRecord, nil},
		{"illegal move", &arbiterv1.AdjudicateRequest{Ruleset: "chinese", Record: &arbiterv1.GameRecord{Data: []byte(badUBB)}}, "record.data", apiconv.CodeInvalidRecord,
			map[string]string{"game": "1", "line": "main", "ply": "3", "offset": "8", "offset_of": "character"}},
		{"XQF named, DhtmlXQ given", &arbiterv1.AdjudicateRequest{Ruleset: "chinese", Record: &arbiterv1.GameRecord{Data: []byte(badUBB), Format: arbiterv1.RecordFormat_RECORD_FORMAT_XQF}}, "record.data", apiconv.CodeInvalidRecord, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := e.client.Adjudicate(ctxT(t), tt.req)
			st := wantFieldError(t, err, codes.InvalidArgument, tt.field, tt.reason)
			for _, d := range st.Details() {
				if info, ok := d.(*errdetails.ErrorInfo); ok {
					for k, v := range tt.meta {
						if info.GetMetadata()[k] != v {
							t.Errorf("metadata %s = %q, want %q (%v)", k, info.GetMetadata()[k], v, info.GetMetadata())
						}
					}
				}
			}
			if strings.Contains(st.Message(), "\x00") {
				t.Errorf("the message echoes binary data: %q", st.Message())
			}
		})
	}
}
