#!/usr/bin/env bash
# Load run of the gateway targets (docs/performance.md): tools/call through
# /mcp/{agent} to a Go MCP server on loopback, next to the same calls sent
# to that server directly in the same run, and tools/list; each of the
# three a process of its own, as an operator runs them: the console
# (`console serve`, its own GOGC and memory limit), the upstream
# (`console bare --mcp`) and the load generator (`console loadtest
# --mode gateway`), so the generator's allocations and the upstream's do
# not drive the console's collector. Closed loop (the throughput), then a
# steady offered rate (GATEWAY_RATE, default 2,000 calls/s, gateway and
# direct calls interleaved: the overhead), then tools/list at that rate.
# LOAD_SECONDS (default 30) is the whole measured run. Uses its own
# database (console_load_gateway), dropped afterwards.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${LOAD_SECONDS:-30}"
port="${LOAD_GATEWAY_PORT:-18280}"
upport=$((port + 1))
pg="postgres://postgres@127.0.0.1:5432"
db=console_load_gateway
psql "$pg/postgres" -qc "DROP DATABASE IF EXISTS $db" >/dev/null
psql "$pg/postgres" -qc "CREATE DATABASE $db" >/dev/null
export DATABASE_URL="$pg/$db?sslmode=disable"
tmp="$(mktemp -d)"
bin="$tmp/console"
# CONSOLE_BIN: a console built from this tree already (the proof builds one)
if [ -n "${CONSOLE_BIN:-}" ]; then cp "$CONSOLE_BIN" "$bin"; else go build -o "$bin" ./cmd/console; fi
"$bin" bare --mcp --addr "127.0.0.1:$upport" </dev/null >"$tmp/upstream.log" 2>&1 &
up_pid=$!
pid=
trap 'kill $pid $up_pid 2>/dev/null || true; wait $pid $up_pid 2>/dev/null || true; psql "$pg/postgres" -qc "DROP DATABASE IF EXISTS $db" >/dev/null' EXIT
for _ in $(seq 1 50); do curl -s -o /dev/null "http://127.0.0.1:$upport/" && break; sleep 0.1; done
"$bin" connection add demo --url "http://127.0.0.1:$upport/mcp" --as admin >/dev/null
key="$("$bin" loadtest --mode gateway-setup --agent helper | tail -1)"
CONSOLE_API_RATE=1000000 CONSOLE_ADDR="127.0.0.1:$port" "$bin" serve </dev/null >"${LOAD_LOG:-/tmp/console-load-gateway.log}" 2>&1 &
pid=$!
for _ in $(seq 1 50); do curl -fs "http://127.0.0.1:$port/readyz" >/dev/null && break; sleep 0.2; done
"$bin" loadtest --mode gateway --url "http://127.0.0.1:$port" --key "$key" --agent helper \
  --upstream "http://127.0.0.1:$upport/mcp" -d "${seconds}s" --rate "${GATEWAY_RATE:-2000}" --server-pid $pid --upstream-pid $up_pid
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
rss_kb="$(awk '/VmRSS/ {print $2}' /proc/$pid/status)"
echo "server resident memory after the run: $((rss_kb / 1024)) MB"
