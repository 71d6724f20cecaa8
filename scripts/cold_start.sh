#!/usr/bin/env bash
# Cold start (docs/performance.md): a fresh `console serve` process to its
# first healthy answer (200 on GET /healthz), on an empty SQLite file (a
# first start: the schema, then the seeding once it listens) and on an
# existing SQLite database (a restart of a seeded console). COLD_TRIES
# starts of each kind (default 7); the median judges, as one start on a
# shared machine is mostly waiting for a core. Besides the wall time it
# prints the CPU time the process has used (all its threads,
# /proc/PID/task/*/schedstat) when it listens and when it first answers
# healthy: the steadier figure on a loaded machine. COLD_KINDS="existing"
# (or "empty") measures one kind only.
#
#   scripts/cold_start.sh [BINARY...]
#
# With several binaries (an old and a new build) the starts alternate
# between them, try by try, and each binary gets its own lines. Without
# one it builds ./cmd/console.
set -uo pipefail
cd "$(dirname "$0")/.."
tries="${COLD_TRIES:-7}"
port="${COLD_PORT:-18182}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
bins=("$@")
if [ ${#bins[@]} = 0 ]; then
  go build -o "$work/console" ./cmd/console || exit 1
  bins=("$work/console")
fi
exec 9<> <(:) # a descriptor that never has input: read -t on it sleeps without a fork

cpu_ms() { # the CPU time of every thread of process $1 so far, in ms
  cat /proc/"$1"/task/*/schedstat 2>/dev/null | awk '{s += $1} END {printf "%.1f", s / 1e6}'
}

# start BIN DIR: one start in DIR; prints "WALL LISTEN-CPU HEALTHY-CPU" (ms)
# or "fail" when no healthy answer came within 10 s
start() {
  local dir=$2 t0 pid listen="" healthy="" line
  t0=$(date +%s%N)
  pushd "$dir" >/dev/null
  CONSOLE_ADDR="127.0.0.1:$port" "$1" serve </dev/null >"$work/serve.log" 2>&1 9>&- &
  pid=$!
  popd >/dev/null
  while [ $(( ($(date +%s%N) - t0) / 1000000 )) -lt 10000 ]; do
    if { exec 3<>"/dev/tcp/127.0.0.1/$port"; } 2>/dev/null; then
      [ -z "$listen" ] && listen=$(cpu_ms "$pid")
      printf 'GET /healthz HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n' >&3
      IFS= read -r -t 5 line <&3
      exec 3>&-
      case "$line" in "HTTP/1."?" 200"*) healthy=$(cpu_ms "$pid"); break ;; esac
    fi
    kill -0 "$pid" 2>/dev/null || break # it ended without answering
    read -r -t 0.002 -u 9
  done
  local wall=$(( ($(date +%s%N) - t0) / 1000000 ))
  kill "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  if [ -n "$healthy" ]; then echo "$wall $listen $healthy"; else echo fail; fi
}

# a seeded database to copy for each restart: one first start, run until it
# says it is ready (it prints its address once seeded)
seeded="$work/seeded"
mkdir -p "$seeded"
(cd "$seeded" && exec env CONSOLE_ADDR="127.0.0.1:$port" "${bins[0]}" serve </dev/null >"$work/seed.log" 2>&1 9>&-) &
seedpid=$!
seeded_ok=0
for _ in $(seq 1 600); do
  grep -q 'Agent Forge Console on' "$work/seed.log" 2>/dev/null && seeded_ok=1 && break
  kill -0 "$seedpid" 2>/dev/null || break
  sleep 0.1
done
kill "$seedpid" 2>/dev/null
wait "$seedpid" 2>/dev/null

median() { tr ' ' '\n' | grep -v '^$' | sort -n | awk '{a[NR] = $1} END {if (NR) print a[int((NR + 1) / 2)]; else print "none"}'; }

for kind in ${COLD_KINDS:-empty existing}; do
  if [ "$kind" = existing ] && [ "$seeded_ok" = 0 ]; then
    # no seeded database to restart on: a copy would be a first start
    echo "cold start on an existing SQLite database: not measured, the first start never said it was ready (it ended, or 60 s passed; $(tail -1 "$work/seed.log"))"
    continue
  fi
  declare -A walls=() listens=() healthies=() fails=()
  for ((try = 1; try <= tries; try++)); do
    for i in "${!bins[@]}"; do
      dir="$work/start"
      rm -rf "$dir"
      if [ "$kind" = existing ]; then cp -a "$seeded" "$dir"; else mkdir -p "$dir"; fi
      read -r wall listen healthy <<<"$(start "${bins[$i]}" "$dir")"
      if [ "$wall" = fail ]; then
        fails[$i]=$(( ${fails[$i]:-0} + 1 ))
        continue
      fi
      walls[$i]="${walls[$i]:-} $wall"
      listens[$i]="${listens[$i]:-} $listen"
      healthies[$i]="${healthies[$i]:-} $healthy"
    done
  done
  case $kind in
    empty) what="an empty SQLite file" ;;
    existing) what="an existing SQLite database" ;;
  esac
  for i in "${!bins[@]}"; do
    label=""
    [ ${#bins[@]} -gt 1 ] && label=" [${bins[$i]}]"
    echo "cold start on ${what}${label}: median $(echo "${walls[$i]:-}" | median) ms to the first healthy answer, CPU median $(echo "${listens[$i]:-}" | median) ms at listen and $(echo "${healthies[$i]:-}" | median) ms when healthy; $tries starts, ${fails[$i]:-0} without a healthy answer within 10 s; walls:${walls[$i]:-} ms; CPU when healthy:${healthies[$i]:-} ms"
  done
  unset walls listens healthies fails
done
