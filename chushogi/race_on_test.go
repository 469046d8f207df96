//go:build race

package chushogi

const raceEnabled = true
