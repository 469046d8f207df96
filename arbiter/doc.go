// Package arbiter is the domain core of the repetition arbiter: the ruleset interface,
// the natures of moves and their evidence, repetition cycles, rulings, policies and
// game results. It knows nothing about gRPC; the board itself lives in package xiangqi.
//
// A Ruleset reads one repetition cycle (JudgeCycle) and says what every move of it is
// and which side, if any, must change. Everything around that (finding cycles, counting
// occurrences, the house policy, the natural move limit, checkmate and stalemate) is
// common to all rulesets and lives here.
package arbiter
