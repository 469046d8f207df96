package pgn

import (
	"bytes"
	"fmt"
)

// BinaryError reports input that is no text at all: compressed data, an archive, an
// image, a UTF-16 file, or bytes with NUL in them. Kind says what the input looks like
// ("gzip-compressed data"), so a person learns what they gave instead of an encoding
// error on line 1.
type BinaryError struct {
	Kind string
}

func (e *BinaryError) Error() string {
	return fmt.Sprintf("pgn: not a PGN text file: %s", e.Kind)
}

// sniffSize is how much of the input sniffBinary looks at.
const sniffSize = 8 << 10

// magics are the signatures of the binary formats people most often mistake for a
// game file.
var magics = []struct {
	prefix string
	kind   string
}{
	{"\x1f\x8b", "gzip-compressed data"},
	{"PK\x03\x04", "a ZIP archive"},
	{"BZh", "bzip2-compressed data"},
	{"\xfd7zXZ\x00", "xz-compressed data"},
	{"\x28\xb5\x2f\xfd", "zstd-compressed data"},
	{"7z\xbc\xaf\x27\x1c", "a 7-Zip archive"},
	{"Rar!\x1a\x07", "a RAR archive"},
	{"%PDF-", "a PDF document"},
	{"\x89PNG\r\n\x1a\n", "a PNG image"},
	{"\xff\xd8\xff", "a JPEG image"},
	{"GIF8", "a GIF image"},
	{"\x7fELF", "an executable (ELF)"},
	{"SQLite format 3\x00", "an SQLite database"},
	{"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "an old Microsoft Office document (.doc, .xls)"},
	{"\xff\xfe", "UTF-16 text (save it as UTF-8, GBK or Big5)"},
	{"\xfe\xff", "UTF-16 text (save it as UTF-8, GBK or Big5)"},
}

// sniffBinary returns a *BinaryError when head, the start of the input, is not text.
// Read and the streaming Reader look at the same sniffSize bytes, so they agree.
func sniffBinary(head []byte) error {
	head = head[:min(len(head), sniffSize)]
	for _, m := range magics {
		if bytes.HasPrefix(head, []byte(m.prefix)) {
			return &BinaryError{Kind: m.kind}
		}
	}
	if bytes.IndexByte(head, 0) >= 0 {
		return &BinaryError{Kind: "binary data (it contains NUL bytes; UTF-16 text must be saved as UTF-8, GBK or Big5)"}
	}
	return nil
}
