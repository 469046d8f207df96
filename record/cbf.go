package record

import (
	"bytes"
	"encoding/xml"
	"strconv"
	"strings"

	"github.com/arbiter-xq/arbiter/xiangqi"
)

// isCBF reports whether d is CCBridge XML: after an optional UTF-8 byte order mark
// and white space, an XML declaration and the root element ChineseChessRecord.
func isCBF(d []byte) bool {
	d = bytes.TrimPrefix(d, []byte("\xef\xbb\xbf"))
	d = bytes.TrimLeft(d, " \t\r\n")
	if !bytes.HasPrefix(d, []byte("<?xml")) {
		return false
	}
	return bytes.Contains(d[:min(len(d), 4096)], []byte("<ChineseChessRecord"))
}

type cbfMove struct {
	Value string `xml:"value,attr"`
	End   string `xml:"end,attr"`
	Text  string `xml:",chardata"`
}

type cbfDoc struct {
	XMLName xml.Name `xml:"ChineseChessRecord"`
	Version string   `xml:"Version,attr"`
	Head    struct {
		Name, From, Contest, Round, Group, Table, Date, Site, TimeRule string
		Red, RedTeam, Black, BlackTeam, Commentator, Creator, ECCO     string
		RecordResult, FEN                                              string
	}
	Moves []cbfMove `xml:"MoveList>Move"`
}

// cbfSquare reads "XY": X the file 0-8, Y the row from Black's side.
func cbfSquare(s string) (xiangqi.Square, bool) {
	if len(s) != 2 || s[0] < '0' || s[0] > '8' || s[1] < '0' || s[1] > '9' {
		return xiangqi.NoSquare, false
	}
	return xiangqi.SquareAt(int(s[0]-'0'), 9-int(s[1]-'0')), true
}

func (r *reader) readCBF() ([]*Game, error) {
	var doc cbfDoc
	d := bytes.TrimPrefix(r.data, []byte("\xef\xbb\xbf"))
	if err := xml.Unmarshal(d, &doc); err != nil {
		off := -1
		if se, ok := err.(*xml.SyntaxError); ok {
			return nil, &RecordError{File: r.name, Level: LevelFile, Entry: -1, Offset: -1, Line: "XML line " + itoa(se.Line), Reason: se.Msg, Err: err}
		}
		return nil, &RecordError{File: r.name, Level: LevelFile, Entry: -1, Offset: off, Reason: "not CBF XML: " + err.Error(), Err: err}
	}
	g := r.newGame(CBF, 0, 1, -1)
	g.Source.Encoding = "UTF-8"
	h := doc.Head
	for _, t := range []Tag{
		{"Title", h.Name}, {"Event", h.Contest}, {"Round", h.Round}, {"Group", h.Group},
		{"Table", h.Table}, {"Date", h.Date}, {"Site", h.Site}, {"TimeControl", h.TimeRule},
		{"Red", h.Red}, {"RedTeam", h.RedTeam}, {"Black", h.Black}, {"BlackTeam", h.BlackTeam},
		{"Annotator", h.Commentator}, {"Author", h.Creator}, {"ECCO", h.ECCO}, {"From", h.From},
	} {
		g.addTag(t.Name, t.Value)
	}
	switch strings.TrimSpace(h.RecordResult) {
	case "1":
		g.Result = "1-0"
	case "2":
		g.Result = "0-1"
	case "3":
		g.Result = "1/2-1/2"
	case "0", "":
	default:
		g.Tags = append(g.Tags, Tag{"RawResult", strings.TrimSpace(h.RecordResult)})
	}
	if g.Result != "*" {
		g.Tags = append(g.Tags, Tag{"Result", g.Result})
	}
	var board [xiangqi.NumSquares]xiangqi.Piece
	var stored *xiangqi.Color
	if fen := strings.TrimSpace(h.FEN); fen != "" {
		b, side, err := boardOfFEN(fen)
		if err != nil {
			g.Err = r.gameErr(g, LevelGame, "start position", 0, -1, "", "%v", err)
			g.Err.Err = err
			return []*Game{g}, nil
		}
		board, stored = b, side
	} else {
		s := xiangqi.StartPosition()
		for i := range board {
			board[i] = s.At(xiangqi.Square(i))
		}
	}
	n := g.Root
	for i, m := range doc.Moves {
		if i == 0 { // the root, whatever its value
			g.Root.Comment = normText(m.Text)
			if m.End == "1" {
				if len(doc.Moves) > 1 {
					g.Warnings = append(g.Warnings, r.gameErr(g, LevelBranch, "move list", 0, -1, "", "CBF variations not supported: %d moves after end=\"1\" ignored", len(doc.Moves)-1))
				}
				break
			}
			continue
		}
		if i > r.opts.MaxNodes {
			g.Warnings = append(g.Warnings, r.gameErr(g, LevelBranch, "move list", i, -1, "", "more than the limit of %d moves", r.opts.MaxNodes))
			break
		}
		c := &Node{Offset: -1, Comment: normText(m.Text)}
		from, to, ok := strings.Cut(strings.TrimSpace(m.Value), "-")
		f, ok1 := cbfSquare(from)
		t, ok2 := cbfSquare(to)
		if !ok || !ok1 || !ok2 {
			if g.Err == nil {
				g.Err = r.gameErr(g, LevelMain, "main", i, -1, "", "move value %q is not XY-XY", m.Value)
			}
			break
		}
		c.Move = xiangqi.NewMove(f, t)
		n.Children = append(n.Children, c)
		n = c
		if m.End == "1" {
			if i+1 < len(doc.Moves) {
				g.Warnings = append(g.Warnings, r.gameErr(g, LevelBranch, "move list", 0, -1, "", "CBF variations not supported: %d moves after end=\"1\" ignored", len(doc.Moves)-i-1))
			}
			break
		}
	}
	pos, ok := r.startPosition(g, &board, stored)
	if ok {
		r.finish(g, pos)
	}
	return []*Game{g}, nil
}

// boardOfFEN reads the board of a FEN (without validating the position, which
// startPosition does) and its side field, if any.
func boardOfFEN(fen string) (board [xiangqi.NumSquares]xiangqi.Piece, side *xiangqi.Color, err error) {
	fields := strings.Fields(fen)
	if len(fields) == 0 {
		return board, nil, &xiangqi.FENError{FEN: fen, Rank: -1, File: -1, Reason: "empty"}
	}
	rows := strings.Split(fields[0], "/")
	if len(rows) != xiangqi.Ranks {
		return board, nil, &xiangqi.FENError{FEN: fen, Rank: -1, File: -1, Reason: "the board has " + itoa(len(rows)) + " ranks, want 10"}
	}
	for i, row := range rows {
		rank := xiangqi.Ranks - 1 - i
		file := 0
		for j := 0; j < len(row); j++ {
			b := row[j]
			if b >= '1' && b <= '9' {
				file += int(b - '0')
			} else if pc, ok := xiangqi.PieceFromLetter(b); ok && file < xiangqi.Files {
				board[xiangqi.SquareAt(file, rank)] = pc
				file++
			} else {
				return board, nil, &xiangqi.FENError{FEN: fen, Rank: rank, File: min(file, 8), Reason: "unknown piece letter or too many files"}
			}
			if file > xiangqi.Files {
				return board, nil, &xiangqi.FENError{FEN: fen, Rank: rank, File: -1, Reason: "more than 9 files"}
			}
		}
		if file != xiangqi.Files {
			return board, nil, &xiangqi.FENError{FEN: fen, Rank: rank, File: -1, Reason: itoa(file) + " files, want 9"}
		}
	}
	if len(fields) > 1 {
		c := xiangqi.Red
		switch fields[1] {
		case "w", "W", "r", "R":
		case "b", "B":
			c = xiangqi.Black
		default:
			return board, nil, &xiangqi.FENError{FEN: fen, Rank: -1, File: -1, Reason: "side to move " + fields[1] + " is not w, r or b"}
		}
		side = &c
	}
	return board, side, nil
}

func itoa(n int) string { return strconv.Itoa(n) }
