#!/usr/bin/env bash
# `serve` on its storage back ends, side by side: one serve on SQLite, one on PostgreSQL, and two
# on one PostgreSQL (a wrk per instance, at the same time, req/s summed). For each, LaunchList as a
# logged-in user (reads the database) and bookTrips/cancelTrip (writes), rounds alternated.
# Then book/cancel on PostgreSQL against the database's own rate: pgbench running the same
# transactions (a trip inserted or deleted and its event appended; serve's NOTIFY after the commit
# comes on top, as do its token lookup, HTTP and GraphQL) with the same clients, one serve with
# those clients, and two serve sharing them, alternated (A B C A B C).
# Usage: Benchmarks/database.sh BIN   (needs wrk and Debian's postgresql; make bench-deps)
# ROUNDS (default 2), SECONDS_PER_ROUND (default 3), CONNECTIONS per instance (default 8);
# WRITE_ROUNDS (default 3), WRITE_CLIENTS (default 8, even) for the comparison with pgbench.
set -euo pipefail
bin=$1
here=$(cd "$(dirname "$0")" && pwd)
rounds=${ROUNDS:-2} secs=${SECONDS_PER_ROUND:-3} conns=${CONNECTIONS:-8}
source "$here/lib/postgres.sh"
source "$here/lib/cpu.sh"
command -v wrk >/dev/null || { echo "missing wrk (make bench-deps)"; exit 2; }

tmp=$(mktemp -d)
chmod 755 "$tmp"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  stop_postgres "$tmp/pg"
  rm -rf "$tmp"
}
trap cleanup EXIT

# A private cluster, as the tests use (Benchmarks/lib/postgres.sh).
start_postgres "$tmp/pg"
port=$pg_port
"$pgbin/createdb" -h 127.0.0.1 -p "$port" -U postgres bench
"$pgbin/createdb" -h 127.0.0.1 -p "$port" -U postgres writes
url="postgresql://postgres@127.0.0.1:$port/bench"
writes_url="postgresql://postgres@127.0.0.1:$port/writes"

# start NAME ARGS...: a serve on a free port; its URL in $tmp/NAME.url.
start() {
  local name=$1; shift
  XDG_STATE_HOME=$tmp/$name XDG_CONFIG_HOME=$tmp/$name \
    "$bin" serve --host 127.0.0.1 --port 0 "$@" >"$tmp/$name.out" 2>/dev/null & pids+=($!)
  echo $! >"$tmp/$name.pid"
  for _ in $(seq 100); do grep -q listening "$tmp/$name.out" 2>/dev/null && break; sleep 0.1; done
  sed -n 's/^listening on //p' "$tmp/$name.out" >"$tmp/$name.url"
  [ -s "$tmp/$name.url" ] || { echo "serve $name did not start"; exit 1; }
}
start sqlite --data-dir "$tmp/sqlite-data"
start pg1 --database "$url"
start pg2 --database "$url"
# For the comparison with pgbench: as many database connections as clients, in one serve or two.
wclients=${WRITE_CLIENTS:-8} wrounds=${WRITE_ROUNDS:-3}
# The clients all come from 127.0.0.1, so no per-address execution cap (by default one address
# runs as many executions at once as there are cores).
start w1 --database "$writes_url" --database-pool "$wclients" --max-executions-per-ip 0
start w2a --database "$writes_url" --database-pool $((wclients / 2)) --max-executions-per-ip 0
start w2b --database "$writes_url" --database-pool $((wclients / 2)) --max-executions-per-ip 0

# Two users per setup (one per wrk thread), logged in once.
tokens() {
  for user in $(seq "${3:-2}"); do
    printf '%s ' "$(curl -sf -X POST -H 'content-type: application/json' \
      -d "{\"query\":\"mutation { login(email: \\\"bench$user-$1@example.com\\\") { token } }\"}" "$2" \
      | sed 's/.*"token":"\([^"]*\)".*/\1/')"
  done
}
sqlite_tokens=$(tokens sqlite "$(cat "$tmp/sqlite.url")")
pg_tokens=$(tokens pg "$(cat "$tmp/pg1.url")")

# rate MODE TOKENS URL...: one wrk per URL at once; prints the summed req/s.
rate() {
  local mode=$1 tokens=$2; shift 2
  local i=0 runs=()
  for target in "$@"; do
    i=$((i + 1))
    MODE=$mode TOKENS=$tokens wrk -t2 -c"$conns" -d"${secs}s" -s "$here/database.lua" "$target" >"$tmp/wrk$i" &
    runs+=($!)
  done
  for run in "${runs[@]}"; do wait "$run"; done
  local total=0
  for j in $(seq "$i"); do
    grep -q 'bad answers 0,' "$tmp/wrk$j" || { echo "bad answers: $(grep '^requests' "$tmp/wrk$j")" >&2; exit 1; }
    total=$(awk -v t="$total" '/Requests\/sec/ {printf "%.0f", t + $2}' "$tmp/wrk$j")
  done
  echo "$total"
}

printf "%-8s %-26s %12s %12s\n" round setup "LaunchList" "book/cancel"
for r in $(seq "$rounds"); do
  for setup in sqlite pg1 pg2x; do
    case $setup in
      sqlite) urls=("$(cat "$tmp/sqlite.url")") tokens=$sqlite_tokens label="1 serve, SQLite" ;;
      pg1) urls=("$(cat "$tmp/pg1.url")") tokens=$pg_tokens label="1 serve, PostgreSQL" ;;
      pg2x) urls=("$(cat "$tmp/pg1.url")" "$(cat "$tmp/pg2.url")") tokens=$pg_tokens label="2 serve, one PostgreSQL" ;;
    esac
    read_rate=$(rate read "$tokens" "${urls[@]}")
    write_rate=$(rate write "$tokens" "${urls[@]}")
    printf "%-8s %-26s %12s %12s\n" "$r" "$label" "$read_rate" "$write_rate"
  done
done
echo "(req/s; wrk -t2 -c$conns per instance, ${secs}s per figure, $(nproc) cores shared by wrk, serve and the database)"

# serve against pgbench: one user per client, each client booking a launch and cancelling it in
# turn (wrk: one connection per thread, so its two requests never race).
write_tokens=($(tokens w "$(cat "$tmp/w1.url")" "$wclients"))
uid_base=$("$pgbin/psql" -h 127.0.0.1 -p "$port" -U postgres -d writes -Atc "SELECT min(id) - 1 FROM users")
cat >"$tmp/bookcancel.sql" <<'SQL'
\set uid :uidbase + :client_id + 1
\set launch random(1, 100)
BEGIN;
INSERT INTO trips (user_id, launch_id) VALUES (:uid, :launch) ON CONFLICT DO NOTHING;
INSERT INTO trip_events (delta) VALUES (1);
COMMIT;
BEGIN;
DELETE FROM trips WHERE user_id = :uid AND launch_id = :launch;
INSERT INTO trip_events (delta) VALUES (-1);
COMMIT;
SQL
# For reference, the same transactions with NOTIFY inside each (what serve avoids: a notifying
# commit holds a cluster-wide lock).
sed 's/^COMMIT;/SELECT pg_notify($$rocket_trips_booked$$, $$$$);\nCOMMIT;/' "$tmp/bookcancel.sql" >"$tmp/bookcancel-notify.sql"
# Each figure also says where the CPU went, in microseconds per transaction (ticks from /proc,
# so they hold on a loaded machine): the database's processes, the load generator (pgbench or
# wrk), and serve. On a machine whose cores are all busy, the rates' ratio is the ratio of these
# sums; that tells how far below the database's own rate serve's own CPU alone keeps it.
# pgbench_run [SCRIPT]: sets rate (transactions per second, two per script run) and cpu
# ("database generator serve" microseconds per transaction).
pgbench_run() {
  local before after count
  before=$(postgres_ticks "$tmp/pg/data")
  ${pinned:+taskset -c 1} /usr/bin/time -f '%U %S' -o "$tmp/pgbench.time" \
    "$pgbin/pgbench" -n -M prepared -c "$wclients" -j 2 -T "$secs" -D uidbase="$uid_base" \
    -f "$tmp/${1:-bookcancel}.sql" -h 127.0.0.1 -p "$port" -U postgres writes >"$tmp/pgbench.out" 2>/dev/null
  sleep 0.2 # the backends exit and are reaped after pgbench disconnects
  after=$(postgres_ticks "$tmp/pg/data")
  rate=$(awk '/^tps = / {printf "%.0f", $3 * 2}' "$tmp/pgbench.out")
  count=$(awk '/^number of transactions actually processed/ {print $NF * 2}' "$tmp/pgbench.out")
  count=${count%%/*}
  cpu="$(per_transaction $((after - before)) "$count") \
$(awk -v n="$count" '{printf "%.0f", (n > 0 ? ($1 + $2) * 1e6 / n : 0)}' "$tmp/pgbench.time") 0"
}
# serve_run N NAME...: wrk with N one-connection threads per serve NAME, the clients' tokens dealt
# out; sets rate and cpu as pgbench_run does.
serve_run() {
  local per=$1; shift
  local i=0 runs=() pg_before serve_before pg_after serve_after serve_pids=() total=0 count=0 wrk_cpu=0
  for name in "$@"; do serve_pids+=("$(cat "$tmp/$name.pid")"); done
  pg_before=$(postgres_ticks "$tmp/pg/data")
  serve_before=$(ticks "${serve_pids[@]}")
  for name in "$@"; do
    MODE=write TOKENS="${write_tokens[*]:$((i * per)):$per}" ${pinned:+taskset -c 1} /usr/bin/time -f '%U %S' -o "$tmp/wwrk$i.time" \
      wrk -t"$per" -c"$per" -d"${secs}s" -s "$here/database.lua" "$(cat "$tmp/$name.url")" >"$tmp/wwrk$i" &
    runs+=($!)
    i=$((i + 1))
  done
  for run in "${runs[@]}"; do wait "$run"; done
  pg_after=$(postgres_ticks "$tmp/pg/data")
  serve_after=$(ticks "${serve_pids[@]}")
  for j in $(seq 0 $((i - 1))); do
    grep -q 'bad answers 0,' "$tmp/wwrk$j" || { echo "bad answers: $(grep '^requests' "$tmp/wwrk$j")" >&2; exit 1; }
    total=$(awk -v t="$total" '/Requests\/sec/ {printf "%.0f", t + $2}' "$tmp/wwrk$j")
    count=$(awk -v t="$count" '/^requests / {sub(",", "", $2); print t + $2}' "$tmp/wwrk$j")
    wrk_cpu=$(awk -v t="$wrk_cpu" '{printf "%.4f", t + $1 + $2}' "$tmp/wwrk$j.time")
  done
  rate=$total
  cpu="$(per_transaction $((pg_after - pg_before)) "$count") \
$(awk -v c="$wrk_cpu" -v n="$count" 'BEGIN {printf "%.0f", (n > 0 ? c * 1e6 / n : 0)}') \
$(per_transaction $((serve_after - serve_before)) "$count")"
}

echo
printf "%-6s %10s %12s %12s %14s %12s %16s\n" round pgbench "1 serve" "2 serve" "1 serve/pgb" "2 serve/1" \
  "pgbench+NOTIFY"
cpu_lines=()
for r in $(seq "$wrounds"); do
  pgbench_run; db=$rate; cpu_lines+=("$r pgbench $rate $cpu")
  serve_run "$wclients" w1; one=$rate; cpu_lines+=("$r 1-serve $rate $cpu")
  serve_run $((wclients / 2)) w2a w2b; two=$rate; cpu_lines+=("$r 2-serve $rate $cpu")
  pgbench_run bookcancel-notify; old=$rate
  printf "%-6s %10s %12s %12s %14s %12s %16s\n" "$r" "$db" "$one" "$two" \
    "$(awk -v a="$one" -v b="$db" 'BEGIN {printf "%.2f", a / b}')" \
    "$(awk -v a="$two" -v b="$one" 'BEGIN {printf "%.2f", a / b}')" "$old"
done
echo "(book/cancel transactions per second on PostgreSQL, $wclients clients: pgbench -M prepared -c $wclients;"
echo " wrk -t$wclients -c$wclients on one serve (pool $wclients), -t$((wclients / 2)) -c$((wclients / 2)) on each of two (pool $((wclients / 2)) each),"
echo " --max-executions-per-ip 0; pgbench+NOTIFY: the same with NOTIFY in each transaction;"
echo " ${secs}s per figure)"

# The same with the database on a core of its own (CPU 0) and the clients, and serve, on the
# other (CPU 1): the database gets the same CPU in both runs, so the ratio says how far serve
# keeps the database from its own rate rather than how much CPU serve takes from it.
# pin CPUS: the cluster (the postmaster, so every new backend, and the running processes) there.
pin() {
  local master
  master=$(head -1 "$tmp/pg/data/postmaster.pid")
  for pid in "$master" $(pgrep -P "$master"); do taskset -a -p -c "$1" "$pid" >/dev/null; done
}
if [ "$(nproc)" -ge 2 ]; then
  pin 0
  for name in w1 w2a w2b; do taskset -a -p -c 1 "$(cat "$tmp/$name.pid")" >/dev/null; done
  pinned=1
  echo
  echo "Database pinned to CPU 0; pgbench, wrk and serve to CPU 1:"
  printf "%-6s %10s %12s %14s\n" round pgbench "1 serve" "1 serve/pgb"
  for r in $(seq "$wrounds"); do
    pgbench_run; db=$rate; cpu_lines+=("$r pgbench/p $rate $cpu")
    serve_run "$wclients" w1; one=$rate; cpu_lines+=("$r 1-serve/p $rate $cpu")
    printf "%-6s %10s %12s %14s\n" "$r" "$db" "$one" "$(awk -v a="$one" -v b="$db" 'BEGIN {printf "%.2f", a / b}')"
  done
  pinned=
fi
echo
echo "CPU per transaction (microseconds; /proc ticks; /p: pinned); cores: CPU used per second of"
echo "the run, all parties (on $(nproc) cores, near $(nproc) means the rate is bound by CPU):"
printf "%-6s %-10s %10s %10s %10s %10s %6s\n" round run database generator serve total cores
for line in "${cpu_lines[@]}"; do
  read -r r run rate database generator serve <<<"$line"
  total=$((database + generator + serve))
  printf "%-6s %-10s %10s %10s %10s %10s %6s\n" "$r" "$run" "$database" "$generator" "$serve" "$total" \
    "$(awk -v t="$total" -v n="$rate" 'BEGIN {printf "%.2f", t * n / 1e6}')"
done
