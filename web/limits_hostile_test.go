package web_test

import (
	"bufio"
	"encoding/json"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/arbiter-xq/arbiter/internal/h2test"
	"github.com/arbiter-xq/arbiter/internal/memtest"
	"github.com/arbiter-xq/arbiter/server"
	"github.com/arbiter-xq/arbiter/web"
)

// POST /ui/pgn reads at most web.DefaultMaxPGNGames games: a megabyte of "* " (524,288
// empty games) was answered with 28 MB of JSON; now it is a 413 naming the limit, and
// the answer to the most games allowed stays under the response limit (issue 29,
// finding 3).
func TestPGNUploadLimits(t *testing.T) {
	s := startSite(t, server.Config{})
	var code int
	var b []byte
	grew := memtest.PeakHeapGrowth(func() { code, b = call(t, "POST", s.url+"/ui/pgn", strings.Repeat("* ", 1<<19)[:1<<20-1]) })
	t.Logf("1 MB of empty games: peak heap growth %.1f MiB (server and client)", float64(grew)/(1<<20))
	// Before the cap this upload took ~200 MB of peak RSS for a 28 MB answer.
	const heapBound = 32 << 20
	if grew > heapBound {
		t.Errorf("1 MB of empty games: the heap grew by %d bytes, over %d", grew, heapBound)
	}
	if code != http.StatusRequestEntityTooLarge || len(b) > 4096 {
		t.Fatalf("1 MB of empty games: HTTP %d, %d bytes of answer, want 413 and a short error", code, len(b))
	}
	var st struct {
		Code    int
		Message string
		Details []struct {
			Reason   string
			Metadata map[string]string
		}
	}
	if err := json.Unmarshal(b, &st); err != nil {
		t.Fatal(err)
	}
	if st.Code != 8 || !strings.Contains(st.Message, "at most 10000 games") || st.Details[1].Reason != "TOO_MANY_GAMES" {
		t.Errorf("error %s", b)
	}

	grew = memtest.PeakHeapGrowth(func() { code, b = call(t, "POST", s.url+"/ui/pgn", strings.Repeat("* ", web.DefaultMaxPGNGames)) })
	t.Logf("%d empty games: peak heap growth %.1f MiB (server and client)", web.DefaultMaxPGNGames, float64(grew)/(1<<20))
	if grew > heapBound {
		t.Errorf("%d empty games: the heap grew by %d bytes, over %d", web.DefaultMaxPGNGames, grew, heapBound)
	}
	if code != 200 {
		t.Fatalf("%d games: HTTP %d: %.200s", web.DefaultMaxPGNGames, code, b)
	}
	if len(b) > web.DefaultMaxResponseBytes {
		t.Errorf("%d games: %d bytes of answer, over the response limit %d", web.DefaultMaxPGNGames, len(b), web.DefaultMaxResponseBytes)
	}
	t.Logf("%d empty games: %d bytes of answer", web.DefaultMaxPGNGames, len(b))

	// Tags whose JSON is six times their PGN (every '<' is \u003c) are bounded by the
	// response limit.
	game := `[A "` + strings.Repeat("<", 1000) + `"] * `
	code, b = call(t, "POST", s.url+"/ui/pgn", strings.Repeat(game, (1<<20)/len(game)))
	if code != http.StatusRequestEntityTooLarge || !strings.Contains(string(b), "RESPONSE_TOO_LARGE") {
		t.Errorf("a 6 MB answer: HTTP %d: %.300s", code, b)
	}
}

// The HTTP server frees the handler of a client that does not read its answer once the
// write timeout has passed (there was none: a slow reader held its handler for ever).
func TestSlowReaderIsCutOff(t *testing.T) {
	if d := web.DefaultServerConfig(); d.WriteTimeout != 2*time.Minute || d.ReadTimeout != time.Minute ||
		d.ReadHeaderTimeout != 10*time.Second || d.IdleTimeout != 2*time.Minute {
		t.Errorf("defaults %+v differ from the README", d)
	}
	done := make(chan error, 1)
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		chunk := []byte(strings.Repeat("x", 64<<10))
		for {
			if _, err := w.Write(chunk); err != nil {
				done <- err
				return
			}
		}
	})
	ts := httptest.NewUnstartedServer(nil)
	ts.Config = web.NewServer(h, web.ServerConfig{WriteTimeout: 100 * time.Millisecond})
	ts.Start()
	defer ts.Close()
	c, err := net.Dial("tcp", ts.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, err := c.Write([]byte("GET / HTTP/1.1\r\nHost: x\r\n\r\n")); err != nil {
		t.Fatal(err)
	}
	// The client reads only the status line, then nothing: the handler's writes block
	// once the socket buffers are full, until the write deadline fails them.
	if _, err := bufio.NewReader(c).ReadString('\n'); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-done:
		t.Logf("handler freed: %v", err)
	case <-time.After(30 * time.Second): // a guard against hanging, not a measurement
		t.Fatal("the handler of a client that reads nothing still runs after 30 s")
	}
}

// A client that opens HTTP/2 streams and resets them at once has its connection closed
// once it has cancelled more than its budget (issue 29, finding 6, HTTP port).
func TestHTTPRapidResetClosesConnection(t *testing.T) {
	slow := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		<-r.Context().Done() // a handler that works until its client goes away
	})
	ts := httptest.NewUnstartedServer(nil)
	ts.Config = web.NewServer(slow, web.ServerConfig{})
	ts.EnableHTTP2 = true
	ts.StartTLS()
	defer ts.Close()
	conn, err := h2test.DialTLS(ts.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	const n = 20000
	res, err := h2test.RapidReset(conn, ts.Listener.Addr().String(), "/", false, n)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%+v", res)
	if !res.Closed {
		t.Fatalf("the server took %d opened-and-reset streams and still answered a PING", res.Sent)
	}
}

// On the HTTP port too, the connections of one client address share a reset budget:
// once it is spent, the address's new connections are closed as they are accepted,
// until a token has come back.
func TestHTTPRapidResetReconnectRefused(t *testing.T) {
	if d := web.DefaultServerConfig(); d.MaxResetsPerPeer != 2000 {
		t.Fatalf("MaxResetsPerPeer default %d, the README says 2000", d.MaxResetsPerPeer)
	}
	slow := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/ok" {
			w.Write([]byte("ok"))
			return
		}
		<-r.Context().Done()
	})
	ts := httptest.NewUnstartedServer(nil)
	ts.Config = web.NewServer(slow, web.ServerConfig{MaxResetsPerPeer: 10})
	ts.EnableHTTP2 = true
	ts.StartTLS()
	defer ts.Close()
	conn, err := h2test.DialTLS(ts.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	res, err := h2test.RapidReset(conn, ts.Listener.Addr().String(), "/", false, 200)
	if err != nil && !res.Closed {
		t.Fatal(err)
	}
	if !res.Closed {
		t.Fatal("200 resets against an address budget of 10 and the connection is open")
	}
	get := func() error {
		c := ts.Client()
		c.Transport.(*http.Transport).DisableKeepAlives = true
		resp, err := c.Get(ts.URL + "/ok")
		if err == nil {
			resp.Body.Close()
		}
		return err
	}
	if err := get(); err == nil {
		t.Error("a new connection from the address was served while its budget is spent")
	}
	time.Sleep(2500 * time.Millisecond) // 1 token a second
	if err := get(); err != nil {
		t.Errorf("after the refill: %v", err)
	}
}
