package picture

import (
	"io"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/chushogi"
)

// chuLabels are the two kanji written on chu shogi pieces (docs/rules/chu-shogi.md §3.2), by kind;
// chuPromotedLabels those of the promoted pieces, written in red. A promoted piece that
// moves like another kind carries that kind's name (+R 龍王, +F 角行 ...), as the sets
// do; the red label tells it from the unpromoted piece.
var (
	chuLabels = [...]string{chushogi.King: "玉将", chushogi.Lion: "獅子", chushogi.FreeKing: "奔王",
		chushogi.DragonKing: "龍王", chushogi.DragonHorse: "龍馬", chushogi.Rook: "飛車", chushogi.Bishop: "角行",
		chushogi.VerticalMover: "竪行", chushogi.SideMover: "横行", chushogi.ReverseChariot: "反車", chushogi.Lance: "香車",
		chushogi.Kirin: "麒麟", chushogi.Phoenix: "鳳凰", chushogi.DrunkElephant: "醉象", chushogi.BlindTiger: "盲虎",
		chushogi.Leopard: "猛豹", chushogi.Gold: "金将", chushogi.Silver: "銀将", chushogi.Copper: "銅将",
		chushogi.Pawn: "歩兵", chushogi.GoBetween: "仲人"}
	chuPromotedLabels = [...]string{chushogi.DragonKing: "飛鷲", chushogi.DragonHorse: "角鷹", chushogi.Rook: "龍王",
		chushogi.Bishop: "龍馬", chushogi.VerticalMover: "飛牛", chushogi.SideMover: "奔猪", chushogi.ReverseChariot: "鯨鯢",
		chushogi.Lance: "白駒", chushogi.Kirin: "獅子", chushogi.Phoenix: "奔王", chushogi.DrunkElephant: "太子",
		chushogi.BlindTiger: "飛鹿", chushogi.Leopard: "角行", chushogi.Gold: "飛車", chushogi.Silver: "竪行",
		chushogi.Copper: "横行", chushogi.Pawn: "と金", chushogi.GoBetween: "醉象"}
)

// chuBoardKanji is the one kanji the board shows for each kind, unpromoted and promoted
// (the one-kanji piece sets lishogi offers for chu shogi): the first kanji of the
// piece's name, and for a promoted piece that moves like another kind that kind's, in
// red (+R 龍, +G 飛, +P と).
var chuBoardKanji = [...][2]string{
	chushogi.King: {"玉", ""}, chushogi.Lion: {"獅", ""}, chushogi.FreeKing: {"奔", ""},
	chushogi.DragonKing: {"龍", "鷲"}, chushogi.DragonHorse: {"馬", "鷹"}, chushogi.Rook: {"飛", "龍"},
	chushogi.Bishop: {"角", "馬"}, chushogi.VerticalMover: {"竪", "牛"}, chushogi.SideMover: {"横", "猪"},
	chushogi.ReverseChariot: {"反", "鯨"}, chushogi.Lance: {"香", "駒"}, chushogi.Kirin: {"麒", "獅"},
	chushogi.Phoenix: {"鳳", "奔"}, chushogi.DrunkElephant: {"象", "太"}, chushogi.BlindTiger: {"虎", "鹿"},
	chushogi.Leopard: {"豹", "角"}, chushogi.Gold: {"金", "飛"}, chushogi.Silver: {"銀", "竪"},
	chushogi.Copper: {"銅", "横"}, chushogi.Pawn: {"歩", "と"}, chushogi.GoBetween: {"仲", "象"},
}

// ChuBoardKanji returns the one kanji the board shows for a piece ("獅"; promoted "鷲",
// "と"). One kanji fills a square and reads at 400 px across the board, where the two
// stacked kanji of ChuPieceLabel did not.
func ChuBoardKanji(p chushogi.Piece) string {
	k := int(p.Kind())
	if k <= 0 || k >= len(chuBoardKanji) {
		return p.String()
	}
	if p.Promoted() {
		return chuBoardKanji[k][1]
	}
	return chuBoardKanji[k][0]
}

// chuRanks are the Japanese rank numerals 一..十二 (rank a..l).
var chuRanks = [chushogi.Ranks]string{"一", "二", "三", "四", "五", "六", "七", "八", "九", "十", "十一", "十二"}

// ChuPieceLabel returns the two kanji written on a chu shogi piece ("獅子"; promoted
// pieces "飛鷲", "と金"). The gote king is 玉将 too: chu sets, unlike some shogi sets,
// do not tell the kings apart.
func ChuPieceLabel(p chushogi.Piece) string {
	k := int(p.Kind())
	if p.Promoted() {
		if k < len(chuPromotedLabels) && chuPromotedLabels[k] != "" {
			return chuPromotedLabels[k]
		}
	} else if k < len(chuLabels) && chuLabels[k] != "" {
		return chuLabels[k]
	}
	return p.String()
}

// ChuPoint is the Point of a chu shogi square: files count from sente's left (file 12
// is File 0), ranks from sente's back rank (rank l is Rank 0).
func ChuPoint(s chushogi.Square) Point {
	return Point{File: chushogi.Files - s.File(), Rank: chushogi.Ranks - 1 - s.Rank()}
}

// chuSquare is the square of a Point of the chu board.
func chuSquare(p Point) chushogi.Square {
	s, _ := chushogi.NewSquare(chushogi.Files-p.File, chushogi.Ranks-1-p.Rank)
	return s
}

// ChuShogi describes a chu shogi position for SVG: 12 x 12 squares, shogi pentagons
// pointing at the opponent (gote's turned, labels read from its side), one kanji per
// piece (ChuBoardKanji; the two of its name in the piece's title) with promoted pieces
// in red, the four dots that mark the promotion zones
// (between ranks d and e and between h and i, on the lines between files 9 and 8 and
// between 5 and 4), file numbers 12..1 along the top, and rank letters a..l with the
// kanji 一..十二 down the right. The counter-strike marker is the caller's to draw
// (ChuSVG rings it).
func ChuShogi(pos *chushogi.Position) Board {
	b := Board{
		Layout:     Squares,
		Files:      chushogi.Files,
		Ranks:      chushogi.Ranks,
		Shape:      Pentagon,
		TurnSecond: true,
		Sides: [2]SideStyle{
			{Name: "Sente ▲", Text: "#111111", Fill: "#f6e2b3", Stroke: "#5b3a1a"},
			{Name: "Gote ▽", Text: "#111111", Fill: "#f6e2b3", Stroke: "#5b3a1a"},
		},
		Dots:        []Point{{4, 4}, {8, 4}, {4, 8}, {8, 8}},
		PointName:   func(p Point) string { return chuSquare(p).String() },
		Description: pos.SFEN(),
	}
	files := make([]string, chushogi.Files)
	letters := make([]string, chushogi.Ranks)
	kanji := make([]string, chushogi.Ranks)
	for f := range files {
		files[f] = itoa(chushogi.Files - f)
	}
	for r := range letters {
		row := chushogi.Ranks - 1 - r
		letters[r] = string(rune('a' + row))
		kanji[r] = chuRanks[row]
	}
	b.Labels = []Labels{{Edge: Far, Text: files}, {Edge: Right, Text: letters}, {Edge: Right, Text: kanji, Color: "#8a6d3b"}}
	for s := chushogi.Square(0); s < chushogi.NumSquares; s++ {
		pc := pos.At(s)
		if pc == chushogi.NoPiece {
			continue
		}
		side := First
		if pc.Color() == chushogi.Gote {
			side = Second
		}
		b.Pieces = append(b.Pieces, Piece{At: ChuPoint(s), Side: side, Label: ChuBoardKanji(pc), Promoted: pc.Promoted(),
			Name: pc.Color().String() + " " + pc.Name() + " " + ChuPieceLabel(pc)})
	}
	return b
}

// ChuSVG draws a chu shogi position; a counter-strike marker is ringed.
func ChuSVG(w io.Writer, pos *chushogi.Position, opts ...Option) error {
	return SVG(w, ChuShogi(pos), append([]Option{Rings(chuMarkerRing(pos)...)}, opts...)...)
}

// chuMarkerRing rings the counter-strike marker's square (§5.2), tagged 先 (先獅子).
func chuMarkerRing(pos *chushogi.Position) []RingMark {
	if m := pos.Marker(); m.Valid() {
		return []RingMark{Ring(ChuPoint(m)).WithColor(CounterStrikeColor).WithDashes().WithLabel("先")}
	}
	return nil
}

// CounterStrikeColor rings the counter-strike marker.
const CounterStrikeColor = "#c92a2a"

// chuAdapter reads chu shogi reports: SFEN positions and USI square names.
func chuAdapter() GameAdapter {
	return GameAdapter{
		Board: func(position string) (Board, error) {
			p, err := chushogi.ParseSFEN(position)
			if err != nil {
				return Board{}, err
			}
			return ChuShogi(&p), nil
		},
		Point: func(square string) (Point, bool) {
			s, err := chushogi.ParseSquare(square)
			if err != nil {
				return Point{}, false
			}
			return ChuPoint(s), true
		},
		Marks: func(position string) []RingMark {
			p, err := chushogi.ParseSFEN(position)
			if err != nil {
				return nil
			}
			return chuMarkerRing(&p)
		},
		SideColor: func(s arbiter.Side) string {
			if s == arbiter.SideGote {
				return BlackMoveColor
			}
			return RedMoveColor
		},
	}
}
