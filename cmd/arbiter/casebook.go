package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/casebook"
	arbiterv1 "github.com/arbiter-xq/arbiter/proto/arbiter/v1"
)

const casebookUsage = `usage: arbiter casebook list [--ruleset ID] [--tag TAG] [--source TEXT]
       arbiter casebook show ID [--svg FILE] [--ruleset ID] [--perspective second] [--board chinese]
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
	var bf boardFlags
	bf.bind(fs)
	fs.Usage = func() { fmt.Fprint(stderr, casebookUsage); fs.PrintDefaults() }
	rest, err := parseArgs(fs, args)
	if err != nil {
		return parseExit(err)
	}
	if len(rest) == 0 {
		fmt.Fprint(stderr, "arbiter casebook: missing subcommand (list, show or verify)\n\n"+casebookUsage)
		return exitUsage
	}
	style, err := bf.style()
	if err != nil {
		fmt.Fprintln(stderr, "arbiter casebook:", err)
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
			if err := writeCaseSVG(*svgOut, c, f.Ruleset, style); err != nil {
				fmt.Fprintln(stderr, "arbiter casebook show: --svg:", err)
				return exitInput
			}
		}
		return showCase(out, c, style)
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

func showCase(w io.Writer, c *arbiterv1.Case, style boardStyle) int {
	caseHeader(w, c, "Tags:     ")
	reg := newRegistry()
	var first arbiter.Ruleset
	if es := c.GetExpectations(); len(es) > 0 {
		first, _ = reg.Lookup(es[0].GetRuleset())
	}
	fmt.Fprintf(w, "Position: %s\n", c.GetFen())
	if first != nil {
		fmt.Fprint(w, "\n"+textBoard(first, c.GetFen(), style))
	}
	if c.GetDeal() != "" {
		fmt.Fprintf(w, "Deal:     %s\n", c.GetDeal())
	}
	fmt.Fprintf(w, "Moves:    %s\n", c.GetMoves())
	if c.GetExplanation() != "" {
		fmt.Fprintf(w, "\nExplanation: %s\n", c.GetExplanation())
	}
	code := exitOK
	for _, e := range c.GetExpectations() {
		rs, err := reg.Lookup(e.GetRuleset())
		if err != nil {
			fmt.Fprintf(w, "\n[%s] cannot run: %v\n", e.GetRuleset(), err)
			code = exitInput
			continue
		}
		res, outs := casebook.Run(c, e.GetRuleset(), rs)
		fmt.Fprintf(w, "\n[%s] %s", e.GetRuleset(), statusWord(res.GetStatus()))
		if rp := e.GetRejectedPly(); rp > 0 {
			fmt.Fprintf(w, "; expected: ply %d rejected (%s)", rp, e.GetRejectedReason())
		} else {
			fmt.Fprintf(w, "; expected: ruling %s", verdictWord(e.GetVerdict()))
			if e.GetResult() != arbiterv1.Result_RESULT_UNSPECIFIED {
				fmt.Fprintf(w, ", result %s", e.GetResult())
			}
			if e.GetTermination() != arbiterv1.Termination_TERMINATION_UNSPECIFIED {
				fmt.Fprintf(w, " (%s)", e.GetTermination())
			}
		}
		fmt.Fprintln(w)
		if len(res.GetExpectedNatures()) > 0 {
			fmt.Fprintf(w, "  natures expected: %s\n", natureString(res.GetExpectedNatures()))
			fmt.Fprintf(w, "  natures actual:   %s\n", natureString(res.GetActualNatures()))
		}
		if res.GetMessage() != "" {
			fmt.Fprintf(w, "  %s\n", res.GetMessage())
		}
		if len(outs) == 0 {
			continue
		}
		o := outs[0]
		switch {
		case o.Err != nil:
			fmt.Fprintf(w, "  error: %v\n", o.Err)
		case o.Rejected != nil:
			fmt.Fprintf(w, "  ply %d %q rejected: %s (%s)\n", o.Rejected.Ply, o.Rejected.Text, o.Rejected.Reason, o.Rejected.Code)
		default:
			var b strings.Builder
			printReport(&b, rs, history{}, o.Report, style)
			for _, line := range strings.Split(strings.TrimRight(b.String(), "\n"), "\n") {
				fmt.Fprintf(w, "  %s\n", strings.TrimRight(line, " "))
			}
		}
	}
	return code
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
