package record

import (
	"encoding/binary"
	"fmt"
	"strings"

	"github.com/arbiter-xq/arbiter/xiangqi"
)

// CCBridge (象棋桥) records and libraries.
const (
	cbrMagic = "CCBridge Record\x00"
	cblMagic = "CCBridgeLibrary\x00"

	cbrTreeV2   = 2214
	cbrTreeV1   = 1958
	cblIndexOff = 66624
	cblEntry    = 276
	cblBlock    = 4096
)

type cbrField struct {
	tag       string
	off, size int
}

var cbrFieldsV2 = []cbrField{
	{"Title", 180, 128}, {"Event", 692, 64}, {"Round", 756, 64}, {"Date", 884, 64},
	{"Site", 948, 64}, {"Red", 1076, 64}, {"RedTeam", 1140, 64}, {"Black", 1300, 64},
	{"BlackTeam", 1364, 64}, {"Annotator", 1652, 64}, {"Author", 1780, 64},
}

// Version 1 (unverified: one implementation's offsets, no sample).
var cbrFieldsV1 = []cbrField{
	{"Title", 52, 128}, {"Event", 564, 64}, {"Red", 948, 64}, {"Black", 1172, 64},
}

// cbrLayout is where a CBR version keeps its fixed fields.
type cbrLayout struct {
	fields                    []cbrField
	result, side, board, tree int
	squareV1                  bool
}

var (
	cbrV2 = cbrLayout{fields: cbrFieldsV2, result: 2076, side: 2112, board: 2120, tree: cbrTreeV2}
	cbrV1 = cbrLayout{fields: cbrFieldsV1, result: 1820, side: 1856, board: 1864, tree: cbrTreeV1, squareV1: true}
)

// cbrPiece decodes a CBR board byte: 0x11..0x17 Red rook, horse, elephant, advisor,
// king, cannon, pawn; 0x21..0x27 Black's.
func cbrPiece(b byte) (xiangqi.Piece, bool) {
	kinds := [8]xiangqi.Kind{0, xiangqi.Rook, xiangqi.Horse, xiangqi.Elephant, xiangqi.Advisor, xiangqi.King, xiangqi.Cannon, xiangqi.Pawn}
	k := b & 0x0F
	if k < 1 || k > 7 {
		return xiangqi.NoPiece, false
	}
	switch b & 0xF0 {
	case 0x10:
		return xiangqi.MakePiece(xiangqi.Red, kinds[k]), true
	case 0x20:
		return xiangqi.MakePiece(xiangqi.Black, kinds[k]), true
	}
	return xiangqi.NoPiece, false
}

// cbrSquare converts a board index (9·row + file, row 0 at Black's back rank).
func cbrSquare(i byte, v1 bool) (xiangqi.Square, bool) {
	if v1 {
		// Unverified: 16·file + row from the top.
		f, row := int(i)/16, int(i)%16
		if f > 8 || row > 9 {
			return xiangqi.NoSquare, false
		}
		return xiangqi.SquareAt(f, 9-row), true
	}
	if i >= 90 {
		return xiangqi.NoSquare, false
	}
	return xiangqi.SquareAt(int(i)%9, 9-int(i)/9), true
}

func (r *reader) readCBR() ([]*Game, error) {
	if !strings.HasPrefix(string(r.data[:min(len(r.data), 16)]), cbrMagic) {
		return nil, r.fileErr(0, "%s", unknownReason(r.name, r.data))
	}
	g := r.newGame(CBR, 0, 1, -1)
	if err := r.cbrRecord(g, r.data, 0); err != nil {
		return nil, err
	}
	return []*Game{g}, nil
}

// cbrRecord reads one CBR (a file, or a record of a library at file offset base)
// into g. A record too short for its header is a *RecordError returned (the caller
// makes it a file or game error). It reports a section heading (a record without
// moves and with an empty board) by leaving g.Source.Format == 0.
func (r *reader) cbrRecord(g *Game, d []byte, base int) *RecordError {
	if len(d) < 20 {
		return r.fileErr(base+len(d), "CBR header truncated: %d bytes", len(d))
	}
	ver := int(d[19])
	if g.Source.Format == CBR {
		g.Source.Version = ver
	}
	var lay cbrLayout
	switch ver {
	case 2:
		lay = cbrV2
	case 1:
		lay = cbrV1
		g.Warnings = append(g.Warnings, r.gameErr(g, LevelText, "header", 0, base+19, "", "CBR version 1: unverified layout"))
	default:
		return r.fileErr(base+19, "CBR version %d is not supported", ver)
	}
	if len(d) < lay.tree {
		return r.fileErr(base+len(d), "CBR header truncated: %d bytes of %d", len(d), lay.tree)
	}
	for _, f := range lay.fields {
		s, ok := utf16LE(d[f.off : f.off+f.size])
		if !ok {
			g.Warnings = append(g.Warnings, r.gameErr(g, LevelText, "header "+f.tag, 0, base+f.off, "", "not valid UTF-16 (replaced by U+FFFD)"))
		}
		g.addTag(f.tag, normText(s))
	}
	g.Source.Encoding = "UTF-16LE"
	switch rb := d[lay.result]; rb {
	case 0:
		g.Result = "*"
	case 1:
		g.Result = "1-0"
	case 2:
		g.Result = "0-1"
	case 3:
		g.Result = "1/2-1/2"
	default:
		g.Result = "*"
		g.Tags = append(g.Tags, Tag{"RawResult", fmt.Sprint(rb)})
		if rb != 4 {
			g.Warnings = append(g.Warnings, r.gameErr(g, LevelText, "header", 0, base+lay.result, "", "result byte %d is not 0 to 4: read as *", rb))
		}
	}
	if g.Result != "*" {
		g.Tags = append(g.Tags, Tag{"Result", g.Result})
	}
	var stored *xiangqi.Color
	switch d[lay.side] {
	case 1:
		c := xiangqi.Red
		stored = &c
	case 2:
		c := xiangqi.Black
		stored = &c
	}
	var board [xiangqi.NumSquares]xiangqi.Piece
	empty := true
	for i := range 90 {
		b := d[lay.board+i]
		if b == 0 {
			continue
		}
		empty = false
		pc, ok := cbrPiece(b)
		if !ok {
			g.Err = r.gameErr(g, LevelGame, "start position", 0, base+lay.board+i, "", "board byte 0x%02x is no piece", b)
			return nil
		}
		s, _ := cbrSquare(byte(i), false)
		board[s] = pc
	}
	r.cbrTree(g, d, base, lay)
	if g.Source.Format == CBL && len(g.Root.Children) == 0 && empty && g.Err == nil {
		g.Source.Format = 0 // a section heading of a library
		return nil
	}
	if g.Err != nil && g.Err.Level == LevelGame {
		return nil
	}
	pos, ok := r.startPosition(g, &board, stored)
	if ok {
		r.finish(g, pos)
	}
	return nil
}

// cbrTree reads the move records of a CBR from lay.tree to the end of d.
func (r *reader) cbrTree(g *Game, d []byte, base int, lay cbrLayout) *binTree {
	pos := lay.tree
	var t *binTree
	first := true
	for {
		if t != nil && (t.done || !r.opts.Variations && t.mainDone) {
			break
		}
		rec := pos
		if pos+4 > len(d) {
			if first {
				t = newBinTree(r, g, false)
				g.Warnings = append(g.Warnings, r.gameErr(g, LevelText, "move tree", 0, base+pos, "", "no root record: a game without moves"))
				return t
			}
			t.stop(base+pos, "the record ends inside the move tree (a move needs 4 bytes, %d left)", len(d)-pos)
			break
		}
		flags, from, to := d[pos], d[pos+2], d[pos+3]
		pos += 4
		if flags > 7 {
			if first {
				t = newBinTree(r, g, false)
			}
			t.stop(base+rec, "move flags %d are not 0 to 7", flags)
			break
		}
		child, sibling, hasComment := flags&1 == 0, flags&2 != 0, flags&4 != 0
		var comment string
		if hasComment {
			if pos+4 > len(d) {
				if first {
					t = newBinTree(r, g, false)
				}
				t.stop(base+pos, "the record ends inside a comment length (4 bytes, %d left)", len(d)-pos)
				break
			}
			n := binary.LittleEndian.Uint32(d[pos:])
			pos += 4
			if uint64(n) > uint64(len(d)-pos) {
				if first {
					t = newBinTree(r, g, false)
				}
				t.stop(base+pos-4, "comment length %d does not fit the %d bytes left", n, len(d)-pos)
				break
			}
			if int(n) > r.opts.MaxComment {
				g.Warnings = append(g.Warnings, r.gameErr(g, LevelText, "comment", 0, base+pos, "", "comment of %d bytes longer than the limit of %d: dropped", n, r.opts.MaxComment))
			} else {
				s, ok := utf16LE(d[pos : pos+int(n)])
				if !ok {
					g.Warnings = append(g.Warnings, r.gameErr(g, LevelText, "comment", 0, base+pos, "", "not valid UTF-16 (replaced by U+FFFD)"))
				}
				comment = normText(s)
			}
			pos += int(n)
		}
		if first {
			first = false
			t = newBinTree(r, g, child)
			g.Root.Comment = comment
			continue
		}
		n := &Node{Offset: base + rec, Comment: comment}
		f, ok1 := cbrSquare(from, lay.squareV1)
		tt, ok2 := cbrSquare(to, lay.squareV1)
		if ok1 && ok2 {
			n.Move = xiangqi.NewMove(f, tt)
		}
		if why := t.add(n, child, sibling); why != "" {
			t.stop(base+rec, "%s", why)
			break
		}
	}
	return t
}

func (r *reader) readCBL() ([]*Game, error) {
	d := r.data
	if !strings.HasPrefix(string(d[:min(len(d), 16)]), cblMagic) {
		return nil, r.fileErr(0, "%s", unknownReason(r.name, d))
	}
	if len(d) < cblIndexOff {
		return nil, r.fileErr(len(d), "CBL header truncated: %d bytes of %d", len(d), cblIndexOff)
	}
	ver := int(binary.LittleEndian.Uint32(d[16:]))
	capacity := binary.LittleEndian.Uint32(d[60:])
	if capacity == 0 || uint64(capacity) > uint64(r.opts.MaxGames) {
		return nil, r.fileErr(60, "CBL index capacity %d is outside 1 to %d", capacity, r.opts.MaxGames)
	}
	recBase := cblIndexOff + cblEntry*int(capacity)
	if recBase > len(d) {
		return nil, r.fileErr(60, "CBL index of %d entries ends at byte %d, after the end of the file (%d bytes)", capacity, recBase, len(d))
	}
	var games []*Game
	var pending []*RecordError // notes about skipped records, for the next game
	sections := ""
	off := recBase
	note := func(e *RecordError) {
		if len(games) > 0 {
			g := games[len(games)-1]
			e.Game = g.Source.Index
			g.Warnings = append(g.Warnings, e)
			return
		}
		pending = append(pending, e)
	}
	for entry := 0; entry < int(capacity); entry++ {
		ix := d[cblIndexOff+cblEntry*entry : cblIndexOff+cblEntry*(entry+1)]
		flags := binary.LittleEndian.Uint32(ix)
		blocks := binary.LittleEndian.Uint32(ix[8:])
		length := binary.LittleEndian.Uint32(ix[12:])
		if flags == 0 && blocks == 0 && length == 0 {
			continue
		}
		start := off
		if uint64(blocks)*cblBlock > uint64(len(d)-off) {
			e := &RecordError{File: r.name, Level: LevelGame, Entry: entry, Offset: cblIndexOff + cblEntry*entry, Reason: fmt.Sprintf("the record of %d blocks at byte %d goes past the end of the file (%d bytes)", blocks, off, len(d))}
			if len(games) < r.opts.MaxGames {
				g := r.newGame(CBL, ver, len(games)+1, entry)
				e.Game = g.Source.Index
				g.Err = e
				games = append(games, g)
			}
			break
		}
		off += int(blocks) * cblBlock
		if length > blocks*cblBlock {
			note(&RecordError{File: r.name, Level: LevelGame, Entry: entry, Offset: cblIndexOff + cblEntry*entry + 12, Reason: fmt.Sprintf("record length %d is longer than its %d blocks: skipped", length, blocks)})
			continue
		}
		deleted := flags&2 == 0
		if deleted && !r.opts.KeepDeleted {
			note(&RecordError{File: r.name, Level: LevelText, Entry: entry, Offset: -1, Reason: "a deleted record: skipped"})
			continue
		}
		if len(games) >= r.opts.MaxGames {
			note(&RecordError{File: r.name, Level: LevelText, Entry: entry, Offset: -1, Reason: fmt.Sprintf("more than the limit of %d games: the rest is skipped", r.opts.MaxGames)})
			break
		}
		rec := d[start : start+int(length)]
		g := r.newGame(CBL, ver, len(games)+1, entry)
		g.Source.Deleted = deleted
		if !strings.HasPrefix(string(rec[:min(len(rec), 16)]), cbrMagic) {
			g.Err = r.gameErr(g, LevelGame, "", 0, start, "", "the record does not start with \"CCBridge Record\"")
			games = append(games, g)
			continue
		}
		if e := r.cbrRecord(g, rec, start); e != nil {
			e.Level, e.Game, e.Entry = LevelGame, g.Source.Index, entry
			g.Err = e
			g.Root.Children = nil
		}
		if g.Source.Format == 0 {
			title, _ := utf16LE(ix[100:228])
			if title = strings.TrimSpace(title); title == "" {
				title = g.Tag("Title")
			}
			sections = title
			continue
		}
		if sections != "" {
			g.addTag("Section", sections)
		}
		g.Warnings = append(pending, g.Warnings...)
		for _, e := range pending {
			e.Game = g.Source.Index
		}
		pending = nil
		games = append(games, g)
	}
	if len(games) == 0 && len(pending) > 0 {
		return nil, r.fileErr(-1, "no games in the library (%s)", pending[0].Reason)
	}
	return games, nil
}
