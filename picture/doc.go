// Package picture draws boards as SVG, with our own Go code: no browser, no
// external renderer, no fonts embedded (text stays text, in CJK fonts with fallbacks).
// It is a small pure package in the style of notnil/chess's image package:
//
//	pos, _ := xiangqi.ParseFEN("")
//	h2, e2, e9 := picture.Point{File: 7, Rank: 2}, picture.Point{File: 4, Rank: 2}, picture.Point{File: 4, Rank: 9}
//	err := picture.SVG(w, picture.Xiangqi(&pos),
//		picture.Arrows(picture.Arrow(h2, e2).WithLabel("1")),
//		picture.Rings(picture.Ring(e9).WithLabel("将")),
//		picture.Perspective(picture.Second),
//		picture.Title("炮二平五"), picture.Caption("Red opens with the central cannon."))
//
// The core is game-neutral. A Board describes a position: its Layout (pieces on the
// crossings of the lines, as in xiangqi, or inside cells, as in banqi and chu shogi),
// Files x Ranks, the decorations (a River, Diagonals such as the palaces, corner
// Brackets, Dots on grid crossings), the coordinate Labels along each edge, and the
// Pieces, each with its label text (one or two characters), Side, and the FaceDown
// and Promoted flags. Points count files from the first side's left and ranks from
// its back rank; Perspective(Second) turns the picture round (labels move with their
// files and ranks). Options mark the board: numbered Arrows (collinear arrows that
// overlap, a move and its way back, are drawn side by side), Rings with tags, a Title
// (also the SVG <title>) and Caption lines wrapped to the picture's width. Every
// picture has a viewBox, so it reads the same at 400 px and at 1200 px.
//
// # Adding a game's board
//
// A game adds its board with an adapter, a function from its position type to a
// Board, in its own file of this package (xiangqi.go is the example):
//
//   - Layout, Files, Ranks: banqi is Squares, 8 x 4 (or 4 x 8 portrait); chu shogi
//     Squares, 12 x 12.
//   - Shape and TurnSecond: banqi uses Disc with upright labels; chu shogi Pentagon
//     with TurnSecond, so gote's pieces point and read towards sente.
//   - Sides: the name and colours of each side (Text, Fill, Stroke).
//   - Pieces: one Piece per occupied point, with Label (banqi: 帅仕相马车炮兵 /
//     将士象马车炮卒; chu shogi: the one- or two-kanji abbreviation, stacked when two),
//     Side, Name for the metadata ("gote lion"), FaceDown for banqi's hidden pieces
//     (drawn as blank backs) and Promoted for chu shogi's promoted pieces (red label).
//   - Decorations: chu shogi's promotion-zone Dots sit on grid crossings; with the
//     Squares layout the crossing (f, r) is the first side's lower-left corner of cell
//     (f, r), so they are {4,4} {8,4} {4,8} {8,8}.
//   - Labels: one row per coordinate system, e.g. chu shogi's files 12..1 along the
//     Far edge and ranks 一..十二 on the Right; PointName names a point ("7f") for
//     the data-at attributes and titles; Description carries the position (SFEN).
//
// Marks are given as Points, so a game converts its squares with a small helper
// (XiangqiPoint here). Pictures of a game's rulings (this package's Ruling and
// Plies for xiangqi) are built from the domain types of that game, never from the
// protobuf API.
package picture
