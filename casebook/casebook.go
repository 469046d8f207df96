// Package casebook is the project's memory of what the rules say: regression cases as
// data (cases/*.textproto, protobuf text format against arbiter.v1.Casebook), and the
// runner that checks every case against the registered rulesets, as given, mirrored
// (files a<->i) and colour-flipped (board turned, colours and the ruling swapped).
package casebook

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"sort"
	"strings"

	"google.golang.org/protobuf/encoding/prototext"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/chushogi"
	"github.com/arbiter-xq/arbiter/notation"
	arbiterv1 "github.com/arbiter-xq/arbiter/proto/arbiter/v1"
	"github.com/arbiter-xq/arbiter/xiangqi"
)

//go:embed cases/*.textproto
var caseFiles embed.FS

// Book is the loaded casebook.
type Book struct {
	cases []*arbiterv1.Case
	byID  map[string]*arbiterv1.Case
	file  map[string]string // case id -> file name
}

// Load reads the casebook compiled into the binary.
func Load() (*Book, error) { return LoadFS(caseFiles, "cases") }

// LoadFS reads every *.textproto file of dir in fsys.
func LoadFS(fsys fs.FS, dir string) (*Book, error) {
	names, err := fs.Glob(fsys, path.Join(dir, "*.textproto"))
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	b := &Book{byID: map[string]*arbiterv1.Case{}, file: map[string]string{}}
	for _, name := range names {
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, err
		}
		var cb arbiterv1.Casebook
		if err := prototext.Unmarshal(data, &cb); err != nil {
			return nil, fmt.Errorf("casebook %s: %w", name, err)
		}
		for _, c := range cb.GetCases() {
			if c.GetId() == "" {
				return nil, fmt.Errorf("casebook %s: a case has no id", name)
			}
			if prev, dup := b.file[c.GetId()]; dup {
				return nil, fmt.Errorf("casebook %s: case id %q already used in %s", name, c.GetId(), prev)
			}
			b.cases = append(b.cases, c)
			b.byID[c.GetId()] = c
			b.file[c.GetId()] = path.Base(name)
		}
	}
	return b, nil
}

// Cases returns every case in file order.
func (b *Book) Cases() []*arbiterv1.Case { return b.cases }

// Get returns the case with the given id.
func (b *Book) Get(id string) (*arbiterv1.Case, bool) {
	c, ok := b.byID[id]
	return c, ok
}

// File returns the casebook file a case comes from.
func (b *Book) File(id string) string { return b.file[id] }

// Filter selects cases. Empty fields match everything.
type Filter struct {
	Ruleset string // cases with an expectation for this ruleset
	Tag     string // cases carrying this tag
	// Source matches a case whose id, source book or reference contains it
	// (case-insensitive), e.g. "cxa2020", "wxf", "constructed", "图12".
	Source string
}

// Match reports whether c passes the filter.
func (f Filter) Match(c *arbiterv1.Case) bool {
	if f.Ruleset != "" && !slices.ContainsFunc(c.GetExpectations(), func(e *arbiterv1.CaseExpectation) bool {
		return rulesetMatches(f.Ruleset, e.GetRuleset())
	}) {
		return false
	}
	if f.Tag != "" {
		found := false
		for _, t := range c.GetTags() {
			if t == f.Tag {
				found = true
			}
		}
		if !found {
			return false
		}
	}
	if f.Source != "" {
		s := strings.ToLower(f.Source)
		src := c.GetSource()
		hay := strings.ToLower(c.GetId() + "\n" + src.GetBook() + "\n" + src.GetReference())
		if src.GetConstructed() {
			hay += "\nconstructed"
		}
		if !strings.Contains(hay, s) {
			return false
		}
	}
	return true
}

// Filter returns the cases that pass f, in file order.
func (b *Book) Filter(f Filter) []*arbiterv1.Case {
	var out []*arbiterv1.Case
	for _, c := range b.cases {
		if f.Match(c) {
			out = append(out, c)
		}
	}
	return out
}

// Expectation returns the case's expectation for a ruleset, or nil.
func Expectation(c *arbiterv1.Case, ruleset string) *arbiterv1.CaseExpectation {
	for _, e := range c.GetExpectations() {
		if e.GetRuleset() == ruleset {
			return e
		}
	}
	return nil
}

// Moves splits a case's move texts for a ruleset of game: a xiangqi case may write its
// moves in any notation, with move numbers ("1. 炮二平五 马８进７"), which
// notation.SplitMoves reads; the other games' moves are separated by spaces.
func Moves(c *arbiterv1.Case, game string) []string {
	if game == arbiter.GameXiangqi {
		return notation.SplitMoves(c.GetMoves())
	}
	return chushogi.JoinSame(strings.Fields(c.GetMoves()))
}

// Replay reads a xiangqi case: its start position and its moves, checked for legality.
func Replay(c *arbiterv1.Case) (xiangqi.Position, []xiangqi.Move, error) {
	start, err := xiangqi.ParseFENOptions(c.GetFen(), xiangqi.FENOptions{AllowUnreachable: true})
	if err != nil {
		return start, nil, err
	}
	g, err := notation.ParseMoves(start, notation.SplitMoves(c.GetMoves()))
	if err != nil {
		return start, nil, err
	}
	return start, g.Moves(), nil
}
