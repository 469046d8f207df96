package web_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/arbiter-xq/arbiter/server"
)

// A JSON body is one value and nothing after it but white space: trailing data or a
// second object was ignored (HTTP 200) and is now HTTP 400 on "body" (issue 29,
// finding 10).
func TestTrailingJSON(t *testing.T) {
	s := startSite(t, server.Config{})
	adj := `{"ruleset":"chinese","fen":"` + fig6.fen + `","moves":["f0e0"]}`
	for _, tc := range []struct {
		body string
		code int
	}{
		{adj, 200},
		{adj + " \n\t\r\n", 200},
		{adj + "xxx", 400},
		{adj + adj, 400},
		{adj + " {}", 400},
		{adj + "]", 400},
		{adj + " 1", 400},
		{adj + `"`, 400},
		{"", 200},
	} {
		code, b := call(t, "POST", s.url+"/v1/adjudicate", tc.body)
		if tc.body == "" {
			if code == http.StatusInternalServerError {
				t.Errorf("empty body: HTTP %d", code)
			}
			continue
		}
		if code != tc.code {
			t.Errorf("%q: HTTP %d, want %d: %.300s", tc.body, code, tc.code, b)
			continue
		}
		if code == 400 && (!strings.Contains(string(b), `"field":"body"`) || !strings.Contains(string(b), "MALFORMED_MESSAGE")) {
			t.Errorf("%q: %s", tc.body, b)
		}
	}
}
