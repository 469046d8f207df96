package xqrules_test

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/rules/asian"
	"github.com/arbiter-xq/arbiter/rules/chinese"
	"github.com/arbiter-xq/arbiter/rules/site"
	"github.com/arbiter-xq/arbiter/rules/xqrules"
)

// A game stream keeps no per-ply report (issue 29: its state is the repetition
// window's compact plies): its Report replays the game as a record, and says exactly
// what Adjudicate says of the same moves: plies, natures, incidents, the refused move.
func TestStreamReportReplays(t *testing.T) {
	moves := strings.Fields(strings.Join(checkCycle, " ") + " " + strings.Join(checkCycle, " ") + " " + checkCycle[0])
	for _, tt := range []struct {
		name   string
		rs     arbiter.Ruleset
		opts   []arbiter.Override
		status arbiter.Status
		start  arbiter.Start
		moves  []string
	}{
		{name: "chinese, perpetual check", rs: xqrules.New(chinese.New()), start: arbiter.Start{Position: checkFEN}, moves: moves[:8], status: arbiter.StatusGameOver},
		{name: "asian, the game goes on after its end", rs: xqrules.New(asian.New()), start: arbiter.Start{Position: checkFEN}, moves: moves, status: arbiter.StatusGameOver},
		{name: "chinese, every ply", rs: xqrules.New(chinese.New()), start: arbiter.Start{Position: checkFEN, EveryPly: true}, moves: moves[:6], status: arbiter.StatusWarning},
		// The refused move, written in Chinese notation, is reported as written.
		{name: "chinese, forbid: refused last", rs: xqrules.New(chinese.New()), opts: []arbiter.Override{{Name: "on_violation", Value: "forbid"}},
			start: arbiter.Start{Position: "2b6/4k4/9/9/9/P8/9/9/2p6/3K1RBc1 w - - 0 1"}, moves: append(append([]string{}, moves[:8]...), "车四平五"), status: arbiter.StatusForbidden},
		{name: "chinese, brief", rs: xqrules.New(chinese.New()), start: arbiter.Start{Position: checkFEN, Brief: true}, moves: moves[:8], status: arbiter.StatusGameOver},
		{name: "site-tiantian", rs: tiantian(t), start: arbiter.Start{Position: "2b6/4k4/9/9/9/P8/9/9/2p6/3K1RBc1 w - - 0 1"}, moves: moves, status: arbiter.StatusForbidden},
	} {
		t.Run(tt.name, func(t *testing.T) {
			rs := tt.rs
			if tt.opts != nil {
				var err error
				if rs, err = rs.WithOptions(tt.opts); err != nil {
					t.Fatal(err)
				}
			}
			s, err := rs.NewGame(tt.start)
			if err != nil {
				t.Fatal(err)
			}
			played := 0
			for _, m := range tt.moves {
				u, err := s.Play(context.Background(), m)
				if err != nil {
					t.Fatalf("ply %d %s: %v", played+1, m, err)
				}
				played++
				if u.Status == arbiter.StatusForbidden {
					break
				}
			}
			got := s.Report()
			want, err := arbiter.Adjudicate(context.Background(), rs, tt.start, tt.moves[:played])
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("the stream's report differs from Adjudicate's:\nstream:     %+v\nadjudicate: %+v", got, want)
			}
			if len(got.Plies) == 0 && !tt.start.Brief {
				t.Errorf("no plies reported")
			}
			if got.Status != tt.status {
				t.Errorf("status %v, want %v", got.Status, tt.status)
			}
			if tt.status == arbiter.StatusForbidden && (got.Refused == nil || got.Refused.Text != tt.moves[played-1]) {
				t.Errorf("refused move %+v, want the text %q", got.Refused, tt.moves[played-1])
			}
		})
	}
}

func tiantian(t *testing.T) arbiter.Ruleset {
	for _, r := range site.All() {
		if r.Info().ID == "site-tiantian" {
			return r
		}
	}
	t.Fatal("no site-tiantian")
	return nil
}
