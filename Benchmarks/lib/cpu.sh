# Sourced by benchmarks that say where the CPU goes: clock ticks (1/100 s on Linux) read from
# /proc, so the figures hold on a loaded machine too (they count CPU used, not time waited).
# ticks PID...: user + system ticks of the processes, with their waited-for children's.
ticks() {
  local total=0 pid fields
  for pid in "$@"; do
    # Fields after the command name (which may hold spaces) start at field 3: state.
    fields=$(sed 's/^.*) //' "/proc/$pid/stat" 2>/dev/null) || continue
    total=$((total + $(awk '{print $12 + $13 + $14 + $15}' <<<"$fields")))
  done
  echo "$total"
}
# postgres_ticks DATADIR: the cluster's ticks: the postmaster with every backend it reaped, and
# the processes running now (background workers and live connections).
postgres_ticks() {
  local master
  master=$(head -1 "$1/postmaster.pid")
  ticks "$master" $(pgrep -P "$master")
}
# per_transaction TICKS COUNT: microseconds of CPU per transaction.
per_transaction() { awk -v t="$1" -v n="$2" 'BEGIN {printf "%.0f", (n > 0 ? t * 10000 / n : 0)}'; }
