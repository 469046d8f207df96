package picture

// Layout says where pieces stand: on the points where the grid lines cross (xiangqi,
// go) or inside the cells of the grid (banqi, chu shogi, chess).
type Layout uint8

// The layouts.
const (
	// Intersections puts pieces on the crossings of Files x Ranks lines.
	Intersections Layout = iota
	// Squares puts pieces inside Files x Ranks cells.
	Squares
)

// Side is one of the two players, in the order of the game: First is the side whose
// back rank is rank 0 (xiangqi Red, shogi sente), Second the other (Black, gote).
type Side uint8

// The two sides.
const (
	First Side = iota
	Second
)

// Point is a place on the board: File 0 is the first side's left, Rank 0 its back
// rank. With the Intersections layout a point is a crossing of the grid lines; with
// Squares it is a cell.
type Point struct{ File, Rank int }

// Shape is how pieces are drawn.
type Shape uint8

// The piece shapes.
const (
	// Disc is a round counter (xiangqi, banqi).
	Disc Shape = iota
	// Pentagon is a shogi piece, pointing at the opponent.
	Pentagon
)

// Piece is one piece on the board.
type Piece struct {
	At   Point
	Side Side
	// Label is the text written on the piece: one or two characters ("车", "獅子").
	// Two characters are stacked, as on shogi pieces.
	Label string
	// Name is what the piece is, in words ("red rook"), for the picture's metadata.
	Name string
	// FaceDown draws the back of the piece (banqi): a blank disc, no label.
	FaceDown bool
	// Promoted writes the label in the promoted colour (red), as shogi sets do.
	Promoted bool
}

// SideStyle is how one side's pieces look, as SVG colours.
type SideStyle struct {
	Name   string // "Red", "sente"
	Text   string // label colour
	Fill   string // piece face
	Stroke string // piece rim
}

// Edge is a side of the board as the first side sees it.
type Edge uint8

// The edges. Labels move with the board when the picture is seen from the second
// side: the first side's near edge is then at the top.
const (
	Near  Edge = iota // the first side's edge (bottom from the first side)
	Far               // the second side's edge
	Left              // the first side's left
	Right             // the first side's right
)

// Labels is a row of coordinate labels along one edge: one text per file (Near, Far)
// or per rank (Left, Right), in file or rank order. Rows on the same edge are drawn
// outwards in the order given.
type Labels struct {
	Edge  Edge
	Text  []string
	Color string // "" is the default label colour
}

// River is a gap across the board between rank Below and rank Below+1 (xiangqi): the
// inner file lines stop at its banks and its two texts are written in it.
type River struct {
	Below       int
	Left, Right string // "楚河", "汉界", written on the first side's left and right halves
}

// Board is the game-neutral description of a position that SVG draws. A game adds
// its board by filling one (see the package documentation).
type Board struct {
	Layout       Layout
	Files, Ranks int
	// Shape is how pieces are drawn; TurnSecond writes the second side's labels upside
	// down (shogi), instead of upright (xiangqi).
	Shape      Shape
	TurnSecond bool
	Sides      [2]SideStyle
	// Background and Lines colour the board; "" takes the defaults.
	Background, Lines string
	// Diagonals are extra lines between points (the xiangqi palaces).
	Diagonals [][2]Point
	// River, if set, cuts the board in two halves.
	River *River
	// Brackets are the small corner marks around points (xiangqi's cannon and pawn
	// points). Dots are small dots on grid crossings; with the Squares layout the
	// crossing (f, r) is the first side's lower-left corner of cell (f, r), so File
	// runs 0..Files and Rank 0..Ranks (chu shogi's promotion-zone dots).
	Brackets, Dots []Point
	// Labels are the coordinates around the board.
	Labels []Labels
	// Pieces are the pieces on the board.
	Pieces []Piece
	// PointName names a point for metadata and captions ("e0"); nil writes "file,rank".
	PointName func(Point) string
	// Description is machine-readable text put in the picture's <desc> (a FEN).
	Description string
}

func (b *Board) pointName(p Point) string {
	if b.PointName != nil {
		return b.PointName(p)
	}
	return itoa(p.File) + "," + itoa(p.Rank)
}

// contains reports whether p is a point (or cell) of the board.
func (b *Board) contains(p Point) bool {
	return p.File >= 0 && p.File < b.Files && p.Rank >= 0 && p.Rank < b.Ranks
}
