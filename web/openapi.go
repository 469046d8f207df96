package web

import (
	_ "embed" // the examples of the OpenAPI document
	"encoding/json"
	"fmt"
	"net/http"
	"sort"
	"strings"
	"sync"

	arbiterv1 "github.com/arbiter-xq/arbiter/proto/arbiter/v1"
)

// The OpenAPI 3 document served at GET /openapi.json. protoc-gen-openapiv2 writes the
// API's paths and schemas from the proto files and arbiter_service_http.yaml as Swagger
// 2.0 (arbiterv1.OpenAPI); OpenAPI builds the OpenAPI 3.0 document from it: the same
// paths, parameters and schemas (components/schemas, same names), request bodies and
// responses with their media type, plus what a site needs to build on the API and the
// generator cannot say: an example request and answer for every call (openapi_examples.json,
// checked against the running service by the tests), and the error answers with their
// HTTP codes (400, 404, 413, 429, 503, 504) and the google.rpc.Status body they carry.

// openAPIVersion is the OpenAPI version of the document.
const openAPIVersion = "3.0.3"

//go:embed openapi_examples.json
var openAPIExamples []byte

var openAPIDoc = sync.OnceValues(func() ([]byte, error) {
	var examples map[string]operationExamples
	if err := json.Unmarshal(openAPIExamples, &examples); err != nil {
		return nil, fmt.Errorf("openapi_examples.json: %w", err)
	}
	doc, err := openAPI3(arbiterv1.OpenAPI, examples)
	if err != nil {
		return nil, err
	}
	return json.MarshalIndent(doc, "", "  ")
})

// OpenAPI returns the OpenAPI 3 document of the HTTP/JSON API, as GET /openapi.json
// serves it.
func OpenAPI() ([]byte, error) { return openAPIDoc() }

// serveOpenAPI answers GET (and HEAD) /openapi.json.
func serveOpenAPI(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, r.Method+" is not allowed on /openapi.json", http.StatusMethodNotAllowed)
		return
	}
	b, err := OpenAPI()
	if err != nil { // cannot happen: the tests build it
		http.Error(w, "the OpenAPI document cannot be built: "+err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write(b) //nolint:errcheck // the client went away
}

// operationExamples are the examples of one operation (by operationId).
type operationExamples struct {
	// Summary names the example.
	Summary string `json:"summary"`
	// Parameters are the example's path and query parameter values.
	Parameters map[string]any `json:"parameters,omitempty"`
	// Request is the example body (POST).
	Request any `json:"request,omitempty"`
	// Response is the answer (HTTP 200), shortened where marked.
	Response any `json:"response"`
	// Errors are example error answers by HTTP code.
	Errors map[string]any `json:"errors,omitempty"`
}

// Error answers. Every error body is a google.rpc.Status.
var openAPIErrors = []struct {
	code, name, description string
}{
	{"400", "BadRequest", "Bad input (INVALID_ARGUMENT): a malformed position, an unknown, ambiguous or illegal move, " +
		"an unknown ruleset or option, a policy field out of range or one the ruleset's game does not use, an unknown " +
		"field or a body that is no JSON. details[] holds a google.rpc.BadRequest whose fieldViolations name the field " +
		"(\"fen\", \"moves[3]\" with a 0-based index, \"policy.natural_move_limit\") and a google.rpc.ErrorInfo whose " +
		"reason is machine-readable (INVALID_FEN, INVALID_MOVE, AMBIGUOUS_MOVE, ILLEGAL_MOVE, UNKNOWN_RULESET, " +
		"INVALID_POLICY, POLICY_FIELD_NOT_USED, INVALID_RULESET_OPTION, MALFORMED_MESSAGE, ...) with metadata such as " +
		"ply and move. Do not retry the same request."},
	{"404", "NotFound", "No such case in the casebook (NOT_FOUND), or a path the API does not have."},
	{"413", "TooLarge", "A size or length limit (RESOURCE_EXHAUSTED): a body over the server's message limit " +
		"(reason MESSAGE_TOO_LARGE), a history over its ply limit (HISTORY_TOO_LONG), an answer over its response " +
		"limit; ErrorInfo.metadata.limit says the limit. Send less; the same request cannot succeed."},
	{"429", "TooManyRequests", "Too many requests. arbiter itself limits sizes (413), not request rates; a proxy or " +
		"gateway in front of it may answer 429, usually with Retry-After. Wait and retry."},
	{"503", "Unavailable", "The server is draining before it stops or is overloaded (UNAVAILABLE); the body says " +
		"why. Retry, on another replica if there is one."},
	{"504", "Timeout", "The request ran over the server's time limit per request (DEADLINE_EXCEEDED)."},
}

// openAPIErrorsOf lists the error answers an operation can give.
func openAPIErrorsOf(method, path string) []string {
	codes := []string{"400"}
	if strings.Contains(path, "{") {
		codes = append(codes, "404")
	}
	if method == "post" {
		codes = append(codes, "413")
	}
	return append(codes, "429", "503", "504")
}

// openAPI3 converts the generated Swagger 2.0 document to OpenAPI 3.0 and adds the
// examples and error answers.
func openAPI3(swagger []byte, examples map[string]operationExamples) (map[string]any, error) {
	var sw map[string]any
	if err := json.Unmarshal(swagger, &sw); err != nil {
		return nil, fmt.Errorf("the Swagger document: %w", err)
	}
	if v, _ := sw["swagger"].(string); v != "2.0" {
		return nil, fmt.Errorf("the generated document is Swagger %q, want 2.0", v)
	}
	info, _ := sw["info"].(map[string]any)
	if info == nil {
		info = map[string]any{}
	}
	info["title"] = "arbiter HTTP/JSON API: repetition rulings for xiangqi, banqi and chu shogi"
	info["description"] = "The rule arbiter of the xiangqi family: xiangqi (Chinese CXA 2020 and Asian AXF/WXF rulebooks), " +
		"banqi and chu shogi. Every call is a unary RPC of arbiter.v1.ArbiterService mapped to HTTP/JSON by grpc-gateway; " +
		"the per-game stream PlayGame is gRPC only. A ruleset id names its game (chinese, asian; banqi-*; chu-*; see " +
		"GET /v1/rulesets) and says how the position (fen) and the moves are read.\n\n" +
		"Field names are the protobuf JSON names (lowerCamelCase; snake_case is accepted in requests); enums are their " +
		"names; unset fields are omitted from answers; an unknown request field is HTTP 400, not ignored.\n\n" +
		"Errors: every error answer is a google.rpc.Status (code, message, details[]). Bad input is HTTP 400 with a " +
		"google.rpc.BadRequest naming the field and a google.rpc.ErrorInfo with the machine-readable reason; a size or " +
		"length limit is 413; a draining server is 503.\n\n" +
		"Browsers: the API answers cross-origin calls only from the origins the server allows " +
		"(arbiter serve --cors-origins); by default none.\n\n" +
		"The README's \"Integrating a site\" walks through a site's move loop in JavaScript and Python against this API " +
		"and in Go against gRPC."
	tags := []any{map[string]any{"name": "ArbiterService",
		"description": "Rulings on one history (Adjudicate), several rulesets side by side (Compare), the rulesets, and the casebook of rulebook cases."}}
	out := map[string]any{
		"openapi": openAPIVersion,
		"info":    info,
		"servers": []any{map[string]any{"url": "/", "description": "the server this document is served by (arbiter serve --http-addr)"}},
		"tags":    tags,
	}
	defs, _ := sw["definitions"].(map[string]any)
	schemas := map[string]any{}
	for name, s := range defs {
		schemas[name] = convertSchema(s)
	}
	responses := map[string]any{}
	for _, e := range openAPIErrors {
		responses[e.name] = map[string]any{
			"description": e.description,
			"content": map[string]any{"application/json": map[string]any{
				"schema": map[string]any{"$ref": "#/components/schemas/rpcStatus"}}},
		}
	}
	out["components"] = map[string]any{"schemas": schemas, "responses": responses}

	paths := map[string]any{}
	swPaths, _ := sw["paths"].(map[string]any)
	seen := map[string]bool{}
	for path, item := range swPaths {
		ops, _ := item.(map[string]any)
		outItem := map[string]any{}
		for method, o := range ops {
			op, _ := o.(map[string]any)
			if op == nil {
				continue
			}
			id, _ := op["operationId"].(string)
			ex, ok := examples[id]
			if !ok {
				return nil, fmt.Errorf("no example for operation %s (%s %s) in openapi_examples.json", id, strings.ToUpper(method), path)
			}
			seen[id] = true
			converted, err := convertOperation(method, path, op, ex)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", id, err)
			}
			outItem[method] = converted
		}
		paths[path] = outItem
	}
	for id := range examples {
		if !seen[id] {
			return nil, fmt.Errorf("openapi_examples.json has an example for %s, which the API does not have", id)
		}
	}
	out["paths"] = paths
	return out, nil
}

func convertOperation(method, path string, op map[string]any, ex operationExamples) (map[string]any, error) {
	out := map[string]any{}
	for _, k := range []string{"summary", "description", "operationId", "tags", "deprecated"} {
		if v, ok := op[k]; ok {
			out[k] = v
		}
	}
	var params []any
	params2, _ := op["parameters"].([]any)
	for _, p := range params2 {
		pm, _ := p.(map[string]any)
		if pm == nil {
			continue
		}
		if pm["in"] == "body" {
			body := map[string]any{
				"required": pm["required"] == true,
				"content": map[string]any{"application/json": map[string]any{
					"schema": convertSchema(pm["schema"]),
				}},
			}
			if d, ok := pm["description"]; ok {
				body["description"] = d
			}
			if ex.Request == nil {
				return nil, fmt.Errorf("no example request body")
			}
			body["content"].(map[string]any)["application/json"].(map[string]any)["examples"] = map[string]any{
				"example": map[string]any{"summary": ex.Summary, "value": ex.Request}}
			out["requestBody"] = body
			continue
		}
		np := map[string]any{"name": pm["name"], "in": pm["in"]}
		if d, ok := pm["description"]; ok {
			np["description"] = d
		}
		if pm["required"] == true || pm["in"] == "path" {
			np["required"] = true
		}
		schema := map[string]any{}
		for _, k := range []string{"type", "format", "enum", "default", "items", "pattern", "minimum", "maximum"} {
			if v, ok := pm[k]; ok {
				schema[k] = convertSchema(v)
			}
		}
		np["schema"] = schema
		if v, ok := ex.Parameters[fmt.Sprint(pm["name"])]; ok {
			np["example"] = v
		}
		params = append(params, np)
	}
	if len(params) > 0 {
		out["parameters"] = params
	}
	responses := map[string]any{}
	swResp, _ := op["responses"].(map[string]any)
	ok200, _ := swResp["200"].(map[string]any)
	if ok200 == nil {
		return nil, fmt.Errorf("no 200 answer")
	}
	responses["200"] = map[string]any{
		"description": "The answer.",
		"content": map[string]any{"application/json": map[string]any{
			"schema":   convertSchema(ok200["schema"]),
			"examples": map[string]any{"example": map[string]any{"summary": ex.Summary, "value": ex.Response}},
		}},
	}
	for _, code := range openAPIErrorsOf(method, path) {
		for _, e := range openAPIErrors {
			if e.code != code {
				continue
			}
			r := map[string]any{"$ref": "#/components/responses/" + e.name}
			if v, ok := ex.Errors[code]; ok { // the example of this call's own error
				r = map[string]any{"description": e.description, "content": map[string]any{"application/json": map[string]any{
					"schema":   map[string]any{"$ref": "#/components/schemas/rpcStatus"},
					"examples": map[string]any{"example": map[string]any{"value": v}},
				}}}
			}
			responses[code] = r
		}
	}
	for code := range ex.Errors {
		if _, ok := responses[code]; !ok {
			return nil, fmt.Errorf("an example of HTTP %s, which the operation does not list", code)
		}
	}
	out["responses"] = responses
	return out, nil
}

// convertSchema rewrites a Swagger 2.0 schema as an OpenAPI 3.0 one: references point at
// components/schemas, and a reference with other keys beside it (a description, which
// OpenAPI 3.0 would ignore) becomes allOf of the reference with those keys.
func convertSchema(v any) any {
	switch s := v.(type) {
	case map[string]any:
		out := map[string]any{}
		keys := make([]string, 0, len(s))
		for k := range s {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			val := s[k]
			if k == "$ref" {
				if ref, ok := val.(string); ok {
					val = strings.Replace(ref, "#/definitions/", "#/components/schemas/", 1)
				}
				out[k] = val
				continue
			}
			out[k] = convertSchema(val)
		}
		if ref, ok := out["$ref"]; ok && len(out) > 1 {
			delete(out, "$ref")
			delete(out, "type") // "type": "object" beside a reference says nothing more
			if len(out) == 0 {
				return map[string]any{"$ref": ref}
			}
			out["allOf"] = []any{map[string]any{"$ref": ref}}
		}
		return out
	case []any:
		out := make([]any, len(s))
		for i, x := range s {
			out[i] = convertSchema(x)
		}
		return out
	}
	return v
}
