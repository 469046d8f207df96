//go:build !unix

package site

import "time"

// cpuTime is not measured here: cpu-ns/move reads 0.
func cpuTime() time.Duration { return 0 }
