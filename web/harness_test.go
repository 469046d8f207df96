package web_test

import (
	"context"
	"net/http/httptest"
	"testing"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/arbiter-xq/arbiter/arbiter"
	"github.com/arbiter-xq/arbiter/casebook"
	"github.com/arbiter-xq/arbiter/rules/asian"
	"github.com/arbiter-xq/arbiter/rules/chinese"
	"github.com/arbiter-xq/arbiter/rules/chu"
	"github.com/arbiter-xq/arbiter/rules/xqrules"
	"github.com/arbiter-xq/arbiter/server"
	"github.com/arbiter-xq/arbiter/web"
)

// fig6 is CXA 2020 图6: Red checks perpetually with the rook (长将); Red must change.
var fig6 = struct {
	fen   string
	moves []string
}{"2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 0 1", []string{"f0e0", "e8f8", "e0f0", "f8e8"}}

// site is a running HTTP front end over a real server, as `arbiter serve --http-addr` runs it.
type site struct {
	url     string
	metrics *prometheus.Registry
}

// startSite serves the handler over an in-process gRPC server with the binary's rulesets
// (cmd/arbiter/registry.go) and the casebook, for the duration of the test.
func startSite(t testing.TB, cfg server.Config) *site {
	t.Helper()
	return startSiteWith(t, cfg, web.Options{})
}

// startSiteWith is startSite with the handler's options (its body limit is the server's
// message limit).
func startSiteWith(t testing.TB, cfg server.Config, opts web.Options) *site {
	t.Helper()
	reg := &arbiter.Registry{}
	for _, rs := range []xqrules.Ruleset{chinese.New(), asian.New()} {
		if err := reg.Register(xqrules.New(rs)); err != nil {
			t.Fatal(err)
		}
	}
	for _, g := range chu.All() { // another game, to show the page is not xiangqi-only
		if err := reg.Register(g); err != nil {
			t.Fatal(err)
		}
	}
	book, err := casebook.Load()
	if err != nil {
		t.Fatal(err)
	}
	metrics := prometheus.NewRegistry()
	srv, err := server.New(cfg, reg, book, nil, metrics)
	if err != nil {
		t.Fatal(err)
	}
	gs := srv.GRPCServer()
	conn, err := web.InProcess(gs)
	if err != nil {
		t.Fatal(err)
	}
	opts.MaxBodyBytes = srv.Config().MaxMessageBytes
	h, err := web.New(context.Background(), conn, opts)
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(h)
	t.Cleanup(func() {
		hs.Close()
		conn.Close()
		gs.Stop()
	})
	return &site{url: hs.URL, metrics: metrics}
}
