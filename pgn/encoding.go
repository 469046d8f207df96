package pgn

import (
	"bytes"
	"fmt"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"
)

// Encoding is the character encoding of a PGN file.
type Encoding int

// The encodings Decode and the readers recognise. The zero value means
// "not detected yet".
const (
	UTF8 Encoding = iota + 1 // UTF-8, with or without a byte order mark
	GBK                      // GBK, decoded as its superset GB18030 (simplified Chinese)
	Big5                     // Big5 (traditional Chinese)
)

// String returns the usual name of the encoding.
func (e Encoding) String() string {
	switch e {
	case UTF8:
		return "UTF-8"
	case GBK:
		return "GBK"
	case Big5:
		return "Big5"
	}
	return fmt.Sprintf("Encoding(%d)", int(e))
}

// decoder returns a fresh decoder for e; nil for UTF-8.
func (e Encoding) decoder() *encoding.Decoder {
	switch e {
	case GBK:
		return simplifiedchinese.GB18030.NewDecoder()
	case Big5:
		return traditionalchinese.Big5.NewDecoder()
	}
	return nil
}

// EncodingError reports input that is not valid in the encoding it was read
// as (for Decode and Read: in any of the supported encodings).
type EncodingError struct {
	Encoding Encoding // the encoding tried (the best candidate when none fits)
	Line     int      // 1-based line of the first invalid byte sequence
}

func (e *EncodingError) Error() string {
	return fmt.Sprintf("pgn: line %d: invalid %v byte sequence", e.Line, e.Encoding)
}

var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// script is the writing system a xiangqi character belongs to.
type script int

const (
	notXiangqi  script = iota
	shared             // written the same in simplified and traditional Chinese
	simplified         // simplified only (GBK)
	traditional        // traditional only (Big5)
)

// xiangqiScript classifies the characters of xiangqi notation and game
// records. A correct decoding of a record is full of them; a decoding in the
// wrong encoding turns them into unrelated characters.
func xiangqiScript(r rune) script {
	switch r {
	case '炮', '砲', '兵', '卒', '士', '仕', '相', '象', '平', '退', '前', '中',
		'一', '二', '三', '四', '五', '六', '七', '八', '九',
		'０', '１', '２', '３', '４', '５', '６', '７', '８', '９', '黑', '和':
		return shared
	case '车', '马', '帅', '将', '进', '后', '红', '胜', '负':
		return simplified
	case '車', '馬', '帥', '將', '進', '後', '俥', '傌', '紅', '勝', '負':
		return traditional
	}
	return notXiangqi
}

// scriptScore counts the runes of b that belong to the xiangqi vocabulary
// of the given script, and the replacement characters (invalid sequences).
func scriptScore(b []byte, own script) (score, invalid int) {
	for len(b) > 0 {
		if b[0] < utf8.RuneSelf {
			b = b[1:]
			continue
		}
		r, size := utf8.DecodeRune(b)
		b = b[size:]
		if r == utf8.RuneError {
			invalid++
		} else if s := xiangqiScript(r); s == shared || s == own {
			score++
		}
	}
	return score, invalid
}

// Decode converts a PGN file to UTF-8 text, detecting its encoding: a UTF-8
// byte order mark or valid UTF-8 means UTF-8; otherwise the data is decoded
// as GB18030 (GBK) and as Big5, and the decoding without invalid sequences
// that contains more xiangqi characters of its script wins (GBK on a tie).
// If no encoding decodes the data cleanly, Decode returns the best attempt
// and an *EncodingError.
func Decode(data []byte) (string, Encoding, error) {
	text, enc, err := decode(data)
	return string(text), enc, err
}

// decode is Decode without the final copy; UTF-8 input is returned as is.
func decode(data []byte) ([]byte, Encoding, error) {
	if rest, ok := bytes.CutPrefix(data, utf8BOM); ok {
		if !utf8.Valid(rest) {
			return rest, UTF8, &EncodingError{Encoding: UTF8, Line: invalidUTF8Line(rest)}
		}
		return rest, UTF8, nil
	}
	return detect(data)
}

// detect is decode without the byte-order-mark rule, for data that does not start a
// file (the streaming reader's sample from the middle of the input).
func detect(data []byte) ([]byte, Encoding, error) {
	if utf8.Valid(data) {
		return data, UTF8, nil
	}
	gbk, gbkScore, gbkBad := decodeAs(data, GBK)
	big5, big5Score, big5Bad := decodeAs(data, Big5)
	switch {
	case gbkBad == 0 && big5Bad == 0:
		if big5Score > gbkScore {
			return big5, Big5, nil
		}
		return gbk, GBK, nil
	case gbkBad == 0:
		return gbk, GBK, nil
	case big5Bad == 0:
		return big5, Big5, nil
	}
	best, enc := gbk, GBK
	if big5Bad < gbkBad || big5Bad == gbkBad && big5Score > gbkScore {
		best, enc = big5, Big5
	}
	bad := max(bytes.Index(best, []byte(string(utf8.RuneError))), 0)
	return best, enc, &EncodingError{Encoding: enc, Line: 1 + bytes.Count(best[:bad], []byte("\n"))}
}

// decodeAs decodes data with a multi-byte Chinese encoding and scores it.
func decodeAs(data []byte, enc Encoding) (text []byte, score, invalid int) {
	out, err := enc.decoder().Bytes(data)
	if err != nil { // not expected: the decoders replace invalid input
		return out, 0, len(data) + 1
	}
	own := simplified
	if enc == Big5 {
		own = traditional
	}
	score, invalid = scriptScore(out, own)
	return out, score, invalid
}

// invalidUTF8Line returns the line of the first invalid UTF-8 sequence.
func invalidUTF8Line(b []byte) int {
	line := 1
	for len(b) > 0 {
		r, n := utf8.DecodeRune(b)
		if r == utf8.RuneError && n == 1 {
			break
		}
		if r == '\n' {
			line++
		}
		b = b[n:]
	}
	return line
}
