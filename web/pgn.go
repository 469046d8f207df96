package web

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"

	"google.golang.org/grpc/codes"

	"github.com/arbiter-xq/arbiter/pgn"
)

// reasonInvalidPGN is the reason of a PGN that cannot be read.
const reasonInvalidPGN = "INVALID_PGN"

// pgnTag is one tag pair, in file order.
type pgnTag struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// pgnGame is one game of a pasted PGN, in the terms of AdjudicateRequest: the start
// position (the FEN tag; "" is the standard start) and the move texts as written.
type pgnGame struct {
	FEN    string   `json:"fen"`
	Moves  []string `json:"moves"`
	Tags   []pgnTag `json:"tags"`
	Result string   `json:"result,omitempty"`
	Line   int      `json:"line"`
}

// pgnResponse is the answer of POST /ui/pgn.
type pgnResponse struct {
	Games []pgnGame `json:"games"`
}

// handlePGN serves POST /ui/pgn: the body is PGN text (one or more games, UTF-8, GBK or
// Big5) or a bare list of moves with or without move numbers; the answer is each game's
// start position, moves and tags, for the page to send to /v1/adjudicate. The moves are
// not checked here: Adjudicate checks them and names the bad one. A PGN that cannot be
// read is HTTP 400 with a field violation on "pgn" naming the line and column.
func handlePGN(limit int) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		body, ok := readBody(w, r, limit)
		if !ok {
			return
		}
		games, err := pgn.Read(bytes.NewReader(body))
		if err != nil {
			meta := map[string]string{}
			var se *pgn.SyntaxError
			desc := err.Error()
			if errors.As(err, &se) {
				meta["line"] = strconv.Itoa(se.Line)
				meta["column"] = strconv.Itoa(se.Col)
				desc = "line " + meta["line"] + ", column " + meta["column"] + ": " + se.Reason
			}
			writeStatus(w, http.StatusBadRequest, fieldStatus(codes.InvalidArgument, "pgn", reasonInvalidPGN, desc, meta))
			return
		}
		out := pgnResponse{Games: []pgnGame{}}
		for _, g := range games {
			pg := pgnGame{FEN: g.FEN(), Moves: g.Moves, Tags: []pgnTag{}, Result: g.Result, Line: g.Line}
			if pg.Moves == nil {
				pg.Moves = []string{}
			}
			for _, t := range g.Tags {
				pg.Tags = append(pg.Tags, pgnTag{Name: t.Name, Value: t.Value})
			}
			out.Games = append(out.Games, pg)
		}
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("X-Content-Type-Options", "nosniff")
		json.NewEncoder(w).Encode(out) //nolint:errcheck // the client went away
	}
}
