package pgn

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// lineWidth is the column Write wraps movetext at; CJK characters count as
// two columns.
const lineWidth = 80

// Write writes g as UTF-8 PGN: the tag pairs, a blank line, the numbered
// moves wrapped at 80 columns, the result, and a blank line. Move numbers
// start from the FEN tag's move number, with "1..." when Black moves first.
// Reading the output gives back g (except Line). Write returns an error if
// g cannot be written faithfully: a tag name that is empty or contains
// spaces, quotes or brackets, a tag value with a line break, a move text
// that would not read back as itself (empty, with spaces or PGN
// delimiters, or looking like a move number, NAG or result), or an unknown
// result.
func Write(w io.Writer, g *Game) error {
	if err := check(g); err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	for _, t := range g.Tags {
		bw.WriteByte('[')
		bw.WriteString(t.Name)
		bw.WriteString(` "`)
		escaper.WriteString(bw, t.Value)
		bw.WriteString("\"]\n")
	}
	if len(g.Tags) > 0 {
		bw.WriteByte('\n')
	}
	if len(g.Moves) > 0 || g.Result != "" {
		writeMovetext(bw, g)
		bw.WriteByte('\n')
	}
	return bw.Flush()
}

var escaper = strings.NewReplacer(`\`, `\\`, `"`, `\"`)

// check reports why g cannot be written so that it reads back unchanged.
func check(g *Game) error {
	for _, t := range g.Tags {
		if t.Name == "" || strings.ContainsFunc(t.Name, isDelim) || strings.ContainsRune(t.Name, '"') {
			return fmt.Errorf("pgn: invalid tag name %q", t.Name)
		}
		if strings.ContainsAny(t.Value, "\r\n") {
			return fmt.Errorf("pgn: tag %s: value contains a line break", t.Name)
		}
	}
	for i, m := range g.Moves {
		if !validMove(m) {
			return fmt.Errorf("pgn: move %d: %q cannot be written as a PGN move", i+1, m)
		}
	}
	if g.Result != "" && !isResult(g.Result) {
		return fmt.Errorf("pgn: invalid result %q", g.Result)
	}
	return nil
}

// writeMovetext writes the numbered moves and the result, wrapped.
func writeMovetext(bw *bufio.Writer, g *Game) {
	number, black := firstMove(g.FEN())
	col := 0
	// put writes a group of words that stay on one line.
	put := func(words ...string) {
		w := len(words) - 1
		for _, s := range words {
			w += width(s)
		}
		if col > 0 && col+1+w > lineWidth {
			bw.WriteByte('\n')
			col = 0
		}
		if col > 0 {
			bw.WriteByte(' ')
			col++
		}
		bw.WriteString(strings.Join(words, " "))
		col += w
	}
	for _, m := range g.Moves {
		switch {
		case !black:
			put(strconv.Itoa(number)+".", m)
		case col == 0:
			put(strconv.Itoa(number)+"...", m)
		default:
			put(m)
		}
		if black {
			number++
		}
		black = !black
	}
	if g.Result != "" {
		put(g.Result)
	}
	bw.WriteByte('\n')
}

// firstMove returns the number of the first move and whether Black makes
// it, from a FEN's side-to-move and move-number fields.
func firstMove(fen string) (number int, black bool) {
	fields := strings.Fields(fen)
	number = 1
	if len(fields) >= 6 {
		if n, err := strconv.Atoi(fields[5]); err == nil && n > 0 && n < 10000 {
			number = n
		}
	}
	return number, len(fields) >= 2 && fields[1] == "b"
}

// width is the display width of s in columns, counting East Asian wide
// characters (CJK, full-width forms) as two.
func width(s string) int {
	n := 0
	for _, r := range s {
		n++
		if r >= 0x1100 && (r <= 0x115F || r >= 0x2E80 && r <= 0xA4CF || r >= 0xAC00 && r <= 0xD7A3 ||
			r >= 0xF900 && r <= 0xFAFF || r >= 0xFE30 && r <= 0xFE4F || r >= 0xFF00 && r <= 0xFF60 ||
			r >= 0xFFE0 && r <= 0xFFE6 || r >= 0x20000 && r <= 0x3FFFD) {
			n++
		}
	}
	return n
}
