#!/usr/bin/env bash
# Memory over a long run of `rocket-reserver serve`: RSS after about 10k LaunchList requests and
# after about 100k, under wrk at 8 connections on loopback. The server should stay flat: the
# second figure within 10% of the first.
# Usage: Benchmarks/serve-memory.sh BIN SHARED_BENCH_DIR
set -euo pipefail
bin=$1 bench=$2
tmp=$(mktemp -d)
cleanup() { kill "${server:-}" 2>/dev/null || true; wait 2>/dev/null || true; rm -rf "$tmp"; }
trap cleanup EXIT
"$bin" serve --host 127.0.0.1 --port 0 --data-dir "$tmp/data" >"$tmp/out" 2>/dev/null & server=$!
for _ in $(seq 100); do grep -q listening "$tmp/out" 2>/dev/null && break; sleep 0.1; done
url=$(sed -n 's/^listening on //p' "$tmp/out")
[ -n "$url" ] || { echo "serve did not start"; exit 1; }

rss() { awk '/^VmRSS/ {print $2}' "/proc/$server/status"; }
# Runs wrk until at least $1 requests in total have been answered.
total=0
run_until() {
  while [ "$total" -lt "$1" ]; do
    wrk -t2 -c8 -d2s -s "$bench/launchlist.lua" "$url" >"$tmp/wrk" 2>&1
    grep -q 'bad answers 0,' "$tmp/wrk" || { echo "bad answers: $(grep '^requests' "$tmp/wrk")"; exit 1; }
    total=$((total + $(sed -n 's/^requests \([0-9]*\),.*/\1/p' "$tmp/wrk")))
  done
}
run_until 10000
first=$(rss); first_total=$total
run_until 100000
second=$(rss)
awk -v a="$first" -v b="$second" -v n1="$first_total" -v n2="$total" 'BEGIN {
  printf "serve RSS: %.1f MB after %d requests, %.1f MB after %d requests (%+.1f%%)\n",
    a / 1024, n1, b / 1024, n2, (b - a) * 100 / a }'
