# Sourced by the PostgreSQL booking benchmarks (database.sh, database-bound.sh): serve instances,
# logged-in users, and timed book/cancel runs of pgbench or of wrk against serve, each with the CPU
# every party used. The caller sets bin and here, calls bench_workspace (tmp, pids), has sourced lib/postgres.sh
# (pgbin, started under $tmp/pg) and lib/cpu.sh, and sets pinned=1 to run the clients on CPU 1;
# a command in run_hook is called with `start` just before the load and `stop` as it ends.

# bench_workspace: checks for wrk, makes $tmp (readable by the postgres user) and the array pids,
# and on exit stops every process in pids and the cluster under $tmp/pg and removes $tmp.
bench_workspace() {
  command -v wrk >/dev/null || { echo "missing wrk (make bench-deps)"; exit 2; }
  tmp=$(mktemp -d)
  chmod 755 "$tmp"
  pids=()
  trap bench_cleanup EXIT
}
bench_cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  stop_postgres "$tmp/pg"
  rm -rf "$tmp"
}

# start_serve NAME ARGS...: a serve on a free port; its URL in $tmp/NAME.url, its pid in $tmp/NAME.pid.
start_serve() {
  local name=$1; shift
  XDG_STATE_HOME=$tmp/$name XDG_CONFIG_HOME=$tmp/$name \
    "$bin" serve --host 127.0.0.1 --port 0 "$@" >"$tmp/$name.out" 2>/dev/null & pids+=($!)
  echo $! >"$tmp/$name.pid"
  for _ in $(seq 100); do grep -q listening "$tmp/$name.out" 2>/dev/null && break; sleep 0.1; done
  sed -n 's/^listening on //p' "$tmp/$name.out" >"$tmp/$name.url"
  [ -s "$tmp/$name.url" ] || { echo "serve $name did not start"; exit 1; }
}

# login_tokens SETUP URL [COUNT]: COUNT (default 2) new users' tokens, space-separated.
login_tokens() {
  for user in $(seq "${3:-2}"); do
    printf '%s ' "$(curl -sf -X POST -H 'content-type: application/json' \
      -d "{\"query\":\"mutation { login(email: \\\"bench$user-$1@example.com\\\") { token } }\"}" "$2" \
      | sed 's/.*"token":"\([^"]*\)".*/\1/')"
  done
}

# bookcancel_scripts PORT DB: pgbench's scripts of the transactions serve runs (a trip inserted or
# deleted and its event appended), as $tmp/bookcancel.sql, and with NOTIFY in each transaction as
# $tmp/bookcancel-notify.sql (what serve avoids: a notifying commit holds a cluster-wide lock); client i is the i-th user logged in (write_uids: the id before).
bookcancel_scripts() {
  write_uids=$("$pgbin/psql" -h 127.0.0.1 -p "$1" -U postgres -d "$2" -Atc "SELECT min(id) - 1 FROM users")
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
  sed 's/^COMMIT;/SELECT pg_notify($$rocket_trips_booked$$, $$$$);\nCOMMIT;/' "$tmp/bookcancel.sql" \
    >"$tmp/bookcancel-notify.sql"
}

# pgbench_run PORT DB CLIENTS [SCRIPT]: pgbench -M prepared for $secs seconds; sets rate
# (transactions per second, two per script run), count (transactions) and cpu ("database
# generator serve" microseconds per transaction, from /proc ticks: they hold on a loaded machine).
pgbench_run() {
  local before after
  before=$(postgres_ticks "$tmp/pg/data")
  ${run_hook:-:} start
  ${pinned:+taskset -c 1} /usr/bin/time -f '%U %S' -o "$tmp/pgbench.time" \
    "$pgbin/pgbench" -n -M prepared -c "$3" -j 2 -T "$secs" -D uidbase="$write_uids" \
    -f "$tmp/${4:-bookcancel}.sql" -h 127.0.0.1 -p "$1" -U postgres "$2" >"$tmp/pgbench.out" 2>/dev/null
  ${run_hook:-:} stop
  sleep 0.2 # the backends exit and are reaped after pgbench disconnects
  after=$(postgres_ticks "$tmp/pg/data")
  rate=$(awk '/^tps = / {printf "%.0f", $3 * 2}' "$tmp/pgbench.out")
  count=$(awk '/^number of transactions actually processed/ {print $NF * 2}' "$tmp/pgbench.out")
  count=${count%%/*}
  cpu="$(per_transaction $((after - before)) "$count") \
$(awk -v n="$count" '{printf "%.0f", (n > 0 ? ($1 + $2) * 1e6 / n : 0)}' "$tmp/pgbench.time") 0"
}

# serve_run PER NAME...: wrk with PER one-connection threads per serve NAME for $secs seconds, the
# tokens of write_tokens (an array) dealt out, every answer checked; sets rate, count and cpu as
# pgbench_run does.
serve_run() {
  local per=$1; shift
  local i=0 runs=() pg_before serve_before pg_after serve_after serve_pids=() total=0 wrk_cpu=0
  count=0
  for name in "$@"; do serve_pids+=("$(cat "$tmp/$name.pid")"); done
  pg_before=$(postgres_ticks "$tmp/pg/data")
  serve_before=$(ticks "${serve_pids[@]}")
  ${run_hook:-:} start
  for name in "$@"; do
    MODE=write TOKENS="${write_tokens[*]:$((i * per)):$per}" ${pinned:+taskset -c 1} \
      /usr/bin/time -f '%U %S' -o "$tmp/wwrk$i.time" \
      wrk -t"$per" -c"$per" -d"${secs}s" -s "$here/database.lua" "$(cat "$tmp/$name.url")" >"$tmp/wwrk$i" &
    runs+=($!)
    i=$((i + 1))
  done
  for run in "${runs[@]}"; do wait "$run"; done
  ${run_hook:-:} stop
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
