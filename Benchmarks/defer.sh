#!/usr/bin/env bash
# What @defer buys: on `serve --database postgresql://...`, a query that defers
# `me { trips { id } }` (two round trips to PostgreSQL: the token, then the trips) beside ten
# launches from the catalog: time to its first part and to its last, against the same query without
# `@defer` (time to its whole answer), alternated A B A B (Benchmarks/defer.py).
# Usage: Benchmarks/defer.sh BIN   (needs Debian's postgresql; make bench-deps)
# REQUESTS per query and round (default 200), ROUNDS (default 2).
set -euo pipefail
bin=$1
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib/postgres.sh"

tmp=$(mktemp -d)
chmod 755 "$tmp"
serve_pid=
cleanup() {
  [ -z "$serve_pid" ] || { kill "$serve_pid" 2>/dev/null || true; wait "$serve_pid" 2>/dev/null || true; }
  stop_postgres "$tmp/pg"
  rm -rf "$tmp"
}
trap cleanup EXIT

start_postgres "$tmp/pg"
db_url=$(create_database bench)
XDG_STATE_HOME=$tmp/state XDG_CONFIG_HOME=$tmp/config \
  "$bin" serve --host 127.0.0.1 --port 0 --database "$db_url" \
  >"$tmp/serve.out" 2>"$tmp/serve.err" &
serve_pid=$!
for _ in $(seq 100); do grep -q listening "$tmp/serve.out" 2>/dev/null && break; sleep 0.1; done
url=$(sed -n 's/^listening on //p' "$tmp/serve.out")
[ -n "$url" ] || { echo "serve did not start: $(cat "$tmp/serve.err")"; exit 1; }

# One user with three trips booked.
post() { curl -sf -X POST -H 'content-type: application/json' ${2:+-H "Authorization: $2"} -d "$1" "$url"; }
token=$(post '{"query":"mutation { login(email: \"defer-bench@example.com\") { token } }"}' \
  | sed 's/.*"token":"\([^"]*\)".*/\1/')
post '{"query":"mutation { bookTrips(launchIds: [\"1\", \"2\", \"3\"]) { success } }"}' "$token" \
  | grep -q '"success":true' || { echo "bookTrips failed"; exit 1; }

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
/usr/bin/python3 "$here/defer.py" "$url" "$token"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
