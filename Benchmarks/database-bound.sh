#!/usr/bin/env bash
# What bounds book/cancel on one PostgreSQL, and so whether a second `serve` adds to the rate:
# pgbench (the same transactions, -M prepared), one `serve` and two `serve` splitting the same
# clients, alternated (A B C A B C), at several client counts and under several server settings:
#   commit    initdb's defaults: each commit waits for its WAL flush (synchronous_commit on)
#   async     synchronous_commit off: a probe of what the flush costs, not a setting to run with
#             (a crash of the database loses the last commits)
#   delay     commit_delay (BOUND_DELAY µs, commit_siblings 2): group commit, durable as `commit`
#   nonotify  `commit` with serve's NOTIFY made a no-op function (search_path puts a stub
#             pg_notify before pg_catalog's): a probe of what the wake-up path costs
# For each run: transactions per second; the latency a client saw (clients / rate); the CPU
# each party used per transaction and the cores kept busy (lib/cpu.sh); WAL flushes (pg_stat_wal:
# fsyncs a second, commits per fsync, time per fsync); the statements' execution time per
# transaction (pg_stat_statements: excludes the commit's flush); and what the client backends
# were doing, sampled from pg_stat_activity every 40 ms: on CPU, waiting for their client
# (ClientRead), for the WAL flush (IO:WALSync and LWLock:WALWrite), or for anything else.
# Usage: Benchmarks/database-bound.sh BIN (needs wrk and Debian's postgresql; make bench-deps)
# BOUND_CLIENTS (default "8 32"), BOUND_VARIANTS (default "commit async delay nonotify"),
# BOUND_ROUNDS (default 2), SECONDS_PER_ROUND (default 3), BOUND_DELAY (default 1000).
set -euo pipefail
bin=$1
here=$(cd "$(dirname "$0")" && pwd)
secs=${SECONDS_PER_ROUND:-3} rounds=${BOUND_ROUNDS:-2} delay=${BOUND_DELAY:-1000}
client_counts=${BOUND_CLIENTS:-8 32} variants=${BOUND_VARIANTS:-commit async delay nonotify}
source "$here/lib/postgres.sh"
source "$here/lib/cpu.sh"
source "$here/lib/bookings.sh"
bench_workspace

start_postgres "$tmp/pg" max_connections=200 shared_preload_libraries=pg_stat_statements \
  track_wal_io_timing=on
port=$pg_port
url=$(create_database writes)
sql() { "$pgbin/psql" -h 127.0.0.1 -p "$port" -U postgres -d writes -v ON_ERROR_STOP=1 -Atqc "$1"; }
sql "CREATE EXTENSION pg_stat_statements"
most=0
for c in $client_counts; do [ "$c" -gt "$most" ] && most=$c; done
# Pools as large as the most clients (connections are opened as needed); logins unlimited, since
# every user logs in from 127.0.0.1 at once.
start_serve w1 --database "$url" --database-pool "$most" --max-executions-per-ip 0 --login-rate 0
start_serve w2a --database "$url" --database-pool $((most / 2)) --max-executions-per-ip 0 --login-rate 0
start_serve w2b --database "$url" --database-pool $((most / 2)) --max-executions-per-ip 0 --login-rate 0
write_tokens=($(login_tokens w "$(cat "$tmp/w1.url")" "$most"))
bookcancel_scripts "$port" writes
# The wake-up probe's stub: what `SELECT pg_notify($1, '')` finds first once search_path says so.
sql "CREATE FUNCTION public.pg_notify(text, text) RETURNS void LANGUAGE sql AS ''"

# configure VARIANT: the variant's server settings, applied with a reload. search_path is read by
# new connections: the announcers' connections (the ones that ran pg_notify) are ended, and each
# announcer opens a new one at once; the pools' connections keep the default search_path.
configure() {
  sql "ALTER SYSTEM RESET ALL"
  case $1 in
    async) sql "ALTER SYSTEM SET synchronous_commit = off" ;;
    delay) sql "ALTER SYSTEM SET commit_delay = $delay"; sql "ALTER SYSTEM SET commit_siblings = 2" ;;
  esac
  if [ "$1" = nonotify ]; then
    sql "ALTER DATABASE writes SET search_path = public, pg_catalog"
  else
    sql "ALTER DATABASE writes RESET search_path"
  fi
  sql "SELECT pg_reload_conf()" >/dev/null
  sql "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE datname = 'writes'
    AND query LIKE '%pg_notify%' AND pid <> pg_backend_pid()" >/dev/null
}

# The sampler: one psql session, one statement per sample (so no long transaction holds back
# vacuum or the delivery horizon), naming what each client backend inside a transaction does.
for _ in $(seq $((secs * 40))); do
  cat <<'SQL'
SELECT CASE WHEN state = 'idle in transaction' THEN 'between' WHEN wait_event IS NULL THEN 'cpu'
  WHEN wait_event IN ('WALSync', 'WALWrite') THEN 'flush' ELSE wait_event_type || ':' || wait_event END
  FROM pg_stat_activity WHERE backend_type = 'client backend' AND datname = 'writes'
  AND pid <> pg_backend_pid() AND state IN ('active', 'idle in transaction');
SELECT 'sample' FROM pg_sleep(0.04);
SQL
done >"$tmp/sample.sql"
sampler=
sample() {
  case $1 in
    start)
      "$pgbin/psql" -h 127.0.0.1 -p "$port" -U postgres -d writes -Atq -f "$tmp/sample.sql" \
        >"$tmp/samples" 2>/dev/null &
      sampler=$! ;;
    stop) kill "$sampler" 2>/dev/null; wait "$sampler" 2>/dev/null || true ;;
  esac
}
run_hook=sample

# measure CLIENTS LABEL COMMAND...: the run with its WAL, statement and wait figures; prints a row.
measure() {
  local clients=$1 label=$2 before after
  shift 2
  sql "SELECT pg_stat_statements_reset()" >/dev/null
  before=$(sql "SELECT wal_sync || ' ' || wal_sync_time FROM pg_stat_wal")
  "$@"
  sleep 1 # backends report their statistics within a second of going idle
  after=$(sql "SELECT wal_sync || ' ' || wal_sync_time FROM pg_stat_wal")
  local exec_ms
  exec_ms=$(sql "SELECT coalesce(sum(total_exec_time), 0) FROM pg_stat_statements
    WHERE query NOT LIKE '%pg_stat_activity%' AND query NOT LIKE '%pg_sleep%'")
  read -r db gen srv <<<"$cpu"
  # µs per transaction in each state = backends in it per sample / rate (Little's law).
  awk -v label="$label" -v c="$clients" -v rate="$rate" -v n="$count" -v secs="$secs" \
    -v before="$before" -v after="$after" -v exec_ms="$exec_ms" -v db="$db" -v gen="$gen" -v srv="$srv" \
    -v load="$(cut -d' ' -f1 /proc/loadavg)" '
    $0 == "sample" { samples++; next } { state[$0]++ }
    END {
      split(before, b, " "); split(after, a, " ")
      syncs = a[1] - b[1]
      us = (samples > 0 && rate > 0) ? 1e6 / samples / rate : 0
      other = 0
      for (s in state) if (s != "cpu" && s != "flush" && s != "between") other += state[s]
      printf "%-9s %4d %7d %6.2f %7.0f %5.1f %5.2f %6.0f %6.0f %6.0f %6.0f %6.0f %5d %5d %5d %5.2f %5.1f\n",
        label, c, rate, c / rate * 1000, syncs / secs, (syncs > 0 ? n / syncs : 0),
        (syncs > 0 ? (a[2] - b[2]) / syncs : 0), (n > 0 ? exec_ms * 1000 / n : 0),
        state["cpu"] * us, state["flush"] * us, state["between"] * us, other * us,
        db, gen, srv, (db + gen + srv) * rate / 1e6, load
      for (s in state) if (s != "cpu" && s != "flush" && s != "between" && state[s] * us >= 20)
        waits = waits sprintf(" %s %.0f", s, state[s] * us)
      if (waits != "") print "          other waits (µs/transaction):" waits
    }' "$tmp/samples"
}

echo "Book/cancel on one PostgreSQL: what bounds it (${secs}s per run, $(nproc) cores shared)"
printf "%-9s %4s %7s %6s %7s %5s %5s %6s %6s %6s %6s %6s %5s %5s %5s %5s %5s\n" run clients tx/s \
  lat-ms fsync/s tx/fs ms/fs exec cpu flush betw wait db-cpu gen serve cores load
for r in $(seq "$rounds"); do
  for variant in $variants; do
    configure "$variant"
    echo "== round $r, $variant"
    for c in $client_counts; do
      measure "$c" pgbench pgbench_run "$port" writes "$c"
      measure "$c" 1-serve serve_run "$c" w1
      measure "$c" 2-serve serve_run $((c / 2)) w2a w2b
    done
  done
done
configure commit
cat <<TEXT
(tx/s: transactions a second (pgbench: each script run is two; serve: each request is one);
 lat-ms: clients / tx/s; fsync/s, tx/fs, ms/fs: WAL flushes a second, transactions per flush, and
 milliseconds per flush (pg_stat_wal); then microseconds per transaction: exec, the statements'
 execution (pg_stat_statements); cpu, flush, betw, wait: client backends running (or waiting for
 a core), waiting for the WAL flush, idle inside a transaction (pgbench between statements), or
 waiting for anything else (sampled from pg_stat_activity every 40 ms); db-cpu, gen, serve: CPU
 of the database, the load generator and serve (/proc); cores: CPU used per second by all three;
 load: the machine's 1-minute load average, others' work included)
TEXT
