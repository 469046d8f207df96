package banqi

import bq "github.com/arbiter-xq/arbiter/banqi"

// Nature is the nature of a banqi ply (§6.7).
type Nature uint8

// Natures, with the Chinese terms of §6.7.
const (
	NatureUnspecified Nature = iota
	NatureFlip               // 翻: a flip, or a hidden capture that only revealed
	NatureCapture            // 吃: one or more captures
	NatureAttack             // 攻/捉: a plain move that makes a new threat (§6.2)
	NatureIdle               // 閑: a plain move that makes none
)

// String names the nature in English.
func (n Nature) String() string {
	return [...]string{"unspecified", "flip", "capture", "attack", "idle"}[n%5]
}

// Chinese returns the term of §6.7.
func (n Nature) Chinese() string {
	return [...]string{"?", "翻", "吃", "攻", "閑"}[n%5]
}

// Evidence is one new threat of an attack (§6.2): the attacker and its target, where
// they stand after the move.
type Evidence struct {
	Attacker, Target           bq.Square
	AttackerPiece, TargetPiece bq.Piece
}
