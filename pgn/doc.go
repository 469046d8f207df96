// Package pgn reads and writes xiangqi game records in the PGN format used by
// Chinese chess programs and databases.
//
// A file holds one or more games, each a section of tag pairs
// ([Name "value"]) followed by movetext. The reader keeps the move texts
// exactly as written, without move numbers, comments, variations, NAGs or
// annotation marks, and does not interpret them: a move may be in ICCS
// ("h2e2", "H2-E2"), WXF ("C2.5", "Ｃ２＝５", "+P.4") or Chinese notation
// ("炮二平五", "馬８進７"); package notation turns them into moves.
//
// Files come in several encodings. Read, NewReader and Decode detect UTF-8
// (with or without a byte order mark), GBK/GB18030 and Big5 automatically:
// valid UTF-8 is taken as UTF-8, otherwise the bytes are decoded both ways and
// the decoding that yields more xiangqi characters of its own script (车马进 for
// GBK, 車馬進 for Big5) without invalid sequences wins. Read and Decode look at
// the whole input; the streaming Reader decides on the 64 KiB that follow the
// first non-ASCII byte. Write always produces UTF-8.
//
// Syntax errors are reported as *SyntaxError with a line and column, bytes
// that are valid in none of the encodings as *EncodingError.
package pgn
