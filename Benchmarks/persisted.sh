#!/usr/bin/env bash
# Persisted queries on the wire: the LaunchList request exactly as `rocket-reserver --endpoint`
# sends it with APQ (its hash by GET) and with --no-apq (its text by POST), taken from the
# client's own --trace. Prints the request bytes of each (curl's size_request: request line,
# header fields and body), then `serve`'s throughput for each under wrk, A B A B in one run.
# Usage: Benchmarks/persisted.sh BIN   (needs wrk and curl; make bench-deps)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bin=$1
rounds=${ROUNDS:-2} secs=${SECONDS_PER_ROUND:-5} conns=${CONNECTIONS:-8}
command -v wrk >/dev/null || { echo "missing wrk (make bench-deps)"; exit 2; }
tmp=$(mktemp -d)
pid=
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null; wait 2>/dev/null || true; rm -rf "$tmp"; }
trap cleanup EXIT

XDG_DATA_HOME=$tmp/serve-data "$bin" serve --host 127.0.0.1 --port 0 --json >"$tmp/ready" 2>/dev/null &
pid=$!
for _ in $(seq 100); do [ -s "$tmp/ready" ] && break; sleep 0.1; done
url=$(sed -n 's/.*"url":"\([^"]*\)".*/\1/p' "$tmp/ready")

# What the client sends: --trace shows each request whole (the GET's URL, the POST's body).
client() { XDG_CONFIG_HOME=$tmp/c XDG_DATA_HOME=$tmp/d XDG_STATE_HOME=$tmp/s XDG_CACHE_HOME=$tmp/k \
  "$bin" --endpoint "$url" --trace "$@" launches 2>&1 >/dev/null; }
get_url=$(client | sed -n 's/^> GET //p' | head -1)
post_body=$(client --no-apq | sed -n 's/^> \({"query".*\)$/\1/p' | head -1)
[ -n "$get_url" ] && [ -n "$post_body" ] || { echo "could not read the client's requests" >&2; exit 1; }
# The hash is registered now (the first run's miss sent the text): the GET is answered in full.
curl -sf "$get_url" | grep -q '"hasMore"' || { echo "the persisted GET is not answered" >&2; exit 1; }

get_bytes=$(curl -s -o /dev/null -w '%{size_request}' -H 'Accept: application/json' "$get_url")
post_bytes=$(curl -s -o /dev/null -w '%{size_request}' -H 'Accept: application/json' \
  -H 'Content-Type: application/json' --data-binary "$post_body" "$url")
echo "LaunchList request bytes (request line, fields, body; as curl sends them):"
printf '  %-34s %6d bytes\n' "text by POST (--no-apq)" "$post_bytes" "hash by GET (APQ)" "$get_bytes"
awk -v a="$get_bytes" -v b="$post_bytes" 'BEGIN { printf "  APQ sends %.2f of the bytes\n", a / b }'

path=${get_url#http://*/}
cat >"$tmp/get.lua" <<LUA
wrk.method = "GET"
wrk.path = "/$path"
wrk.headers["Accept"] = "application/json"
LUA
escaped=$(printf '%s' "$post_body" | sed "s/'/\\\\'/g")
cat >"$tmp/post.lua" <<LUA
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Accept"] = "application/json"
wrk.body = '$escaped'
LUA
# Both count bad answers as the LaunchList reference script does (its second half).
for script in get post; do
  sed -n '/^local threads/,$p' "$here/reference/launchlist.lua" >>"$tmp/$script.lua"
done

rate() {
  wrk -t2 -c"$conns" -d"${secs}s" -s "$tmp/$1.lua" "$url" >"$tmp/$1.log"
  grep -q 'bad answers 0' "$tmp/$1.log" || { echo "$1 gave bad answers" >&2; exit 1; }
  awk '/Requests\/sec/ {print $2}' "$tmp/$1.log"
}
echo "serve, LaunchList (wrk, $conns connections, ${secs} s each, A B A B):"
gets=() posts=()
for round in $(seq "$rounds"); do
  g=$(rate get) && p=$(rate post)
  gets+=("$g") posts+=("$p")
  printf '  round %d: hash by GET %8.0f req/s   text by POST %8.0f req/s   ratio %.2f\n' \
    "$round" "$g" "$p" "$(awk -v g="$g" -v p="$p" 'BEGIN { print g / p }')"
done
