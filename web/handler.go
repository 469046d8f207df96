package web

import (
	"context"
	"embed"
	"io/fs"
	"net/http"

	"google.golang.org/grpc"
)

//go:embed static
var static embed.FS

// DefaultMaxBodyBytes is the default request body limit: the gRPC server's default
// message limit.
const DefaultMaxBodyBytes = 1 << 20

// Options configure the HTTP handler.
type Options struct {
	// MaxBodyBytes is the largest request body accepted (API and PGN); a larger one is
	// HTTP 413. Zero means DefaultMaxBodyBytes. Give it the gRPC server's message limit,
	// so both doors take the same requests.
	MaxBodyBytes int
	// MaxPGNGames is the most games one POST /ui/pgn may carry; more is HTTP 413. Zero
	// means DefaultMaxPGNGames.
	MaxPGNGames int
	// MaxResponseBytes bounds the answer of POST /ui/pgn; a larger one is HTTP 413. Zero
	// means DefaultMaxResponseBytes. Give it the gRPC server's response limit.
	MaxResponseBytes int
	// AllowedOrigins are the origins whose pages may call the JSON API (/v1/... and
	// /openapi.json) from a browser (CORS): "https://site.example" or "*" for any. Empty
	// (the default) means none: CORS is off. Check them with CheckOrigins; New refuses a
	// malformed one.
	AllowedOrigins []string
}

// DefaultMaxPGNGames is the default of Options.MaxPGNGames.
const DefaultMaxPGNGames = 10000

// DefaultMaxResponseBytes is the default of Options.MaxResponseBytes: the gRPC server's
// default response limit.
const DefaultMaxResponseBytes = 4 << 20

// New returns the handler for `arbiter serve --http-addr`: the HTTP/JSON API for the
// ArbiterService reachable over conn (see InProcess), the OpenAPI document and the page.
// ctx bounds the gateway's registration only.
//
//	GET  /                the page
//	GET  /ui/...          its script and style
//	POST /ui/pgn          PGN text -> {games: [{fen, moves, tags, result, line}]}
//	GET  /openapi.json    the OpenAPI 3 document of the API (see OpenAPI)
//	/v1/...               the API (see proto/arbiter/v1/arbiter_service_http.yaml)
func New(ctx context.Context, conn grpc.ClientConnInterface, opts Options) (http.Handler, error) {
	limit := opts.MaxBodyBytes
	if limit <= 0 {
		limit = DefaultMaxBodyBytes
	}
	origins, err := CheckOrigins(opts.AllowedOrigins)
	if err != nil {
		return nil, err
	}
	gw, err := newGateway(ctx, conn)
	if err != nil {
		return nil, err
	}
	files, err := fs.Sub(static, "static")
	if err != nil {
		return nil, err
	}
	mux := http.NewServeMux()
	mux.Handle("/v1/", cors(origins, limitBody(limit, validUTF8(gw))))
	mux.Handle("/openapi.json", cors(origins, http.HandlerFunc(serveOpenAPI)))
	maxGames, maxResponse := opts.MaxPGNGames, opts.MaxResponseBytes
	if maxGames <= 0 {
		maxGames = DefaultMaxPGNGames
	}
	if maxResponse <= 0 {
		maxResponse = DefaultMaxResponseBytes
	}
	mux.Handle("POST /ui/pgn", handlePGN(limit, maxGames, maxResponse))
	mux.Handle("GET /ui/", validUTF8(page(http.StripPrefix("/ui/", http.FileServerFS(files))))) // a path the FS cannot open (%ff) was 500
	mux.Handle("GET /{$}", page(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.ServeFileFS(w, r, files, "index.html")
	})))
	return headers(gzipped(mux)), nil
}

// contentSecurityPolicy lets the page load only its own script and style and talk only to
// its own server; pictures are shown from blob: URLs (an <img> never runs a script that an
// SVG might carry).
const contentSecurityPolicy = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob: data:; " +
	"connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// page adds the page's security and caching headers.
func page(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", contentSecurityPolicy)
		h.Set("Cache-Control", "no-cache") // a new binary's page is picked up at once
		next.ServeHTTP(w, r)
	})
}

// headers adds the headers every answer carries.
func headers(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		next.ServeHTTP(w, r)
	})
}
