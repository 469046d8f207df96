package record

import (
	"encoding/binary"
	"fmt"

	"github.com/arbiter-xq/arbiter/xiangqi"
)

// XQF layout (XQStudio 象棋演播室).
const (
	xqfHeaderSize = 0x400
	xqfMaxVersion = 18
)

// xqfField is a length-prefixed string of the XQF header.
type xqfField struct {
	tag       string
	off, size int
}

var xqfFields = []xqfField{
	{"Title", 0x50, 64}, {"Event", 0xD0, 64}, {"Date", 0x110, 16}, {"Site", 0x120, 16},
	{"Red", 0x130, 16}, {"Black", 0x140, 16}, {"TimeControl", 0x150, 64},
	{"RedTime", 0x190, 16}, {"BlackTime", 0x1A0, 16},
	{"Annotator", 0x1D0, 16}, {"Author", 0x1E0, 16},
}

// xqfPieceKinds is the kind of each of the 16 pieces of a side in the piece table.
var xqfPieceKinds = [16]xiangqi.Kind{
	xiangqi.Rook, xiangqi.Horse, xiangqi.Elephant, xiangqi.Advisor, xiangqi.King,
	xiangqi.Advisor, xiangqi.Elephant, xiangqi.Horse, xiangqi.Rook, xiangqi.Cannon,
	xiangqi.Cannon, xiangqi.Pawn, xiangqi.Pawn, xiangqi.Pawn, xiangqi.Pawn, xiangqi.Pawn,
}

var recordTypes = [...]string{"full game", "opening", "middlegame", "endgame"}

// xqfChecksum reports whether the four key bytes sum to 0 mod 256, as in every XQF
// file known (version 10 included, whose keys are all 0).
func xqfChecksum(d []byte) bool {
	if len(d) < 0x10 {
		return false
	}
	return byte(d[0x0C]+d[0x0D]+d[0x0E]+d[0x0F]) == 0
}

// xqfKeys are the values that undo the obfuscation of versions 11 and up.
type xqfKeys struct {
	pieceOff, srcOff, dstOff byte
	commentOff               int
	stream                   [32]byte
}

var xqfCopyright = []byte("[(C) Copyright Mr. Dong Shiwei.]")

func deriveXQFKeys(d []byte) xqfKeys {
	var k xqfKeys
	if d[2] < 11 {
		return k
	}
	mask := d[3]
	orA, orB, orC, orD := d[8], d[9], d[10], d[11]
	sum, xy, xyf, xyt := d[12], d[13], d[14], d[15]
	f := func(x byte) byte { return 54*x*x + 221 }
	k.pieceOff = f(xy) * xy
	k.srcOff = f(xyf) * k.pieceOff
	k.dstOff = f(xyt) * k.srcOff
	k.commentOff = (int(sum)*256+int(xy))%32000 + 767
	seed := [4]byte{sum&mask | orA, xy&mask | orB, xyf&mask | orC, xyt&mask | orD}
	for i := range k.stream {
		k.stream[i] = xqfCopyright[i] & seed[i%4]
	}
	return k
}

// xqfBoard places the 32 pieces of the table (already de-rotated and de-offset).
// It reports the first two pieces on one point.
func xqfBoard(sq [32]byte) (board [xiangqi.NumSquares]xiangqi.Piece, who [xiangqi.NumSquares]int, clash string) {
	for i := range who {
		who[i] = -1
	}
	for i, v := range sq {
		if v >= 90 {
			continue
		}
		s := xiangqi.SquareAt(int(v)/10, int(v)%10)
		c := xiangqi.Red
		if i >= 16 {
			c = xiangqi.Black
		}
		if who[s] >= 0 && clash == "" {
			clash = fmt.Sprintf("pieces %d and %d of the piece table are both on %s", who[s], i, s)
		}
		who[s] = i
		board[s] = xiangqi.MakePiece(c, xqfPieceKinds[i%16])
	}
	return board, who, clash
}

func (r *reader) readXQF() ([]*Game, error) {
	d := r.data
	if len(d) < 2 || d[0] != 'X' || d[1] != 'Q' {
		return nil, r.fileErr(0, "%s", unknownReason(r.name, d))
	}
	if len(d) < 3 {
		return nil, r.fileErr(len(d), "XQF header truncated: %d bytes of %d", len(d), xqfHeaderSize)
	}
	ver := int(d[2])
	if ver > xqfMaxVersion {
		return nil, r.fileErr(2, "XQF version %d is not supported", ver)
	}
	if ver < 10 {
		return nil, r.fileErr(2, "XQF version %d is not supported (known versions are 10 to 18)", ver)
	}
	if len(d) < xqfHeaderSize {
		return nil, r.fileErr(len(d), "XQF header truncated: %d bytes of %d", len(d), xqfHeaderSize)
	}
	if !xqfChecksum(d) {
		return nil, r.fileErr(0x0C, "damaged XQF header: the key checksum does not hold")
	}
	keys := deriveXQFKeys(d)
	g := r.newGame(XQF, ver, 1, -1)

	// Header strings (never obfuscated).
	var samples [][]byte
	raws := make([][]byte, len(xqfFields))
	for i, f := range xqfFields {
		n := min(int(d[f.off]), f.size-1)
		raws[i] = cstring(d[f.off+1 : f.off+1+n])
		samples = append(samples, raws[i])
	}

	// The piece table.
	var raw, sq [32]byte
	copy(raw[:], d[0x10:0x30])
	rotate := func(src [32]byte) (out [32]byte) {
		for i := range 32 {
			out[(int(keys.pieceOff)+1+i)%32] = src[i]
		}
		return out
	}
	table := raw
	if ver >= 12 {
		table = rotate(raw)
	}
	for i := range 32 {
		sq[i] = table[i] - keys.pieceOff
	}
	board, _, clash := xqfBoard(sq)
	if ver == 11 {
		// Unverified: no XQF 1.1 sample is known and readers disagree on whether
		// the table is rotated. Read it unrotated; if that gives no valid position
		// and the rotated table does, use the rotated one with a warning.
		if !boardValid(board, r.opts.RelaxedFEN) || clash != "" {
			var sq2 [32]byte
			rt := rotate(raw)
			for i := range 32 {
				sq2[i] = rt[i] - keys.pieceOff
			}
			if b2, _, c2 := xqfBoard(sq2); c2 == "" && boardValid(b2, r.opts.RelaxedFEN) {
				board, clash = b2, ""
				g.Warnings = append(g.Warnings, r.gameErr(g, LevelText, "header", 0, 0x10, "", "XQF 1.1 piece table read rotated (the unrotated table is no valid position)"))
			}
		}
	}

	// Side, result, type.
	side := xiangqi.Red
	if d[0x32] == 1 {
		side = xiangqi.Black
	}
	switch d[0x33] {
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
		g.Tags = append(g.Tags, Tag{"RawResult", fmt.Sprint(d[0x33])})
		g.Warnings = append(g.Warnings, r.gameErr(g, LevelText, "header", 0, 0x33, "", "result byte %d is not 0 to 3: read as *", d[0x33]))
	}
	if t := int(d[0x40]); t < len(recordTypes) {
		g.Tags = append(g.Tags, Tag{"RecordType", recordTypes[t]})
	}

	// The move data, de-masked as far as it is read (main line only reads a small
	// part of a big tree).
	tail := make([]byte, len(d)-xqfHeaderSize)
	upto := 0
	demask := func(end int) {
		end = min(end, len(tail))
		for ; upto < end; upto++ {
			p := xqfHeaderSize + upto
			tail[upto] = d[p] - keys.stream[p%32]
		}
	}
	t := r.xqfTree(g, ver, keys, tail, demask)

	for _, rc := range t.comments {
		samples = append(samples, rc.b)
	}
	c := newCodec(samples)
	g.Source.Encoding = c.name()
	var tags []Tag
	for i, f := range xqfFields {
		s, bad := c.decode(raws[i])
		if bad >= 0 {
			g.Warnings = append(g.Warnings, r.gameErr(g, LevelText, "header "+f.tag, 0, f.off+1+bad, "", "not valid %s (replaced by U+FFFD)", c.name()))
		}
		if s = normText(s); s != "" {
			tags = append(tags, Tag{f.tag, s})
		}
	}
	g.Tags = append(tags, g.Tags...)
	t.decodeComments(c)
	if g.Result != "*" || d[0x33] != 0 {
		g.Tags = append(g.Tags, Tag{"Result", g.Result})
	}

	if clash != "" {
		g.Err = r.gameErr(g, LevelGame, "start position", 0, 0x10, "", "%s", clash)
		g.Root.Children = nil
		return []*Game{g}, nil
	}
	pos, ok := r.startPosition(g, &board, &side)
	if ok {
		r.finish(g, pos)
	}
	return []*Game{g}, nil
}

// boardValid reports whether a board with Red to move is a valid position.
func boardValid(board [xiangqi.NumSquares]xiangqi.Piece, relaxed bool) bool {
	var p xiangqi.Position
	for s, pc := range board {
		if pc != xiangqi.NoPiece {
			p.Put(xiangqi.Square(s), pc)
		}
	}
	_, err := xiangqi.ParseFENOptions(p.FEN(), xiangqi.FENOptions{AllowUnreachable: relaxed})
	return err == nil
}

// xqfSquare converts a decoded XQF square byte (10·file + rank) to a square.
func xqfSquare(v byte) (xiangqi.Square, bool) {
	if v >= 90 {
		return xiangqi.NoSquare, false
	}
	return xiangqi.SquareAt(int(v)/10, int(v)%10), true
}

// xqfTree reads the move records from the de-masked data after the header.
func (r *reader) xqfTree(g *Game, ver int, keys xqfKeys, tail []byte, demask func(end int)) *binTree {
	const base = xqfHeaderSize
	pos := 0
	var t *binTree
	first := true
	for {
		if t != nil && (t.done || !r.opts.Variations && t.mainDone) {
			break
		}
		rec := pos
		demask(pos + 8)
		if pos+4 > len(tail) {
			if first {
				g.Warnings = append(g.Warnings, r.gameErr(g, LevelText, "move tree", 0, base+pos, "", "no root record: a game without moves"))
				return newBinTree(r, g, false)
			}
			t.stop(base+pos, "the file ends inside the move tree (a record needs 4 bytes, %d left)", len(tail)-pos)
			break
		}
		src, dst, flags := tail[pos], tail[pos+1], tail[pos+2]
		pos += 4
		var child, sibling, hasComment bool
		if ver == 10 {
			child, sibling, hasComment = flags&0xF0 != 0, flags&0x0F != 0, true
		} else {
			child, sibling, hasComment = flags&0x80 != 0, flags&0x40 != 0, flags&0x20 != 0
		}
		var comment []byte
		commentOff := 0
		if hasComment {
			if pos+4 > len(tail) {
				if first {
					t = newBinTree(r, g, false)
				}
				t.stop(base+pos, "the file ends inside a comment length (4 bytes, %d left)", len(tail)-pos)
				break
			}
			n := int(int32(binary.LittleEndian.Uint32(tail[pos:])))
			pos += 4
			if ver > 10 {
				n -= keys.commentOff
			}
			if n < 0 || n > len(tail)-pos {
				if first {
					t = newBinTree(r, g, false)
				}
				t.stop(base+pos-4, "comment length %d does not fit the %d bytes left", n, len(tail)-pos)
				break
			}
			if n > r.opts.MaxComment {
				g.Warnings = append(g.Warnings, r.gameErr(g, LevelText, "comment", 0, base+pos, "", "comment of %d bytes longer than the limit of %d: dropped", n, r.opts.MaxComment))
			} else if n > 0 {
				demask(pos + n)
				comment = tail[pos : pos+n]
				commentOff = base + pos
			}
			pos += n
		}
		if first {
			first = false
			t = newBinTree(r, g, child)
			if comment != nil {
				t.comments = append(t.comments, rawComment{g.Root, comment, commentOff})
			}
			continue
		}
		n := &Node{Offset: base + rec}
		from, ok1 := xqfSquare(src - 0x18 - keys.srcOff)
		to, ok2 := xqfSquare(dst - 0x20 - keys.dstOff)
		if ok1 && ok2 {
			n.Move = xiangqi.NewMove(from, to)
		} else {
			n.Move = xiangqi.NoMove
		}
		if comment != nil {
			t.comments = append(t.comments, rawComment{n, comment, commentOff})
		}
		if why := t.add(n, child, sibling); why != "" {
			t.stop(base+rec, "%s", why)
			break
		}
	}
	if t.done && !t.stopped && r.opts.Variations && pos < len(tail) {
		g.Warnings = append(g.Warnings, r.gameErr(g, LevelText, "move tree", 0, base+pos, "", "%d bytes of trailing data after the move tree ignored", len(tail)-pos))
	}
	return t
}
