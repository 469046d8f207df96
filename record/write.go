package record

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/arbiter-xq/arbiter/pgn"
	"github.com/arbiter-xq/arbiter/xiangqi"
	"golang.org/x/text/encoding/simplifiedchinese"
)

// Write writes g in format f: PGN (the main line, through package pgn), DhtmlXQ or
// XQF 1.0. lossy lists what the format could not hold (characters outside GBK in
// XQF, strings clipped to their field).
func Write(w io.Writer, g *Game, f Format) (lossy []string, err error) {
	switch f {
	case PGN:
		return nil, pgn.Write(w, ToPGN(g))
	case DhtmlXQ:
		return nil, WriteDhtmlXQ(w, g)
	case XQF:
		return WriteXQF(w, g)
	}
	return nil, fmt.Errorf("record: writing %s is not supported", f)
}

// ToPGN returns the game as the PGN reader gives it: tags (with FEN when the start is
// not the standard one), the main line in ICCS and the result.
func ToPGN(g *Game) *pgn.Game {
	p := &pgn.Game{Result: g.Result}
	for _, t := range g.Tags {
		if strings.EqualFold(t.Name, "FEN") || strings.ContainsAny(t.Value, "\r\n") {
			continue
		}
		p.Tags = append(p.Tags, pgn.Tag{Name: t.Name, Value: t.Value})
	}
	if pos, err := xiangqi.ParseFEN(g.FEN); err == nil && !isStandardStart(&pos) {
		p.Tags = append(p.Tags, pgn.Tag{Name: "FEN", Value: g.FEN})
	}
	p.Moves = append([]string(nil), g.Moves...)
	return p
}

var errNoTree = errors.New("record: the game has no readable moves to write (Game.Err is a game error)")

// startBoard returns the start position of g.
func startBoard(g *Game) (xiangqi.Position, error) {
	if g.Root == nil || g.FEN == "" || g.Err != nil && g.Err.Level <= LevelGame {
		return xiangqi.Position{}, errNoTree
	}
	return xiangqi.ParseFENOptions(g.FEN, xiangqi.FENOptions{AllowUnreachable: true})
}

// pieceSlots assigns the pieces of a position to the 32 slots of the XQF and
// DhtmlXQ piece lists (R N B A K A B N R C C P P P P P for Red, then Black); absent
// pieces get NoSquare. It fails when a side has more pieces of a kind than slots.
func pieceSlots(p *xiangqi.Position) ([32]xiangqi.Square, error) {
	var slots [32]xiangqi.Square
	var used [32]bool
	for i := range slots {
		slots[i] = xiangqi.NoSquare
	}
	for s := xiangqi.Square(0); s < xiangqi.NumSquares; s++ {
		pc := p.At(s)
		if pc == xiangqi.NoPiece {
			continue
		}
		base := 0
		if pc.Color() == xiangqi.Black {
			base = 16
		}
		ok := false
		for i := range 16 {
			if !used[base+i] && xqfPieceKinds[i] == pc.Kind() {
				used[base+i], slots[base+i], ok = true, s, true
				break
			}
		}
		if !ok {
			return slots, fmt.Errorf("record: too many %s %ss for the piece list", pc.Color(), pc.Kind())
		}
	}
	return slots, nil
}

// dhtmlEscape writes text for a DhtmlXQ value: line breaks as "||", brackets as
// full-width brackets (the format has no escape).
func dhtmlEscape(s string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	return strings.NewReplacer("\n", "||", "\r", "||", "[", "［", "]", "］").Replace(s)
}

var dhtmlWriteTags = []struct{ item, tag string }{
	{"title", "Title"}, {"event", "Event"}, {"date", "Date"}, {"place", "Site"},
	{"round", "Round"}, {"group", "Group"}, {"table", "Table"},
	{"red", "Red"}, {"redteam", "RedTeam"}, {"redtime", "RedTime"},
	{"black", "Black"}, {"blackteam", "BlackTeam"}, {"blacktime", "BlackTime"},
	{"open", "Opening"}, {"variation", "Variation"}, {"ecco", "ECCO"},
	{"remark", "Annotator"}, {"author", "Author"}, {"owner", "Owner"},
	{"type", "RecordType"}, {"timerule", "TimeControl"},
}

func dhtmlSquare(s xiangqi.Square) string {
	return string([]byte{byte('0' + s.File()), byte('0' + 9 - s.Rank())})
}

func dhtmlMove(m xiangqi.Move) string { return dhtmlSquare(m.From()) + dhtmlSquare(m.To()) }

// WriteDhtmlXQ writes g as a DhtmlXQ block with its whole tree: the main line as
// movelist, each variation as move_P_S_B (numbered depth-first, parents first), the
// comments as commentS and commentB_S.
func WriteDhtmlXQ(w io.Writer, g *Game) error {
	start, err := startBoard(g)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	item := func(name, value string) {
		fmt.Fprintf(bw, "[DhtmlXQ_%s]%s[/DhtmlXQ_%s]\n", name, value, name)
	}
	bw.WriteString("[DhtmlXQ]\n")
	item("ver", "www_dpxq_com")
	item("init", "500,350")
	for _, t := range dhtmlWriteTags {
		if v := g.Tag(t.tag); v != "" {
			item(t.item, dhtmlEscape(v))
		}
	}
	switch g.Result {
	case "1-0":
		item("result", "红胜")
	case "0-1":
		item("result", "黑胜")
	case "1/2-1/2":
		item("result", "和棋")
	default:
		item("result", "未知")
	}
	if !isStandardStart(&start) {
		slots, err := pieceSlots(&start)
		if err != nil {
			return err
		}
		var b strings.Builder
		for _, s := range slots {
			if s == xiangqi.NoSquare {
				b.WriteString("99")
			} else {
				b.WriteString(dhtmlSquare(s))
			}
		}
		item("binit", b.String())
	}
	if len(g.Root.Children) == 0 && start.SideToMove() == xiangqi.Black {
		item("fen", start.FEN())
	}

	// Lines, depth-first; each line is (id, parent id, first ply, first node).
	type line struct {
		id, parent, ply int
		first           *Node
	}
	var comments []string
	if g.Root.Comment != "" {
		comments = append(comments, fmt.Sprintf("[DhtmlXQ_comment0]%s[/DhtmlXQ_comment0]\n", dhtmlEscape(g.Root.Comment)))
	}
	next := 1
	var stack []line
	var branches []string
	if len(g.Root.Children) > 0 {
		// The alternatives at ply 1 are found by the main line, whose node
		// before ply 1 is the root.
		stack = append(stack, line{0, 0, 1, g.Root.Children[0]})
	}
	for len(stack) > 0 {
		ln := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		var digits strings.Builder
		var alts []line
		prev := (*Node)(nil)
		if ln.id == 0 {
			prev = g.Root
		}
		ply := ln.ply
		for n := ln.first; n != nil; ply++ {
			digits.WriteString(dhtmlMove(n.Move))
			if n.Comment != "" {
				name := fmt.Sprintf("comment%d", ply)
				if ln.id > 0 {
					name = fmt.Sprintf("comment%d_%d", ln.id, ply)
				}
				comments = append(comments, fmt.Sprintf("[DhtmlXQ_%s]%s[/DhtmlXQ_%s]\n", name, dhtmlEscape(n.Comment), name))
			}
			if prev != nil && (ply > ln.ply || ln.id == 0) {
				for _, a := range prev.Children[1:] {
					alts = append(alts, line{next, ln.id, ply, a})
					next++
				}
			}
			prev = n
			if len(n.Children) == 0 {
				break
			}
			n = n.Children[0]
		}
		if ln.id == 0 {
			item("movelist", digits.String())
		} else {
			branches = append(branches, fmt.Sprintf("[DhtmlXQ_move_%d_%d_%d]%s[/DhtmlXQ_move_%d_%d_%d]\n", ln.parent, ln.ply, ln.id, digits.String(), ln.parent, ln.ply, ln.id))
		}
		for i := len(alts) - 1; i >= 0; i-- {
			stack = append(stack, alts[i])
		}
	}
	if len(g.Root.Children) == 0 {
		item("movelist", "")
	}
	for _, b := range branches {
		bw.WriteString(b)
	}
	for _, c := range comments {
		bw.WriteString(c)
	}
	item("generator", "arbiter")
	bw.WriteString("[/DhtmlXQ]\n")
	return bw.Flush()
}

// gbkField encodes s in GBK, clipped at a character boundary to max bytes;
// characters outside GBK become '?'. lossy says what was lost.
func gbkField(s string, max int, what string, lossy *[]string) []byte {
	enc := simplifiedchinese.GBK.NewEncoder()
	out := make([]byte, 0, min(len(s), max))
	var buf [8]byte
	replaced, clipped := false, false
	for _, r := range s {
		var b []byte
		if r < utf8.RuneSelf {
			buf[0] = byte(r)
			b = buf[:1]
		} else {
			enc.Reset()
			n, _, err := enc.Transform(buf[:], []byte(string(r)), true)
			if err != nil || n == 0 {
				buf[0] = '?'
				b = buf[:1]
				replaced = true
			} else {
				b = buf[:n]
			}
		}
		if len(out)+len(b) > max {
			clipped = true
			break
		}
		out = append(out, b...)
	}
	if replaced {
		*lossy = append(*lossy, what+": characters outside GBK written as ?")
	}
	if clipped {
		*lossy = append(*lossy, fmt.Sprintf("%s: clipped to %d bytes", what, max))
	}
	return out
}

// WriteXQF writes g as XQF 1.0 (version 10, not obfuscated, every key 0), which every
// XQF reader reads: header strings in GBK clipped to their fields, the piece table,
// side, result and type, then the whole tree with CRLF comments.
func WriteXQF(w io.Writer, g *Game) (lossy []string, err error) {
	start, err := startBoard(g)
	if err != nil {
		return nil, err
	}
	slots, err := pieceSlots(&start)
	if err != nil {
		return nil, err
	}
	h := make([]byte, xqfHeaderSize)
	h[0], h[1], h[2] = 'X', 'Q', 10
	for i, s := range slots {
		if s == xiangqi.NoSquare {
			h[0x10+i] = 0xFF
		} else {
			h[0x10+i] = byte(10*s.File() + s.Rank())
		}
	}
	if start.SideToMove() == xiangqi.Black {
		h[0x32] = 1
	}
	switch g.Result {
	case "1-0":
		h[0x33] = 1
	case "0-1":
		h[0x33] = 2
	case "1/2-1/2":
		h[0x33] = 3
	}
	if !isStandardStart(&start) {
		h[0x40] = 3
	}
	for _, f := range xqfFields {
		v := g.Tag(f.tag)
		if v == "" {
			continue
		}
		b := gbkField(strings.ReplaceAll(v, "\n", " "), f.size-1, f.tag, &lossy)
		h[f.off] = byte(len(b))
		copy(h[f.off+1:], b)
	}
	bw := bufio.NewWriter(w)
	bw.Write(h)
	var lenBuf [4]byte
	comment := func(n *Node, what string) {
		var b []byte
		if n.Comment != "" {
			b = gbkField(strings.ReplaceAll(n.Comment, "\n", "\r\n"), DefaultMaxComment, what, &lossy)
		}
		binary.LittleEndian.PutUint32(lenBuf[:], uint32(len(b)))
		bw.Write(lenBuf[:])
		bw.Write(b)
	}
	if len(g.Root.Children) > 0 {
		bw.Write([]byte{0x18, 0x20, 0xF0, 0xFF})
	} else {
		bw.Write([]byte{0x18, 0x20, 0x00, 0xFF})
	}
	comment(g.Root, "game comment")
	type item struct {
		n       *Node
		sibling bool
	}
	var stack []item
	for i := len(g.Root.Children) - 1; i >= 0; i-- {
		stack = append(stack, item{g.Root.Children[i], i < len(g.Root.Children)-1})
	}
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		m := it.n.Move
		var flags byte
		if len(it.n.Children) > 0 {
			flags |= 0xF0
		}
		if it.sibling {
			flags |= 0x0F
		}
		from, to := m.From(), m.To()
		bw.Write([]byte{byte(10*from.File()+from.Rank()) + 0x18, byte(10*to.File()+to.Rank()) + 0x20, flags, 0})
		comment(it.n, "comment")
		for i := len(it.n.Children) - 1; i >= 0; i-- {
			stack = append(stack, item{it.n.Children[i], i < len(it.n.Children)-1})
		}
	}
	return lossy, bw.Flush()
}
