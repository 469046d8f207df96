package apiconv

import (
	"fmt"

	arbiterv1 "github.com/arbiter-xq/arbiter/proto/arbiter/v1"
	"github.com/arbiter-xq/arbiter/record"
)

// CodeInvalidRecord: a game record cannot be read, the game it names has no readable
// start or main line, or the game or line asked for is not in it.
const CodeInvalidRecord = "INVALID_RECORD"

// RecordFormat returns the record format of the API's enum (record.Unknown: detect it
// from the content); ok is false for a value the API does not define.
func RecordFormat(f arbiterv1.RecordFormat) (record.Format, bool) {
	switch f {
	case arbiterv1.RecordFormat_RECORD_FORMAT_UNSPECIFIED:
		return record.Unknown, true
	case arbiterv1.RecordFormat_RECORD_FORMAT_PGN:
		return record.PGN, true
	case arbiterv1.RecordFormat_RECORD_FORMAT_XQF:
		return record.XQF, true
	case arbiterv1.RecordFormat_RECORD_FORMAT_DHTMLXQ:
		return record.DhtmlXQ, true
	case arbiterv1.RecordFormat_RECORD_FORMAT_CBR:
		return record.CBR, true
	case arbiterv1.RecordFormat_RECORD_FORMAT_CBL:
		return record.CBL, true
	case arbiterv1.RecordFormat_RECORD_FORMAT_CBF:
		return record.CBF, true
	}
	return record.Unknown, false
}

// RecordGame is one line of one game of a record, as a history to rule.
type RecordGame struct {
	Format record.Format
	Index  int    // the game's number in the record, from 1
	FEN    string // the start position with the side to move
	Moves  []string
	Result string
	Tags   []record.Tag
	// Warnings are the record's milder problems (a cut variation, replaced text).
	Warnings []string
}

// ReadRecordGame reads game number game (from 1; 0 is the first) of a record and the
// line variation of its tree ("" the main line; a record.Path). f record.Unknown detects
// the format. Errors are *FieldError on field+".data" (Err the *record.RecordError,
// with the game, line, ply and byte offset), field+".game" or field+".variation"
// (field is "record"); a game whose start cannot be read or whose main line stops at
// an illegal move is an error, not a shorter history.
func ReadRecordGame(field string, data []byte, f record.Format, game int, variation string, opts record.Options) (*RecordGame, error) {
	path, err := record.ParsePath(variation)
	if err != nil {
		return nil, &FieldError{Field: field + ".variation", Reason: err.Error(), Code: CodeInvalidRecord, Err: err}
	}
	if game < 0 {
		return nil, &FieldError{Field: field + ".game", Reason: fmt.Sprintf("game %d: games are numbered from 1 (0: the first)", game), Code: CodeInvalidRecord}
	}
	if f == record.Unknown {
		f = record.Detect(data)
	}
	opts.Variations = len(path) > 0
	games, rerr := record.ReadFormat("", data, f, opts)
	want := max(game, 1)
	if want > len(games) {
		if rerr != nil {
			return nil, &FieldError{Field: field + ".data", Reason: rerr.Error(), Code: CodeInvalidRecord, Err: rerr}
		}
		return nil, &FieldError{Field: field + ".game", Reason: fmt.Sprintf("game %d: the record holds %d games", want, len(games)), Code: CodeInvalidRecord}
	}
	g := games[want-1]
	if g.Err != nil && (g.Err.Level <= record.LevelGame || len(path) == 0 || g.Err.Ply < path[0].Ply) {
		return nil, &FieldError{Field: field + ".data", Reason: g.Err.Error(), Code: CodeInvalidRecord, Err: g.Err}
	}
	moves := g.Moves
	if len(path) > 0 {
		if moves, err = g.Line(path); err != nil {
			return nil, &FieldError{Field: field + ".variation", Reason: err.Error(), Code: CodeInvalidRecord, Err: err}
		}
	}
	out := &RecordGame{Format: g.Source.Format, Index: g.Source.Index, FEN: g.FEN, Moves: moves, Result: g.Result, Tags: g.Tags}
	if out.Index == 0 {
		out.Index = want
	}
	for _, w := range g.Warnings {
		out.Warnings = append(out.Warnings, w.Error())
	}
	return out, nil
}

// RecordSource is the GameSource of a game read from a record: its number and its
// tags (the first of each name).
func RecordSource(g *RecordGame) *arbiterv1.GameSource {
	src := &arbiterv1.GameSource{Index: int32(g.Index), Tags: map[string]string{}}
	for _, t := range g.Tags {
		if _, dup := src.Tags[t.Name]; !dup {
			src.Tags[t.Name] = t.Value
		}
	}
	return src
}
