#!/usr/bin/env bash
# Run evidence at scale (docs/performance.md): loads EVENTS synthetic events
# (default 10,000,000, `console runs load`'s code: the evidence writer's
# COPY) over 40 day partitions into a Postgres database of its own, times
# 200 requests each of the runs list and of three run pages against the
# 50 ms target, then drops the ten days past the 30-day retention while
# four writers store step evidence and compares their throughput during
# the drop with before it (≥ 0.8). The database is dropped at the end,
# whatever happens. Wrap it in the machine's heavy-run lock on a shared
# machine. Needs psql and a Postgres role that may create databases.
#
#   EVENTS=10000000 bash scripts/evidence_at_scale.sh
#   ADMIN_URL=postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable (the default)
set -euo pipefail
cd "$(dirname "$0")/.."
events="${EVENTS:-10000000}"
admin="${ADMIN_URL:-postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable}"
db="console_scale_$$"
url="${admin%%\?*}"
url="${url%/*}/$db"
case "$admin" in *\?*) url="$url?${admin#*\?}" ;; esac
logs="$PWD/artifacts/evidence-at-scale"
mkdir -p "$logs"
log="$logs/run.log"

psql -q -v ON_ERROR_STOP=1 "$admin" -c "CREATE DATABASE $db"
trap 'psql -q "$admin" -c "DROP DATABASE IF EXISTS $db WITH (FORCE)" || echo "could not drop $db: drop it by hand" >&2' EXIT
echo "loading $events events into $db (log: $log)"
started=$(date +%s)
CONSOLE_TEST_DATABASE_URL="$url" CONSOLE_RUN_EVENTS="$events" \
  go test -count=1 -timeout 90m ./web -run 'TestRunsPagesAtScale$' -v >"$log" 2>&1 || {
  tail -30 "$log"
  echo "FAIL  TestRunsPagesAtScale (see $log)"
  exit 1
}
grep -o 'loaded .* s$' "$log" || true
echo "load: $(uptime | sed 's/.*load average: //') (load average at the end)"
read -r lmed lp99 <<<"$(sed -nE 's/^runs list with [0-9]+ events: median ([0-9.]+) ms, p99 ([0-9.]+) ms/\1 \2/p' "$log")"
read -r pmed pp99 <<<"$(sed -nE 's/^run page with [0-9]+ events: median ([0-9.]+) ms, p99 ([0-9.]+) ms/\1 \2/p' "$log")"
ratio=$(sed -nE 's/^retention with .*\(ratio ([0-9.]+)\).*/\1/p' "$log")
verdict() { if [ "$1" = 1 ]; then echo MET; else echo MISS; fi; }
echo "$(verdict "$(awk -v a="$lp99" 'BEGIN { print (a <= 50) }')")  runs list, $events events: median $lmed ms, p99 $lp99 ms (≤ 50)"
echo "$(verdict "$(awk -v a="$pp99" 'BEGIN { print (a <= 50) }')")  run page, $events events: median $pmed ms, p99 $pp99 ms (≤ 50)"
echo "$(verdict "$(awk -v r="$ratio" 'BEGIN { print (r >= 0.8) }')")  writes during a retention drop: $(sed -nE 's/^retention with [0-9]+ events: //p' "$log")"
echo "took $(( $(date +%s) - started )) s"
