package picture

// Option changes how SVG draws a board.
type Option func(*options)

type options struct {
	arrows      []ArrowMark
	rings       []RingMark
	perspective Side
	title       string
	caption     []CaptionLine
	width       int
	coordinates bool
}

func defaultOptions() options { return options{coordinates: true} }

// Perspective draws the board as side s sees it: its pieces at the bottom. The default
// is First.
func Perspective(s Side) Option { return func(o *options) { o.perspective = s } }

// Title writes a heading above the board and makes it the picture's <title>.
func Title(s string) Option { return func(o *options) { o.title = s } }

// Caption adds lines of text below the board, wrapped to its width.
func Caption(lines ...string) Option {
	return func(o *options) {
		for _, l := range lines {
			o.caption = append(o.caption, CaptionLine{Text: l})
		}
	}
}

// CaptionLine is a line of caption text with its own colour and weight.
type CaptionLine struct {
	Text  string
	Color string // "" is the text colour
	Bold  bool
}

// CaptionLines adds styled caption lines below the board.
func CaptionLines(lines ...CaptionLine) Option {
	return func(o *options) { o.caption = append(o.caption, lines...) }
}

// Width sets the width attribute of the picture in pixels (the height follows). The
// picture always has a viewBox, so it also scales to any size it is given.
func Width(px int) Option { return func(o *options) { o.width = px } }

// Coordinates turns the coordinate labels on or off (on by default).
func Coordinates(on bool) Option { return func(o *options) { o.coordinates = on } }

// Arrows draws arrows over the pieces, in order. Arrows along the same line that
// overlap (a move and its way back) are drawn side by side, not on top of each other.
func Arrows(a ...ArrowMark) Option { return func(o *options) { o.arrows = append(o.arrows, a...) } }

// Rings draws rings around points.
func Rings(r ...RingMark) Option { return func(o *options) { o.rings = append(o.rings, r...) } }

// ArrowMark is an arrow from one point to another.
type ArrowMark struct {
	From, To Point
	Color    string
	Label    string // drawn in a small disc on the arrow ("1")
	Title    string // what the arrow is, for the metadata ("f0e0")
}

// DefaultArrowColor is the colour of an arrow made by Arrow.
const DefaultArrowColor = "#1c7ed6"

// Arrow returns an arrow from one point to another.
func Arrow(from, to Point) ArrowMark { return ArrowMark{From: from, To: to, Color: DefaultArrowColor} }

// WithColor returns the arrow in colour c.
func (a ArrowMark) WithColor(c string) ArrowMark { a.Color = c; return a }

// WithLabel returns the arrow with a label (a move number).
func (a ArrowMark) WithLabel(s string) ArrowMark { a.Label = s; return a }

// WithTitle returns the arrow with a description for the metadata.
func (a ArrowMark) WithTitle(s string) ArrowMark { a.Title = s; return a }

// RingMark rings points: a piece chased, attacking, protecting, a king in check.
type RingMark struct {
	Points []Point
	Color  string
	Dashed bool
	Label  string // a short tag beside the ring ("捉", "根")
	Class  string // names the ring in the SVG's class attribute ("chased")
}

// DefaultRingColor is the colour of a ring made by Ring.
const DefaultRingColor = "#e8590c"

// Ring returns a ring around each of the points.
func Ring(points ...Point) RingMark {
	return RingMark{Points: points, Color: DefaultRingColor}
}

// WithColor returns the ring in colour c.
func (r RingMark) WithColor(c string) RingMark { r.Color = c; return r }

// WithLabel returns the ring with a tag beside it.
func (r RingMark) WithLabel(s string) RingMark { r.Label = s; return r }

// WithDashes returns the ring drawn dashed.
func (r RingMark) WithDashes() RingMark { r.Dashed = true; return r }

// WithClass returns the ring with a class name in the SVG (letters, digits and '-').
func (r RingMark) WithClass(c string) RingMark { r.Class = c; return r }
