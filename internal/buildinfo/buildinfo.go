// Package buildinfo reports what build of arbiter is running: the module version, the
// version-control commit it was built from (and whether the tree had local changes) and
// the Go version, as the Go toolchain records them in the binary (runtime/debug).
package buildinfo

import (
	"runtime"
	"runtime/debug"
	"strings"
)

// Info describes one build.
type Info struct {
	// Path is the main module's path, e.g. "github.com/arbiter-xq/arbiter".
	Path string
	// Version is the main module's version: a tag such as "v1.2.0", a pseudo-version
	// when built from a checkout ("v0.0.0-20260101120000-abcdef123456+dirty"), or
	// "(devel)" when the toolchain could not tell.
	Version string
	// Revision is the version-control commit, "" when unknown (go run, no VCS).
	Revision string
	// Time is the commit time (RFC 3339), "" when unknown.
	Time string
	// Modified reports that the working tree had uncommitted changes.
	Modified bool
	// GoVersion is the toolchain that built the binary, e.g. "go1.26.8".
	GoVersion string
}

// Set at link time when the toolchain cannot stamp the build from version control (a
// container build without .git): go build -ldflags "-X
// github.com/arbiter-xq/arbiter/internal/buildinfo.version=v1.2.0 -X
// github.com/arbiter-xq/arbiter/internal/buildinfo.revision=$(git rev-parse HEAD)".
// They win over what the toolchain recorded.
var version, revision string

// Read returns the running binary's build information.
func Read() Info {
	in := Info{Version: "(unknown)", GoVersion: runtime.Version()}
	if bi, ok := debug.ReadBuildInfo(); ok {
		in = From(bi)
	}
	if version != "" {
		in.Version = version
	}
	if revision != "" {
		in.Revision, in.Time, in.Modified = revision, "", false
	}
	return in
}

// From extracts the Info from a build record.
func From(bi *debug.BuildInfo) Info {
	in := Info{Path: bi.Main.Path, Version: bi.Main.Version, GoVersion: bi.GoVersion}
	if in.Version == "" {
		in.Version = "(devel)"
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			in.Revision = s.Value
		case "vcs.time":
			in.Time = s.Value
		case "vcs.modified":
			in.Modified = s.Value == "true"
		}
	}
	return in
}

// ShortRevision is the first 12 characters of the commit, as git shows it.
func (in Info) ShortRevision() string {
	if len(in.Revision) > 12 {
		return in.Revision[:12]
	}
	return in.Revision
}

// String is the one-line form `arbiter --version` prints, e.g.
// "arbiter v1.2.0 (commit 0123456789ab, 2026-01-01T12:00:00Z, modified) go1.26.8".
func (in Info) String() string {
	var b strings.Builder
	b.WriteString("arbiter ")
	b.WriteString(in.Version)
	var notes []string
	if in.Revision != "" {
		notes = append(notes, "commit "+in.ShortRevision())
	} else {
		notes = append(notes, "commit unknown")
	}
	if in.Time != "" {
		notes = append(notes, in.Time)
	}
	if in.Modified {
		notes = append(notes, "modified")
	}
	b.WriteString(" (" + strings.Join(notes, ", ") + ") ")
	b.WriteString(in.GoVersion)
	return b.String()
}
