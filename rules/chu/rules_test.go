package chu

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/arbiter-xq/arbiter/arbiter"
)

func ruleset(t *testing.T, id string) arbiter.Ruleset {
	t.Helper()
	base, ov, err := arbiter.ParseRulesetID(id)
	if err != nil {
		t.Fatal(err)
	}
	r, err := New(base)
	if err != nil {
		t.Fatal(err)
	}
	if len(ov) == 0 {
		return r
	}
	g, err := r.WithOptions(ov)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

type gameCase struct {
	name, sfen, moves string
	want              map[string]string // ruleset id -> "result/termination@ply" or "reject:code@ply" or "ongoing"
}

func outcome(t *testing.T, id, sfen, moves string) string {
	r, err := arbiter.Adjudicate(context.Background(), ruleset(t, id), arbiter.Start{Position: sfen}, strings.Fields(moves))
	var me *arbiter.MoveError
	if errors.As(err, &me) {
		return "reject:" + me.Code + "@" + itoa(me.Ply)
	}
	if err != nil {
		t.Fatalf("%s: %v", id, err)
	}
	if r.Result == arbiter.ResultOngoing {
		return "ongoing"
	}
	return r.Result.String() + "/" + r.Termination.String() + "@" + itoa(r.DecidedAtPly)
}

func itoa(n int) string {
	const d = "0123456789"
	if n < 10 {
		return d[n : n+1]
	}
	return itoa(n/10) + d[n%10:n%10+1]
}

func rep3(s string) string { return s + " " + s + " " + s }

var gameCases = []gameCase{
	{"T-E1 bare king", "6k5/12/12/12/12/12/3s8/3G8/12/12/12/5K6 b - 1", "9h9g",
		map[string]string{"chu-jcsa2004": "sente wins/bare king@1", "chu-lishogi": "sente wins/bare king@1", "chu-hachu": "ongoing"}},
	{"T-E2 pawn does not bare", "6k5/12/12/12/12/12/3s8/3P8/12/12/12/5K6 b - 1", "9h9g",
		map[string]string{"chu-jcsa2004": "ongoing", "chu-lishogi": "ongoing", "chu-hachu": "ongoing"}},
	{"T-E3 adjacent", "6k5/5s6/5G6/12/12/12/12/12/12/12/12/5K6 b - 1", "7c7b",
		map[string]string{"chu-jcsa2004": "ongoing", "chu-lishogi": "ongoing"}},
	{"T-E3 king against king", "6k5/5s6/5G6/12/12/12/12/12/12/12/12/5K6 b - 1", "7c7b 6a7b",
		map[string]string{"chu-jcsa2004": "draw/king against king@2", "chu-lishogi": "draw/king against king@2", "chu-hachu": "ongoing"}},
	{"T-E4 dead pawn", "6k5/12/12/12/12/12/3s8/3G8/12/12/12/5K5p b - 1", "9h9g",
		map[string]string{"chu-jcsa2004": "sente wins/bare king@1", "chu-lishogi": "sente wins/bare king@1"}},
	{"T-E5 prince survives", "k4+e6/1R10/12/12/12/12/12/12/12/12/12/K11 b - 1", "11b11a",
		map[string]string{"chu-jcsa2004": "ongoing", "chu-hachu": "ongoing"}},
	{"T-E5 king taken, prince left", "k4+e4gg/R11/12/12/12/12/12/12/12/12/12/K11 b - 1", "12b12a",
		map[string]string{"chu-jcsa2004": "ongoing", "chu-lishogi": "ongoing", "chu-hachu": "ongoing"}},
	{"T-E5 king and prince", "k4+e4gg/R11/12/12/12/12/12/12/12/12/12/K11 b - 1", "12b12a 7a8a 12a8a",
		map[string]string{"chu-jcsa2004": "sente wins/royal pieces captured@3", "chu-hachu": "sente wins/royal pieces captured@3"}},
	{"game over", "k4+e4gg/R11/12/12/12/12/12/12/12/12/12/K11 b - 1", "12b12a 7a8a 12a8a 1a1b",
		map[string]string{"chu-lishogi": "reject:game_over@4"}},
	{"T-R1", "6k5/3gg7/11g/12/12/3R8/12/12/12/12/12/K11 b - 1", rep3("9f8f 1c1d 8f9f 1d1c"),
		map[string]string{"chu-jcsa2004": "gote wins/perpetual attack@12", "chu-lishogi": "gote wins/perpetual attack@12",
			"chu-hachu": "reject:repeats_position@4", "chu-jcsa2004+chu.repetition=sennichite_4fold": "draw/repetition draw@12"}},
	{"T-R2 both attack", "6k5/3gg7/11g/10P1/12/3R8/12/12/12/12/12/K11 b - 1", rep3("9f8f 1c1d 8f9f 1d1c"),
		map[string]string{"chu-jcsa2004": "draw/repetition draw@12"}},
	{"T-R3 neither", "6k5/12/11g/12/12/3R8/12/12/12/12/12/K11 b - 1", rep3("9f8f 1c1d 8f9f 1d1c"),
		map[string]string{"chu-jcsa2004": "draw/repetition draw@12"}},
	{"T-R4 perpetual check", "6k5/12/12/12/12/7R4/12/12/12/12/12/K11 b - 1", rep3("5f6f 6a5a 6f5f 5a6a"),
		map[string]string{"chu-jcsa2004+chu.bare_king=off": "gote wins/perpetual attack@12",
			"chu-jcsa2004+chu.bare_king=off+chu.repetition=sennichite_4fold": "gote wins/perpetual check@12",
			"chu-jcsa2004": "reject:game_over@2"}},
	{"T-R5 identity", "k11/12/6n4g/12/12/12/12/6R5/12/12/12/K11 b - 1", "6h6c 1c1d 6c6d 1d1c 6d6c",
		map[string]string{"chu-hachu": "reject:repeats_position@5", "chu-hachu+chu.repetition_identity=board_stm_counterstrike": "ongoing",
			"chu-jcsa2004": "ongoing", "chu-lishogi": "ongoing"}},
	{"T-R6 jitto cycle", "k11/12/12/12/4n7/12/12/4N7/12/12/12/K11 b - 1", rep3("8h8g8h 8e8f8e"),
		map[string]string{"chu-jcsa2004": "draw/repetition draw@6", "chu-lishogi": "ongoing", "chu-hachu": "reject:repeats_position@2"}},
	{"T-R6 jitto cycle, lishogi window", "k11/12/12/12/4n7/12/12/4N7/12/12/12/K11 b - 1", rep3("8h8g8h 8e8f8e") + " " + rep3("8h8g8h 8e8f8e"),
		map[string]string{"chu-lishogi": "draw/repetition draw@12"}},
	{"Q3 counter-strike", "k6r3n/9n2/8S3/7N3R/12/12/12/7V4/12/12/12/K11 b - 1", "1d1a 5a5d",
		map[string]string{"chu-jcsa2004": "reject:counter_strike@2", "chu-lishogi": "reject:counter_strike@2", "chu-hachu": "reject:counter_strike@2"}},
	{"Q3u", "k6r3n/9n2/12/7N3R/12/12/12/12/12/12/12/K11 b - 1", "1d1a 5a5d",
		map[string]string{"chu-jcsa2004": "ongoing", "chu-lishogi": "reject:counter_strike@2", "chu-hachu": "reject:counter_strike@2"}},
}

// Set-ups: a side without a royal piece has lost before anyone moves (§7.1); a set-up
// with no royal piece at all is refused (TestSetupWithoutRoyals).
var setupCases = []gameCase{
	{"sente has no royal", "k11/12/12/12/12/12/12/12/12/12/12/5G6 b - 1", "",
		map[string]string{"chu-jcsa2004": "gote wins/royal pieces captured@0", "chu-lishogi": "gote wins/royal pieces captured@0", "chu-hachu": "gote wins/royal pieces captured@0"}},
	{"gote has no royal, sente to move", "6g5/12/12/12/12/12/12/12/12/12/12/K11 b - 1", "",
		map[string]string{"chu-jcsa2004": "sente wins/royal pieces captured@0", "chu-hachu": "sente wins/royal pieces captured@0"}},
	{"gote has no royal, a move is refused", "6g5/12/12/12/12/12/12/12/12/12/12/K11 b - 1", "12l11l",
		map[string]string{"chu-jcsa2004": "reject:game_over@1"}},
	{"a crown prince is enough", "k11/12/12/12/12/12/12/12/12/12/12/5+E6 b - 1", "",
		map[string]string{"chu-hachu": "ongoing"}},
}

func TestSetupEnds(t *testing.T) {
	for _, tc := range setupCases {
		for id, want := range tc.want {
			if got := outcome(t, id, tc.sfen, tc.moves); got != want {
				t.Errorf("%s under %s: %s, want %s", tc.name, id, got, want)
			}
		}
	}
}

func TestSetupWithoutRoyals(t *testing.T) {
	for _, sfen := range []string{
		"12/12/12/12/12/12/12/12/12/12/12/12 b - 1",
		"6g5/12/12/12/12/12/12/12/12/12/12/5G6 w - 1",
		"6e5/12/12/12/12/12/12/12/12/12/12/5E6 b - 1",
	} {
		for _, r := range All() {
			_, err := r.NewGame(arbiter.Start{Position: sfen})
			var pe *arbiter.PositionError
			if !errors.As(err, &pe) || pe.Field != "board" || !strings.Contains(pe.Reason, "no royal piece") {
				t.Errorf("%s under %s: %v, want a PositionError for the board naming the missing royal piece", sfen, r.Info().ID, err)
			}
		}
	}
}

func TestGameEndAndRepetition(t *testing.T) {
	for _, tc := range gameCases {
		for id, want := range tc.want {
			if got := outcome(t, id, tc.sfen, tc.moves); got != want {
				t.Errorf("%s under %s: %s, want %s", tc.name, id, got, want)
			}
		}
	}
}

func TestRulesetsListed(t *testing.T) {
	for _, r := range All() {
		info := r.Info()
		if info.Game != arbiter.GameChuShogi || len(info.Options) != len(optionTable()) {
			t.Errorf("%s: game %q, %d options", info.ID, info.Game, len(info.Options))
		}
		for _, o := range info.Options {
			if o.Value == "" {
				t.Errorf("%s: option %s has no value", info.ID, o.Name)
			}
		}
	}
	g := ruleset(t, "chu-jcsa2004+chu.lion.counterstrike=strict")
	if g.Info().ID != "chu-jcsa2004+chu.lion.counterstrike=strict" {
		t.Errorf("id %s", g.Info().ID)
	}
	if _, err := All()[0].WithOptions([]arbiter.Override{{Name: "chu.lion.counterstrike", Value: "sometimes"}}); err == nil {
		t.Error("bad value accepted")
	}
}

func TestPerftRuleset(t *testing.T) {
	n, lines, err := ruleset(t, "chu-lishogi").(arbiter.Perfter).Perft(context.Background(), "", 2, true)
	if err != nil || n != 1296 || len(lines) != 36 {
		t.Errorf("perft 2 = %d, %d lines, %v", n, len(lines), err)
	}
}
