package pgn

import (
	"bufio"
	"bytes"
	"io"

	"golang.org/x/text/transform"
)

// sampleSize is how much of a stream the Reader looks at to detect its
// encoding.
const sampleSize = 64 << 10

// autoReader turns a PGN byte stream in any supported encoding into UTF-8.
// ASCII passes through until the first non-ASCII byte; the encoding is then
// chosen with Decode's rules from the next 64 KiB, cut at a line end.
type autoReader struct {
	src     *bufio.Reader // raw bytes
	enc     Encoding      // zero until the first Read
	decided bool          // enc is final and out is set
	out     io.Reader     // the decoded stream, once decided
}

func (a *autoReader) Read(p []byte) (int, error) {
	if a.decided {
		return a.out.Read(p)
	}
	if a.enc == 0 {
		head, err := a.src.Peek(sniffSize)
		if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
			return 0, err
		}
		if err := sniffBinary(head); err != nil {
			return 0, err
		}
		a.enc = UTF8
		if head, _ := a.src.Peek(len(utf8BOM)); bytes.Equal(head, utf8BOM) {
			a.src.Discard(len(utf8BOM))
			a.decide(UTF8)
			return a.out.Read(p)
		}
	}
	// Pass ASCII through.
	n := 0
	for n < len(p) {
		buf, err := a.src.Peek(1)
		if err != nil {
			if n > 0 {
				return n, nil
			}
			return 0, err
		}
		if buf[0] >= 0x80 {
			break
		}
		buf, _ = a.src.Peek(min(a.src.Buffered(), len(p)-n))
		k := 0
		for k < len(buf) && buf[k] < 0x80 {
			k++
		}
		n += copy(p[n:], buf[:k])
		a.src.Discard(k)
	}
	if n > 0 {
		return n, nil
	}
	// The first non-ASCII byte: choose the encoding from what follows.
	sample, err := a.src.Peek(sampleSize)
	if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
		return 0, err
	}
	if err == nil {
		// Cut at a line end: '\n' is never part of a multi-byte
		// character in UTF-8, GBK, GB18030 or Big5.
		if i := bytes.LastIndexByte(sample, '\n'); i >= 0 {
			sample = sample[:i+1]
		}
	}
	// Not Decode: a byte order mark means something only at the start of the input,
	// which the reader has already handled.
	_, enc, _ := detect(sample) // invalid bytes are reported, with a line, by the scanner
	a.decide(enc)
	return a.out.Read(p)
}

func (a *autoReader) decide(enc Encoding) {
	a.enc, a.decided = enc, true
	if d := enc.decoder(); d != nil {
		a.out = transform.NewReader(a.src, d)
	} else {
		a.out = a.src
	}
}
