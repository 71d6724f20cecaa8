#!/usr/bin/env bash
# Proof under load, faults and bad input (the security rules and docs/performance.md): exercises
# the console the way the world will and prints one line per check with its
# figures against the target, ending with "N passed, N failed".
# Needs PostgreSQL on 127.0.0.1:5432 (it stops and restarts it once) and
# Chromium; .ci/run provides both. Takes a few minutes.
set -uo pipefail
cd "$(dirname "$0")/.."
export CONSOLE_TEST_DATABASE_URL="${CONSOLE_TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test?sslmode=disable}"
export CONSOLE_ARTIFACTS="${CONSOLE_ARTIFACTS:-$PWD/artifacts/screenshots}"
logs="$PWD/artifacts/proof"
mkdir -p "$logs" "$CONSOLE_ARTIFACTS"
passed=0
failed=0

report() { # report NAME OK(0/1) DETAIL
  if [ "$2" = 0 ]; then passed=$((passed + 1)); echo "PASS  $1 — $3"; else failed=$((failed + 1)); echo "FAIL  $1 — $3"; fi
}

# A performance target (docs/performance.md) is a figure measured on this shared,
# noisy 2-core machine: it is printed against its target (MET or MISS) and
# counted, but only correctness (errors, late allows, lost writes) fails the
# proof. A MISS is a real gap, named in the issue notes, never hidden.
met=0
missed=0
target() { # target NAME MET(0/1) DETAIL
  if [ "$2" = 0 ]; then met=$((met + 1)); echo "MET   $1 — $3"; else missed=$((missed + 1)); echo "MISS  $1 — $3"; fi
}

gotest() { # gotest NAME LOGFILE ARGS... : runs go test, reports pass/fail
  local name=$1 log=$2; shift 2
  go test -count=1 "$@" >"$logs/$log" 2>&1
  local rc=$?
  report "$name" $rc "$(grep -hE '^\s+[a-z_]+_test.go:[0-9]+: [0-9]' "$logs/$log" | sed 's/^\s*[a-z_]*_test.go:[0-9]*: //' | paste -sd ';' -) (log: artifacts/proof/$log)"
}

# PROOF_SUITE names the event stream (go test -json) of a run of the whole
# suite that this proof follows: .ci/run sets it after `go test -race
# ./...` passed. A check whose tests that run already ran, as they are
# (no switch of this proof's), is then read from it, not run again
# without -race; run alone, the proof runs them itself.
suiteresult=""
if [ -n "${PROOF_SUITE:-}" ]; then
  suiteresult="$(mktemp -d)/suiteresult"
  go build -o "$suiteresult" ./scripts/suiteresult || { report "read the suite's run ($PROOF_SUITE)" 1 "scripts/suiteresult did not build"; suiteresult=""; }
fi
suitetest() { # suitetest NAME LOGFILE PKG RUN ARGS... : gotest, or the suite's result for PKG's tests matching RUN
  local name=$1 log=$2 pkg=$3 run=$4; shift 4
  if [ -z "$suiteresult" ]; then
    gotest "$name" "$log" "$pkg" -run "$run" "$@"
    return
  fi
  "$suiteresult" check "$PROOF_SUITE" "$pkg" "$run" >"$logs/$log" 2>&1
  report "$name" $? "$(cat "$logs/$log") (read from the -race suite's run, $PROOF_SUITE; not run again)"
}

# lap NAME: the seconds since the last lap, kept for the time table the
# proof ends with
laps=""
lapped=$SECONDS
lap() { laps="$laps$(printf '%6d s  %s' $((SECONDS - lapped)) "$1")"$'\n'; lapped=$SECONDS; }

echo "== Agent Forge Console: proof under load, faults and bad input"

# 1. the browser end to end, with screenshots of each main page
# (the browser tests take over go test's default 10 minutes on a loaded 2-core machine)
suitetest "browser end-to-end (sign in, import 117 GitHub tools, review, forge save, propose, approve, promote, roll back, audit verify)" browser.log ./web 'TestBrowser' -v -timeout 40m
lap "1. browser end to end"

# 2. races on Postgres
suitetest "50 concurrent promotions: exactly one wins" race-promote.log ./models TestConcurrentPromotions -v
suitetest "20 concurrent profile saves: exactly one wins" race-profile.log ./models TestConcurrentProfileSaves -v
suitetest "10 concurrent imports: no duplicate or half-imported tool" race-import.log ./models TestConcurrentImports -v
lap "2. races on Postgres"

# 3. faults
suitetest "promotion interrupted at each step: no partial state" fault-promote.log ./models TestPromotionFaultsLeaveNothing -v
lap "3. promotion faults"
CONSOLE_FAULT_TESTS=1 gotest "database stopped and restarted mid-run: 503s, no partial write, recovery without restart" fault-outage.log ./web -run TestDatabaseOutage -v
# (started with no file of this script's open beyond the standard three: a
# server that inherited the lock file the proof runs under would hold the
# lock for as long as it runs)
pg_isready -h 127.0.0.1 -p 5432 -q || (for fd in /proc/$BASHPID/fd/*; do fd=${fd##*/}; [ "$fd" -gt 2 ] && eval "exec $fd>&-"; done; exec pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql)" main start)
lap "3. database outage"

# 4. bad input
suitetest "state-changing routes × {no token, bad token, cross-site, viewer, API key}: refused, 0 rows changed" sweep.log ./web TestStateChangeSweep -v
suitetest "API errors: 400/401/403/404/413/422/429 with the field named" api-errors.log ./web 'TestAPIErrors|TestAPIRateLimit|TestAPIKeysScope' -v
lap "4. state-change sweep, API errors"
# Each target runs a number of executions (about 10 s each on this
# machine; FUZZ_SCALE multiplies them), not a duration: Go 1.26's fuzzing
# coordinator can report a spurious "context deadline exceeded" failure
# when a -fuzztime duration ends while a worker is mid-input (go.dev/issue/75804,
# fixed in Go 1.27); a count has no deadline to race.
for target in "./catalog FuzzParse 200000" "./catalog FuzzSearch 4000" "./catalog FuzzSearchImported 100000" "./web FuzzAPICompose 15000" "./web FuzzFormRoutes 3000"; do
  set -- $target
  runs=$(( $3 * ${FUZZ_SCALE:-1} ))
  gotest "fuzz $2 for $runs executions: no panic, no 5xx" "fuzz-$2.log" "$1" -run XXX -fuzz "^$2\$" -fuzztime "${runs}x"
  lap "4. fuzz $2"
done

# 4b. two console processes on one Postgres (the scale rules)
suitetest "two replicas on one Postgres: shared sessions; promotion, profile save, tool review seen by the other's next request; throttle across both; per-replica API rate" replicas.log ./cmd/console/replicas TestTwoReplicasOnOnePostgres -v
suitetest "grant revoked on replica A under 32 connections on both: zero allows after the commit" revocation.log ./web TestRevocationAcrossReplicas -v
lap "4b. replicas"

# 5. security headers and cookies on every page
suitetest "security headers (CSP, nosniff, Referrer-Policy, frame-ancestors) and cookie flags on every page" headers.log ./web 'TestSecurityHeadersOnEveryPage|TestErrorPagesRevealNoInternals' -v
lap "5. security headers"

# 6. the forge recompute: median vs target, ratio vs naive in one run; and
# the same toggle on a 1,000-tool catalog of eight services
go test -count=1 -run XXX -bench 'BenchmarkForgeToggle$' -benchtime 30x -count 5 ./instruction/meter >"$logs/bench.log" 2>&1
go test -count=1 -run XXX -bench 'BenchmarkForgeToggleNaive$' -benchtime 1x ./instruction/meter >>"$logs/bench.log" 2>&1
go test -count=1 -run XXX -bench 'BenchmarkForgeToggleLarge$' -benchtime 10x -count 5 ./instruction/meter >>"$logs/bench.log" 2>&1
median() { grep -E "^$1-" "$logs/bench.log" | awk '{print $3}' | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
cpuop() { grep -E "^$1-" "$logs/bench.log" | grep -oE '[0-9.]+ cpu-ns/op' | awk '{print $1}' | sort -n | awk '{a[NR]=$1} END {printf "%.2f", a[int((NR+1)/2)]/1e6}'; }
fast=$(median BenchmarkForgeToggle)
naive=$(grep -E '^BenchmarkForgeToggleNaive-' "$logs/bench.log" | awk '{print $3}' | head -1)
large=$(median BenchmarkForgeToggleLarge)
if [ -n "$fast" ] && [ -n "$naive" ] && [ -n "$large" ]; then
  ms=$(awk -v f="$fast" 'BEGIN {printf "%.2f", f/1e6}')
  ratio=$(awk -v f="$fast" -v n="$naive" 'BEGIN {printf "%.0f", n/f}')
  ok=$(awk -v f="$fast" -v n="$naive" 'BEGIN {print (f <= 2e6 && n/f >= 1000) ? 0 : 1}')
  target "forge toggle, default catalog + 117 GitHub tools (151), warm" "$ok" "median ${ms} ms (target ≤ 2 ms; CPU $(cpuop BenchmarkForgeToggle) ms), ${ratio}× faster than naive (target ≥ 1000×)"
  lms=$(awk -v f="$large" 'BEGIN {printf "%.2f", f/1e6}')
  target "forge toggle, 1,000-tool catalog of eight services, warm" "$(awk -v f="$large" 'BEGIN {print (f <= 10e6) ? 0 : 1}')" "median ${lms} ms (target ≤ 10 ms; CPU $(cpuop BenchmarkForgeToggleLarge) ms)"
else
  report "forge toggle benchmark" 1 "no figures (see artifacts/proof/bench.log)"
fi

lap "6. forge toggle benchmarks"
# 6b. the product's tool search over 10,000 generated tools (a query, and
# the index build) and the forge selection panel (one agent, 151 tools,
# 100 cases, every lever flipped and evaluated): medians of three runs
go test -count=1 -run XXX -bench 'BenchmarkSearch10k$/^search$' -benchtime 2000x -count 3 ./catalog >"$logs/bench-search.log" 2>&1
go test -count=1 -run XXX -bench 'BenchmarkSearch10k$/^index$' -benchtime 3x -count 3 ./catalog >>"$logs/bench-search.log" 2>&1
go test -count=1 -run XXX -bench 'BenchmarkEveryLever$/^shared$' -benchtime 3x -count 3 ./instruction/eval >"$logs/bench-panel.log" 2>&1
benchms() { # benchms LOG NAME: the median ns/op of NAME's lines, in ms
  grep -E "^$2-[0-9]+ " "$1" | awk '{print $3}' | sort -n | awk '{a[NR] = $1} END {if (NR) printf "%.3f", a[int((NR + 1) / 2)] / 1e6}'
}
query=$(benchms "$logs/bench-search.log" 'BenchmarkSearch10k/search')
index=$(benchms "$logs/bench-search.log" 'BenchmarkSearch10k/index')
if [ -n "$query" ] && [ -n "$index" ]; then
  target "tool search over 10,000 tools: a query" "$(awk -v q="$query" 'BEGIN {print (q <= 1) ? 0 : 1}')" "median ${query} ms per query (target ≤ 1 ms)"
  target "tool search over 10,000 tools: the index build" "$(awk -v i="$index" 'BEGIN {print (i <= 1000) ? 0 : 1}')" "median ${index} ms (target ≤ 1 s)"
else
  report "tool search benchmark" 1 "no figures (see artifacts/proof/bench-search.log)"
fi
panel=$(benchms "$logs/bench-panel.log" 'BenchmarkEveryLever/shared')
if [ -n "$panel" ]; then
  pcpu=$(grep -E '^BenchmarkEveryLever/shared-' "$logs/bench-panel.log" | grep -oE '[0-9.]+ cpu-ms/op' | awk '{print $1}' | sort -n | awk '{a[NR] = $1} END {if (NR) print a[int((NR + 1) / 2)]}')
  target "forge selection panel: one agent, 151 tools, 100 cases, every lever" "$(awk -v p="$panel" 'BEGIN {print (p <= 300) ? 0 : 1}')" "median ${panel} ms (target ≤ 300 ms; CPU ${pcpu:-?} ms over the cores)"
else
  report "forge selection panel benchmark" 1 "no figures (see artifacts/proof/bench-panel.log)"
fi

lap "6b. search and panel benchmarks"
# 7. cold start: a fresh `console serve` process to its first healthy answer,
# on an empty SQLite file (the target's case: a first start) and on an
# existing database (a restart); scripts/cold_start.sh makes COLD_TRIES
# starts of each (default 7) and prints the median wall time and the median
# CPU time at listen and when healthy (one start on a shared machine is
# mostly waiting for a core; the CPU is the steadier figure)
bin="$(mktemp -d)/console"
go build -o "$bin" ./cmd/console
# the load runs below start this build rather than each building its own
export CONSOLE_BIN="$bin"
bash scripts/cold_start.sh "$bin" >"$logs/cold.log" 2>&1
for kind in "an empty SQLite file" "an existing SQLite database"; do
  line=$(grep "^cold start on $kind: " "$logs/cold.log" || true)
  cold=$(echo "$line" | sed -nE 's/.*: median ([0-9]+) ms to the first healthy answer.*/\1/p')
  if [ -z "$cold" ]; then
    report "cold start on $kind answers healthy" 1 "no healthy answer (see artifacts/proof/cold.log)"
    continue
  fi
  fails=$(echo "$line" | sed -nE 's/.*, ([0-9]+) without a healthy answer.*/\1/p')
  report "cold start on $kind answers healthy" $([ "${fails:-1}" = 0 ] && echo 0 || echo 1) "every start answered (${fails:-?} did not within 10 s)"
  target "cold start on $kind to the first healthy response" $([ "$cold" -le 200 ] && echo 0 || echo 1) "$(echo "$line" | sed -E 's/^cold start on [^:]*: //') (target ≤ 200 ms)"
done

lap "7. cold start"
# The load runs (8-10) measure each target twice: as fast as the
# connections go (a closed loop: the throughput the server reaches and the
# p99 at it), and at a steady offered rate (an open loop: each latency
# counted from its request's due time, so a stall such as a
# garbage-collection cycle is charged to every request that falls due
# during it). Each prints MET or MISS on its own line, with the server's
# CPU time per request (less noisy than a rate on a shared machine).
figures() { echo "$(echo "$1" | sed -E 's/.* ([0-9]+) req\/s.*/\1/') $(echo "$1" | sed -E 's/.*p99 ([0-9.]+) ms.*/\1/') $(echo "$1" | sed -E 's/.*errors ([0-9]+).*/\1/')"; }
meets() { # meets RATE P99 MIN-RATE MAX-P99
  awk -v r="$1" -v p="$2" -v want="$3" -v bound="$4" 'BEGIN {print (r >= want && p <= bound) ? 0 : 1}'
}
# cpuafter LOG PATTERN: the server's CPU per request printed after the line matching PATTERN
cpuafter() { grep -A1 -E "$2" "$1" | grep -m1 -oE 'server CPU per request: [0-9.]+ µs' | sed 's/server //' || true; }
rss_all=""

# 8. load: POST /api/v1/compose on Postgres, 32 connections, next to a bare
# net/http handler serving the same bytes
LOAD_SECONDS="${LOAD_SECONDS:-30}" bash scripts/load.sh >"$logs/load.log" 2>&1
closed=$(grep '^requests.*closed loop' "$logs/load.log" || true)
open=$(grep '^requests.*open loop' "$logs/load.log" || true)
bare=$(grep '^bare handler: requests.*closed loop' "$logs/load.log" || true)
rss=$(grep -o 'memory after the run: [0-9]* MB' "$logs/load.log" | grep -o '[0-9]*' || true)
if [ -n "$closed" ] && [ -n "$open" ] && [ -n "$bare" ] && [ -n "$rss" ]; then
  rss_all="$rss_all $rss"
  read -r rps sat errs <<<"$(figures "$closed")"
  read -r orps p99 oerrs <<<"$(figures "$open")"
  read -r brps _ _ <<<"$(figures "$bare")"
  share=$(awk -v r="$rps" -v b="$brps" 'BEGIN {printf "%.2f", r / b}')
  report "POST /api/v1/compose on Postgres, repeated request, 32 connections: no errors" "$([ "$errs" = 0 ] && [ "$oerrs" = 0 ] && echo 0 || echo 1)" "$((errs + oerrs)) errors"
  ok=$(meets "$rps" "$sat" 20000 5)
  awk -v s="$share" 'BEGIN {exit !(s >= 0.75)}' || ok=1
  target "POST /api/v1/compose on Postgres, repeated request, 32 connections, closed loop" "$ok" "${rps} req/s (≥ 20000), p99 ${sat} ms (≤ 5), ${share} of a bare net/http handler serving the same bytes (${brps} req/s; ≥ 0.75); $(cpuafter "$logs/load.log" '^requests.*closed loop') against the bare handler's $(cpuafter "$logs/load.log" '^bare handler: requests' | sed 's/CPU per request: //')"
  target "POST /api/v1/compose, repeated request, open loop at 5000/s offered" "$(meets "$orps" "$p99" 4750 5)" "${orps} req/s, p99 ${p99} ms (≤ 5); $(cpuafter "$logs/load.log" '^requests.*open loop')"
else
  report "API load run" 1 "no figures (see artifacts/proof/load.log)"
fi

lap "8. load: compose"
# 9. call-time authorization: POST /api/v1/authorize on Postgres, 32
# connections, distinct subjects and tools, with a revocation halfway
LOAD_SECONDS="${LOAD_SECONDS:-30}" bash scripts/load_authorize.sh >"$logs/load-authorize.log" 2>&1
closed=$(grep '^requests.*closed loop' "$logs/load-authorize.log" || true)
open=$(grep '^requests.*open loop' "$logs/load-authorize.log" || true)
revs=$(grep -c '^revocation under load' "$logs/load-authorize.log" || true)
if [ -n "$closed" ] && [ -n "$open" ] && [ "$revs" = 2 ]; then
  rss_all="$rss_all $(grep -o 'memory after the runs: [0-9]* MB' "$logs/load-authorize.log" | grep -o '[0-9]*' || true)"
  read -r rps sat errs <<<"$(figures "$closed")"
  read -r orps p99 oerrs <<<"$(figures "$open")"
  late=$(grep '^revocation under load' "$logs/load-authorize.log" | sed -E 's/.*allows after commit ([0-9]+).*/\1/' | awk '{s += $1} END {print s + 0}')
  report "POST /api/v1/authorize under load: no errors, no allow after the revocation committed (both runs)" "$([ "$errs" = 0 ] && [ "$oerrs" = 0 ] && [ "$late" = 0 ] && echo 0 || echo 1)" "$((errs + oerrs)) errors, ${late} late allows"
  target "POST /api/v1/authorize on Postgres, 32 connections, distinct subjects and tools, revocation halfway, closed loop" "$(meets "$rps" "$sat" 30000 5)" "${rps} checks/s (≥ 30000), p99 ${sat} ms (≤ 5), ${late} allows after the revocation committed (0); $(cpuafter "$logs/load-authorize.log" '^requests.*closed loop')"
  target "POST /api/v1/authorize, open loop at 5000/s offered" "$(meets "$orps" "$p99" 4750 5)" "${orps} checks/s, p99 ${p99} ms (≤ 5); $(cpuafter "$logs/load-authorize.log" '^requests.*open loop')"
else
  report "authorization load run" 1 "no figures (see artifacts/proof/load-authorize.log)"
fi

lap "9. load: authorize"
# 10. deferred runs (docs/performance.md and the deferred-run rules): steps with real receipts over many
# runs for the default catalog + 117 GitHub tools, and distinct compose
# requests, each next to a repeated compose request of the same run
suitetest "deferred run end to end: search, SEARCH_REQUIRED repair, restart, second replica, forged/cross-run/stale receipts, evidence without the query" runs-e2e.log ./web 'TestDeferredRunEndToEnd|TestRunSurfaceFollowsTheSubject|TestRunAPIErrors' -v
lap "10. deferred runs end to end"
LOAD_SECONDS="${LOAD_SECONDS:-30}" bash scripts/load_runs.sh >"$logs/load-runs.log" 2>&1
steps=$(grep 'mode steps, closed loop' "$logs/load-runs.log" || true)
steps_open=$(grep 'mode steps, open loop' "$logs/load-runs.log" || true)
distinct=$(grep 'mode distinct, closed loop' "$logs/load-runs.log" || true)
distinct_open=$(grep 'mode distinct, open loop' "$logs/load-runs.log" || true)
if [ -n "$steps" ] && [ -n "$distinct" ] && [ -n "$steps_open" ] && [ -n "$distinct_open" ]; then
  rss_all="$rss_all $(grep -o 'memory after the runs: [0-9]* MB' "$logs/load-runs.log" | grep -o '[0-9]*' || true)"
  read -r srate ssat serr <<<"$(figures "$steps")"
  read -r sorate sp99 soerr <<<"$(figures "$steps_open")"
  read -r drate dsat derr <<<"$(figures "$distinct")"
  read -r dorate dp99 doerr <<<"$(figures "$distinct_open")"
  errs=$((serr + soerr + derr + doerr))
  report "deferred-run steps and distinct compose requests under load: no errors" "$([ "$errs" = 0 ] && echo 0 || echo 1)" "${errs} errors"
  target "deferred-run steps on Postgres, 151 tools, distinct runs and receipts, 32 connections, closed loop" "$(meets "$srate" "$ssat" 15000 5)" "${srate} steps/s (≥ 15000), p99 ${ssat} ms (≤ 5); $(grep '^CPU per step' "$logs/load-runs.log" | sed -E 's/ over [0-9]+ steps//; s/ \(at most.*//')"
  target "deferred-run steps, open loop at 5000/s offered" "$(meets "$sorate" "$sp99" 4750 5)" "${sorate} steps/s, p99 ${sp99} ms (≤ 5); $(cpuafter "$logs/load-runs.log" 'mode steps, open loop')"
  target "distinct compose requests on Postgres, 32 connections, closed loop" "$(meets "$drate" "$dsat" 8000 10)" "${drate} req/s (≥ 8000), p99 ${dsat} ms (≤ 10); $(cpuafter "$logs/load-runs.log" 'mode distinct, closed loop')"
  target "distinct compose requests, open loop at 5000/s offered" "$(meets "$dorate" "$dp99" 4750 10)" "${dorate} req/s, p99 ${dp99} ms (≤ 10); $(cpuafter "$logs/load-runs.log" 'mode distinct, open loop')"
else
  report "deferred-run load run" 1 "no figures (see artifacts/proof/load-runs.log)"
fi

lap "10. load: deferred runs"
# resident memory of each load run's server after its runs: the largest
rss_max=$(echo $rss_all | tr ' ' '\n' | sort -n | tail -1)
if [ -n "$rss_max" ]; then
  target "resident memory of the console after the load runs (the largest of the three servers)" "$([ "$rss_max" -le 120 ] && echo 0 || echo 1)" "${rss_max} MB (target ≤ 120 MB; each: $(echo $rss_all | sed 's/ / MB, /g') MB)"
fi

# 11. the MCP gateway (docs/performance.md and the gateway rules): real clients and a real
# published server through the console, two replicas on one session, bad
# input; then tools/call through the gateway next to the same calls made
# directly to a Go upstream on loopback, in alternating rounds
suitetest "gateway: go-sdk and TypeScript clients, the published memory server, list_changed, invalid arguments never reach the server, SEARCH_REQUIRED, idempotent retry once, restart and revocation mid-session, bad input and bad upstreams" gateway.log ./web 'TestGateway' -v
suitetest "gateway: two replicas on one Postgres serve one MCP session alternately" gateway-replicas.log ./cmd/console/replicas TestTwoReplicasServeOneGatewaySession -v
lap "11. gateway tests"
# the console, the Go upstream and the load generator each a process of
# its own (scripts/load_gateway.sh), as an operator runs them
LOAD_SECONDS="${LOAD_SECONDS:-30}" bash scripts/load_gateway.sh >"$logs/gateway-load.log" 2>&1
gwl="$logs/gateway-load.log"
# The load run measures twice (docs/performance.md, "Gateway targets: which
# figure judges which"): a closed loop (8 sessions, each sending as soon as
# its answer arrives) gives the throughput the gateway reaches, and judges
# the ≥ 2,000 calls/s target; its latency at saturation is mostly the 8
# workers queueing (about 8 / throughput), printed but not judged. An open
# loop at a steady 2,000 calls/s offered, with direct calls to the same
# upstream interleaved in the same schedule, then tools/list at 2,000/s,
# judges the overhead (median ≤ 1 ms, p99 ≤ 5 ms) and tools/list p99 ≤ 2 ms.
if grep -q '^gateway calls:' "$gwl" && grep -q '^open gateway calls:' "$gwl"; then
  read -r grate gmed gp99 <<<"$(sed -nE 's/^gateway calls: ([0-9.]+) calls\/s, median ([0-9.]+) ms, p99 ([0-9.]+) ms/\1 \2 \3/p' "$gwl")"
  read -r omed op99 <<<"$(sed -nE 's/^gateway overhead: median (-?[0-9.]+) ms, p99 (-?[0-9.]+) ms/\1 \2/p' "$gwl")"
  read -r lp99 <<<"$(sed -nE 's/^tools\/list: median [0-9.]+ ms, p99 ([0-9.]+) ms.*/\1/p' "$gwl")"
  read -r orate ogmed ogp99 ounsent <<<"$(sed -nE 's/^open gateway calls: ([0-9.]+) calls\/s, median ([0-9.]+) ms, p99 ([0-9.]+) ms, ([0-9]+) not sent/\1 \2 \3 \4/p' "$gwl")"
  read -r oomed oop99 <<<"$(sed -nE 's/^open gateway overhead: median (-?[0-9.]+) ms, p99 (-?[0-9.]+) ms/\1 \2/p' "$gwl")"
  read -r olrate olp99 <<<"$(sed -nE 's/^open tools\/list: ([0-9.]+) lists\/s, median [0-9.]+ ms, p99 ([0-9.]+) ms.*/\1 \2/p' "$gwl")"
  gfail=$(sed -nE 's/^gateway load failures: ([0-9]+)/\1/p' "$gwl")
  report "gateway under load: no failed request" "$([ "${gfail:-1}" = 0 ] && echo 0 || echo 1)" "${gfail:-?} failures"
  target "gateway tools/call to a Go upstream on loopback, closed loop, 8 sessions: throughput" "$(awk -v r="$grate" 'BEGIN { print (r >= 2000) ? 0 : 1 }')" "${grate} calls/s (≥ 2000); not judged here, the workers' queueing at saturation: median ${gmed} ms, overhead over direct calls median ${omed} ms, p99 ${op99} ms; tools/list p99 ${lp99} ms; $(grep '^direct calls' "$gwl"); $(grep '^CPU per request' "$gwl")"
  ok=$(awk -v r="$orate" -v m="$oomed" -v p="$oop99" -v u="$ounsent" 'BEGIN { print (r >= 1900 && u == 0 && m <= 1 && p <= 5) ? 0 : 1 }')
  target "gateway tools/call at a steady 2,000 calls/s offered (open loop), direct calls interleaved: overhead" "$ok" "overhead over direct calls median ${oomed} ms (≤ 1), p99 ${oop99} ms (≤ 5); gateway ${orate} calls/s answered (≥ 1900), median ${ogmed} ms, p99 ${ogp99} ms, ${ounsent} not sent; $(grep '^open direct calls' "$gwl")"
  target "gateway tools/list at a steady 2,000/s offered (open loop)" "$(awk -v r="$olrate" -v p="$olp99" 'BEGIN { print (r >= 1900 && p <= 2) ? 0 : 1 }')" "p99 ${olp99} ms (≤ 2), ${olrate} lists/s answered (≥ 1900)"
else
  report "gateway load run" 1 "no figures (see artifacts/proof/gateway-load.log)"
fi

lap "11. load: gateway"
# 12. run evidence at scale (docs/performance.md): the runs list and a run's page with many events
# stored on Postgres (day partitions, run totals), and a retention pass dropping old
# days while four writers keep storing evidence. The target is 10 million events;
# the proof loads RUN_EVENTS (default 1,000,000), and scripts/evidence_at_scale.sh
# measures the full 10 million in a database of its own (figures in docs/performance.md).
run_events="${RUN_EVENTS:-1000000}"
CONSOLE_RUN_EVENTS="$run_events" go test -count=1 -timeout 60m ./web -run 'TestRunsPagesAtScale$' -v >"$logs/runs-scale.log" 2>&1
rsl="$logs/runs-scale.log"
if grep -q '^runs list with' "$rsl" && grep -q '^run page with' "$rsl"; then
  read -r lmed lp99 <<<"$(sed -nE 's/^runs list with [0-9]+ events: median ([0-9.]+) ms, p99 ([0-9.]+) ms/\1 \2/p' "$rsl")"
  read -r pmed pp99 <<<"$(sed -nE 's/^run page with [0-9]+ events: median ([0-9.]+) ms, p99 ([0-9.]+) ms/\1 \2/p' "$rsl")"
  report "runs pages over ${run_events} stored events: right runs, totals and events" "$(grep -q '^--- PASS: TestRunsPagesAtScale' "$rsl" && echo 0 || echo 1)" "$(grep -o 'loaded .* s$' "$rsl")"
  ok=$(awk -v a="$lp99" -v b="$pp99" 'BEGIN { print (a <= 50 && b <= 50) ? 0 : 1 }')
  target "runs list and a run's page on Postgres with ${run_events} events (10M is the target's size)" "$ok" "runs list median ${lmed} ms, p99 ${lp99} ms (≤ 50); run page median ${pmed} ms, p99 ${pp99} ms (≤ 50)"
else
  report "runs pages at scale" 1 "no figures (see artifacts/proof/runs-scale.log)"
fi
# the retention pass under writers on the same data: TestRunsPagesAtScale
# ends with it (TestRetentionKeepsWritersGoing makes the same pass on data
# of its own, in the suite)
rl="$rsl"
if grep -q '^retention with' "$rl"; then
  ratio=$(sed -nE 's/.*\(ratio ([0-9.]+)\).*/\1/p' "$rl")
  report "retention drops the days past CONSOLE_RUN_RETENTION while writers write: no failed write, no old day left" "$(grep -q '^--- PASS: TestRunsPagesAtScale' "$rl" && echo 0 || echo 1)" "$(grep '^retention with' "$rl") (log: artifacts/proof/runs-scale.log)"
  target "evidence writes during a retention drop keep their throughput (≥ 0.8 of before)" "$(awk -v r="$ratio" 'BEGIN { print (r >= 0.8) ? 0 : 1 }')" "ratio ${ratio}: $(grep '^retention with' "$rl" | sed 's/^retention with [0-9]* events: //')"
else
  report "retention under writes" 1 "no figures (see artifacts/proof/runs-scale.log)"
fi

lap "12. runs pages at scale, retention under writers"
echo "time per step (s):"; printf "%s" "$laps"
echo "screenshots: $CONSOLE_ARTIFACTS"
echo "performance targets (docs/performance.md, this machine): $met met, $missed missed"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
