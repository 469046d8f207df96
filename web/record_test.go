package web_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/arbiter-xq/arbiter/record"
	"github.com/arbiter-xq/arbiter/server"
)

// POST /ui/pgn reads every record format, binary ones as a dropped file sends them:
// the moves in ICCS, the format named, a game that cannot be read carrying its error.
func TestRecordUpload(t *testing.T) {
	s := startSite(t, server.Config{})
	games, err := record.Read("g.pgn", []byte("[Event \"xqf\"]\n\n1. h2e2 h9g7 2. h0g2 *\n"), record.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var xqf bytes.Buffer
	if _, err := record.WriteXQF(&xqf, games[0]); err != nil {
		t.Fatal(err)
	}
	type answer struct {
		Games []struct {
			FEN    string   `json:"fen"`
			Moves  []string `json:"moves"`
			Format string   `json:"format"`
			Error  string   `json:"error"`
			Tags   []struct{ Name, Value string }
		}
	}
	for _, tc := range []struct {
		name, body, format, moves, err string
	}{
		{"xqf", xqf.String(), "xqf", "h2e2 h9g7 h0g2", ""},
		{"dhtmlxq", "<p>[DhtmlXQ][DhtmlXQ_title]t[/DhtmlXQ_title][DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist][/DhtmlXQ]</p>", "dhtmlxq", "h2e2 h9g7", ""},
		{"bad move", "[DhtmlXQ][DhtmlXQ_movelist]774770620949[/DhtmlXQ_movelist][/DhtmlXQ]", "dhtmlxq", "h2e2 h9g7", "main line, ply 3 (character 8)"},
	} {
		code, b := call(t, "POST", s.url+"/ui/pgn", tc.body)
		var got answer
		if code != 200 || json.Unmarshal(b, &got) != nil || len(got.Games) != 1 {
			t.Errorf("%s: HTTP %d %s", tc.name, code, b)
			continue
		}
		g := got.Games[0]
		if g.Format != tc.format || strings.Join(g.Moves, " ") != tc.moves || !strings.Contains(g.Error, tc.err) || (tc.err == "") != (g.Error == "") || g.FEN == "" {
			t.Errorf("%s: %+v", tc.name, g)
		}
	}
	code, b := call(t, "POST", s.url+"/ui/pgn", "\x00\x01\x02garbage")
	if code != 400 || !strings.Contains(string(b), "INVALID_RECORD") || !strings.Contains(string(b), "no known record format") {
		t.Errorf("binary garbage: HTTP %d %s", code, b)
	}
}
