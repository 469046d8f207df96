package record

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/arbiter-xq/arbiter/xiangqi"
)

// Format is a game-record format.
type Format int

// The formats Detect recognises.
const (
	Unknown Format = iota
	PGN
	XQF
	DhtmlXQ
	CBR
	CBL
	CBF
)

var formatNames = [...]string{"unknown", "pgn", "xqf", "dhtmlxq", "cbr", "cbl", "cbf"}

// String returns the lower-case name of the format ("xqf").
func (f Format) String() string {
	if f >= 0 && int(f) < len(formatNames) {
		return formatNames[f]
	}
	return "format(" + strconv.Itoa(int(f)) + ")"
}

// ParseFormat returns the format named s (a name of String, or a file extension with
// or without the dot: "xqf", ".ubb", "pgn"), case-insensitively.
func ParseFormat(s string) (Format, bool) {
	s = strings.ToLower(strings.TrimPrefix(s, "."))
	switch s {
	case "ubb", "txt", "htm", "html":
		return DhtmlXQ, true
	}
	for i, n := range formatNames {
		if i > 0 && n == s {
			return Format(i), true
		}
	}
	return Unknown, false
}

// Limits of the work and memory a read may take. Each is also an Options field; a
// zero field means the default here.
const (
	// DefaultMaxInput is the largest input read (the largest public records are
	// about 1.1 MB).
	DefaultMaxInput = 32 << 20
	// DefaultMaxNodes bounds the moves of one game's tree. Beyond it the
	// variations stop with an error; the main line is kept.
	DefaultMaxNodes = 1_000_000
	// DefaultMaxPlies bounds the length of one line (the main line or a branch).
	DefaultMaxPlies = 10_000
	// DefaultMaxBranches bounds the variations of one game (DhtmlXQ move_P_S_B
	// items, sibling records of a binary tree).
	DefaultMaxBranches = 10_000
	// DefaultMaxComment bounds one comment, in bytes as stored.
	DefaultMaxComment = 1 << 20
	// DefaultMaxGames bounds the records of one library or text (CBL index
	// entries, DhtmlXQ blocks, PGN games).
	DefaultMaxGames = 100_000
)

// Options control a read. The zero value reads the main lines of every game with
// the default limits.
type Options struct {
	// Variations keeps the whole tree of every game (Game.Root, Game.Lines). Off, a
	// game holds its main line only and binary trees are read no further.
	Variations bool
	// KeepDeleted returns the deleted records of a CBL library as games too.
	KeepDeleted bool
	// RelaxedFEN accepts advisors, elephants and pawns on points they can never
	// reach (xiangqi.FENOptions.AllowUnreachable) in start positions.
	RelaxedFEN bool

	MaxInput, MaxNodes, MaxPlies, MaxBranches, MaxComment, MaxGames int
}

func (o Options) withDefaults() Options {
	def := func(v *int, d int) {
		if *v <= 0 {
			*v = d
		}
	}
	def(&o.MaxInput, DefaultMaxInput)
	def(&o.MaxNodes, DefaultMaxNodes)
	def(&o.MaxPlies, DefaultMaxPlies)
	def(&o.MaxBranches, DefaultMaxBranches)
	def(&o.MaxComment, DefaultMaxComment)
	def(&o.MaxGames, DefaultMaxGames)
	return o
}

// Level says how much of a record a problem costs.
type Level int

// Problem levels, from the worst.
const (
	LevelFile   Level = iota // the whole file is unreadable
	LevelGame                // one game is unreadable; the others go on
	LevelMain                // the main line ends before the bad move
	LevelBranch              // a variation is cut at the bad move; the rest is kept
	LevelText                // bad text replaced by U+FFFD, or data ignored
)

var levelNames = [...]string{"file", "game", "main line", "branch", "text"}

func (l Level) String() string {
	if l >= 0 && int(l) < len(levelNames) {
		return levelNames[l]
	}
	return "level(" + strconv.Itoa(int(l)) + ")"
}

// RecordError is a problem found in a record: an error (file, game or main-line level)
// or a warning (branch and text level). Fields that do not apply are zero.
type RecordError struct {
	File  string // the name the caller gave
	Level Level
	Game  int // the game's number in the file, from 1; 0 for the file itself
	Entry int // CBL: the index entry, from 0; -1 when not a library
	// Line names the line of the tree: "main", "ply 41 alt 2 › ply 42 alt 3", or a
	// part of the record ("game comment", "header", "movelist").
	Line string
	Ply  int // from 1; 0 when not about a move
	// Offset is a byte offset in the file for binary formats (-1 if none), a character
	// offset in the item's value for DhtmlXQ, a byte offset in a comment for text.
	Offset int
	// OffsetOf says what Offset counts in: "" for a byte of the file, otherwise e.g.
	// "of the comment" or "of movelist".
	OffsetOf string
	Reason   string
	Err      error // the underlying error (*xiangqi.FENError, ...), if any
}

func (e *RecordError) Error() string {
	var b strings.Builder
	if e.File != "" {
		b.WriteString(e.File)
		b.WriteString(": ")
	}
	parts := make([]string, 0, 4)
	if e.Game > 0 {
		g := "game " + strconv.Itoa(e.Game)
		if e.Entry >= 0 {
			g += " (entry " + strconv.Itoa(e.Entry) + ")"
		}
		parts = append(parts, g)
	} else if e.Entry >= 0 {
		parts = append(parts, "entry "+strconv.Itoa(e.Entry))
	}
	if e.Line != "" {
		switch e.Line {
		case "main":
			parts = append(parts, "main line")
		default:
			if strings.HasPrefix(e.Line, "ply ") {
				parts = append(parts, "line "+e.Line)
			} else {
				parts = append(parts, e.Line)
			}
		}
	}
	var loc string
	if e.Ply > 0 {
		loc = "ply " + strconv.Itoa(e.Ply)
	}
	if e.Offset >= 0 {
		off := "byte " + strconv.Itoa(e.Offset)
		if e.OffsetOf != "" {
			if strings.HasPrefix(e.OffsetOf, "of ") {
				off += " " + e.OffsetOf
			} else {
				off = e.OffsetOf + " " + strconv.Itoa(e.Offset)
			}
		}
		if loc != "" {
			loc += " (" + off + ")"
		} else {
			loc = off
		}
	}
	if loc != "" {
		parts = append(parts, loc)
	}
	b.WriteString(strings.Join(parts, ", "))
	if len(parts) > 0 {
		b.WriteString(": ")
	}
	b.WriteString(e.Reason)
	return b.String()
}

func (e *RecordError) Unwrap() error { return e.Err }

// Source says where a game came from.
type Source struct {
	Format  Format
	Version int // XQF 10..18, CBR 2, CBL library 3; 0 when the format has none
	// Index is the game's number in the file from 1 (games only: CBL section
	// headings and deleted records are not counted).
	Index int
	// Entry is the CBL index entry the game was read from (from 0), -1 otherwise.
	Entry int
	// Encoding of the strings: "GBK", "Big5", "UTF-8", "UTF-16LE", "" when the
	// record holds no non-ASCII text.
	Encoding string
	Deleted  bool // a deleted CBL record (only with Options.KeepDeleted)
}

// Tag is a name/value pair of metadata, under PGN tag names where one exists.
type Tag struct {
	Name, Value string
}

// Side-to-move sources (Game.SideFrom).
const (
	SideFirstMove = "first-move" // the colour of the piece the first move moves
	SideStored    = "stored"     // the record's own field or FEN, used without moves
	SideDefault   = "default"    // Red, for lack of anything else
)

// Node is a move of a game tree. The root holds no move; its comment is the game
// comment. Children[0] is the main continuation.
type Node struct {
	Move     xiangqi.Move // xiangqi.NoMove at the root
	Comment  string
	Children []*Node
	// Offset locates the move in the input: a byte offset for binary formats, a
	// character offset in the item's value for DhtmlXQ, -1 when unknown.
	Offset int
}

// Game is one game of a record.
type Game struct {
	Source Source
	Tags   []Tag
	// FEN is the start position with the side to move (the side of the first move).
	FEN      string
	Side     xiangqi.Color
	SideFrom string
	// Result is "1-0", "0-1", "1/2-1/2" or "*"; the value as written, when it was
	// not one of these, is in the tag RawResult.
	Result string
	// Moves is the main line in ICCS ("h2e2"), as far as it is legal.
	Moves []string
	// Comments[i] is the comment after Moves[i] ("" for none); GameComment the one
	// before the first move.
	Comments    []string
	GameComment string
	// Root is the tree: the main line only unless Options.Variations was set. Every
	// move in it is legal; broken branches have been cut (see Warnings).
	Root *Node
	// Err is the game's error: LevelGame (the game is unreadable, Moves is empty) or
	// LevelMain (the main line ends before the move it names). nil when clean.
	Err *RecordError
	// Warnings are the milder problems: cut branches, replaced text, ignored data.
	Warnings []*RecordError
}

// Tag returns the value of the tag called name (case-insensitive), "" if none.
func (g *Game) Tag(name string) string {
	for _, t := range g.Tags {
		if strings.EqualFold(t.Name, name) {
			return t.Value
		}
	}
	return ""
}

// setTag sets or adds a tag; an empty value removes it.
func (g *Game) setTag(name, value string) {
	value = strings.TrimSpace(value)
	for i, t := range g.Tags {
		if strings.EqualFold(t.Name, name) {
			if value == "" {
				g.Tags = append(g.Tags[:i], g.Tags[i+1:]...)
			} else {
				g.Tags[i].Value = value
			}
			return
		}
	}
	if value != "" {
		g.Tags = append(g.Tags, Tag{name, value})
	}
}

// addTag adds a tag unless its value is empty or the name is already present.
func (g *Game) addTag(name, value string) {
	value = strings.TrimSpace(value)
	if value == "" || g.Tag(name) != "" {
		return
	}
	g.Tags = append(g.Tags, Tag{name, value})
}

// Detect tells the format of a record from its content: magic bytes for the binary
// formats, the XML root for CBF, a DhtmlXQ marker in text; any other text is PGN.
// It returns Unknown for binary data of no known format.
func Detect(data []byte) Format {
	switch {
	case len(data) >= 3 && data[0] == 'X' && data[1] == 'Q' && (data[2] >= 10 && data[2] <= 18 && xqfChecksum(data) || bytes.IndexByte(data[:min(len(data), 1024)], 0) >= 0):
		return XQF
	case bytes.HasPrefix(data, []byte(cbrMagic)):
		return CBR
	case bytes.HasPrefix(data, []byte(cblMagic)):
		return CBL
	case isCBF(data):
		return CBF
	}
	if bytes.IndexByte(data[:min(len(data), 8192)], 0) >= 0 {
		return Unknown
	}
	if hasDhtmlXQ(data) {
		return DhtmlXQ
	}
	return PGN
}

// Read reads every game of a record. name is used in errors only (a file name, or
// "-" for standard input). The format is detected from the content (Detect). The
// error is a *RecordError of LevelFile when nothing could be read; games with their
// own problems carry them in Game.Err and Game.Warnings.
func Read(name string, data []byte, opts Options) ([]*Game, error) {
	return ReadFormat(name, data, Detect(data), opts)
}

// ReadFormat reads a record in a given format, skipping detection.
func ReadFormat(name string, data []byte, f Format, opts Options) ([]*Game, error) {
	opts = opts.withDefaults()
	if len(data) > opts.MaxInput {
		return nil, &RecordError{File: name, Entry: -1, Offset: -1, Reason: fmt.Sprintf("input of %d bytes is larger than the limit of %d", len(data), opts.MaxInput)}
	}
	r := &reader{name: name, data: data, opts: opts}
	var games []*Game
	var err error
	switch f {
	case XQF:
		games, err = r.readXQF()
	case CBR:
		games, err = r.readCBR()
	case CBL:
		games, err = r.readCBL()
	case CBF:
		games, err = r.readCBF()
	case DhtmlXQ:
		games, err = r.readDhtmlXQ()
	case PGN:
		games, err = r.readPGN()
	default:
		return nil, r.fileErr(-1, "%s", unknownReason(name, data))
	}
	if err != nil {
		return games, err
	}
	return games, nil
}

// unknownReason describes data of no known format.
func unknownReason(name string, data []byte) string {
	ext := ""
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		ext = strings.ToLower(name[i+1:])
	}
	switch {
	case bytes.HasPrefix(data, []byte("\xff\xfe")) || bytes.HasPrefix(data, []byte("\xfe\xff")):
		return "UTF-16 text: save it as UTF-8, GBK or Big5"
	case ext == "xqf":
		return "named .xqf, but the file does not start with XQ"
	case ext == "cbr":
		return "named .cbr, but the file does not start with \"CCBridge Record\""
	case ext == "cbl":
		return "named .cbl, but the file does not start with \"CCBridgeLibrary\""
	case ext == "che" || ext == "chn" || ext == "ccm" || ext == "mxq" || ext == "pfc":
		return "the ." + ext + " format is not supported"
	}
	return "binary data of no known record format (XQF, CBR, CBL, CBF, DhtmlXQ or PGN)"
}

// reader holds the state of one Read.
type reader struct {
	name string
	data []byte
	opts Options
	// textOffsets: node offsets count characters of an item (DhtmlXQ), not bytes.
	textOffsets bool
}

func (r *reader) fileErr(off int, format string, args ...any) *RecordError {
	return &RecordError{File: r.name, Level: LevelFile, Entry: -1, Offset: off, Reason: fmt.Sprintf(format, args...)}
}

// newGame starts a game of the reader's file.
func (r *reader) newGame(f Format, version, index, entry int) *Game {
	return &Game{Source: Source{Format: f, Version: version, Index: index, Entry: entry}, Result: "*", Root: &Node{Offset: -1}}
}

// gameErr builds an error about game g.
func (r *reader) gameErr(g *Game, level Level, line string, ply, off int, offOf, format string, args ...any) *RecordError {
	return &RecordError{File: r.name, Level: level, Game: g.Source.Index, Entry: g.Source.Entry, Line: line, Ply: ply, Offset: off, OffsetOf: offOf, Reason: fmt.Sprintf(format, args...)}
}
