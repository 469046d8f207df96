package server

import (
	"strconv"

	"google.golang.org/grpc/codes"

	"github.com/arbiter-xq/arbiter/apiconv"
	"github.com/arbiter-xq/arbiter/arbiter"
	arbiterv1 "github.com/arbiter-xq/arbiter/proto/arbiter/v1"
	"github.com/arbiter-xq/arbiter/record"
)

// recordHistory resolves a request's record (AdjudicateRequest.record,
// CompareRequest.record) into the start position and moves that gameStart then reads
// as if they had been typed: one path for every history. Without a record it returns
// fen and moves as given. src names the game read (its number and tags).
func (s *Server) recordHistory(rec *arbiterv1.GameRecord, fen string, moves []string, n arbiterv1.Notation, game string) (string, []string, *arbiterv1.GameSource, error) {
	if rec == nil {
		return fen, moves, nil, nil
	}
	switch {
	case fen != "" || len(moves) > 0:
		return "", nil, nil, fieldStatus(codes.InvalidArgument, "record", reasonInvalidArgument,
			"give either a record or fen and moves, not both", nil)
	case game != arbiter.GameXiangqi:
		return "", nil, nil, fieldStatus(codes.InvalidArgument, "record", reasonInvalidArgument,
			"records hold xiangqi games; give "+game+" histories with fen and moves", nil)
	case n != arbiterv1.Notation_NOTATION_UNSPECIFIED:
		return "", nil, nil, fieldStatus(codes.InvalidArgument, "notation", reasonInvalidNotation,
			"the moves of a record are read from it: leave notation unset", nil)
	}
	f, ok := apiconv.RecordFormat(rec.GetFormat())
	if !ok {
		return "", nil, nil, fieldStatus(codes.InvalidArgument, "record.format", reasonInvalidArgument, "unknown record format value", nil)
	}
	g, err := apiconv.ReadRecordGame("record", rec.GetData(), f, int(rec.GetGame()), rec.GetVariation(),
		record.Options{MaxPlies: s.cfg.MaxPlies + 1})
	if err != nil {
		return "", nil, nil, recordError(err)
	}
	if len(g.Moves) > s.cfg.MaxPlies {
		return "", nil, nil, tooLong("record", len(g.Moves), s.cfg.MaxPlies)
	}
	return g.FEN, g.Moves, apiconv.RecordSource(g), nil
}

// recordError is the status of a record that cannot be read: the field ("record.data",
// "record.game", "record.variation") and, in the metadata, the game, the line, the ply
// and the byte offset (a character offset in the item for DhtmlXQ: offset_of says so).
func recordError(err error) error {
	fe := apiconv.AsFieldError(err)
	if fe == nil {
		return domainError(err, "")
	}
	meta := map[string]string{}
	if re, ok := fe.Err.(*record.RecordError); ok {
		if re.Game > 0 {
			meta["game"] = strconv.Itoa(re.Game)
		}
		if re.Entry >= 0 {
			meta["entry"] = strconv.Itoa(re.Entry)
		}
		if re.Line != "" {
			meta["line"] = re.Line
		}
		if re.Ply > 0 {
			meta["ply"] = strconv.Itoa(re.Ply)
		}
		if re.Offset >= 0 {
			meta["offset"] = strconv.Itoa(re.Offset)
			if re.OffsetOf != "" {
				meta["offset_of"] = re.OffsetOf
			}
		}
		meta["level"] = re.Level.String()
	}
	return fieldStatus(codes.InvalidArgument, fe.Field, fe.Code, fe.Reason, meta)
}
