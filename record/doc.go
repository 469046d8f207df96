// Package record reads xiangqi game records in the formats people keep them in, and
// writes two of them.
//
// # Formats
//
// Read detects the format from the content (Detect), never from the file name:
//
//   - XQF, the binary format of XQStudio (象棋演播室, 1998–2007) and its converters:
//     version 10 (XQF 1.0, plain) and versions 11 to 18, whose piece table, move
//     squares, comment lengths and move data are obfuscated with keys derived from
//     the header (the four key bytes sum to 0 mod 256 in every known file; the
//     reader checks it). Version 11 is unverified: its piece table is read
//     unrotated, and rotated with a warning when only that gives a valid position.
//   - DhtmlXQ (also called UBB), the text of the dpxq.com (东萍象棋网) web board as
//     pasted in forums, served by dpxq.com and the WXF database and exported by
//     CCBridge: [DhtmlXQ] blocks, also inside an HTML page; binit or fen for the
//     start, movelist for the main line, move_P_S_B for the variations (resolved
//     after the whole block, attached breadth-first: linear work), commentS and
//     commentB_S. An item's value ends at the next "[/DhtmlXQ", whatever name
//     follows, as CCBridge closes some items with another name.
//   - CBR, the single-game record of CCBridge (象棋桥): UTF-16LE strings in fixed
//     fields, a 90-byte board and a pre-order move tree. Version 1 is read with an
//     unverified layout, flagged in a warning.
//   - CBL, the CCBridge library: every record of its index, each a CBR; deleted
//     records are skipped with a warning (Options.KeepDeleted keeps them); records
//     without moves and with an empty board are section headings, whose title goes
//     to the Section tag of the games that follow.
//   - CBF, CCBridge's XML: the head and the flat move list (the first Move element
//     is the root; elements after end="1" are ignored with a warning, as no CBF
//     with variations is known).
//   - PGN, through package pgn, with the dialects it does not handle: text after a
//     game's result up to the next tag section (the advertisement ElephantEye and
//     象棋巫师 append) is dropped; a FEN without side takes the side of the first
//     move, a FEN whose side the first move contradicts is corrected with a warning;
//     the SAN of XBoard/WinBoard and pychess ([Variant "xiangqi"], moves like Che2,
//     Hxe7, axa3) is read with ranks from 0 or 1, chosen once per game (a rank 10
//     means 1, a rank 0 means 0, otherwise the base whose replay stays legal).
//
// # Games
//
// Each Game holds its tags (PGN names where one exists: Event, Site, Date, Round,
// Red, Black, Result, ...; otherwise Title, Annotator, Author, RecordType, ...), the
// start position as a FEN with the side to move (taken from the first move, else
// from the record's own field, else Red; Game.SideFrom says which), the result, the
// main line in ICCS with its comments, and the tree (Game.Root), which holds every
// variation when Options.Variations is set. A line of the tree is addressed by the
// alternatives it takes (Path: "ply 41 alt 2 › ply 42 alt 3"); Lines lists them and
// Line returns the moves of one.
//
// # Problems
//
// Every problem is a *RecordError naming the file, the game (and the CBL index
// entry), the line, the ply and the byte offset (a character offset in the item for
// DhtmlXQ), and why. Its Level says what it costs: the file (Read returns it), one
// game (Game.Err; the other games go on), the main line (Game.Err; the main line
// ends before the bad move), a branch (a warning; the move and its subtree are cut,
// the rest of the tree is kept), or text (a warning; invalid bytes become U+FFFD).
//
// Readers never panic on hostile input and their work is bounded: every length is
// checked before anything is sliced, trees are walked with explicit stacks and
// make/unmake, and the limits (input size, moves per tree, plies per line,
// variations, comment size, games per file) are the Default* constants, each also
// an Options field.
//
// # Writing
//
// Write produces PGN (the main line, through package pgn), DhtmlXQ (the whole tree
// and comments) and XQF 1.0 (version 10 without obfuscation, which every XQF reader
// reads; strings in GBK clipped to their fields). Reading what they write gives back
// the position, the main line, the tree and the tags the format holds.
package record
