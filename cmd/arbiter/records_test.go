package main

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/arbiter-xq/arbiter/internal/corpus"
	"github.com/arbiter-xq/arbiter/record"
)

// formatFixtures returns the shared fixture folder of the record formats and its record
// files (without licences, SOURCES.md and expected-output texts), or skips the test.
func formatFixtures(t *testing.T) (string, []string) {
	t.Helper()
	dir := corpus.Path("corpus/formats")
	if dir == "" {
		t.Skip("../shared/corpus/formats is absent")
	}
	var files []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if d.Name() == "expected" || d.Name() == "LICENSES" {
				return filepath.SkipDir
			}
			return nil
		}
		if d.Name() == "LICENSE" || d.Name() == "SOURCES.md" {
			return nil
		}
		files = append(files, p)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(files)
	return dir, files
}

// fixtureErrors are the fixtures judge refuses, with the error their content deserves.
var fixtureErrors = map[string]string{
	// The tenth move of the main line moves from an empty point (the file is a test of
	// bad moves); the offset is the move record's in the file.
	"BadMoveTest3.xqf": "BadMoveTest3.xqf game 1: main line, ply 10 (byte 1106): e1f0: no piece on e1",
}

// Every fixture of ../shared/corpus/formats reads through judge: one JSON line per game,
// each naming its file, or the precise error its content deserves.
func TestJudgeEveryFixture(t *testing.T) {
	_, files := formatFixtures(t)
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			games, err := record.Read(file, data, record.Options{})
			if err != nil {
				t.Fatalf("record.Read: %v", err)
			}
			out, stderr, code := runCLI(t, "", "judge", "--json", file)
			if n := strings.Count(out, "\n"); n != len(games) {
				t.Errorf("%d JSON lines for %d games", n, len(games))
			}
			for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
				var v struct {
					Source struct {
						File  string `json:"file"`
						Index int    `json:"index"`
					} `json:"source"`
				}
				if err := json.Unmarshal([]byte(line), &v); err != nil || v.Source.File != file || v.Source.Index < 1 {
					t.Errorf("line without its source (%v): %.200s", err, line)
				}
			}
			want, bad := fixtureErrors[filepath.Base(file)]
			switch {
			case bad && (code != exitInput || !strings.Contains(stderr, want)):
				t.Errorf("exit %d, stderr %q; want exit 2 and %q", code, stderr, want)
			case !bad && code != exitOK:
				t.Errorf("exit %d: %s", code, stderr)
			}
		})
	}
}

// compare DIR over the fixture folder reads every record file of every format (the
// licences and SOURCES.md are not records), as it does a folder of PGN files.
func TestCompareFixtureFolder(t *testing.T) {
	dir, files := formatFixtures(t)
	games := 0
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		gs, err := record.Read(file, data, record.Options{})
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		games += len(gs)
	}
	out, stderr, code := runCLI(t, "", "compare", "--json", dir)
	want := fmt.Sprintf(`{"summary":{"games":%d,`, games)
	if !strings.Contains(out, want) || !strings.Contains(out, `"errors":1,"unreadableFiles":0,`) {
		t.Errorf("summary: want %s... with one error (BadMoveTest3.xqf) and no unreadable file:\n%.3000s", want, out)
	}
	if code != exitInput || !strings.Contains(stderr, fixtureErrors["BadMoveTest3.xqf"]) || strings.Contains(stderr, "LICENSE") {
		t.Errorf("exit %d, stderr:\n%s", code, stderr)
	}
}

// Standard input takes any format, for judge and compare alike.
func TestRecordsFromStdin(t *testing.T) {
	dir, _ := formatFixtures(t)
	data, err := os.ReadFile(filepath.Join(dir, "xqf", "xqbase-eleeye", "XQFEXAMA.XQF"))
	if err != nil {
		t.Skip(err)
	}
	out, stderr, code := runCLI(t, string(data), "judge", "--json", "-")
	if code != exitOK || strings.Count(out, "\n") != 1 || !strings.Contains(out, `"file":"-"`) {
		t.Errorf("judge -: exit %d, %s\n%.300s", code, stderr, out)
	}
	out, stderr, code = runCLI(t, string(data), "compare", "--json", "-")
	if code != exitOK || !strings.Contains(out, `{"summary":{"games":1,`) {
		t.Errorf("compare -: exit %d, %s\n%.300s", code, stderr, out)
	}
}

// A DhtmlXQ text with a variation, written here: --variation chooses the line, "all"
// rules every line, and a path the tree does not have is an error naming it.
const variationUBB = `[DhtmlXQ]
[DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]
[DhtmlXQ_move_0_2_1]1022[/DhtmlXQ_move_0_2_1]
[/DhtmlXQ]
`

func TestJudgeVariation(t *testing.T) {
	file := filepath.Join(t.TempDir(), "v.ubb")
	writeFile(t, file, []byte(variationUBB))
	out, stderr, code := runCLI(t, "", "judge", "--json", file)
	if code != exitOK || strings.Count(out, "\n") != 1 || !strings.Contains(out, `"iccs":"h9g7"`) {
		t.Errorf("main line: exit %d, %s\n%s", code, stderr, out)
	}
	out, stderr, code = runCLI(t, "", "judge", "--variation", "all", file)
	if code != exitOK || !strings.Contains(out, "== "+file+" game 1 ==") || !strings.Contains(out, "== "+file+" game 1 line ply 2 alt 2 ==") {
		t.Errorf("--variation all: exit %d, %s\n%s", code, stderr, out)
	}
	out, stderr, code = runCLI(t, "", "judge", "--json", "--variation", "2:2", file)
	if code != exitOK || strings.Count(out, "\n") != 1 || strings.Contains(out, `"iccs":"h9g7"`) || !strings.Contains(out, `"iccs":"b9c7"`) {
		t.Errorf("--variation 2:2: exit %d, %s\n%s", code, stderr, out)
	}
	_, stderr, code = runCLI(t, "", "judge", "--variation", "ply 2 alt 3", file)
	if code != exitInput || !strings.Contains(stderr, "game 1 line ply 2 alt 3: --variation: ply 2 has 2 continuations, not 3") {
		t.Errorf("a missing line: exit %d, %s", code, stderr)
	}
	_, stderr, code = runCLI(t, "", "judge", "--variation", "nonsense", file)
	if code != exitInput || !strings.Contains(stderr, "--variation") {
		t.Errorf("a bad path: exit %d, %s", code, stderr)
	}
}

// A record file that is none says so, naming the format it claims by its extension.
func TestJudgeNotARecord(t *testing.T) {
	dir := t.TempDir()
	xqf := filepath.Join(dir, "fake.xqf")
	writeFile(t, xqf, []byte("\x00\x01\x02 not a record"))
	_, stderr, code := runCLI(t, "", "judge", xqf)
	if code != exitInput || !strings.Contains(stderr, "named .xqf, but the file does not start with XQ") {
		t.Errorf("exit %d, %s", code, stderr)
	}
	utf16 := filepath.Join(dir, "u.pgn")
	writeFile(t, utf16, []byte("\xff\xfe[\x00E\x00"))
	_, stderr, code = runCLI(t, "", "judge", utf16)
	if code != exitInput || !strings.Contains(stderr, "UTF-16 text: save it as UTF-8, GBK or Big5") {
		t.Errorf("exit %d, %s", code, stderr)
	}
}
