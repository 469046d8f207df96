package asian

import (
	"context"
	"strings"
	"testing"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/rules/xqrules"
	"github.com/arbiter-xq/arbiter/xiangqi"
)

func mustFEN(t testing.TB, fen string) xiangqi.Position {
	t.Helper()
	p, err := xiangqi.ParseFEN(fen)
	if err != nil {
		t.Fatalf("%s: %v", fen, err)
	}
	return p
}

func sq(s string) xiangqi.Square {
	q, ok := xiangqi.ParseSquare(s)
	if !ok {
		panic(s)
	}
	return q
}

// TestRootOf pins the protection test (spec §1.2): a legal recapture is a root, a
// pinned protector a false root, a cannon screened by the capturer a root.
func TestRootOf(t *testing.T) {
	tests := []struct {
		name, fen, from, victim string
		want                    arbiter.RootStatus
		protector               string
	}{
		{"no protector", "4k4/9/9/9/n8/9/9/9/9/R2K5 w", "a0", "a5", arbiter.Unrooted, "-"},
		{"rook on the rank recaptures", "4k4/9/9/9/n7r/9/9/9/9/R2K5 w", "a0", "a5", arbiter.Rooted, "i5"},
		// The black rook on e5 is pinned to the e-file by the red rook on e1.
		{"pinned protector is a false root", "4k4/9/9/9/n3r4/9/9/9/4R4/R2K5 w", "a0", "a5", arbiter.FalseRoot, "e5"},
		// The black cannon on i5 covers a5 over the red rook on e5, the capturer itself.
		{"cannon screened by the capturer", "3k5/9/9/9/n3R3c/9/9/9/9/4K4 w", "e5", "a5", arbiter.Rooted, "i5"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := mustFEN(t, tc.fen)
			before := p
			got, _ := rootOf(&p, sq(tc.from), sq(tc.victim), nil)
			if got.status != tc.want || got.protector.String() != tc.protector {
				t.Errorf("rootOf = %v from %v, want %v from %s", got.status, got.protector, tc.want, tc.protector)
			}
			if !p.Equal(&before) || p.Hash() != before.Hash() {
				t.Error("rootOf changed the position")
			}
		})
	}
}

// findAttack returns the attack from -> to in as.
func findAttack(t *testing.T, as []attack, from, to string) attack {
	t.Helper()
	for _, a := range as {
		if a.from == sq(from) && a.to == sq(to) {
			return a
		}
	}
	t.Fatalf("no attack %s->%s in %v", from, to, as)
	return attack{}
}

// TestExceptions pins the attacks that never chase (spec §1.3) and the ones that do.
func TestExceptions(t *testing.T) {
	tests := []struct {
		name, fen, from, to string
		counts              bool
		exception           string
	}{
		// AXF rule 24 (D51–D52): rooks facing each other can take each other.
		{"same type, victim can take back", "4k4/9/9/9/r8/9/9/9/9/R2K5 w", "a0", "a5", false, excSameType},
		// D64–D65: the black rook on e5 is pinned to the e-file, so it cannot take back
		// along the rank: the red rook on a5 chases it...
		{"same type, pinned victim", "4k4/9/9/9/R3r4/9/9/9/4R4/3K5 w", "a5", "e5", true, ""},
		// ...while the red rook on e1, which it could take along the file, does not.
		{"same type along the pin line", "4k4/9/9/9/R3r4/9/9/9/4R4/3K5 w", "e1", "e5", false, excSameType},
		// AXF rules 28, 29: king and pawn attackers; rule 25: uncrossed pawn victims.
		{"king attacker", "4k4/9/9/p3n4/4P4/9/9/9/3K5/R2p5 w", "d1", "d0", false, excKing},
		{"pawn attacker", "4k4/9/9/p3n4/4P4/9/9/9/3K5/R2p5 w", "e5", "e6", false, excPawn},
		{"uncrossed pawn victim", "4k4/9/9/p3n4/4P4/9/9/9/3K5/R2p5 w", "a0", "a6", false, excUncrossedPawn},
		{"crossed pawn victim", "4k4/9/9/p3n4/4P4/9/9/9/3K5/R2p5 w", "a0", "d0", true, ""},
		// AXF rule 15: a cannon on a rook protected by the horse on b7 chases it.
		{"cannon on protected rook", "r3k4/9/1n7/9/p8/9/9/9/9/C2K5 w", "a0", "a9", true, excHorseCannonOnRook},
		// AXF rule 17: a rook on a protected cannon does not.
		{"rook on protected cannon", "c3k4/9/1n7/9/9/9/9/9/9/R2K5 w", "a0", "a9", false, excRooted},
		// AXF rules 19, 27: a pinned attacker does not chase what it cannot take: the
		// red horse on e3 is pinned to its king on e0 by the black rook on e9.
		{"pinned attacker", "3kr4/9/9/9/3c5/9/4N4/9/9/4K4 w", "e3", "d5", false, excPinned},
	}
	var sc scanner
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := mustFEN(t, tc.fen)
			as := sc.scan(p, xiangqi.Red, nil)
			a := findAttack(t, as, tc.from, tc.to)
			if a.counts != tc.counts || a.exception != tc.exception {
				t.Errorf("counts=%v exception=%q, want counts=%v exception=%q", a.counts, a.exception, tc.counts, tc.exception)
			}
		})
	}
}

// play replays ICCS moves from fen.
func play(t testing.TB, fen string, moves ...string) *xiangqi.Game {
	t.Helper()
	g := xiangqi.NewGame(mustFEN(t, fen))
	for _, s := range moves {
		m, ok := xiangqi.ParseICCS(s)
		if !ok {
			t.Fatalf("bad move %q", s)
		}
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// rookChasesCannon is a 4-ply cycle: the red rook chases the unprotected black cannon
// along ranks 0 and 4 (AXF rule 18, D32–D38).
var rookChasesCannon = []string{"4k4/9/9/9/9/c8/9/9/9/1R1K5 w", "b0a0", "a4b4", "a0b0", "b4a4"}

// TestEvidence pins the shape of the evidence an arbiter sees.
func TestEvidence(t *testing.T) {
	g := play(t, rookChasesCannon[0], rookChasesCannon[1:]...)
	if prev := g.PreviousOccurrence(); prev != 0 {
		t.Fatalf("PreviousOccurrence = %d, want 0", prev)
	}
	j := mustJudge(New().JudgeCycle(context.Background(), g, 0, 4))
	if len(j.Plies) != 4 {
		t.Fatalf("%d plies, want 4", len(j.Plies))
	}
	p0 := j.Plies[0]
	if p0.Ply != 0 || p0.Nature != arbiter.NatureChase || len(p0.Threats) != 1 {
		t.Fatalf("ply 0 = %+v", p0)
	}
	th := p0.Threats[0]
	want := xqrules.Attacker{Square: sq("a0"), Piece: xiangqi.MakePiece(xiangqi.Red, xiangqi.Rook)}
	if th.Target != sq("a4") || th.Victim != xiangqi.MakePiece(xiangqi.Black, xiangqi.Cannon) ||
		len(th.Attackers) != 1 || th.Attackers[0] != want || th.Root != arbiter.Unrooted || th.Exception != "" {
		t.Errorf("threat = %+v", th)
	}
	if !strings.Contains(th.Note, "无根") || !strings.Contains(th.Note, "a4") {
		t.Errorf("threat note %q", th.Note)
	}
	if j.Plies[1].Nature != arbiter.NatureIdle {
		t.Errorf("ply 1 nature %v, want idle", j.Plies[1].Nature)
	}
	red, black := j.Sides[xiangqi.Red], j.Sides[xiangqi.Black]
	if red.Pattern != "perpetual chase" || !red.Forbidden || len(red.Chased) != 1 || red.Chased[0] != sq("b4") {
		t.Errorf("red side = %+v", red)
	}
	if black.Forbidden || black.Pattern != "idle" {
		t.Errorf("black side = %+v", black)
	}
	if j.Ruling.Verdict != arbiter.VerdictRedMustChange {
		t.Errorf("verdict %v", j.Ruling.Verdict)
	}
	if !contains(j.Ruling.References, "AXF rule 18 (D32–D38)") {
		t.Errorf("references %v", j.Ruling.References)
	}
	for _, w := range []string{"black cannon", "长捉", "a4", "b4", "Red must change"} {
		if !strings.Contains(j.Ruling.Explanation, w) {
			t.Errorf("explanation lacks %q: %s", w, j.Ruling.Explanation)
		}
	}
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

// TestDecisionTable pins spec §3.3.
func TestDecisionTable(t *testing.T) {
	check := sideReading{perpetualCheck: true}
	chase := sideReading{chased: []pieceID{1}}
	other := sideReading{}
	tests := []struct {
		red, black sideReading
		want       arbiter.Verdict
	}{
		{check, check, arbiter.VerdictDraw},
		{check, chase, arbiter.VerdictRedMustChange},
		{check, other, arbiter.VerdictRedMustChange},
		{chase, check, arbiter.VerdictBlackMustChange},
		{chase, chase, arbiter.VerdictDraw},
		{chase, other, arbiter.VerdictRedMustChange},
		{other, check, arbiter.VerdictBlackMustChange},
		{other, chase, arbiter.VerdictBlackMustChange},
		{other, other, arbiter.VerdictDraw},
	}
	for _, tc := range tests {
		if got := decide(&tc.red, &tc.black); got != tc.want {
			t.Errorf("decide(%+v, %+v) = %v, want %v", tc.red, tc.black, got, tc.want)
		}
	}
}

// TestMateThreat pins the mate-threat search: with Black passing, Red mates by R b0-b9.
func TestMateThreat(t *testing.T) {
	p := mustFEN(t, "4k4/R8/9/9/9/9/9/9/9/1R1K5 b")
	if !threatensMate(p, xiangqi.Red) {
		t.Error("no mate threat found")
	}
	if threatensMate(p, xiangqi.Black) {
		t.Error("black has no mate threat")
	}
}

// TestPerpetualCheck: the red rook checks on every move.
func TestPerpetualCheck(t *testing.T) {
	// The rook checks along rank 9, then along rank 8, as the king steps up and down.
	g := play(t, "5k3/7R1/9/9/9/9/9/9/9/3K5 w", "h8h9", "f9f8", "h9h8", "f8f9", "h8h9")
	start := g.PreviousOccurrence()
	if start < 0 {
		t.Fatal("no repetition")
	}
	j := mustJudge(New().JudgeCycle(context.Background(), g, start, g.Len()))
	if j.Ruling.Verdict != arbiter.VerdictRedMustChange || j.Sides[xiangqi.Red].Pattern != "perpetual check" {
		t.Errorf("got %v, red %q", j.Ruling.Verdict, j.Sides[xiangqi.Red].Pattern)
	}
	if !contains(j.Ruling.References, "AXF rule 6 (D1–D3)") {
		t.Errorf("references %v", j.Ruling.References)
	}
}
