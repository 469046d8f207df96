package record

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/arbiter-xq/arbiter/notation"
	"github.com/arbiter-xq/arbiter/pgn"
	"github.com/arbiter-xq/arbiter/xiangqi"
)

// stripTrailing drops, after each game's result token (outside comments and tags),
// the text up to the next line that starts a tag section: the advertisement
// ElephantEye/象棋巫师 writes after a game, a line of "=====", and the like. The rule
// is positional; the words are never matched.
func stripTrailing(text string) (out string, dropped int) {
	var b strings.Builder
	b.Grow(len(text))
	i := 0
	lineStart := true
	for i < len(text) {
		c := text[i]
		switch {
		case c == '{':
			j := strings.IndexByte(text[i:], '}')
			if j < 0 {
				j = len(text) - i - 1
			}
			b.WriteString(text[i : i+j+1])
			i += j + 1
			lineStart = false
			continue
		case c == ';' || c == '%' && lineStart:
			j := strings.IndexByte(text[i:], '\n')
			if j < 0 {
				j = len(text) - i - 1
			}
			b.WriteString(text[i : i+j+1])
			i += j + 1
			lineStart = true
			continue
		case c == '[':
			j := strings.IndexByte(text[i:], '\n')
			if j < 0 {
				j = len(text) - i - 1
			}
			b.WriteString(text[i : i+j+1])
			i += j + 1
			lineStart = true
			continue
		case c == '\n':
			b.WriteByte(c)
			i++
			lineStart = true
			continue
		case c == ' ' || c == '\t' || c == '\r':
			b.WriteByte(c)
			i++
			continue
		}
		// A token: up to white space or a delimiter.
		j := i
		for j < len(text) && !strings.ContainsRune(" \t\r\n{}[]();", rune(text[j])) {
			j++
		}
		if j == i {
			j = i + 1
		}
		tok := text[i:j]
		b.WriteString(tok)
		i = j
		lineStart = false
		if tok == "1-0" || tok == "0-1" || tok == "1/2-1/2" || tok == "*" {
			// Skip to the next line that starts (after spaces) with '['.
			k := i
			for k < len(text) {
				nl := strings.IndexByte(text[k:], '\n')
				if nl < 0 {
					k = len(text)
					break
				}
				k += nl + 1
				rest := strings.TrimLeft(text[k:min(len(text), k+64)], " \t\r\ufeff")
				if strings.HasPrefix(rest, "[") {
					break
				}
			}
			if extra := strings.TrimSpace(text[i:k]); extra != "" {
				dropped++
			}
			b.WriteByte('\n')
			i = k
			lineStart = true
		}
	}
	return b.String(), dropped
}

func (r *reader) readPGN() ([]*Game, error) {
	if err := sniff(r.data); err != "" {
		return nil, r.fileErr(-1, "%s", err)
	}
	text, enc, derr := pgn.Decode(r.data)
	clean, dropped := stripTrailing(text)
	pg, err := pgn.Read(strings.NewReader(clean))
	if err != nil && len(pg) == 0 {
		return nil, &RecordError{File: r.name, Level: LevelFile, Entry: -1, Offset: -1, Reason: err.Error(), Err: err}
	}
	var games []*Game
	for i, p := range pg {
		if i >= r.opts.MaxGames {
			break
		}
		g := r.newGame(PGN, 0, i+1, -1)
		g.Source.Encoding = enc.String()
		if derr != nil && i == 0 {
			g.Warnings = append(g.Warnings, r.gameErr(g, LevelText, "", 0, -1, "", "%v (replaced by U+FFFD)", derr))
		}
		r.pgnGame(g, p)
		games = append(games, g)
	}
	if err != nil {
		e := &RecordError{File: r.name, Level: LevelGame, Game: len(games) + 1, Entry: -1, Offset: -1, Reason: err.Error(), Err: err}
		if len(games) > 0 {
			games[len(games)-1].Warnings = append(games[len(games)-1].Warnings, e)
		}
	}
	if dropped > 0 && len(games) > 0 {
		_ = dropped // trailing text is dropped without a warning (§10)
	}
	return games, nil
}

// sniff names binary input the PGN reader would refuse.
func sniff(d []byte) string {
	if bytes.IndexByte(d[:min(len(d), 8192)], 0) >= 0 {
		return unknownReason("", d)
	}
	return ""
}

// pgnGame converts one PGN game, handling the dialects: a FEN without side, a FEN
// side the first move contradicts, XBoard/pychess SAN with ranks from 0 or 1.
func (r *reader) pgnGame(g *Game, p *pgn.Game) {
	for _, t := range p.Tags {
		name := t.Name
		switch strings.ToLower(name) {
		case "white":
			name = "Red"
		case "fen":
			name = "FEN"
		}
		g.addTag(name, t.Value)
	}
	g.Result = p.Result
	if g.Result == "" {
		g.Result = "*"
	}
	fen := strings.TrimSpace(p.FEN())
	fopts := xiangqi.FENOptions{AllowUnreachable: r.opts.RelaxedFEN}
	start, err := xiangqi.ParseFENOptions(fen, fopts)
	if err != nil {
		g.FEN = fen
		g.Err = r.gameErr(g, LevelGame, "FEN", 0, -1, "", "%v", err)
		g.Err.Err = err
		return
	}
	hasSide := len(strings.Fields(fen)) >= 2
	g.Side, g.SideFrom = start.SideToMove(), SideDefault
	if hasSide {
		g.SideFrom = SideStored
	}
	// [Variant "xiangqi"] names the XBoard/pychess SAN, unless the moves are ICCS (as
	// Write gives them when it keeps the tag).
	san := strings.EqualFold(g.Tag("Variant"), "xiangqi") && !iccsMoves(p.Moves) || looksSAN(p.Moves)
	var moves []xiangqi.Move
	var merr *xiangqi.MoveError
	if san {
		moves, merr = r.sanGame(g, start, p.Moves)
	} else {
		hint := notation.Auto
		switch strings.ToUpper(strings.TrimSpace(g.Tag("Format"))) {
		case "WXF":
			hint = notation.WXF
		case "ICCS":
			hint = notation.ICCS
		}
		if len(p.Moves) > 0 {
			if _, e := parseMove(&start, p.Moves[0], hint); e != nil {
				other := start
				other.SetSideToMove(start.SideToMove().Other())
				if _, e2 := parseMove(&other, p.Moves[0], hint); e2 == nil {
					if _, verr := xiangqi.ParseFENOptions(other.FEN(), fopts); verr == nil {
						if hasSide {
							g.Warnings = append(g.Warnings, r.gameErr(g, LevelText, "FEN", 1, -1, "", "FEN says %s to move; the first move %s is %s's", start.SideToMove(), p.Moves[0], other.SideToMove()))
						}
						start = other
					}
				}
			}
		}
		pos := start
		for i, t := range p.Moves {
			m, e := parseMove(&pos, t, hint)
			if e != nil {
				merr = &xiangqi.MoveError{Ply: i, Text: t, Reason: e.Error()}
				break
			}
			pos.MakeMove(m)
			moves = append(moves, m)
		}
	}
	if len(moves) > 0 {
		g.Side, g.SideFrom = start.SideToMove(), SideFirstMove
	}
	n := g.Root
	for i, m := range moves {
		if i >= r.opts.MaxPlies {
			break
		}
		c := &Node{Move: m, Offset: -1}
		n.Children = append(n.Children, c)
		n = c
	}
	if merr != nil {
		g.Err = r.gameErr(g, LevelMain, "main", merr.Ply+1, -1, "", "moves[%d]: %q: %s", merr.Ply, merr.Text, merr.Reason)
	}
	g.FEN = start.FEN()
	if fen != "" && !isStandardStart(&start) {
		g.setTag("FEN", start.FEN())
	}
	r.finish(g, start)
}

// parseMove reads one move in a notation (Auto: detected).
func parseMove(p *xiangqi.Position, text string, n notation.Notation) (xiangqi.Move, error) {
	if n != notation.Auto {
		if m, err := notation.ParseAs(p, text, n); err == nil {
			return m, nil
		}
	}
	return notation.Parse(p, text)
}

// sanMove is a parsed SAN move of XBoard or pychess: [piece][file][rank][x]<file><rank>.
type sanMove struct {
	kind             xiangqi.Kind
	fromFile         int // -1 if not given
	fromRank, toRank int // as written; fromRank -1 if not given
	toFile           int
}

// parseSAN reads the shape of a SAN move; ok is false when it has none.
func parseSAN(s string) (m sanMove, ok bool) {
	s = strings.TrimRight(s, "+#!?")
	m.fromFile, m.fromRank = -1, -1
	m.kind = xiangqi.Pawn
	if s == "" {
		return m, false
	}
	switch s[0] {
	case 'K':
		m.kind = xiangqi.King
	case 'A':
		m.kind = xiangqi.Advisor
	case 'E', 'B':
		m.kind = xiangqi.Elephant
	case 'H', 'N':
		m.kind = xiangqi.Horse
	case 'R':
		m.kind = xiangqi.Rook
	case 'C':
		m.kind = xiangqi.Cannon
	case 'P':
	default:
		if s[0] < 'a' || s[0] > 'i' {
			return m, false
		}
		s = " " + s
	}
	s = s[1:]
	// The destination: a file and a rank of one or two digits at the end.
	k := len(s)
	for k > 0 && s[k-1] >= '0' && s[k-1] <= '9' {
		k--
	}
	if k == len(s) || len(s)-k > 2 || k == 0 || s[k-1] < 'a' || s[k-1] > 'i' {
		return m, false
	}
	m.toFile = int(s[k-1] - 'a')
	m.toRank = atoiSmall(s[k:])
	pre := strings.TrimSuffix(s[:k-1], "x")
	if len(pre) > 0 && pre[0] >= 'a' && pre[0] <= 'i' {
		m.fromFile = int(pre[0] - 'a')
		pre = pre[1:]
	}
	if pre != "" {
		if len(pre) > 2 || strings.Trim(pre, "0123456789") != "" {
			return m, false
		}
		m.fromRank = atoiSmall(pre)
	}
	return m, true
}

func atoiSmall(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		n = n*10 + int(s[i]-'0')
	}
	return n
}

// iccsMoves reports whether the first moves (up to four) are all ICCS.
func iccsMoves(texts []string) bool {
	if len(texts) == 0 {
		return false
	}
	for _, t := range texts[:min(len(texts), 4)] {
		if _, ok := xiangqi.ParseICCS(t); !ok {
			return false
		}
	}
	return true
}

// looksSAN reports whether the first moves have the SAN shape and not ICCS's.
func looksSAN(texts []string) bool {
	if len(texts) == 0 {
		return false
	}
	for _, t := range texts[:min(len(texts), 4)] {
		if _, ok := xiangqi.ParseICCS(t); ok {
			return false
		}
		if _, ok := parseSAN(t); !ok {
			return false
		}
		if c := t[0]; c >= 'a' && c <= 'i' || c == 'P' {
			continue
		}
		if !strings.ContainsAny(t[:1], "KAEHRCBN") {
			return false
		}
	}
	// WXF has a digit right after the piece letter (C2.5, H8+7).
	t := texts[0]
	return !(len(t) > 1 && t[1] >= '1' && t[1] <= '9' && strings.ContainsAny(t, ".+-="))
}

// resolveSAN finds the one legal move a SAN move names, ranks counted from base.
func resolveSAN(p *xiangqi.Position, sm sanMove, base int, buf []xiangqi.Move) (xiangqi.Move, string) {
	tr := sm.toRank - base
	if tr < 0 || tr > 9 {
		return xiangqi.NoMove, fmt.Sprintf("rank %d is off the board", sm.toRank)
	}
	to := xiangqi.SquareAt(sm.toFile, tr)
	found, n := xiangqi.NoMove, 0
	for _, m := range p.AppendLegalMoves(buf[:0]) {
		if m.To() != to || p.At(m.From()).Kind() != sm.kind {
			continue
		}
		if sm.fromFile >= 0 && m.From().File() != sm.fromFile {
			continue
		}
		if sm.fromRank >= 0 && m.From().Rank() != sm.fromRank-base {
			continue
		}
		found = m
		n++
	}
	switch n {
	case 0:
		return xiangqi.NoMove, fmt.Sprintf("no legal %s move to %s", sm.kind, to)
	case 1:
		return found, ""
	}
	return xiangqi.NoMove, fmt.Sprintf("%d legal %s moves to %s: ambiguous", n, sm.kind, to)
}

// sanReplay replays SAN moves with a rank base; it stops at the first bad move.
func sanReplay(start xiangqi.Position, texts []string, base int) ([]xiangqi.Move, *xiangqi.MoveError) {
	pos := start
	buf := make([]xiangqi.Move, 0, 128)
	var out []xiangqi.Move
	for i, t := range texts {
		sm, ok := parseSAN(t)
		if !ok {
			return out, &xiangqi.MoveError{Ply: i, Text: t, Reason: "SAN: not a move like Che2, Hxe7 or axa3"}
		}
		m, why := resolveSAN(&pos, sm, base, buf)
		if why != "" {
			return out, &xiangqi.MoveError{Ply: i, Text: t, Reason: fmt.Sprintf("SAN (ranks from %d): %s", base, why)}
		}
		pos.MakeMove(m)
		out = append(out, m)
	}
	return out, nil
}

// sanGame reads a SAN game, choosing the rank base for the whole game: a rank 10
// means ranks 1-10 (pychess), a rank 0 ranks 0-9 (XBoard); otherwise the base whose
// replay stays legal longer, 0 with a warning when both stay legal.
func (r *reader) sanGame(g *Game, start xiangqi.Position, texts []string) ([]xiangqi.Move, *xiangqi.MoveError) {
	base := -1
	for _, t := range texts {
		sm, ok := parseSAN(t)
		if !ok {
			continue
		}
		if sm.toRank == 10 || sm.fromRank == 10 {
			base = 1
			break
		}
		if sm.toRank == 0 || sm.fromRank == 0 {
			base = 0
			break
		}
	}
	if base >= 0 {
		g.addTag("RankBase", fmt.Sprint(base))
		return sanReplay(start, texts, base)
	}
	m0, e0 := sanReplay(start, texts, 0)
	m1, e1 := sanReplay(start, texts, 1)
	switch {
	case e0 == nil && e1 == nil:
		g.Warnings = append(g.Warnings, r.gameErr(g, LevelText, "moves", 0, -1, "", "SAN ranks read from 0: the moves are legal with ranks from 0 and from 1"))
		g.addTag("RankBase", "0")
		return m0, nil
	case len(m1) > len(m0):
		g.addTag("RankBase", "1")
		return m1, e1
	}
	g.addTag("RankBase", "0")
	return m0, e0
}
