#!/usr/bin/env bash
# Load run of the performance targets (docs/performance.md): POST /api/v1/compose on Postgres over loopback,
# warm, 32 connections, 30 s (LOAD_SECONDS): as fast as the connections
# go (the server's saturation), then a bare net/http handler serving the
# same bytes (the baseline the target is a ratio to), then at 5,000
# requests a second offered (the latency at the rate the target names),
# then the server's resident memory. Uses its own database (console_load), dropped afterwards.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${LOAD_SECONDS:-30}"
port="${LOAD_PORT:-18080}"
pg="postgres://postgres@127.0.0.1:5432"
psql "$pg/postgres" -qc "DROP DATABASE IF EXISTS console_load" >/dev/null
psql "$pg/postgres" -qc "CREATE DATABASE console_load" >/dev/null
export DATABASE_URL="$pg/console_load?sslmode=disable"
tmp="$(mktemp -d)"
bin="$tmp/console"
# CONSOLE_BIN: a console built from this tree already (the proof builds one)
if [ -n "${CONSOLE_BIN:-}" ]; then cp "$CONSOLE_BIN" "$bin"; else go build -o "$bin" ./cmd/console; fi
key="$("$bin" apikey create load-test --as admin | tail -1)"
CONSOLE_API_RATE=1000000 CONSOLE_ADDR="127.0.0.1:$port" "$bin" serve </dev/null >"${LOAD_LOG:-/tmp/console-load.log}" 2>&1 &
pid=$!
bare_pid=
trap 'kill $pid $bare_pid 2>/dev/null || true; wait $pid 2>/dev/null || true; psql "$pg/postgres" -qc "DROP DATABASE IF EXISTS console_load" >/dev/null' EXIT
for _ in $(seq 1 50); do curl -fs "http://127.0.0.1:$port/readyz" >/dev/null && break; sleep 0.2; done
"$bin" loadtest --url "http://127.0.0.1:$port" --key "$key" -c 32 -d "${seconds}s" --body '{"agent":"analyst"}' --server-pid $pid | tee "$tmp/console.out"
# the baseline of the same run: a bare net/http handler (console bare)
# serving the very bytes the console answers, driven the same way
curl -fs -X POST -H "Authorization: Bearer $key" -H 'Content-Type: application/json' -d '{"agent":"analyst"}' "http://127.0.0.1:$port/api/v1/compose" >"$tmp/answer.json"
bare_port=$((port + 1))
"$bin" bare --addr "127.0.0.1:$bare_port" --body "$tmp/answer.json" >/dev/null 2>&1 &
bare_pid=$!
for _ in $(seq 1 50); do curl -fs -X POST "http://127.0.0.1:$bare_port/" >/dev/null && break; sleep 0.1; done
"$bin" loadtest --url "http://127.0.0.1:$bare_port" --key "$key" -c 32 -d "${seconds}s" --body '{"agent":"analyst"}' --server-pid $bare_pid | sed 's/^/bare handler: /' | tee "$tmp/bare.out"
kill $bare_pid; wait $bare_pid 2>/dev/null || true
rate() { grep '^\(bare handler: \)\?requests' "$1" | sed -E 's/.* ([0-9]+) req\/s.*/\1/'; }
cpu() { grep 'server CPU per request' "$1" | sed -E 's/.*request: ([0-9.]+) µs.*/\1/'; }
awk -v c="$(rate "$tmp/console.out")" -v b="$(rate "$tmp/bare.out")" -v cc="$(cpu "$tmp/console.out")" -v bc="$(cpu "$tmp/bare.out")" -v n="$(wc -c <"$tmp/answer.json")" 'BEGIN {
  printf "repeated compose against a bare net/http handler serving the same %d bytes: %.2f of its rate (target ≥ 0.75); server CPU per request %s µs against %s µs\n", n, c / b, cc, bc }'
# the latency at the rate the target names: an open loop offers exactly 5,000
# requests a second, each latency counted from its request's due time
"$bin" loadtest --url "http://127.0.0.1:$port" --key "$key" -c 32 -d "${seconds}s" --body '{"agent":"analyst"}' --rate 5000 --server-pid $pid
rss_kb="$(awk '/VmRSS/ {print $2}' /proc/$pid/status)"
echo "server resident memory after the run: $((rss_kb / 1024)) MB (target ≤ 120 MB)"
