#!/usr/bin/env bash
# What gzip costs `serve`: the same POSTs from wrk with and without
# `Accept-Encoding: gzip`, against one `serve` process, A B A B: the LaunchList request of
# Benchmarks/reference/launchlist.lua (20 launches, 4.2 KB of JSON) and the 100-launch page of
# wire-bytes.sh (~20 KB). wrk decodes nothing: a gzip answer counts when it is 200 and says
# `Content-Encoding: gzip`, an identity one when it holds the page. CPU microseconds per request
# from /proc/PID/stat; then callgrind instructions per LaunchList request of each
# ((I(2N) - I(N)) / N over one keep-alive connection).
# Usage: Benchmarks/serve-gzip.sh BIN   (needs: wrk, valgrind, python3)
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
launchlist=$(sed -n "s/^wrk.body = '\(.*\)'$/\1/p" "$here/reference/launchlist.lua")
page='{"query":"{ launches(pageSize: 100) { cursor hasMore launches { id site mission { name missionPatch(size: SMALL) } rocket { id name type } isBooked } } }"}'

# A wrk script posting body $1, asking for gzip when $2 is "gzip": the LaunchList reference
# script's counting (its second half), with a check of its own for each answer defined after it.
script() {
  local file=$tmp/$RANDOM.lua
  {
    cat <<LUA
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Accept"] = "application/json"
$([ "$2" = gzip ] && echo 'wrk.headers["Accept-Encoding"] = "gzip"')
wrk.body = '$1'
LUA
    sed -n '/^local threads/,$p' "$here/reference/launchlist.lua"
    cat <<LUA
function response(status, headers, body)
  local zipped = headers["Content-Encoding"] == "gzip"
  if status ~= 200 or zipped ~= ("$2" == "gzip") or (not zipped and not string.find(body, '"hasMore"', 1, true)) then
    bad = bad + 1
  end
end
LUA
  } >"$file"
  echo "$file"
}

out=$tmp/serve
XDG_DATA_HOME=$tmp/data "$bin" serve --host 127.0.0.1 --port 0 >"$out" 2>/dev/null &
pid=$!
pids+=("$pid")
for _ in $(seq 100); do grep -q listening "$out" 2>/dev/null && break; sleep 0.1; done
url=$(sed -n 's/^listening on //p' "$out")
hz=$(getconf CLK_TCK)
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }

measure() {
  local name=$1 lua=$2 before after output requests
  before=$(cpu_ticks "$pid")
  output=$(wrk -t2 -c"$conns" -d"${secs}s" -s "$lua" "$url")
  after=$(cpu_ticks "$pid")
  requests=$(echo "$output" | awk '/^requests / { gsub(",", "", $2); print $2 }')
  local rate=$(echo "$output" | awk '/Requests\/sec/ { print $2 }')
  local p99=$(echo "$output" | awk '/^requests / { print $(NF-1) }')
  local cpu=$(python3 -c "print(round(($after - $before) / $hz / max(1, $requests) * 1e6))")
  printf '%-22s %10s req/s  p99 %6s ms  %5s us CPU/request  (%s)\n' "$name" "$rate" "$p99" "$cpu" \
    "$(echo "$output" | sed -n 's/^requests [0-9]*, //p')"
}

for workload in launchlist page; do
  body=$launchlist
  [ "$workload" = page ] && body=$page
  identity=$(script "$body" identity) zipped=$(script "$body" gzip)
  # Warm-up, then A B A B.
  wrk -t2 -c"$conns" -d1s -s "$identity" "$url" >/dev/null
  wrk -t2 -c"$conns" -d1s -s "$zipped" "$url" >/dev/null
  for _ in $(seq "$rounds"); do
    measure "$workload identity" "$identity"
    measure "$workload gzip" "$zipped"
  done
done
kill "$pid"

# Instructions per LaunchList request: callgrind around a serve that answers N, then 2N requests
# on one keep-alive connection; (I(2N) - I(N)) / N cancels start-up and warm-up.
instructions() {
  local count=$1 encoding=$2 out=$tmp/cg-$RANDOM
  XDG_DATA_HOME=$tmp/cgdata-$RANDOM valgrind --tool=callgrind --callgrind-out-file=/dev/null \
    "$bin" serve --host 127.0.0.1 --port 0 >"$out" 2>"$out.err" &
  local pid=$!
  for _ in $(seq 600); do grep -q listening "$out" 2>/dev/null && break; sleep 0.1; done
  python3 - "$(sed -n 's/^listening on //p' "$out")" "$count" "$launchlist" "$encoding" <<'PY'
import http.client, sys, urllib.parse
url, count, body, encoding = urllib.parse.urlparse(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4]
headers = {"Content-Type": "application/json", "Accept-Encoding": encoding}
conn = http.client.HTTPConnection(url.hostname, url.port, timeout=120)
for _ in range(count):
    conn.request("POST", url.path, body, headers)
    response = conn.getresponse(); response.read()
    assert response.status == 200
    assert (response.getheader("Content-Encoding") == "gzip") == (encoding == "gzip")
PY
  kill -INT "$pid"; wait "$pid" 2>/dev/null || true
  awk '/Collected/ { print $4 }' "$out.err"
}
[ "$calls" -gt 0 ] || exit 0
for encoding in identity gzip; do
  one=$(instructions "$calls" "$encoding"); two=$(instructions $((2 * calls)) "$encoding")
  printf 'LaunchList %-8s %10d instructions/request (callgrind)\n' "$encoding" $(((two - one) / calls))
done
