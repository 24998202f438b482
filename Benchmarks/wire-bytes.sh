#!/usr/bin/env bash
# Bytes on the wire for a 100-launch page: the same POST with and without
# `Accept-Encoding: gzip` (curl --compressed), body and head sizes as curl counts them.
# Deterministic (no timing), so any build will do, a debug one included.
# Usage: Benchmarks/wire-bytes.sh BIN
set -euo pipefail
tmp=$(mktemp -d)
"$1" serve --port 0 --data-dir "$tmp/data" --drain 0 >"$tmp/out" 2>/dev/null &
pid=$!
trap 'kill -INT $pid 2>/dev/null; wait $pid 2>/dev/null; rm -rf "$tmp"' EXIT
for _ in $(seq 100); do grep -q listening "$tmp/out" 2>/dev/null && break; sleep 0.1; done
url=$(sed 's/listening on //' "$tmp/out")
query='{"query":"{ launches(pageSize: 100) { cursor hasMore launches { id site mission { name missionPatch(size: SMALL) } rocket { id name type } isBooked } } }"}'
plain=$(curl -s -o /dev/null -w '%{size_download} %{size_header}' -H 'Content-Type: application/json' -d "$query" "$url")
zipped=$(curl -s --compressed -o /dev/null -w '%{size_download} %{size_header}' -H 'Content-Type: application/json' -d "$query" "$url")
read -r plain_body plain_head <<<"$plain"
read -r zipped_body zipped_head <<<"$zipped"
printf 'identity: %6d body bytes + %d head\n' "$plain_body" "$plain_head"
printf 'gzip:     %6d body bytes + %d head (%.1f%% of identity)\n' "$zipped_body" "$zipped_head" \
  "$(echo "100 * $zipped_body / $plain_body" | bc -l)"
