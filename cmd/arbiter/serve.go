package main

import (
	"context"
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

	"github.com/arbiter-xq/arbiter/casebook"
	"github.com/arbiter-xq/arbiter/server"
)

const serveUsage = `usage: arbiter serve [--grpc-addr HOST:PORT] [--http-addr HOST:PORT] [--metrics-addr HOST:PORT] [flags]

Serves arbiter.v1.ArbiterService over gRPC (with the gRPC health and reflection
services, so grpcurl works out of the box) and Prometheus metrics over HTTP at
/metrics. With --http-addr it also serves, on that one port, the HTTP/JSON API of
every unary RPC (POST /v1/adjudicate, GET /v1/rulesets, ...), its OpenAPI document at
/openapi.json and the web page at /. All listen on loopback by default; use
0.0.0.0:PORT (or [::]:PORT) to serve other hosts. Every flag falls back to the ARBITER_* environment variable named
beside it; a flag given on the command line wins.

On SIGTERM or SIGINT the server reports NOT_SERVING on the health service, stops
accepting RPCs, gives open RPCs and game streams --drain-timeout to finish, then
closes the rest, and exits 0. Exit status 1: bad flags or environment values;
2: the server cannot start (address in use, casebook unreadable) or fails.

Logs are JSON lines (log/slog) on stderr.

Flags:
`

// serveFlags are the settings of `arbiter serve`.
type serveFlags struct {
	grpcAddr, metricsAddr string
	httpAddr              string // "off": no HTTP/JSON API and page
	cfg                   server.Config
	drain                 time.Duration
	logLevel              slog.Level
}

// envDefault returns the environment value of name, or def when unset or empty.
func envDefault(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

func parseServeFlags(args []string, stderr io.Writer) (*serveFlags, error) {
	d := server.DefaultConfig()
	env := []struct {
		flag, env, def, help string
	}{
		{"grpc-addr", "ARBITER_GRPC_ADDR", "127.0.0.1:50051", "gRPC listen address"},
		{"http-addr", "ARBITER_HTTP_ADDR", "off", `HTTP/JSON API, OpenAPI and web page listen address ("off" to disable)`},
		{"metrics-addr", "ARBITER_METRICS_ADDR", "127.0.0.1:9090", `metrics HTTP listen address ("off" to disable)`},
		{"max-plies", "ARBITER_MAX_PLIES", strconv.Itoa(d.MaxPlies), "longest history (plies) per request or game stream"},
		{"max-message-bytes", "ARBITER_MAX_MESSAGE_BYTES", strconv.Itoa(d.MaxMessageBytes), "largest request message in bytes"},
		{"max-streams", "ARBITER_MAX_STREAMS", strconv.Itoa(d.MaxStreams), "most PlayGame streams open at once"},
		{"request-timeout", "ARBITER_REQUEST_TIMEOUT", d.RequestTimeout.String(), "time limit per unary request (0: none)"},
		{"drain-timeout", "ARBITER_DRAIN_TIMEOUT", "15s", "on shutdown, how long open RPCs and streams may run on"},
		{"log-level", "ARBITER_LOG_LEVEL", "info", "debug (every RPC), info (client errors), warn or error"},
	}
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	vals := map[string]*string{}
	for _, e := range env {
		vals[e.flag] = fs.String(e.flag, envDefault(e.env, e.def), e.help+" ($"+e.env+")")
	}
	fs.Usage = func() { fmt.Fprint(stderr, serveUsage); fs.PrintDefaults() }
	rest, err := parseArgs(fs, args)
	if err != nil {
		return nil, err
	}
	if len(rest) > 0 {
		return nil, fmt.Errorf("unexpected argument %q", rest[0])
	}
	f := &serveFlags{grpcAddr: *vals["grpc-addr"], metricsAddr: *vals["metrics-addr"], httpAddr: *vals["http-addr"]}
	positive := func(name string) (int, error) {
		n, err := strconv.Atoi(*vals[name])
		if err != nil || n <= 0 {
			return 0, fmt.Errorf("--%s %q: want a positive integer", name, *vals[name])
		}
		return n, nil
	}
	duration := func(name string) (time.Duration, error) {
		t, err := time.ParseDuration(*vals[name])
		if err != nil || t < 0 {
			return 0, fmt.Errorf("--%s %q: want a duration such as 10s or 500ms", name, *vals[name])
		}
		return t, nil
	}
	if f.cfg.MaxPlies, err = positive("max-plies"); err != nil {
		return nil, err
	}
	if f.cfg.MaxMessageBytes, err = positive("max-message-bytes"); err != nil {
		return nil, err
	}
	if f.cfg.MaxStreams, err = positive("max-streams"); err != nil {
		return nil, err
	}
	if f.cfg.RequestTimeout, err = duration("request-timeout"); err != nil {
		return nil, err
	}
	if f.drain, err = duration("drain-timeout"); err != nil {
		return nil, err
	}
	if err := f.logLevel.UnmarshalText([]byte(*vals["log-level"])); err != nil {
		return nil, fmt.Errorf("--log-level %q: want debug, info, warn or error", *vals["log-level"])
	}
	for name, addr := range map[string]string{"grpc-addr": f.grpcAddr, "metrics-addr": f.metricsAddr, "http-addr": f.httpAddr} {
		if name != "grpc-addr" && strings.EqualFold(addr, "off") {
			continue
		}
		if _, _, err := net.SplitHostPort(addr); err != nil {
			return nil, fmt.Errorf("--%s %q: want HOST:PORT", name, addr)
		}
	}
	return f, nil
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
	metrics := prometheus.NewRegistry()
	metrics.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	srv, err := server.New(f.cfg, newRegistry(), book, log, metrics)
	if err != nil {
		log.Error("cannot create the server", "error", err)
		return exitInput
	}
	gs := srv.GRPCServer()

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
		if front, err = startHTTP(ctx, f.httpAddr, srv); err != nil {
			lis.Close()
			if mlis != nil {
				mlis.Close()
			}
			log.Error("cannot listen for HTTP", "addr", f.httpAddr, "error", err)
			return exitInput
		}
	}

	errc := make(chan error, 3)
	go func() { errc <- gs.Serve(lis) }()
	attrs := []any{"grpc_addr", lis.Addr().String(), "max_plies", f.cfg.MaxPlies, "max_message_bytes", f.cfg.MaxMessageBytes,
		"max_streams", f.cfg.MaxStreams, "request_timeout", f.cfg.RequestTimeout.String(), "rulesets", strings.Join(newRegistry().IDs(), ",")}
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
	httpDone := make(chan struct{})
	go func() { // HTTP drains alongside gRPC: its API calls go through the same server
		if front != nil {
			front.shutdown(f.drain)
		}
		close(httpDone)
	}()
	graceful := srv.GracefulStop(gs, f.drain)
	<-httpDone
	if hs != nil {
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		hs.Shutdown(sctx)
		cancel()
	}
	log.Info("stopped", "graceful", graceful)
	return code
}
