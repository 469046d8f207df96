// Package chushogi is the game of chu shogi (中将棋): the 12x12 board, its 21 piece
// kinds and their promotions, positions in lishogi's SFEN (with the counter-strike
// marker in the hand field), moves in lishogi's USI (lion two-step moves, igui and
// jitto included), and legal-move generation under a ruleset's Options, with a typed
// reason for every illegal move.
//
// Chu shogi has no check rule: moving into check is legal and a side loses when its
// royal pieces are captured. So a move is legal when the piece can make it and the
// lion rules (L1-L4 of the spec: adjacent lion capture, distant protected lion,
// bridge capture, counter-strike) and the promotion rules allow it. Positions without
// a king are accepted for analysis.
//
// The rules are docs/rules/chu-shogi.md (arbiter's chu shogi rule page); section numbers in
// comments (§5.1 ...) refer to it.
package chushogi
