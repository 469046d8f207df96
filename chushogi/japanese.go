package chushogi

import (
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"
)

// ParseJapaneseSquare reads a square as Japanese records write it (§2.2): an optional
// side mark (▲ △ ▽ ☗ ☖), the file in Arabic digits (ASCII or full-width) and the rank
// as a kanji numeral 一 .. 十二. Example: ▲3三 is 3c, ▽１２一 is 12a.
func ParseJapaneseSquare(text string) (Square, error) {
	s := text
	for _, mark := range []string{"▲", "△", "▽", "☗", "☖"} {
		s = strings.TrimPrefix(s, mark)
	}
	file, n := 0, 0
	for len(s) > 0 {
		r, size := utf8.DecodeRuneInString(s)
		switch {
		case r >= '0' && r <= '9':
			file = file*10 + int(r-'0')
		case r >= '０' && r <= '９':
			file = file*10 + int(r-'０')
		default:
			goto rank
		}
		n++
		s = s[size:]
	}
rank:
	if n == 0 || n > 2 || file < 1 || file > Files {
		return NoSquare, fmt.Errorf("japanese square %q: the file must be 1-12", text)
	}
	ranks := []string{"一", "二", "三", "四", "五", "六", "七", "八", "九", "十", "十一", "十二"}
	for r := len(ranks) - 1; r >= 0; r-- {
		if s == ranks[r] {
			sq, _ := NewSquare(file, r)
			return sq, nil
		}
	}
	return NoSquare, fmt.Errorf("japanese square %q: the rank must be a kanji numeral 一 to 十二", text)
}

// Japanese move notation as lishogi writes chu shogi moves (docs/rules/chu-shogi.md
// §2.6): the destination square (file in full-width digits, rank in kanji) or 同 when
// it is the previous move's, the piece in one kanji (two or three for a few promoted
// pieces), a word that tells apart two pieces of that name reaching the square (右 左 上
// 引 寄 直 跳 中), and 成 (promotes) or 不成 (could promote, does not). A lion-power
// piece's two-step move is written first-step・destination then the piece (５五・４四獅),
// an igui as the square it captures on and 居喰い (５五居喰い), a pass as じっと.

// moveKanji names each piece kind in moves, unpromoted and promoted, as lishogi does:
// a promoted piece that moves like another kind shares its name (a promoted rook is 龍,
// a tokin 金), except the promoted leopard (小角) and gold (金飛車).
var moveKanji = [numKinds][2]string{
	King:           {"玉", ""},
	Lion:           {"獅", ""},
	FreeKing:       {"奔", ""},
	DragonKing:     {"龍", "鷲"},
	DragonHorse:    {"馬", "鷹"},
	Rook:           {"飛", "龍"},
	Bishop:         {"角", "馬"},
	VerticalMover:  {"竪", "牛"},
	SideMover:      {"横", "猪"},
	ReverseChariot: {"反", "鯨"},
	Lance:          {"香", "駒"},
	Kirin:          {"麒", "獅"},
	Phoenix:        {"鳳", "奔"},
	DrunkElephant:  {"象", "太"},
	BlindTiger:     {"虎", "鹿"},
	Leopard:        {"豹", "小角"},
	Gold:           {"金", "金飛車"},
	Silver:         {"銀", "竪"},
	Copper:         {"銅", "横"},
	Pawn:           {"歩", "金"},
	GoBetween:      {"仲", "象"},
}

// Kanji returns the piece's name in Japanese moves: "獅", "龍", "小角".
func (p Piece) Kanji() string {
	k := p.Kind()
	if k == 0 || k >= numKinds {
		return "?"
	}
	if p.Promoted() {
		return moveKanji[k][1]
	}
	return moveKanji[k][0]
}

// kanjiAliases are the other names a record may use for a piece: the full names of the
// piece table and the spellings of the board (成香 style).
var kanjiAliases = map[string]string{
	"玉将": "玉", "王将": "玉", "王": "玉", "獅子": "獅", "師": "獅", "奔王": "奔", "龍王": "龍", "竜王": "龍", "竜": "龍",
	"龍馬": "馬", "竜馬": "馬", "飛車": "飛", "角行": "角", "竪行": "竪", "横行": "横", "反車": "反", "香車": "香",
	"麒麟": "麒", "鳳凰": "鳳", "醉象": "象", "酔象": "象", "盲虎": "虎", "猛豹": "豹", "金将": "金", "銀将": "銀",
	"銅将": "銅", "歩兵": "歩", "仲人": "仲", "飛鷲": "鷲", "角鷹": "鷹", "飛牛": "牛", "奔猪": "猪", "鯨鯢": "鯨",
	"白駒": "駒", "太子": "太", "飛鹿": "鹿", "成角": "小角", "成豹": "小角", "金飛": "金飛車", "成金": "金飛車",
	"と": "金", "と金": "金", "成歩": "金", "成飛": "龍", "成馬": "鷹", "成龍": "鷲", "成竜": "鷲", "成獅": "獅",
	"成麒": "獅", "成奔": "奔", "成鳳": "奔", "成竪": "竪", "成銀": "竪", "成横": "横", "成銅": "横", "成象": "象",
	"成仲": "象",
}

// JapaneseSquare writes a square as Japanese records do: "７六", "１２一".
func JapaneseSquare(s Square) string {
	var b strings.Builder
	for _, r := range fmt.Sprint(s.File()) {
		b.WriteRune(r - '0' + '０')
	}
	b.WriteString(kanjiRanks[s.Rank()])
	return b.String()
}

var kanjiRanks = [Ranks]string{"一", "二", "三", "四", "五", "六", "七", "八", "九", "十", "十一", "十二"}

// JapaneseMove writes the legal move m in p in Japanese notation as lishogi does: last
// is the previous move's destination (NoSquare at the start), written 同　when m goes
// there. m is written in its canonical form (Canonical).
func (p *Position) JapaneseMove(m Move, last Square, o *Options) string {
	m = m.Canonical(p)
	pc := p.At(m.From)
	if pc == NoPiece {
		return m.String()
	}
	name := pc.Kanji()
	if m.IsTwoStep() {
		if m.To == m.From {
			if p.At(m.Mid) != NoPiece {
				if p.iguiers(m.Mid, o) > 1 {
					// Two pieces can capture there without moving: the name tells
					// which (５五獅居喰い).
					return JapaneseSquare(m.Mid) + name + "居喰い"
				}
				return JapaneseSquare(m.Mid) + "居喰い"
			}
			if p.passers(o) > 1 {
				// lishogi writes every pass じっと; with two pieces able to pass, the
				// passing piece's square and name tell which.
				return JapaneseSquare(m.From) + name + "じっと"
			}
			return "じっと"
		}
		return JapaneseSquare(m.Mid) + "・" + JapaneseSquare(m.To) + name + p.japaneseDisambiguation(m, o)
	}
	dest := JapaneseSquare(m.To)
	if m.To == last {
		dest = "同　"
	}
	promo := ""
	if m.Promote {
		promo = "成"
	} else if pc.CanPromote() && p.IsLegal(SingleMove(m.From, m.To, true), o) {
		promo = "不成"
	}
	return dest + name + p.japaneseDisambiguation(m, o) + promo
}

// passers counts the pieces of the side to move that can pass (jitto).
func (p *Position) passers(o *Options) int {
	from := map[Square]bool{}
	for _, l := range p.LegalMoves(o) {
		if l.IsTwoStep() && l.To == l.From && p.At(l.Mid) == NoPiece {
			from[l.From] = true
		}
	}
	return len(from)
}

// iguiers counts the pieces of the side to move that can capture on mid without moving.
func (p *Position) iguiers(mid Square, o *Options) int {
	from := map[Square]bool{}
	for _, l := range p.LegalMoves(o) {
		if l.IsTwoStep() && l.To == l.From && l.Mid == mid {
			from[l.From] = true
		}
	}
	return len(from)
}

// aiming returns the squares of the other pieces of the mover's side and name that have
// a legal move to m.To (a single move, or a two-step move for a lion-power piece).
func (p *Position) aiming(m Move, o *Options) []Square {
	pc := p.At(m.From)
	var out []Square
	for s := Square(0); s < NumSquares; s++ {
		q := p.At(s)
		if s == m.From || q == NoPiece || q.Color() != pc.Color() || q.Kanji() != pc.Kanji() {
			continue
		}
		if p.reaches(s, q, m.To, o) {
			out = append(out, s)
		}
	}
	return out
}

// reaches reports whether the piece q on s has a legal move ending on to.
func (p *Position) reaches(s Square, q Piece, to Square, o *Options) bool {
	if p.IsLegal(SingleMove(s, to, false), o) {
		return true
	}
	if !q.HasLionPower() || Distance(s, to) > 2 {
		return false
	}
	for _, mid := range geo.ring1[s] {
		if Distance(mid, to) == 1 && p.IsLegal(TwoStepMove(s, mid, to), o) {
			return true
		}
	}
	return false
}

// japaneseDisambiguation tells m's piece apart from the others of its name that reach
// the same square, with lishogi's rules: 直 for a gold, silver or tokin going straight
// forward beside another on its rank, 跳/直 for a lion or falcon going straight along
// its file next to another, then the vertical word (上 forward, 引 back, 寄 sideways) if
// no other goes the same way, else the side word (右, 左, 中) seen from the mover, with
// the vertical word added when the side word alone does not tell them apart.
func (p *Position) japaneseDisambiguation(m Move, o *Options) string {
	others := p.aiming(m, o)
	if len(others) == 0 {
		return ""
	}
	pc := p.At(m.From)
	sente := pc.Color() == Sente
	// Rows count from rank a (0) down; files from file 1 (0) leftward.
	row, col := m.From.Rank(), m.From.File()
	drow, dcol := m.To.Rank(), m.To.File()
	up, down := row > drow, row < drow
	forward := (sente && up) || (!sente && down)
	k := pc.Kind()
	goldLike := !pc.Promoted() && (k == Gold || k == Silver) || pc.Promoted() && k == Pawn
	if col == dcol && forward && goldLike {
		for _, s := range others {
			if s.Rank() == row {
				return "直"
			}
		}
	}
	if (pc.IsLion() || pc.Promoted() && k == DragonHorse) && col == dcol {
		for _, s := range others {
			if Distance(s, m.From) == 1 {
				if Distance(m.From, m.To) == 2 {
					return "跳"
				}
				return "直"
			}
		}
	}
	vertical := func() string {
		switch {
		case up == down:
			return "寄"
		case forward:
			return "上"
		}
		return "引"
	}
	sameWay := false
	for _, s := range others {
		if (s.Rank() < drow) == down && (s.Rank() > drow) == up {
			sameWay = true
			break
		}
	}
	if !sameWay {
		return vertical()
	}
	minFile, maxFile := others[0].File(), others[0].File()
	for _, s := range others[1:] {
		minFile, maxFile = min(minFile, s.File()), max(maxFile, s.File())
	}
	side := func(right, left bool) string {
		switch {
		case left == right:
			return "中"
		case (sente && right) || (!sente && left):
			return "右"
		}
		return "左"
	}
	if minFile > col || maxFile < col || (len(others) == 2 && minFile < col && maxFile > col) {
		return side(minFile > col, maxFile < col)
	}
	return side(minFile >= col, maxFile <= col) + vertical()
}

// JapaneseError says why a text could not be read as a Japanese move in a position.
type JapaneseError struct {
	Text, Reason string
	// Ambiguous is true when the text fits several legal moves (listed in Reason).
	Ambiguous bool
}

func (e *JapaneseError) Error() string {
	return fmt.Sprintf("%q: %s", e.Text, e.Reason)
}

// IsJapaneseMove reports whether text looks like a Japanese move rather than USI: it
// holds a character outside ASCII.
func IsJapaneseMove(text string) bool {
	for i := 0; i < len(text); i++ {
		if text[i] >= utf8.RuneSelf {
			return true
		}
	}
	return false
}

// japaneseText is a Japanese move taken apart.
type japaneseText struct {
	dest, mid  Square // dest: NoSquare for 同 (the previous destination)
	same       bool
	name       string // canonical piece name ("" for igui and jitto when not given)
	igui, pass bool
	disamb     string
	promote    int // -1 不成, 0 not said, 1 成
}

// splitJapaneseSquare reads a square at the start of s: digits (ASCII or full-width),
// then the kanji rank, longest first.
func splitJapaneseSquare(s string) (Square, string, bool) {
	file, n, i := 0, 0, 0
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r >= '0' && r <= '9':
			file = file*10 + int(r-'0')
		case r >= '０' && r <= '９':
			file = file*10 + int(r-'０')
		default:
			goto rank
		}
		n++
		i += size
	}
rank:
	if n == 0 || n > 2 || file < 1 || file > Files {
		return NoSquare, s, false
	}
	rest := s[i:]
	for r := Ranks - 1; r >= 0; r-- {
		if strings.HasPrefix(rest, kanjiRanks[r]) {
			sq, _ := NewSquare(file, r)
			return sq, rest[len(kanjiRanks[r]):], true
		}
	}
	return NoSquare, s, false
}

// pieceNames lists every name a move may give a piece, longest first.
var pieceNames = func() []string {
	seen := map[string]bool{}
	var names []string
	for _, pair := range moveKanji {
		for _, n := range pair {
			if n != "" && !seen[n] {
				seen[n] = true
				names = append(names, n)
			}
		}
	}
	for a := range kanjiAliases {
		names = append(names, a)
	}
	sort.Slice(names, func(i, j int) bool {
		if len(names[i]) != len(names[j]) {
			return len(names[i]) > len(names[j])
		}
		return names[i] < names[j]
	})
	return names
}()

func parseJapaneseText(text string) (japaneseText, string) {
	t := japaneseText{dest: NoSquare, mid: NoSquare}
	s := strings.TrimSpace(text)
	for _, mark := range []string{"▲", "△", "▽", "☗", "☖"} {
		s = strings.TrimPrefix(s, mark)
	}
	if s == "じっと" || strings.HasSuffix(s, "じっと") && len(s) > len("じっと") {
		t.pass = true
		if rest := strings.TrimSuffix(s, "じっと"); rest != "" {
			// "５五獅じっと": the passing piece's square and name may be given.
			if sq, r, ok := splitJapaneseSquare(rest); ok {
				t.dest, rest = sq, r
			}
			if rest != "" {
				t.name = canonicalName(rest)
				if t.name == "" {
					return t, fmt.Sprintf("%q is no chu shogi piece", rest)
				}
			}
		}
		return t, ""
	}
	if strings.HasPrefix(s, "同") {
		t.same = true
		s = strings.TrimLeft(strings.TrimPrefix(s, "同"), " 　")
	} else {
		sq, rest, ok := splitJapaneseSquare(s)
		if !ok {
			return t, "it does not start with a square (file 1-12 in digits, rank 一 to 十二) or 同"
		}
		t.dest, s = sq, rest
		if r, size := utf8.DecodeRuneInString(s); r == '・' || r == '･' || r == '-' {
			sq2, rest2, ok := splitJapaneseSquare(s[size:])
			if !ok {
				return t, "no square after ・ (a two-step move is first-step・destination, then the piece)"
			}
			t.mid, t.dest, s = t.dest, sq2, rest2
		}
	}
	for _, n := range pieceNames {
		if strings.HasPrefix(s, n) {
			t.name = canonicalName(n)
			s = s[len(n):]
			break
		}
	}
	for _, w := range []string{"居喰い", "居食い", "居喰"} {
		if strings.HasPrefix(s, w) {
			if t.same || t.mid != NoSquare {
				return t, "居喰い follows the square captured on (５五居喰い)"
			}
			t.igui, t.mid, t.dest = true, t.dest, NoSquare
			s = s[len(w):]
			break
		}
	}
	if t.name == "" && !t.igui {
		return t, "no piece name after the square (e.g. ７六歩, ５五獅)"
	}
	for len(s) > 0 {
		r, size := utf8.DecodeRuneInString(s)
		if !strings.ContainsRune("右左上引寄直跳中行入", r) {
			break
		}
		t.disamb += string(r)
		s = s[size:]
	}
	switch s {
	case "":
	case "成":
		t.promote = 1
	case "不成", "生", "=":
		t.promote = -1
	case "+":
		t.promote = 1
	default:
		return t, fmt.Sprintf("%q is not understood (after the piece come 右 左 上 引 寄 直 跳 中, then 成 or 不成)", s)
	}
	return t, ""
}

func canonicalName(n string) string {
	if a, ok := kanjiAliases[n]; ok {
		return a
	}
	for _, pair := range moveKanji {
		for _, m := range pair {
			if m != "" && m == n {
				return n
			}
		}
	}
	return ""
}

// ParseJapaneseMove reads a move written in Japanese notation (JapaneseMove's forms, with
// or without a side mark ▲ △ ☗ ☖, ASCII or full-width digits, the piece's one-kanji or
// full name) as the legal move of the side to move in p that it names; last is the
// previous move's destination, for 同. The disambiguation word is needed only when
// several pieces of the name reach the square; without 成 a move does not promote. A
// text that names no legal move is checked as the move of the one piece of that name
// that could have meant it, so that the error says why that move is illegal
// (*IllegalMoveError); otherwise the error is a *JapaneseError.
func (p *Position) ParseJapaneseMove(text string, last Square, o *Options) (Move, error) {
	t, bad := parseJapaneseText(text)
	if bad != "" {
		return NoMove, &JapaneseError{Text: text, Reason: bad}
	}
	if t.same {
		if last == NoSquare {
			return NoMove, &JapaneseError{Text: text, Reason: "同 names the previous move's square, and there is no previous move"}
		}
		t.dest = last
	}
	us := p.SideToMove()
	var fits []Move
	seen := map[Move]bool{}
	for _, l := range p.LegalMoves(o) {
		c := l.Canonical(p)
		if seen[c] {
			continue
		}
		seen[c] = true
		pc := p.At(c.From)
		if t.name != "" && pc.Kanji() != t.name {
			continue
		}
		switch {
		case t.pass:
			if !c.IsTwoStep() || c.To != c.From || p.At(c.Mid) != NoPiece || (t.dest != NoSquare && c.From != t.dest) {
				continue
			}
		case t.igui:
			if !c.IsTwoStep() || c.To != c.From || c.Mid != t.mid {
				continue
			}
		case t.mid != NoSquare:
			if !c.IsTwoStep() || c.Mid != t.mid || c.To != t.dest || c.To == c.From {
				continue
			}
		default:
			if c.IsTwoStep() || c.To != t.dest || c.Promote != (t.promote == 1) {
				continue
			}
		}
		fits = append(fits, c)
	}
	if len(fits) > 1 && t.disamb != "" {
		var kept []Move
		for _, c := range fits {
			if p.japaneseDisambiguation(c, o) == t.disamb {
				kept = append(kept, c)
			}
		}
		fits = kept
	}
	if t.pass && len(fits) > 1 {
		// Passes of one piece through different empty squares are one move in effect
		// (the board does not change): the first route stands for them.
		one := true
		for _, c := range fits[1:] {
			one = one && c.From == fits[0].From
		}
		if one {
			fits = fits[:1]
		}
	}
	switch len(fits) {
	case 1:
		return fits[0], nil
	case 0:
		if !t.pass && !t.igui && t.name != "" {
			// The one piece of that name that could have meant it says why not.
			var mine []Square
			for s := Square(0); s < NumSquares; s++ {
				if q := p.At(s); q != NoPiece && q.Color() == us && q.Kanji() == t.name {
					mine = append(mine, s)
				}
			}
			if len(mine) == 1 {
				m := SingleMove(mine[0], t.dest, t.promote == 1)
				if t.mid != NoSquare {
					m = TwoStepMove(mine[0], t.mid, t.dest)
				}
				if err := p.WhyIllegal(m, o); err != nil {
					return NoMove, err
				}
			}
			if len(mine) == 0 {
				return NoMove, &JapaneseError{Text: text, Reason: fmt.Sprintf("%s has no %s on the board", us, t.name)}
			}
		}
		if t.name != "" && !t.pass && !t.igui {
			return NoMove, &JapaneseError{Text: text, Reason: fmt.Sprintf("no %s of %s has a legal move to %s", t.name, us, JapaneseSquare(t.dest))}
		}
		return NoMove, &JapaneseError{Text: text, Reason: fmt.Sprintf("no legal move of %s fits it", us)}
	}
	var list []string
	for _, c := range fits {
		list = append(list, p.JapaneseMove(c, last, o)+" ("+c.String()+")")
	}
	return NoMove, &JapaneseError{Text: text, Ambiguous: true,
		Reason: "it fits several legal moves: " + strings.Join(list, ", ")}
}

// JoinSame mends a move list split at white space where a Japanese move was written
// 同　歩 (lishogi puts a full-width space after 同): a field that is 同 alone, with or
// without a side mark, is joined to the next. Other fields are returned unchanged.
func JoinSame(fields []string) []string {
	out := make([]string, 0, len(fields))
	for i := 0; i < len(fields); i++ {
		f := fields[i]
		bare := f
		for _, mark := range []string{"▲", "△", "▽", "☗", "☖"} {
			bare = strings.TrimPrefix(bare, mark)
		}
		if bare == "同" && i+1 < len(fields) {
			f += "　" + fields[i+1]
			i++
		}
		out = append(out, f)
	}
	return out
}
