#!/usr/bin/env bash
# Load run of the performance targets (docs/performance.md) for call-time authorization: POST
# /api/v1/authorize on Postgres over loopback, 32 connections, distinct
# subjects and tools, LOAD_SECONDS (default 30): ≥ 5,000 checks/s, p99 ≤
# 10 ms, zero errors; halfway through, the contractors' read-only grant is
# removed and no check sent after that commit may be allowed. Uses its own
# database (console_load_authz, or LOAD_AUTHZ_DB), dropped afterwards;
# CONSOLE_PPROF_ADDR=127.0.0.1:PORT serves the profiler during the run.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${LOAD_SECONDS:-30}"
port="${LOAD_AUTHZ_PORT:-18280}"
pg="postgres://postgres@127.0.0.1:5432"
db="${LOAD_AUTHZ_DB:-console_load_authz}"
psql "$pg/postgres" -qc "DROP DATABASE IF EXISTS $db" >/dev/null
psql "$pg/postgres" -qc "CREATE DATABASE $db" >/dev/null
export DATABASE_URL="$pg/$db?sslmode=disable"
bin="$(mktemp -d)/console"
# CONSOLE_BIN: a console built from this tree already (the proof builds one)
if [ -n "${CONSOLE_BIN:-}" ]; then cp "$CONSOLE_BIN" "$bin"; else go build -o "$bin" ./cmd/console; fi
key="$("$bin" apikey create load-authz --scope runtime --as admin | tail -1)"
CONSOLE_API_RATE=1000000 CONSOLE_ADDR="127.0.0.1:$port" "$bin" serve </dev/null >"${LOAD_LOG:-/tmp/console-load-authz.log}" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true; wait $pid 2>/dev/null || true; psql "$pg/postgres" -qc "DROP DATABASE IF EXISTS $db" >/dev/null' EXIT
for _ in $(seq 1 50); do curl -fs "http://127.0.0.1:$port/readyz" >/dev/null && break; sleep 0.2; done
"$bin" loadtest --url "http://127.0.0.1:$port" --key "$key" -c 32 -d "${seconds}s" --mode authorize --revoke --server-pid $pid
# the latency at the rate §9 names: an open loop offers exactly 5,000
# checks a second, each latency counted from its check's due time
"$bin" loadtest --url "http://127.0.0.1:$port" --key "$key" -c 32 -d "${seconds}s" --mode authorize --revoke --rate 5000 --server-pid $pid
rss_kb="$(awk '/VmRSS/ {print $2}' /proc/$pid/status)"
echo "server resident memory after the runs: $((rss_kb / 1024)) MB"
