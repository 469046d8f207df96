package web_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/arbiter-xq/arbiter/server"
)

// FuzzPGNEndpoint: any body gets 200 with the games or 400 with a field violation, always
// JSON, never a panic or another code.
func FuzzPGNEndpoint(f *testing.F) {
	for _, s := range []string{
		"1. h2e2 h9g7", "[Event \"x\"]\n[FEN \"" + fig6.fen + "\"]\n1. f0e0 e8f8 *", "{", "(", "[Event", "\xff\xfe",
		"1. 炮二平五 马８进７ 2. 傌８進７", "",
	} {
		f.Add(s)
	}
	s := startSite(f, server.Config{})
	f.Fuzz(func(t *testing.T, body string) {
		req := httptest.NewRequest("POST", s.url+"/ui/pgn", strings.NewReader(body))
		req.RequestURI = ""
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var v map[string]any
		if err := json.NewDecoder(resp.Body).Decode(&v); err != nil {
			t.Fatalf("HTTP %d, not JSON: %v", resp.StatusCode, err)
		}
		switch resp.StatusCode {
		case 200:
			if _, ok := v["games"]; !ok {
				t.Errorf("200 without games: %v", v)
			}
		case 400:
			if _, ok := v["details"]; !ok {
				t.Errorf("400 without details: %v", v)
			}
		default:
			t.Errorf("HTTP %d: %v", resp.StatusCode, v)
		}
	})
}
