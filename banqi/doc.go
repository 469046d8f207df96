// Package banqi is the board core of arbiter for banqi (暗棋, "Chinese dark chess"): the
// 4×8 board (4×4 for the animal variant) with face-down squares, the hidden pool, the
// position string and move notation of docs/rules/banqi.md §2, flips that reveal a piece,
// moves, captures (the cannon's jump, captures of face-down pieces and chained captures
// where the variant options allow them), strict validation with typed errors, legal
// move generation, Zobrist hashing and game replay with repetition windows. It uses the
// standard library only; the repetition, long-chase and no-progress policies live in
// rules/banqi.
//
// Squares follow the Computer Olympiad (CDC) engine protocol: files a–d, ranks 1–8 (1–4
// on the animal board). Pieces stand inside squares. Red is upper case, Black lower
// case, X a face-down piece.
package banqi
