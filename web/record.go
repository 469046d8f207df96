package web

import (
	"fmt"
	"net/http"
	"strconv"

	"google.golang.org/grpc/codes"

	"github.com/arbiter-xq/arbiter/record"
)

// reasonInvalidRecord is the reason of a record that cannot be read (as the API's
// apiconv.CodeInvalidRecord).
const reasonInvalidRecord = "INVALID_RECORD"

// recordGame is one game of a record in the answer of POST /ui/pgn: pgnGame's fields
// (the moves in ICCS, the main line as far as it is legal), the format, and the
// game's error when its start or main line cannot be read, which the page shows
// instead of ruling a shortened game.
type recordGame struct {
	pgnGame
	Format string `json:"format"`
	Error  string `json:"error,omitempty"`
}

// writeRecordGames answers POST /ui/pgn for a body that is not PGN text: XQF, CBR, CBL
// (binary, sent by the page from a dropped or chosen file), DhtmlXQ (pasted from a web
// page) or CBF, the format told from the content. A body of no known format is HTTP 400
// with a field violation on "pgn" (reason INVALID_RECORD) saying what it is.
func writeRecordGames(w http.ResponseWriter, body []byte, f record.Format, maxGames, maxResponse int) {
	// The library's own bound (record.DefaultMaxGames): a CBL's index capacity may
	// exceed maxGames while its games do not.
	games, err := record.ReadFormat("", body, f, record.Options{})
	if err != nil && len(games) == 0 {
		meta := map[string]string{"format": f.String()}
		if re, ok := err.(*record.RecordError); ok && re.Offset >= 0 {
			meta["offset"] = strconv.Itoa(re.Offset)
		}
		writeStatus(w, http.StatusBadRequest, fieldStatus(codes.InvalidArgument, "pgn", reasonInvalidRecord, err.Error(), meta))
		return
	}
	if len(games) > maxGames {
		writeStatus(w, http.StatusRequestEntityTooLarge, fieldStatus(codes.ResourceExhausted, "pgn", reasonTooManyGames,
			fmt.Sprintf("the record holds more than %d games; the server reads at most %d per upload", maxGames, maxGames),
			map[string]string{"limit": strconv.Itoa(maxGames)}))
		return
	}
	writeGames(w, len(games), maxResponse, func(i int) any {
		g := games[i]
		rg := recordGame{pgnGame: pgnGame{FEN: g.FEN, Moves: g.Moves, Result: g.Result,
			Tags: tagsOf(len(g.Tags), func(k int) (string, string) { return g.Tags[k].Name, g.Tags[k].Value })},
			Format: g.Source.Format.String()}
		if rg.Moves == nil {
			rg.Moves = []string{}
		}
		if g.Err != nil {
			rg.Error = g.Err.Error()
		}
		return rg
	})
}
