package banqi

import (
	"errors"
	"strings"
	"testing"
)

// opts returns the default options with overrides "name=value ...".
func opts(t testing.TB, overrides string) Options {
	t.Helper()
	o := DefaultOptions()
	for _, kv := range strings.Fields(overrides) {
		name, value, _ := strings.Cut(kv, "=")
		if err := o.Set(name, value); err != nil {
			t.Fatal(err)
		}
	}
	if err := o.Validate(); err != nil {
		t.Fatal(err)
	}
	return o
}

func mustPos(t testing.TB, s string, o Options) Position {
	t.Helper()
	p, err := ParsePosition(s, o)
	if err != nil {
		t.Fatalf("ParsePosition(%q): %v", s, err)
	}
	return p
}

// play replays the record and returns the game and the first error.
func play(t testing.TB, pos string, o Options, record string) (*Game, error) {
	t.Helper()
	g := NewGame(mustPos(t, pos, o))
	for _, m := range strings.Fields(record) {
		if _, err := g.Play(m); err != nil {
			return g, err
		}
	}
	return g, nil
}

func TestSampleRecord(t *testing.T) {
	// §2.4 sample record, FF-1: the final position is the one of §2.3.
	g, err := play(t, "", DefaultOptions(), "c6=G c5=p c6xc5 b5=k c5-c6 b5-c5 d6=c c5xc6")
	if err != nil {
		t.Fatal(err)
	}
	const want = "XXXX/XXXX/XXkc/X2X/XXXX/XXXX/XXXX/XXXX r KGMMRRNNCCPPPPPggmmrrnncpppp 0"
	if got := g.Position().String(); got != want {
		t.Errorf("final position\n got %s\nwant %s", got, want)
	}
	if g.FirstPlayer() != Red {
		t.Errorf("first player %v, want Red", g.FirstPlayer())
	}
	clocks := []int{}
	g2 := NewGame(StartPosition(DefaultOptions()))
	for _, m := range strings.Fields("c6=G c5=p c6xc5 b5=k c5-c6 b5-c5 d6=c c5xc6") {
		if _, err := g2.Play(m); err != nil {
			t.Fatal(err)
		}
		clocks = append(clocks, g2.Position().Clock())
	}
	if got, want := clocks, []int{0, 0, 0, 0, 1, 2, 0, 0}; !equalInts(got, want) {
		t.Errorf("clocks %v, want %v", got, want)
	}
	if sp := StartPosition(DefaultOptions()); sp.String() != "XXXX/XXXX/XXXX/XXXX/XXXX/XXXX/XXXX/XXXX - KGGMMRRNNCCPPPPPkggmmrrnnccppppp 0" {
		t.Errorf("start %s", sp.String())
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestPositionErrors(t *testing.T) {
	o := DefaultOptions()
	for _, tc := range []struct{ pos, field, contains string }{
		{"XXXX/XXXX/XXXX/XXXX/XXXX/XXXX/XXXX - * 0", "board", "8 ranks"},
		{"XXXXX/XXXX/XXXX/XXXX/XXXX/XXXX/XXXX/XXXX - * 0", "board", "more than 4"},
		{"XXX/XXXX/XXXX/XXXX/XXXX/XXXX/XXXX/XXXX - * 0", "board", "3 squares"},
		{"4/4/4/4/4/4/4/KK2 r - 0", "board", "2 red generals"},
		{"4/4/4/4/4/4/4/Z3 r - 0", "board", "not a piece letter"},
		{"4/4/4/4/4/4/4/Q3 r - 0", "board", "K general, G advisor, M elephant, R chariot, N horse, C cannon, P soldier"},
		{"X3/4/4/4/4/4/4/K3 r Q 0", "pool", "K general, G advisor"},
		{"4/4/4/4/4/4/4/K3 w - 0", "side", "want r, b"},
		{"4/4/4/4/4/4/4/K3 - - 0", "side", "no face-up piece"},
		{"X3/4/4/4/4/4/4/K3 r - 0", "pool", "1 face-down"},
		{"X3/4/4/4/4/4/4/K3 r K 0", "pool", "too many Red generals"},
		{"X3/4/4/4/4/4/4/K3 r * 0", "pool", "nothing has been captured"},
		{"X3/4/4/4/4/4/4/K3 r k -1", "clock", "want a number"},
		{"X3/4/4/4/4/4/4/K3 r k", "board", "4 fields"},
	} {
		_, err := ParsePosition(tc.pos, o)
		var pe *PositionError
		if !errors.As(err, &pe) {
			t.Errorf("%q: err %v, want *PositionError", tc.pos, err)
			continue
		}
		if pe.Field != tc.field || !strings.Contains(pe.Error(), tc.contains) {
			t.Errorf("%q: %v (field %s), want field %s containing %q", tc.pos, err, pe.Field, tc.field, tc.contains)
		}
	}
}

func TestPositionRoundTrip(t *testing.T) {
	for _, s := range []string{
		"4/4/4/4/4/4/r3/1G2 r - 0",
		"3n/4/4/1X2/4/4/4/R3 r p 179",
		"4/4/4/r3/X3/X1n1/X1p1/C1R1 r Mkm 0",
		"XXXX/XXXX/XXkc/X2X/XXXX/XXXX/XXXX/XXXX r KGMMRRNNCCPPPPPggmmrrnncpppp 0",
	} {
		p := mustPos(t, s, DefaultOptions())
		if got := p.String(); got != s {
			t.Errorf("round trip %q -> %q", s, got)
		}
	}
	a := mustPos(t, "3X/4/e3/R3 r c 0", opts(t, "pieces=animal rank_order=jungle"))
	if got := a.String(); got != "3X/4/e3/R3 r c 0" {
		t.Errorf("animal round trip: %s", got)
	}
	if sp := StartPosition(opts(t, "pieces=animal rank_order=jungle")); sp.String() != "XXXX/XXXX/XXXX/XXXX - ELTPWDCReltpwdcr 0" {
		t.Errorf("animal start: %s", sp.String())
	}
}

func TestMoveNotation(t *testing.T) {
	for _, tc := range []struct{ in, canon string }{
		{"c6=G", "c6=G"}, {"c6(G)", "c6=G"}, {"c6=仕", "c6=G"}, {"c6=士", "c6=g"}, {"c6=砲", "c6=c"}, {"c6=包", "c6=c"}, {"c6=炮", "c6=C"},
		{"c6", "c6"}, {"c6=?", "c6"}, {"c5-c6", "c5-c6"}, {"c6xc5", "c6xc5"}, {"c2xc3=m", "c2xc3=m"},
		{"b2xb3xb4", "b2xb3xb4"}, {"b2xb3=pxb4", "b2xb3=pxb4"}, {" a1-a4 ", "a1-a4"},
		// Traditional and simplified characters (相 象 仕 士 兵 卒 炮 are both).
		{"c6=帥", "c6=K"}, {"c6=帅", "c6=K"}, {"c6=將", "c6=k"}, {"c6=将", "c6=k"},
		{"c6=俥", "c6=R"}, {"c6=車", "c6=r"}, {"c6=车", "c6=r"}, {"c6=傌", "c6=N"}, {"c6=馬", "c6=n"}, {"c6=马", "c6=n"},
		{"c6=相", "c6=M"}, {"c6=象", "c6=m"}, {"c6=兵", "c6=P"}, {"c6=卒", "c6=p"}, {"c6(将)", "c6=k"},
		{"c2xc3=卒", "c2xc3=p"}, {"b2xb3=马xb4", "b2xb3=nxb4"},
	} {
		m, err := ParseMove(tc.in, XiangqiPieces)
		if err != nil {
			t.Errorf("%q: %v", tc.in, err)
			continue
		}
		if got := m.String(); got != tc.canon {
			t.Errorf("%q -> %q, want %q", tc.in, got, tc.canon)
		}
	}
	for _, bad := range []string{"", "c", "e1", "c9", "c6=Z", "c6=", "c6(G", "c6-", "c6-c", "c6+c5", "c6=Gx", "c6xc5=Q"} {
		if _, err := ParseMove(bad, XiangqiPieces); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
	// An unknown identity names the valid letters and characters.
	for _, tc := range []struct {
		in   string
		set  PieceSet
		want []string
	}{
		{"c6=Q", XiangqiPieces, []string{`"Q" is not a piece of the xiangqi set`, "K general 帥/帅", "C cannon 炮", "r chariot 車/车", "p soldier 卒"}},
		{"c2xc3=Z", XiangqiPieces, []string{`"Z" is not a piece`, "G advisor 仕"}},
		{"a3=K", AnimalPieces, []string{`"K" is not a piece of the animal set`, "E elephant", "R rat"}},
	} {
		_, err := ParseMove(tc.in, tc.set)
		for _, w := range tc.want {
			if err == nil || !strings.Contains(err.Error(), w) {
				t.Errorf("%q: %v, want it to contain %q", tc.in, err, w)
			}
		}
	}
	if _, err := ParseMove("a5", AnimalPieces); err == nil {
		t.Errorf("a5 parsed on the animal board")
	}
}

// TestLegality is the per-ply half of the spec's §8 cases: which plies are legal under
// which options, and the rule a refused ply breaks.
func TestLegality(t *testing.T) {
	const animal = "pieces=animal rank_order=jungle "
	for _, tc := range []struct {
		name, opts, pos, ply string
		rule                 Rule // "" = legal
		after                string
	}{
		{"BQ-4", "", "1X2/4/4/4/2k1/2P1/4/4 r n 0", "c3xc4", "", "1X2/4/4/4/2P1/4/4/4 b n 0"},
		{"BQ-4 hk", "rank_order=hk", "1X2/4/4/4/2k1/2P1/4/4 r n 0", "c3-c4", "", "1X2/4/4/4/2P1/4/4/4 b n 0"},
		{"BQ-5", "", "4/4/4/4/2p1/2K1/4/4 r - 0", "c3xc4", RuleGeneralSoldier, ""},
		{"BQ-5 hk", "rank_order=hk", "4/4/4/4/2p1/2K1/4/4 r - 0", "c3xc4", RuleGeneralSoldier, ""},
		{"BQ-5 black", "", "4/4/4/4/2p1/2K1/4/4 b - 0", "c4xc3", "", "4/4/4/4/4/2p1/4/4 r - 0"},
		{"BQ-6", "", "4/4/4/4/r3/4/X3/C3 r p 0", "a1xa4", "", "4/4/4/4/C3/4/X3/4 b p 0"},
		{"BQ-6 two", "cannon_jump_range=two", "4/4/4/4/r3/4/X3/C3 r p 0", "a1xa4", RuleCannonRange, ""},
		// The super cannon (超級炮) jumps over one or more screens, never steps to capture.
		{"super, two screens", "cannon_capture=super", "4/4/4/4/r3/P3/X3/C3 r p 0", "a1xa4", "", "4/4/4/4/C3/P3/X3/4 b p 0"},
		{"super, one screen", "cannon_capture=super", "4/4/4/4/r3/4/X3/C3 r p 0", "a1xa4", "", "4/4/4/4/C3/4/X3/4 b p 0"},
		{"super, three screens", "cannon_capture=super", "k3/r3/P3/X3/4/4/4/C3 r p 0", "a1xa8", "", "C3/r3/P3/X3/4/4/4/4 b p 0"},
		{"super, no screen", "cannon_capture=super", "4/4/4/4/r3/4/4/C3 r - 0", "a1xa4", RuleCannonScreen, ""},
		{"super, adjacent", "cannon_capture=super", "4/4/4/4/4/4/p3/C3 r - 0", "a1xa2", RuleCannonStep, ""},
		{"super, face-up screens only", "cannon_capture=super cannon_screen=face_up", "4/4/4/4/r3/P3/X3/C3 r p 0", "a1xa4", RuleCannonScreen, ""},
		{"super, own piece", "cannon_capture=super", "4/4/4/4/R3/P3/X3/C3 r p 0", "a1xa4", RuleOwnPiece, ""},
		{"super, range two", "cannon_capture=super cannon_jump_range=two", "4/4/4/4/r3/P3/X3/C3 r p 0", "a1xa4", RuleCannonRange, ""},
		{"BQ-6 face_up", "cannon_screen=face_up", "4/4/4/4/r3/4/X3/C3 r p 0", "a1xa4", RuleCannonScreen, ""},
		{"BQ-6 hk", "rank_order=hk", "4/4/4/4/r3/4/X3/C3 r p 0", "a1xa4", RuleCannonNoJump, ""},
		{"BQ-7", "", "4/4/4/4/4/4/n3/C3 r - 0", "a1xa2", RuleCannonStep, ""},
		{"BQ-7 direct", "cannon_capture=jump_and_direct", "4/4/4/4/4/4/n3/C3 r - 0", "a1xa2", RuleRank, ""},
		{"BQ-7 hk", "rank_order=hk", "4/4/4/4/4/4/n3/C3 r - 0", "a1xa2", RuleRank, ""},
		{"BQ-8", "", "4/4/4/1p2/1C2/4/4/3X b P 0", "b5xb4", RuleRank, ""},
		{"BQ-8 hk", "rank_order=hk", "4/4/4/1p2/1C2/4/4/3X b P 0", "b5xb4", RuleRank, ""},
		{"BQ-8 lowest", "cannon_rank_slot=lowest", "4/4/4/1p2/1C2/4/4/3X b P 0", "b5xb4", "", "4/4/4/4/1p2/4/4/3X r P 0"},
		{"BQ-9", "", "4/4/4/4/4/2X1/2N1/4 r m 0", "c2xc3=m", RuleHiddenCapture, ""},
		{"HC-1", "hidden_capture=all", "4/4/4/4/4/2X1/2N1/4 r m 0", "c2xc3=m", "", "4/4/4/4/4/2m1/2N1/4 b - 0"},
		{"HC-2", "hidden_capture=all", "4/4/4/4/4/2X1/2N1/4 r p 0", "c2xc3=p", "", "4/4/4/4/4/2N1/4/4 b - 0"},
		{"HC-3", "hidden_capture=cannon", "3X/4/4/4/4/X3/P3/C3 r kn 0", "a1xa3=k", "", "3X/4/4/4/4/C3/P3/4 b n 0"},
		{"HC-4", "hidden_capture=cannon", "3X/4/4/4/4/X3/P3/C3 r Gn 0", "a1xa3=G", "", "3X/4/4/4/4/G3/P3/C3 b n 0"},
		{"HC-5", "", "4/4/4/4/4/X3/P3/C3 r k 0", "a1xa3=k", RuleHiddenCapture, ""},
		{"HC pool", "hidden_capture=all", "4/4/4/4/4/2X1/2N1/4 r m 0", "c2xc3=p", RuleNotInPool, ""},
		{"HC bare", "hidden_capture=all", "4/4/4/4/4/2X1/2N1/4 r m 0", "c2xc3", RuleFlipIdentity, ""},
		{"HC cannon step", "hidden_capture=cannon", "4/4/4/4/4/2X1/2N1/4 r m 0", "c2xc3=m", RuleHiddenCapture, ""},
		{"CN-1", "", "4/4/4/4/r3/P3/X3/C3 r p 0", "a1xa4", RuleCannonScreen, ""},
		{"CN-2", "", "4/4/4/k3/4/4/X3/C3 r p 0", "a1xa5", "", "4/4/4/C3/4/4/X3/4 b p 0"},
		{"CN-2 hk", "rank_order=hk", "4/4/4/k3/4/4/X3/C3 r p 0", "a1xa5", RuleCannonNoJump, ""},
		{"CN-3", "", "4/4/4/k3/4/4/X3/C3 r p 0", "a1-b1", "", "4/4/4/k3/4/4/X3/1C2 b p 1"},
		{"CN-3 far", "", "4/4/4/k3/4/4/X3/C3 r p 0", "a1-c1", RuleGeometry, ""},
		{"CN-4", "", "4/4/4/4/4/1p2/1C2/3X r n 0", "b2xb3", RuleCannonStep, ""},
		{"CN-4 direct", "cannon_capture=jump_and_direct", "4/4/4/4/4/1p2/1C2/3X r n 0", "b2xb3", "", "4/4/4/4/4/1C2/4/3X b n 0"},
		{"CN-4 direct cannon", "cannon_capture=jump_and_direct", "4/4/4/4/4/1c2/1C2/3X r n 0", "b2xb3", "", "4/4/4/4/4/1C2/4/3X b n 0"},
		{"CN no screen", "", "4/4/4/4/r3/4/4/C3 r - 0", "a1xa4", RuleCannonScreen, ""},
		{"CH-1", "", "4/4/4/4/1p2/1n2/1R2/3X r k 0", "b2xb3xb4", RuleChain, ""},
		{"CH-1 chain", "chain_capture=face_up", "4/4/4/4/1p2/1n2/1R2/3X r k 0", "b2xb3xb4", "", "4/4/4/4/1R2/4/4/3X b k 0"},
		{"CH-1 single", "", "4/4/4/4/1p2/1n2/1R2/3X r k 0", "b2xb3", "", "4/4/4/4/1p2/1R2/4/3X b k 0"},
		{"CH-2", "chain_capture=face_up", "4/4/4/4/1g2/1n2/1R2/3X r k 0", "b2xb3xb4", RuleRank, ""},
		{"CH-3 cannon", "hidden_capture=cannon chain_capture=any", "4/4/4/r3/X3/X1n1/X1p1/C1R1 r Mkm 0", "a1xa3=kxa5", "", "4/4/4/C3/X3/2n1/X1p1/2R1 b Mm 0"},
		{"CH-3 chariot", "hidden_capture=cannon chain_capture=any", "4/4/4/r3/X3/X1n1/X1p1/C1R1 r Mkm 0", "c1xc2xc3", "", "4/4/4/r3/X3/X1R1/X3/C3 b Mkm 0"},
		{"CH cannon only", "chain_capture=cannon", "4/4/4/4/1p2/1n2/1R2/3X r k 0", "b2xb3xb4", RuleChain, ""},
		{"CH face_up hidden", "hidden_capture=all chain_capture=face_up", "4/4/4/4/1X2/1n2/1R2/3X r kp 0", "b2xb3xb4=p", RuleChain, ""},
		{"CH reveal ends", "hidden_capture=all chain_capture=any", "4/4/4/1p2/1X2/1n2/1R2/3X r kG 0", "b2xb3xb4=Gxb5", RuleChain, ""},
		{"AN-1", animal, "3X/4/e3/R3 r c 0", "a1xa2", "", "3X/4/R3/4 b c 0"},
		{"AN-2", animal, "3X/4/r3/E3 r c 0", "a1xa2", RuleRank, ""},
		{"AN-2 mutual", animal + "rat_elephant=mutual", "3X/4/r3/E3 r c 0", "a1xa2", "", "3X/4/E3/4 b c 0"},
		{"AN-2 none", animal + "rat_elephant=none", "3X/4/e3/R3 r c 0", "a1xa2", RuleRank, ""},
		{"AN-3", animal, "3X/4/t3/L3 r c 0", "a1xa2", "", "3X/4/L3/4 b c 0"},
		{"AN-3 name_order", animal + "rank_order=name_order", "3X/4/t3/L3 r c 0", "a1xa2", RuleRank, ""},
		{"EG-2 flip", "", "3X/4/4/4/4/4/g3/Pm2 r p 0", "d8=p", "", "3p/4/4/4/4/4/g3/Pm2 b - 0"},
		{"flip face-up", "", "3X/4/4/4/4/4/g3/Pm2 r p 0", "a2=g", RuleFlipFaceUp, ""},
		{"flip empty", "", "3X/4/4/4/4/4/g3/Pm2 r p 0", "a3=p", RuleFlipFaceUp, ""},
		{"not own", "", "3X/4/4/4/4/4/g3/Pm2 r p 0", "a2-a3", RuleNotOwnPiece, ""},
		{"face-down mover", "", "3X/4/4/4/4/4/g3/Pm2 r p 0", "d8-d7", RuleFaceDownPiece, ""},
		{"no piece", "", "3X/4/4/4/4/4/g3/Pm2 r p 0", "c5-c6", RuleNoPiece, ""},
		{"nothing to take", "", "3X/4/4/4/4/4/g3/Pm2 b p 0", "a2xa3", RuleNothingToTake, ""},
		{"own piece", "", "4/4/4/4/4/4/g3/gm2 b - 0", "a2xa1", RuleOwnPiece, ""},
		{"dash capture", "", "4/4/4/4/4/4/G3/P3 b - 0", "a2-a1", RuleNotOwnPiece, ""},
		{"dash capture ok", "", "4/4/4/4/4/4/G3/p3 r - 0", "a2-a1", "", "4/4/4/4/4/4/4/G3 b - 0"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := mustPos(t, tc.pos, opts(t, tc.opts))
			m, err := ParseMove(tc.ply, p.Set())
			if err != nil {
				t.Fatal(err)
			}
			_, err = p.Play(m)
			if tc.rule == "" {
				if err != nil {
					t.Fatalf("%s: %v", tc.ply, err)
				}
				if got := p.String(); got != tc.after {
					t.Errorf("after %s\n got %s\nwant %s", tc.ply, got, tc.after)
				}
				return
			}
			var ie *IllegalError
			if !errors.As(err, &ie) {
				t.Fatalf("%s: err %v, want rule %s", tc.ply, err, tc.rule)
			}
			if ie.Rule != tc.rule {
				t.Errorf("%s: rule %s (%v), want %s", tc.ply, ie.Rule, ie, tc.rule)
			}
		})
	}
}

func TestRecordErrors(t *testing.T) {
	// FF-2: a move before the first flip; a bare flip; a second Red general.
	for _, tc := range []struct {
		record string
		ply    int
		rule   Rule
	}{
		{"c6-c5", 0, RuleBeforeFirstFlip},
		{"c6", 0, RuleFlipIdentity},
		{"c6=K c5=K", 1, RuleNotInPool},
		{"c6=K c6=k", 1, RuleFlipFaceUp},
		{"c6=K c5=?? ", 1, RuleSyntax},
	} {
		_, err := play(t, "", DefaultOptions(), tc.record)
		var me *MoveError
		if !errors.As(err, &me) || me.Ply != tc.ply || me.Rule != tc.rule {
			t.Errorf("%q: %v, want ply %d rule %s", tc.record, err, tc.ply+1, tc.rule)
		}
	}
}

func TestDeal(t *testing.T) {
	g := NewGame(mustPos(t, "X3/4/4/4/4/4/4/XK2 r kp 0", DefaultOptions()))
	if err := g.SetDeal("pk"); err != nil {
		t.Fatal(err)
	}
	if _, err := g.Play("a8"); err != nil {
		t.Fatal(err)
	}
	if got := g.Position().At(SquareAt(0, 7)); got != MakePiece(Black, Soldier) {
		t.Errorf("a8 turned up %v", got)
	}
	if _, err := g.Play("a1=p"); err == nil || err.(*MoveError).Rule != RuleDealMismatch {
		t.Errorf("mismatch: %v", err)
	}
	for _, bad := range []string{"p", "pp", "pz", "pkk"} {
		g := NewGame(mustPos(t, "X3/4/4/4/4/4/4/XK2 r kp 0", DefaultOptions()))
		if err := g.SetDeal(bad); err == nil {
			t.Errorf("deal %q accepted", bad)
		}
	}
}

func TestOccurrence(t *testing.T) {
	// BQ-2: k = 3 after 8 plies; a flip clears the window.
	g, err := play(t, "3r/4/4/4/4/4/4/R3 r - 0", DefaultOptions(), "a1-a2 d8-d7 a2-a1 d7-d8 a1-a2 d8-d7 a2-a1 d7-d8")
	if err != nil {
		t.Fatal(err)
	}
	if k := g.Occurrence(); k != 3 {
		t.Errorf("k = %d, want 3", k)
	}
	if prev := g.PreviousOccurrence(); prev != 4 {
		t.Errorf("previous occurrence after %d plies, want 4", prev)
	}
	g, err = play(t, "3r/4/4/X3/4/4/4/R3 r p 0", DefaultOptions(), "a1-a2 d8-d7 a2-a1 d7-d8 a5=p d8-d7 a1-a2 d7-d8 a2-a1")
	if err != nil {
		t.Fatal(err)
	}
	// The window starts after the flip (ply 5): its first position recurs after ply 9.
	if k, w := g.Occurrence(), g.WindowStart(); k != 2 || w != 5 {
		t.Errorf("after a flip k = %d, window start %d; want 2, 5", k, w)
	}
	// Face-down squares are part of the identity: same face-up pieces, X elsewhere.
	a, b := mustPos(t, "X3/4/4/4/4/4/4/R3 r p 0", DefaultOptions()), mustPos(t, "1X2/4/4/4/4/4/4/R3 r p 0", DefaultOptions())
	if a.Hash() == b.Hash() || a.SameAs(&b) {
		t.Errorf("positions with different face-down squares hash alike")
	}
}

func TestMirrorAndSwap(t *testing.T) {
	p := mustPos(t, "4/4/4/r3/X3/X1n1/X1p1/C1R1 r Mkm 0", DefaultOptions())
	if got := p.Mirror(); got.String() != "4/4/4/3r/3X/1n1X/1p1X/1R1C r Mkm 0" {
		t.Errorf("mirror %s", got.String())
	}
	if got := p.SwapColors(); got.String() != "4/4/4/R3/X3/X1N1/X1P1/c1r1 b KMm 0" {
		t.Errorf("swap %s", got.String())
	}
}

func TestUndoLast(t *testing.T) {
	g, err := play(t, "3r/4/4/X3/4/4/4/R3 r p 0", DefaultOptions(), "a1-a2 d8-d7 a2-a1 d7-d8")
	if err != nil {
		t.Fatal(err)
	}
	before := *g.Position()
	for _, m := range []string{"a1-a2", "a5=p"} {
		if _, err := g.Play(m); err != nil {
			t.Fatal(err)
		}
		if !g.UndoLast() {
			t.Fatal("UndoLast refused")
		}
		if *g.Position() != before || g.Len() != 4 || g.Occurrence() != 2 || g.WindowStart() != 0 {
			t.Errorf("after undoing %s: %s len %d k %d window %d", m, g.Position().String(), g.Len(), g.Occurrence(), g.WindowStart())
		}
	}
	if g.UndoLast() {
		t.Error("a second UndoLast succeeded")
	}
}

// TestMessagesUseArticles: the reasons read as English ("an advisor", "an elephant"; they
// said "a advisor moves one square", "a elephant (rank 5) cannot take a general").
func TestMessagesUseArticles(t *testing.T) {
	for _, tc := range []struct{ pos, ply, want string }{
		{"4/4/4/4/4/4/X3/G3 r p 0", "a1-a3", "a1-a3: an advisor moves one square along a rank or file"},
		{"4/4/4/4/4/4/k3/M3 r - 0", "a1xa2", "an elephant (rank 5) cannot take a general (rank 7)"},
		{"4/4/4/4/4/4/r3/N3 r - 0", "a1xa2", "a horse (rank 3) cannot take a chariot (rank 4)"},
	} {
		p := mustPos(t, tc.pos, opts(t, ""))
		m, err := ParseMove(tc.ply, p.Set())
		if err != nil {
			t.Fatal(err)
		}
		_, err = p.Play(m)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s in %s: %v, want %q", tc.ply, tc.pos, err, tc.want)
		}
	}
}
