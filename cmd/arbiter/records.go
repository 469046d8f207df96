package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/arbiter-xq/arbiter/pgn"
	"github.com/arbiter-xq/arbiter/record"
)

// Game records reach judge, compare and convert through package record: the format is
// told from the content (XQF, CBR, CBL, CBF, DhtmlXQ, else PGN with its dialects), never
// from the file name, and every problem names the file, the game, the line, the ply or
// byte offset.

// readOptions say how a record file becomes histories.
type readOptions struct {
	// variation chooses the line of each game: "" the main line, "all" every line,
	// otherwise a path ("ply 41 alt 2 › ply 42 alt 3", "41:2,42:3").
	variation string
	relaxed   bool
	// warn receives the problems that do not stop a game (a cut branch, replaced
	// text); nil drops them.
	warn func(error)
}

// bindRead binds the flags of reading record files.
func (rf *recordFlags) bindRead(fs *flag.FlagSet) {
	fs.StringVar(&rf.variation, "variation", "", `record files: the line of each game to rule, "main" (the default), "all" (every line of the tree, one history each) or a path such as "ply 41 alt 2, ply 42 alt 3" (also "41:2,42:3")`)
}

// recordExts are the file extensions a folder walk reads as records (compare DIR).
// Text files (.txt, .htm, .html) are read only when they hold DhtmlXQ.
var recordExts = map[string]bool{".pgn": true, ".xqf": true, ".cbr": true, ".cbl": true, ".cbf": true, ".ubb": true, ".dhtmlxq": true}

var textExts = map[string]bool{".txt": true, ".htm": true, ".html": true}

// isRecordFile reports whether a folder walk reads the file at path as a record
// (and, for a text extension, whether it must first be found to hold DhtmlXQ).
func isRecordFile(path string) (read, mustBeDhtml bool) {
	ext := strings.ToLower(filepath.Ext(path))
	return recordExts[ext] || textExts[ext], textExts[ext]
}

// readInput reads a file, or standard input for "-", up to the record package's
// input limit (one byte more, so that the reader reports the size).
func readInput(name string, stdin io.Reader) ([]byte, error) {
	var r io.Reader = stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r = f
	}
	if r == nil {
		return nil, errors.New("no standard input")
	}
	return io.ReadAll(io.LimitReader(r, record.DefaultMaxInput+1))
}

// readRecords reads every game of a record file ("-": standard input) as histories.
// err is a problem of the file (it could not be read, or a game could not be told
// apart from the next); the histories read before it are returned with it. A game's
// own error (a bad start position, a main line that stops at an illegal move) travels
// in its history (history.err): the game is reported, not ruled.
func readRecords(name string, stdin io.Reader, ro readOptions) ([]history, error) {
	data, err := readInput(name, stdin)
	if err != nil {
		return nil, err
	}
	return recordHistories(name, data, record.Detect(data), ro)
}

// recordHistories reads data in format f (record.Unknown: not a record) as histories.
func recordHistories(name string, data []byte, f record.Format, ro readOptions) ([]history, error) {
	if f == record.Unknown && !isRecordName(name) && !bytes.HasPrefix(data, []byte("\xff\xfe")) && !bytes.HasPrefix(data, []byte("\xfe\xff")) {
		// Binary data of no record format: the PGN reader says what it is (a ZIP
		// archive, gzip-compressed data, ...), and fileHint what to do about it.
		if _, err := pgn.Read(bytes.NewReader(data)); err != nil {
			return nil, err
		}
	}
	var path record.Path
	if v := strings.TrimSpace(ro.variation); v != "" && !strings.EqualFold(v, "all") {
		p, err := record.ParsePath(v)
		if err != nil {
			return nil, fmt.Errorf("--variation: %v", err)
		}
		path = p
	}
	all := strings.EqualFold(strings.TrimSpace(ro.variation), "all")
	opts := record.Options{Variations: all || len(path) > 0, RelaxedFEN: ro.relaxed}
	games, err := record.ReadFormat(name, data, f, opts)
	var fileErr error
	if err != nil {
		fileErr = unnamed(err)
	}
	var out []history
	for _, g := range games {
		base := history{file: name, index: g.Source.Index, tags: pgnTags(g.Tags), result: g.Result, fen: g.FEN}
		if g.Source.Index == 0 {
			base.index = len(out) + 1
		}
		for _, w := range g.Warnings {
			if w.Level <= record.LevelGame {
				// A PGN syntax error after this game: the games after it are lost.
				if fileErr == nil {
					fileErr = unnamed(w)
				}
				continue
			}
			if ro.warn != nil {
				ro.warn(w)
			}
		}
		switch {
		case g.Err != nil && g.Err.Level <= record.LevelGame:
			base.err = gameError(g.Err)
			out = append(out, base)
		case all:
			for i, p := range g.Lines() {
				h := base
				h.moves, _ = g.Line(p)
				if i == 0 {
					if g.Err != nil {
						h.err = gameError(g.Err)
					}
				} else {
					h.line = p.String()
				}
				out = append(out, h)
			}
		case len(path) > 0:
			h := base
			h.line = path.String()
			moves, lerr := g.Line(path)
			h.moves = moves
			if lerr != nil {
				h.err = fmt.Errorf("--variation: %s", strings.TrimPrefix(lerr.Error(), "line "+h.line+": "))
			} else if g.Err != nil && onLine(g.Err, path) {
				h.err = gameError(g.Err)
			}
			out = append(out, h)
		default:
			h := base
			h.moves = g.Moves
			if g.Err != nil {
				h.err = gameError(g.Err)
			}
			out = append(out, h)
		}
	}
	return out, fileErr
}

// onLine reports whether a main-line error concerns the line p: the line follows the
// main line up to its first choice, so a main-line error before that ply cuts it too.
func onLine(e *record.RecordError, p record.Path) bool {
	return e.Level == record.LevelMain && len(p) > 0 && e.Ply < p[0].Ply
}

// isRecordName reports whether the file is named as a binary record (.xqf, .cbr,
// .cbl): the record reader then says why it is not one.
func isRecordName(name string) bool {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".xqf", ".cbr", ".cbl", ".cbf", ".che", ".chn", ".ccm", ".mxq", ".pfc":
		return true
	}
	return false
}

// unnamed returns a record error without the file name (the commands prefix it).
func unnamed(err error) error {
	var re *record.RecordError
	if !errors.As(err, &re) {
		return err
	}
	c := *re
	c.File = ""
	return &c
}

// gameError returns a game's record error without the file and the game number, which
// the history's name gives ("FILE game N: entry 3, main line, ply 18 (byte 1234): ...").
func gameError(e *record.RecordError) error {
	c := *e
	c.File, c.Game = "", 0
	return &c
}

// pgnTags converts a record's tags to the PGN tags histories carry.
func pgnTags(tags []record.Tag) []pgn.Tag {
	out := make([]pgn.Tag, len(tags))
	for i, t := range tags {
		out[i] = pgn.Tag{Name: t.Name, Value: t.Value}
	}
	return out
}

// warnTo returns a readOptions.warn that prints warnings as "arbiter CMD: warning: ...".
func warnTo(w io.Writer, command string) func(error) {
	return func(err error) { fmt.Fprintf(w, "arbiter %s: warning: %v\n", command, err) }
}

// readOptions are the reading options the flags give; warnings go to w.
func (rf *recordFlags) readOptions(w io.Writer, command string) readOptions {
	return readOptions{variation: rf.variation, relaxed: rf.relaxed, warn: warnTo(w, command)}
}
