//go:build race

package xiangqi

const raceEnabled = true
