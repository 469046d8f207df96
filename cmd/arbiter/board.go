package main

import (
	"flag"
	"fmt"
	"strings"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/picture"
)

// boardFlags choose how judge and casebook show draw boards: the side at the bottom
// (--perspective, for the text board and the --svg picture) and the text board's piece
// symbols (--board).
type boardFlags struct {
	perspective, symbols string
}

func (bf *boardFlags) bind(fs *flag.FlagSet) {
	fs.StringVar(&bf.perspective, "perspective", "first", "the side at the bottom of the boards (text and --svg): first (red, sente) or second (black, gote)")
	fs.StringVar(&bf.symbols, "board", "letters", "the text board's pieces: letters (FEN letters, uppercase Red) or chinese (帥仕相傌俥炮兵 / 將士象馬車砲卒)")
}

// boardStyle is how a board is drawn.
type boardStyle struct {
	second  bool // the second player's side at the bottom
	chinese bool // Chinese piece characters on the text board
}

// style reads the flags.
func (bf *boardFlags) style() (boardStyle, error) {
	var s boardStyle
	switch strings.ToLower(strings.TrimSpace(bf.perspective)) {
	case "", "first", "red", "sente":
	case "second", "black", "gote":
		s.second = true
	default:
		return s, fmt.Errorf("--perspective %q: want first (red, sente) or second (black, gote)", bf.perspective)
	}
	switch strings.ToLower(strings.TrimSpace(bf.symbols)) {
	case "", "letters", "fen":
	case "chinese", "zh":
		s.chinese = true
	default:
		return s, fmt.Errorf("--board %q: want letters or chinese", bf.symbols)
	}
	return s, nil
}

// pictureOptions are the picture options of the style.
func (s boardStyle) pictureOptions() []picture.Option {
	if s.second {
		return []picture.Option{picture.Perspective(picture.Second)}
	}
	return nil
}

// textBoard draws a position as text where the game can, in the style where the game
// offers it (xiangqi: from either side, in letters or characters), else gives it as it
// is written.
func textBoard(rs arbiter.Ruleset, position string, style boardStyle) string {
	if st, ok := rs.(arbiter.StyledTextBoarder); ok {
		if s, err := st.StyledTextBoard(position, style.second, style.chinese); err == nil {
			return s
		}
	}
	if tb, ok := rs.(arbiter.TextBoarder); ok {
		if s, err := tb.TextBoard(position); err == nil {
			return s
		}
	}
	return position + "\n"
}
