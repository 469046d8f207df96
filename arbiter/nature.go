package arbiter

// Nature is the kind of a move inside a repetition cycle. The numeric values match the
// protobuf enum arbiter.v1.Nature.
type Nature uint8

// The natures, heaviest first. Check, mate threat and chase are attacks (打); the rest
// are kinds of idle move (闲).
const (
	NatureUnspecified Nature = iota
	NatureCheck              // 将
	NatureMateThreat         // 杀
	NatureChase              // 捉
	NatureExchange           // 兑
	NatureOffer              // 献
	NatureBlock              // 拦
	NatureFollow             // 跟
	NatureIdle               // 闲
	// The natures of the other games (banqi, chu shogi). NatureAttack is an attack like
	// check and chase; a flip and a capture are banqi plies that end a repetition window.
	NatureAttack  // 攻: banqi or chu shogi attack (a new threat on an enemy piece)
	NatureFlip    // 翻: banqi flip of a face-down piece
	NatureCapture // 吃: banqi capture
)

// natureCount is one more than the largest nature.
const natureCount = int(NatureCapture) + 1

var natureNames = [...]struct{ en, zh string }{
	{"unspecified", "?"},
	{"check", "将"},
	{"mate threat", "杀"},
	{"chase", "捉"},
	{"exchange offer", "兑"},
	{"offer", "献"},
	{"block", "拦"},
	{"follow", "跟"},
	{"idle", "闲"},
	{"attack", "攻"},
	{"flip", "翻"},
	{"capture", "吃"},
}

// String returns the English name ("chase").
func (n Nature) String() string {
	if int(n) < len(natureNames) {
		return natureNames[n].en
	}
	return "invalid"
}

// Chinese returns the one-character rulebook term ("捉").
func (n Nature) Chinese() string {
	if int(n) < len(natureNames) {
		return natureNames[n].zh
	}
	return "?"
}

// IsAttack reports whether n is check, mate threat or chase (打), or the other games'
// attack.
func (n Nature) IsAttack() bool {
	return n >= NatureCheck && n <= NatureChase || n == NatureAttack
}

// ParseNature reads a nature from its Chinese term or English name.
func ParseNature(s string) (Nature, bool) {
	for i, nm := range natureNames {
		if i > 0 && (s == nm.en || s == nm.zh) {
			return Nature(i), true
		}
	}
	switch s {
	case "將":
		return NatureCheck, true
	case "殺":
		return NatureMateThreat, true
	case "兌":
		return NatureExchange, true
	case "獻":
		return NatureOffer, true
	case "攔":
		return NatureBlock, true
	case "閑", "閒":
		return NatureIdle, true
	case "kill":
		return NatureMateThreat, true
	}
	return NatureUnspecified, false
}

// RootStatus says how a threatened piece is protected (根).
type RootStatus uint8

// Root statuses; the numeric values match the protobuf enum arbiter.v1.RootStatus.
const (
	RootUnspecified  RootStatus = iota
	Rooted                      // 有根: a legal recapture answers the capture
	Unrooted                    // 无根: no protector at all
	FalseRoot                   // 假根: a protector exists but cannot legally or safely recapture
	InsufficientRoot            // 少根: protected, but the full exchange still loses material
)

var rootNames = [...]struct{ en, zh string }{
	{"unspecified", "?"},
	{"rooted", "有根"},
	{"unrooted", "无根"},
	{"false root", "假根"},
	{"insufficient root", "少根"},
}

// String returns the English name.
func (r RootStatus) String() string {
	if int(r) < len(rootNames) {
		return rootNames[r].en
	}
	return "invalid"
}

// Chinese returns the rulebook term.
func (r RootStatus) Chinese() string {
	if int(r) < len(rootNames) {
		return rootNames[r].zh
	}
	return "?"
}
