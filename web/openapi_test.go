package web_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/legacy"

	"github.com/arbiter-xq/arbiter/server"
	"github.com/arbiter-xq/arbiter/web"
)

// The OpenAPI document is checked with kin-openapi (github.com/getkin/kin-openapi, the
// version pinned in go.mod): it must be valid OpenAPI 3 with every example valid against
// its schema; then every example request is sent to a running site, and its answer and
// real error answers (400, 404, 413) are validated against the document.

func loadOpenAPI(t *testing.T, s *site) (*openapi3.T, []byte) {
	t.Helper()
	code, b := call(t, "GET", s.url+"/openapi.json", "")
	if code != 200 {
		t.Fatalf("GET /openapi.json: HTTP %d", code)
	}
	served, err := web.OpenAPI()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b, served) {
		t.Error("the served document is not web.OpenAPI()")
	}
	loader := openapi3.NewLoader()
	doc, err := loader.LoadFromData(b)
	if err != nil {
		t.Fatalf("kin-openapi cannot load the document: %v", err)
	}
	if !strings.HasPrefix(doc.OpenAPI, "3.") {
		t.Errorf("openapi %q, want 3.x", doc.OpenAPI)
	}
	if err := doc.Validate(context.Background(), openapi3.EnableExamplesValidation(), openapi3.EnableSchemaFormatValidation()); err != nil {
		t.Fatalf("the OpenAPI document does not validate: %v", err)
	}
	return doc, b
}

func TestOpenAPI(t *testing.T) {
	s := startSite(t, server.Config{})
	doc, _ := loadOpenAPI(t, s)
	if strings.Contains(strings.ToLower(doc.Info.Title), "xiangqi") && !strings.Contains(doc.Info.Title, "chu shogi") {
		t.Errorf("title %q names xiangqi only", doc.Info.Title)
	}
	want := map[string]string{
		"/v1/adjudicate": "POST", "/v1/compare": "POST", "/v1/rulesets": "GET",
		"/v1/cases": "GET", "/v1/cases/{id}": "GET", "/v1/casebook/verify": "POST",
	}
	for path, method := range want {
		item := doc.Paths.Find(path)
		if item == nil || item.GetOperation(method) == nil {
			t.Errorf("no %s %s in the OpenAPI document", method, path)
			continue
		}
		op := item.GetOperation(method)
		codes := []string{"200", "400", "429", "503"}
		if method == "POST" {
			codes = append(codes, "413")
			mt := op.RequestBody.Value.Content.Get("application/json")
			if mt == nil || len(mt.Examples) == 0 {
				t.Errorf("%s %s: no example request", method, path)
			}
		}
		if strings.Contains(path, "{") {
			codes = append(codes, "404")
		}
		for _, c := range codes {
			r := op.Responses.Value(c)
			if r == nil {
				t.Errorf("%s %s: no %s answer", method, path, c)
				continue
			}
			if c == "200" && len(r.Value.Content.Get("application/json").Examples) == 0 {
				t.Errorf("%s %s: no example answer", method, path)
			}
			if c != "200" && r.Value.Content.Get("application/json").Schema.Ref != "#/components/schemas/rpcStatus" {
				t.Errorf("%s %s: the %s answer is not a google.rpc.Status", method, path, c)
			}
		}
		if op.Responses.Value("default") != nil {
			t.Errorf("%s %s still has only a default error answer", method, path)
		}
	}
}

// exampleRequest builds the request of an operation's example.
func exampleRequest(t *testing.T, base, path, method string, op *openapi3.Operation) *http.Request {
	t.Helper()
	q := url.Values{}
	for _, p := range op.Parameters {
		v := p.Value.Example
		if v == nil {
			continue
		}
		s := strings.Trim(string(must(json.Marshal(v))), `"`)
		switch p.Value.In {
		case "path":
			path = strings.ReplaceAll(path, "{"+p.Value.Name+"}", url.PathEscape(s))
		case "query":
			q.Set(p.Value.Name, s)
		}
	}
	u := base + path
	if len(q) > 0 {
		u += "?" + q.Encode()
	}
	var body io.Reader
	if op.RequestBody != nil {
		ex := op.RequestBody.Value.Content.Get("application/json").Examples["example"]
		body = bytes.NewReader(must(json.Marshal(ex.Value.Value)))
	}
	req, err := http.NewRequest(method, u, body)
	if err != nil {
		t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	return req
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}

// checkAnswer sends req and validates the request and the answer against the document.
func checkAnswer(t *testing.T, router routers.Router, req *http.Request, wantCode int) []byte {
	t.Helper()
	var reqBody []byte
	if req.Body != nil {
		reqBody, _ = io.ReadAll(req.Body)
		req.Body = io.NopCloser(bytes.NewReader(reqBody))
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != wantCode {
		t.Errorf("%s %s: HTTP %d, want %d: %.300s", req.Method, req.URL, resp.StatusCode, wantCode, b)
	}
	if reqBody != nil {
		req.Body = io.NopCloser(bytes.NewReader(reqBody))
	}
	route, params, err := router.FindRoute(req)
	if err != nil {
		t.Fatalf("%s %s: no route in the document: %v", req.Method, req.URL, err)
	}
	in := &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route,
		Options: &openapi3filter.Options{MultiError: true}}
	if wantCode < 400 {
		if err := openapi3filter.ValidateRequest(context.Background(), in); err != nil {
			t.Errorf("%s %s: the request does not fit the document: %v", req.Method, req.URL, err)
		}
	}
	out := &openapi3filter.ResponseValidationInput{RequestValidationInput: in, Status: resp.StatusCode, Header: resp.Header,
		Options: &openapi3filter.Options{IncludeResponseStatus: true, MultiError: true}}
	out.SetBodyBytes(b)
	if err := openapi3filter.ValidateResponse(context.Background(), out); err != nil {
		t.Errorf("%s %s: the HTTP %d answer does not fit the document: %v", req.Method, req.URL, resp.StatusCode, err)
	}
	return b
}

func TestOpenAPIExamplesAgainstTheService(t *testing.T) {
	s := startSite(t, server.Config{MaxPlies: 50})
	doc, _ := loadOpenAPI(t, s)
	doc.Servers = nil // match any host
	router, err := legacy.NewRouter(doc)
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for p := range doc.Paths.Map() {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	n := 0
	for _, path := range paths {
		for method, op := range doc.Paths.Find(path).Operations() {
			t.Run(op.OperationID, func(t *testing.T) {
				req := exampleRequest(t, s.url, path, method, op)
				got := checkAnswer(t, router, req, 200)
				// The example answer is what the service answers (the examples may leave
				// fields out: every field the example has must be in the real answer).
				ex := op.Responses.Value("200").Value.Content.Get("application/json").Examples["example"].Value.Value
				var real any
				if err := json.Unmarshal(got, &real); err != nil {
					t.Fatal(err)
				}
				if op.OperationID == "ArbiterService_Adjudicate" || op.OperationID == "ArbiterService_GetCase" {
					if !subset(ex, real) {
						t.Errorf("the example answer is not what the service answers:\nexample %s\nservice %s", must(json.Marshal(ex)), got)
					}
				}
			})
			n++
		}
	}
	if n != 6 {
		t.Errorf("%d operations, want 6", n)
	}
	base := s.url
	post := func(path, body string) *http.Request {
		req, _ := http.NewRequest("POST", base+path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		return req
	}
	get := func(path string) *http.Request { req, _ := http.NewRequest("GET", base+path, nil); return req }
	// The error answers fit the document too.
	checkAnswer(t, router, post("/v1/adjudicate", `{"ruleset":"chinese","moves":["h2e2","h2e2"]}`), 400)
	checkAnswer(t, router, post("/v1/adjudicate", `{"ruleset":"chu-lishogi","policy":{"naturalMoveLimit":50}}`), 400)
	checkAnswer(t, router, get("/v1/cases/nope"), 404)
	long := `{"ruleset":"chinese","moves":[` + strings.TrimSuffix(strings.Repeat(`"h2e2",`, 51), ",") + `]}`
	checkAnswer(t, router, post("/v1/adjudicate", long), 413)
	checkAnswer(t, router, post("/v1/compare", `{"rulesets":["chinese"],"fen":"`+strings.Repeat("x", 2<<20)+`"}`), 413)
}

// subset reports whether every field of a is in b with the same value (arrays element by
// element).
func subset(a, b any) bool {
	switch x := a.(type) {
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok {
			return false
		}
		for k, v := range x {
			if !subset(v, y[k]) {
				return false
			}
		}
		return true
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) > len(y) {
			return false
		}
		for i := range x {
			if !subset(x[i], y[i]) {
				return false
			}
		}
		return true
	}
	return a == b || (a != nil && b != nil && string(must(json.Marshal(a))) == string(must(json.Marshal(b))))
}
