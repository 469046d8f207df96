package picture

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"strings"
)

// Geometry of the drawing, in viewBox units: one step between points (or one cell) is
// unit wide; everything else is sized from it so the picture reads the same at any
// scale.
const (
	unit        = 100.0
	margin      = 24.0
	labelRow    = 40.0 // height of a row of file labels
	labelGap    = 8.0  // between the board and its labels
	labelSize   = 30.0
	titleSize   = 36.0
	captionSize = 30.0
	captionLead = 41.0
	discRadius  = 44.0
	ringWidth   = 7.0
	arrowWidth  = 11.0
	laneGap     = 30.0 // distance between arrows drawn side by side
)

// Default colours.
const (
	defaultBackground = "#eed3a1"
	defaultLines      = "#5b3a1a"
	defaultText       = "#222222"
	promotedText      = "#d00000"
	faceDownFill      = "#7a5230"
	defaultLabel      = "#555555"
)

// SVG writes the board as an SVG document to w, with the options applied. The
// picture has a viewBox, so it scales to any size; text is real text (searchable,
// selectable) in CJK-capable fonts with fallbacks.
func SVG(w io.Writer, b Board, opts ...Option) error {
	if b.Files <= 0 || b.Ranks <= 0 || b.Files > 64 || b.Ranks > 64 {
		return fmt.Errorf("picture: board of %d x %d", b.Files, b.Ranks)
	}
	o := defaultOptions()
	for _, opt := range opts {
		opt(&o)
	}
	l := newLayout(&b, &o)
	bw := bufio.NewWriter(w)
	d := &drawer{w: bw, b: &b, o: &o, l: l}
	d.document()
	return bw.Flush()
}

// layout places the board, its labels, the title and the caption.
type layout struct {
	b       *Board
	flip    bool
	gx, gy  float64 // the first point's column / the top row, on screen
	pad     float64 // board background beyond the outer points or cells
	bx, by  float64 // board background top-left
	bw, bh  float64 // board background size
	width   float64
	height  float64
	titleY  float64
	caption []captionRow
	rows    map[Edge][]Labels // label rows by screen edge
	rowSize map[Edge][]float64
	// ts scales the text (coordinates, title, caption, tags): 1 up to 9 files; a wider
	// board (chu shogi's 12) is shown smaller at a given width, so its text grows with
	// it and reads as large as xiangqi's when the picture is shown 400 px wide.
	ts float64
}

// textScale is the layout's text scale for a board of that many files: 1 up to 9, then
// files/8 (1.5 for chu shogi's 12).
func textScale(files int) float64 {
	if files <= 9 {
		return 1
	}
	return float64(files) / 8
}

type captionRow struct {
	y    float64
	text string
	line CaptionLine
}

// screenEdge maps an edge of the first side's view to the screen.
func (l *layout) screenEdge(e Edge) Edge {
	if !l.flip {
		return e
	}
	switch e {
	case Near:
		return Far
	case Far:
		return Near
	case Left:
		return Right
	}
	return Left
}

func newLayout(b *Board, o *options) *layout {
	l := &layout{b: b, flip: o.perspective == Second, rows: map[Edge][]Labels{}, rowSize: map[Edge][]float64{}, ts: textScale(b.Files)}
	if o.coordinates {
		for _, lb := range b.Labels {
			e := l.screenEdge(lb.Edge)
			l.rows[e] = append(l.rows[e], lb)
			size := labelRow * l.ts
			if e == Left || e == Right {
				w := 0.0
				for _, t := range lb.Text {
					w = math.Max(w, textWidth(t, labelSize*l.ts))
				}
				size = w + 14
			}
			l.rowSize[e] = append(l.rowSize[e], size)
		}
	}
	sum := func(e Edge) float64 {
		s := 0.0
		if len(l.rowSize[e]) > 0 {
			s = labelGap
		}
		for _, v := range l.rowSize[e] {
			s += v
		}
		return s
	}
	var inner float64 // grid size beyond the points
	if b.Layout == Intersections {
		l.pad = unit * 0.56
		l.bw, l.bh = float64(b.Files-1)*unit+2*l.pad, float64(b.Ranks-1)*unit+2*l.pad
	} else {
		l.pad = unit * 0.12
		inner = unit / 2
		l.bw, l.bh = float64(b.Files)*unit+2*l.pad, float64(b.Ranks)*unit+2*l.pad
	}
	y := margin
	if o.title != "" {
		l.titleY = y + titleSize*l.ts
		y += titleSize*l.ts + 18
	}
	y += sum(Far)
	l.bx = margin + sum(Left)
	l.by = y
	l.gx = l.bx + l.pad + inner
	l.gy = l.by + l.pad + inner
	l.width = l.bx + l.bw + sum(Right) + margin
	y = l.by + l.bh + sum(Near) + 8
	if len(o.caption) > 0 {
		y += 12
		for _, c := range o.caption {
			fs := captionSize * l.ts
			for _, t := range wrap(c.Text, fs, l.width-2*margin) {
				y += captionLead * l.ts
				l.caption = append(l.caption, captionRow{y: y - 10, text: t, line: c})
			}
		}
	}
	l.height = y + margin
	return l
}

// xy is the centre of a point or cell on screen.
func (l *layout) xy(p Point) (float64, float64) {
	f, r := p.File, p.Rank
	if l.flip {
		f, r = l.b.Files-1-f, l.b.Ranks-1-r
	}
	return l.gx + float64(f)*unit, l.gy + float64(l.b.Ranks-1-r)*unit
}

// crossing is a grid-line crossing on screen (for Dots): the point itself with the
// Intersections layout, the first side's lower-left corner of the cell with Squares.
func (l *layout) crossing(p Point) (float64, float64) {
	if l.b.Layout == Intersections {
		return l.xy(p)
	}
	f, r := p.File, p.Rank
	if l.flip {
		f, r = l.b.Files-f, l.b.Ranks-r
	}
	x0, y0 := l.gx-unit/2, l.gy-unit/2
	return x0 + float64(f)*unit, y0 + float64(l.b.Ranks-r)*unit
}

// writer is where the drawer writes: the output, or a buffer for a layer drawn later.
type writer interface {
	io.Writer
	io.StringWriter
}

type drawer struct {
	tags   string       // ring tags, drawn above the arrows
	avoid  [][3]float64 // arrow labels (x, y, radius) that ring tags keep clear of
	placed [][3]float64 // ring tags placed so far (x, y, width)
	w      writer
	b      *Board
	o      *options
	l      *layout
}

func (d *drawer) printf(format string, args ...any) { fmt.Fprintf(d.w, format, args...) }

func (d *drawer) document() {
	l, o, b := d.l, d.o, d.b
	width, height := l.width, l.height
	if o.width > 0 {
		width, height = float64(o.width), math.Round(l.height*float64(o.width)/l.width)
	}
	d.printf(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %s %s" width="%s" height="%s" font-family="%s">`+"\n",
		num(l.width), num(l.height), num(width), num(height), esc(textFonts))
	if o.title != "" {
		d.printf("<title>%s</title>\n", esc(o.title))
	}
	if b.Description != "" {
		d.printf("<desc>%s</desc>\n", esc(b.Description))
	}
	d.printf("<style>.pc text{font-family:%s;text-anchor:middle}.lb{font-size:%spx;text-anchor:middle}.cap{font-size:%spx}.tag text,.arrow text{font-weight:bold;text-anchor:middle}</style>\n",
		pieceFonts, num(labelSize*l.ts), num(captionSize*l.ts))
	d.printf(`<rect width="100%%" height="100%%" fill="#ffffff"/>` + "\n")
	if o.title != "" {
		d.printf(`<text x="%s" y="%s" font-size="%s" font-weight="bold" text-anchor="middle" fill="%s">%s</text>`+"\n",
			num(l.width/2), num(l.titleY), num(titleSize*l.ts), defaultText, esc(o.title))
	}
	d.grid()
	d.labels()
	d.pieces()
	// Arrows go above the rings, but are placed first so ring tags avoid their labels.
	var arrows strings.Builder
	out := d.w
	d.w = &arrows
	d.arrows()
	d.w = out
	d.rings()
	d.w.WriteString(arrows.String())
	d.w.WriteString(d.tags)
	d.caption()
	d.printf("</svg>\n")
}

func (d *drawer) line(x1, y1, x2, y2 float64) {
	d.printf(`<line x1="%s" y1="%s" x2="%s" y2="%s"/>`+"\n", num(x1), num(y1), num(x2), num(y2))
}

// grid draws the board: background, lines, river, diagonals, brackets and dots.
func (d *drawer) grid() {
	l, b := d.l, d.b
	bg, lines := b.Background, b.Lines
	if bg == "" {
		bg = defaultBackground
	}
	if lines == "" {
		lines = defaultLines
	}
	d.printf(`<g class="board"><rect x="%s" y="%s" width="%s" height="%s" rx="10" fill="%s" stroke="%s" stroke-width="3"/>`+"\n",
		num(l.bx), num(l.by), num(l.bw), num(l.bh), bg, lines)
	d.printf(`<g stroke="%s" stroke-width="2.5" stroke-linecap="square">`+"\n", lines)
	// Grid lines run between the outer points (Intersections) or cell edges (Squares).
	x0, y0 := l.gx, l.gy
	cols, rows := b.Files-1, b.Ranks-1
	if b.Layout == Squares {
		x0, y0 = l.gx-unit/2, l.gy-unit/2
		cols, rows = b.Files, b.Ranks
	}
	x1, y1 := x0+float64(cols)*unit, y0+float64(rows)*unit
	for r := 0; r <= rows; r++ {
		y := y0 + float64(r)*unit
		d.line(x0, y, x1, y)
	}
	riverTop, riverBottom := 0.0, 0.0
	if b.River != nil && b.Layout == Intersections {
		_, ya := l.xy(Point{0, b.River.Below})
		_, yb := l.xy(Point{0, b.River.Below + 1})
		riverTop, riverBottom = math.Min(ya, yb), math.Max(ya, yb)
	}
	for c := 0; c <= cols; c++ {
		x := x0 + float64(c)*unit
		if riverTop != riverBottom && c > 0 && c < cols {
			d.line(x, y0, x, riverTop)
			d.line(x, riverBottom, x, y1)
			continue
		}
		d.line(x, y0, x, y1)
	}
	for _, dg := range b.Diagonals {
		ax, ay := l.xy(dg[0])
		bx, by := l.xy(dg[1])
		d.line(ax, ay, bx, by)
	}
	// An outer frame a little outside the grid, as printed boards have.
	if b.Layout == Intersections {
		d.printf(`<rect x="%s" y="%s" width="%s" height="%s" fill="none" stroke-width="5"/>`+"\n",
			num(x0-10), num(y0-10), num(x1-x0+20), num(y1-y0+20))
	} else {
		d.printf(`<rect x="%s" y="%s" width="%s" height="%s" fill="none" stroke-width="4.5"/>`+"\n",
			num(x0), num(y0), num(x1-x0), num(y1-y0))
	}
	for _, p := range b.Brackets {
		d.bracket(p)
	}
	d.printf("</g>\n")
	for _, p := range b.Dots {
		x, y := l.crossing(p)
		d.printf(`<circle cx="%s" cy="%s" r="7" fill="%s"/>`+"\n", num(x), num(y), lines)
	}
	if riverTop != riverBottom {
		my := (riverTop + riverBottom) / 2
		fs := unit * 0.46
		left, right := b.River.Left, b.River.Right
		qx := float64(cols) * unit / 4
		d.printf(`<g font-size="%s" fill="%s" text-anchor="middle" letter-spacing="%s" style="font-family:%s">`,
			num(fs), lines, num(fs*0.6), pieceFonts)
		d.printf(`<text x="%s" y="%s">%s</text><text x="%s" y="%s">%s</text></g>`+"\n",
			num(x0+qx), num(my+fs*0.36), esc(left), num(x1-qx), num(my+fs*0.36), esc(right))
	}
	d.printf("</g>\n")
}

// bracket draws the corner marks around a point, leaving out the corners beyond the
// board's edge.
func (d *drawer) bracket(p Point) {
	x, y := d.l.xy(p)
	const gap, arm = 9.0, 20.0
	for _, sx := range []float64{-1, 1} {
		f := p.File + int(sx)
		if d.l.flip {
			f = p.File - int(sx)
		}
		if f < 0 || f >= d.b.Files {
			continue
		}
		for _, sy := range []float64{-1, 1} {
			cx, cy := x+sx*gap, y+sy*gap
			d.printf(`<polyline fill="none" stroke-width="2.5" points="%s,%s %s,%s %s,%s"/>`+"\n",
				num(cx+sx*arm), num(cy), num(cx), num(cy), num(cx), num(cy+sy*arm))
		}
	}
}

// labels writes the coordinate rows around the board.
func (d *drawer) labels() {
	l, b := d.l, d.b
	if len(l.rows) == 0 {
		return
	}
	d.printf(`<g class="coords">` + "\n")
	for _, e := range []Edge{Near, Far, Left, Right} {
		offset := labelGap
		for i, lb := range l.rows[e] {
			size := l.rowSize[e][i]
			fill := lb.Color
			if fill == "" {
				fill = defaultLabel
			}
			d.printf(`<g class="lb" fill="%s">`, esc(fill))
			for k, t := range lb.Text {
				if t == "" {
					continue
				}
				var x, y float64
				switch e {
				case Near, Far:
					if k >= b.Files {
						continue
					}
					x, _ = l.xy(Point{k, 0})
					if e == Near {
						y = l.by + l.bh + offset + size*0.5 + labelSize*l.ts*0.36
					} else {
						y = l.by - offset - size*0.5 + labelSize*l.ts*0.36
					}
				case Left, Right:
					if k >= b.Ranks {
						continue
					}
					_, y = l.xy(Point{0, k})
					y += labelSize * l.ts * 0.36
					if e == Left {
						x = l.bx - offset - size/2
					} else {
						x = l.bx + l.bw + offset + size/2
					}
				}
				d.printf(`<text x="%s" y="%s">%s</text>`, num(x), num(y), esc(t))
			}
			d.printf("</g>\n")
			offset += size
		}
	}
	d.printf("</g>\n")
}

func (d *drawer) sideStyle(s Side) SideStyle {
	st := d.b.Sides[s&1]
	if st.Text == "" {
		st.Text = defaultText
	}
	if st.Fill == "" {
		st.Fill = "#fbf3df"
	}
	if st.Stroke == "" {
		st.Stroke = st.Text
	}
	return st
}

// pieces draws every piece on the board.
func (d *drawer) pieces() {
	l, b := d.l, d.b
	d.printf(`<g class="pieces">` + "\n")
	r := discRadius
	if b.Layout == Squares {
		r = unit * 0.42
	}
	for _, p := range b.Pieces {
		if !b.contains(p.At) {
			continue
		}
		x, y := l.xy(p.At)
		st := d.sideStyle(p.Side)
		name := p.Name
		if p.FaceDown {
			name = "face-down piece"
		}
		cls := "pc side" + itoa(int(p.Side))
		if p.FaceDown {
			cls += " down"
		}
		d.printf(`<g class="%s" data-at="%s"><title>%s %s</title>`, cls, esc(b.pointName(p.At)), esc(name), esc(b.pointName(p.At)))
		// The piece points at (and its label is read from) its owner's side.
		up := (p.Side == First) != l.flip
		switch {
		case p.FaceDown:
			d.printf(`<circle cx="%s" cy="%s" r="%s" fill="%s" stroke="#3e2a17" stroke-width="4"/>`, num(x), num(y), num(r), faceDownFill)
			d.printf(`<circle cx="%s" cy="%s" r="%s" fill="none" stroke="#c9a37a" stroke-width="2" stroke-dasharray="6 5"/>`, num(x), num(y), num(r*0.7))
		case b.Shape == Pentagon:
			d.pentagon(x, y, r, up, st)
		default:
			d.printf(`<circle cx="%s" cy="%s" r="%s" fill="%s" stroke="%s" stroke-width="4"/>`, num(x), num(y), num(r), st.Fill, st.Stroke)
			d.printf(`<circle cx="%s" cy="%s" r="%s" fill="none" stroke="%s" stroke-width="1.8"/>`, num(x), num(y), num(r*0.84), st.Stroke)
		}
		if !p.FaceDown && p.Label != "" {
			color := st.Text
			if p.Promoted {
				color = promotedText
			}
			rot := ""
			if b.TurnSecond && !up {
				rot = fmt.Sprintf(` transform="rotate(180 %s %s)"`, num(x), num(y))
			}
			d.label(x, y, r, p.Label, color, rot)
		}
		d.printf("</g>\n")
	}
	d.printf("</g>\n")
}

// label writes a piece's one or two characters centred on (x, y): two are stacked.
func (d *drawer) label(x, y, r float64, s, color, rot string) {
	runes := []rune(s)
	switch {
	case len(runes) == 2 && wide(runes[0]):
		fs := r * 0.74
		d.printf(`<text font-size="%s" fill="%s"%s><tspan x="%s" y="%s">%s</tspan><tspan x="%s" y="%s">%s</tspan></text>`,
			num(fs), color, rot, num(x), num(y-fs*0.1), esc(string(runes[0])), num(x), num(y+fs*0.9), esc(string(runes[1])))
	default:
		fs := r * 1.2
		if w := textWidth(s, fs); w > r*1.6 {
			fs *= r * 1.6 / w
		}
		d.printf(`<text x="%s" y="%s" font-size="%s" fill="%s"%s>%s</text>`, num(x), num(y+fs*0.36), num(fs), color, rot, esc(s))
	}
}

// pentagon draws a shogi piece pointing up (or down) the screen.
func (d *drawer) pentagon(x, y, r float64, up bool, st SideStyle) {
	s := 1.0
	if !up {
		s = -1
	}
	pts := [][2]float64{{0, -1}, {0.72, -0.66}, {0.86, 0.96}, {-0.86, 0.96}, {-0.72, -0.66}}
	var b strings.Builder
	for i, p := range pts {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(num(x + p[0]*r*s))
		b.WriteByte(',')
		b.WriteString(num(y + p[1]*r*s))
	}
	d.printf(`<polygon points="%s" fill="%s" stroke="%s" stroke-width="3" stroke-linejoin="round"/>`, b.String(), st.Fill, st.Stroke)
}

// rings draws the rings, bigger for each further ring on the same point, and their
// tags at the point's corners.
func (d *drawer) rings() {
	if len(d.o.rings) == 0 {
		return
	}
	l := d.l
	count := map[Point]int{}
	tags := map[Point]map[int]bool{}
	d.printf(`<g class="rings" fill="none">` + "\n")
	var tagOut strings.Builder
	for _, rg := range d.o.rings {
		cls := "ring"
		if c := className(rg.Class); c != "" {
			cls += " " + c
		}
		dash := ""
		if rg.Dashed {
			dash = ` stroke-dasharray="13 8"`
		}
		color := rg.Color
		if color == "" {
			color = DefaultRingColor
		}
		for _, p := range rg.Points {
			if !d.b.contains(p) {
				continue
			}
			x, y := l.xy(p)
			k := count[p]
			count[p]++
			r := discRadius + 8 + float64(k)*(ringWidth+3)
			d.printf(`<circle class="%s" data-at="%s" cx="%s" cy="%s" r="%s" stroke="%s" stroke-width="%s"%s/>`+"\n",
				cls, esc(d.b.pointName(p)), num(x), num(y), num(r), esc(color), num(ringWidth), dash)
			if rg.Label != "" {
				fs := 25.0 * l.ts
				w := textWidth(rg.Label, fs) + 12
				tx, ty := d.tagPlace(tags, p, x, y, w)
				fmt.Fprintf(&tagOut, `<g class="tag"><rect x="%s" y="%s" width="%s" height="%s" rx="7" fill="%s" stroke="#ffffff" stroke-width="2"/><text x="%s" y="%s" font-size="%s" fill="#ffffff">%s</text></g>`+"\n",
					num(tx-w/2), num(ty-fs*0.66), num(w), num(fs*1.32), esc(color), num(tx), num(ty+fs*0.36), num(fs), esc(rg.Label))
			}
		}
	}
	d.printf("</g>\n")
	d.tags = tagOut.String()
}

// tagPlace picks where a ring tag of width w goes around the point at (x, y): the
// first of the spots around it (corners first) that no other tag or arrow label
// covers, else the one they cover least.
func (d *drawer) tagPlace(used map[Point]map[int]bool, p Point, x, y, w float64) (float64, float64) {
	const h = 34.0
	spots := [...][2]float64{{1, -1}, {-1, -1}, {1, 1}, {-1, 1}, {0, -1.25}, {0, 1.25}, {1.6, -1}, {-1.6, -1}, {1.6, 1}, {-1.6, 1}, {1.5, 0}, {-1.5, 0}}
	if used[p] == nil {
		used[p] = map[int]bool{}
	}
	at := func(i int) (float64, float64) {
		return x + spots[i][0]*discRadius*0.92, y + spots[i][1]*discRadius*0.92
	}
	overlap := func(ax, ay, aw, ah, bx, by, bw, bh float64) float64 {
		ox := math.Min(ax+aw/2, bx+bw/2) - math.Max(ax-aw/2, bx-bw/2)
		oy := math.Min(ay+ah/2, by+bh/2) - math.Max(ay-ah/2, by-bh/2)
		if ox <= 0 || oy <= 0 {
			return 0
		}
		return ox * oy
	}
	cover := func(tx, ty float64) float64 {
		c := 0.0
		for _, a := range d.avoid {
			c += overlap(tx, ty, w+4, h+4, a[0], a[1], 2*a[2], 2*a[2])
		}
		for _, r := range d.placed {
			c += overlap(tx, ty, w+4, h+4, r[0], r[1], r[2], h)
		}
		return c
	}
	pick, best := -1, math.Inf(1)
	for i := range spots {
		if used[p][i] {
			continue
		}
		tx, ty := at(i)
		if c := cover(tx, ty); c < best {
			pick, best = i, c
			if c == 0 {
				break
			}
		}
	}
	if pick < 0 {
		pick = 0
	}
	used[p][pick] = true
	tx, ty := at(pick)
	d.placed = append(d.placed, [3]float64{tx, ty, w})
	return tx, ty
}

// collinearOverlap reports whether two arrows lie on one line and share more than a
// point of it.
func collinearOverlap(a, b ArrowMark) bool {
	dx, dy := a.To.File-a.From.File, a.To.Rank-a.From.Rank
	cross := func(p Point) int { return dx*(p.Rank-a.From.Rank) - dy*(p.File-a.From.File) }
	if dx == 0 && dy == 0 || cross(b.From) != 0 || cross(b.To) != 0 {
		return false
	}
	proj := func(p Point) int { return dx*(p.File-a.From.File) + dy*(p.Rank-a.From.Rank) }
	a0, a1 := 0, proj(a.To)
	b0, b1 := proj(b.From), proj(b.To)
	if b0 > b1 {
		b0, b1 = b1, b0
	}
	return min(a1, b1) > max(a0, b0)
}

// lanes spreads overlapping collinear arrows side by side: each arrow takes the lowest
// lane free among the arrows it overlaps, and each group of overlapping arrows is
// centred on its line.
func lanes(arrows []ArrowMark) []float64 {
	n := len(arrows)
	lane := make([]int, n)
	group := make([]int, n)
	for i := range arrows {
		group[i] = i
		used := map[int]bool{}
		for j := 0; j < i; j++ {
			if collinearOverlap(arrows[i], arrows[j]) {
				used[lane[j]] = true
				g := group[j]
				for k := 0; k < i; k++ {
					if group[k] == g {
						group[k] = group[i]
					}
				}
			}
		}
		for used[lane[i]] {
			lane[i]++
		}
	}
	top := map[int]int{}
	for i := range arrows {
		top[group[i]] = max(top[group[i]], lane[i])
	}
	off := make([]float64, n)
	for i := range arrows {
		off[i] = (float64(lane[i]) - float64(top[group[i]])/2) * laneGap
	}
	return off
}

// arrows draws the arrows above the pieces, with their labels on top of every arrow.
func (d *drawer) arrows() {
	if len(d.o.arrows) == 0 {
		return
	}
	l := d.l
	off := lanes(d.o.arrows)
	d.printf(`<g class="arrows">` + "\n")
	var labels strings.Builder
	for i, a := range d.o.arrows {
		if !d.b.contains(a.From) || !d.b.contains(a.To) || a.From == a.To {
			continue
		}
		x1, y1 := l.xy(a.From)
		x2, y2 := l.xy(a.To)
		dx, dy := x2-x1, y2-y1
		length := math.Hypot(dx, dy)
		ux, uy := dx/length, dy/length
		// The side a lane shifts to is fixed by the line, not by the arrow's direction,
		// so a move and its way back fall on opposite sides.
		px, py := -uy, ux
		if dx < -1e-9 || (math.Abs(dx) < 1e-9 && dy < 0) {
			px, py = uy, -ux
		}
		x1, y1 = x1+px*off[i], y1+py*off[i]
		x2, y2 = x2+px*off[i], y2+py*off[i]
		const start, tip, head, half = 6.0, 12.0, 30.0, 17.0
		sx, sy := x1+ux*start, y1+uy*start
		tx, ty := x2-ux*tip, y2-uy*tip
		bx, by := tx-ux*head, ty-uy*head
		color := a.Color
		if color == "" {
			color = DefaultArrowColor
		}
		title := ""
		if a.Title != "" {
			title = "<title>" + esc(a.Title) + "</title>"
		}
		d.printf(`<g class="arrow" data-from="%s" data-to="%s" opacity="0.85">%s<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="%s" stroke-linecap="round"/>`,
			esc(d.b.pointName(a.From)), esc(d.b.pointName(a.To)), title, num(sx), num(sy), num(bx+ux*2), num(by+uy*2), esc(color), num(arrowWidth))
		d.printf(`<polygon points="%s,%s %s,%s %s,%s" fill="%s" stroke="#ffffff" stroke-width="1.5" stroke-linejoin="round"/></g>`+"\n",
			num(tx), num(ty), num(bx+px*half), num(by+py*half), num(bx-px*half), num(by-py*half), esc(color))
		if a.Label != "" {
			fs := 26.0 * d.l.ts
			r := math.Max(18, textWidth(a.Label, fs)/2+7)
			shaft := math.Hypot(bx-sx, by-sy)
			var lx, ly float64
			if shaft >= 2*r+24 {
				// On the shaft, nearer the start, so a move's and its way back's labels
				// do not meet in the middle.
				at := math.Min(0.42, 0.5-(r+4)/shaft)
				lx, ly = sx+(bx-sx)*at, sy+(by-sy)*at
			} else {
				// A short arrow keeps its shaft visible: the label stands beside its
				// middle, on the side its lane is shifted to.
				side := 1.0
				if off[i] < 0 {
					side = -1
				}
				mx, my := (sx+tx)/2, (sy+ty)/2
				lx, ly = mx+side*px*(arrowWidth/2+r+3), my+side*py*(arrowWidth/2+r+3)
			}
			d.avoid = append(d.avoid, [3]float64{lx, ly, r})
			fmt.Fprintf(&labels, `<g class="arrow-label"><circle cx="%s" cy="%s" r="%s" fill="#ffffff" stroke="%s" stroke-width="4"/><text x="%s" y="%s" font-size="%s" font-weight="bold" text-anchor="middle" fill="%s">%s</text></g>`+"\n",
				num(lx), num(ly), num(r), esc(color), num(lx), num(ly+fs*0.36), num(fs), esc(color), esc(a.Label))
		}
	}
	d.printf("</g>\n")
	d.w.WriteString(labels.String())
}

func (d *drawer) caption() {
	if len(d.l.caption) == 0 {
		return
	}
	d.printf(`<g class="cap" fill="%s">`+"\n", defaultText)
	for _, c := range d.l.caption {
		attrs := ""
		if c.line.Color != "" {
			attrs += ` fill="` + esc(c.line.Color) + `"`
		}
		if c.line.Bold {
			attrs += ` font-weight="bold"`
		}
		d.printf(`<text x="%s" y="%s"%s>%s</text>`+"\n", num(margin), num(c.y), attrs, esc(c.text))
	}
	d.printf("</g>\n")
}
