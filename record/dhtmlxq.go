package record

import (
	"fmt"
	"html"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/arbiter-xq/arbiter/pgn"
	"github.com/arbiter-xq/arbiter/xiangqi"
)

// hasDhtmlXQ reports whether text holds a DhtmlXQ marker, in any letter case.
func hasDhtmlXQ(d []byte) bool {
	return strings.Contains(asciiLower(string(d[:min(len(d), 1<<20)])), "[dhtmlxq")
}

// asciiLower lowers ASCII letters only, so that byte offsets stay the same.
func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 32
		}
	}
	return string(b)
}

// dhtmlItem is one [DhtmlXQ_name]value item.
type dhtmlItem struct {
	name, value string
}

// dhtmlBlock is the items of one game, in order.
type dhtmlBlock struct {
	items []dhtmlItem
	off   int // byte offset of the block in the decoded text
}

func (b *dhtmlBlock) get(name string) (string, bool) {
	for _, it := range b.items {
		if it.name == name {
			return it.value, true
		}
	}
	return "", false
}

// splitDhtmlXQ finds the games and items of a text. An item's value ends at the next
// "[/DhtmlXQ", whatever name follows (CCBridge closes some items with another name).
func splitDhtmlXQ(text string, maxGames int) []*dhtmlBlock {
	low := asciiLower(text)
	var blocks []*dhtmlBlock
	var cur *dhtmlBlock
	flush := func() {
		if cur != nil && len(cur.items) > 0 && len(blocks) < maxGames {
			blocks = append(blocks, cur)
		}
		cur = nil
	}
	for pos := 0; pos < len(low); {
		i := strings.IndexByte(low[pos:], '[')
		if i < 0 {
			break
		}
		pos += i
		rest := low[pos:]
		switch {
		case strings.HasPrefix(rest, "[dhtmlxq]"), strings.HasPrefix(rest, "[dhtmlxqiframe]"):
			flush()
			cur = &dhtmlBlock{off: pos}
			pos += strings.IndexByte(rest, ']') + 1
		case strings.HasPrefix(rest, "[/dhtmlxq]"), strings.HasPrefix(rest, "[/dhtmlxqiframe]"):
			flush()
			pos += strings.IndexByte(rest, ']') + 1
		case strings.HasPrefix(rest, "[dhtmlxq_"):
			end := strings.IndexByte(rest, ']')
			if end < 0 || end > 64 {
				pos++
				continue
			}
			name := rest[len("[dhtmlxq_"):end]
			vstart := pos + end + 1
			vend := strings.Index(low[vstart:], "[/dhtmlxq")
			if vend < 0 {
				vend = len(low) - vstart
			}
			if cur == nil {
				cur = &dhtmlBlock{off: pos}
			}
			cur.items = append(cur.items, dhtmlItem{name, text[vstart : vstart+vend]})
			pos = vstart + vend
		default:
			pos++
		}
	}
	flush()
	return blocks
}

// dhtmlResult maps the free-text result of DhtmlXQ.
func dhtmlResult(v string) (string, bool) {
	v = strings.TrimSpace(v)
	switch v {
	case "1-0", "0-1", "1/2-1/2", "*":
		return v, true
	case "", "未知", "未知結果", "未知结果":
		return "*", true
	case "W", "w":
		return "1-0", true
	case "L", "l":
		return "0-1", true
	case "D", "d":
		return "1/2-1/2", true
	}
	t := strings.NewReplacer("紅", "红", "勝", "胜", "負", "负", "黑", "黑", "先", "").Replace(v)
	switch t {
	case "红胜", "黑负":
		return "1-0", true
	case "黑胜", "红负":
		return "0-1", true
	case "和棋", "和局", "和", "红和", "黑和", "和棋局":
		return "1/2-1/2", true
	}
	return "*", false
}

var dhtmlTags = []struct{ item, tag string }{
	{"title", "Title"}, {"event", "Event"}, {"date", "Date"}, {"place", "Site"},
	{"round", "Round"}, {"group", "Group"}, {"table", "Table"},
	{"red", "Red"}, {"redname", "Red"}, {"redteam", "RedTeam"}, {"redlevel", "RedLevel"},
	{"redrating", "RedRating"}, {"redtime", "RedTime"},
	{"black", "Black"}, {"blackname", "Black"}, {"blackteam", "BlackTeam"}, {"blacklevel", "BlackLevel"},
	{"blackrating", "BlackRating"}, {"blacktime", "BlackTime"},
	{"open", "Opening"}, {"variation", "Variation"}, {"ecco", "ECCO"},
	{"remark", "Annotator"}, {"author", "Author"}, {"owner", "Owner"},
	{"type", "RecordType"}, {"gametype", "GameType"}, {"timerule", "TimeControl"},
	{"endtype", "Termination"}, {"generator", "Generator"},
}

func (r *reader) readDhtmlXQ() ([]*Game, error) {
	r.textOffsets = true
	text, enc, derr := pgn.Decode(r.data)
	low := asciiLower(text)
	fromHTML := strings.Contains(low, "<div") || strings.Contains(low, "<html") || strings.Contains(low, "<body") || strings.Contains(low, "<script")
	blocks := splitDhtmlXQ(text, r.opts.MaxGames)
	if len(blocks) == 0 {
		return nil, r.fileErr(-1, "no DhtmlXQ items in the text")
	}
	var games []*Game
	for i, b := range blocks {
		g := r.newGame(DhtmlXQ, 0, i+1, -1)
		g.Source.Encoding = enc.String()
		if derr != nil {
			g.Warnings = append(g.Warnings, r.gameErr(g, LevelText, "", 0, -1, "", "%v (replaced by U+FFFD)", derr))
		}
		r.dhtmlGame(g, b, fromHTML)
		games = append(games, g)
	}
	return games, nil
}

// dhtmlText decodes a text value: "||" is a line break; HTML character references
// are decoded when the text came from an HTML page (unverified: no sample has any).
func dhtmlText(v string, fromHTML bool) string {
	v = strings.ReplaceAll(v, "||", "\n")
	if fromHTML && strings.IndexByte(v, '&') >= 0 {
		v = html.UnescapeString(v)
	}
	return normText(v)
}

// dhtmlMoves parses the digits of a move list: 4 digits per move XYXY, or the older
// 12-character form (4 digits, 4 letters, 4 digits) of which the first 4 count
// (unverified: no sample). bad is the character offset of the first error.
func dhtmlMoves(v string) (moves []xiangqi.Move, offs []int, bad int, why string) {
	v = strings.TrimSpace(v)
	step := 4
	if len(v)%12 == 0 && len(v) > 0 {
		old := true
		for i := 0; i < len(v) && old; i += 12 {
			for j := 4; j < 8; j++ {
				c := v[i+j]
				if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
					old = false
					break
				}
			}
		}
		if old {
			step = 12
		}
	}
	for i := 0; i < len(v); i += step {
		if i+4 > len(v) {
			return moves, offs, utf8.RuneCountInString(v[:i]), fmt.Sprintf("%d characters left over: the moves are 4 digits each", len(v)-i)
		}
		var d [4]int
		for j := range 4 {
			c := v[i+j]
			if c < '0' || c > '9' {
				return moves, offs, utf8.RuneCountInString(v[:i+j]), fmt.Sprintf("%q is not a digit", rune(c))
			}
			d[j] = int(c - '0')
		}
		if d[0] > 8 || d[2] > 8 {
			return moves, offs, i, fmt.Sprintf("%q is not a point (file %d)", v[i:i+4], max(d[0], d[2]))
		}
		moves = append(moves, xiangqi.NewMove(xiangqi.SquareAt(d[0], 9-d[1]), xiangqi.SquareAt(d[2], 9-d[3])))
		offs = append(offs, i)
	}
	return moves, offs, -1, ""
}

// dhtmlBranch is one move_P_S_B item.
type dhtmlBranch struct {
	parent, start int
	value         string
	nodes         []*Node
	kids          []int
	attached      bool
}

func (r *reader) dhtmlGame(g *Game, b *dhtmlBlock, fromHTML bool) {
	seen := map[string]bool{}
	blacktimes := 0
	for _, it := range b.items {
		if it.name == "blacktime" {
			blacktimes++
			if blacktimes == 2 && !seen["redtime"] {
				// CCBridge writes Red's time as a first "blacktime" item: the
				// second one is Black's.
				g.setTag("RedTime", g.Tag("BlackTime"))
				g.setTag("BlackTime", dhtmlText(it.value, fromHTML))
				continue
			}
		}
		if seen[it.name] {
			continue
		}
		seen[it.name] = true
		for _, t := range dhtmlTags {
			if t.item == it.name {
				g.addTag(t.tag, dhtmlText(it.value, fromHTML))
				break
			}
		}
	}
	if v, ok := b.get("result"); ok {
		res, known := dhtmlResult(v)
		g.Result = res
		if raw := strings.TrimSpace(v); raw != "" {
			if !known {
				g.Warnings = append(g.Warnings, r.gameErr(g, LevelText, "result", 0, -1, "", "result %q not understood: read as *", raw))
			}
			if raw != res {
				g.addTag("RawResult", raw)
			}
		}
	}
	if g.Result != "*" {
		g.setTag("Result", g.Result)
	}

	// Start position: a fen item wins over binit; neither is the standard start.
	var board [xiangqi.NumSquares]xiangqi.Piece
	var stored *xiangqi.Color
	if fen, ok := b.get("fen"); ok && strings.TrimSpace(fen) != "" {
		bd, side, err := boardOfFEN(strings.TrimSpace(fen))
		if err != nil {
			g.Err = r.gameErr(g, LevelGame, "fen", 0, -1, "", "%v", err)
			g.Err.Err = err
			return
		}
		board, stored = bd, side
	} else if bi, ok := b.get("binit"); ok && strings.TrimSpace(bi) != "" {
		bi = strings.TrimSpace(bi)
		if len(bi) != 64 {
			g.Err = r.gameErr(g, LevelGame, "binit", 0, -1, "", "%d characters, want 64 digits", utf8.RuneCountInString(bi))
			return
		}
		for i := 0; i < 32; i++ {
			x, y := bi[2*i], bi[2*i+1]
			if x < '0' || x > '9' || y < '0' || y > '9' {
				g.Err = r.gameErr(g, LevelGame, "binit", 0, 2*i, "character", "%q is not two digits", bi[2*i:2*i+2])
				return
			}
			if x == '9' && y == '9' {
				continue
			}
			if x == '9' {
				g.Err = r.gameErr(g, LevelGame, "binit", 0, 2*i, "character", "%q is not a point", bi[2*i:2*i+2])
				return
			}
			s := xiangqi.SquareAt(int(x-'0'), 9-int(y-'0'))
			if board[s] != xiangqi.NoPiece {
				g.Err = r.gameErr(g, LevelGame, "binit", 0, 2*i, "character", "pieces %d and %d are both on %s", pieceAt(bi, i, s), i, s)
				return
			}
			c := xiangqi.Red
			if i >= 16 {
				c = xiangqi.Black
			}
			board[s] = xiangqi.MakePiece(c, xqfPieceKinds[i%16])
		}
	} else {
		s := xiangqi.StartPosition()
		for i := range board {
			board[i] = s.At(xiangqi.Square(i))
		}
	}

	// The main line.
	mv, _ := b.get("movelist")
	moves, offs, bad, why := dhtmlMoves(mv)
	if bad >= 0 {
		g.Err = r.gameErr(g, LevelGame, "movelist", 0, bad, "character", "%s", why)
		return
	}
	if len(moves) > r.opts.MaxNodes {
		moves = moves[:r.opts.MaxNodes]
	}
	main := make([]*Node, len(moves))
	n := g.Root
	for i, m := range moves {
		c := &Node{Move: m, Offset: offs[i]}
		n.Children = append(n.Children, c)
		main[i] = c
		n = c
	}
	nodes := len(moves)

	// Branches, resolved once the whole block is read (a parent may come after its
	// child), attached breadth-first from the main line: linear work.
	branches := map[int]*dhtmlBranch{}
	var order []int
	if r.opts.Variations {
		for _, it := range b.items {
			if !strings.HasPrefix(it.name, "move_") {
				continue
			}
			f := strings.Split(it.name[len("move_"):], "_")
			if len(f) != 3 {
				continue
			}
			p, e1 := strconv.Atoi(f[0])
			s, e2 := strconv.Atoi(f[1])
			id, e3 := strconv.Atoi(f[2])
			if e1 != nil || e2 != nil || e3 != nil || id <= 0 || p < 0 {
				g.Warnings = append(g.Warnings, r.gameErr(g, LevelBranch, "move_"+it.name[5:], 0, -1, "", "not a branch name move_P_S_B"))
				continue
			}
			if _, dup := branches[id]; dup {
				continue
			}
			if len(branches) >= r.opts.MaxBranches {
				g.Warnings = append(g.Warnings, r.gameErr(g, LevelBranch, "move_"+it.name[5:], 0, -1, "", "more than the limit of %d branches: the rest is ignored", r.opts.MaxBranches))
				break
			}
			branches[id] = &dhtmlBranch{parent: p, start: s, value: it.value}
			order = append(order, id)
		}
		for _, id := range order {
			br := branches[id]
			if br.parent == 0 {
				continue
			}
			if pb, ok := branches[br.parent]; ok && br.parent != id {
				pb.kids = append(pb.kids, id)
			}
		}
		// lineLen and lineNode look through the chain of parents; the chain is
		// bounded by the branches already attached (no cycle can be reached).
		lineNode := func(p, ply int) *Node {
			for steps := 0; steps <= len(branches)+1; steps++ {
				if ply == 0 {
					return g.Root
				}
				if p == 0 {
					if ply <= len(main) {
						return main[ply-1]
					}
					return nil
				}
				br := branches[p]
				if ply >= br.start {
					if ply-br.start < len(br.nodes) {
						return br.nodes[ply-br.start]
					}
					return nil
				}
				p = br.parent
			}
			return nil
		}
		queue := []int{}
		for _, id := range order {
			if branches[id].parent == 0 {
				queue = append(queue, id)
			}
		}
		for len(queue) > 0 {
			id := queue[0]
			queue = queue[1:]
			br := branches[id]
			br.attached = true
			name := fmt.Sprintf("move_%d_%d_%d", br.parent, br.start, id)
			anchor := (*Node)(nil)
			if br.start >= 1 && lineNode(br.parent, br.start) != nil {
				anchor = lineNode(br.parent, br.start-1)
			}
			if anchor == nil {
				g.Warnings = append(g.Warnings, r.gameErr(g, LevelBranch, name, br.start, -1, "", "ply %d is outside line %d", br.start, br.parent))
				continue
			}
			ms, os, bad, why := dhtmlMoves(br.value)
			if bad >= 0 {
				g.Warnings = append(g.Warnings, r.gameErr(g, LevelBranch, name, 0, bad, "character", "%s: branch skipped", why))
				continue
			}
			if len(ms) == 0 {
				g.Warnings = append(g.Warnings, r.gameErr(g, LevelBranch, name, 0, -1, "", "empty branch skipped"))
				continue
			}
			if nodes+len(ms) > r.opts.MaxNodes {
				g.Warnings = append(g.Warnings, r.gameErr(g, LevelBranch, name, 0, -1, "", "more than the limit of %d moves: branch skipped", r.opts.MaxNodes))
				continue
			}
			nodes += len(ms)
			n := anchor
			for i, m := range ms {
				c := &Node{Move: m, Offset: os[i]}
				n.Children = append(n.Children, c)
				br.nodes = append(br.nodes, c)
				n = c
			}
			queue = append(queue, br.kids...)
		}
		for _, id := range order {
			if br := branches[id]; !br.attached {
				reason := "its parent line is unknown"
				if _, ok := branches[br.parent]; ok {
					reason = "its parent line is unreadable or in a cycle"
				}
				g.Warnings = append(g.Warnings, r.gameErr(g, LevelBranch, fmt.Sprintf("move_%d_%d_%d", br.parent, br.start, id), 0, -1, "", "branch skipped: %s", reason))
			}
		}
	}

	// Comments: commentS on main-line ply S, commentB_S on ply S of branch B.
	for _, it := range b.items {
		if !strings.HasPrefix(it.name, "comment") {
			continue
		}
		f := strings.Split(it.name[len("comment"):], "_")
		text := dhtmlText(it.value, fromHTML)
		if len(text) > r.opts.MaxComment {
			continue
		}
		var target *Node
		switch len(f) {
		case 1:
			s, err := strconv.Atoi(f[0])
			if err != nil || s < 0 {
				continue
			}
			if s == 0 {
				target = g.Root
			} else if s <= len(main) {
				target = main[s-1]
			}
		case 2:
			id, e1 := strconv.Atoi(f[0])
			s, e2 := strconv.Atoi(f[1])
			if e1 != nil || e2 != nil {
				continue
			}
			if br, ok := branches[id]; ok && s >= br.start && s-br.start < len(br.nodes) {
				target = br.nodes[s-br.start]
			}
		}
		if target != nil && target.Comment == "" {
			target.Comment = text
		}
	}

	pos, ok := r.startPosition(g, &board, stored)
	if ok {
		r.finish(g, pos)
	}
}

// pieceAt returns the index of the piece before i in binit that stands on s.
func pieceAt(bi string, i int, s xiangqi.Square) int {
	for j := 0; j < i; j++ {
		x, y := bi[2*j], bi[2*j+1]
		if x <= '8' && y <= '9' && xiangqi.SquareAt(int(x-'0'), 9-int(y-'0')) == s {
			return j
		}
	}
	return -1
}
