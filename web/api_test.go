package web_test

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	spb "google.golang.org/genproto/googleapis/rpc/status"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	arbiterv1 "github.com/arbiter-xq/arbiter/proto/arbiter/v1"
	"github.com/arbiter-xq/arbiter/server"
)

// call sends body (nil: none) and returns the status code and body.
func call(t *testing.T, method, u string, body string) (int, []byte) {
	t.Helper()
	var r io.Reader
	if body != "" {
		r = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, u, r)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, b
}

// decode reads protobuf JSON into m.
func decode(t *testing.T, b []byte, m proto.Message) {
	t.Helper()
	if err := protojson.Unmarshal(b, m); err != nil {
		t.Fatalf("%v in %s", err, b)
	}
}

// violations returns the BadRequest field violations and the ErrorInfo of an error body.
func violations(t *testing.T, b []byte) (*spb.Status, []*errdetails.BadRequest_FieldViolation, *errdetails.ErrorInfo) {
	t.Helper()
	st := &spb.Status{}
	decode(t, b, st)
	var fv []*errdetails.BadRequest_FieldViolation
	var info *errdetails.ErrorInfo
	for _, d := range st.GetDetails() {
		m, err := d.UnmarshalNew()
		if err != nil {
			t.Fatal(err)
		}
		switch m := m.(type) {
		case *errdetails.BadRequest:
			fv = append(fv, m.GetFieldViolations()...)
		case *errdetails.ErrorInfo:
			info = m
		}
	}
	return st, fv, info
}

func adjudicateJSON(t *testing.T, req *arbiterv1.AdjudicateRequest) string {
	t.Helper()
	b, err := protojson.Marshal(req)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestAdjudicateOverHTTP(t *testing.T) {
	s := startSite(t, server.Config{})
	code, b := call(t, "POST", s.url+"/v1/adjudicate", adjudicateJSON(t, &arbiterv1.AdjudicateRequest{
		Ruleset: "chinese", Fen: fig6.fen, Moves: fig6.moves}))
	if code != http.StatusOK {
		t.Fatalf("status %d: %s", code, b)
	}
	resp := &arbiterv1.AdjudicateResponse{}
	decode(t, b, resp)
	if got := resp.GetRuling().GetVerdict(); got != arbiterv1.Verdict_VERDICT_RED_MUST_CHANGE {
		t.Errorf("verdict %v, want VERDICT_RED_MUST_CHANGE", got)
	}
	if got := resp.GetCycle().GetPatterns()[0].GetPatternChinese(); got != "长将" {
		t.Errorf("red pattern %q, want 长将", got)
	}
	if !strings.Contains(string(b), `"VERDICT_RED_MUST_CHANGE"`) {
		t.Errorf("enums are not written by name: %s", b)
	}
	// Same JSON shape as `arbiter judge --json`: lowerCamelCase names.
	if !strings.Contains(string(b), `"finalFen"`) {
		t.Errorf("want lowerCamelCase field names: %s", b)
	}
}

func TestHTTPErrors(t *testing.T) {
	s := startSite(t, server.Config{MaxPlies: 10})
	long := make([]string, 12)
	for i := range long {
		long[i] = []string{"h2e2", "h7e7", "e2h2", "e7h7"}[i%4]
	}
	tests := []struct {
		name, method, path, body string
		code                     int
		grpcCode                 int32
		field, reason            string
		message                  string
	}{
		{name: "bad FEN", method: "POST", path: "/v1/adjudicate",
			body: adjudicateJSON(t, &arbiterv1.AdjudicateRequest{Ruleset: "chinese", Fen: "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc2 w - - 0 1"}),
			code: 400, grpcCode: 3, field: "fen", reason: "INVALID_FEN", message: "more than 9 files"},
		{name: "illegal move", method: "POST", path: "/v1/adjudicate",
			body: adjudicateJSON(t, &arbiterv1.AdjudicateRequest{Ruleset: "chinese", Fen: fig6.fen, Moves: []string{"f0e0", "e8f8", "e0e9"}}),
			code: 400, grpcCode: 3, field: "moves[2]", reason: "ILLEGAL_MOVE", message: "ply 3"},
		{name: "unknown ruleset", method: "POST", path: "/v1/adjudicate",
			body: `{"ruleset":"nope"}`, code: 400, grpcCode: 3, field: "ruleset", reason: "UNKNOWN_RULESET"},
		{name: "compare ruleset", method: "POST", path: "/v1/compare",
			body: `{"rulesets":["chinese","nope"]}`, code: 400, grpcCode: 3, field: "rulesets[1]", reason: "UNKNOWN_RULESET"},
		{name: "history too long", method: "POST", path: "/v1/adjudicate",
			body: adjudicateJSON(t, &arbiterv1.AdjudicateRequest{Ruleset: "chinese", Moves: long}),
			code: 413, grpcCode: 8, field: "moves", reason: "HISTORY_TOO_LONG"},
		{name: "body too large", method: "POST", path: "/v1/adjudicate",
			body: `{"ruleset":"chinese","fen":"` + strings.Repeat("x", 2<<20) + `"}`,
			code: 413, grpcCode: 8, field: "body", reason: "MESSAGE_TOO_LARGE"},
		{name: "unknown field", method: "POST", path: "/v1/adjudicate",
			body: `{"ruleset":"chinese","fenn":""}`, code: 400, grpcCode: 3, message: `unknown field "fenn"`,
			field: "body", reason: "MALFORMED_MESSAGE"},
		{name: "not JSON", method: "POST", path: "/v1/adjudicate",
			body: `ruleset=chinese`, code: 400, grpcCode: 3, field: "body", reason: "MALFORMED_MESSAGE"},
		{name: "cut-off JSON", method: "POST", path: "/v1/adjudicate",
			body: `{"ruleset":`, code: 400, grpcCode: 3, field: "body", reason: "MALFORMED_MESSAGE"},
		{name: "case id not UTF-8", method: "GET", path: "/v1/cases/%FF",
			code: 400, grpcCode: 3, field: "id", reason: "MALFORMED_MESSAGE", message: "not valid UTF-8"},
		{name: "query not UTF-8", method: "GET", path: "/v1/cases?tag=%FF",
			code: 400, grpcCode: 3, field: "tag", reason: "MALFORMED_MESSAGE", message: "not valid UTF-8"},
		{name: "unknown ruleset in the case list", method: "GET", path: "/v1/cases?ruleset=fide",
			code: 400, grpcCode: 3, field: "ruleset", reason: "UNKNOWN_RULESET"},
		{name: "page size not a number", method: "GET", path: "/v1/cases?page_size=ten",
			code: 400, grpcCode: 3, field: "page_size", reason: "MALFORMED_MESSAGE", message: "page_size"},
		{name: "unknown case", method: "GET", path: "/v1/cases/" + url.PathEscape("cxa2020-图999"),
			code: 404, grpcCode: 5, reason: "CASE_NOT_FOUND"},
		{name: "negative page size", method: "GET", path: "/v1/cases?page_size=-1",
			code: 400, grpcCode: 3, field: "page_size"},
		{name: "bad PGN", method: "POST", path: "/ui/pgn", body: "[Event \"x\"]\n1. h2e2 {never closed",
			code: 400, grpcCode: 3, field: "pgn", reason: "INVALID_PGN", message: "line 2"},
		{name: "unknown path", method: "GET", path: "/v1/nothing", code: 404, grpcCode: 5},
		{name: "wrong method", method: "GET", path: "/v1/adjudicate", code: 405, grpcCode: 12, message: "GET is not allowed on /v1/adjudicate"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, b := call(t, tc.method, s.url+tc.path, tc.body)
			if code != tc.code {
				t.Fatalf("HTTP %d, want %d: %s", code, tc.code, b)
			}
			st, fv, info := violations(t, b)
			if st.GetCode() != tc.grpcCode {
				t.Errorf("code %d, want %d: %s", st.GetCode(), tc.grpcCode, b)
			}
			if !strings.Contains(st.GetMessage(), tc.message) {
				t.Errorf("message %q, want it to contain %q", st.GetMessage(), tc.message)
			}
			if tc.field != "" && (len(fv) != 1 || fv[0].GetField() != tc.field) {
				t.Errorf("field violations %v, want one on %q: %s", fv, tc.field, b)
			}
			if tc.field != "" && len(fv) == 1 && fv[0].GetDescription() == "" {
				t.Errorf("field violation without a description: %s", b)
			}
			if tc.reason != "" && info.GetReason() != tc.reason {
				t.Errorf("ErrorInfo reason %q, want %q: %s", info.GetReason(), tc.reason, b)
			}
		})
	}
}

func TestEveryUnaryRPCOverHTTP(t *testing.T) {
	s := startSite(t, server.Config{})
	t.Run("rulesets", func(t *testing.T) {
		code, b := call(t, "GET", s.url+"/v1/rulesets", "")
		resp := &arbiterv1.ListRulesetsResponse{}
		decode(t, b, resp)
		ids := map[string]bool{}
		for _, r := range resp.GetRulesets() {
			ids[r.GetId()] = true
		}
		if code != 200 || !ids["asian"] || !ids["chinese"] || !ids["chu-lishogi"] {
			t.Errorf("HTTP %d: %s", code, b)
		}
	})
	t.Run("compare", func(t *testing.T) {
		code, b := call(t, "POST", s.url+"/v1/compare", `{"rulesets":["chinese","asian"],"fen":"`+fig6.fen+`","moves":["R4.5","k5.6","车五平四","f8e8"]}`)
		resp := &arbiterv1.CompareResponse{}
		decode(t, b, resp)
		if code != 200 || len(resp.GetAdjudications()) != 2 {
			t.Fatalf("HTTP %d: %s", code, b)
		}
		for _, a := range resp.GetAdjudications() {
			if a.GetRuling().GetVerdict() != arbiterv1.Verdict_VERDICT_RED_MUST_CHANGE {
				t.Errorf("%s: verdict %v", a.GetRuleset(), a.GetRuling().GetVerdict())
			}
		}
	})
	t.Run("list cases with filters", func(t *testing.T) {
		code, b := call(t, "GET", s.url+"/v1/cases?ruleset=chinese&book=CXA&constructed=false&page_size=5", "")
		resp := &arbiterv1.ListCasesResponse{}
		decode(t, b, resp)
		if code != 200 || len(resp.GetCases()) != 5 || resp.GetNextPageToken() == "" {
			t.Fatalf("HTTP %d: %s", code, b)
		}
		for _, c := range resp.GetCases() {
			if c.GetSource().GetConstructed() || !strings.Contains(c.GetSource().GetBook(), "CXA") {
				t.Errorf("case %s does not match the filters", c.GetId())
			}
		}
	})
	t.Run("get case", func(t *testing.T) {
		code, b := call(t, "GET", s.url+"/v1/cases/"+url.PathEscape("cxa2020-图6"), "")
		resp := &arbiterv1.GetCaseResponse{}
		decode(t, b, resp)
		if code != 200 || resp.GetCase().GetFen() != fig6.fen {
			t.Errorf("HTTP %d: %s", code, b)
		}
	})
	t.Run("verify casebook", func(t *testing.T) {
		code, b := call(t, "POST", s.url+"/v1/casebook/verify", `{"ids":["cxa2020-图6"]}`)
		resp := &arbiterv1.VerifyCasebookResponse{}
		decode(t, b, resp)
		if code != 200 || resp.GetPassed() == 0 || resp.GetFailed() != 0 {
			t.Errorf("HTTP %d: %s", code, b)
		}
	})
}

// The gateway goes through the gRPC server's interceptors: an HTTP call is counted in
// the service's metrics like a gRPC call.
func TestHTTPCallsAreMeasured(t *testing.T) {
	s := startSite(t, server.Config{})
	call(t, "GET", s.url+"/v1/rulesets", "")
	call(t, "POST", s.url+"/v1/adjudicate", `{"ruleset":"nope"}`)
	families, err := s.metrics.Gather()
	if err != nil {
		t.Fatal(err)
	}
	counts := map[string]float64{}
	for _, f := range families {
		if f.GetName() != "grpc_server_handled_total" {
			continue
		}
		for _, m := range f.GetMetric() {
			var method, code string
			for _, l := range m.GetLabel() {
				switch l.GetName() {
				case "grpc_method":
					method = l.GetValue()
				case "grpc_code":
					code = l.GetValue()
				}
			}
			counts[method+" "+code] += m.GetCounter().GetValue()
		}
	}
	if counts["ListRulesets OK"] != 1 || counts["Adjudicate InvalidArgument"] != 1 {
		t.Errorf("grpc_server_handled_total = %v, want ListRulesets OK and Adjudicate InvalidArgument once each", counts)
	}
}

func TestPGN(t *testing.T) {
	s := startSite(t, server.Config{})
	pgnText := "[Event \"demo\"]\n[FEN \"" + fig6.fen + "\"]\n\n1. R4.5 k5.6 {check} 2. 车五平四 f8e8 *\n\n" +
		"[Event \"second\"]\n\n1. h2e2 h9g7 1-0\n"
	code, b := call(t, "POST", s.url+"/ui/pgn", pgnText)
	if code != 200 {
		t.Fatalf("HTTP %d: %s", code, b)
	}
	var got struct {
		Games []struct {
			FEN   string   `json:"fen"`
			Moves []string `json:"moves"`
			Tags  []struct{ Name, Value string }
		}
	}
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	if len(got.Games) != 2 || got.Games[0].FEN != fig6.fen ||
		strings.Join(got.Games[0].Moves, " ") != "R4.5 k5.6 车五平四 f8e8" || got.Games[0].Tags[0].Value != "demo" ||
		strings.Join(got.Games[1].Moves, " ") != "h2e2 h9g7" {
		t.Errorf("games %+v", got.Games)
	}
	// A bare move list with move numbers reads as one game.
	_, b = call(t, "POST", s.url+"/ui/pgn", "1. f0e0 e8f8 2. e0f0 f8e8")
	if !strings.Contains(string(b), `"moves":["f0e0","e8f8","e0f0","f8e8"]`) {
		t.Errorf("bare moves: %s", b)
	}
}

func TestPage(t *testing.T) {
	s := startSite(t, server.Config{})
	for _, tc := range []struct{ path, contentType, contains string }{
		{"/", "text/html", "<script"},
		{"/ui/app.js", "javascript", "/v1/adjudicate"},
		{"/ui/style.css", "text/css", "{"},
	} {
		resp, err := http.Get(s.url + tc.path)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || !strings.Contains(resp.Header.Get("Content-Type"), tc.contentType) || !strings.Contains(string(b), tc.contains) {
			t.Errorf("GET %s: HTTP %d, %s, want %s containing %q", tc.path, resp.StatusCode, resp.Header.Get("Content-Type"), tc.contentType, tc.contains)
		}
		if csp := resp.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self'") {
			t.Errorf("GET %s: Content-Security-Policy %q", tc.path, csp)
		}
	}
}

func TestGzip(t *testing.T) {
	s := startSite(t, server.Config{})
	body := adjudicateJSON(t, &arbiterv1.AdjudicateRequest{Ruleset: "chinese", Fen: fig6.fen, Moves: fig6.moves})
	for _, tc := range []struct {
		path, method, body, accept string
		gzip                       bool
	}{
		{"/v1/adjudicate", "POST", body, "gzip, deflate, br", true},
		{"/v1/adjudicate", "POST", body, "", false},
		{"/v1/adjudicate", "POST", body, "gzip;q=0", false},
		{"/", "GET", "", "gzip", true},
		{"/v1/adjudicate", "POST", `{"ruleset":"nope"}`, "gzip", true}, // errors too
	} {
		req, err := http.NewRequest(tc.method, s.url+tc.path, strings.NewReader(tc.body))
		if err != nil {
			t.Fatal(err)
		}
		if tc.accept != "" {
			req.Header.Set("Accept-Encoding", tc.accept) // set by hand: no transparent decoding
		}
		resp, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		got := resp.Header.Get("Content-Encoding") == "gzip"
		if got != tc.gzip {
			t.Errorf("%s %s with Accept-Encoding %q: gzip %v, want %v", tc.method, tc.path, tc.accept, got, tc.gzip)
			continue
		}
		if got {
			zr, err := gzip.NewReader(bytes.NewReader(raw))
			if err != nil {
				t.Fatalf("%s: %v", tc.path, err)
			}
			plain, err := io.ReadAll(zr)
			if err != nil || len(plain) == 0 {
				t.Errorf("%s: gunzip: %v (%d bytes)", tc.path, err, len(plain))
			}
		}
	}
}
