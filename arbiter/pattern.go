package arbiter

import (
	"fmt"
	"strings"
)

var countWords = [...]string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"}

func countWord(n int) string {
	if n < len(countWords) {
		return countWords[n]
	}
	return fmt.Sprint(n)
}

// PatternName names a side's half-cycle from the counted natures of its moves:
// "perpetual check" when every move is the same attack, "idle" when none attacks,
// otherwise a tally such as "one check one chase" or "two checks one idle", with
// exchange offers, offers, blocks and follows counted as idle. "perpetual exchange
// offer" and the like are used when every move is the same idle kind.
func PatternName(natures []Nature) string {
	if len(natures) == 0 {
		return "none"
	}
	if AllSame(natures) {
		if natures[0] == NatureIdle {
			return "idle"
		}
		return "perpetual " + natures[0].String()
	}
	counts := tally(natures)
	var parts []string
	for _, n := range []Nature{NatureCheck, NatureMateThreat, NatureChase, NatureAttack, NatureIdle} {
		c := counts[n]
		if c == 0 {
			continue
		}
		name := n.String()
		if c > 1 {
			switch n {
			case NatureCheck:
				name = "checks"
			case NatureMateThreat:
				name = "mate threats"
			case NatureChase:
				name = "chases"
			case NatureAttack:
				name = "attacks"
			}
		}
		parts = append(parts, countWord(c)+" "+name)
	}
	if len(parts) == 1 && counts[NatureIdle] == len(natures) {
		return "idle"
	}
	return strings.Join(parts, " ")
}

// PatternChinese names the pattern with the rulebooks' terms: 长将, 长捉, 一将一捉, ...
func PatternChinese(natures []Nature) string {
	if len(natures) == 0 {
		return ""
	}
	if AllSame(natures) {
		return "长" + natures[0].Chinese()
	}
	digits := [...]string{"零", "一", "二", "三", "四", "五", "六", "七", "八", "九"}
	counts := tally(natures)
	var b strings.Builder
	for _, n := range []Nature{NatureCheck, NatureMateThreat, NatureChase, NatureAttack, NatureIdle} {
		if c := counts[n]; c > 0 {
			if c < len(digits) {
				b.WriteString(digits[c])
			} else {
				fmt.Fprint(&b, c)
			}
			b.WriteString(n.Chinese())
		}
	}
	return b.String()
}

// tally counts the natures by kind, every idle kind (兑 献 拦 跟 闲) as idle.
func tally(natures []Nature) [natureCount]int {
	var counts [natureCount]int
	for _, n := range natures {
		if n.IsAttack() && int(n) < natureCount {
			counts[n]++
		} else {
			counts[NatureIdle]++
		}
	}
	return counts
}

// AllSame reports whether natures is non-empty and every element equals the first.
func AllSame(natures []Nature) bool {
	for _, n := range natures {
		if n != natures[0] {
			return false
		}
	}
	return len(natures) > 0
}

// AllAttacks reports whether every nature is an attack (打): the Chinese rules' test
// for a forbidden pattern.
func AllAttacks(natures []Nature) bool {
	if len(natures) == 0 {
		return false
	}
	for _, n := range natures {
		if !n.IsAttack() {
			return false
		}
	}
	return true
}

// Ordinal writes an occurrence count as English rulings say it: "second", "third",
// "21st".
func Ordinal(n int) string {
	words := [...]string{"zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"}
	if n >= 0 && n < len(words) {
		return words[n]
	}
	suffix := "th"
	if n%100 < 11 || n%100 > 13 {
		switch n % 10 {
		case 1:
			suffix = "st"
		case 2:
			suffix = "nd"
		case 3:
			suffix = "rd"
		}
	}
	return fmt.Sprintf("%d%s", n, suffix)
}
