package server_test

import (
	"strings"
	"testing"

	arbiterv1 "github.com/arbiter-xq/arbiter/proto/arbiter/v1"
	"google.golang.org/grpc/codes"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	rpb "google.golang.org/grpc/reflection/grpc_reflection_v1"
	"google.golang.org/protobuf/proto"
)

// A perpetual check: the red rook checks from e0 and f0, the black king steps aside.
const (
	checkFEN   = "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 0 1"
	checkMoves = "f0e0 e8f8 e0f0 f8e8"
)

func TestAdjudicate(t *testing.T) {
	transports(t, envOptions{}, func(t *testing.T, e *env) {
		for _, rs := range rulesets() {
			id := rs.Info().ID
			resp, err := e.client.Adjudicate(ctxT(t), &arbiterv1.AdjudicateRequest{
				Ruleset: id, Fen: checkFEN, Moves: fields(checkMoves)})
			if err != nil {
				t.Fatalf("%s: %v", id, err)
			}
			if resp.GetRuleset() != id || len(resp.GetPlies()) != 4 ||
				resp.GetRuling().GetVerdict() != arbiterv1.Verdict_VERDICT_RED_MUST_CHANGE ||
				resp.GetStatus() != arbiterv1.GameStatus_GAME_STATUS_RULING_WARNING ||
				resp.GetResult() != arbiterv1.Result_RESULT_ONGOING ||
				resp.GetPlies()[0].GetMove().GetChinese() != "车四平五" {
				t.Errorf("%s: %v", id, resp)
			}
			// The same history in WXF and Chinese gives the same answer.
			resp2, err := e.client.Adjudicate(ctxT(t), &arbiterv1.AdjudicateRequest{
				Ruleset: id, Fen: checkFEN, Moves: []string{"R4.5", "将５平６", "R5=4", "K6.5"}})
			if err != nil || !proto.Equal(resp, resp2) {
				t.Errorf("%s: other notations: %v", id, err)
			}
			if got := metricValue(t, e.metrics, "arbiter_rulings_total", map[string]string{"ruleset": id, "verdict": "red_must_change"}); got != 2 {
				t.Errorf("%s: arbiter_rulings_total = %v, want 2", id, got)
			}
		}
		// Three occurrences: Red persisted and loses.
		resp, err := e.client.Adjudicate(ctxT(t), &arbiterv1.AdjudicateRequest{
			Ruleset: "asian", Fen: checkFEN, Moves: fields(checkMoves + " " + checkMoves)})
		if err != nil || resp.GetResult() != arbiterv1.Result_RESULT_BLACK_WINS ||
			resp.GetTermination() != arbiterv1.Termination_TERMINATION_PERPETUAL_CHECK || resp.GetDecidedAtPly() != 8 {
			t.Errorf("third occurrence: %v %v", resp, err)
		}
		// The empty history from the standard start.
		resp, err = e.client.Adjudicate(ctxT(t), &arbiterv1.AdjudicateRequest{Ruleset: "chinese"})
		if err != nil || resp.GetResult() != arbiterv1.Result_RESULT_ONGOING || len(resp.GetPlies()) != 0 || resp.GetFinalFen() == "" {
			t.Errorf("empty history: %v %v", resp, err)
		}
	})
}

func TestCompare(t *testing.T) {
	transports(t, envOptions{}, func(t *testing.T, e *env) {
		resp, err := e.client.Compare(ctxT(t), &arbiterv1.CompareRequest{Fen: checkFEN, Moves: fields(checkMoves)})
		if err != nil {
			t.Fatal(err)
		}
		if len(resp.GetAdjudications()) != len(rulesets()) {
			t.Fatalf("%d adjudications, want one per ruleset", len(resp.GetAdjudications()))
		}
		if resp.GetDisagree() {
			t.Errorf("perpetual check: rulesets disagree: %v", resp)
		}
		resp, err = e.client.Compare(ctxT(t), &arbiterv1.CompareRequest{Rulesets: []string{"chinese", "asian"},
			Fen: checkFEN, Moves: fields(checkMoves)})
		if err != nil || len(resp.GetAdjudications()) != 2 || resp.GetAdjudications()[0].GetRuleset() != "chinese" ||
			resp.GetAdjudications()[1].GetRuleset() != "asian" {
			t.Errorf("ordered compare: %v %v", resp, err)
		}
		_, err = e.client.Compare(ctxT(t), &arbiterv1.CompareRequest{Rulesets: []string{"asian", "fide"}})
		wantFieldError(t, err, codes.InvalidArgument, "rulesets[1]", "UNKNOWN_RULESET")
	})
}

func TestListRulesets(t *testing.T) {
	transports(t, envOptions{}, func(t *testing.T, e *env) {
		resp, err := e.client.ListRulesets(ctxT(t), &arbiterv1.ListRulesetsRequest{})
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, r := range resp.GetRulesets() {
			ids = append(ids, r.GetId())
			if r.GetName() == "" || r.GetDefaultPolicy().GetLossAtOccurrence() != 3 {
				t.Errorf("ruleset %v", r)
			}
		}
		if strings.Join(ids, ",") != "asian,chinese" {
			t.Errorf("ids %v", ids)
		}
	})
}

func TestCasebookRPCs(t *testing.T) {
	book := loadBook(t)
	transports(t, envOptions{book: book}, func(t *testing.T, e *env) {
		ctx := ctxT(t)
		all, err := e.client.ListCases(ctx, &arbiterv1.ListCasesRequest{})
		if err != nil || len(all.GetCases()) != len(book.Cases()) || all.GetNextPageToken() != "" {
			t.Fatalf("ListCases: %d cases, token %q, %v", len(all.GetCases()), all.GetNextPageToken(), err)
		}
		// Paging returns the same cases in the same order.
		var paged []*arbiterv1.Case
		req := &arbiterv1.ListCasesRequest{PageSize: 50}
		for pages := 0; ; pages++ {
			resp, err := e.client.ListCases(ctx, req)
			if err != nil || pages > 100 {
				t.Fatalf("page %d: %v", pages, err)
			}
			paged = append(paged, resp.GetCases()...)
			if resp.GetNextPageToken() == "" {
				break
			}
			req.PageToken = resp.GetNextPageToken()
		}
		if len(paged) != len(all.GetCases()) || !proto.Equal(paged[len(paged)-1], all.GetCases()[len(paged)-1]) {
			t.Errorf("paging: %d cases", len(paged))
		}
		cxa, err := e.client.ListCases(ctx, &arbiterv1.ListCasesRequest{Book: "CXA"})
		if err != nil || len(cxa.GetCases()) == 0 || len(cxa.GetCases()) >= len(all.GetCases()) {
			t.Errorf("book filter: %d cases, %v", len(cxa.GetCases()), err)
		}
		_, err = e.client.ListCases(ctx, &arbiterv1.ListCasesRequest{PageToken: "x"})
		wantFieldError(t, err, codes.InvalidArgument, "page_token", "")
		_, err = e.client.ListCases(ctx, &arbiterv1.ListCasesRequest{PageSize: -1})
		wantFieldError(t, err, codes.InvalidArgument, "page_size", "")
		// An unknown ruleset is an error, as in VerifyCasebook and the CLI, not an empty list.
		_, err = e.client.ListCases(ctx, &arbiterv1.ListCasesRequest{Ruleset: "fide"})
		wantFieldError(t, err, codes.InvalidArgument, "ruleset", "UNKNOWN_RULESET")
		asian, err := e.client.ListCases(ctx, &arbiterv1.ListCasesRequest{Ruleset: "asian"})
		if err != nil || len(asian.GetCases()) == 0 {
			t.Errorf("ListCases(asian): %d cases, %v", len(asian.GetCases()), err)
		}

		first := all.GetCases()[0]
		got, err := e.client.GetCase(ctx, &arbiterv1.GetCaseRequest{Id: first.GetId()})
		if err != nil || !proto.Equal(got.GetCase(), first) {
			t.Errorf("GetCase: %v", err)
		}
		_, err = e.client.GetCase(ctx, &arbiterv1.GetCaseRequest{Id: "no-such-case"})
		if code := statusCode(err); code != codes.NotFound {
			t.Errorf("GetCase(unknown): %v", err)
		}
		_, err = e.client.GetCase(ctx, &arbiterv1.GetCaseRequest{})
		wantFieldError(t, err, codes.InvalidArgument, "id", "")

		ver, err := e.client.VerifyCasebook(ctx, &arbiterv1.VerifyCasebookRequest{Ids: []string{first.GetId()}})
		if err != nil || len(ver.GetResults()) != len(first.GetExpectations()) {
			t.Fatalf("VerifyCasebook(one id): %v %v", ver, err)
		}
		if n := ver.GetPassed() + ver.GetFailed() + ver.GetKnownDivergences() + ver.GetPending(); int(n) != len(ver.GetResults()) {
			t.Errorf("totals %d for %d results", n, len(ver.GetResults()))
		}
		ver, err = e.client.VerifyCasebook(ctx, &arbiterv1.VerifyCasebookRequest{Ruleset: "asian"})
		if err != nil || len(ver.GetResults()) == 0 {
			t.Fatalf("VerifyCasebook(asian): %v", err)
		}
		for _, r := range ver.GetResults() {
			if r.GetRuleset() != "asian" {
				t.Errorf("result for %s in an asian-only run", r.GetRuleset())
			}
		}
		_, err = e.client.VerifyCasebook(ctx, &arbiterv1.VerifyCasebookRequest{Ids: []string{first.GetId(), "nope"}})
		wantFieldError(t, err, codes.InvalidArgument, "ids[1]", "CASE_NOT_FOUND")
		_, err = e.client.VerifyCasebook(ctx, &arbiterv1.VerifyCasebookRequest{Ruleset: "fide"})
		wantFieldError(t, err, codes.InvalidArgument, "ruleset", "UNKNOWN_RULESET")
	})
}

func TestNoCasebook(t *testing.T) {
	e := start(t, envOptions{})
	_, err := e.client.ListCases(ctxT(t), &arbiterv1.ListCasesRequest{})
	if statusCode(err) != codes.FailedPrecondition {
		t.Errorf("ListCases without a casebook: %v", err)
	}
}

func TestHealthAndReflection(t *testing.T) {
	transports(t, envOptions{}, func(t *testing.T, e *env) {
		for _, svc := range []string{"", "arbiter.v1.ArbiterService"} {
			resp, err := healthpb.NewHealthClient(e.conn).Check(ctxT(t), &healthpb.HealthCheckRequest{Service: svc})
			if err != nil || resp.GetStatus() != healthpb.HealthCheckResponse_SERVING {
				t.Errorf("health %q: %v %v", svc, resp, err)
			}
		}
		stream, err := rpb.NewServerReflectionClient(e.conn).ServerReflectionInfo(ctxT(t))
		if err != nil {
			t.Fatal(err)
		}
		if err := stream.Send(&rpb.ServerReflectionRequest{MessageRequest: &rpb.ServerReflectionRequest_ListServices{}}); err != nil {
			t.Fatal(err)
		}
		resp, err := stream.Recv()
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, s := range resp.GetListServicesResponse().GetService() {
			names = append(names, s.GetName())
		}
		for _, want := range []string{"arbiter.v1.ArbiterService", "grpc.health.v1.Health"} {
			if !strings.Contains(strings.Join(names, " "), want) {
				t.Errorf("reflection lists %v, missing %s", names, want)
			}
		}
		stream.CloseSend()
	})
}
