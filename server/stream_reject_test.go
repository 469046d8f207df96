package server_test

import (
	"strings"
	"testing"

	arbiterv1 "github.com/arbiter-xq/arbiter/proto/arbiter/v1"
	"github.com/arbiter-xq/arbiter/server"
)

// A mistyped or illegal move is answered with a rejection; the stream and the game go on
// as they were (issue 9, finding 6).
func TestPlayGameIllegalMoveKeepsGame(t *testing.T) {
	e := start(t, envOptions{})
	ctx := ctxT(t)
	st, first := openGame(t, ctx, e.client, &arbiterv1.GameStart{Ruleset: "chinese"})
	if first.GetStatus() != arbiterv1.GameStatus_GAME_STATUS_ONGOING {
		t.Fatalf("start: %v", first)
	}
	bad, err := move(st, "e2e9")
	if err != nil {
		t.Fatalf("illegal move failed the stream: %v", err)
	}
	rej := bad.GetRejected()
	if rej.GetReason() != "ILLEGAL_MOVE" || rej.GetField() != "move" || rej.GetPly() != 1 || rej.GetMove() != "e2e9" ||
		rej.GetDescription() == "" || bad.GetFen() != first.GetFen() || bad.GetPly() != nil ||
		bad.GetStatus() != arbiterv1.GameStatus_GAME_STATUS_UNSPECIFIED || bad.GetResult() != arbiterv1.Result_RESULT_ONGOING {
		t.Fatalf("illegal move reply: %v", bad)
	}
	good, err := move(st, "h2e2")
	if err != nil {
		t.Fatalf("legal move after the rejection: %v", err)
	}
	if good.GetRejected() != nil || good.GetStatus() != arbiterv1.GameStatus_GAME_STATUS_ONGOING ||
		good.GetPly().GetPly() != 1 || good.GetPly().GetMove().GetIccs() != "h2e2" || good.GetFen() == first.GetFen() {
		t.Fatalf("legal move reply: %v", good)
	}
}

func TestPlayGameRejections(t *testing.T) {
	huge := strings.Repeat("炮", 300_000)
	tests := []struct {
		name   string
		before []string // moves played first
		move   string
		reason string
		ply    int32
	}{
		{"garbage", nil, "@@@", "INVALID_MOVE", 1},
		{"illegal", []string{"h2e2"}, "e2e9", "ILLEGAL_MOVE", 2},
		{"wrong side", []string{"h2e2"}, "h0g2", "ILLEGAL_MOVE", 2},
		{"empty", nil, "", "INVALID_MOVE", 1},
		{"huge", []string{"h2e2", "h9g7"}, huge, "INVALID_MOVE", 3},
		{"over the ply limit", []string{"h2e2", "h9g7", "h0g2", "i9h9"}, "i0h0", "HISTORY_TOO_LONG", 5},
	}
	e := start(t, envOptions{cfg: server.Config{MaxPlies: 4}})
	ctx := ctxT(t)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st, _ := openGame(t, ctx, e.client, &arbiterv1.GameStart{Ruleset: "asian"})
			defer st.CloseSend()
			var last *arbiterv1.PlayGameResponse
			for _, m := range tc.before {
				var err error
				if last, err = move(st, m); err != nil || last.GetRejected() != nil {
					t.Fatalf("%s: %v %v", m, last, err)
				}
			}
			for range 2 { // the same rejection twice: nothing changed in between
				resp, err := move(st, tc.move)
				if err != nil {
					t.Fatalf("the stream failed: %v", err)
				}
				rej := resp.GetRejected()
				if rej.GetReason() != tc.reason || rej.GetPly() != tc.ply || rej.GetField() != "move" || rej.GetDescription() == "" {
					t.Errorf("rejection %v, want %s at ply %d", rej, tc.reason, tc.ply)
				}
				if len(rej.GetMove()) > 100 || len(rej.GetDescription()) > 600 || len(resp.GetExplanation()) > 600 {
					t.Errorf("the rejection echoes %d+%d bytes", len(rej.GetMove()), len(rej.GetDescription()))
				}
				if last != nil && resp.GetFen() != last.GetFen() {
					t.Errorf("fen %s after the rejection, want %s", resp.GetFen(), last.GetFen())
				}
			}
		})
	}
}
