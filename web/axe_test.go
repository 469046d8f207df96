package web_test

import (
	"archive/tar"
	"compress/gzip"
	"crypto/sha512"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// The accessibility audit runs axe-core (Deque's engine, the npm package pinned here by
// version and integrity) in the page the browser test drives. The package comes from
// npm's own client (`npm pack`) into the user's cache directory once; the test checks the
// tarball against the pinned integrity before using it. Without npm or the registry the
// audit is skipped with a message (.ci/run installs npm in CI); ARBITER_AXE may name an
// axe.min.js to use instead.
const (
	axeVersion   = "4.10.3"
	axeIntegrity = "sha512-Xm7bpRXnDSX2YE2YFfBk2FnF0ep6tmG7xPh8iHee8MIcrgq762Nkce856dYtJYLkuIoYZvGfTs/PbZhideTcEg=="
)

// axeSource returns axe.min.js, or "" and why it is unavailable.
func axeSource(t *testing.T) (string, string) {
	t.Helper()
	if p := os.Getenv("ARBITER_AXE"); p != "" {
		b, err := os.ReadFile(p)
		if err != nil {
			return "", err.Error()
		}
		return string(b), ""
	}
	dir, err := os.UserCacheDir()
	if err != nil {
		dir = os.TempDir()
	}
	dir = filepath.Join(dir, "arbiter-test", "axe-core-"+axeVersion)
	tgz := filepath.Join(dir, "axe-core-"+axeVersion+".tgz")
	if _, err := os.Stat(tgz); err != nil {
		npm, err := exec.LookPath("npm")
		if err != nil {
			return "", "npm is not installed (Debian: apt-get install -y npm; .ci/run installs it in CI)"
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return "", err.Error()
		}
		cmd := exec.Command(npm, "pack", "axe-core@"+axeVersion, "--pack-destination", dir, "--silent")
		cmd.Env = append(os.Environ(), "npm_config_update_notifier=false", "npm_config_fund=false", "npm_config_audit=false")
		if out, err := cmd.CombinedOutput(); err != nil {
			return "", fmt.Sprintf("npm pack axe-core@%s: %v: %s", axeVersion, err, strings.TrimSpace(string(out)))
		}
	}
	b, err := os.ReadFile(tgz)
	if err != nil {
		return "", err.Error()
	}
	sum := sha512.Sum512(b)
	if got := "sha512-" + base64.StdEncoding.EncodeToString(sum[:]); got != axeIntegrity {
		os.Remove(tgz)
		t.Fatalf("%s has integrity %s, want the pinned %s", tgz, got, axeIntegrity)
	}
	zr, err := gzip.NewReader(strings.NewReader(string(b)))
	if err != nil {
		t.Fatal(err)
	}
	tr := tar.NewReader(zr)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if h.Name == "package/axe.min.js" {
			src, err := io.ReadAll(tr)
			if err != nil {
				t.Fatal(err)
			}
			return string(src), ""
		}
	}
	t.Fatalf("%s has no package/axe.min.js", tgz)
	return "", ""
}

// axeViolation is one rule axe-core finds broken.
type axeViolation struct {
	ID     string `json:"id"`
	Impact string `json:"impact"`
	Help   string `json:"help"`
	Nodes  []struct {
		Target  []any  `json:"target"`
		Summary string `json:"failureSummary"`
	} `json:"nodes"`
}

// audit runs axe-core on the page as it is now and fails the test on every serious or
// critical violation (WCAG 2.1 A and AA rules, and axe's best practices), logging the
// others.
func (b *browser) audit(src, where string) {
	b.t.Helper()
	var ignored any
	b.run("load axe-core", chromedp.Evaluate(src+"\n;true", &ignored))
	var res struct {
		Violations []axeViolation `json:"violations"`
		Passes     []struct{}     `json:"passes"`
	}
	b.run("run axe-core", chromedp.Evaluate(`axe.run(document, {runOnly: {type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]}, resultTypes: ["violations"]}).then((r) => ({violations: r.violations, passes: r.passes}))`,
		&res, func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }))
	for _, v := range res.Violations {
		var nodes []string
		for _, n := range v.Nodes {
			tj, _ := json.Marshal(n.Target)
			nodes = append(nodes, string(tj))
		}
		msg := fmt.Sprintf("%s: axe %s (%s): %s, on %s", where, v.ID, v.Impact, v.Help, strings.Join(nodes, " "))
		if v.Impact == "serious" || v.Impact == "critical" {
			b.t.Error(msg)
		} else {
			b.t.Log(msg)
		}
	}
	b.t.Logf("%s: axe-core %s: %d violations, %d rules passed", where, axeVersion, len(res.Violations), len(res.Passes))
}
