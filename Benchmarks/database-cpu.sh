#!/usr/bin/env bash
# What one booking costs `serve` itself on PostgreSQL, before and after a change: two binaries (or
# one) side by side on one private cluster, alternated (A B pgbench A B pgbench ...):
#   CPU   serve's user + system ticks (/proc) over a wrk run of WRITE_CLIENTS clients booking and
#         cancelling, per request, with the database's CPU per request beside it: these hold on
#         a loaded machine (they count CPU used, not time waited)
#   rate  each binary's requests per second over pgbench -M prepared's in the same round (noisy
#         on a shared machine: compare ratios of alternated runs, not rates)
# (Instruction counts are not taken: valgrind 3.19 stops with an internal SIGSEGV in `serve`.)
# Usage: Benchmarks/database-cpu.sh BIN [BEFORE]   (needs wrk and Debian's postgresql)
# ROUNDS (default 3), SECONDS_PER_ROUND (default 5), WRITE_CLIENTS (default 8);
# SERVE_OPTIONS: more options for every serve.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
binaries=("$@")
[ ${#binaries[@]} -ge 1 ] || { echo "usage: $0 BIN [BEFORE]" >&2; exit 2; }
rounds=${ROUNDS:-3} secs=${SECONDS_PER_ROUND:-5} wclients=${WRITE_CLIENTS:-8}
source "$here/lib/postgres.sh"
source "$here/lib/cpu.sh"
source "$here/lib/bookings.sh"
bench_workspace

start_postgres "$tmp/pg"
port=$pg_port
url=$(create_database writes)
names=()
for i in "${!binaries[@]}"; do
  bin=${binaries[$i]} start_serve "b$i" --database "$url" --database-pool "$wclients" \
    --max-executions-per-ip 0 --login-rate 0 ${SERVE_OPTIONS:-}
  names+=("b$i")
done
write_tokens=($(login_tokens w "$(cat "$tmp/b0.url")" "$wclients"))
bookcancel_scripts "$port" writes

printf "%-6s %-8s %10s %12s %12s %12s\n" round run "req/s" "/pgbench" "serve µs" "database µs"
for r in $(seq "$rounds"); do
  lines=()
  for name in "${names[@]}"; do
    serve_run "$wclients" "$name"
    read -r database _ serve <<<"$cpu"
    lines+=("$name $rate $serve $database")
  done
  pgbench_run "$port" writes "$wclients"
  read -r database _ _ <<<"$cpu"
  for line in "${lines[@]}"; do
    read -r name srate serve sdb <<<"$line"
    printf "%-6s %-8s %10s %12s %12s %12s\n" "$r" "$name" "$srate" \
      "$(awk -v a="$srate" -v b="$rate" 'BEGIN {printf "%.2f", a / b}')" "$serve" "$sdb"
  done
  printf "%-6s %-8s %10s %12s %12s %12s\n" "$r" pgbench "$rate" 1.00 - "$database"
done
echo "(b0: ${binaries[0]}${binaries[1]:+, b1: ${binaries[1]}}; wrk -t$wclients -c$wclients, pool $wclients,"
echo " ${secs}s per run; pgbench -M prepared -c $wclients; CPU per request from /proc ticks)"

