// Package chu holds the chu shogi (中将棋) rulesets: chu-jcsa2004 (the Japan Chu Shogi
// Association's 2004 clarifications, the default), chu-lishogi and chu-hachu, each a
// table of option values (options.go) over the game package chushogi. A ruleset decides
// which moves are legal (the lion, counter-strike, promotion and jitto options, passed to
// chushogi.Options), how a move is classified for repetition (nature.go: check, attack,
// other, with evidence), the repetition family (repetition.go: jcsa_attack_4fold,
// sennichite_4fold, forbid_any_repeat) and the end of the game (gameend.go). Section
// numbers (§8.3 ...) refer to the project's docs/rules/chu-shogi.md.
package chu
