package main

import (
	"encoding/xml"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// wellFormedSVG fails the test unless path holds well-formed XML (and passes xmllint
// where it is installed).
func wellFormedSVG(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	d := xml.NewDecoder(strings.NewReader(string(b)))
	for {
		if _, err := d.Token(); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
	}
	if xmllint, err := exec.LookPath("xmllint"); err == nil {
		if out, err := exec.Command(xmllint, "--noout", path).CombinedOutput(); err != nil {
			t.Fatalf("xmllint %s: %v\n%s", path, err, out)
		}
	}
	return string(b)
}

// TestJudgeSVG is the example: the picture of 图6 has the cycle's four arrows
// and the verdict.
func TestJudgeSVG(t *testing.T) {
	path := filepath.Join(t.TempDir(), "out.svg")
	_, errOut, code := runCLI(t, "", "judge", "--ruleset", "chinese", "--fen", "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 0 1",
		"--moves", "f0e0 e8f8 e0f0 f8e8", "--svg", path)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	svg := wellFormedSVG(t, path)
	if n := strings.Count(svg, `<g class="arrow" `); n != 4 {
		t.Errorf("%d arrows, want 4", n)
	}
	if !strings.Contains(svg, "RED MUST CHANGE") || !strings.Contains(svg, "CXA 2020 25.1") {
		t.Error("the picture has no verdict or reference")
	}
}

func TestCasebookShowSVG(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "fig2.svg")
	if _, errOut, code := runCLI(t, "", "casebook", "show", "--svg", path, "cxa2020-图2"); code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if svg := wellFormedSVG(t, path); !strings.Contains(svg, "RED MUST CHANGE") || !strings.Contains(svg, `class="ring chased"`) {
		t.Error("the case's picture has no verdict or no chased piece")
	}
	if _, errOut, code := runCLI(t, "", "casebook", "show", "--svg", filepath.Join(dir, "no", "such", "dir.svg"), "cxa2020-图2"); code != exitInput ||
		!strings.Contains(errOut, "--svg") {
		t.Errorf("unwritable --svg: exit %d, %q", code, errOut)
	}
}
