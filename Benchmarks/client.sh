#!/usr/bin/env bash
# The client's HTTP layer: CPU seconds the client spends per second of waiting for a slow server
# (target 0.01 or less), and a one-shot `launch 1` against a local `serve` (hyperfine, median).
# With BEFORE=path/to/an/older/rocket-reserver both are measured for that binary too, alternating
# rounds (A B A B) so both see the same machine load.
# Usage: Benchmarks/client.sh BIN   (env BEFORE, ROUNDS default 3, WAIT seconds default 3)
set -euo pipefail
bin=$1
before=${BEFORE:-}
rounds=${ROUNDS:-3}
wait_seconds=${WAIT:-3}
tmp=$(mktemp -d)
export XDG_CONFIG_HOME=$tmp/config XDG_DATA_HOME=$tmp/data XDG_STATE_HOME=$tmp/state XDG_CACHE_HOME=$tmp/cache

# A server that answers each request after WAIT seconds (one thread per connection).
python3 - "$wait_seconds" >"$tmp/slow.port" <<'PY' &
import socket, sys, threading, time
delay = float(sys.argv[1])
listener = socket.socket()
listener.bind(("127.0.0.1", 0))
listener.listen(16)
print(listener.getsockname()[1], flush=True)
body = b'{"data":{"totalTripsBooked":0}}'
def serve(conn):
    with conn:
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = conn.recv(65536)
            if not chunk:
                return
            data += chunk
        head, _, rest = data.partition(b"\r\n\r\n")
        length = 0
        for line in head.split(b"\r\n"):
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":")[1])
        while len(rest) < length:
            rest += conn.recv(65536)
        time.sleep(delay)
        conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s" % (len(body), body))
while True:
    conn, _ = listener.accept()
    threading.Thread(target=serve, args=(conn,), daemon=True).start()
PY
slow_pid=$!
"$bin" serve --port 0 --data-dir "$tmp/served" >"$tmp/serve.out" 2>/dev/null &
serve_pid=$!
trap 'kill $slow_pid $serve_pid 2>/dev/null; wait 2>/dev/null; rm -rf "$tmp"' EXIT
for _ in $(seq 100); do
  [ -s "$tmp/slow.port" ] && grep -q listening "$tmp/serve.out" && break
  sleep 0.1
done
slow=http://127.0.0.1:$(cat "$tmp/slow.port")/graphql
endpoint=$(sed -n 's/^listening on //p' "$tmp/serve.out")

sides=(after)
[ -n "$before" ] && sides=(before after)
binary() { if [ "$1" = before ]; then echo "$before"; else echo "$bin"; fi; }

echo "waiting ${wait_seconds} s for a slow server ($slow): CPU seconds per second of wall time"
for round in $(seq "$rounds"); do
  for side in "${sides[@]}"; do
    /usr/bin/time -f "%U %S %e" -o "$tmp/time.txt" "$(binary "$side")" --endpoint "$slow" total >/dev/null
    read -r user system wall <"$tmp/time.txt"
    awk -v s="$side" -v r="$round" -v u="$user" -v y="$system" -v w="$wall" \
      'BEGIN { printf "round %d %-6s user %.2f s + sys %.2f s over %.2f s = %.3f CPU s per s\n", r, s, u, y, w, (u + y) / w }'
  done
done

echo
echo "one-shot 'launch 1' against a local serve ($endpoint), hyperfine median per round"
"$bin" --endpoint "$endpoint" launch 1 >/dev/null
for round in $(seq "$rounds"); do
  for side in "${sides[@]}"; do
    hyperfine -N --warmup 3 --runs 30 --style none --export-json "$tmp/h.json" \
      "$(binary "$side") --endpoint $endpoint launch 1" >/dev/null
    python3 - "$tmp/h.json" "$round" "$side" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["results"][0]
print("round %s %-6s median %.1f ms (mean %.1f, min %.1f, %d runs)" % (
    sys.argv[2], sys.argv[3], r["median"] * 1000, r["mean"] * 1000, r["min"] * 1000, len(r["times"])))
PY
  done
done
