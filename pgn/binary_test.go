package pgn

import (
	"bytes"
	"compress/gzip"
	"errors"
	"strings"
	"testing"
)

func TestBinaryInput(t *testing.T) {
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte("id\tfen\tmoves\tresult\n"))
	zw.Close()
	tests := []struct {
		name string
		data []byte
		kind string
	}{
		{"gzip", gz.Bytes(), "gzip-compressed data"},
		{"zip", []byte("PK\x03\x04\x14\x00rest"), "ZIP archive"},
		{"png", []byte("\x89PNG\r\n\x1a\n\x00\x00"), "PNG image"},
		{"utf16", []byte("\xff\xfe[\x00E\x00"), "UTF-16 text"},
		{"nul", []byte("[Event \"x\"]\n\x00\x01\x02"), "NUL bytes"},
	}
	for _, tt := range tests {
		for reader, read := range map[string]func([]byte) error{
			"Read": func(b []byte) error { _, err := Read(bytes.NewReader(b)); return err },
			"Reader": func(b []byte) error {
				_, err := NewReader(bytes.NewReader(b)).Next()
				return err
			},
		} {
			err := read(tt.data)
			var be *BinaryError
			if !errors.As(err, &be) || !strings.Contains(err.Error(), tt.kind) {
				t.Errorf("%s %s: %v; want a *BinaryError saying %q", tt.name, reader, err, tt.kind)
			}
		}
	}
	// Text, GBK included, is not binary.
	for _, text := range []string{"", "[Event \"x\"]\n1. h2e2 *\n", "[Event \"\xb2\xe2\xca\xd4\"]\n1. h2e2 *\n"} {
		if _, err := Read(strings.NewReader(text)); err != nil {
			t.Errorf("%q: %v", text, err)
		}
	}
}
