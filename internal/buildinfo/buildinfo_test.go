package buildinfo

import (
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
)

func TestFrom(t *testing.T) {
	tests := []struct {
		name string
		bi   debug.BuildInfo
		want Info
		str  string
	}{
		{"checkout with changes", debug.BuildInfo{GoVersion: "go1.26.8",
			Main: debug.Module{Path: "github.com/arbiter-xq/arbiter", Version: "v0.0.0-20260101120000-0123456789ab+dirty"},
			Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "0123456789abcdef0123"},
				{Key: "vcs.time", Value: "2026-01-01T12:00:00Z"}, {Key: "vcs.modified", Value: "true"}}},
			Info{Path: "github.com/arbiter-xq/arbiter", Version: "v0.0.0-20260101120000-0123456789ab+dirty",
				Revision: "0123456789abcdef0123", Time: "2026-01-01T12:00:00Z", Modified: true, GoVersion: "go1.26.8"},
			"arbiter v0.0.0-20260101120000-0123456789ab+dirty (commit 0123456789ab, 2026-01-01T12:00:00Z, modified) go1.26.8"},
		{"tagged release", debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: "m", Version: "v1.2.0"},
			Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "abc"}, {Key: "vcs.modified", Value: "false"}}},
			Info{Path: "m", Version: "v1.2.0", Revision: "abc", GoVersion: "go1.26.8"},
			"arbiter v1.2.0 (commit abc) go1.26.8"},
		{"no vcs", debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: "m"}},
			Info{Path: "m", Version: "(devel)", GoVersion: "go1.26.8"},
			"arbiter (devel) (commit unknown) go1.26.8"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := From(&tc.bi)
			if got != tc.want {
				t.Errorf("From = %+v, want %+v", got, tc.want)
			}
			if s := got.String(); s != tc.str {
				t.Errorf("String = %q, want %q", s, tc.str)
			}
		})
	}
}

func TestRead(t *testing.T) {
	in := Read()
	if in.GoVersion != runtime.Version() || in.Version == "" || !strings.HasPrefix(in.String(), "arbiter ") {
		t.Errorf("Read() = %+v", in)
	}
}
