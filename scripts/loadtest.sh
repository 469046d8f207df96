#!/usr/bin/env bash
# loadtest.sh: build `arbiter serve`, start it on loopback, and load it with
#   1. ghz (pinned below): unary Adjudicate over real games of the shared CCPD corpus;
#   2. scripts/loadtest/streamload: PlayGame streams, one move per message, per-move latency.
# Prints p50/p99 latency, throughput and errors for each, then stops the server with
# SIGTERM and checks that it exits 0. Not run by CI; run it by hand:
#
#   scripts/loadtest.sh                      # defaults below
#   RULESET=asian REQUESTS=50000 CONCURRENCY=32 STREAMS=64 DURATION=30s scripts/loadtest.sh
#
# Needs the shared corpus beside the checkout (../shared, or ARBITER_SHARED) and the Go
# module proxy (or cache) to install ghz the first time.
set -euo pipefail

GHZ_VERSION=v0.120.0
RULESET=${RULESET:-chinese}
GAMES=${GAMES:-1000}
REQUESTS=${REQUESTS:-20000}
CONCURRENCY=${CONCURRENCY:-16}
STREAMS=${STREAMS:-32}
DURATION=${DURATION:-20s}
GRPC_PORT=${GRPC_PORT:-50551}
METRICS_PORT=${METRICS_PORT:-50552}

cd "$(dirname "$0")/.."
work=$(mktemp -d)
server_pid=
cleanup() {
	if [[ -n "$server_pid" ]] && kill -0 "$server_pid" 2>/dev/null; then
		kill -TERM "$server_pid" 2>/dev/null || true
		wait "$server_pid" 2>/dev/null || true
	fi
	rm -rf "$work"
}
trap cleanup EXIT

echo "== building arbiter, the load tools and ghz $GHZ_VERSION"
go build -o "$work/arbiter" ./cmd/arbiter
go build -o "$work/gendata" ./scripts/loadtest/gendata
go build -o "$work/streamload" ./scripts/loadtest/streamload
GOBIN="$work" go install "github.com/bojand/ghz/cmd/ghz@$GHZ_VERSION"
"$work/gendata" -games "$GAMES" -ruleset "$RULESET" >"$work/requests.json"
plies=$(jq '[.[].moves | length] | add / length' "$work/requests.json")
echo "   $GAMES games, $plies plies per game on average"

echo "== starting arbiter serve on 127.0.0.1:$GRPC_PORT (metrics :$METRICS_PORT)"
"$work/arbiter" serve --grpc-addr "127.0.0.1:$GRPC_PORT" --metrics-addr "127.0.0.1:$METRICS_PORT" \
	--log-level warn --drain-timeout 5s 2>"$work/server.log" &
server_pid=$!
for _ in $(seq 100); do
	curl -fsS "http://127.0.0.1:$METRICS_PORT/metrics" >/dev/null 2>&1 && break
	sleep 0.1
done

rss() { curl -fsS "http://127.0.0.1:$METRICS_PORT/metrics" | awk '/^process_resident_memory_bytes/ {printf "%.1f MiB", $2 / 1048576}'; }
rss_start=$(rss)
echo "   server RSS at start: $rss_start"

echo "== ghz: unary Adjudicate, $REQUESTS requests, concurrency $CONCURRENCY, ruleset $RULESET"
"$work/ghz" --insecure --call arbiter.v1.ArbiterService.Adjudicate \
	--data-file "$work/requests.json" -n "$REQUESTS" -c "$CONCURRENCY" --connections 2 \
	-O json "127.0.0.1:$GRPC_PORT" >"$work/ghz.json" || true
jq -r '
	def ms: . / 1e6 | (. * 100 | round / 100) | tostring + " ms";
	"   requests: \(.count)  throughput: \(.rps | round) req/s  (\(.rps * ('"$plies"') | round) plies/s)",
	"   latency:  p50 \(.latencyDistribution[] | select(.percentage == 50) | .latency | ms)  p99 \(.latencyDistribution[] | select(.percentage == 99) | .latency | ms)  average \(.average | ms)  fastest \(.fastest | ms)  slowest \(.slowest | ms)",
	"   status codes: \(.statusCodeDistribution)",
	"   errors: \((.errorDistribution // {}) | to_entries | map(.value) | add // 0)"' "$work/ghz.json"

echo "== streamload: PlayGame, $STREAMS streams for $DURATION, ruleset $RULESET"
"$work/streamload" -addr "127.0.0.1:$GRPC_PORT" -streams "$STREAMS" -duration "$DURATION" -games "$GAMES" -ruleset "$RULESET" | sed 's/^/   /'

echo "== server metrics after the run"
curl -fsS "http://127.0.0.1:$METRICS_PORT/metrics" |
	grep -E '^(grpc_server_handled_total|arbiter_rulings_total|arbiter_active_streams|arbiter_panics_total)' | sed 's/^/   /'

echo "== server memory: RSS $rss_start at start, $(rss) at the end"

echo "== stopping the server (SIGTERM)"
kill -TERM "$server_pid"
status=0
wait "$server_pid" || status=$?
server_pid=
echo "   exit status $status"
if grep -q '"level":"ERROR"' "$work/server.log"; then
	echo "   server logged errors:"
	grep '"level":"ERROR"' "$work/server.log" | head -5
	exit 1
fi
exit "$status"
