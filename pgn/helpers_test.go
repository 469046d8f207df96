package pgn

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"
)

// equalGames compares games, ignoring Line unless withLine.
func equalGames(a, b []*Game, withLine bool) bool {
	return slices.EqualFunc(a, b, func(x, y *Game) bool {
		return slices.Equal(x.Tags, y.Tags) && slices.Equal(x.Moves, y.Moves) &&
			x.Result == y.Result && (!withLine || x.Line == y.Line)
	})
}

func dump(games []*Game) string {
	var b strings.Builder
	for _, g := range games {
		fmt.Fprintf(&b, "{line %d tags %q moves %q result %q}\n", g.Line, g.Tags, g.Moves, g.Result)
	}
	return b.String()
}

// roundTrip checks that writing the games and reading them back gives the
// same games.
func roundTrip(t *testing.T, games []*Game) {
	t.Helper()
	var buf bytes.Buffer
	for _, g := range games {
		if err := Write(&buf, g); err != nil {
			t.Fatalf("Write: %v\n%s", err, dump([]*Game{g}))
		}
	}
	again, err := Read(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatalf("Read(Write(games)): %v\n%s", err, buf.Bytes())
	}
	if !equalGames(games, again, false) {
		t.Fatalf("round trip changed the games:\n%s\nwritten:\n%s\nread back:\n%s", dump(games), buf.Bytes(), dump(again))
	}
}

// readAll reads all games from a streaming Reader.
func readAll(r *Reader) ([]*Game, error) {
	var games []*Game
	for {
		g, err := r.Next()
		if err == io.EOF {
			return games, nil
		}
		if err != nil {
			return games, err
		}
		games = append(games, g)
	}
}
