// Package notation reads and writes xiangqi moves in the three notations players and
// databases use, detecting the notation of each move when asked to.
//
// # ICCS
//
// Coordinates: file letter a..i from Red's left, rank digit 0..9 from Red's back rank,
// origin then destination: "h2e2", also "H2-E2". Written in lowercase without dash.
//
// # WXF
//
// Piece letter (K king, A advisor, E or B elephant, H or N horse, R rook, C cannon,
// P pawn; lowercase is accepted and ignored, the side to move decides), the file of
// the piece counted from the mover's own right (Red: 1 = ICCS 'i' ... 9 = 'a';
// Black: 1 = 'a' ... 9 = 'i'), an operator ('+' forward, '-' backward, '.' or '='
// sideways) and a number: the destination file for sideways moves and for the
// diagonal movers (horse, elephant, advisor), otherwise the number of ranks. Examples:
// "C2.5", "H8+7", "R1-1". Full-width forms ("Ｃ２＝５", "＋Ｐ＋１") are folded to
// ASCII first. Written in ASCII with '.' for sideways.
//
// # Chinese
//
// Piece character, file, direction (进 forward, 退 backward, 平 sideways) and number,
// with the same meaning as in WXF: "炮二平五", "马８进７". Simplified and traditional
// characters and the usual variants are read (车車俥, 马馬傌, 炮砲包, 相象, 仕士,
// 帅帥将將, 兵卒, 进進, 后後); numbers may be Chinese numerals, ASCII or full-width
// digits for either side (the side to move decides whose piece it is). Written with
// simplified characters, Chinese numerals for Red and full-width digits for Black
// (FormatChineseTraditional uses traditional characters, as Big5 databases do).
//
// # Like pieces on one file
//
// When two pieces of a kind stand on one file, the file is replaced by their place
// seen from the mover: front (前, '+') or rear (后, '-'): "前炮平四" = "+C.4",
// "后马进六" = "-H+6", "+R-2". Advisors and elephants never need it: the direction of
// the move tells them apart (the rear one can only advance, the front one only
// retreat), so "相三进五" is read and written even with two elephants on file 3, and
// the front/rear forms are read too.
//
// Pawns, the only pieces that can be three or more on a file, follow the usual
// Chinese convention, carried over to WXF symbol for symbol (no game of the corpora
// has three pawns on a file or pawns doubled on two files, so these forms are this
// package's choice among those in use, and all the listed variants are read):
//
//   - three on a file: front, middle, rear: 前兵/中兵/后兵, "+P", ".P", "-P";
//   - four or five on a file: numbered from the front: 一兵 二兵 三兵 四兵 五兵, and
//     in WXF "1P" .. "5P" (the letters "aP" .. "eP" are read too);
//   - pawns doubled on two files (the kind letter gives way to the file, keeping four
//     characters): "前七进一", "后３平４", "+7+1", "-3.4"; the forms with the piece
//     and the file ("前兵七进一", "+P7+1") are read too.
//
// Readers are lenient where the meaning is clear and strict where it is not. A
// front/rear marker written after the piece ("C+.5", "炮前平五") is read. A plain file
// with two or more like pieces on it ("马二进三" with two horses on file 2) is read
// when exactly one of them can make the move, as real records write it (50 moves of
// the CCPD games do), and is an error naming the pieces when several can or none
// can; a front/rear marker without a file when pawns are doubled on two files is
// read the same way. A marker that does not match the board ("中兵" with two pawns on
// the file, "前马" with one horse on the file named) is an error. The writers always
// write the marker the conventions ask for.
//
// Every reader returns a legal move of the side to move or an *Error saying why not.
package notation
