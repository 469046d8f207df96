package notation

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/arbiter-xq/arbiter/xiangqi"
)

// Notation is a way of writing moves. The zero value means "unknown" or "detect it".
type Notation int

// The notations. Auto (the zero value) asks Parse to detect the notation of each move.
const (
	Auto Notation = iota
	ICCS
	WXF
	Chinese
)

// String returns "ICCS", "WXF", "Chinese" or "auto".
func (n Notation) String() string {
	switch n {
	case ICCS:
		return "ICCS"
	case WXF:
		return "WXF"
	case Chinese:
		return "Chinese"
	}
	return "auto"
}

// ParseNotation reads a notation name as a user would type it ("iccs", "WXF",
// "chinese", "auto" or ""), case-insensitively.
func ParseNotation(name string) (Notation, bool) {
	switch strings.ToLower(strings.TrimSpace(name)) {
	case "", "auto":
		return Auto, true
	case "iccs", "uci", "coordinate", "coordinates":
		return ICCS, true
	case "wxf", "international":
		return WXF, true
	case "chinese", "cn", "zh":
		return Chinese, true
	}
	return Auto, false
}

// Error says why a move text could not be read or played. Notation is the notation
// the text was read in (Auto when it could not be told). The caller adds the ply.
type Error struct {
	Text     string
	Notation Notation
	Kind     ErrorKind
	Reason   string
}

// ErrorKind classifies a move error, for callers that map errors to codes.
type ErrorKind int

// Error kinds.
const (
	// ErrUnreadable: the text is no move in any notation read here, or names no piece.
	ErrUnreadable ErrorKind = iota + 1
	// ErrAmbiguous: the text fits more than one piece (two like pieces on a file and no
	// 前/后, pawns doubled on two files and no file).
	ErrAmbiguous
	// ErrIllegal: the text names a move the rules forbid.
	ErrIllegal
)

// kindOf classifies a reason written by this package's parsers; TestErrorKinds pins
// every form, so a reworded message cannot silently change its kind.
func kindOf(why string) ErrorKind {
	switch {
	case strings.HasPrefix(why, "the move is illegal"), strings.HasSuffix(why, "none can make the move"):
		return ErrIllegal
	case strings.HasSuffix(why, "to say which moves"), strings.HasSuffix(why, ": say which file"):
		return ErrAmbiguous
	}
	return ErrUnreadable
}

func (e *Error) Error() string {
	if e.Notation == Auto {
		return "move " + quote(e.Text) + ": " + e.Reason
	}
	return e.Notation.String() + " move " + quote(e.Text) + ": " + e.Reason
}

// quote writes s in Go syntax, so that a control character or a bidirectional override
// in a move text shows as an escape (\x1b, \u202e) instead of acting on the reader's
// terminal or page.
func quote(s string) string { return strconv.Quote(s) }

// Parse reads one move for the side to move of p, detecting its notation, and returns
// it if it is legal. Errors are *Error.
func Parse(p *xiangqi.Position, text string) (xiangqi.Move, error) {
	return ParseAs(p, text, Auto)
}

// ParseAs reads one move in notation n (Auto detects it) for the side to move of p and
// returns it if it is legal. Errors are *Error.
func ParseAs(p *xiangqi.Position, text string, n Notation) (xiangqi.Move, error) {
	// Moves are short: fold into a stack buffer; the string does not escape, so
	// converting it does not allocate either.
	if r, i, ok := controlIn(text); ok {
		return xiangqi.NoMove, &Error{Text: text, Notation: n, Kind: ErrUnreadable,
			Reason: fmt.Sprintf("the control character %U (%s) at byte %d is in no move", r, strconv.QuoteRune(r), i)}
	}
	var buf [32]byte
	s := string(normalize(buf[:0], text))
	if s == "" {
		return xiangqi.NoMove, &Error{Text: text, Notation: n, Kind: ErrUnreadable, Reason: "empty move"}
	}
	guessed := n == Auto
	if guessed {
		n = detect(s)
	}
	var m xiangqi.Move
	var why string
	switch n {
	case ICCS:
		m, why = parseICCS(p, s)
	case WXF:
		m, why = parseWXF(p, s)
	case Chinese:
		m, why = parseChinese(p, s)
	default:
		why = "unknown notation " + n.String()
	}
	if why == wxfShape && guessed {
		// WXF is only the fallback for ASCII text that is no ICCS: a typo such as "h2e"
		// or "zz" is in no notation, and saying "not WXF" would mislead.
		n, why = Auto, "not a move in ICCS (like h2e2), WXF (like C2.5) or Chinese notation (like 炮二平五)"
	}
	if why != "" {
		return xiangqi.NoMove, &Error{Text: text, Notation: n, Kind: kindOf(why), Reason: why}
	}
	return m, nil
}

// Format writes m, a move of the position p (before the move), in notation n (Auto
// means ICCS). A move whose origin square is empty, or that no piece could make, is
// written in ICCS whatever n is.
func Format(p *xiangqi.Position, m xiangqi.Move, n Notation) string {
	switch n {
	case WXF:
		if d, ok := describe(p, m); ok {
			var buf [8]byte
			return string(d.appendWXF(buf[:0]))
		}
	case Chinese:
		if d, ok := describe(p, m); ok {
			var buf [16]byte
			return string(d.appendChinese(buf[:0], simplified))
		}
	}
	return xiangqi.ICCS(m)
}

// FormatICCS writes m in lowercase ICCS ("h2e2"). It takes the position only to
// match FormatWXF and FormatChinese; ICCS does not need it.
func FormatICCS(_ *xiangqi.Position, m xiangqi.Move) string { return xiangqi.ICCS(m) }

// FormatWXF writes m, a move of p, in ASCII WXF notation ("C2.5", "+P+1").
func FormatWXF(p *xiangqi.Position, m xiangqi.Move) string { return Format(p, m, WXF) }

// FormatChinese writes m, a move of p, in Chinese notation with simplified characters,
// Chinese numerals for Red and full-width digits for Black ("炮二平五", "马８进７").
func FormatChinese(p *xiangqi.Position, m xiangqi.Move) string { return Format(p, m, Chinese) }

// FormatChineseTraditional is FormatChinese with traditional characters ("車一進一",
// "馬８進７", "後炮平四"), as Big5 databases write them.
func FormatChineseTraditional(p *xiangqi.Position, m xiangqi.Move) string {
	if d, ok := describe(p, m); ok {
		var buf [16]byte
		return string(d.appendChinese(buf[:0], traditional))
	}
	return xiangqi.ICCS(m)
}

// ParseMoves replays texts (one move each, any notation, detected per move) from
// start. An unreadable, ambiguous or illegal move stops the replay with a
// *xiangqi.MoveError carrying its ply (0 = the first move of texts) and text; the game
// played so far is returned with it.
func ParseMoves(start xiangqi.Position, texts []string) (*xiangqi.Game, error) {
	g := xiangqi.NewGame(start)
	for i, t := range texts {
		m, err := Parse(g.Position(), t)
		if err != nil {
			e := err.(*Error)
			reason := e.Reason
			if e.Notation != Auto {
				reason = e.Notation.String() + ": " + reason
			}
			return g, &xiangqi.MoveError{Ply: i, Text: t, Reason: reason}
		}
		g.PlayUnchecked(m)
	}
	return g, nil
}

// SplitMoves splits a move list on white space (including the ideographic space) and
// commas (ASCII, full-width and ideographic), dropping move numbers ("1.", "12...",
// also glued to a move as in "1.h2e2") and game results ("1-0", "0-1", "1/2-1/2",
// "*"), so that "1. h2e2 h9g7 2. h0g2" gives [h2e2 h9g7 h0g2].
func SplitMoves(s string) []string {
	fields := strings.FieldsFunc(s, func(r rune) bool {
		return unicode.IsSpace(r) || r == ',' || r == '，' || r == '、'
	})
	out := fields[:0]
	for _, f := range fields {
		f = stripMoveNumber(f)
		switch f {
		case "", "1-0", "0-1", "1/2-1/2", "½-½", "*":
			continue
		}
		out = append(out, f)
	}
	return out
}

// stripMoveNumber removes a leading move number: digits (ASCII or full-width)
// followed by one or more dots (ASCII, full-width or ideographic).
func stripMoveNumber(f string) string {
	i := 0
	for i < len(f) {
		r, n := utf8.DecodeRuneInString(f[i:])
		if !(r >= '0' && r <= '9' || r >= '０' && r <= '９') {
			break
		}
		i += n
	}
	if i == 0 {
		return f
	}
	j := i
	for j < len(f) {
		r, n := utf8.DecodeRuneInString(f[j:])
		if r != '.' && r != '．' && r != '。' {
			break
		}
		j += n
	}
	if j == i {
		return f
	}
	return f[j:]
}

// normalize appends text to dst trimmed, with full-width ASCII (U+FF01..U+FF5E) and
// the ideographic space folded to ASCII, dashes to '-', inner spaces and trailing
// annotation marks (!, ?) dropped.
func normalize(dst []byte, text string) []byte {
	for _, r := range text {
		switch {
		case r >= 0xFF01 && r <= 0xFF5E:
			r -= 0xFEE0
		case r == '—' || r == '–' || r == '−':
			r = '-'
		}
		if r < utf8.RuneSelf {
			if r > ' ' {
				dst = append(dst, byte(r))
			}
			continue
		}
		if !unicode.IsSpace(r) {
			dst = utf8.AppendRune(dst, r)
		}
	}
	for len(dst) > 0 && (dst[len(dst)-1] == '!' || dst[len(dst)-1] == '?') {
		dst = dst[:len(dst)-1]
	}
	return dst
}

// Detect tells the notation a move text is written in by its shape alone (ICCS
// coordinates, any non-ASCII character after folding full-width forms: Chinese,
// otherwise WXF), as Parse does; Auto for an empty text. It does not check that the
// text is a valid move.
func Detect(text string) Notation {
	var buf [32]byte
	s := string(normalize(buf[:0], text))
	if s == "" {
		return Auto
	}
	return detect(s)
}

// detect tells the notation of a normalized move: ICCS when it has the shape of
// coordinates, Chinese when it has any non-ASCII character, WXF otherwise. The
// shapes do not overlap: a WXF move has an operator or a digit where ICCS has a
// file letter.
func detect(s string) Notation {
	if _, ok := xiangqi.ParseICCS(s); ok {
		return ICCS
	}
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return Chinese
		}
	}
	return WXF
}

func parseICCS(p *xiangqi.Position, s string) (xiangqi.Move, string) {
	m, ok := xiangqi.ParseICCS(s)
	if !ok {
		return xiangqi.NoMove, "not ICCS coordinates (like h2e2 or H2-E2)"
	}
	if why := p.WhyIllegal(m); why != "" {
		return xiangqi.NoMove, "the move is illegal: " + why
	}
	return m, ""
}
