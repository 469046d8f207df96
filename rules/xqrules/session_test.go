package xqrules_test

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/internal/corpus"
	"github.com/arbiter-xq/arbiter/rules/asian"
	"github.com/arbiter-xq/arbiter/rules/chinese"
	"github.com/arbiter-xq/arbiter/rules/xqrules"
	"github.com/arbiter-xq/arbiter/xiangqi"
)

// Perpetual check by the red rook (CXA 2020 图6): the cycle f0e0 e8f8 e0f0 f8e8.
const checkFEN = "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 0 1"

var checkCycle = []string{"f0e0", "e8f8", "e0f0", "f8e8"}

func moves(t testing.TB, texts []string, repeat int) []xiangqi.Move {
	t.Helper()
	var out []xiangqi.Move
	for r := 0; r < repeat; r++ {
		for _, s := range texts {
			m, ok := xiangqi.ParseICCS(s)
			if !ok {
				t.Fatalf("bad move %q", s)
			}
			out = append(out, m)
		}
	}
	return out
}

func position(t testing.TB, fen string) xiangqi.Position {
	t.Helper()
	p, err := xiangqi.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestAdjudicatePolicy(t *testing.T) {
	rulesets := []xqrules.Ruleset{asian.New(), chinese.New()}
	tests := []struct {
		name    string
		policy  arbiter.Policy
		repeat  int
		result  arbiter.Result
		term    arbiter.Termination
		endPly  int
		forbid  int
		verdict arbiter.Verdict
	}{
		{"second occurrence is a warning", arbiter.Policy{}, 1, arbiter.ResultOngoing, arbiter.TerminationNone, -1, -1, arbiter.VerdictRedMustChange},
		{"third occurrence loses", arbiter.Policy{}, 2, arbiter.ResultBlackWins, arbiter.TerminationPerpetualCheck, 7, -1, arbiter.VerdictRedMustChange},
		{"loss at the fourth occurrence", arbiter.Policy{LossAtOccurrence: 4}, 2, arbiter.ResultOngoing, arbiter.TerminationNone, -1, -1, arbiter.VerdictRedMustChange},
		{"loss at the second occurrence", arbiter.Policy{LossAtOccurrence: 2}, 1, arbiter.ResultBlackWins, arbiter.TerminationPerpetualCheck, 3, -1, arbiter.VerdictRedMustChange},
		// Under forbid only the violator's move completing the loss occurrence is refused.
		// Black's move (index 7) completes the third occurrence of the start position but
		// Black is not the violator: a warning. Red's next move (index 8) would complete
		// the third occurrence of the position after one ply, and it is Red's only legal
		// move: every move of Red is forbidden, so Red has lost (CXA 2020, note to 图6).
		// (With a permitted alternative the move is refused: apiconv's and the CLI's tests.)
		{"forbid", arbiter.Policy{OnViolation: arbiter.ViolationForbid}, 3, arbiter.ResultBlackWins, arbiter.TerminationPerpetualCheck, 8, -1, arbiter.VerdictRedMustChange},
	}
	for _, rs := range rulesets {
		for _, tt := range tests {
			t.Run(rs.Info().ID+"/"+tt.name, func(t *testing.T) {
				rep, err := xqrules.Adjudicate(rs, position(t, checkFEN), moves(t, checkCycle, tt.repeat), tt.policy)
				if err != nil {
					t.Fatal(err)
				}
				if rep.Result != tt.result || rep.Termination != tt.term || rep.EndPly != tt.endPly || rep.ForbiddenPly != tt.forbid {
					t.Errorf("result %s %s end %d forbidden %d; want %s %s end %d forbidden %d",
						rep.Result, rep.Termination, rep.EndPly, rep.ForbiddenPly, tt.result, tt.term, tt.endPly, tt.forbid)
				}
				if rep.Ruling.Verdict != tt.verdict || rep.Cycle == nil {
					t.Errorf("verdict %s, want %s", rep.Ruling.Verdict, tt.verdict)
				}
				if !strings.Contains(rep.Explanation, "Red") {
					t.Errorf("explanation does not name the violator: %q", rep.Explanation)
				}
			})
		}
	}
}

// An allowed repetition: both horses go out and back. Draw at the third occurrence; with
// the no-draw regulation, Red (who moved first) must change instead.
func TestAdjudicateDrawAndRegulation(t *testing.T) {
	cycle := []string{"h0g2", "h9g7", "g2h0", "g7h9"}
	for _, rs := range []xqrules.Ruleset{asian.New(), chinese.New()} {
		rep, err := xqrules.Adjudicate(rs, xiangqi.StartPosition(), moves(t, cycle, 2), arbiter.Policy{})
		if err != nil {
			t.Fatal(err)
		}
		if rep.Ruling.Verdict != arbiter.VerdictDraw || rep.Result != arbiter.ResultDraw || rep.Termination != arbiter.TerminationRepetitionDraw {
			t.Errorf("%s: %s %s %s, want a repetition draw", rs.Info().ID, rep.Ruling.Verdict, rep.Result, rep.Termination)
		}
		rep, err = xqrules.Adjudicate(rs, xiangqi.StartPosition(), moves(t, cycle, 2), arbiter.Policy{NoDrawBeforeMove: 25})
		if err != nil {
			t.Fatal(err)
		}
		if rep.Ruling.Verdict != arbiter.VerdictRedMustChange || rep.Result != arbiter.ResultBlackWins || rep.Termination != arbiter.TerminationRegulation {
			t.Errorf("%s with no draw before move 25: %s %s %s", rs.Info().ID, rep.Ruling.Verdict, rep.Result, rep.Termination)
		}
	}
}

// The natural move limit counts plies since the last capture; checks beyond the limit
// per side do not count.
func TestNaturalMoveLimit(t *testing.T) {
	// Kings and one rook each walk without capturing or repeating.
	fen := "3k5/9/9/9/9/9/9/9/r8/4K3R w - - 0 1"
	walk := []string{"i0i1", "a1a2", "i1i2", "a2a3", "i2i3", "a3a4", "i3i4", "a4a5"}
	rs := asian.New()
	rep, err := xqrules.Adjudicate(rs, position(t, fen), moves(t, walk, 1), arbiter.Policy{NaturalMoveLimit: 4})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Result != arbiter.ResultDraw || rep.Termination != arbiter.TerminationNaturalMoveLimit || rep.EndPly != 7 {
		t.Errorf("limit 4 moves: %s %s at %d", rep.Result, rep.Termination, rep.EndPly)
	}
	rep, _ = xqrules.Adjudicate(rs, position(t, fen), moves(t, walk, 1), arbiter.Policy{NaturalMoveLimit: 5})
	if rep.Result != arbiter.ResultOngoing {
		t.Errorf("limit 5 moves after 4: %s", rep.Result)
	}
	// Checks: the red rook checks along ranks 9 and 8; with one counted check per side
	// the second check does not advance the counter.
	checks := []string{"i0i9", "d9d8", "i9h9", "a1a2", "h9h8", "d8d9", "h8g8", "a2a3"}
	rep, err = xqrules.Adjudicate(rs, position(t, fen), moves(t, checks, 1), arbiter.Policy{NaturalMoveLimit: 4, CheckCountLimit: 1})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Result != arbiter.ResultOngoing {
		t.Errorf("with checks beyond the limit not counted: %s %s", rep.Result, rep.Termination)
	}
	rep, _ = xqrules.Adjudicate(rs, position(t, fen), moves(t, checks, 1), arbiter.Policy{NaturalMoveLimit: 4, CheckCountLimit: -1})
	if rep.Result != arbiter.ResultDraw {
		t.Errorf("with every ply counted: %s", rep.Result)
	}
}

func TestPolicyNormalize(t *testing.T) {
	for _, p := range []arbiter.Policy{{LossAtOccurrence: 1}, {DrawAtOccurrence: 101}, {OnViolation: 9}, {NaturalMoveLimit: -2}, {NoDrawBeforeMove: -1}} {
		if _, err := p.Normalize(); err == nil {
			t.Errorf("%+v: want an error", p)
		}
	}
	p, err := arbiter.Policy{}.Normalize()
	if err != nil || p != arbiter.DefaultPolicy() {
		t.Errorf("zero policy normalises to %+v, %v", p, err)
	}
}

func TestPatternNames(t *testing.T) {
	N := func(ns ...arbiter.Nature) []arbiter.Nature { return ns }
	tests := []struct {
		ns      []arbiter.Nature
		en, zh  string
		attacks bool
	}{
		{N(arbiter.NatureCheck, arbiter.NatureCheck), "perpetual check", "长将", true},
		{N(arbiter.NatureCheck, arbiter.NatureChase), "one check one chase", "一将一捉", true},
		{N(arbiter.NatureCheck, arbiter.NatureCheck, arbiter.NatureIdle), "two checks one idle", "二将一闲", false},
		{N(arbiter.NatureChase, arbiter.NatureExchange), "one chase one idle", "一捉一闲", false},
		{N(arbiter.NatureIdle, arbiter.NatureIdle), "idle", "长闲", false},
	}
	for _, tt := range tests {
		if got := arbiter.PatternName(tt.ns); got != tt.en {
			t.Errorf("PatternName(%v) = %q, want %q", tt.ns, got, tt.en)
		}
		if got := arbiter.PatternChinese(tt.ns); got != tt.zh {
			t.Errorf("PatternChinese(%v) = %q, want %q", tt.ns, got, tt.zh)
		}
		if got := arbiter.AllAttacks(tt.ns); got != tt.attacks {
			t.Errorf("AllAttacks(%v) = %v", tt.ns, got)
		}
	}
}

func loadGames(b *testing.B, n int) ([]xiangqi.Position, [][]xiangqi.Move, int) {
	path := corpus.Path(corpus.CCPDPath)
	if path == "" {
		b.Skip("shared corpus absent")
	}
	games, err := corpus.ReadCCPD(path, n)
	if err != nil {
		b.Fatal(err)
	}
	var starts []xiangqi.Position
	var all [][]xiangqi.Move
	plies := 0
	for _, g := range games {
		p, err := xiangqi.ParseFENOptions(g.FEN, xiangqi.FENOptions{AllowUnreachable: true})
		if err != nil {
			b.Fatal(err)
		}
		starts = append(starts, p)
		all = append(all, moves(b, g.Moves, 1))
		plies += len(g.Moves)
	}
	return starts, all, plies
}

// BenchmarkAdjudicate measures full adjudication of real games (replay, repetition
// detection, classification of every cycle, policy) per game and per ply.
func BenchmarkAdjudicate(b *testing.B) {
	starts, games, plies := loadGames(b, 1000)
	for _, rs := range []xqrules.Ruleset{asian.New(), chinese.New()} {
		b.Run(rs.Info().ID, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for i := range games {
					if _, err := xqrules.Adjudicate(rs, starts[i], games[i], arbiter.Policy{}); err != nil {
						b.Fatal(err)
					}
				}
			}
			ns := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
			b.ReportMetric(ns/float64(len(games)), "ns/game")
			b.ReportMetric(ns/float64(plies), "ns/ply")
		})
	}
}

// BenchmarkSessionRepeatedCycle measures the move that closes a cycle at the 2nd and at
// the 50th occurrence of the position (a horse shuffle repeated, loss and draw pushed
// to occurrence 100): the judgement must not grow with the number of repetitions.
func BenchmarkSessionRepeatedCycle(b *testing.B) {
	shuffle := moves(b, []string{"h0g2", "h9g7", "g2h0", "g7h9"}, 1)
	pol := arbiter.Policy{LossAtOccurrence: 100, DrawAtOccurrence: 100, NaturalMoveLimit: -1}
	for _, rs := range []xqrules.Ruleset{asian.New(), chinese.New()} {
		for _, occ := range []int{2, 50} {
			s, err := xqrules.NewSession(rs, xiangqi.StartPosition(), pol)
			if err != nil {
				b.Fatal(err)
			}
			for i := 0; i < 4*(occ-1)-1; i++ {
				if _, err := s.Play(context.Background(), shuffle[i%4]); err != nil {
					b.Fatal(err)
				}
			}
			g := s.Game()
			b.Run(rs.Info().ID+"/occurrence"+itoa(occ), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					u, err := s.Play(context.Background(), shuffle[3])
					if err != nil || u.Cycle == nil || u.Cycle.Occurrence != occ {
						b.Fatalf("closing move: %v %+v status %s %s", err, u.Cycle, u.Status, u.Explanation)
					}
					g.Undo()
				}
			})
		}
	}
}

// randomGame plays n plies of a deterministic random game that never repeats a position,
// then finds a four-ply shuffle (out and back for both sides) that closes a cycle. It
// returns the session after the prefix and the first three shuffle moves, and the move
// that closes the cycle.
func randomGame(tb testing.TB, rs xqrules.Ruleset, n int) (*xqrules.Session, xiangqi.Move) {
	tb.Helper()
	pol := arbiter.Policy{NaturalMoveLimit: -1}
	for seed := uint64(1); seed < 100; seed++ {
		s, err := xqrules.NewSession(rs, xiangqi.StartPosition(), pol)
		if err != nil {
			tb.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 7))
		g := s.Game()
		for g.Len() < n {
			ms := g.Position().LegalMoves()
			if len(ms) == 0 {
				break
			}
			played := false
			for _, i := range rng.Perm(len(ms)) {
				if err := g.Play(ms[i]); err != nil {
					tb.Fatal(err)
				}
				if g.PreviousOccurrence() < 0 && g.Position().HasLegalMove() {
					played = true
					break
				}
				g.Undo()
			}
			if !played {
				break
			}
		}
		if g.Len() < n {
			continue
		}
		// Rebuild the session over the same moves so its counters are consistent.
		s, _ = xqrules.NewSession(rs, xiangqi.StartPosition(), pol)
		for _, m := range g.Moves() {
			if _, err := s.Play(context.Background(), m); err != nil {
				tb.Fatal(err)
			}
		}
		if close, ok := shuffle(s); ok {
			return s, close
		}
	}
	tb.Fatalf("no random game of %d plies with a shuffle", n)
	return nil, 0
}

// shuffle plays three moves m1 m2 reverse(m1) of an out-and-back cycle and returns
// reverse(m2), which closes it.
func shuffle(s *xqrules.Session) (xiangqi.Move, bool) {
	g := s.Game()
	p := *g.Position()
	for _, m1 := range p.LegalMoves() {
		if p.At(m1.To()) != xiangqi.NoPiece {
			continue
		}
		q := p
		q.MakeMove(m1)
		for _, m2 := range q.LegalMoves() {
			if q.At(m2.To()) != xiangqi.NoPiece {
				continue
			}
			r := q
			r.MakeMove(m2)
			back1 := xiangqi.NewMove(m1.To(), m1.From())
			if !r.IsLegal(back1) {
				continue
			}
			r.MakeMove(back1)
			back2 := xiangqi.NewMove(m2.To(), m2.From())
			if !r.IsLegal(back2) {
				continue
			}
			for _, m := range []xiangqi.Move{m1, m2, back1} {
				if _, err := s.Play(context.Background(), m); err != nil {
					return 0, false
				}
			}
			return back2, true
		}
	}
	return 0, false
}

// BenchmarkSessionMove measures one stream move at ply 10 and at ply 1,000 of a game:
// "quiet" is a move that repeats nothing (replay, repetition search, mate/stalemate
// test), "cycle" a move that closes a repetition cycle (plus the ruleset's judgement).
// The cost must not grow with the length of the game.
func BenchmarkSessionMove(b *testing.B) {
	for _, rs := range []xqrules.Ruleset{asian.New(), chinese.New()} {
		for _, prefix := range []int{10, 1000} {
			s, closing := randomGame(b, rs, prefix)
			g := s.Game()
			b.Run(rs.Info().ID+"/cycle/ply"+itoa(prefix), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					u, err := s.Play(context.Background(), closing)
					if err != nil || u.Cycle == nil {
						b.Fatalf("closing move: %v, cycle %v", err, u.Cycle)
					}
					g.Undo()
				}
			})
			g.Undo() // take back the third shuffle move: the next move is quiet
			quiet := xiangqi.NoMove
			for _, m := range g.Position().LegalMoves() {
				g.PlayUnchecked(m)
				ok := g.PreviousOccurrence() < 0
				g.Undo()
				if ok {
					quiet = m
					break
				}
			}
			b.Run(rs.Info().ID+"/quiet/ply"+itoa(prefix), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if _, err := s.Play(context.Background(), quiet); err != nil {
						b.Fatal(err)
					}
					g.Undo()
				}
			})
		}
	}
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}

// A start position that is already checkmate or stalemate is decided before any move.
func TestStartPositionDecided(t *testing.T) {
	tests := []struct {
		fen  string
		term arbiter.Termination
	}{
		{"3k5/3R5/3R5/9/9/9/9/9/9/4K4 b - - 0 1", arbiter.TerminationCheckmate},
		// Black's king on d9 has no move (d8 and e9 covered by the rooks) and no check.
		{"3k5/R8/4R4/9/9/9/9/9/9/5K3 b - - 0 1", arbiter.TerminationStalemate},
	}
	for _, tt := range tests {
		rep, err := xqrules.Adjudicate(asian.New(), position(t, tt.fen), nil, arbiter.Policy{})
		if err != nil {
			t.Fatal(err)
		}
		if rep.Result != arbiter.ResultRedWins || rep.Termination != tt.term {
			t.Errorf("%s: %s %s, want red wins by %s", tt.fen, rep.Result, rep.Termination, tt.term)
		}
	}
}

// The no-draw regulation counts moves from the FEN's move number, and Red is the side
// that moved first unless the record starts at move 1 with Black to move.
func TestRegulationUsesFENMoveNumber(t *testing.T) {
	cycle := []string{"h0g2", "h9g7", "g2h0", "g7h9"}
	base := "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR"
	tests := []struct {
		fen  string
		want arbiter.Verdict
	}{
		{base + " w - - 0 1", arbiter.VerdictRedMustChange},
		{base + " w - - 0 40", arbiter.VerdictDraw},
		{base + " w - - 0 23", arbiter.VerdictRedMustChange}, // the cycle ends in move 24
		{base + " w - - 0 24", arbiter.VerdictDraw},          // the cycle ends in move 25
	}
	for _, tt := range tests {
		rep, err := xqrules.Adjudicate(asian.New(), position(t, tt.fen), moves(t, cycle, 1), arbiter.Policy{NoDrawBeforeMove: 25})
		if err != nil {
			t.Fatal(err)
		}
		if rep.Ruling.Verdict != tt.want {
			t.Errorf("%s: %s, want %s", tt.fen, rep.Ruling.Verdict, tt.want)
		}
	}
	// Black to move at move 30: Red still moved first in the game.
	blackCycle := []string{"h9g7", "h0g2", "g7h9", "g2h0"}
	rep, err := xqrules.Adjudicate(asian.New(), position(t, base+" b - - 0 10"), moves(t, blackCycle, 1), arbiter.Policy{NoDrawBeforeMove: 25})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Ruling.Verdict != arbiter.VerdictRedMustChange {
		t.Errorf("black to move at move 10: %s, want red must change", rep.Ruling.Verdict)
	}
	rep, _ = xqrules.Adjudicate(asian.New(), position(t, base+" b - - 0 1"), moves(t, blackCycle, 1), arbiter.Policy{NoDrawBeforeMove: 25})
	if rep.Ruling.Verdict != arbiter.VerdictBlackMustChange {
		t.Errorf("black to move at move 1: %s, want black must change", rep.Ruling.Verdict)
	}
}

// When the record goes on after the game ended, the report keeps the deciding cycle.
func TestDecidingCycleSurvives(t *testing.T) {
	ms := moves(t, append(append(append([]string{}, checkCycle...), checkCycle...), "f0e0", "e8f8"), 1)
	rep, err := xqrules.Adjudicate(asian.New(), position(t, checkFEN), ms, arbiter.Policy{})
	if err != nil {
		t.Fatal(err)
	}
	if rep.EndPly != 7 || rep.Termination != arbiter.TerminationPerpetualCheck {
		t.Fatalf("end %d %s", rep.EndPly, rep.Termination)
	}
	if rep.Cycle == nil || rep.Ruling.Verdict != arbiter.VerdictRedMustChange {
		t.Errorf("the deciding cycle was dropped: cycle %v verdict %s", rep.Cycle, rep.Ruling.Verdict)
	}
}

func TestAdjudicateContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := xqrules.AdjudicateContext(ctx, asian.New(), position(t, checkFEN), moves(t, checkCycle, 2), arbiter.Policy{})
	if err != context.Canceled {
		t.Errorf("cancelled context: %v", err)
	}
}
