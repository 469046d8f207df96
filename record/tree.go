package record

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/arbiter-xq/arbiter/xiangqi"
)

// Choice is one step of a line's address: at ply Ply (from 1), the Alt-th
// continuation (from 1; 1 is the main choice).
type Choice struct {
	Ply, Alt int
}

// Path addresses a line of a game tree by the alternatives it takes, in ply order;
// the empty path is the main line. After its last choice a line follows the main
// continuations to the end.
type Path []Choice

// String writes "main" or "ply 41 alt 2 › ply 42 alt 3".
func (p Path) String() string {
	if len(p) == 0 {
		return "main"
	}
	var b strings.Builder
	for i, c := range p {
		if i > 0 {
			b.WriteString(" › ")
		}
		fmt.Fprintf(&b, "ply %d alt %d", c.Ply, c.Alt)
	}
	return b.String()
}

// ParsePath reads a path as String writes it; ">" and "," also separate choices, and
// a choice may be written "41:2" (ply 41, alternative 2).
func ParsePath(s string) (Path, error) {
	s = strings.TrimSpace(s)
	if s == "" || strings.EqualFold(s, "main") {
		return nil, nil
	}
	s = strings.NewReplacer("›", ",", ">", ",").Replace(s)
	var p Path
	for _, part := range strings.Split(s, ",") {
		f := strings.Fields(strings.NewReplacer(":", " ", "ply", " ", "alt", " ").Replace(strings.ToLower(part)))
		if len(f) != 2 {
			return nil, fmt.Errorf("line %q: %q is not \"ply N alt K\"", s, strings.TrimSpace(part))
		}
		ply, err1 := strconv.Atoi(f[0])
		alt, err2 := strconv.Atoi(f[1])
		if err1 != nil || err2 != nil || ply < 1 || alt < 1 {
			return nil, fmt.Errorf("line %q: %q is not \"ply N alt K\" with N, K from 1", s, strings.TrimSpace(part))
		}
		if len(p) > 0 && ply <= p[len(p)-1].Ply {
			return nil, fmt.Errorf("line %q: plies must increase", s)
		}
		p = append(p, Choice{ply, alt})
	}
	return p, nil
}

// LineNodes returns the nodes of the line p (without the root), from the first ply.
func (g *Game) LineNodes(p Path) ([]*Node, error) {
	if g.Root == nil {
		return nil, errors.New("the game has no tree")
	}
	var out []*Node
	n := g.Root
	k := 0
	for {
		alt := 1
		if k < len(p) && p[k].Ply == len(out)+1 {
			alt = p[k].Alt
			k++
		}
		if len(n.Children) == 0 {
			if k < len(p) || alt != 1 {
				return out, fmt.Errorf("line %s: the line ends at ply %d", p, len(out))
			}
			return out, nil
		}
		if alt > len(n.Children) {
			return out, fmt.Errorf("line %s: ply %d has %d continuations, not %d", p, len(out)+1, len(n.Children), alt)
		}
		n = n.Children[alt-1]
		out = append(out, n)
	}
}

// Line returns the moves (ICCS) of the line p.
func (g *Game) Line(p Path) ([]string, error) {
	nodes, err := g.LineNodes(p)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(nodes))
	for i, n := range nodes {
		out[i] = n.Move.String()
	}
	return out, nil
}

// Lines lists the address of every line of the tree (one per leaf), main line
// first, in depth-first order; at most DefaultMaxBranches+1 of them.
func (g *Game) Lines() []Path {
	if g.Root == nil {
		return []Path{nil}
	}
	type frame struct {
		n *Node
		i int
	}
	var out []Path
	var path Path
	stack := []frame{{n: g.Root}}
	for len(stack) > 0 && len(out) <= DefaultMaxBranches {
		top := &stack[len(stack)-1]
		if len(top.n.Children) == 0 && top.i == 0 {
			out = append(out, append(Path(nil), path...))
			top.i = 1
		}
		if top.i >= len(top.n.Children) {
			ply := len(stack) - 1
			stack = stack[:len(stack)-1]
			if len(path) > 0 && path[len(path)-1].Ply == ply {
				path = path[:len(path)-1]
			}
			continue
		}
		c := top.n.Children[top.i]
		top.i++
		if top.i > 1 {
			path = append(path, Choice{len(stack), top.i})
		}
		stack = append(stack, frame{n: c})
	}
	return out
}

// countNodes counts the nodes of the subtree under n, n included.
func countNodes(n *Node) int {
	count := 0
	stack := []*Node{n}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		count++
		stack = append(stack, x.Children...)
	}
	return count
}

// startPosition builds and validates the start position from a board, choosing the
// side to move by the §1 rule: the colour of the piece the first move moves, else
// the stored side (if any), else Red.
func (r *reader) startPosition(g *Game, board *[xiangqi.NumSquares]xiangqi.Piece, stored *xiangqi.Color) (xiangqi.Position, bool) {
	var p xiangqi.Position
	for s, pc := range board {
		if pc != xiangqi.NoPiece {
			p.Put(xiangqi.Square(s), pc)
		}
	}
	side, from := xiangqi.Red, SideDefault
	if stored != nil {
		side, from = *stored, SideStored
	}
	if len(g.Root.Children) > 0 {
		if m := g.Root.Children[0].Move; m.From().Valid() {
			if pc := board[m.From()]; pc != xiangqi.NoPiece {
				side, from = pc.Color(), SideFirstMove
			}
		}
	}
	p.SetSideToMove(side)
	g.Side, g.SideFrom = side, from
	fen := p.FEN()
	pos, err := xiangqi.ParseFENOptions(fen, xiangqi.FENOptions{AllowUnreachable: r.opts.RelaxedFEN})
	g.FEN = fen
	if err != nil {
		e := r.gameErr(g, LevelGame, "start position", 0, -1, "", "%v", err)
		e.Err = err
		g.Err = e
		g.Root.Children = nil
		return pos, false
	}
	return pos, true
}

// finish checks every move of the tree from the start position (make/unmake, an
// explicit stack), cuts what is illegal, and fills the main line, comments and the
// FEN tag. A bad main-line move ends the main line (LevelMain, with its alternatives);
// a bad move in a variation cuts that move and its subtree (LevelBranch warning).
func (r *reader) finish(g *Game, start xiangqi.Position) {
	if !isStandardStart(&start) {
		g.setTag("FEN", start.FEN())
	}
	g.FEN = start.FEN()
	type frame struct {
		n   *Node
		i   int
		cap xiangqi.Piece
	}
	pos := start
	stack := []frame{{n: g.Root}}
	var path Path
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		if top.i >= len(top.n.Children) {
			if len(stack) > 1 {
				pos.UnmakeMove(top.n.Move, top.cap)
			}
			ply := len(stack) - 1
			stack = stack[:len(stack)-1]
			if len(path) > 0 && path[len(path)-1].Ply == ply {
				path = path[:len(path)-1]
			}
			continue
		}
		c := top.n.Children[top.i]
		ply := len(stack)
		why := ""
		if ply > r.opts.MaxPlies {
			why = fmt.Sprintf("the line is longer than the limit of %d plies", r.opts.MaxPlies)
		} else if c.Move == xiangqi.NoMove {
			why = "a square outside the board"
		} else {
			why = pos.WhyIllegal(c.Move)
		}
		if why == "" {
			top.i++
			if top.i > 1 {
				path = append(path, Choice{ply, top.i})
			}
			cap := pos.MakeMove(c.Move)
			stack = append(stack, frame{n: c, cap: cap})
			continue
		}
		main := len(path) == 0 && top.i == 0
		line := path
		if top.i > 0 {
			line = append(append(Path(nil), path...), Choice{ply, top.i + 1})
		}
		var skipped int
		if main {
			for _, s := range top.n.Children {
				skipped += countNodes(s)
			}
			top.n.Children = nil
		} else {
			skipped = countNodes(c)
			top.n.Children = append(top.n.Children[:top.i], top.n.Children[top.i+1:]...)
		}
		text := c.Move.String()
		if c.Move == xiangqi.NoMove {
			text = "move record"
		}
		reason := text + ": " + why
		if skipped > 1 {
			reason += fmt.Sprintf("; %d moves skipped", skipped)
		}
		e := r.gameErr(g, LevelBranch, line.String(), ply, c.Offset, r.moveOffsetOf(), "%s", reason)
		if main {
			e.Level = LevelMain
			if g.Err == nil {
				g.Err = e
			}
		} else {
			g.Warnings = append(g.Warnings, e)
		}
	}
	g.Moves = g.Moves[:0]
	g.Comments = g.Comments[:0]
	g.GameComment = g.Root.Comment
	for n := g.Root; len(n.Children) > 0; {
		n = n.Children[0]
		g.Moves = append(g.Moves, n.Move.String())
		g.Comments = append(g.Comments, n.Comment)
	}
}

// moveOffsetOf says what a node's Offset counts in, by format.
func (r *reader) moveOffsetOf() string {
	if r.textOffsets {
		return "character"
	}
	return ""
}

// isStandardStart reports whether p is the standard start with Red to move.
func isStandardStart(p *xiangqi.Position) bool {
	s := xiangqi.StartPosition()
	return p.Equal(&s)
}
