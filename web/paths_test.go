package web_test

import (
	"bufio"
	"net"
	"net/http"
	"strings"
	"testing"

	"github.com/arbiter-xq/arbiter/server"
)

// Bad paths are 400 or 404, never 500: GET /ui/%ff was 500 (issue 29, finding 9).
func TestBadPaths(t *testing.T) {
	s := startSite(t, server.Config{})
	for _, p := range []string{"/ui/%ff", "/ui/%ff/x", "/ui/a%ffb.js", "/ui/%c0%80", "/ui/a%00b", "/ui/%2e%2e/%2e%2e/etc/passwd",
		"/ui/a\\b", "/ui//", "/%ff", "/v1/%ff", "/v1/cases/%ff", "/openapi.json%ff", "/ui/index.html%ff",
		"/ui/%ed%a0%80", "/ui/" + strings.Repeat("a", 5000)} {
		code := rawGet(t, s.url, p)
		if code != http.StatusBadRequest && code != http.StatusNotFound && (code < 300 || code > 308) {
			t.Errorf("GET %s: HTTP %d, want 400 or 404", p, code)
		}
		if code >= 500 {
			t.Errorf("GET %s: HTTP %d", p, code)
		}
	}
}

// rawGet sends the path as it is, without the client's own escaping.
func rawGet(t *testing.T, base, path string) int {
	t.Helper()
	c, err := net.Dial("tcp", strings.TrimPrefix(base, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, err := c.Write([]byte("GET " + path + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")); err != nil {
		t.Fatal(err)
	}
	resp, err := http.ReadResponse(bufioReader(c), nil)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

func bufioReader(c net.Conn) *bufio.Reader { return bufio.NewReader(c) }
