// Package xiangqi is the board core of arbiter: pieces, squares, positions, FEN,
// legal move generation, attack queries, Zobrist hashing and game replay with
// repetition detection. It uses the standard library only.
//
// Squares are numbered rank*9+file, with file 0 ('a') on Red's left and rank 0
// on Red's back rank, the ICCS convention: "h2e2" is 炮二平五.
package xiangqi
