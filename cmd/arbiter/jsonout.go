package main

import (
	"bytes"
	"encoding/json"

	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	arbiterv1 "github.com/arbiter-xq/arbiter/proto/arbiter/v1"
)

// protoJSONLine returns m as protobuf JSON on one line, ending in '\n'. protojson
// deliberately varies its spacing from build to build (so nobody relies on it); the
// CLI compacts its output so the same input gives the same bytes with every build, for
// diff and for golden files. Keys are protobuf JSON's lowerCamelCase, enum values their
// full names, map entries sorted by key.
func protoJSONLine(m proto.Message) ([]byte, error) {
	b, err := protojson.Marshal(m)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := json.Compact(&buf, b); err != nil {
		return nil, err
	}
	buf.WriteByte('\n')
	return buf.Bytes(), nil
}

// jsonLine returns v as encoding/json on one line, ending in '\n' (encoding/json is
// deterministic: struct fields in order, map keys sorted).
func jsonLine(v any) ([]byte, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// sourceJSON is a game's identity as protobuf JSON, for embedding in the CLI's own JSON
// objects with the same bytes judge --json writes; nil for a history given directly.
func sourceJSON(src *arbiterv1.GameSource) (json.RawMessage, error) {
	if src == nil {
		return nil, nil
	}
	b, err := protoJSONLine(src)
	if err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b, []byte("\n")), nil
}

// errorLine is the JSON line of a game that could not be judged:
// {"source":{...},"error":"moves[3]: ..."}.
func errorLine(src *arbiterv1.GameSource, msg string) ([]byte, error) {
	raw, err := sourceJSON(src)
	if err != nil {
		return nil, err
	}
	return jsonLine(struct {
		Source json.RawMessage `json:"source,omitempty"`
		Error  string          `json:"error"`
	}{raw, msg})
}
