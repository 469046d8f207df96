package banqi

import (
	"strings"
	"testing"

	bq "github.com/arbiter-xq/arbiter/banqi"
)

// FuzzJudge feeds arbitrary records to the referee under every named ruleset and a few
// variant overrides. No input panics; every error is a typed error; and the canonical
// record of what was accepted, judged again, gives the same result and final position.
func FuzzJudge(f *testing.F) {
	f.Add("", "c6=G c5=p c6xc5 b5=k c5-c6 b5-c5 d6=c c5xc6", uint8(0))
	f.Add("4/4/4/4/4/4/r3/1G2 r - 0", "b1-a1 a2-b2 a1-a2 b2-b1 a2-b2 b1-a1 b2-b1 a1-a2 b1-a1", uint8(3))
	f.Add("4/4/4/r3/X3/X1n1/X1p1/C1R1 r Mkm 0", "a1xa3=kxa5 c2-c3 c1xc3", uint8(5))
	f.Add("3X/4/e3/R3 r c 0", "a1xa2 d4=c", uint8(4))
	f.Add("4/4/4/4/4/4/r3/G3 b - 0", strings.Repeat("a2-b2 a1-a2 b2-b1 a2-b2 b1-a1 b2-b1 a1-a2 b1-a1 ", 3), uint8(6))
	sets := Named()
	f.Fuzz(func(t *testing.T, pos, record string, pick uint8) {
		rs := sets[int(pick)%len(sets)]
		switch pick / 8 % 4 {
		case 1:
			rs, _ = rs.WithOverrides(map[string]string{"hidden_capture": "all", "chain_capture": "any"})
		case 2:
			rs, _ = rs.WithOverrides(map[string]string{"on_violation": "forbid"})
		case 3:
			rs, _ = rs.WithOverrides(map[string]string{"repetition_counting": "consecutive_cycles", "attack_protection": "unprotected_only"})
		}
		moves := strings.Fields(record)
		if len(moves) > 400 {
			moves = moves[:400]
		}
		r, err := Judge(rs, pos, "", moves)
		if err != nil {
			switch err.(type) {
			case *bq.PositionError, *bq.MoveError, *bq.OptionError, *bq.DealError, *SessionError:
			default:
				t.Fatalf("error %T: %v", err, err)
			}
			return
		}
		var canon []string
		for _, u := range r.Updates {
			if u.Status.String() != "forbidden" {
				canon = append(canon, u.Move.String())
			}
		}
		r2, err := Judge(rs, pos, "", canon)
		if err != nil {
			t.Fatalf("the canonical record %q fails: %v", canon, err)
		}
		if r2.Result != r.Result || r2.Reason != r.Reason || r2.Final != r.Final {
			t.Fatalf("canonical record judged differently: %v %s vs %v %s", r.Result, r.Reason, r2.Result, r2.Reason)
		}
	})
}
