#!/usr/bin/env bash
# What metrics cost `serve`: the LaunchList request (Benchmarks/reference/launchlist.lua) with
# metrics on (the default) and with --no-metrics, from the same binary. wrk, 8 connections,
# loopback, A B A B; CPU microseconds per request from /proc/PID/stat; then callgrind
# instructions per request of each ((I(2N) - I(N)) / N over one keep-alive connection). The issue's
# target: throughput with metrics within 3% of without.
# Usage: Benchmarks/serve-metrics.sh BIN   (needs: wrk, valgrind, python3)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bin=$1
rounds=${ROUNDS:-2} secs=${SECONDS_PER_ROUND:-5} conns=${CONNECTIONS:-8} calls=${CALLS:-300}
for tool in wrk valgrind python3; do
  command -v $tool >/dev/null || { echo "missing $tool (make bench-deps)"; exit 2; }
done
tmp=$(mktemp -d)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$tmp"; }
trap cleanup EXIT
body=$(sed -n "s/^wrk.body = '\(.*\)'$/\1/p" "$here/reference/launchlist.lua")

# Starts `serve` with options "$@" on an ephemeral port; prints "PID URL".
start_serve() {
  local out=$tmp/serve-$RANDOM
  XDG_DATA_HOME=$tmp/data-$RANDOM "$bin" serve --host 127.0.0.1 --port 0 "$@" >"$out" 2>/dev/null &
  local pid=$!
  for _ in $(seq 100); do grep -q listening "$out" 2>/dev/null && break; sleep 0.1; done
  echo "$pid $(sed -n 's/^listening on //p' "$out")"
}
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
read -r on on_url < <(start_serve); pids+=("$on")
read -r off off_url < <(start_serve --no-metrics); pids+=("$off")
hz=$(getconf CLK_TCK)

measure() {
  local name=$1 pid=$2 url=$3 before after output requests
  before=$(cpu_ticks "$pid")
  output=$(wrk -t2 -c"$conns" -d"${secs}s" -s "$here/reference/launchlist.lua" "$url")
  after=$(cpu_ticks "$pid")
  requests=$(echo "$output" | awk '/^requests / { gsub(",", "", $2); print $2 }')
  local rate=$(echo "$output" | awk '/Requests\/sec/ { print $2 }')
  local p99=$(echo "$output" | awk '/^requests / { print $(NF-1) }')
  local cpu=$(python3 -c "print(round(($after - $before) / $hz / max(1, $requests) * 1e6))")
  printf '%-12s %10s req/s  p99 %6s ms  %5s us CPU/request  (%s)\n' "$name" "$rate" "$p99" "$cpu" \
    "$(echo "$output" | sed -n 's/^requests [0-9]*, //p')"
}
# Warm-up, then A B A B.
wrk -t2 -c"$conns" -d1s -s "$here/reference/launchlist.lua" "$on_url" >/dev/null
wrk -t2 -c"$conns" -d1s -s "$here/reference/launchlist.lua" "$off_url" >/dev/null
for _ in $(seq "$rounds"); do
  measure "metrics on" "$on" "$on_url"
  measure "metrics off" "$off" "$off_url"
done
kill "$on" "$off"

# Instructions per request: callgrind around a serve that answers N, then 2N requests on one
# keep-alive connection; (I(2N) - I(N)) / N cancels start-up and warm-up.
source "$here/lib/serve-instructions.sh"
[ "$calls" -gt 0 ] || exit 0
for which in on off; do
  options=(); [ "$which" = off ] && options=(--no-metrics)
  one=$(serve_instructions "$bin" "$calls" "$body" "${options[@]}")
  two=$(serve_instructions "$bin" $((2 * calls)) "$body" "${options[@]}")
  printf 'metrics %-4s %10d instructions/request (callgrind)\n' "$which" $(((two - one) / calls))
done
