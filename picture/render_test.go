package picture_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
)

// pngDir is where TestRenderPNG leaves its PNGs for a person to look at: the
// PICTURE_PNG_DIR environment variable, else a temporary directory.
func pngDir(t *testing.T) string {
	if d := os.Getenv("PICTURE_PNG_DIR"); d != "" {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		return d
	}
	return t.TempDir()
}

// TestRenderPNG renders the golden pictures with a real SVG renderer (librsvg's
// rsvg-convert, Debian librsvg2-bin) at 400 and 1200 px wide, and validates them with
// xmllint (Debian libxml2-utils). .ci/run installs both; elsewhere the test skips
// with a message when they are missing. Set PICTURE_PNG_DIR to keep the PNGs.
func TestRenderPNG(t *testing.T) {
	rsvg, err := exec.LookPath("rsvg-convert")
	if err != nil {
		t.Skip("rsvg-convert not installed (apt-get install librsvg2-bin); the pictures are not rendered")
	}
	xmllint, _ := exec.LookPath("xmllint")
	dir := pngDir(t)
	for _, p := range pictures {
		t.Run(p.name, func(t *testing.T) {
			svg := filepath.Join(dir, p.name+".svg")
			if err := os.WriteFile(svg, render(t, p.draw), 0o644); err != nil {
				t.Fatal(err)
			}
			if xmllint != "" {
				if out, err := exec.Command(xmllint, "--noout", svg).CombinedOutput(); err != nil {
					t.Fatalf("xmllint: %v\n%s", err, out)
				}
			}
			for _, width := range []string{"400", "1200"} {
				png := filepath.Join(dir, p.name+"-"+width+".png")
				cmd := exec.Command(rsvg, "--width", width, "--keep-aspect-ratio", "-o", png, svg)
				if out, err := cmd.CombinedOutput(); err != nil {
					t.Fatalf("rsvg-convert: %v\n%s", err, out)
				}
				b, err := os.ReadFile(png)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.HasPrefix(b, []byte("\x89PNG\r\n\x1a\n")) || len(b) < 10000 {
					t.Errorf("%s: not a drawn PNG (%d bytes)", png, len(b))
				}
				if len(b) > 24 {
					if w := int(b[16])<<24 | int(b[17])<<16 | int(b[18])<<8 | int(b[19]); strconv.Itoa(w) != width {
						t.Errorf("%s is %d px wide, want %s", png, w, width)
					}
				}
			}
		})
	}
	t.Logf("PNGs in %s", dir)
}
