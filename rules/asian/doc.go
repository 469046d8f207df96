// Package asian implements the Asian Xiangqi Federation repetition rules (AXF 2003,
// adopted almost verbatim as the WXF World Xiangqi Rules 2018) as an xqrules.Ruleset.
//
// The rules are read from docs/rules/asian.md; rule numbers follow the Eric Wu
// translation ("AXF rule 15") and diagrams the WXF manual ("D18").
//
// How a cycle is read:
//
//   - every move is classified (classify.go): check (将), chase (捉, chase.go with the
//     protection test of root.go), mate threat (杀, check.go), exchange offer, offer,
//     block or idle;
//   - the pieces are followed through the cycle so that a chased piece keeps its
//     identity when it moves (cycle.go);
//   - each side's half-cycle gets a pattern, and the decision table of spec §3.3 gives
//     the verdict (verdict.go), with references and an explanation (explain.go).
package asian
