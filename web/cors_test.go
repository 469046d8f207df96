package web_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/arbiter-xq/arbiter/server"
	"github.com/arbiter-xq/arbiter/web"
)

func corsCall(t *testing.T, method, u, origin string, hdr map[string]string, body string) *http.Response {
	t.Helper()
	req, err := http.NewRequest(method, u, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if origin != "" {
		req.Header.Set("Origin", origin)
	}
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp
}

func corsHeaders(h http.Header) string {
	var out []string
	for k := range h {
		if strings.HasPrefix(k, "Access-Control-") {
			out = append(out, k+": "+h.Get(k))
		}
	}
	return strings.Join(out, "; ")
}

var preflight = map[string]string{"Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type"}

// CORS is off by default: no answer carries a CORS header, a preflight is not granted.
func TestCORSOffByDefault(t *testing.T) {
	s := startSite(t, server.Config{})
	for _, path := range []string{"/v1/adjudicate", "/openapi.json"} {
		resp := corsCall(t, "OPTIONS", s.url+path, "https://site.example", preflight, "")
		if h := corsHeaders(resp.Header); h != "" || resp.StatusCode < 400 {
			t.Errorf("preflight of %s with CORS off: HTTP %d, %s", path, resp.StatusCode, h)
		}
	}
	resp := corsCall(t, "GET", s.url+"/v1/rulesets", "https://site.example", nil, "")
	if h := corsHeaders(resp.Header); h != "" || resp.StatusCode != 200 {
		t.Errorf("GET with CORS off: HTTP %d, %s", resp.StatusCode, h)
	}
}

// With allowed origins, a preflight from one succeeds and its calls carry its origin;
// another origin gets no CORS header (its preflight is 403); the page stays same-origin.
func TestCORSAllowedOrigins(t *testing.T) {
	s := startSiteWith(t, server.Config{}, web.Options{AllowedOrigins: []string{"https://Site.example", "http://localhost:3000"}})
	resp := corsCall(t, "OPTIONS", s.url+"/v1/adjudicate", "https://site.example", preflight, "")
	if resp.StatusCode != http.StatusNoContent || resp.Header.Get("Access-Control-Allow-Origin") != "https://site.example" ||
		!strings.Contains(resp.Header.Get("Access-Control-Allow-Methods"), "POST") ||
		!strings.Contains(resp.Header.Get("Access-Control-Allow-Headers"), "content-type") || resp.Header.Get("Access-Control-Max-Age") == "" {
		t.Errorf("preflight from an allowed origin: HTTP %d, %s", resp.StatusCode, corsHeaders(resp.Header))
	}
	resp = corsCall(t, "POST", s.url+"/v1/adjudicate", "http://localhost:3000", map[string]string{"Content-Type": "application/json"},
		`{"ruleset":"chinese","moves":["h2e2"]}`)
	if resp.StatusCode != 200 || resp.Header.Get("Access-Control-Allow-Origin") != "http://localhost:3000" ||
		!strings.Contains(strings.Join(resp.Header.Values("Vary"), ","), "Origin") {
		t.Errorf("call from an allowed origin: HTTP %d, %s, Vary %v", resp.StatusCode, corsHeaders(resp.Header), resp.Header.Values("Vary"))
	}
	resp = corsCall(t, "GET", s.url+"/openapi.json", "https://site.example", nil, "")
	if resp.Header.Get("Access-Control-Allow-Origin") != "https://site.example" {
		t.Errorf("the OpenAPI document from an allowed origin: %s", corsHeaders(resp.Header))
	}
	for _, origin := range []string{"https://evil.example", "https://site.example.evil", "null"} {
		resp = corsCall(t, "OPTIONS", s.url+"/v1/adjudicate", origin, preflight, "")
		if h := corsHeaders(resp.Header); h != "" || resp.StatusCode != http.StatusForbidden {
			t.Errorf("preflight from %s: HTTP %d, %s", origin, resp.StatusCode, h)
		}
		resp = corsCall(t, "GET", s.url+"/v1/rulesets", origin, nil, "")
		if h := corsHeaders(resp.Header); h != "" {
			t.Errorf("call from %s: %s", origin, h)
		}
	}
	resp = corsCall(t, "OPTIONS", s.url+"/v1/adjudicate", "https://site.example", map[string]string{"Access-Control-Request-Method": "DELETE"}, "")
	if resp.StatusCode != http.StatusForbidden || resp.Header.Get("Access-Control-Allow-Methods") != "" {
		t.Errorf("preflight for DELETE: HTTP %d, %s", resp.StatusCode, corsHeaders(resp.Header))
	}
	resp = corsCall(t, "OPTIONS", s.url+"/ui/pgn", "https://site.example", preflight, "")
	if h := corsHeaders(resp.Header); h != "" {
		t.Errorf("the page's own /ui/pgn answers CORS: %s", h)
	}
}

func TestCORSOrigins(t *testing.T) {
	got, err := web.CheckOrigins([]string{" https://A.example/ ", "*", "", "http://h:8080"})
	if err != nil || strings.Join(got, " ") != "https://a.example * http://h:8080" {
		t.Errorf("CheckOrigins: %q, %v", got, err)
	}
	for _, bad := range []string{"site.example", "ftp://x", "https://x/path", "https://", "https://u@x", "https://x?q"} {
		if _, err := web.CheckOrigins([]string{bad}); err == nil {
			t.Errorf("CheckOrigins accepts %q", bad)
		}
	}
	if _, err := web.New(context.Background(), nil, web.Options{AllowedOrigins: []string{"nope"}}); err == nil {
		t.Error("New accepts a malformed origin")
	}
}
