package record

import (
	"bytes"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/arbiter-xq/arbiter/pgn"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"
	"golang.org/x/text/transform"
)

// codec decodes the byte strings of one file, in the encoding chosen once for all of
// them.
type codec struct {
	enc pgn.Encoding // 0 while the file's strings are all ASCII
	dec *encoding.Decoder
}

// newCodec chooses the encoding of a file from all its strings together, as the PGN
// reader does for a whole file: ASCII needs none, valid UTF-8 is UTF-8, otherwise GBK
// or Big5, whichever decodes better (GBK on a tie).
func newCodec(samples [][]byte) *codec {
	ascii := true
	for _, s := range samples {
		for _, c := range s {
			if c >= utf8.RuneSelf {
				ascii = false
				break
			}
		}
	}
	if ascii {
		return &codec{}
	}
	all := bytes.Join(samples, []byte{'\n'})
	_, enc, _ := pgn.Decode(all)
	c := &codec{enc: enc}
	switch enc {
	case pgn.GBK:
		c.dec = simplifiedchinese.GB18030.NewDecoder()
	case pgn.Big5:
		c.dec = traditionalchinese.Big5.NewDecoder()
	}
	return c
}

// name returns the encoding's name, "" for ASCII.
func (c *codec) name() string {
	if c.enc == 0 {
		return ""
	}
	return c.enc.String()
}

// decode converts b to UTF-8; bad is the byte offset of the first sequence that is
// invalid in the encoding (replaced by U+FFFD), -1 if none.
func (c *codec) decode(b []byte) (s string, bad int) {
	if c.dec == nil {
		if utf8.Valid(b) {
			return string(b), -1
		}
		return strings.ToValidUTF8(string(b), "\uFFFD"), firstInvalidUTF8(b)
	}
	plain := true
	for _, x := range b {
		if x >= utf8.RuneSelf {
			plain = false
			break
		}
	}
	if plain {
		return string(b), -1
	}
	c.dec.Reset()
	out, _, err := transform.Bytes(c.dec, b)
	if err != nil {
		return strings.ToValidUTF8(string(b), "\uFFFD"), 0
	}
	if bytes.ContainsRune(out, utf8.RuneError) {
		return string(out), c.firstInvalid(b)
	}
	return string(out), -1
}

// firstInvalid finds the first sequence of b the decoder replaces, one character at a
// time (only called when there is one).
func (c *codec) firstInvalid(b []byte) int {
	var dst [4]byte
	for i := 0; i < len(b); {
		if b[i] < utf8.RuneSelf {
			i++
			continue
		}
		end := min(len(b), i+4)
		c.dec.Reset()
		// Room for one BMP character (3 bytes); a GB18030 four-byte sequence may
		// need 4.
		nDst, nSrc, _ := c.dec.Transform(dst[:3], b[i:end], end == len(b))
		if nSrc == 0 {
			c.dec.Reset()
			nDst, nSrc, _ = c.dec.Transform(dst[:4], b[i:end], end == len(b))
		}
		if nSrc == 0 {
			return i
		}
		if r, _ := utf8.DecodeRune(dst[:nDst]); r == utf8.RuneError {
			return i
		}
		i += nSrc
	}
	return 0
}

func firstInvalidUTF8(b []byte) int {
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n == 1 {
			return i
		}
		i += n
	}
	return -1
}

// cstring returns b up to its first NUL.
func cstring(b []byte) []byte {
	if i := bytes.IndexByte(b, 0); i >= 0 {
		return b[:i]
	}
	return b
}

// utf16LE decodes NUL-terminated UTF-16LE text; unpaired surrogates become U+FFFD.
func utf16LE(b []byte) (string, bool) {
	u := make([]uint16, 0, len(b)/2)
	for i := 0; i+1 < len(b); i += 2 {
		v := uint16(b[i]) | uint16(b[i+1])<<8
		if v == 0 {
			break
		}
		u = append(u, v)
	}
	rs := utf16.Decode(u)
	ok := true
	for _, r := range rs {
		if r == utf8.RuneError {
			ok = false
			break
		}
	}
	return string(rs), ok
}

// normText turns CRLF and CR into LF, other control characters (NUL, ...) but tab
// into spaces, and trims the text.
func normText(s string) string {
	if strings.IndexByte(s, '\r') >= 0 {
		s = strings.ReplaceAll(s, "\r\n", "\n")
		s = strings.ReplaceAll(s, "\r", "\n")
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 && c != '\n' && c != '\t' || c == 0x7f {
			s = strings.Map(func(r rune) rune {
				if r < 0x20 && r != '\n' && r != '\t' || r == 0x7f {
					return ' '
				}
				return r
			}, s)
			break
		}
	}
	return strings.TrimSpace(s)
}
