package pgn

import (
	"fmt"
	"io"
)

// TooManyGamesError is the error of ReadLimit for an input with more games than allowed.
type TooManyGamesError struct {
	Limit int // the most games allowed
	Line  int // the line where game Limit+1 begins
}

func (e *TooManyGamesError) Error() string {
	return fmt.Sprintf("more than %d games (game %d begins on line %d)", e.Limit, e.Limit+1, e.Line)
}

// ReadLimit is Read for at most maxGames games (maxGames <= 0: no limit): past them it
// stops and returns a *TooManyGamesError (and no games), so that a small input of many
// empty games ("* * * ...") does not make the caller hold or answer hundreds of
// thousands of them.
func ReadLimit(r io.Reader, maxGames int) ([]*Game, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	if err := sniffBinary(data); err != nil {
		return nil, err
	}
	text, enc, err := decode(data)
	if err != nil {
		return nil, err
	}
	s := scanner{in: text, enc: enc, line: 1, col: 1}
	var games []*Game
	for {
		g, err := s.game()
		if err == io.EOF {
			return games, nil
		}
		if err != nil {
			return games, err
		}
		if maxGames > 0 && len(games) == maxGames {
			return nil, &TooManyGamesError{Limit: maxGames, Line: g.Line}
		}
		games = append(games, g)
	}
}
