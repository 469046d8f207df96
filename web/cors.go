package web

import (
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
)

// CORS for the JSON API (/v1/... and /openapi.json): off unless Options.AllowedOrigins
// names origins. A request from an allowed origin gets Access-Control-Allow-Origin (its
// own origin, never a wildcard unless "*" is configured) and a preflight (OPTIONS with
// Access-Control-Request-Method) from it is answered 204 with the methods and headers it
// may use. A request or preflight from any other origin gets no CORS header at all (a
// preflight is then 403), so the browser keeps the page of that origin from reading the
// answer. No credentials are allowed: the API uses no cookies. The page and /ui/pgn are
// same-origin only.

// corsMaxAge is how long a browser may cache a preflight's answer, in seconds.
const corsMaxAge = "600"

// CheckOrigins validates allowed origins as Options.AllowedOrigins takes them: "*"
// (any origin) or scheme://host[:port] with the scheme http or https and nothing after
// the host. It returns them normalised (lower case, no trailing slash).
func CheckOrigins(origins []string) ([]string, error) {
	var out []string
	for _, o := range origins {
		o = strings.TrimSpace(o)
		if o == "" {
			continue
		}
		if o == "*" {
			out = append(out, o)
			continue
		}
		u, err := url.Parse(strings.TrimSuffix(o, "/"))
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.Path != "" ||
			u.RawQuery != "" || u.Fragment != "" || u.User != nil || u.Opaque != "" {
			return nil, fmt.Errorf("origin %q: want scheme://host[:port] (http or https, no path), or * for any origin", o)
		}
		out = append(out, strings.ToLower(u.Scheme+"://"+u.Host))
	}
	return out, nil
}

// cors wraps the API handler with the CORS answers for origins (already checked by
// CheckOrigins); with none it is next itself.
func cors(origins []string, next http.Handler) http.Handler {
	if len(origins) == 0 {
		return next
	}
	any := slices.Contains(origins, "*")
	allowed := func(origin string) bool {
		return origin != "" && (any || slices.Contains(origins, strings.ToLower(origin)))
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Add("Vary", "Origin")
		origin := r.Header.Get("Origin")
		preflight := r.Method == http.MethodOptions && r.Header.Get("Access-Control-Request-Method") != ""
		if !allowed(origin) {
			if preflight {
				http.Error(w, "CORS: origin not allowed", http.StatusForbidden)
				return
			}
			next.ServeHTTP(w, r)
			return
		}
		if any {
			h.Set("Access-Control-Allow-Origin", "*")
		} else {
			h.Set("Access-Control-Allow-Origin", origin)
		}
		if !preflight {
			h.Set("Access-Control-Expose-Headers", "Retry-After")
			next.ServeHTTP(w, r)
			return
		}
		h.Add("Vary", "Access-Control-Request-Method")
		h.Add("Vary", "Access-Control-Request-Headers")
		switch r.Header.Get("Access-Control-Request-Method") {
		case http.MethodGet, http.MethodPost, http.MethodHead:
		default:
			http.Error(w, "CORS: only GET and POST are allowed", http.StatusForbidden)
			return
		}
		h.Set("Access-Control-Allow-Methods", "GET, POST")
		if req := r.Header.Get("Access-Control-Request-Headers"); req != "" {
			h.Set("Access-Control-Allow-Headers", allowedHeaders(req))
		}
		h.Set("Access-Control-Max-Age", corsMaxAge)
		w.WriteHeader(http.StatusNoContent)
	})
}

// allowedHeaders is the request headers a preflight asks for that a call may send:
// Content-Type, Accept, Authorization (for a proxy in front) and the gateway's
// Grpc-Metadata-* headers.
func allowedHeaders(requested string) string {
	var out []string
	for _, name := range strings.Split(requested, ",") {
		name = strings.ToLower(strings.TrimSpace(name))
		switch {
		case name == "content-type", name == "accept", name == "accept-language", name == "content-language",
			name == "authorization", strings.HasPrefix(name, "grpc-metadata-") && len(name) <= 100:
			out = append(out, name)
		}
	}
	return strings.Join(out, ", ")
}
