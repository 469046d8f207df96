package pgn

import (
	"bufio"
	"fmt"
	"io"
	"unicode"
	"unicode/utf8"
)

// SyntaxError reports malformed PGN: an unterminated tag, comment or
// variation, or a stray closing bracket.
type SyntaxError struct {
	Line, Col int // 1-based; Col counts characters, not bytes
	Reason    string
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("pgn: line %d, column %d: %s", e.Line, e.Col, e.Reason)
}

// Reader reads games one at a time from a PGN stream, for files too big to
// hold in memory. The encoding is detected from the 64 KiB that follow the
// first non-ASCII byte (ASCII reads the same in all supported encodings).
type Reader struct {
	auto autoReader
	s    scanner
	err  error // sticky
}

// NewReader returns a Reader that reads games from r.
func NewReader(r io.Reader) *Reader {
	rd := &Reader{auto: autoReader{src: bufio.NewReaderSize(r, sampleSize)}}
	rd.s = scanner{src: &rd.auto, auto: &rd.auto, line: 1, col: 1}
	return rd
}

// Encoding returns the encoding of the stream as far as it has been read:
// zero before the first call to Next, UTF8 while the input is plain ASCII or
// starts with a byte order mark, then the detected encoding.
func (r *Reader) Encoding() Encoding { return r.auto.enc }

// Next returns the next game, or io.EOF when there are no more. After an
// error, Next keeps returning it.
func (r *Reader) Next() (*Game, error) {
	if r.err != nil {
		return nil, r.err
	}
	g, err := r.s.game()
	if err != nil {
		r.err = err
	}
	return g, err
}

// Read reads all games of a PGN file, detecting its encoding with Decode
// over the whole input. On a syntax error it returns the games before it.
func Read(r io.Reader) ([]*Game, error) { return ReadLimit(r, 0) }

// maxCachedTokens bounds the token cache.
const maxCachedTokens = 4096

// scanner splits decoded PGN text into games.
type scanner struct {
	src  io.Reader   // UTF-8 input after in; nil once exhausted or if in holds all of it
	in   []byte      // input window
	pos  int         // offset of the next rune in in
	enc  Encoding    // of the text, if known in advance (Read)
	auto *autoReader // the decoding stream, for NewReader

	r         rune  // the peeked rune, if size > 0
	size      int   // its length in bytes; 0 if nothing is peeked
	err       error // io.EOF at the end of input, or what stopped the scanner
	srcErr    error // the error src returned, reported after the data before it
	line, col int   // position of the next rune
	afterCR   bool  // the last rune was '\r': a following '\n' ends the same line

	text   []byte            // token or tag text being read
	tokens map[string]string // recent tokens, to share their strings
}

// windowSize is the size of the input window when reading from a stream.
const windowSize = 32 << 10

// fill reads more input, keeping the unread part of the window.
func (s *scanner) fill() {
	if s.pos > 0 {
		n := copy(s.in, s.in[s.pos:])
		s.in, s.pos = s.in[:n], 0
	}
	if cap(s.in) < windowSize {
		s.in = append(make([]byte, 0, windowSize), s.in...)
	}
	for empty := 0; len(s.in) < utf8.UTFMax && empty < 100; {
		n, err := s.src.Read(s.in[len(s.in):cap(s.in)])
		s.in = s.in[:len(s.in)+n]
		if err != nil {
			if err != io.EOF {
				s.srcErr = err
			}
			s.src = nil
			return
		}
		if n == 0 {
			if empty++; empty == 100 {
				s.srcErr, s.src = io.ErrNoProgress, nil
			}
		}
	}
}

// peek returns the next rune without consuming it; ok is false at the end
// of input or on an error (in s.err).
func (s *scanner) peek() (rune, bool) {
	if s.size > 0 {
		return s.r, true
	}
	if s.err != nil {
		return 0, false
	}
	if s.src != nil && len(s.in)-s.pos < utf8.UTFMax {
		s.fill()
	}
	if s.pos >= len(s.in) {
		s.err = io.EOF
		if s.srcErr != nil {
			s.err = s.srcErr
		}
		return 0, false
	}
	if c := s.in[s.pos]; c < utf8.RuneSelf {
		s.r, s.size = rune(c), 1
		return s.r, true
	}
	r, size := utf8.DecodeRune(s.in[s.pos:])
	if r == utf8.RuneError && (size == 1 || s.encoding() != UTF8) {
		// Invalid UTF-8, or a sequence the GBK or Big5 decoder could
		// not decode.
		s.err = &EncodingError{Encoding: s.encoding(), Line: s.line}
		return 0, false
	}
	s.r, s.size = r, size
	return r, true
}

// encoding returns the encoding of the text being scanned.
func (s *scanner) encoding() Encoding {
	if s.auto != nil {
		return s.auto.enc
	}
	return s.enc
}

// next consumes the peeked rune.
func (s *scanner) next() {
	if _, ok := s.peek(); !ok {
		return
	}
	s.pos += s.size
	s.size = 0
	switch s.r {
	case '\n':
		if !s.afterCR {
			s.line++
		}
		s.col = 1
	case '\r':
		s.line++
		s.col = 1
	default:
		s.col++
	}
	s.afterCR = s.r == '\r'
}

func (s *scanner) syntaxError(line, col int, format string, args ...any) error {
	return &SyntaxError{Line: line, Col: col, Reason: fmt.Sprintf(format, args...)}
}

// failed returns the read error that stopped the scanner, or nil at a clean
// end of input.
func (s *scanner) failed() error {
	if s.err == io.EOF {
		return nil
	}
	return s.err
}

// game scans the next game; it returns io.EOF if there is none.
func (s *scanner) game() (*Game, error) {
	var g *Game
	startLine := 0 // line of the first token of the game, 0 if none yet
	begin := func() {
		if g == nil {
			g = &Game{Line: startLine}
		}
	}
	finish := func() (*Game, error) {
		if g == nil {
			return nil, io.EOF
		}
		if g.Result == "" {
			if v := g.Tag("Result"); isResult(v) {
				g.Result = v
			}
		}
		return g, nil
	}
	for {
		r, ok := s.peek()
		if !ok {
			if err := s.failed(); err != nil {
				return nil, err
			}
			return finish()
		}
		if isSpace(r) {
			s.next()
			continue
		}
		line, col := s.line, s.col
		switch r {
		case '{':
			if err := s.skipComment(); err != nil {
				return nil, err
			}
			continue
		case ';':
			s.skipLine()
			continue
		case '}', ')', ']':
			return nil, s.syntaxError(line, col, "unexpected %q", r)
		}
		if startLine == 0 {
			startLine = line
		}
		switch r {
		case '[':
			if g != nil && len(g.Moves) > 0 {
				return finish() // the next game's tags
			}
			t, err := s.tag()
			if err != nil {
				return nil, err
			}
			begin()
			g.Tags = append(g.Tags, t)
		case '(':
			if err := s.skipVariation(); err != nil {
				return nil, err
			}
		default:
			kind, text, err := s.token()
			if err != nil {
				return nil, err
			}
			switch kind {
			case tokenResult:
				begin()
				g.Result = text
				return g, nil
			case tokenMove:
				begin()
				g.Moves = append(g.Moves, text)
			}
		}
	}
}

// token reads a run of non-delimiters and classifies it.
func (s *scanner) token() (tokenKind, string, error) {
	s.text = s.text[:0]
	for {
		if s.size == 0 { // fast path over ASCII
			start := s.pos
			for s.pos < len(s.in) && s.in[s.pos] < utf8.RuneSelf && !isDelimByte(s.in[s.pos]) {
				s.pos++
			}
			if s.pos > start {
				s.text = append(s.text, s.in[start:s.pos]...)
				s.col += s.pos - start
				s.afterCR = false
			}
		}
		r, ok := s.peek()
		if !ok || isDelim(r) {
			break
		}
		s.text = append(s.text, s.in[s.pos:s.pos+s.size]...)
		s.next()
	}
	if err := s.failed(); err != nil {
		return 0, "", err
	}
	if plainMove(s.text) {
		return tokenMove, s.intern(s.text), nil
	}
	kind, text := classify(s.intern(s.text))
	return kind, text, nil
}

// intern returns b as a string. Move texts and numbers repeat a lot, so the
// strings are shared through a small cache.
func (s *scanner) intern(b []byte) string {
	if t, ok := s.tokens[string(b)]; ok {
		return t
	}
	t := string(b)
	if s.tokens == nil || len(s.tokens) >= maxCachedTokens {
		s.tokens = make(map[string]string)
	}
	s.tokens[t] = t
	return t
}

// skipComment skips a {brace comment}; comments do not nest.
func (s *scanner) skipComment() error {
	line, col := s.line, s.col
	s.next() // '{'
	for {
		r, ok := s.peek()
		if !ok {
			if err := s.failed(); err != nil {
				return err
			}
			return s.syntaxError(line, col, "unterminated comment")
		}
		s.next()
		if r == '}' {
			return nil
		}
	}
}

// skipLine skips a ; comment up to the end of the line.
func (s *scanner) skipLine() {
	for {
		r, ok := s.peek()
		if !ok || r == '\n' || r == '\r' {
			return
		}
		s.next()
	}
}

// skipVariation skips a (variation), with nested variations and comments.
func (s *scanner) skipVariation() error {
	line, col := s.line, s.col
	s.next() // '('
	depth := 1
	for depth > 0 {
		r, ok := s.peek()
		if !ok {
			if err := s.failed(); err != nil {
				return err
			}
			return s.syntaxError(line, col, "unterminated variation")
		}
		switch r {
		case '{':
			if err := s.skipComment(); err != nil {
				return err
			}
			continue
		case ';':
			s.skipLine()
			continue
		case '(':
			depth++
		case ')':
			depth--
		}
		s.next()
	}
	return nil
}

// isTagSpace reports white space allowed inside a tag pair (not a line end).
func isTagSpace(r rune) bool { return r != '\n' && r != '\r' && unicode.IsSpace(r) }

// tag reads a [Name "value"] tag pair. The value may contain \" and \\
// escapes; an unescaped quote that is not followed by the closing bracket is
// taken as part of the value, as some writers do not escape quotes.
func (s *scanner) tag() (Tag, error) {
	line, col := s.line, s.col
	unterminated := func() error {
		if err := s.failed(); err != nil {
			return err
		}
		return s.syntaxError(line, col, "unterminated tag")
	}
	s.next() // '['
	s.skipTagSpace()
	s.text = s.text[:0]
	for {
		r, ok := s.peek()
		if !ok || r == '\n' || r == '\r' {
			return Tag{}, unterminated()
		}
		if r == '"' || isDelim(r) {
			break
		}
		s.text = utf8.AppendRune(s.text, r)
		s.next()
	}
	name := string(s.text)
	if name == "" {
		return Tag{}, s.syntaxError(line, col, "tag without a name")
	}
	s.skipTagSpace()
	if r, ok := s.peek(); !ok || r != '"' {
		if !ok || r == '\n' || r == '\r' {
			return Tag{}, unterminated()
		}
		return Tag{}, s.syntaxError(s.line, s.col, "tag %s: value must be a quoted string", name)
	}
	s.next() // '"'
	s.text = s.text[:0]
	for {
		r, ok := s.peek()
		if !ok || r == '\n' || r == '\r' {
			return Tag{}, unterminated()
		}
		s.next()
		switch r {
		case '\\':
			e, ok := s.peek()
			if ok && (e == '"' || e == '\\') {
				s.next()
				s.text = utf8.AppendRune(s.text, e)
			} else {
				s.text = utf8.AppendRune(s.text, r)
			}
			continue
		case '"':
			// The closing quote if a ']' follows; otherwise a quote in the value.
			var space []byte
			for {
				r, ok := s.peek()
				if !ok || !isTagSpace(r) {
					break
				}
				space = utf8.AppendRune(space, r)
				s.next()
			}
			if r, ok := s.peek(); ok && r == ']' {
				s.next()
				return Tag{Name: name, Value: string(s.text)}, nil
			}
			s.text = utf8.AppendRune(s.text, '"')
			s.text = append(s.text, space...)
			continue
		}
		s.text = utf8.AppendRune(s.text, r)
	}
}

func (s *scanner) skipTagSpace() {
	for {
		r, ok := s.peek()
		if !ok || !isTagSpace(r) {
			return
		}
		s.next()
	}
}
