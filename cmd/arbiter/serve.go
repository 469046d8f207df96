package main

import (
	"context"
	"crypto/tls"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"

	"github.com/arbiter-xq/arbiter/casebook"
	"github.com/arbiter-xq/arbiter/internal/buildinfo"
	"github.com/arbiter-xq/arbiter/server"
	"github.com/arbiter-xq/arbiter/web"
)

const serveUsage = `usage: arbiter serve [--grpc-addr HOST:PORT] [--http-addr HOST:PORT] [--metrics-addr HOST:PORT] [flags]

Serves arbiter.v1.ArbiterService over gRPC (with the gRPC health and reflection
services, so grpcurl works out of the box) and Prometheus metrics over HTTP at
/metrics. With --http-addr it also serves, on that one port, the HTTP/JSON API of
every unary RPC (POST /v1/adjudicate, GET /v1/rulesets, ...), its OpenAPI document at
/openapi.json and the web page at /. All listen on loopback by default; use
0.0.0.0:PORT (or [::]:PORT) to serve other hosts. Every flag falls back to the
ARBITER_* environment variable named beside it; a flag given on the command line wins.

TLS: --tls-cert and --tls-key serve gRPC over TLS (1.2 or later); --tls-client-ca
also requires every client to present a certificate signed by that CA (mutual TLS).
The HTTP port (--http-addr) is then HTTPS with the same certificate and client CA.

On SIGTERM or SIGINT the server drains: the health service reports NOT_SERVING (and
keeps answering, on new connections too, so readiness probes see it), new RPCs are
refused with UNAVAILABLE "draining; retry on another replica" (on the HTTP port: 503,
the port stays open until the drain ends), and open RPCs and game streams get
--drain-timeout to finish. Those still open then end with UNAVAILABLE and
a message saying why, and the server stops.

Exit status: 0 after a complete drain; 1 bad flags or environment values; 2 the
server cannot start (address in use, casebook or TLS files unreadable) or fails;
3 the drain period ended with RPCs still open.

Logs are JSON lines (log/slog) on stderr; durations are in milliseconds (*_ms) or Go
duration strings ("15s").

Flags:
`

// exitDrainCutShort is the exit status of a server whose drain period ended before its
// last RPC did: the clients of those RPCs were cut off.
const exitDrainCutShort = 3

// serveFlags are the settings of `arbiter serve`.
type serveFlags struct {
	grpcAddr, metricsAddr string
	httpAddr              string // "off": no HTTP/JSON API and page
	cfg                   server.Config
	tls                   server.TLSFiles
	drain                 time.Duration
	logLevel              slog.Level
	http                  web.ServerConfig // the HTTP port's timeouts
	maxPGNGames           int
	corsOrigins           []string // --cors-origins: origins allowed to call the JSON API from a browser
}

// envDefault returns the environment value of name, or def when unset or empty.
func envDefault(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

// serveOption is one flag of serve with its environment fallback.
type serveOption struct {
	flag, env, def, help string
}

func serveOptions() []serveOption {
	d := server.DefaultConfig()
	hd := web.DefaultServerConfig()
	return []serveOption{
		{"grpc-addr", "ARBITER_GRPC_ADDR", "127.0.0.1:50051", "gRPC listen address"},
		{"http-addr", "ARBITER_HTTP_ADDR", "off", `HTTP/JSON API, OpenAPI and web page listen address ("off" to disable)`},
		{"metrics-addr", "ARBITER_METRICS_ADDR", "127.0.0.1:9090", `metrics HTTP listen address ("off" to disable)`},
		{"tls-cert", "ARBITER_TLS_CERT", "", "PEM certificate chain of the gRPC port (TLS; needs --tls-key)"},
		{"tls-key", "ARBITER_TLS_KEY", "", "PEM private key of --tls-cert"},
		{"tls-client-ca", "ARBITER_TLS_CLIENT_CA", "", "PEM CA bundle: require client certificates signed by it (mutual TLS)"},
		{"max-plies", "ARBITER_MAX_PLIES", strconv.Itoa(d.MaxPlies), "longest history (plies) per request or game stream"},
		{"max-message-bytes", "ARBITER_MAX_MESSAGE_BYTES", strconv.Itoa(d.MaxMessageBytes), "largest request message in bytes"},
		{"max-response-bytes", "ARBITER_MAX_RESPONSE_BYTES", strconv.Itoa(d.MaxResponseBytes), "largest unary response in bytes"},
		{"max-streams", "ARBITER_MAX_STREAMS", strconv.Itoa(d.MaxStreams), "most PlayGame streams open at once"},
		{"max-streams-per-conn", "ARBITER_MAX_STREAMS_PER_CONN", strconv.Itoa(d.MaxStreamsPerConn), "most concurrent RPCs per client connection"},
		{"request-timeout", "ARBITER_REQUEST_TIMEOUT", d.RequestTimeout.String(), "time limit per unary request (0: none)"},
		{"stream-start-timeout", "ARBITER_STREAM_START_TIMEOUT", d.StreamStartTimeout.String(), "time a PlayGame stream has to send its GameStart"},
		{"stream-idle-timeout", "ARBITER_STREAM_IDLE_TIMEOUT", d.StreamIdleTimeout.String(), "time a PlayGame stream may wait between moves"},
		{"max-streams-per-peer", "ARBITER_MAX_STREAMS_PER_PEER", strconv.Itoa(d.MaxStreamsPerPeer), "most PlayGame streams open at once per client IP address (0: no per-client limit; behind a load balancer every client has its address)"},
		{"max-stream-bytes", "ARBITER_MAX_STREAM_BYTES", strconv.FormatInt(d.MaxStreamBytes, 10), "bytes the open PlayGame streams' games may hold together, as each game's footprint (0: no limit; beyond: moves and starts are refused)"},
		{"max-stream-bytes-per-peer", "ARBITER_MAX_STREAM_BYTES_PER_PEER", strconv.FormatInt(d.MaxStreamBytesPerPeer, 10), "bytes one client IP address's PlayGame streams may hold (0: no per-client limit)"},
		{"max-header-list-bytes", "ARBITER_MAX_HEADER_LIST_BYTES", strconv.Itoa(d.MaxHeaderListBytes), "largest metadata (HTTP/2 header list) per gRPC call in bytes"},
		{"max-unsent-bytes-per-conn", "ARBITER_MAX_UNSENT_BYTES_PER_CONN", strconv.Itoa(d.MaxUnsentBytesPerConn), "bytes of unary replies one connection may have computed and not yet read (calls beyond wait within their deadline)"},
		{"max-unsent-bytes-per-peer", "ARBITER_MAX_UNSENT_BYTES_PER_PEER", strconv.FormatInt(d.MaxUnsentBytesPerPeer, 10), "bytes of unary replies the connections of one client IP address may have computed and not yet read (0: no per-client share)"},
		{"unsent-stall-timeout", "ARBITER_UNSENT_STALL_TIMEOUT", d.UnsentStallTimeout.String(), "close a connection that holds computed replies and has read none of their bytes for that long (0: never)"},
		{"max-resets-per-peer", "ARBITER_MAX_RESETS_PER_PEER", strconv.Itoa(d.MaxResetsPerPeer), "RPCs the connections of one client IP address may cancel together in a burst, counted on each port (refilled at a tenth per second; beyond: closed, and new connections refused while it is spent; 0: no per-client budget)"},
		{"max-unsent-bytes", "ARBITER_MAX_UNSENT_BYTES", strconv.FormatInt(d.MaxUnsentBytes, 10), "bytes of unary replies all connections together may have computed and not yet read (0: no server-wide limit)"},
		{"max-resets-per-conn", "ARBITER_MAX_RESETS_PER_CONN", strconv.Itoa(d.MaxResetsPerConn), "RPCs a connection may cancel in a burst (refilled at a tenth per second; beyond: closed)"},
		{"handshake-timeout", "ARBITER_HANDSHAKE_TIMEOUT", d.HandshakeTimeout.String(), "time a new connection has for its TLS and HTTP/2 handshakes"},
		{"http-read-header-timeout", "ARBITER_HTTP_READ_HEADER_TIMEOUT", hd.ReadHeaderTimeout.String(), "HTTP port: time to read a request's headers"},
		{"http-read-timeout", "ARBITER_HTTP_READ_TIMEOUT", hd.ReadTimeout.String(), "HTTP port: time to read a whole request"},
		{"http-write-timeout", "ARBITER_HTTP_WRITE_TIMEOUT", hd.WriteTimeout.String(), "HTTP port: time from a request's headers to the end of its answer"},
		{"http-idle-timeout", "ARBITER_HTTP_IDLE_TIMEOUT", hd.IdleTimeout.String(), "HTTP port: time a keep-alive connection may wait for its next request"},
		{"cors-origins", "ARBITER_CORS_ORIGINS", "", "HTTP port: origins whose pages may call the JSON API from a browser (CORS), comma separated, e.g. https://site.example; * for any; empty: none (CORS off)"},
		{"max-pgn-games", "ARBITER_MAX_PGN_GAMES", strconv.Itoa(web.DefaultMaxPGNGames), "most games per PGN upload (POST /ui/pgn)"},
		{"drain-timeout", "ARBITER_DRAIN_TIMEOUT", "15s", "on shutdown, how long open RPCs and streams may run on"},
		{"log-level", "ARBITER_LOG_LEVEL", "info", "debug (every RPC), info (client errors), warn or error"},
	}
}

func parseServeFlags(args []string, stderr io.Writer) (*serveFlags, error) {
	opts := serveOptions()
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	vals := map[string]*string{}
	for _, o := range opts {
		vals[o.flag] = fs.String(o.flag, envDefault(o.env, o.def), o.help+" ($"+o.env+")")
	}
	fs.Usage = func() { fmt.Fprint(stderr, serveUsage); fs.PrintDefaults() }
	rest, err := parseArgs(fs, args)
	if err != nil {
		return nil, err
	}
	if len(rest) > 0 {
		return nil, fmt.Errorf("unexpected argument %q", rest[0])
	}
	// source names where a value came from, for the error: the flag, or the
	// environment variable when the flag was not given.
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	source := func(name string) string {
		for _, o := range opts {
			if o.flag == name && !given[name] && os.Getenv(o.env) != "" {
				return fmt.Sprintf("$%s=%q (the environment; --%s not given)", o.env, *vals[name], name)
			}
		}
		return fmt.Sprintf("--%s %q", name, *vals[name])
	}
	f := &serveFlags{grpcAddr: *vals["grpc-addr"], metricsAddr: *vals["metrics-addr"], httpAddr: *vals["http-addr"],
		tls: server.TLSFiles{Cert: *vals["tls-cert"], Key: *vals["tls-key"], ClientCA: *vals["tls-client-ca"]}}
	positive := func(name string, dst *int) error {
		n, err := strconv.Atoi(*vals[name])
		if err != nil || n <= 0 {
			return fmt.Errorf("%s: want a positive integer", source(name))
		}
		*dst = n
		return nil
	}
	duration := func(name string, dst *time.Duration, zeroOK bool) error {
		t, err := time.ParseDuration(*vals[name])
		if err != nil || t < 0 || (t == 0 && !zeroOK) {
			return fmt.Errorf("%s: want a duration such as 10s or 500ms", source(name))
		}
		*dst = t
		return nil
	}
	for _, c := range []error{
		positive("max-plies", &f.cfg.MaxPlies),
		positive("max-message-bytes", &f.cfg.MaxMessageBytes),
		positive("max-response-bytes", &f.cfg.MaxResponseBytes),
		positive("max-streams", &f.cfg.MaxStreams),
		positive("max-streams-per-conn", &f.cfg.MaxStreamsPerConn),
		positive("max-header-list-bytes", &f.cfg.MaxHeaderListBytes),
		perPeer(vals["max-streams-per-peer"], source("max-streams-per-peer"), &f.cfg.MaxStreamsPerPeer),
		byteBudget(vals["max-unsent-bytes"], source("max-unsent-bytes"), &f.cfg.MaxUnsentBytes),
		byteBudget(vals["max-unsent-bytes-per-peer"], source("max-unsent-bytes-per-peer"), &f.cfg.MaxUnsentBytesPerPeer),
		duration("unsent-stall-timeout", &f.cfg.UnsentStallTimeout, true),
		byteBudget(vals["max-stream-bytes"], source("max-stream-bytes"), &f.cfg.MaxStreamBytes),
		byteBudget(vals["max-stream-bytes-per-peer"], source("max-stream-bytes-per-peer"), &f.cfg.MaxStreamBytesPerPeer),
		positive("max-resets-per-conn", &f.cfg.MaxResetsPerConn),
		perPeer(vals["max-resets-per-peer"], source("max-resets-per-peer"), &f.cfg.MaxResetsPerPeer),
		positive("max-unsent-bytes-per-conn", &f.cfg.MaxUnsentBytesPerConn),
		duration("request-timeout", &f.cfg.RequestTimeout, true),
		duration("stream-start-timeout", &f.cfg.StreamStartTimeout, false),
		duration("stream-idle-timeout", &f.cfg.StreamIdleTimeout, false),
		duration("handshake-timeout", &f.cfg.HandshakeTimeout, false),
		duration("http-read-header-timeout", &f.http.ReadHeaderTimeout, false),
		duration("http-read-timeout", &f.http.ReadTimeout, false),
		duration("http-write-timeout", &f.http.WriteTimeout, false),
		duration("http-idle-timeout", &f.http.IdleTimeout, false),
		positive("max-pgn-games", &f.maxPGNGames),
		duration("drain-timeout", &f.drain, true),
	} {
		if c != nil {
			return nil, c
		}
	}
	if f.cfg.UnsentStallTimeout == 0 {
		f.cfg.UnsentStallTimeout = -1 // the flag's 0: never (the config's 0 is the default)
	}
	origins, err := web.CheckOrigins(strings.Split(*vals["cors-origins"], ","))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", source("cors-origins"), err)
	}
	f.corsOrigins = origins
	if err := f.logLevel.UnmarshalText([]byte(*vals["log-level"])); err != nil {
		return nil, fmt.Errorf("%s: want debug, info, warn or error", source("log-level"))
	}
	for _, name := range []string{"grpc-addr", "metrics-addr", "http-addr"} {
		addr := *vals[name]
		if name != "grpc-addr" && strings.EqualFold(addr, "off") {
			continue
		}
		if _, _, err := net.SplitHostPort(addr); err != nil {
			return nil, fmt.Errorf("%s: want HOST:PORT", source(name))
		}
	}
	if f.tls.Enabled() && (f.tls.Cert == "" || f.tls.Key == "") {
		return nil, fmt.Errorf("TLS needs both --tls-cert and --tls-key (or $ARBITER_TLS_CERT and $ARBITER_TLS_KEY)")
	}
	return f, nil
}

// perPeer reads --max-streams-per-peer: a positive limit, or 0 for none (the server's
// negative value).
func perPeer(val *string, source string, dst *int) error {
	n, err := strconv.Atoi(*val)
	if err != nil || n < 0 {
		return fmt.Errorf("%s: want 0 (no per-client limit) or a positive integer", source)
	}
	if n == 0 {
		n = -1
	}
	*dst = n
	return nil
}

// byteBudget reads a memory budget in bytes: 0 is no limit (-1 in server.Config).
func byteBudget(val *string, source string, dst *int64) error {
	n, err := strconv.ParseInt(*val, 10, 64)
	if err != nil || n < 0 {
		return fmt.Errorf("%s: want 0 (no limit) or a positive number of bytes", source)
	}
	if n == 0 {
		n = -1
	}
	*dst = n
	return nil
}

// runServe runs the gRPC server and the metrics endpoint until ctx is done (SIGTERM or
// SIGINT in main), then shuts down gracefully.
func runServe(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	f, err := parseServeFlags(args, stderr)
	if err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(stderr, "arbiter serve:", err)
			return exitUsage
		}
		return exitOK
	}
	log := slog.New(slog.NewJSONHandler(stderr, &slog.HandlerOptions{Level: f.logLevel}))

	book, err := casebook.Load()
	if err != nil {
		log.Error("cannot load the casebook", "error", err)
		return exitInput
	}
	bi := buildinfo.Read()
	metrics := prometheus.NewRegistry()
	metrics.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		buildInfoGauge(bi))
	srv, err := server.New(f.cfg, newRegistry(), book, log, metrics)
	if err != nil {
		log.Error("cannot create the server", "error", err)
		return exitInput
	}
	var opts []grpc.ServerOption
	var tc *tls.Config // also the HTTP port's: the same API must not be open there in clear
	if f.tls.Enabled() {
		if tc, err = f.tls.Config(); err != nil {
			log.Error("cannot set up TLS", "error", err)
			return exitInput
		}
		opts = append(opts, grpc.Creds(srv.Credentials(credentials.NewTLS(tc)))) // with the reply budget of each connection
	}
	gs := srv.GRPCServer(opts...)

	lis, err := net.Listen("tcp", f.grpcAddr)
	if err != nil {
		log.Error("cannot listen for gRPC", "addr", f.grpcAddr, "error", err)
		return exitInput
	}
	var hs *http.Server
	var mlis net.Listener
	if !strings.EqualFold(f.metricsAddr, "off") {
		mlis, err = net.Listen("tcp", f.metricsAddr)
		if err != nil {
			lis.Close()
			log.Error("cannot listen for metrics", "addr", f.metricsAddr, "error", err)
			return exitInput
		}
		mux := http.NewServeMux()
		mux.Handle("/metrics", promhttp.HandlerFor(metrics, promhttp.HandlerOpts{Registry: metrics}))
		hs = &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	}

	var front *httpFront
	if !strings.EqualFold(f.httpAddr, "off") {
		if front, err = startHTTP(ctx, f.httpAddr, srv, tc, f.http, web.Options{MaxPGNGames: f.maxPGNGames, AllowedOrigins: f.corsOrigins}); err != nil {
			lis.Close()
			if mlis != nil {
				mlis.Close()
			}
			log.Error("cannot listen for HTTP", "addr", f.httpAddr, "error", err)
			return exitInput
		}
	}

	errc := make(chan error, 3)
	go func() { errc <- gs.Serve(srv.Listener(lis)) }() // Listener: the rapid-reset guard can close a connection
	cfg := srv.Config()
	tlsMode := "off"
	switch {
	case f.tls.ClientCA != "":
		tlsMode = "mutual"
	case f.tls.Enabled():
		tlsMode = "on"
	}
	attrs := []any{"grpc_addr", lis.Addr().String(), "tls", tlsMode, "version", bi.Version, "revision", bi.Revision,
		"max_plies", cfg.MaxPlies, "max_message_bytes", cfg.MaxMessageBytes, "max_response_bytes", cfg.MaxResponseBytes,
		"max_streams", cfg.MaxStreams, "max_streams_per_conn", cfg.MaxStreamsPerConn,
		"max_streams_per_peer", cfg.MaxStreamsPerPeer, "max_stream_bytes", cfg.MaxStreamBytes, "max_stream_bytes_per_peer", cfg.MaxStreamBytesPerPeer, "max_header_list_bytes", cfg.MaxHeaderListBytes, "max_resets_per_conn", cfg.MaxResetsPerConn, "max_resets_per_peer", cfg.MaxResetsPerPeer,
		"max_unsent_bytes_per_conn", cfg.MaxUnsentBytesPerConn, "max_unsent_bytes", cfg.MaxUnsentBytes, "max_unsent_bytes_per_peer", cfg.MaxUnsentBytesPerPeer,
		"unsent_stall_timeout", cfg.UnsentStallTimeout.String(),
		"request_timeout", cfg.RequestTimeout.String(), "stream_start_timeout", cfg.StreamStartTimeout.String(),
		"stream_idle_timeout", cfg.StreamIdleTimeout.String(), "rulesets", strings.Join(newRegistry().IDs(), ",")}
	if hs != nil {
		go func() {
			if err := hs.Serve(mlis); !errors.Is(err, http.ErrServerClosed) {
				errc <- fmt.Errorf("metrics server: %w", err)
			}
		}()
		attrs = append(attrs, "metrics_addr", mlis.Addr().String())
	}
	if front != nil {
		go front.serve(errc)
		attrs = append(attrs, "http_addr", front.addr())
	}
	log.Info("serving", attrs...)

	code := exitOK
	select {
	case <-ctx.Done():
		log.Info("shutting down", "drain_timeout", f.drain.String())
	case err := <-errc:
		log.Error("server failed", "error", err)
		code = exitInput
	}
	t0 := time.Now()
	// HTTP drains with gRPC: its API calls go through the same server, which refuses new
	// ones (503) and waits for the open ones; the port closes once that is done.
	if front != nil {
		front.draining()
	}
	graceful := srv.GracefulStop(gs, f.drain)
	if front != nil {
		front.shutdown(2 * time.Second)
	}
	if hs != nil {
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		hs.Shutdown(sctx)
		cancel()
	}
	drainMS := float64(time.Since(t0).Microseconds()) / 1000
	if !graceful {
		log.Warn("stopped", "graceful", false, "drain_ms", drainMS,
			"reason", "the drain period ended with RPCs still open; their clients were told to retry elsewhere")
		if code == exitOK {
			code = exitDrainCutShort
		}
		return code
	}
	log.Info("stopped", "graceful", true, "drain_ms", drainMS)
	return code
}

// buildInfoGauge is arbiter_build_info{version,revision,goversion} 1, the usual way to
// put the build of each replica on a dashboard.
func buildInfoGauge(bi buildinfo.Info) prometheus.Collector {
	g := prometheus.NewGauge(prometheus.GaugeOpts{
		Name:        "arbiter_build_info",
		Help:        "The build of the running arbiter: module version, VCS revision (with +modified) and Go version; always 1.",
		ConstLabels: prometheus.Labels{"version": bi.Version, "revision": revisionLabel(bi), "goversion": bi.GoVersion},
	})
	g.Set(1)
	return g
}

func revisionLabel(bi buildinfo.Info) string {
	if bi.Modified {
		return bi.Revision + "+modified"
	}
	return bi.Revision
}
