package main

import (
	"bytes"
	"encoding/json"
)

// compactJSON removes the whitespace protojson adds (whose spacing it randomises
// between builds on purpose), so that the same input gives the same bytes.
func compactJSON(b []byte) []byte {
	var buf bytes.Buffer
	if err := json.Compact(&buf, b); err != nil {
		return b
	}
	return buf.Bytes()
}
