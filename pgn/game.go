package pgn

import "strings"

// Tag is a PGN tag pair, [Name "Value"].
type Tag struct {
	Name  string
	Value string
}

// Game is one game record of a PGN file.
type Game struct {
	// Tags are the tag pairs in the order they appear.
	Tags []Tag
	// Moves are the move texts in order, exactly as written, without move
	// numbers, comments, variations, NAGs or annotation marks (!, ?).
	Moves []string
	// Result is the game termination marker ("1-0", "0-1", "1/2-1/2" or
	// "*"); when the movetext has none, the value of a valid Result tag;
	// otherwise "".
	Result string
	// Line is the 1-based line where the game starts.
	Line int
}

// Tag returns the value of the first tag called name, compared without
// regard to case, or "" if there is none.
func (g *Game) Tag(name string) string {
	for _, t := range g.Tags {
		if strings.EqualFold(t.Name, name) {
			return t.Value
		}
	}
	return ""
}

// FEN returns the value of the FEN tag (the start position), or "" if the
// game starts from the standard position.
func (g *Game) FEN() string { return g.Tag("FEN") }
