package web

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/arbiter-xq/arbiter/pgn"
	"github.com/arbiter-xq/arbiter/record"
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

// handlePGN serves POST /ui/pgn: the body is PGN text (one or more games, UTF-8, GBK or
// Big5) or a bare list of moves with or without move numbers, or any other game record
// (XQF, CBR, CBL, CBF, DhtmlXQ: told from the content, read by writeRecordGames); the answer is each game's
// start position, moves and tags, for the page to send to /v1/adjudicate. The moves are
// not checked here: Adjudicate checks them and names the bad one. A PGN that cannot be
// read is HTTP 400 with a field violation on "pgn" naming the line and column.
//
// At most maxGames games are read (more is HTTP 413, reason TOO_MANY_GAMES) and the answer
// may weigh at most maxResponse bytes (more is HTTP 413, reason RESPONSE_TOO_LARGE): a
// megabyte of "* " is 524,288 empty games and would be a 28 MB answer.
func handlePGN(limit, maxGames, maxResponse int) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		body, ok := readBody(w, r, limit)
		if !ok {
			return
		}
		if f := record.Detect(body); f != record.PGN {
			// Any other record (XQF, CBR, CBL, CBF, DhtmlXQ) or binary data (record.go).
			writeRecordGames(w, body, f, maxGames, maxResponse)
			return
		}
		games, err := pgn.ReadLimit(bytes.NewReader(body), maxGames)
		var tm *pgn.TooManyGamesError
		if errors.As(err, &tm) {
			writeStatus(w, http.StatusRequestEntityTooLarge, fieldStatus(codes.ResourceExhausted, "pgn", reasonTooManyGames,
				fmt.Sprintf("%s: the server reads at most %d games per upload; split the file", tm.Error(), maxGames),
				map[string]string{"limit": strconv.Itoa(maxGames), "line": strconv.Itoa(tm.Line)}))
			return
		}
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
		writeGames(w, len(games), maxResponse, func(i int) any {
			g := games[i]
			pg := pgnGame{FEN: g.FEN(), Moves: g.Moves, Tags: tagsOf(len(g.Tags), func(k int) (string, string) { return g.Tags[k].Name, g.Tags[k].Value }),
				Result: g.Result, Line: g.Line}
			if pg.Moves == nil {
				pg.Moves = []string{}
			}
			return pg
		})
	}
}

// Reasons of POST /ui/pgn's limits.
const (
	reasonTooManyGames = "TOO_MANY_GAMES"
	reasonTooLarge     = "RESPONSE_TOO_LARGE" // as the gRPC server's
)

// tagsOf lists n tags read by tag, never nil (the page reads "tags": []).
func tagsOf(n int, tag func(int) (string, string)) []pgnTag {
	out := make([]pgnTag, n)
	for k := range out {
		out[k].Name, out[k].Value = tag(k)
	}
	return out
}

// writeGames answers {"games": [...]} with item(i) for each of n games, built game by
// game and given up with HTTP 413 as soon as it is larger than maxResponse bytes.
func writeGames(w http.ResponseWriter, n, maxResponse int, item func(i int) any) {
	var buf bytes.Buffer
	buf.WriteString(`{"games":[`)
	for i := 0; i < n; i++ {
		if i > 0 {
			buf.WriteByte(',')
		}
		b, err := json.Marshal(item(i))
		if err != nil { // cannot happen: strings and ints
			writeStatus(w, http.StatusInternalServerError, status.New(codes.Internal, "internal error"))
			return
		}
		buf.Write(b)
		if buf.Len() > maxResponse {
			writeStatus(w, http.StatusRequestEntityTooLarge, fieldStatus(codes.ResourceExhausted, "pgn", reasonTooLarge,
				fmt.Sprintf("the answer would exceed the server's limit of %d bytes (at game %d of %d); send fewer games", maxResponse, i+1, n),
				map[string]string{"limit": strconv.Itoa(maxResponse)}))
			return
		}
	}
	buf.WriteString("]}\n")
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Write(buf.Bytes()) //nolint:errcheck // the client went away
}
