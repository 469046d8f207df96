package banqi

import (
	"context"
	"errors"
	"sort"
	"strings"
	"testing"

	"github.com/arbiter-xq/arbiter/arbiter"
	bq "github.com/arbiter-xq/arbiter/banqi"
)

func session(t *testing.T, id, pos string) *Session {
	t.Helper()
	rs := ruleset(t, id, "")
	p, err := bq.ParsePosition(pos, rs.Options)
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewSession(rs, p, "")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func playAll(t *testing.T, s *Session, moves string) Update {
	t.Helper()
	var u Update
	for _, m := range strings.Fields(moves) {
		var err error
		if u, err = s.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	return u
}

// §6.6: after BQ-1 the chase state names the route and the two forbidden moves.
func TestLongChaseState(t *testing.T) {
	s := session(t, "banqi-routechase", "4/4/4/4/4/4/r3/1G2 r - 0")
	u := playAll(t, s, "b1-a1 a2-b2 a1-a2 b2-b1 a2-b2 b1-a1 b2-b1 a1-a2")
	if u.Chase == nil || u.Chase.Attacker.String() != "b1" || u.Chase.Target.String() != "a2" || !u.Chase.Revisits ||
		routeString(u.Chase.Route) != "a2 b2 b1 a1 a2" {
		t.Fatalf("chase %+v", u.Chase)
	}
	var got []string
	for _, f := range u.Forbidden {
		got = append(got, f.Move.String())
	}
	sort.Strings(got)
	if strings.Join(got, " ") != "b1-a1 b1-b2" {
		t.Errorf("forbidden %v, want b1-a1 b1-b2", got)
	}
	// A flip or a capture clears the state (step 1): here the chaser plays elsewhere.
	u, err := s.Play("b1-c1")
	if err != nil || u.Status != arbiter.StatusOngoing || u.Chase != nil {
		t.Errorf("b1-c1: %+v %v", u, err)
	}
}

// §6.2: a move that uncovers a cannon's jump attacks, with the cannon as attacker.
func TestUncoveredAttack(t *testing.T) {
	// The Red chariot on a2 screens nothing yet: the cannon on a1 sees a2 (own chariot),
	// a3 empty, a4 the Black horse: one screen, so the cannon already threatens a4.
	// Moving the chariot away from a2 removes the screen: no new threat, idle.
	s := session(t, "banqi-tw", "4/4/4/4/n3/4/R3/C2p r - 0")
	u := playAll(t, s, "a2-b2")
	if u.Nature != NatureIdle {
		t.Errorf("a2-b2: %s %v", u.Nature, u.Evidence)
	}
	// Moving it back puts the screen again: the cannon's threat on a4 is new.
	playAll(t, s, "d1-d2")
	u = playAll(t, s, "b2-a2")
	if u.Nature != NatureAttack || len(u.Evidence) != 1 || u.Evidence[0].Attacker.String() != "a1" || u.Evidence[0].Target.String() != "a4" {
		t.Errorf("b2-a2: %s %+v", u.Nature, u.Evidence)
	}
}

func TestOverrides(t *testing.T) {
	for _, tc := range []struct{ id, ov, want string }{
		{"banqi-animal", "cannon_capture=step", "require pieces=xiangqi"},
		{"banqi-tw", "rat_elephant=mutual", "pieces=animal only"},
		{"banqi-tw", "chain_capture=any", "requires hidden_capture"},
		{"banqi-tw", "colour=green", "unknown option"},
		{"banqi-tw", "repetition=sometimes", "valid values: forbidden, allowed, off"},
		{"banqi-tw", "no_progress_plies=-1", "want a number"},
		{"banqi-tw", "loss_at_occurrence=1", "want a number 2..100"},
	} {
		rs, _ := Lookup(tc.id)
		ov, _ := ParseOverrides(tc.ov)
		if _, err := rs.WithOverrides(ov); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s+%s: %v, want %q", tc.id, tc.ov, err, tc.want)
		}
	}
	if _, err := Lookup("banqi-xx"); err == nil || !strings.Contains(err.Error(), "banqi-cdc") {
		t.Errorf("unknown ruleset: %v", err)
	}
	// rank_order=hk brings the HK cannon unless cannon_capture is set too.
	rs := ruleset(t, "banqi-tw", "rank_order=hk")
	if rs.Options.CannonCapture != bq.CannonStep {
		t.Errorf("rank_order=hk: cannon %v", rs.Options.CannonCapture)
	}
	rs = ruleset(t, "banqi-tw", "rank_order=hk cannon_capture=jump")
	if rs.Options.CannonCapture != bq.CannonJump {
		t.Errorf("rank_order=hk cannon_capture=jump: cannon %v", rs.Options.CannonCapture)
	}
}

func TestGameRulesetIDs(t *testing.T) {
	g, _ := New("banqi-cdc")
	g2, err := g.WithOptions([]arbiter.Override{{Name: "no_progress_plies", Value: "60"}, {Name: "repetition_counting", Value: "consecutive_cycles"}, {Name: "repetition", Value: "allowed"}})
	if err != nil {
		t.Fatal(err)
	}
	if id := g2.Info().ID; id != "banqi-cdc+no_progress_plies=60+repetition_counting=consecutive_cycles" {
		t.Errorf("canonical id %q", id)
	}
	_, err = g.WithOptions([]arbiter.Override{{Name: "hidden_capture", Value: "sometimes"}})
	var oe *arbiter.OptionError
	if !errors.As(err, &oe) || oe.Name != "hidden_capture" || oe.Ruleset != "banqi-cdc" {
		t.Errorf("bad override: %v", err)
	}
	info := g.Info()
	if info.Game != arbiter.GameBanqi || len(info.Options) != len(OptionNames()) {
		t.Errorf("info %+v", info)
	}
}

// Plies after the end are not replayed and are counted (§5 [design]).
func TestIgnoredPlies(t *testing.T) {
	g, _ := New("banqi-routechase")
	moves := strings.Fields(strings.Repeat("a2-b2 a1-a2 b2-b1 a2-b2 b1-a1 b2-b1 a1-a2 b1-a1 ", 2))
	r, err := arbiter.Adjudicate(context.Background(), g, arbiter.Start{Position: "4/4/4/4/4/4/r3/G3 b - 0"}, append(moves, "garbage"))
	if err != nil {
		t.Fatal(err)
	}
	if r.DecidedAtPly != 9 || r.IgnoredPlies != 8 || len(r.Plies) != 9 || r.Result != arbiter.ResultBlackWins || r.Termination != arbiter.TerminationNoLegalMove {
		t.Errorf("report: decided %d ignored %d plies %d %v %v", r.DecidedAtPly, r.IgnoredPlies, len(r.Plies), r.Result, r.Termination)
	}
	// In a session, an illegal ply is an error with the ply and the reason code.
	s, _ := g.NewGame(arbiter.Start{})
	_, err = s.Play(context.Background(), "c6-c5")
	var me *arbiter.MoveError
	if !errors.As(err, &me) || me.Ply != 1 || me.Code != "before_first_flip" {
		t.Errorf("illegal ply: %v", err)
	}
}

func TestTransformCase(t *testing.T) {
	g, _ := New("banqi-tw")
	pos, deal, moves, swap, err := g.TransformCase("mirrored", "X2X/4/4/4/4/4/4/XK2 r kpP 0", "kpP", []string{"a8", "d8=p", "b1-c1", "a1xa3=k"})
	if err != nil {
		t.Fatal(err)
	}
	if pos != "X2X/4/4/4/4/4/4/2KX r Pkp 0" || deal != "pkP" || strings.Join(moves, " ") != "d8 a8=p c1-b1 d1xd3=k" || swap {
		t.Errorf("mirrored: %q %q %v %v", pos, deal, moves, swap)
	}
	pos, deal, moves, swap, err = g.TransformCase("colour-flipped", "X2X/4/4/4/4/4/4/XK2 r kpP 0", "kpP", []string{"a8", "d8=p"})
	if err != nil {
		t.Fatal(err)
	}
	if pos != "X2X/4/4/4/4/4/4/Xk2 b KPp 0" || deal != "KPp" || strings.Join(moves, " ") != "a8 d8=P" || !swap {
		t.Errorf("colour-flipped: %q %q %v %v", pos, deal, moves, swap)
	}
}

func TestPerftThroughTheRuleset(t *testing.T) {
	g, _ := New("banqi-tw")
	n, lines, err := g.Perft(context.Background(), "2Pg/2P1/4/4/4/4/1p2/Gp2 r - 0", 3, true)
	if err != nil || n != 254 || len(lines) != 6 {
		t.Errorf("perft 3: %d %v %v", n, lines, err)
	}
	// A cancelled context stops a huge count.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := g.Perft(ctx, "", 5, false); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled perft: %v", err)
	}
	if _, _, err := g.Perft(context.Background(), "", 9, false); err == nil {
		t.Error("depth 9 accepted")
	}
}

// Every refused ply carries its reason code, in Code and at the end of the wording, as
// chu shogi's do.
func TestMoveErrorsCarryTheirCode(t *testing.T) {
	for _, tc := range []struct {
		id, pos, moves string
		ply            int
		code, contains string
	}{
		{"banqi-tw", "", "c6-c5", 1, "before_first_flip", "only flips are legal"},
		{"banqi-tw", "", "c6=K c5=K", 2, "not_in_pool", "which the pool no longer holds"},
		{"banqi-tw", "", "c6=Q", 1, "malformed_move", "K general 帥/帅"},
		{"banqi-tw", "", "c6", 1, "identity_missing", "flip without the revealed piece"},
		{"banqi-tw", "4/4/4/4/4/4/r3/N3 r - 0", "a1xa2", 1, "rank_forbids", "a horse (rank 3) cannot take a chariot (rank 4)"},
		{"banqi-tw", "4/4/4/4/2p1/2K1/4/4 r - 0", "c3xc4", 1, "general_takes_soldier", "a general never takes a soldier"},
		{"banqi-tw", "4/4/4/4/r3/P3/X3/C3 r p 0", "a1xa4", 1, "cannon_screen", "found 2"},
		{"banqi-tw", "4/4/4/4/4/2X1/2N1/4 r m 0", "c2xc3=m", 1, "hidden_capture_forbidden", "face-down"},
	} {
		g, err := New(tc.id)
		if err != nil {
			t.Fatal(err)
		}
		_, err = arbiter.Adjudicate(context.Background(), g, arbiter.Start{Position: tc.pos}, strings.Fields(tc.moves))
		var me *arbiter.MoveError
		if !errors.As(err, &me) {
			t.Errorf("%s %q: %v, want a MoveError", tc.pos, tc.moves, err)
			continue
		}
		if me.Ply != tc.ply || me.Code != tc.code || !strings.HasSuffix(me.Reason, " ["+tc.code+"]") || !strings.Contains(me.Reason, tc.contains) {
			t.Errorf("%s %q: ply %d code %q reason %q, want ply %d code %q, the reason containing %q and ending in [%s]", tc.pos, tc.moves, me.Ply, me.Code, me.Reason, tc.ply, tc.code, tc.contains, tc.code)
		}
	}
}
