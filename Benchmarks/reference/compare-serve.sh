#!/usr/bin/env bash
# Side-by-side throughput of `rocket-reserver serve` and the graphql-js reference server
# on the same schema, catalog and query, measured with wrk on loopback, A B A B.
# Usage: Benchmarks/reference/compare-serve.sh [PROJECT_ROOT]   (needs: wrk, node, node-graphql)
# Prints one line per round and, last, "serve/reference throughput ratio: R".
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "${1:-.}" && pwd)
rounds=${ROUNDS:-3} secs=${SECONDS_PER_ROUND:-5} conns=${CONNECTIONS:-8}
for tool in wrk node; do command -v $tool >/dev/null || { echo "missing $tool (apt-get install -y wrk nodejs node-graphql)"; exit 2; }; done
[ -d /usr/share/nodejs/graphql ] || { echo "missing node-graphql (apt-get install -y node-graphql)"; exit 2; }

tmp=$(mktemp -d)
cleanup() { kill "${ours:-}" "${ref:-}" 2>/dev/null || true; wait 2>/dev/null || true; rm -rf "$tmp"; }
trap cleanup EXIT
# ROCKET_RESERVER_BIN: the binary to measure (make bench passes the one `make release` built).
if [ -n "${ROCKET_RESERVER_BIN:-}" ]; then
  bin=$ROCKET_RESERVER_BIN
else
  (cd "$root" && swift build -c release --product rocket-reserver >"$tmp/build.log" 2>&1) || { tail -20 "$tmp/build.log"; exit 2; }
  bin=$(cd "$root" && swift build -c release --show-bin-path)/rocket-reserver
fi

export XDG_CONFIG_HOME=$tmp/config XDG_DATA_HOME=$tmp/data XDG_STATE_HOME=$tmp/state XDG_CACHE_HOME=$tmp/cache
"$bin" serve --host 127.0.0.1 --port 4124 >"$tmp/ours.log" 2>&1 & ours=$!
node "$here/reference-server.js" "$root" 4123 >"$tmp/ref.log" 2>&1 & ref=$!
probe='{"query":"{ __typename }"}'
for port in 4123 4124; do
  for _ in $(seq 100); do
    curl -sf -X POST -H 'content-type: application/json' -d "$probe" "http://127.0.0.1:$port/graphql" >/dev/null && break
    sleep 0.1
  done
done

rate() {
  wrk -t2 -c"$conns" -d"${secs}s" -s "$here/launchlist.lua" "http://127.0.0.1:$1/graphql" > "$tmp/one.log"
  cat "$tmp/one.log" >> "$tmp/wrk.log"
  if ! grep -q 'bad answers 0,' "$tmp/one.log"; then echo "port $1 gave bad answers: $(grep '^requests' "$tmp/one.log")" >&2; exit 1; fi
  awk '/Requests\/sec/ {print $2}' "$tmp/one.log"
}
ratios=()
for r in $(seq "$rounds"); do
  a=$(rate 4124) || exit 1; b=$(rate 4123) || exit 1
  ratio=$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.2f", a / b }')
  ratios+=("$ratio")
  echo "round $r: serve $a req/s, reference $b req/s, ratio $ratio"
done
grep -E '^requests' "$tmp/wrk.log" | sed 's/^/  wrk: /'
printf '%s\n' "${ratios[@]}" | sort -n | awk '{ v[NR] = $1 } END { printf "serve/reference throughput ratio: %s\n", v[int((NR + 1) / 2)] }'
