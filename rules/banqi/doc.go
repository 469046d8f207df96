// Package banqi holds the banqi (暗棋) rulesets of docs/rules/banqi.md: the variant options of
// §4 and the policies of §6 as one table of option values per named ruleset (§7), and
// the referee that applies them to a record or a stream of plies: every ply's nature
// (翻 flip, 吃 capture, 攻 attack with its evidence, 閑 idle), the repetition window and
// the ruling of each repeated position (§6.1–§6.4), the no-progress draw (§6.5), the
// route-revisit long-chase rule (§6.6) and the end of the game (§5).
//
// One clause per file: attack.go (§6.2), repetition.go (§6.3, §6.4), noprogress.go
// (§6.5), longchase.go (§6.6), end.go (§5), rulesets.go (§7), session.go (the referee).
package banqi
