package record

import "fmt"

// binTree builds a game tree from the pre-order list of move records of XQF and CBR
// (§4 of the format notes): each record says whether the next record continues its
// line (child) and whether an alternative to it follows once its subtree is complete
// (sibling). The records are read independently of the board, so a bad move never
// puts the reading out of step; legality is checked afterwards (reader.finish).
type binTree struct {
	r        *reader
	g        *Game
	parent   *Node
	stack    []*Node // parents of the siblings still to come
	nodes    int
	branches int
	done     bool // the tree is complete (or stopped)
	stopped  bool // a problem or a limit stopped the tree
	mainDone bool // the main line is complete (the first record without a child)
	// comments holds the raw comment bytes to decode once the encoding is known.
	comments []rawComment
}

type rawComment struct {
	n   *Node
	b   []byte
	off int // file offset of the text
}

func newBinTree(r *reader, g *Game, rootHasChild bool) *binTree {
	t := &binTree{r: r, g: g, parent: g.Root}
	if !rootHasChild {
		t.done, t.mainDone = true, true
	}
	return t
}

// add appends a record's node; it returns a reason when a limit stops the tree.
func (t *binTree) add(n *Node, child, sibling bool) string {
	if t.nodes >= t.r.opts.MaxNodes {
		return fmt.Sprintf("the tree has more than the limit of %d moves", t.r.opts.MaxNodes)
	}
	t.parent.Children = append(t.parent.Children, n)
	t.nodes++
	if sibling {
		t.branches++
		if t.branches > t.r.opts.MaxBranches {
			return fmt.Sprintf("the tree has more than the limit of %d variations", t.r.opts.MaxBranches)
		}
		t.stack = append(t.stack, t.parent)
	}
	switch {
	case child:
		t.parent = n
	case len(t.stack) == 0:
		t.done, t.mainDone = true, true
	default:
		t.mainDone = true
		t.parent = t.stack[len(t.stack)-1]
		t.stack = t.stack[:len(t.stack)-1]
	}
	return ""
}

// stop ends the tree early at offset off: a main-line error when the main line is
// not complete, a branch warning otherwise.
func (t *binTree) stop(off int, format string, args ...any) {
	level, line := LevelBranch, "move tree"
	if !t.mainDone {
		level, line = LevelMain, "main"
	}
	e := t.r.gameErr(t.g, level, line, 0, off, "", format, args...)
	if level == LevelMain {
		if t.g.Err == nil {
			t.g.Err = e
		}
	} else {
		t.g.Warnings = append(t.g.Warnings, e)
	}
	t.done, t.stopped = true, true
}

// decodeComments decodes the collected comments with c, warning about bad text.
func (t *binTree) decodeComments(c *codec) {
	for _, rc := range t.comments {
		s, bad := c.decode(rc.b)
		if bad >= 0 {
			line := "game comment"
			if rc.n != t.g.Root {
				line = "comment at byte " + fmt.Sprint(rc.off)
			}
			t.g.Warnings = append(t.g.Warnings, t.r.gameErr(t.g, LevelText, line, 0, bad, "of the comment", "not valid %s (replaced by U+FFFD)", c.name()))
		}
		rc.n.Comment = normText(s)
	}
}
