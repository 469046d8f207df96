package web

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protojson"

	arbiterv1 "github.com/arbiter-xq/arbiter/proto/arbiter/v1"
)

// errorDomain is the google.rpc.ErrorInfo domain of errors raised here (as in server).
const errorDomain = "arbiter.v1"

// reasonBodyTooLarge is the ErrorInfo reason of a request body over the size limit.
const reasonBodyTooLarge = "MESSAGE_TOO_LARGE"

// jsonMarshaler writes and reads protobuf JSON exactly as `arbiter judge --json` prints it:
// lowerCamelCase names, enums by name, unset fields omitted, compacted (protojson varies
// its spacing from build to build; the same request gives the same bytes). Unknown fields
// in a request are an error (HTTP 400 naming the field), not silently dropped: a misspelt
// "fen" would otherwise rule on the start position.
var jsonMarshaler = compactJSON{&runtime.JSONPb{
	MarshalOptions:   protojson.MarshalOptions{},
	UnmarshalOptions: protojson.UnmarshalOptions{},
}}

// compactJSON is the gateway's protobuf JSON marshaler with compacted output.
type compactJSON struct{ *runtime.JSONPb }

// Marshal writes v as protobuf JSON without insignificant spaces.
func (m compactJSON) Marshal(v any) ([]byte, error) {
	b, err := m.JSONPb.Marshal(v)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := json.Compact(&buf, b); err != nil {
		return b, nil // not JSON after all: as it is
	}
	return buf.Bytes(), nil
}

// NewDecoder reads one JSON value from r and refuses anything after it but white space:
// `{"ruleset":"chinese"}xxx` or two objects are a malformed body (HTTP 400), where the
// gateway's decoder read the first value and ignored the rest.
func (m compactJSON) NewDecoder(r io.Reader) runtime.Decoder {
	return runtime.DecoderFunc(func(v any) error {
		b, err := io.ReadAll(r) // the body is already in memory, bounded by limitBody
		if err != nil {
			return err
		}
		if err := m.JSONPb.NewDecoder(bytes.NewReader(b)).Decode(v); err != nil {
			return err
		}
		d := json.NewDecoder(bytes.NewReader(b))
		var first json.RawMessage
		if err := d.Decode(&first); err != nil {
			return err
		}
		if _, err := d.Token(); err != io.EOF {
			return fmt.Errorf("unexpected data after the JSON value at byte %d of the body", d.InputOffset())
		}
		return nil
	})
}

// newGateway returns the grpc-gateway mux for the service behind conn.
func newGateway(ctx context.Context, conn grpc.ClientConnInterface) (*runtime.ServeMux, error) {
	mux := runtime.NewServeMux(
		runtime.WithMarshalerOption(runtime.MIMEWildcard, jsonMarshaler),
		runtime.WithErrorHandler(errorHandler),
		runtime.WithRoutingErrorHandler(routingErrorHandler),
		runtime.WithOutgoingHeaderMatcher(outgoingHeader),
	)
	if err := arbiterv1.RegisterArbiterServiceHandlerClient(ctx, mux, arbiterv1.NewArbiterServiceClient(conn)); err != nil {
		return nil, err
	}
	return mux, nil
}

// outgoingHeader forwards the service's response metadata as Grpc-Metadata-* headers (the
// gateway's default), except the gRPC transport's own content-type.
func outgoingHeader(key string) (string, bool) {
	if key == "content-type" {
		return "", false
	}
	return runtime.MetadataHeaderPrefix + key, true
}

// errorHandler is the gateway's default error handler (the google.rpc.Status as JSON, with
// its details, and the HTTP code of the gRPC code), except that ResourceExhausted is 413
// Content Too Large rather than 429 Too Many Requests: every unary limit of this service
// is a size or length limit (plies, message bytes), never a rate limit, and retrying the
// same request cannot succeed.
//
// A request the gateway cannot decode (a body that is no JSON, an unknown field, a query
// or path parameter of the wrong type) gets the shape of every other bad input: a
// BadRequest field violation naming the body or the parameter, with the ErrorInfo reason
// MALFORMED_MESSAGE the gRPC server gives an undecodable message.
func errorHandler(ctx context.Context, mux *runtime.ServeMux, m runtime.Marshaler, w http.ResponseWriter, r *http.Request, err error) {
	if st, ok := status.FromError(err); ok && st.Code() == codes.InvalidArgument && len(st.Details()) == 0 {
		err = fieldStatus(codes.InvalidArgument, undecodedField(st.Message()), reasonMalformed,
			"the request cannot be decoded: "+st.Message(), nil).Err()
	}
	if status.Code(err) == codes.ResourceExhausted {
		err = &runtime.HTTPStatusError{HTTPStatus: http.StatusRequestEntityTooLarge, Err: err}
	}
	runtime.DefaultHTTPErrorHandler(ctx, mux, m, w, r, err)
}

// reasonMalformed is the ErrorInfo reason of a request that cannot be decoded (as in
// server).
const reasonMalformed = "MALFORMED_MESSAGE"

// undecodedField names what the gateway could not decode, from its message: a query
// parameter (`parsing field "page_size": ...`), a path parameter (`missing parameter id`,
// `type mismatch, parameter: id, ...`), or else the body.
func undecodedField(msg string) string {
	if rest, ok := strings.CutPrefix(msg, `parsing field "`); ok {
		if name, _, ok := strings.Cut(rest, `"`); ok && name != "" {
			return name
		}
	}
	for _, prefix := range []string{"missing parameter ", "type mismatch, parameter: "} {
		if rest, ok := strings.CutPrefix(msg, prefix); ok {
			name, _, _ := strings.Cut(rest, ",")
			if name = strings.TrimSpace(name); name != "" {
				return name
			}
		}
	}
	return "body"
}

// routingErrorHandler answers a path the API does not have with 404 and a method a path
// does not take with 405 Method Not Allowed (the gateway's default says 501 Not
// Implemented, which reads as "the server cannot do this at all").
func routingErrorHandler(ctx context.Context, mux *runtime.ServeMux, m runtime.Marshaler, w http.ResponseWriter, r *http.Request, httpStatus int) {
	if httpStatus == http.StatusMethodNotAllowed {
		err := status.Errorf(codes.Unimplemented, "%s is not allowed on %s (see /openapi.json)", r.Method, r.URL.Path)
		errorHandler(ctx, mux, m, w, r, &runtime.HTTPStatusError{HTTPStatus: http.StatusMethodNotAllowed, Err: err})
		return
	}
	runtime.DefaultRoutingErrorHandler(ctx, mux, m, w, r, httpStatus)
}

// writeStatus writes st as the gateway writes errors: its JSON with the details, and code.
func writeStatus(w http.ResponseWriter, code int, st *status.Status) {
	b, err := jsonMarshaler.Marshal(st.Proto())
	if err != nil { // cannot happen: the details are registered message types
		http.Error(w, st.Message(), code)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(code)
	w.Write(b) //nolint:errcheck // the client went away
}

// fieldStatus builds a status with one BadRequest field violation and an ErrorInfo, the
// shape of the service's own errors.
func fieldStatus(code codes.Code, field, reason, description string, meta map[string]string) *status.Status {
	if meta == nil {
		meta = map[string]string{}
	}
	meta["field"] = field
	st := status.New(code, field+": "+description)
	if d, err := st.WithDetails(
		&errdetails.BadRequest{FieldViolations: []*errdetails.BadRequest_FieldViolation{{
			Field: field, Description: description, Reason: reason}}},
		&errdetails.ErrorInfo{Reason: reason, Domain: errorDomain, Metadata: meta},
	); err == nil {
		st = d
	}
	return st
}

// readBody reads the whole request body when it is at most limit bytes; otherwise it
// answers 413 with a ResourceExhausted status (as the gRPC server does for a message over
// its limit) and returns false.
func readBody(w http.ResponseWriter, r *http.Request, limit int) ([]byte, bool) {
	tooLarge := func() ([]byte, bool) {
		writeStatus(w, http.StatusRequestEntityTooLarge, fieldStatus(codes.ResourceExhausted, "body", reasonBodyTooLarge,
			fmt.Sprintf("the request body exceeds the server's limit of %d bytes", limit),
			map[string]string{"limit": strconv.Itoa(limit)}))
		return nil, false
	}
	if r.ContentLength > int64(limit) {
		return tooLarge()
	}
	b, err := io.ReadAll(io.LimitReader(r.Body, int64(limit)+1))
	if err != nil {
		writeStatus(w, http.StatusBadRequest, fieldStatus(codes.InvalidArgument, "body", "UNREADABLE_BODY",
			"the request body cannot be read: "+err.Error(), nil))
		return nil, false
	}
	if len(b) > limit {
		return tooLarge()
	}
	return b, true
}

// validUTF8 answers HTTP 400 (a field violation, reason MALFORMED_MESSAGE) for a path
// or query parameter that is not valid UTF-8, before the gateway puts it in a protobuf
// string field, which cannot hold it: the in-process call would fail to marshal and the
// client see 500 Internal for its own bad input.
func validUTF8(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		field := ""
		if !utf8.ValidString(r.URL.Path) {
			field = "path"
			if strings.HasPrefix(r.URL.Path, "/v1/cases/") {
				field = "id"
			}
		}
		for k, vs := range r.URL.Query() {
			for _, v := range vs {
				if field == "" && (!utf8.ValidString(k) || !utf8.ValidString(v)) {
					field = k
					if !utf8.ValidString(k) {
						field = "query"
					}
				}
			}
		}
		if field != "" {
			writeStatus(w, http.StatusBadRequest, fieldStatus(codes.InvalidArgument, field, reasonMalformed,
				"is not valid UTF-8", nil))
			return
		}
		next.ServeHTTP(w, r)
	})
}

// limitBody makes next see a body of at most limit bytes, read in full beforehand; a
// larger one is answered 413 before next runs.
func limitBody(limit int, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Body == nil || r.Body == http.NoBody {
			next.ServeHTTP(w, r)
			return
		}
		b, ok := readBody(w, r, limit)
		if !ok {
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(b))
		r.ContentLength = int64(len(b))
		next.ServeHTTP(w, r)
	})
}
