package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/arbiter-xq/arbiter/apiconv"
	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/casebook"
	"github.com/arbiter-xq/arbiter/picture"
	arbiterv1 "github.com/arbiter-xq/arbiter/proto/arbiter/v1"
)

// svgPath is where the picture of the i-th of n games goes: path itself for one game,
// else path with the game number before the extension (out.svg -> out-2.svg).
func svgPath(path string, i, n int) string {
	if n <= 1 {
		return path
	}
	ext := filepath.Ext(path)
	return fmt.Sprintf("%s-%d%s", strings.TrimSuffix(path, ext), i+1, ext)
}

// writeRulingSVG writes the picture of a report's ruling (picture.Ruling) to path.
// The style's perspective turns the board round.
func writeRulingSVG(path string, r *arbiter.Report, style boardStyle) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := picture.Ruling(f, r, style.pictureOptions()...); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// writeCaseSVG writes the picture of a case's ruling under ruleset (the case's first
// expectation's ruleset when empty), with the case's policy.
func writeCaseSVG(path string, c *arbiterv1.Case, ruleset string, style boardStyle) error {
	if ruleset == "" && len(c.GetExpectations()) > 0 {
		ruleset = c.GetExpectations()[0].GetRuleset()
	}
	rs, err := newRegistry().Lookup(ruleset)
	if err != nil {
		return err
	}
	pol, err := apiconv.CheckPolicy(c.GetPolicy())
	if err != nil {
		return err
	}
	// Official diagrams may be composed positions (pieces on points a game never
	// reaches): the case's position is read leniently, as the casebook runner does.
	r, err := arbiter.Adjudicate(context.Background(), rs,
		arbiter.Start{Position: c.GetFen(), Deal: c.GetDeal(), Policy: pol, Lenient: true}, casebook.Moves(c, rs.Info().Game))
	if err != nil {
		return err
	}
	return writeRulingSVG(path, r, style)
}
