// Package corpus finds and reads the shared data that tests and benchmarks use: the
// real games of ../shared/corpus and the official cases of ../shared/cases. The data is
// never copied into the project; callers skip cleanly when it is absent. The game
// database format (TSV: game_id, start_fen, ICCS moves, result) is also one of the
// sources `arbiter compare` reads.
package corpus

import (
	"bufio"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// SharedDir returns the shared data folder: $ARBITER_SHARED if set, else the first
// "shared" folder found beside one of the parents of the working directory. It returns
// "" when there is none.
func SharedDir() string {
	if d := os.Getenv("ARBITER_SHARED"); d != "" {
		return d
	}
	wd, err := os.Getwd()
	if err != nil {
		return ""
	}
	for d := wd; ; d = filepath.Dir(d) {
		cand := filepath.Join(filepath.Dir(d), "shared")
		if st, err := os.Stat(filepath.Join(cand, "corpus")); err == nil && st.IsDir() {
			return cand
		}
		if filepath.Dir(d) == d {
			return ""
		}
	}
}

// Path returns the path of a file under the shared folder, or "" when it does not exist.
func Path(rel string) string {
	d := SharedDir()
	if d == "" {
		return ""
	}
	p := filepath.Join(d, rel)
	if _, err := os.Stat(p); err != nil {
		return ""
	}
	return p
}

// Game is one record of ccpd-games.tsv.gz.
type Game struct {
	ID     string
	FEN    string // "" or a start FEN
	Moves  []string
	Result string
}

// CCPDPath is the relative path of the game database.
const CCPDPath = "corpus/ccpd-games.tsv.gz"

// ReadCCPD reads up to limit games (all when limit <= 0) from the gzipped TSV at path.
func ReadCCPD(path string, limit int) ([]Game, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return nil, err
	}
	return readTSV(zr, limit)
}

// ReadTSV reads an uncompressed game database in the same format as ReadCCPD.
func ReadTSV(path string, limit int) ([]Game, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readTSV(f, limit)
}

func readTSV(r io.Reader, limit int) ([]Game, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	var out []Game
	line := 0
	for sc.Scan() {
		line++
		if line == 1 && strings.HasPrefix(sc.Text(), "game_id") {
			continue
		}
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) < 4 {
			return nil, fmt.Errorf("line %d: %d columns, want 4", line, len(cols))
		}
		out = append(out, Game{ID: cols[0], FEN: cols[1], Moves: strings.Fields(cols[2]), Result: cols[3]})
		if limit > 0 && len(out) >= limit {
			break
		}
	}
	return out, sc.Err()
}

// Case is one row of shared/cases/*.tsv.
type Case struct {
	ID, Set, Ruleset, FEN string
	Moves                 []string
	Expect                string // red_must_change, black_must_change, draw, none
	Natures               []string
	Note                  string
}

// ReadCases reads a cases TSV (e.g. Path("cases/cxa2020.tsv")).
func ReadCases(path string) ([]Case, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var out []Case
	for i, ln := range strings.Split(strings.TrimRight(string(data), "\n"), "\n") {
		if i == 0 {
			continue
		}
		c := strings.Split(ln, "\t")
		if len(c) < 8 {
			return nil, fmt.Errorf("%s line %d: %d columns, want 8", path, i+1, len(c))
		}
		out = append(out, Case{ID: c[0], Set: c[1], Ruleset: c[2], FEN: c[3], Moves: strings.Fields(c[4]),
			Expect: c[5], Natures: strings.Fields(c[6]), Note: c[7]})
	}
	return out, nil
}
