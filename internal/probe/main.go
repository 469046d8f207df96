//go:build probe

// Command probe measures, as an attacker on loopback would, what the arbiter binary
// holds and spends under the hostile clients of issue 29 (findings 1-6): it starts the
// binary given by -bin for each attack, samples the server's VmRSS and VmHWM every
// 100 ms and its CPU time from /proc, runs the attack and prints what the server held
// and what the attacker saw. A watchdog kills the server when its RSS passes
// -rss-limit-mb, so that no probe can take the machine's memory.
//
//	go build -o /tmp/arbiter-now ./cmd/arbiter
//	go run -tags probe ./internal/probe -bin /tmp/arbiter-now -finding all
package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/json"
	"encoding/pem"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/big"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"golang.org/x/net/http2"
	"golang.org/x/net/http2/hpack"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	"github.com/arbiter-xq/arbiter/chushogi/chutest"
	"github.com/arbiter-xq/arbiter/internal/h2test"
	"github.com/arbiter-xq/arbiter/internal/worstcase"
	arbiterv1 "github.com/arbiter-xq/arbiter/proto/arbiter/v1"
)

var (
	bin        = flag.String("bin", "/tmp/arbiter-now", "the arbiter binary to attack")
	findings   = flag.String("finding", "all", "findings to run: all, or a comma separated list of 1,2,2x,2y,2b,3,4,5,6")
	rssLimit   = flag.Int("rss-limit-mb", 5000, "kill the server when its RSS passes this many MB")
	slow       = flag.Int("slow", 20, "finding 3: slow clients")
	hold       = flag.Duration("hold", 15*time.Second, "findings 1-3: how long the attacker stays connected")
	attack     = flag.Duration("attack", 10*time.Second, "finding 6: length of the rapid-reset attack")
	logDir     = flag.String("logs", "/tmp/probe-logs", "where the servers' stderr goes")
	jsonOut    = flag.String("json", "", "also write the results as JSON lines to this file")
	f1conns    = flag.Int("conns", 1, "finding 1: connections, each sending 100 requests")
	f2addrs    = flag.Int("addrs", 1, "finding 2: loopback addresses (127.0.0.1, .2, ...), one connection of 100 streams each")
	reconn     = flag.Bool("reconnect", true, "finding 6: open a new connection whenever the server closes one")
	serveFlags = flag.String("serve-flags", "", "extra flags for arbiter serve, space separated (e.g. --http-write-timeout 5s)")
)

func main() {
	flag.Parse()
	if err := os.MkdirAll(*logDir, 0o755); err != nil {
		fatal(err)
	}
	all := map[string]func() []result{
		"1": finding1, "2": func() []result { return finding2("chu") }, "2x": func() []result { return finding2("xiangqi") },
		"2y": func() []result { return finding2("xiangqi-1000") },
		"2b": func() []result { return finding2("banqi") }, "3": finding3, "4": finding4, "5": finding5, "6": finding6,
	}
	order := []string{"1", "2", "2x", "2y", "2b", "3", "4", "5", "6"}
	run := order
	if *findings != "all" {
		run = strings.Split(*findings, ",")
	}
	var out io.Writer = io.Discard
	if *jsonOut != "" {
		f, err := os.OpenFile(*jsonOut, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
		if err != nil {
			fatal(err)
		}
		defer f.Close()
		out = f
	}
	for _, k := range run {
		fn := all[k]
		if fn == nil {
			fatal(fmt.Errorf("no finding %q", k))
		}
		for _, r := range fn() {
			r.Bin = *bin
			fmt.Println(r)
			b, _ := json.Marshal(r)
			fmt.Fprintln(out, string(b))
		}
	}
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "probe:", err)
	os.Exit(1)
}

// result is one attack's figures. RSS figures are MB (10^6 bytes).
type result struct {
	Finding  string
	Bin      string
	BaseMB   float64 // RSS before the attack
	PeakMB   float64 // highest RSS sampled during the attack (VmRSS every 100 ms)
	HWMMB    float64 // VmHWM at the end of the attack (peak since the server started)
	HeldMB   float64 // RSS at the end of the attack, the attacker still connected
	AfterMB  float64 // RSS a few seconds after the attacker left
	CPUSec   float64 // server CPU (user+system) during the attack
	WallSec  float64 // the attack's wall time
	Killed   bool    // the watchdog killed the server (RSS over the limit)
	Observed string  // what the attacker saw
	LogNote  string  // panics or Internal errors in the server's log
}

func (r result) String() string {
	s := fmt.Sprintf("finding %s [%s]: RSS base %.0f MB, peak %.0f MB (HWM %.0f), held %.0f MB, after %.0f MB; server CPU %.2f s in %.1f s",
		r.Finding, filepath.Base(r.Bin), r.BaseMB, r.PeakMB, r.HWMMB, r.HeldMB, r.AfterMB, r.CPUSec, r.WallSec)
	if r.Killed {
		s += "; KILLED by the watchdog"
	}
	s += "\n    attacker: " + r.Observed
	if r.LogNote != "" {
		s += "\n    server log: " + r.LogNote
	}
	return s
}

// server is a running arbiter binary.
type server struct {
	cmd      *exec.Cmd
	pid      int
	grpcAddr string
	httpAddr string
	metrics  string
	tls      bool
	logPath  string
	exited   chan struct{}

	mu     sync.Mutex
	maxRSS int64
	killed bool
}

func freePort() string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

var certDir string

// selfSigned writes a certificate and key for 127.0.0.1 and returns their paths.
func selfSigned() (string, string) {
	if certDir != "" {
		return filepath.Join(certDir, "cert.pem"), filepath.Join(certDir, "key.pem")
	}
	dir, err := os.MkdirTemp("", "probe-tls")
	if err != nil {
		fatal(err)
	}
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "probe"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(24 * time.Hour),
		IPAddresses: []net.IP{net.ParseIP("127.0.0.1")}, DNSNames: []string{"localhost"},
		KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		fatal(err)
	}
	kb, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		fatal(err)
	}
	certDir = dir
	c, k := filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	os.WriteFile(c, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o600)   //nolint:errcheck
	os.WriteFile(k, pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: kb}), 0o600) //nolint:errcheck
	return c, k
}

// startServer runs the binary with the HTTP port on, and TLS when useTLS.
func startServer(name string, useTLS bool, extra ...string) *server {
	s := &server{grpcAddr: freePort(), httpAddr: freePort(), metrics: freePort(), tls: useTLS, exited: make(chan struct{})}
	args := []string{"serve", "--grpc-addr", s.grpcAddr, "--http-addr", s.httpAddr, "--metrics-addr", s.metrics, "--log-level", "warn"}
	if useTLS {
		c, k := selfSigned()
		args = append(args, "--tls-cert", c, "--tls-key", k)
	}
	args = append(args, extra...)
	args = append(args, strings.Fields(*serveFlags)...)
	s.logPath = filepath.Join(*logDir, fmt.Sprintf("%s-%s-%d.log", filepath.Base(*bin), name, time.Now().UnixNano()))
	lf, err := os.Create(s.logPath)
	if err != nil {
		fatal(err)
	}
	s.cmd = exec.Command(*bin, args...)
	s.cmd.Stderr = lf
	s.cmd.Stdout = lf
	if err := s.cmd.Start(); err != nil {
		fatal(err)
	}
	s.pid = s.cmd.Process.Pid
	go func() { s.cmd.Wait(); lf.Close(); close(s.exited) }() //nolint:errcheck
	go s.sample()
	// Ready when a unary call answers.
	conn := s.dial()
	defer conn.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	if _, err := arbiterv1.NewArbiterServiceClient(conn).ListRulesets(ctx, &arbiterv1.ListRulesetsRequest{}, grpc.WaitForReady(true)); err != nil {
		fatal(fmt.Errorf("server %s not ready: %v (log %s)", name, err, s.logPath))
	}
	time.Sleep(time.Second)
	return s
}

func (s *server) creds() grpc.DialOption {
	if s.tls {
		return grpc.WithTransportCredentials(credentials.NewTLS(&tls.Config{InsecureSkipVerify: true})) //nolint:gosec // probe
	}
	return grpc.WithTransportCredentials(insecure.NewCredentials())
}

func (s *server) dial(opts ...grpc.DialOption) *grpc.ClientConn {
	c, err := grpc.NewClient("passthrough:///"+s.grpcAddr, append([]grpc.DialOption{s.creds()}, opts...)...)
	if err != nil {
		fatal(err)
	}
	return c
}

func (s *server) stop() {
	s.cmd.Process.Signal(syscall.SIGKILL) //nolint:errcheck
	<-s.exited
}

// procStatus reads VmRSS and VmHWM in bytes (0 once the process is gone).
func (s *server) procStatus() (rss, hwm int64) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", s.pid))
	if err != nil {
		return 0, 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		f := strings.Fields(line)
		if len(f) < 2 {
			continue
		}
		v, _ := strconv.ParseInt(f[1], 10, 64)
		switch f[0] {
		case "VmRSS:":
			rss = v * 1024
		case "VmHWM:":
			hwm = v * 1024
		}
	}
	return rss, hwm
}

// cpu is the server's user+system CPU time in seconds.
func (s *server) cpu() float64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", s.pid))
	if err != nil {
		return 0
	}
	f := strings.Fields(string(b[bytes.LastIndexByte(b, ')')+2:]))
	u, _ := strconv.ParseFloat(f[11], 64) // field 14 of the whole line
	st, _ := strconv.ParseFloat(f[12], 64)
	return (u + st) / 100 // USER_HZ
}

func (s *server) sample() {
	t := time.NewTicker(100 * time.Millisecond)
	defer t.Stop()
	for {
		select {
		case <-s.exited:
			return
		case <-t.C:
		}
		rss, _ := s.procStatus()
		s.mu.Lock()
		s.maxRSS = max(s.maxRSS, rss)
		if rss > int64(*rssLimit)*1e6 && !s.killed {
			s.killed = true
			s.cmd.Process.Signal(syscall.SIGKILL) //nolint:errcheck
		}
		s.mu.Unlock()
	}
}

func (s *server) resetPeak() {
	rss, _ := s.procStatus()
	s.mu.Lock()
	s.maxRSS = rss
	s.mu.Unlock()
}

// metric sums the samples of a Prometheus metric whose label text contains every
// filter (-1 when the metrics cannot be read).
func (s *server) metric(name string, filters ...string) float64 {
	resp, err := http.Get("http://" + s.metrics + "/metrics")
	if err != nil {
		return -1
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	var sum float64
	for _, line := range strings.Split(string(b), "\n") {
		if !strings.HasPrefix(line, name+"{") && !strings.HasPrefix(line, name+" ") {
			continue
		}
		ok := true
		for _, f := range filters {
			ok = ok && strings.Contains(line, f)
		}
		if f := strings.Fields(line); ok && len(f) >= 2 {
			v, _ := strconv.ParseFloat(f[len(f)-1], 64)
			sum += v
		}
	}
	return sum
}

func mb(b int64) float64 { return float64(b) / 1e6 }

// measure wraps an attack: attack runs with the attacker connected and returns what it
// saw and a function that disconnects it.
func measure(name string, s *server, attackFn func() (observed string, leave func() string)) result {
	r := result{Finding: name}
	rss, _ := s.procStatus()
	r.BaseMB = mb(rss)
	s.resetPeak()
	cpu0, t0 := s.cpu(), time.Now()
	obs, leave := attackFn()
	r.CPUSec, r.WallSec = s.cpu()-cpu0, time.Since(t0).Seconds()
	held, hwm := s.procStatus()
	r.HeldMB, r.HWMMB = mb(held), mb(hwm)
	s.mu.Lock()
	r.PeakMB, r.Killed = mb(s.maxRSS), s.killed
	s.mu.Unlock()
	if leave != nil {
		obs += leave()
	}
	time.Sleep(5 * time.Second)
	after, _ := s.procStatus()
	r.AfterMB = mb(after)
	r.Observed = obs
	s.stop()
	r.LogNote = logNote(s.logPath)
	return r
}

// logNote counts panics and Internal errors in a server's log.
func logNote(path string) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return ""
	}
	var notes []string
	for _, w := range []string{"panic", "Internal", "fatal error", "out of memory"} {
		if n := bytes.Count(b, []byte(w)); n > 0 {
			notes = append(notes, fmt.Sprintf("%d× %q", n, w))
		}
	}
	if len(notes) == 0 {
		return ""
	}
	return strings.Join(notes, ", ") + " (" + path + ")"
}

// codes counts errors by their gRPC code and first words.
type counter struct {
	mu sync.Mutex
	m  map[string]int
}

func (c *counter) add(err error) {
	k := "OK"
	if err != nil {
		st := status.Convert(err)
		msg := st.Message()
		if len(msg) > 100 {
			msg = msg[:100] + "…"
		}
		k = st.Code().String() + " (" + msg + ")"
	}
	c.mu.Lock()
	if c.m == nil {
		c.m = map[string]int{}
	}
	c.m[k]++
	c.mu.Unlock()
}

func (c *counter) String() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	var keys []string
	for k := range c.m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var parts []string
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%d× %s", c.m[k], k))
	}
	return strings.Join(parts, "; ")
}

// pictureMoves is a 150-ply xiangqi history, the longest with per-ply pictures.
func pictureMoves() []string {
	return strings.Fields(strings.Repeat("h2e2 h9g7 e2h2 g7h9 ", 37) + "h2e2 h9g7")
}

// Finding 1: a connection with an initial stream window of 0 sends 100 Adjudicate
// requests whose replies carry every picture, and never reads.
func finding1() []result {
	s := startServer("f1", false)
	body, err := proto.Marshal(&arbiterv1.AdjudicateRequest{Ruleset: "chinese", Moves: pictureMoves(), Svg: true, PlySvgs: true})
	if err != nil {
		fatal(err)
	}
	const n = 100
	return []result{measure(fmt.Sprintf("1 unread replies, %d connection(s)", *f1conns), s, func() (string, func() string) {
		var conns []net.Conn
		var results []<-chan h2test.UnreadResult
		for range *f1conns {
			conn, err := net.Dial("tcp", s.grpcAddr)
			if err != nil {
				return err.Error(), nil
			}
			res, err := h2test.Unread(conn, s.grpcAddr, "/arbiter.v1.ArbiterService/Adjudicate", body, n)
			if err != nil {
				conn.Close()
				return "Unread: " + err.Error(), nil
			}
			conns, results = append(conns, conn), append(results, res)
		}
		time.Sleep(*hold)
		m := "Adjudicate"
		return fmt.Sprintf("%d requests of %d B per connection (reply window 0), connected %v; server metrics then: handled OK %.0f, DeadlineExceeded %.0f, arbiter_reply_bytes_held %.0f, arbiter_reply_budget_waiting %.0f (0s on a binary without them)",
				n, len(body), *hold, s.metric("grpc_server_handled_total", m, `"OK"`), s.metric("grpc_server_handled_total", m, "DeadlineExceeded"),
				s.metric("arbiter_reply_bytes_held"), s.metric("arbiter_reply_budget_waiting")), func() string {
				var total h2test.UnreadResult
				for i, c := range conns {
					c.Close()
					got := <-results[i]
					total.DataBytes += got.DataBytes
					total.Headers += got.Headers
					total.Resets += got.Resets
				}
				return fmt.Sprintf(": server sent %d DATA bytes, %d HEADERS frames, %d RST_STREAM", total.DataBytes, total.Headers, total.Resets)
			}
	})}
}

// Finding 2: 100 game streams on one connection, each started with a long history.
func finding2(game string) []result {
	var start *arbiterv1.GameStart
	switch game {
	case "chu":
		walk, err := chutest.ReversibleWalk(4000)
		if err != nil {
			fatal(err)
		}
		start = &arbiterv1.GameStart{Ruleset: "chu-jcsa2004", Fen: chutest.WalkStart, Moves: walk}
	case "xiangqi":
		// 2,900 plies in one window: the natural move limit off (an override of the
		// current ruleset ids; a642be2 knows none).
		start = &arbiterv1.GameStart{Ruleset: "chinese+natural_move_limit=off", Fen: worstcase.LongCycleFEN, Moves: worstcase.LongCycle(2900)}
	case "xiangqi-1000":
		// The longest the API allowed before: the policy's limit at its most (1,000
		// moves), one ply short of the draw it gives at ply 2,000.
		start = &arbiterv1.GameStart{Ruleset: "chinese", Policy: &arbiterv1.Policy{NaturalMoveLimit: 1000}, Fen: worstcase.LongCycleFEN, Moves: worstcase.LongCycle(1999)}
	case "banqi":
		start = &arbiterv1.GameStart{Ruleset: "banqi-tw+repetition=off", Fen: "4/4/4/4/4/4/r3/G3 b - 0",
			Moves: strings.Fields("a2-b2 a1-a2 b2-b1 a2-b2")}
		start.Moves = strings.Fields("a2-a3 a1-b1 a3-b3 " + strings.Repeat("b1-a1 b3-c3 a1-b1 c3-b3 ", 4000/4-1))
	}
	s := startServer("f2-"+game, false)
	n := 100 * *f2addrs
	name := fmt.Sprintf("2 %d %s streams of %d plies over %d connection(s) from as many loopback addresses", n, game, len(start.Moves), *f2addrs)
	return []result{measure(name, s, func() (string, func() string) {
		var clients []arbiterv1.ArbiterServiceClient
		var conns []*grpc.ClientConn
		for i := range *f2addrs {
			local := &net.TCPAddr{IP: net.IPv4(127, 0, 0, byte(1+i))}
			conn := s.dial(grpc.WithContextDialer(func(ctx context.Context, a string) (net.Conn, error) {
				d := net.Dialer{LocalAddr: local}
				return d.DialContext(ctx, "tcp", a)
			}))
			conns, clients = append(conns, conn), append(clients, arbiterv1.NewArbiterServiceClient(conn))
		}
		ctx, cancel := context.WithCancel(context.Background())
		var c counter
		var statuses counter
		var wg sync.WaitGroup
		jobs := make(chan int)
		t0 := time.Now()
		for range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range jobs {
					st, err := clients[i%len(clients)].PlayGame(ctx)
					if err == nil {
						err = st.Send(&arbiterv1.PlayGameRequest{Input: &arbiterv1.PlayGameRequest_Start{Start: start}})
					}
					var resp *arbiterv1.PlayGameResponse
					if err == nil {
						resp, err = st.Recv()
					}
					c.add(err)
					if resp != nil {
						statuses.add(errors.New(resp.GetStatus().String()))
					}
				}
			}()
		}
		for i := range n {
			jobs <- i
		}
		close(jobs)
		wg.Wait()
		opened := time.Since(t0)
		time.Sleep(3 * time.Second)
		return fmt.Sprintf("%d streams opened in %.1f s (start message %d B): %s", n, opened.Seconds(), proto.Size(start), c.String()),
			func() string {
				cancel()
				for _, c := range conns {
					c.Close()
				}
				return ""
			}
	})}
}

// Finding 3: POST /ui/pgn with a megabyte of "* ", once read, then by slow clients
// that never read; also slow clients asking for the largest answer allowed.
func finding3() []result {
	big := strings.Repeat("* ", 1<<19)[:1<<20-1]
	most := strings.Repeat("* ", 10000) // the most games allowed (--max-pgn-games)
	var out []result
	s := startServer("f3a", false)
	out = append(out, measure("3a one 1 MB PGN of empty games", s, func() (string, func() string) {
		resp, err := http.Post("http://"+s.httpAddr+"/ui/pgn", "text/plain", strings.NewReader(big))
		if err != nil {
			return err.Error(), nil
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		return fmt.Sprintf("HTTP %d, %d bytes of answer: %.120s", resp.StatusCode, len(b), b), nil
	}))
	for _, v := range []struct {
		name, body string
	}{{"3b", big}, {"3c", most}} {
		s := startServer("f"+v.name, false)
		out = append(out, measure(fmt.Sprintf("%s %d slow clients, %d B body each", v.name, *slow, len(v.body)), s, func() (string, func() string) {
			var conns []net.Conn
			var errs counter
			for range *slow {
				c, err := net.Dial("tcp", s.httpAddr)
				if err == nil {
					if tc, ok := c.(*net.TCPConn); ok {
						tc.SetReadBuffer(4096) //nolint:errcheck // a small window: the client reads nothing anyway
					}
					_, err = fmt.Fprintf(c, "POST /ui/pgn HTTP/1.1\r\nHost: %s\r\nContent-Type: text/plain\r\nContent-Length: %d\r\n\r\n%s", s.httpAddr, len(v.body), v.body)
				}
				errs.add(err)
				if c != nil {
					conns = append(conns, c)
				}
			}
			time.Sleep(*hold)
			// Then read the status line of each answer: what a slow client would see.
			// Then read each answer for up to 3 s: its status line, whether all of it
			// came (Content-Length) and how the read ended (EOF or reset: the server
			// had closed the connection; timeout: it is still open).
			var lines counter
			for _, c := range conns {
				c.SetReadDeadline(time.Now().Add(3 * time.Second)) //nolint:errcheck
				br := bufio.NewReader(c)
				line, err := br.ReadString('\n')
				if err != nil {
					lines.add(fmt.Errorf("no status line: %v", err))
					continue
				}
				want := -1
				for {
					h, err := br.ReadString('\n')
					if err != nil || strings.TrimSpace(h) == "" {
						break
					}
					if k, v, ok := strings.Cut(h, ":"); ok && strings.EqualFold(k, "Content-Length") {
						want, _ = strconv.Atoi(strings.TrimSpace(v))
					}
				}
				n, err := io.Copy(io.Discard, br)
				end := "EOF"
				if ne, ok := err.(net.Error); ok && ne.Timeout() {
					end = "still open"
				} else if err != nil {
					end = "reset"
				}
				whole := "whole answer"
				if int(n) < want {
					whole = "answer cut short"
				}
				lines.add(fmt.Errorf("%s, %s, then %s", strings.TrimSpace(line), whole, end))
			}
			return fmt.Sprintf("writes: %s; reading after %v: %s", errs.String(), *hold, lines.String()), func() string {
				for _, c := range conns {
					c.Close()
				}
				return ""
			}
		}))
	}
	return out
}

// Finding 4: Compare with 16 chu rulesets over a 4,000-ply record, once, then 10 at once.
func finding4() []result {
	walk, err := chutest.ReversibleWalk(4000)
	if err != nil {
		fatal(err)
	}
	var ids []string
	for i := range 16 {
		ids = append(ids, "chu-jcsa2004+chu.repetition.min_window="+strconv.Itoa(i))
	}
	req := &arbiterv1.CompareRequest{Rulesets: ids, Fen: chutest.WalkStart, Moves: walk}
	var out []result
	for _, n := range []int{1, 10} {
		s := startServer(fmt.Sprintf("f4-%d", n), false)
		out = append(out, measure(fmt.Sprintf("4 %d× Compare, 16 chu rulesets × %d plies (%d B)", n, len(walk), proto.Size(req)), s, func() (string, func() string) {
			conn := s.dial(grpc.WithDefaultCallOptions(grpc.MaxCallRecvMsgSize(64 << 20)))
			client := arbiterv1.NewArbiterServiceClient(conn)
			var c counter
			var wg sync.WaitGroup
			var worst atomic.Int64
			for range n {
				wg.Add(1)
				go func() {
					defer wg.Done()
					t0 := time.Now()
					ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
					defer cancel()
					_, err := client.Compare(ctx, req)
					c.add(err)
					d := time.Since(t0)
					for {
						w := worst.Load()
						if int64(d) <= w || worst.CompareAndSwap(w, int64(d)) {
							break
						}
					}
				}()
			}
			wg.Wait()
			return fmt.Sprintf("%s; slowest answer %.2f s", c.String(), time.Duration(worst.Load()).Seconds()), func() string { conn.Close(); return "" }
		}))
	}
	return out
}

// Finding 5: 100 connections × 100 game streams, from one address and from ten.
func finding5() []result {
	var out []result
	for _, v := range []struct{ addrs, conns int }{{1, 100}, {10, 100}, {11, 110}} {
		addrs, nconns := v.addrs, v.conns
		s := startServer(fmt.Sprintf("f5-%d", addrs), false)
		out = append(out, measure(fmt.Sprintf("5 %d conns × 100 streams from %d loopback address(es)", nconns, addrs), s, func() (string, func() string) {
			var c counter
			var conns []*grpc.ClientConn
			var cancels []context.CancelFunc
			var mu sync.Mutex
			var wg sync.WaitGroup
			var okCount atomic.Int64
			var full atomic.Int64 // nanoseconds since t0 when the last OK stream opened
			t0 := time.Now()
			for i := range nconns {
				local := &net.TCPAddr{IP: net.IPv4(127, 0, 0, byte(2+i%addrs))}
				if addrs == 1 {
					local.IP = net.IPv4(127, 0, 0, 1)
				}
				conn := s.dial(grpc.WithContextDialer(func(ctx context.Context, a string) (net.Conn, error) {
					d := net.Dialer{LocalAddr: local}
					return d.DialContext(ctx, "tcp", a)
				}))
				ctx, cancel := context.WithCancel(context.Background())
				mu.Lock()
				conns, cancels = append(conns, conn), append(cancels, cancel)
				mu.Unlock()
				client := arbiterv1.NewArbiterServiceClient(conn)
				wg.Add(1)
				go func() {
					defer wg.Done()
					var inner sync.WaitGroup
					for range 100 {
						inner.Add(1)
						go func() {
							defer inner.Done()
							st, err := client.PlayGame(ctx)
							if err == nil {
								err = st.Send(&arbiterv1.PlayGameRequest{Input: &arbiterv1.PlayGameRequest_Start{Start: &arbiterv1.GameStart{Ruleset: "chinese"}}})
							}
							if err == nil {
								_, err = st.Recv()
							}
							c.add(err)
							if err == nil {
								okCount.Add(1)
								full.Store(int64(time.Since(t0)))
							}
						}()
					}
					inner.Wait()
				}()
			}
			wg.Wait()
			all := time.Since(t0)
			time.Sleep(2 * time.Second)
			return fmt.Sprintf("%d streams open (last opened at %.2f s, all answered in %.2f s): %s",
					okCount.Load(), time.Duration(full.Load()).Seconds(), all.Seconds(), c.String()), func() string {
					for i := range conns {
						cancels[i]()
						conns[i].Close()
					}
					return ""
				}
		}))
	}
	return out
}

// rapidReset runs HTTP/2 rapid reset against addr for d: one connection at a time,
// HEADERS and RST_STREAM(CANCEL) in a loop, a new connection whenever the server
// closes one.
type rrStats struct {
	streams, conns, closed int
	goAways                counter
}

func rapidReset(dial func() (net.Conn, error), authority, path string, grpcReq bool, d time.Duration) *rrStats {
	st := &rrStats{}
	deadline := time.Now().Add(d)
	var hbuf bytes.Buffer
	enc := hpack.NewEncoder(&hbuf)
	fields := [][2]string{{":method", "GET"}, {":scheme", "https"}, {":authority", authority}, {":path", path}}
	if grpcReq {
		fields[0][1] = "POST"
		fields[1][1] = "http"
		fields = append(fields, [2]string{"content-type", "application/grpc"}, [2]string{"te", "trailers"})
	}
	for _, f := range fields {
		enc.WriteField(hpack.HeaderField{Name: f[0], Value: f[1]}) //nolint:errcheck
	}
	block := hbuf.Bytes()
	for time.Now().Before(deadline) {
		conn, err := dial()
		if err != nil {
			st.goAways.add(fmt.Errorf("dial: %v", err))
			time.Sleep(10 * time.Millisecond)
			continue
		}
		st.conns++
		var wmu sync.Mutex
		fr := http2.NewFramer(conn, conn)
		conn.Write([]byte(http2.ClientPreface)) //nolint:errcheck
		fr.WriteSettings()                      //nolint:errcheck
		done := make(chan struct{})
		var goAway atomic.Value
		go func() {
			defer close(done)
			for {
				f, err := fr.ReadFrame()
				if err != nil {
					return
				}
				switch f := f.(type) {
				case *http2.SettingsFrame:
					if !f.IsAck() {
						wmu.Lock()
						fr.WriteSettingsAck() //nolint:errcheck
						wmu.Unlock()
					}
				case *http2.GoAwayFrame:
					goAway.Store(f.ErrCode.String())
					return
				}
			}
		}()
		closed := false
		for id := uint32(1); time.Now().Before(deadline); id += 2 {
			select {
			case <-done:
				closed = true
			default:
			}
			if closed {
				break
			}
			wmu.Lock()
			err := fr.WriteHeaders(http2.HeadersFrameParam{StreamID: id, BlockFragment: block, EndHeaders: true})
			if err == nil {
				err = fr.WriteRSTStream(id, http2.ErrCodeCancel)
			}
			wmu.Unlock()
			if err != nil {
				closed = true
				break
			}
			st.streams++
		}
		conn.Close()
		<-done
		if closed {
			st.closed++
		}
		if !*reconn {
			time.Sleep(time.Until(deadline))
		}
		if g, ok := goAway.Load().(string); ok {
			st.goAways.add(errors.New("GOAWAY " + g))
		}
	}
	return st
}

// bystander calls fn in a loop until stop and returns its latencies.
func bystander(fn func() error, stop <-chan struct{}) (lat []time.Duration, errs *counter) {
	errs = &counter{}
	for {
		select {
		case <-stop:
			return lat, errs
		default:
		}
		t0 := time.Now()
		err := fn()
		lat = append(lat, time.Since(t0))
		if err != nil {
			errs.add(err)
		}
	}
}

func pct(lat []time.Duration, p float64) float64 {
	if len(lat) == 0 {
		return 0
	}
	s := slices.Clone(lat)
	slices.Sort(s)
	return float64(s[min(len(s)-1, int(float64(len(s))*p))].Microseconds()) / 1000
}

// Finding 6: rapid reset on the gRPC port (plaintext) and on the HTTP port (TLS, h2),
// with a bystander's small unary call on the same port.
func finding6() []result {
	var out []result
	for _, port := range []string{"grpc", "http"} {
		s := startServer("f6-"+port, port == "http")
		small := &arbiterv1.AdjudicateRequest{Ruleset: "chinese", Fen: "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 0 1", Moves: []string{"f0e0", "e8f8", "e0f0", "f8e8"}}
		var call func() error
		var closeBy func() string
		if port == "grpc" {
			conn := s.dial()
			client := arbiterv1.NewArbiterServiceClient(conn)
			call = func() error {
				ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
				defer cancel()
				_, err := client.Adjudicate(ctx, small)
				return err
			}
			closeBy = func() string { conn.Close(); return "" }
		} else {
			hc := &http.Client{Timeout: 5 * time.Second, Transport: &http2.Transport{TLSClientConfig: &tls.Config{InsecureSkipVerify: true}}} //nolint:gosec
			body := `{"ruleset":"chinese","fen":"2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 0 1","moves":["f0e0","e8f8","e0f0","f8e8"]}`
			call = func() error {
				resp, err := hc.Post("https://"+s.httpAddr+"/v1/adjudicate", "application/json", strings.NewReader(body))
				if err != nil {
					return err
				}
				io.Copy(io.Discard, resp.Body) //nolint:errcheck
				resp.Body.Close()
				if resp.StatusCode != 200 {
					return fmt.Errorf("HTTP %d", resp.StatusCode)
				}
				return nil
			}
			closeBy = func() string { hc.CloseIdleConnections(); return "" }
		}
		// The bystander alone, for its baseline.
		stop := make(chan struct{})
		time.AfterFunc(3*time.Second, func() { close(stop) })
		bcpu0, bt0 := s.cpu(), time.Now()
		base, _ := bystander(call, stop)
		aloneCPU := (s.cpu() - bcpu0) / time.Since(bt0).Seconds()
		addr, path, grpcReq := s.grpcAddr, "/arbiter.v1.ArbiterService/ListRulesets", true
		dial := func() (net.Conn, error) { return net.Dial("tcp", addr) }
		if port == "http" {
			addr, path, grpcReq = s.httpAddr, "/v1/rulesets", false
			dial = func() (net.Conn, error) { return h2test.DialTLS(addr) }
		}
		out = append(out, measure("6 rapid reset on the "+port+" port", s, func() (string, func() string) {
			stop := make(chan struct{})
			var lat []time.Duration
			var berrs *counter
			bdone := make(chan struct{})
			go func() { lat, berrs = bystander(call, stop); close(bdone) }()
			started0 := s.metric("grpc_server_started_total")
			st := rapidReset(dial, addr, path, grpcReq, *attack)
			close(stop)
			<-bdone
			started := s.metric("grpc_server_started_total") - started0
			return fmt.Sprintf("server's grpc_server_started_total +%.0f (RPCs it began, both ports); %d streams written (HEADERS+RST_STREAM) in %v over %d connection(s), %d closed by the server (%s); bystander %s: p50 %.2f ms p99 %.2f ms (%d calls; alone p50 %.2f p99 %.2f ms, %d calls); server CPU with the bystander alone %.2f s/s; bystander errors: %s",
				started, st.streams, *attack, st.conns, st.closed, st.goAways.String(), port, pct(lat, .5), pct(lat, .99), len(lat),
				pct(base, .5), pct(base, .99), len(base), aloneCPU, berrs.String()), closeBy
		}))
	}
	return out
}
