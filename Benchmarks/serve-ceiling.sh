#!/usr/bin/env bash
# `serve` against its ceiling: the same LaunchList request answered by `rocket-reserver serve`, by
# an older binary (BEFORE, optional), by the graphql-js reference server and by nginx sending the
# very bytes `serve` answers as a static file (the HTTP ceiling of this machine with wrk on it).
# wrk, 8 connections, loopback, A B A B in one run; CPU microseconds per request of each serve
# from /proc/PID/stat; then callgrind instructions per request of each serve binary.
# Usage: Benchmarks/serve-ceiling.sh BIN [BEFORE_BIN]   (needs: wrk, node-graphql, nginx, valgrind)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bench=$here/reference
bin=$1 before=${2:-}
rounds=${ROUNDS:-2} secs=${SECONDS_PER_ROUND:-5} conns=${CONNECTIONS:-8} calls=${CALLS:-300}
for tool in wrk node nginx valgrind python3; do
  command -v $tool >/dev/null || [ -x "/usr/sbin/$tool" ] || { echo "missing $tool (make bench-deps)"; exit 2; }
done
nginx_bin=$(command -v nginx || echo /usr/sbin/nginx)
tmp=$(mktemp -d)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$tmp"; }
trap cleanup EXIT
body=$(sed -n "s/^wrk.body = '\(.*\)'$/\1/p" "$bench/launchlist.lua")

# Starts `serve` from binary $1 on an ephemeral port; prints "PID URL".
start_serve() {
  local out=$tmp/serve-$RANDOM
  XDG_DATA_HOME=$tmp/data-$RANDOM "$1" serve --host 127.0.0.1 --port 0 >"$out" 2>/dev/null &
  local pid=$!
  for _ in $(seq 100); do grep -q listening "$out" 2>/dev/null && break; sleep 0.1; done
  echo "$pid $(sed -n 's/^listening on //p' "$out")"
}
read -r ours ours_url < <(start_serve "$bin"); pids+=("$ours")
if [ -n "$before" ]; then read -r old old_url < <(start_serve "$before"); pids+=("$old"); fi
node "$bench/reference-server.js" "$(cd "$here/.." && pwd)" 4123 >"$tmp/ref.log" 2>&1 & pids+=($!)
ref_url=http://127.0.0.1:4123/graphql
# nginx answers POST /graphql with the body `serve` gives for this request, as a static file.
mkdir -p "$tmp/www" && chmod 755 "$tmp" "$tmp/www"  # nginx workers run as www-data
curl -sf -X POST -H 'content-type: application/json' -d "$body" "$ours_url" >"$tmp/www/graphql"
chmod 644 "$tmp/www/graphql"
cat >"$tmp/nginx.conf" <<CONF
worker_processes 2;
pid $tmp/nginx.pid;
error_log $tmp/nginx-error.log;
events { worker_connections 256; }
http {
  access_log off;
  server {
    listen 127.0.0.1:4125;
    root $tmp/www;
    location = /graphql { default_type application/json; error_page 405 =200 \$uri; }
  }
}
CONF
"$nginx_bin" -c "$tmp/nginx.conf" -g 'daemon off;' & pids+=($!)
nginx_url=http://127.0.0.1:4125/graphql
for url in "$ref_url" "$nginx_url"; do
  for _ in $(seq 100); do curl -sf -X POST -d "$body" "$url" >/dev/null && break; sleep 0.1; done
done
echo "response: $(wc -c <"$tmp/www/graphql") bytes; nginx answers $(curl -s -X POST -d "$body" "$nginx_url" | wc -c) bytes"

cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
# How wrk runs (the pinned pass below changes it) and where the rates of a pass go.
wrk_run=(wrk -t2)
rates=$tmp/rates
# wrk against $2; prints "req/s p99-ms requests [cpu-us-per-request of pid $3]".
measure() {
  local name=$1 url=$2 pid=${3:-} t0=0 t1=0
  [ -n "$pid" ] && t0=$(cpu_ticks "$pid")
  "${wrk_run[@]}" -c"$conns" -d"${secs}s" -s "$bench/launchlist.lua" "$url" >"$tmp/one.log"
  [ -n "$pid" ] && t1=$(cpu_ticks "$pid")
  grep -q 'bad answers 0,' "$tmp/one.log" || { echo "$name gave bad answers: $(grep '^requests' "$tmp/one.log")" >&2; exit 1; }
  local rps n p99
  rps=$(awk '/Requests\/sec/ {print $2}' "$tmp/one.log")
  n=$(sed -n 's/^requests \([0-9]*\),.*/\1/p' "$tmp/one.log")
  p99=$(sed -n 's/.*p99 \([0-9.]*\) ms.*/\1/p' "$tmp/one.log")
  local cpu=""
  [ -n "$pid" ] && cpu=$(awk -v a="$t0" -v b="$t1" -v n="$n" -v hz="$(getconf CLK_TCK)" \
    'BEGIN { printf ", %.0f us CPU/request", (b - a) * 1e6 / hz / n }')
  printf '  %-22s %9.0f req/s  p99 %6s ms%s\n' "$name" "$rps" "$p99" "$cpu"
  echo "$name $rps" >>"$rates"
}
# Averages over the rounds: serve as a share of nginx's static answer and as a multiple of
# graphql-js (and of the older binary, when given).
summarize() {
  awk '{ sum[$1] += $NF; n[$1]++ } END {
    s = sum["serve"] / n["serve"]; x = sum["nginx"] / n["nginx"]
    printf "serve: %.1f%% of nginx static", 100 * s / x
    if (n["graphql-js"] > 0) printf ", %.1fx graphql-js", s / (sum["graphql-js"] / n["graphql-js"])
    if (n["before"] > 0) printf ", %.2fx the older binary", s / (sum["before"] / n["before"])
    printf "\n" }' <(sed 's/^serve (before)/before/' "$rates")
}
for r in $(seq "$rounds"); do
  echo "round $r"
  measure serve "$ours_url" "$ours"
  [ -n "$before" ] && measure "serve (before)" "$old_url" "$old"
  measure "graphql-js reference" "$ref_url"
  measure "nginx static" "$nginx_url"
done
summarize

# The same with wrk on a CPU of its own (one thread): above, wrk's two threads take turns with
# the server on every CPU, and its p99 is mostly that scheduling (nginx's own p99 there is
# several ms). The servers still may use every CPU.
wrk_cpu=$(($(nproc) - 1))
if command -v taskset >/dev/null && [ "$wrk_cpu" -ge 1 ]; then
  echo "wrk alone on CPU $wrk_cpu (taskset, one thread)"
  wrk_run=(taskset -c "$wrk_cpu" wrk -t1)
  rates=$tmp/rates-pinned
  for r in $(seq "$rounds"); do
    echo "round $r"
    measure serve "$ours_url" "$ours"
    [ -n "$before" ] && measure "serve (before)" "$old_url" "$old"
    measure "nginx static" "$nginx_url"
  done
  summarize
fi

# Instructions per request: callgrind around a serve that answers N, then 2N requests on one
# keep-alive connection; (I(2N) - I(N)) / N cancels start-up and warm-up.
source "$here/lib/serve-instructions.sh"
[ "$calls" -gt 0 ] || exit 0
for which in serve before; do
  binary=$bin; [ "$which" = before ] && binary=$before
  [ -n "$binary" ] || continue
  one=$(serve_instructions "$binary" "$calls" "$body"); two=$(serve_instructions "$binary" $((2 * calls)) "$body")
  printf '%-8s %10d instructions/request (callgrind)\n' "$which" $(((two - one) / calls))
done
