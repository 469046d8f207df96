package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/casebook"
	"github.com/arbiter-xq/arbiter/notation"
	arbiterv1 "github.com/arbiter-xq/arbiter/proto/arbiter/v1"
	"github.com/arbiter-xq/arbiter/rules/xqrules"
)

const casebookUsage = `usage: arbiter casebook list [--ruleset ID] [--tag TAG] [--source TEXT]
       arbiter casebook show ID [--svg FILE] [--ruleset ID]
       arbiter casebook verify [--ruleset ID] [--tag TAG] [--source TEXT] [--json]

The casebook holds the official diagrams of the rulebooks and constructed cases, each
with its source, the expected ruling per ruleset and an explanation. verify runs every
case as given, mirrored and colour-flipped, and ends with a line "N passed, M failed".
`

func runCasebook(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("casebook", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var f casebook.Filter
	fs.StringVar(&f.Ruleset, "ruleset", "", "only cases with an expectation for this ruleset")
	fs.StringVar(&f.Tag, "tag", "", "only cases with this tag (e.g. perpetual-chase, false-root, interpretation)")
	fs.StringVar(&f.Source, "source", "", "only cases whose id, book or reference contains this (e.g. cxa2020, wxf, constructed, 图12)")
	asJSON := fs.Bool("json", false, "verify: print the results as protobuf JSON")
	svgOut := fs.String("svg", "", "show: write the picture of the case's ruling (SVG) to this file, under --ruleset or the case's first ruleset")
	fs.Usage = func() { fmt.Fprint(stderr, casebookUsage); fs.PrintDefaults() }
	rest, err := parseArgs(fs, args)
	if err != nil {
		return parseExit(err)
	}
	if len(rest) == 0 {
		fmt.Fprint(stderr, "arbiter casebook: missing subcommand (list, show or verify)\n\n"+casebookUsage)
		return exitUsage
	}
	sub, rest := rest[0], rest[1:]
	switch sub {
	case "list", "verify":
		if len(rest) > 0 {
			fmt.Fprintf(stderr, "arbiter casebook %s: unexpected argument %q (filters are flags: --ruleset, --tag, --source)\n", sub, rest[0])
			return exitUsage
		}
	case "show":
		if len(rest) != 1 {
			fmt.Fprintf(stderr, "arbiter casebook show: want one case id, got %d arguments (see arbiter casebook list)\n", len(rest))
			return exitUsage
		}
	default:
		fmt.Fprintf(stderr, "arbiter casebook: unknown subcommand %q (want list, show or verify)\n\n%s", sub, casebookUsage)
		return exitUsage
	}
	if f.Ruleset != "" {
		id, err := rulesetID(newRegistry(), f.Ruleset)
		if err != nil {
			fmt.Fprintln(stderr, "arbiter casebook: --ruleset:", err)
			return exitInput
		}
		f.Ruleset = id
	}
	book, err := casebook.Load()
	if err != nil {
		fmt.Fprintln(stderr, "arbiter casebook:", err)
		return exitInput
	}
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	switch sub {
	case "list":
		cases := book.Filter(f)
		width := 0
		for _, c := range cases {
			width = max(width, len(c.GetId()))
		}
		for _, c := range cases {
			var exp []string
			for _, e := range c.GetExpectations() {
				exp = append(exp, e.GetRuleset()+"="+expectationWord(e))
			}
			fmt.Fprintf(out, "%-*s %-34s %s\n", width, c.GetId(), strings.Join(exp, " "), c.GetTitle())
		}
		return exitOK
	case "show":
		c, ok := book.Get(rest[0])
		if !ok {
			fmt.Fprintf(stderr, "arbiter casebook show: no case %q (see arbiter casebook list)\n", rest[0])
			return exitInput
		}
		if *svgOut != "" {
			if err := writeCaseSVG(*svgOut, c, f.Ruleset); err != nil {
				fmt.Fprintln(stderr, "arbiter casebook show: --svg:", err)
				return exitInput
			}
		}
		return showCase(out, c)
	case "verify":
		rep := casebook.Verify(book, newRegistry(), f)
		if *asJSON {
			resp := &arbiterv1.VerifyCasebookResponse{Results: rep.Results, Passed: int32(rep.Passed), Failed: int32(rep.Failed),
				KnownDivergences: int32(rep.Divergent), Pending: int32(rep.Pending)}
			b, err := protoJSONLine(resp)
			if err != nil {
				fmt.Fprintln(stderr, "arbiter casebook:", err)
				return exitInput
			}
			out.Write(b)
		} else {
			printVerify(out, rep)
		}
		if rep.Failed > 0 {
			return exitInput
		}
	}
	return exitOK
}

// expectationWord is what casebook list shows of an expectation: the verdict; for
// another game's case that expects a move refused, the ply and the reason
// ("rejects@1:distant_protected_lion"); else the expected result and the ply that ends
// the game when the case gives them ("red-wins@9"); "none" when the case expects no
// ruling.
func expectationWord(e *arbiterv1.CaseExpectation) string {
	switch {
	case e.GetVerdict() != arbiterv1.Verdict_VERDICT_UNSPECIFIED:
		return verdictWord(e.GetVerdict())
	case e.GetRejectedPly() > 0:
		w := fmt.Sprintf("rejects@%d", e.GetRejectedPly())
		if e.GetRejectedReason() != "" {
			w += ":" + e.GetRejectedReason()
		}
		return w
	case e.GetResult() != arbiterv1.Result_RESULT_UNSPECIFIED:
		w := strings.ReplaceAll(strings.ToLower(strings.TrimPrefix(e.GetResult().String(), "RESULT_")), "_", "-")
		if e.GetDecidedAtPly() > 0 {
			w += fmt.Sprintf("@%d", e.GetDecidedAtPly())
		}
		return w
	}
	return "none"
}

func verdictWord(v arbiterv1.Verdict) string {
	switch v {
	case arbiterv1.Verdict_VERDICT_DRAW:
		return "draw"
	case arbiterv1.Verdict_VERDICT_RED_MUST_CHANGE:
		return "red-changes"
	case arbiterv1.Verdict_VERDICT_BLACK_MUST_CHANGE:
		return "black-changes"
	case arbiterv1.Verdict_VERDICT_SENTE_MUST_CHANGE:
		return "sente-changes"
	case arbiterv1.Verdict_VERDICT_GOTE_MUST_CHANGE:
		return "gote-changes"
	}
	return "none"
}

func statusWord(s arbiterv1.CaseStatus) string {
	switch s {
	case arbiterv1.CaseStatus_CASE_STATUS_PASSED:
		return "pass"
	case arbiterv1.CaseStatus_CASE_STATUS_FAILED:
		return "FAIL"
	case arbiterv1.CaseStatus_CASE_STATUS_KNOWN_DIVERGENCE:
		return "known-divergence"
	}
	return "pending"
}

func natureString(ns []arbiterv1.Nature) string {
	var b strings.Builder
	for i, n := range ns {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(arbiter.Nature(n).Chinese())
	}
	return b.String()
}

func printVerify(w io.Writer, rep *casebook.Report) {
	width := len("case")
	for _, r := range rep.Results {
		width = max(width, len(r.GetId()))
	}
	fmt.Fprintf(w, "%-*s %-8s %-18s %-14s %-14s %s\n", width, "case", "ruleset", "status", "expected", "actual", "natures (expected / actual)")
	var divergent []*arbiterv1.CaseResult
	for _, r := range rep.Results {
		if r.GetStatus() == arbiterv1.CaseStatus_CASE_STATUS_KNOWN_DIVERGENCE {
			divergent = append(divergent, r)
		}
		nat := ""
		if len(r.GetExpectedNatures()) > 0 {
			nat = natureString(r.GetExpectedNatures()) + " / " + natureString(r.GetActualNatures())
		}
		fmt.Fprintf(w, "%-*s %-8s %-18s %-14s %-14s %s\n", width, r.GetId(), r.GetRuleset(), statusWord(r.GetStatus()),
			outcomeWord(r.GetExpectedVerdict(), r.GetExpectedRejectedPly()), outcomeWord(r.GetActualVerdict(), r.GetActualRejectedPly()), nat)
		if r.GetStatus() == arbiterv1.CaseStatus_CASE_STATUS_FAILED {
			fmt.Fprintf(w, "    %s\n", r.GetMessage())
		}
	}
	if len(divergent) > 0 {
		fmt.Fprintf(w, "\nKnown divergences (%d):\n", len(divergent))
		for _, r := range divergent {
			fmt.Fprintf(w, "  %s [%s]: %s\n", r.GetId(), r.GetRuleset(), r.GetMessage())
		}
	}
	if rep.Pending > 0 {
		fmt.Fprintf(w, "\n%d pending (ruleset not registered)\n", rep.Pending)
	}
	fmt.Fprintf(w, "\n%d known divergences, %d pending\n", rep.Divergent, rep.Pending)
	fmt.Fprintf(w, "%d passed, %d failed\n", rep.Passed, rep.Failed)
}

func showCase(w io.Writer, c *arbiterv1.Case) int {
	if _, other := caseGame(c); other {
		return showGameCase(w, c)
	}
	caseHeader(w, c, "Tags:   ")
	start, moves, err := casebook.Replay(c)
	if err != nil {
		fmt.Fprintf(w, "The case does not replay: %v\n", err)
		return exitInput
	}
	fmt.Fprintf(w, "FEN:    %s\n\n%s\n", start.FEN(), start.String())
	pos := start
	fmt.Fprintln(w, "Moves:")
	for i, m := range moves {
		fmt.Fprintf(w, "  ply %2d %-5s %-10s %-7s %s\n", i+1, pos.SideToMove().String(), notation.FormatChinese(&pos, m), notation.FormatWXF(&pos, m), m)
		pos.MakeMove(m)
	}
	reg := newRegistry()
	for _, e := range c.GetExpectations() {
		rs, _ := getRuleset(reg, e.GetRuleset())
		res, outs := casebook.Run(c, e.GetRuleset(), rs)
		fmt.Fprintf(w, "\n[%s] expected %s, actual %s: %s\n", e.GetRuleset(), verdictWord(res.GetExpectedVerdict()),
			verdictWord(res.GetActualVerdict()), statusWord(res.GetStatus()))
		if len(res.GetExpectedNatures()) > 0 {
			fmt.Fprintf(w, "  natures expected: %s\n", natureString(res.GetExpectedNatures()))
		}
		if len(res.GetActualNatures()) > 0 {
			fmt.Fprintf(w, "  natures actual:   %s\n", natureString(res.GetActualNatures()))
		}
		if res.GetMessage() != "" {
			fmt.Fprintf(w, "  %s\n", res.GetMessage())
		}
		if len(outs) > 0 && outs[0].Err == nil && outs[0].CycleStart >= 0 {
			jd := outs[0].Judgement
			for _, pn := range jd.Plies {
				fmt.Fprintf(w, "  ply %d: %s %s", pn.Ply+1, pn.Nature.Chinese(), pn.Nature)
				if pn.Note != "" {
					fmt.Fprintf(w, " (%s)", pn.Note)
				}
				fmt.Fprintln(w)
				for _, t := range pn.Threats {
					fmt.Fprintf(w, "         捉 %s\n", describeThreat(t))
				}
				for _, t := range pn.Excluded {
					fmt.Fprintf(w, "         (not counted) %s\n", describeThreat(t))
				}
			}
			for _, sp := range jd.Sides {
				fmt.Fprintf(w, "  %s: %s (%s), forbidden=%v\n", sp.Side.String(), sp.Pattern, arbiter.PatternChinese(sp.Natures), sp.Forbidden)
			}
			// The ruling's explanation once: its per-ply part repeats the lines above.
			fmt.Fprintf(w, "  ruling: %s %v\n  %s\n", jd.Ruling.Verdict, jd.Ruling.References, xqrules.RulingSummary(jd.Ruling.Explanation))
		}
	}
	fmt.Fprintf(w, "\nExplanation: %s\n", c.GetExplanation())
	return exitOK
}

// caseHeader prints a case's id, title, source and tags (tagLabel aligns the tags with
// the lines that follow).
func caseHeader(w io.Writer, c *arbiterv1.Case, tagLabel string) {
	fmt.Fprintf(w, "%s: %s\n", c.GetId(), c.GetTitle())
	src := c.GetSource()
	if src.GetConstructed() {
		fmt.Fprintf(w, "Source: constructed, pins %s\n", src.GetClause())
	} else {
		fmt.Fprintf(w, "Source: %s, %s\n", src.GetBook(), src.GetReference())
	}
	if len(c.GetTags()) > 0 {
		fmt.Fprintf(w, "%s%s\n", tagLabel, strings.Join(c.GetTags(), ", "))
	}
}

// outcomeWord names a case's verdict, or for another game's case a rejected ply
// ("rejects@3"), in the verify table.
func outcomeWord(v arbiterv1.Verdict, rejectedPly int32) string {
	if rejectedPly > 0 {
		return fmt.Sprintf("rejects@%d", rejectedPly)
	}
	return verdictWord(v)
}
