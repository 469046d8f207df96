package picture

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/arbiter-xq/arbiter/arbiter"
)

// Every game's pictures are drawn from its game-neutral report (arbiter.Report) through
// Ruling and Plies. A game's adapter in this package reads a position in the game's
// notation into a Board and names its squares as Points, and GameRulingBoard does the
// rest the same way for every game; xiangqi draws its richer ruling (roots, checks and
// mate threats, squares followed through the cycle) from the same report, replayed on
// its board (XiangqiRulingBoard, xqreport.go).

// Ruling draws a report's ruling: the position of its latest cycle with each move as a
// numbered arrow, the pieces each move attacks ringed with their attackers, and a
// caption with the verdict, each side's pattern, the references and every move with
// its nature; without a cycle, the final position with the last move and the result.
// Options given here come after Ruling's own, so Width, Perspective or Title override
// them.
func Ruling(w io.Writer, r *arbiter.Report, opts ...Option) error {
	b, own, err := RulingBoard(r)
	if err != nil {
		return err
	}
	return SVG(w, b, append(own, opts...)...)
}

// RulingBoard is what Ruling draws: the board and the options that mark it.
func RulingBoard(r *arbiter.Report) (Board, []Option, error) {
	if r != nil && r.Ruleset.Game == arbiter.GameXiangqi {
		return XiangqiRulingBoard(r)
	}
	return GameRulingBoard(r)
}

// Plies draws one picture per step of a report's game (see XiangqiPlies). The games
// without per-step pictures yet (banqi, chu shogi) get none, and no error: a request
// that asks for them is answered without them, as the API documents.
func Plies(r *arbiter.Report, opts ...Option) ([]string, error) {
	if r == nil {
		return nil, fmt.Errorf("picture: no report")
	}
	if r.Ruleset.Game == arbiter.GameXiangqi {
		return XiangqiPlies(r, opts...)
	}
	return nil, nil
}

// GameAdapter is what a game gives this package to draw its reports.
type GameAdapter struct {
	// Board reads a position in the game's notation (banqi position string, chu shogi
	// SFEN) into a Board.
	Board func(position string) (Board, error)
	// Point converts a square name ("c6", "7g") to a Point of that Board.
	Point func(square string) (Point, bool)
	// SideColor is the arrow colour of a side's moves.
	SideColor func(arbiter.Side) string
	// Marks, if set, are the rings a position carries itself (chu shogi's
	// counter-strike marker).
	Marks func(position string) []RingMark
}

// gameAdapter returns the adapter of a game (arbiter.RulesetInfo.Game). A game adds its
// case here and its adapter in its own file (banqi.go, chushogi.go).
func gameAdapter(game string) (GameAdapter, bool) {
	switch game {
	case arbiter.GameBanqi:
		return banqiAdapter(), true
	case arbiter.GameChuShogi:
		return chuAdapter(), true
	}
	return GameAdapter{}, false
}

// HasPlyPictures reports whether Plies draws per-step pictures for the game (xiangqi so
// far; the others get none).
func HasPlyPictures(game string) bool { return game == arbiter.GameXiangqi }

// HasGame reports whether this package can draw the game's reports.
func HasGame(game string) bool {
	_, ok := gameAdapter(game)
	return ok || game == arbiter.GameXiangqi
}

// GameRuling draws a game report like Ruling draws a xiangqi one: the position of the
// latest cycle with each of its moves as a numbered arrow, the pieces each move
// attacks ringed with their attackers, and a caption with the verdict, each side's
// pattern, the references and every move with its nature; without a cycle, the final
// position with the last move and the result.
func GameRuling(w io.Writer, r *arbiter.Report, opts ...Option) error {
	b, own, err := GameRulingBoard(r)
	if err != nil {
		return err
	}
	return SVG(w, b, append(own, opts...)...)
}

// GameRulingBoard is what GameRuling draws: the board and the options that mark it.
func GameRulingBoard(r *arbiter.Report) (Board, []Option, error) {
	if r == nil {
		return Board{}, nil, fmt.Errorf("picture: no report")
	}
	ad, ok := gameAdapter(r.Ruleset.Game)
	if !ok {
		return Board{}, nil, fmt.Errorf("picture: no pictures for game %q yet", r.Ruleset.Game)
	}
	color := func(s arbiter.Side) string {
		if ad.SideColor != nil {
			return ad.SideColor(s)
		}
		if s == arbiter.SideBlack || s == arbiter.SideGote {
			return BlackMoveColor
		}
		return RedMoveColor
	}
	var plies []arbiter.Ply
	position := r.FinalPosition
	title := capitalize(r.Result.String())
	var caption []CaptionLine
	if c := r.Cycle; c != nil {
		position = c.Position
		for _, p := range r.Plies {
			if p.Ply >= c.FirstPly && p.Ply <= c.LastPly {
				plies = append(plies, p)
			}
		}
		v := r.Ruleset.VerdictTerm(c.Ruling.Verdict)
		title = capitalize(v.English)
		verdict := strings.ToUpper(v.English)
		if v.Native != "" {
			title += " " + v.Native
			verdict += " " + v.Native
		}
		caption = append(caption, CaptionLine{Bold: true, Text: fmt.Sprintf("Ruling (%s): %s. The position after ply %d repeats (occurrence %d); the cycle is plies %d-%d.",
			r.Ruleset.ID, verdict, c.LastPly, c.Occurrence, c.FirstPly, c.LastPly)})
		for _, sp := range c.Patterns {
			st := r.Ruleset.PatternStatusTerm(sp.Forbidden)
			status := st.English + " " + st.Native
			caption = append(caption, CaptionLine{Text: fmt.Sprintf("%s: %s %s, %s", capitalize(sp.Side.String()), sp.Pattern, sp.PatternChinese, status), Color: color(sp.Side)})
		}
		if len(c.Ruling.References) > 0 {
			caption = append(caption, CaptionLine{Text: "References: " + strings.Join(c.Ruling.References, "; ")})
		}
	} else if n := len(r.Plies); n > 0 {
		plies = r.Plies[n-1:]
	}
	b, err := ad.Board(position)
	if err != nil {
		return Board{}, nil, fmt.Errorf("picture: %w", err)
	}
	var arrows []ArrowMark
	var rings []RingMark
	if ad.Marks != nil {
		rings = append(rings, ad.Marks(position)...)
	}
	// Attack marks are gathered per square, so that a square attacked on several plies
	// carries one ring tagged with all of them (攻2,6) and an attacker's dashed ring is
	// drawn once, and only where no attacked piece is ringed.
	type attackMark struct {
		pt     Point
		labels []string
	}
	var targets []*attackMark
	targetAt := map[Point]*attackMark{}
	attackers := map[Point]bool{}
	var attackerOrder []Point
	numbers := moveNumbers(r)
	for i, p := range plies {
		// Numbered as players write the moves (banqi in pairs, 12 and 12…; chu shogi one
		// number a move), as the caption lists them.
		n := itoa(p.Ply)
		// The marks of a move are drawn where its pieces stand in the drawn position:
		// a cycle ends where it began, so each square is followed through the cycle's
		// later moves (as the xiangqi ruling does).
		later := []arbiter.Ply(nil)
		if r.Cycle != nil {
			later = plies[i+1:]
		}
		point := func(sq string) (Point, bool) { return ad.Point(followGameSquare(sq, later)) }
		if p.Ply >= 1 && p.Ply <= len(numbers) {
			n = numbers[p.Ply-1]
		}
		pts := make([]Point, 0, len(p.Squares))
		for _, sq := range p.Squares {
			if pt, ok := ad.Point(sq); ok {
				pts = append(pts, pt)
			}
		}
		col := color(p.Side)
		switch {
		case len(pts) == 1:
			rings = append(rings, Ring(pts[0]).WithColor(col).WithLabel(n))
		case len(pts) > 1:
			for j := 1; j < len(pts); j++ {
				a := Arrow(pts[j-1], pts[j]).WithColor(col).WithTitle(fmt.Sprintf("%s %s %s", dotted(n), p.Side, p.Move))
				if j == len(pts)-1 {
					a = a.WithLabel(n)
				}
				arrows = append(arrows, a)
			}
		}
		line := fmt.Sprintf("%s %s %s", dotted(n), capitalize(p.Side.String()), p.Move)
		if p.Nature != arbiter.NatureUnspecified {
			line += ": " + r.Ruleset.NatureTerm(p.Nature).String()
		}
		named := false
		for _, t := range p.Threats {
			if !t.Counted {
				continue
			}
			var as []string
			for _, a := range t.Attackers {
				as = append(as, pieceWords(a))
				if pt, ok := point(a.Square); ok && !attackers[pt] {
					attackers[pt] = true
					attackerOrder = append(attackerOrder, pt)
				}
			}
			if pt, ok := point(t.Target.Square); ok {
				m := targetAt[pt]
				if m == nil {
					// The tag names the nature when its word is one character (捉 2,6);
					// a longer word (chu shogi's 当たり) would cover the pieces around, so
					// the tag holds the ply numbers and the caption the word.
					mark := r.Ruleset.NatureTerm(t.Nature).Native
					if utf8.RuneCountInString(mark) > 1 {
						mark = ""
					}
					m = &attackMark{pt: pt, labels: []string{mark}}
					targetAt[pt] = m
					targets = append(targets, m)
				}
				m.labels = append(m.labels, n)
			}
			// "攻 attack on black chariot b2 by red advisor a2": the threat's nature is
			// written only where it is not the move's.
			switch {
			case t.Target.Square == "":
				line += "; " + r.Ruleset.NatureTerm(t.Nature).English
			case t.Nature == p.Nature && !named:
				line += " on " + pieceWords(t.Target)
			default:
				line += "; " + r.Ruleset.NatureTerm(t.Nature).English + " on " + pieceWords(t.Target)
			}
			named = true
			if len(as) > 0 {
				line += " by " + strings.Join(as, " + ")
			}
		}
		caption = append(caption, CaptionLine{Text: line, Color: col})
	}
	for _, m := range targets {
		rings = append(rings, Ring(m.pt).WithColor(ChaseColor).WithLabel(m.labels[0]+strings.Join(m.labels[1:], ",")))
	}
	for _, pt := range attackerOrder {
		if targetAt[pt] == nil {
			rings = append(rings, Ring(pt).WithColor(ChaseColor).WithDashes())
		}
	}
	res := "Result: " + r.Result.String()
	if r.Termination != arbiter.TerminationNone {
		res += fmt.Sprintf(" (%s, ply %d)", r.Ruleset.TerminationTerm(r.Termination), r.DecidedAtPly)
	}
	caption = append(caption, CaptionLine{Text: res})
	if r.Cycle != nil {
		caption = append(caption, CaptionLine{Text: "Key: arrows are the cycle's moves, numbered as the moves are; rings: attacked pieces (solid, tagged with the moves that attack them) and their attackers (dashed), where they stand in the drawn position; the move lines name the squares at the time of the move.", Color: "#666666"})
	}
	return b, []Option{Title(title), Arrows(arrows...), Rings(rings...), CaptionLines(caption...)}, nil
}

// followGameSquare follows the piece on sq through the plies to where it stands after
// them: a ply moves the piece on its first square to its last (a banqi chain's last
// capture, a chu shogi lion's final square); a flip or a lion's igui leaves it.
func followGameSquare(sq string, plies []arbiter.Ply) string {
	for _, p := range plies {
		if n := len(p.Squares); n > 1 && p.Squares[0] == sq {
			sq = p.Squares[n-1]
		}
	}
	return sq
}

// pieceWords names a piece with its side and square in its game's words: "black
// chariot b2", "sente rook 8f"; the letter code only where the game gives no word.
func pieceWords(p arbiter.Piece) string {
	name := p.Word
	if name == "" {
		name = p.Name
	}
	if name == "" {
		name = p.Kind.String()
	}
	if p.Side != arbiter.SideNone && !strings.HasPrefix(name, p.Side.String()+" ") {
		name = p.Side.String() + " " + name
	}
	return name + " " + p.Square
}

// moveNumbers numbers a report's plies as players number them: chu shogi one number a
// move from the SFEN's move number, as kifu do ("12"); the other games in pairs from 1,
// the first player's move "12" and the other's "12…" (a record the second player opens
// starts at "1…").
func moveNumbers(r *arbiter.Report) []string {
	out := make([]string, len(r.Plies))
	if r.Ruleset.Game == arbiter.GameChuShogi {
		base := 1
		if f := strings.Fields(r.StartPosition); len(f) > 3 {
			if v, err := strconv.Atoi(f[3]); err == nil && v > 0 {
				base = v
			}
		}
		for i := range out {
			out[i] = itoa(base + i)
		}
		return out
	}
	first := r.FirstPlayer
	if first == arbiter.SideNone && len(r.Plies) > 0 {
		first = r.Plies[0].Side
	}
	no, prevFirst := 1, false
	for i, p := range r.Plies {
		isFirst := p.Side == first || p.Side == arbiter.SideNone && (i == 0 || !prevFirst)
		if isFirst && i > 0 && prevFirst {
			no++ // the second player's move is missing (a pass)
		}
		if isFirst {
			out[i] = itoa(no)
		} else {
			out[i] = itoa(no) + "…"
			no++
		}
		prevFirst = isFirst
	}
	return out
}
