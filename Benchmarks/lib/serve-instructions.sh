# Sourced by the serve benchmarks. serve_instructions BINARY COUNT BODY [SERVE OPTION ...] prints
# the instructions (callgrind) a `serve` of BINARY executes from start to stop while answering
# COUNT POSTs of BODY on one keep-alive connection; (I(2N) - I(N)) / N of two calls is the cost of
# one request, with start-up and warm-up cancelled. Needs $tmp (a scratch directory), valgrind
# and python3.
serve_instructions() {
  local binary=$1 count=$2 body=$3 out=$tmp/cg-$RANDOM
  shift 3
  XDG_DATA_HOME=$tmp/cgdata-$RANDOM valgrind --tool=callgrind --callgrind-out-file=/dev/null \
    "$binary" serve --host 127.0.0.1 --port 0 "$@" >"$out" 2>"$out.err" &
  local pid=$!
  for _ in $(seq 600); do grep -q listening "$out" 2>/dev/null && break; sleep 0.1; done
  python3 - "$(sed -n 's/^listening on //p' "$out")" "$count" "$body" <<'PY'
import http.client, sys, urllib.parse
url, count, body = urllib.parse.urlparse(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
conn = http.client.HTTPConnection(url.hostname, url.port, timeout=120)
for _ in range(count):
    conn.request("POST", url.path, body, {"Content-Type": "application/json"})
    response = conn.getresponse(); response.read()
    assert response.status == 200
PY
  kill -INT "$pid"; wait "$pid" 2>/dev/null || true
  awk '/Collected/ { print $4 }' "$out.err"
}
