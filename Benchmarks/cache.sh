#!/usr/bin/env bash
# The normalized cache: a cache-first one-shot `launch 42` against a local `serve` with a
# warm cache (no request reaches the server; target median <= 15 ms), A B A B beside network-only
# (hyperfine, 30 runs each); then the cost of normalizing a 100-launch page (target <= 1 ms).
# Usage: Benchmarks/cache.sh BIN
set -euo pipefail
bin=$1
tmp=$(mktemp -d)
export XDG_CONFIG_HOME=$tmp/config XDG_DATA_HOME=$tmp/data XDG_STATE_HOME=$tmp/state XDG_CACHE_HOME=$tmp/cache
"$bin" serve --port 0 --data-dir "$tmp/served" >"$tmp/serve.out" 2>/dev/null &
serve_pid=$!
trap 'kill $serve_pid 2>/dev/null; wait 2>/dev/null; rm -rf "$tmp"' EXIT
for _ in $(seq 100); do
  grep -q listening "$tmp/serve.out" && break
  sleep 0.1
done
endpoint=$(sed -n 's/^listening on //p' "$tmp/serve.out")

"$bin" --endpoint "$endpoint" launch 42 >/dev/null   # warms the cache (network-first writes through)
# With a warm cache, cache-first sends nothing: --verbose reports no request.
if "$bin" --endpoint "$endpoint" -v launch 42 --cache cache-first 2>&1 >/dev/null | grep -q POST; then
  echo "error: cache-first launch 42 sent a request" >&2
  exit 1
fi
echo "one-shot 'launch 42' against a local serve ($endpoint), warm cache, hyperfine median"
for round in 1 2; do
  for policy in cache-first network-only; do
    hyperfine -N --warmup 3 --runs 30 --style none --export-json "$tmp/h.json" \
      "$bin --endpoint $endpoint launch 42 --cache $policy" >/dev/null
    python3 - "$tmp/h.json" "$round" "$policy" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["results"][0]
print("round %s %-13s median %.1f ms (min %.1f, user+sys %.1f ms, %d runs)" % (
    sys.argv[2], sys.argv[3], r["median"] * 1000, r["min"] * 1000, (r["user"] + r["system"]) * 1000,
    len(r["times"])))
PY
  done
done

echo
echo "normalizing one page of launches (cache-benchmark)"
"$bin" --endpoint "$endpoint" launches --page-size 100 --json >"$tmp/page.json"
swift build -c release --product cache-benchmark >/dev/null
mkdir -p "$tmp/scratch"
"$(swift build -c release --show-bin-path)/cache-benchmark" "$tmp/page.json" "$tmp/scratch"
