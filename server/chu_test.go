package server_test

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/chushogi/chutest"
	arbiterv1 "github.com/arbiter-xq/arbiter/proto/arbiter/v1"
	"github.com/arbiter-xq/arbiter/rules/chu"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

func chuRegistry(t *testing.T) *arbiter.Registry { return chuRegistryTB(t) }

func chuRegistryTB(t testing.TB) *arbiter.Registry {
	reg := registryOf(t, rulesets()...)
	for _, g := range chu.All() {
		if err := reg.Register(g); err != nil {
			t.Fatal(err)
		}
	}
	return reg
}

// Positions of chu-shogi.md §5.6.
const (
	chuQ3  = "k6r3n/9n2/8S3/7N3R/12/12/12/7V4/12/12/12/K11 b - 1"
	chuQ3u = "k6r3n/9n2/12/7N3R/12/12/12/12/12/12/12/K11 b - 1"
	chuQ4  = "k9n1/10i1/10N1/12/12/12/12/12/12/12/12/K11 b - 1"
)

// Chu shogi through the service: Adjudicate names the illegal move's field and reason
// code, Compare shows the rulesets that disagree on the disputed points, and a PlayGame
// stream answers an illegal move with a rejection and goes on.
func TestChuThroughTheService(t *testing.T) {
	e := start(t, envOptions{reg: chuRegistry(t)})
	ctx := ctxT(t)

	// A legal history: the JCSA's Q3 (the bridge beats counter-strike).
	resp, err := e.client.Adjudicate(ctx, &arbiterv1.AdjudicateRequest{Ruleset: "chu-jcsa2004", Fen: chuQ3, Moves: []string{"1d1a", "3b4c5d", "5h5d"}})
	if err != nil {
		t.Fatal(err)
	}
	if resp.GetGame() != arbiter.GameChuShogi || len(resp.GetPlies()) != 3 || resp.GetPlies()[0].GetMove().GetCanonical() != "1d1a" ||
		resp.GetResult() != arbiterv1.Result_RESULT_ONGOING {
		t.Errorf("Adjudicate Q3: %v", resp)
	}

	// An illegal move: InvalidArgument on moves[1], the reason code in ErrorInfo.
	_, err = e.client.Adjudicate(ctx, &arbiterv1.AdjudicateRequest{Ruleset: "chu-jcsa2004", Fen: chuQ3, Moves: []string{"1d1a", "5a5d"}})
	st := wantFieldError(t, err, codes.InvalidArgument, "moves[1]", "ILLEGAL_MOVE")
	if !strings.Contains(st.Message(), "counter_strike") || !strings.Contains(st.Message(), "protected by the silver on 4c") {
		t.Errorf("message: %s", st.Message())
	}
	if rule := errorInfo(st).GetMetadata()["rule"]; rule != "counter_strike" {
		t.Errorf("ErrorInfo rule %q, want counter_strike", rule)
	}
	// An unreadable move is INVALID_MOVE; '+' on a two-step move has its own code.
	for _, tc := range []struct{ move, reason, rule string }{{"P*5e", "INVALID_MOVE", "malformed_move"}, {"2c2b2a+", "ILLEGAL_MOVE", "promotion_on_two_step"}} {
		_, err = e.client.Adjudicate(ctx, &arbiterv1.AdjudicateRequest{Ruleset: "chu-lishogi", Fen: chuQ4, Moves: []string{tc.move}})
		st := wantFieldError(t, err, codes.InvalidArgument, "moves[0]", tc.reason)
		if rule := errorInfo(st).GetMetadata()["rule"]; rule != tc.rule {
			t.Errorf("%s: rule %q, want %s", tc.move, rule, tc.rule)
		}
	}
	// A bad SFEN names the fen field.
	_, err = e.client.Adjudicate(ctx, &arbiterv1.AdjudicateRequest{Ruleset: "chu-hachu", Fen: "k11/12 b - 1"})
	wantFieldError(t, err, codes.InvalidArgument, "fen", "INVALID_FEN")

	// Compare over the three rulesets on the disputed points.
	all := []string{"chu-jcsa2004", "chu-lishogi", "chu-hachu"}
	for _, tc := range []struct {
		name, fen string
		moves     []string
		rejected  map[string]string // ruleset -> "ply code"
	}{
		{"Q3u (counter-strike protected_only vs strict)", chuQ3u, []string{"1d1a", "5a5d"},
			map[string]string{"chu-lishogi": "2 counter_strike", "chu-hachu": "2 counter_strike"}},
		{"Q4 (L3a: protection before or after the move)", chuQ4, []string{"2c2b2a"},
			map[string]string{"chu-jcsa2004": "1 distant_protected_lion", "chu-lishogi": "1 distant_protected_lion"}},
		{"T-R5 (identity with or without the marker)", "k11/12/6n4g/12/12/12/12/6R5/12/12/12/K11 b - 1",
			[]string{"6h6c", "1c1d", "6c6d", "1d1c", "6d6c"}, map[string]string{"chu-hachu": "5 repeats_position"}},
	} {
		cmp, err := e.client.Compare(ctx, &arbiterv1.CompareRequest{Rulesets: all, Fen: tc.fen, Moves: tc.moves})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if !cmp.GetDisagree() || len(cmp.GetAdjudications()) != 3 {
			t.Errorf("%s: disagree %v with %d adjudications", tc.name, cmp.GetDisagree(), len(cmp.GetAdjudications()))
			continue
		}
		for i, a := range cmp.GetAdjudications() {
			if a.GetRuleset() != all[i] {
				t.Errorf("%s: adjudication %d is %s", tc.name, i, a.GetRuleset())
			}
			want, rejected := tc.rejected[a.GetRuleset()]
			rej := a.GetRejected()
			switch {
			case !rejected && rej != nil:
				t.Errorf("%s: %s rejected %v", tc.name, a.GetRuleset(), rej)
			case rejected && rej == nil:
				t.Errorf("%s: %s accepted every move, want %s", tc.name, a.GetRuleset(), want)
			case rejected:
				ply, code, _ := strings.Cut(want, " ")
				if got := rej.GetField(); got != "moves["+strconv.Itoa(atoi(ply)-1)+"]" || !strings.Contains(rej.GetDescription(), "["+code+"]") || rej.GetReason() != "ILLEGAL_MOVE" {
					t.Errorf("%s: %s rejected %v, want ply %s %s", tc.name, a.GetRuleset(), rej, ply, code)
				}
			}
		}
	}

	// A stream of chu moves: start, an illegal move (rejected, the game goes on), a legal move.
	ps, err := e.client.PlayGame(ctx)
	if err != nil {
		t.Fatal(err)
	}
	send := func(r *arbiterv1.PlayGameRequest) *arbiterv1.PlayGameResponse {
		t.Helper()
		if err := ps.Send(r); err != nil {
			t.Fatal(err)
		}
		resp, err := ps.Recv()
		if err != nil {
			t.Fatal(err)
		}
		return resp
	}
	const afterRook = "k6r3R/9n2/8S3/7N4/12/12/12/7V4/12/12/12/K11 w 1a 2"
	if r := send(&arbiterv1.PlayGameRequest{Input: &arbiterv1.PlayGameRequest_Start{Start: &arbiterv1.GameStart{Ruleset: "chu-jcsa2004", Fen: chuQ3, Moves: []string{"1d1a"}}}}); r.GetFen() != afterRook {
		t.Errorf("start: %v", r)
	}
	if r := send(&arbiterv1.PlayGameRequest{Input: &arbiterv1.PlayGameRequest_Move{Move: "5a5d"}}); r.GetRejected().GetPly() != 2 ||
		r.GetRejected().GetReason() != "ILLEGAL_MOVE" || !strings.Contains(r.GetRejected().GetDescription(), "[counter_strike]") || r.GetFen() != afterRook {
		t.Errorf("illegal move: %v", r)
	}
	if r := send(&arbiterv1.PlayGameRequest{Input: &arbiterv1.PlayGameRequest_Move{Move: "3b4c5d"}}); r.GetRejected() != nil || r.GetPly().GetPly() != 2 ||
		r.GetPly().GetMove().GetCanonical() != "3b4c5d" || r.GetFen() != "k6r3R/12/12/7n4/12/12/12/7V4/12/12/12/K11 b - 3" {
		t.Errorf("legal move: %v", r)
	}
	ps.CloseSend()
}

func errorInfo(st *status.Status) *errdetails.ErrorInfo {
	for _, d := range st.Details() {
		if info, ok := d.(*errdetails.ErrorInfo); ok {
			return info
		}
	}
	return nil
}

func atoi(s string) int {
	n := 0
	for _, c := range s {
		n = n*10 + int(c-'0')
	}
	return n
}

const chuWalkStart = chutest.WalkStart

func chuWalk(tb testing.TB, n int) []string {
	tb.Helper()
	moves, err := chutest.ReversibleWalk(n)
	if err != nil {
		tb.Fatal(err)
	}
	return moves
}

// BenchmarkRPCStreamMoveChu sends the moves of a 1,000-ply reversible chu game (one
// repetition window) on a stream, one move per iteration; a new stream opens when the
// game is over.
func BenchmarkRPCStreamMoveChu(b *testing.B) {
	moves := chuWalk(b, 1000)
	e := start(b, envOptions{reg: chuRegistryTB(b)})
	ctx := context.Background()
	var st gameStream
	mi := 0
	b.ReportAllocs()
	for b.Loop() {
		if st == nil || mi == len(moves) {
			if st != nil {
				st.CloseSend()
				st.Recv()
			}
			var err error
			if st, err = e.client.PlayGame(ctx); err != nil {
				b.Fatal(err)
			}
			if _, err := send(st, &arbiterv1.PlayGameRequest{Input: &arbiterv1.PlayGameRequest_Start{Start: &arbiterv1.GameStart{Ruleset: "chu-jcsa2004", Fen: chuWalkStart}}}); err != nil {
				b.Fatal(err)
			}
			mi = 0
		}
		resp, err := move(st, moves[mi])
		if err != nil || resp.GetRejected() != nil {
			b.Fatal(err, resp.GetRejected())
		}
		mi++
	}
}

// A chu shogi Adjudicate that asks for both kinds of pictures gets the ruling's picture
// and no per-step pictures (xiangqi only so far, as the proto says), not an error.
func TestChuPictures(t *testing.T) {
	e := start(t, envOptions{reg: chuRegistry(t)})
	resp, err := e.client.Adjudicate(ctxT(t), &arbiterv1.AdjudicateRequest{Ruleset: "chu-jcsa2004", Fen: chuQ3,
		Moves: []string{"1d1a", "3b4c5d", "5h5d"}, Svg: true, PlySvgs: true})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(resp.GetSvg(), "<svg") || len(resp.GetPlySvgs()) != 0 {
		t.Errorf("svg %d bytes, %d ply pictures; want a ruling picture and none per step", len(resp.GetSvg()), len(resp.GetPlySvgs()))
	}
}
