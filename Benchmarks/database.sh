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
source "$here/lib/bookings.sh"
bench_workspace

# A private cluster, as the tests use (Benchmarks/lib/postgres.sh).
start_postgres "$tmp/pg"
port=$pg_port
url=$(create_database bench)
writes_url=$(create_database writes)

start_serve sqlite --data-dir "$tmp/sqlite-data"
start_serve pg1 --database "$url"
start_serve pg2 --database "$url"
# For the comparison with pgbench: as many database connections as clients, in one serve or two.
wclients=${WRITE_CLIENTS:-8} wrounds=${WRITE_ROUNDS:-3}
# The clients all come from 127.0.0.1, so no per-address execution cap (by default one address
# runs as many executions at once as there are cores).
start_serve w1 --database "$writes_url" --database-pool "$wclients" --max-executions-per-ip 0
start_serve w2a --database "$writes_url" --database-pool $((wclients / 2)) --max-executions-per-ip 0
start_serve w2b --database "$writes_url" --database-pool $((wclients / 2)) --max-executions-per-ip 0

# Two users per setup (one per wrk thread), logged in once.
sqlite_tokens=$(login_tokens sqlite "$(cat "$tmp/sqlite.url")")
pg_tokens=$(login_tokens pg "$(cat "$tmp/pg1.url")")

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
write_tokens=($(login_tokens w "$(cat "$tmp/w1.url")" "$wclients"))
bookcancel_scripts "$port" writes
# Each figure also says where the CPU went, in microseconds per transaction (ticks from /proc,
# so they hold on a loaded machine): the database's processes, the load generator (pgbench or
# wrk), and serve. On a machine whose cores are all busy, the rates' ratio is the ratio of these
# sums; that tells how far below the database's own rate serve's own CPU alone keeps it.
# (pgbench_run, serve_run: Benchmarks/lib/bookings.sh.)
echo
printf "%-6s %10s %12s %12s %14s %12s %16s\n" round pgbench "1 serve" "2 serve" "1 serve/pgb" "2 serve/1" \
  "pgbench+NOTIFY"
cpu_lines=()
for r in $(seq "$wrounds"); do
  pgbench_run "$port" writes "$wclients"; db=$rate; cpu_lines+=("$r pgbench $rate $cpu")
  serve_run "$wclients" w1; one=$rate; cpu_lines+=("$r 1-serve $rate $cpu")
  serve_run $((wclients / 2)) w2a w2b; two=$rate; cpu_lines+=("$r 2-serve $rate $cpu")
  pgbench_run "$port" writes "$wclients" bookcancel-notify; old=$rate
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
    pgbench_run "$port" writes "$wclients"; db=$rate; cpu_lines+=("$r pgbench/p $rate $cpu")
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
