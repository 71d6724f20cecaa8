#!/usr/bin/env bash
# Load run of the performance targets (docs/performance.md): POST /api/v1/compose on Postgres over loopback,
# warm, 32 connections, 30 s (LOAD_SECONDS): as fast as the connections
# go (the server's saturation), then at 5,000 requests a second offered
# (the latency at the rate §9 names), then the server's resident memory. Uses its own database (console_load), dropped afterwards.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${LOAD_SECONDS:-30}"
port="${LOAD_PORT:-18080}"
pg="postgres://postgres@127.0.0.1:5432"
psql "$pg/postgres" -qc "DROP DATABASE IF EXISTS console_load" >/dev/null
psql "$pg/postgres" -qc "CREATE DATABASE console_load" >/dev/null
export DATABASE_URL="$pg/console_load?sslmode=disable"
bin="$(mktemp -d)/console"
go build -o "$bin" ./cmd/console
key="$("$bin" apikey create load-test --as admin | tail -1)"
CONSOLE_API_RATE=1000000 CONSOLE_ADDR="127.0.0.1:$port" "$bin" serve </dev/null >"${LOAD_LOG:-/tmp/console-load.log}" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true; wait $pid 2>/dev/null || true; psql "$pg/postgres" -qc "DROP DATABASE IF EXISTS console_load" >/dev/null' EXIT
for _ in $(seq 1 50); do curl -fs "http://127.0.0.1:$port/readyz" >/dev/null && break; sleep 0.2; done
"$bin" loadtest --url "http://127.0.0.1:$port" --key "$key" -c 32 -d "${seconds}s" --body '{"agent":"analyst"}'
# the latency at the rate §9 names: an open loop offers exactly 5,000
# requests a second, each latency counted from its request's due time
"$bin" loadtest --url "http://127.0.0.1:$port" --key "$key" -c 32 -d "${seconds}s" --body '{"agent":"analyst"}' --rate 5000
rss_kb="$(awk '/VmRSS/ {print $2}' /proc/$pid/status)"
echo "server resident memory after the run: $((rss_kb / 1024)) MB (target ≤ 200 MB)"
