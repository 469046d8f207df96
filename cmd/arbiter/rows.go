package main

import (
	"bufio"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/arbiter-xq/arbiter/apiconv"
	"github.com/arbiter-xq/arbiter/arbiter"
)

// The flat rows of `compare --format csv|jsonl`, for loading a comparison into pandas,
// DuckDB or a spreadsheet: one row per game and ruleset, then one summary row per
// ruleset. The columns are stable; README.md lists them. Enum values are those of
// judge --json (VERDICT_*, RESULT_*, TERMINATION_*); an empty cell is "none" or "not
// applicable".
var flatColumns = []string{
	"kind", // "game" or "summary"
	"file", "index", "game_id", "recorded_result", "plies",
	"ruleset", "verdict", "result", "termination", "decided_at_ply", "incidents", "rejected_ply", "refused_ply",
	"disagree", "error",
	// summary rows only
	"games", "disagreements", "errors", "drawn_repetitions", "drawn_repetitions_must_change",
}

// flatWriter writes the rows as CSV (with a header) or JSON lines.
type flatWriter struct {
	csv  *csv.Writer
	json *bufio.Writer
}

func newFlatWriter(w *bufio.Writer, format string) *flatWriter {
	if format == "csv" {
		fw := &flatWriter{csv: csv.NewWriter(w)}
		fw.csv.Write(flatColumns)
		return fw
	}
	return &flatWriter{json: w}
}

// row writes one row from its cells by column name (absent: empty, JSON null).
func (fw *flatWriter) row(cells map[string]any) {
	if fw.csv != nil {
		rec := make([]string, len(flatColumns))
		for i, c := range flatColumns {
			if v, ok := cells[c]; ok {
				rec[i] = fmt.Sprint(v)
			}
		}
		fw.csv.Write(rec)
		return
	}
	obj := make(map[string]any, len(flatColumns))
	for _, c := range flatColumns {
		obj[c] = cells[c] // nil for an absent cell
	}
	b, _ := json.Marshal(orderedRow(obj))
	fw.json.Write(b)
	fw.json.WriteByte('\n')
}

// orderedRow marshals a row's cells in the columns' order.
type orderedRow map[string]any

func (o orderedRow) MarshalJSON() ([]byte, error) {
	buf := []byte{'{'}
	for i, c := range flatColumns {
		if i > 0 {
			buf = append(buf, ',')
		}
		buf = strconv.AppendQuote(buf, c)
		buf = append(buf, ':')
		v, err := json.Marshal(o[c])
		if err != nil {
			return nil, err
		}
		buf = append(buf, v...)
	}
	return append(buf, '}'), nil
}

// game writes the row of one game under one ruleset (rl is empty for a game that could
// not be read: the row names the error).
func (fw *flatWriter) game(h history, rl compareRuling, c comparison) {
	cells := map[string]any{"kind": "game", "plies": len(h.moves), "disagree": c.disagree}
	if h.file != "" {
		cells["file"], cells["index"] = h.file, h.index
	}
	if id := h.tag("GameId"); id != "" {
		cells["game_id"] = id
	}
	if h.result != "" {
		cells["recorded_result"] = h.result
	}
	if c.err != "" {
		cells["error"] = c.err
		fw.row(cells)
		return
	}
	cells["ruleset"] = rl.ruleset
	if rl.rejected != nil {
		cells["rejected_ply"] = rl.rejected.Ply
		cells["error"] = rl.rejected.Reason
		fw.row(cells)
		return
	}
	if rl.verdict != arbiter.VerdictNone {
		cells["verdict"] = apiconv.Verdict(rl.verdict).String()
	}
	cells["result"] = apiconv.Result(rl.result).String()
	if rl.term != arbiter.TerminationNone {
		cells["termination"] = apiconv.Termination(rl.term).String()
		cells["decided_at_ply"] = rl.endPly
	}
	cells["incidents"] = rl.incidents
	if rl.refused > 0 {
		cells["refused_ply"] = rl.refused
	}
	fw.row(cells)
}

// summary writes one summary row per ruleset: the comparison's totals, and how many of
// the drawn repetitions that ruleset rules must-change.
func (fw *flatWriter) summary(s *compareSummary, sets []arbiter.Ruleset) {
	for _, rs := range sets {
		id := rs.Info().ID
		fw.row(map[string]any{"kind": "summary", "ruleset": id, "plies": s.Plies,
			"games": s.Games, "disagreements": s.Disagreements, "errors": s.Errors,
			"drawn_repetitions": s.DrawnRepetitions, "drawn_repetitions_must_change": s.MustChange[id]})
	}
}

func (fw *flatWriter) flush() error {
	if fw.csv != nil {
		fw.csv.Flush()
		return fw.csv.Error()
	}
	return nil
}

// progress reports "compare: N/M games" on stderr every second while the games are
// judged, when stderr is a terminal (a person is waiting); the returned func stops it
// and clears the line.
func progress(stderr io.Writer, done *atomic.Int64, total int) func() {
	f, ok := stderr.(*os.File)
	if !ok || total < 2 {
		return func() {}
	}
	if st, err := f.Stat(); err != nil || st.Mode()&os.ModeCharDevice == 0 {
		return func() {}
	}
	stop := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		t := time.NewTicker(time.Second)
		defer t.Stop()
		for {
			select {
			case <-stop:
				fmt.Fprint(f, "\r\033[K")
				return
			case <-t.C:
				fmt.Fprintf(f, "\rcompare: %d/%d games", done.Load(), total)
			}
		}
	}()
	return func() { close(stop); <-finished }
}
