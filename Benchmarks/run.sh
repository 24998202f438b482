#!/usr/bin/env bash
# `make bench`: every benchmark of the project, side by side with the project's own reference
# programs in Benchmarks/reference/ where one exists. Figures go to docs/performance.md by hand,
# with the date.
#
# Usage: Benchmarks/run.sh [all|engine|gqlparser|completion|cli|client|cache|serve|persisted|fairness|database|defer|probes|subscriptions|websocket|fanout]   (default all)
# BEFORE: an older rocket-reserver binary the client and serve benchmarks also measure, side by side.
# ENGINE_ROUNDS: how many A B rounds of the engine benchmark to run (default 3).
# ENGINE_BEFORE: an older engine-benchmark binary the engine part also runs in every round (A B C),
# so before and after are compared with graphql-js under the same load.
# ENGINE_PAIRS: after the rounds, N alternating short pairs (ours, graphql-js; 0.5 s rounds) per
# stage, and the median of the pairs' ratios: steadier than best-of-rounds on a machine whose
# speed swings by a third from minute to minute (default 0: none).
# GQLPARSER_ROUNDS, GQLPARSER_SECONDS, GQLPARSER_PAIRS: the same for the gqlparser (Go) comparison
# of parse and validate on every benchmark document (defaults 2 rounds of 0.5 s, 5 pairs of 0.25 s).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
bench=$root/Benchmarks/reference
reference=$bench/engine-reference.js
if ! command -v node >/dev/null || [ ! -f /usr/share/nodejs/graphql/index.js ]; then
  echo "error: node and Debian's node-graphql are needed (make bench-deps installs them)" >&2
  exit 1
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export XDG_CONFIG_HOME=$tmp/config XDG_DATA_HOME=$tmp/data XDG_STATE_HOME=$tmp/state XDG_CACHE_HOME=$tmp/cache

part=${1:-all}
# The binary `make release` builds (static Swift runtime, stripped); ROCKET_RESERVER_BIN overrides.
bin=${ROCKET_RESERVER_BIN:-$(swift build -c release --show-bin-path)/rocket-reserver}
export ROCKET_RESERVER_BIN=$bin

if [ "$part" = all ] || [ "$part" = cli ]; then
  echo "== the command-line program (targets: one-shot launches <= 50 ms median, idle shell <= 30 MB)"
  bash Benchmarks/cli.sh "$bin"
  echo
  echo "== start-up of one-shot commands against git --version (targets: --version <= 2.5x git, launch 5 <= 5x, binary <= 40 MB)"
  bash Benchmarks/startup.sh "$bin" ${BEFORE:+"$BEFORE"}
fi

if [ "$part" = all ] || [ "$part" = client ]; then
  echo
  echo "== the client's HTTP layer (target: at most 0.01 CPU seconds per second of waiting)"
  bash Benchmarks/client.sh "$bin"
fi

if [ "$part" = all ] || [ "$part" = cache ]; then
  echo
  echo "== the normalized cache (targets: cache-first launch 42 <= 15 ms median, normalizing 100 launches <= 1 ms)"
  bash Benchmarks/cache.sh "$bin"
fi

if [ "$part" = all ] || [ "$part" = serve ]; then
  # Throughput and latency of `serve` against the graphql-js reference server under wrk, then memory
  # over a long run (RSS after ~100k requests within 10% of RSS after ~10k).
  echo
  echo "== serve vs the graphql-js reference server (wrk, 8 connections, loopback)"
  bash "$bench/compare-serve.sh" "$root"
  echo
  echo "== serve vs its ceiling: graphql-js and nginx sending the same bytes statically (wrk, A B A B;"
  echo "   targets: >= 15% of nginx, p99 <= 2 ms at 8 connections); instructions per request (callgrind)"
  bash Benchmarks/serve-ceiling.sh "$bin" ${BEFORE:+"$BEFORE"}
  echo
  echo "== what metrics cost serve: LaunchList with metrics on and --no-metrics (wrk, A B A B; target:"
  echo "   within 3%); instructions per request (callgrind)"
  bash Benchmarks/serve-metrics.sh "$bin"
  echo
  echo "== serve memory over a long run"
  bash Benchmarks/serve-memory.sh "$bin" "$bench"
  echo
  echo "== bytes on the wire for a 100-launch page, without and with gzip"
  bash Benchmarks/wire-bytes.sh "$bin"
  echo
  echo "== what gzip costs serve: LaunchList and a 100-launch page with and without Accept-Encoding: gzip"
  echo "   (wrk, A B A B); instructions per LaunchList request (callgrind)"
  bash Benchmarks/serve-gzip.sh "$bin"
fi

if [ "$part" = all ] || [ "$part" = persisted ]; then
  echo
  echo "== persisted queries: request bytes of LaunchList with and without APQ, serve's req/s for the"
  echo "   persisted GET against a POST of the text (wrk, A B A B)"
  bash Benchmarks/persisted.sh "$bin"
fi

if [ "$part" = all ] || [ "$part" = fairness ]; then
  # serve under attack from 127.0.0.1, measured by a normal client at 127.0.0.2 (targets: normal
  # query p99 <= 50 ms during a 1,100-connection slowloris storm and with 24 slow readers;
  # bounded RSS). A B A B: the defaults, then with the per-address budget off; the readers with
  # the largest answer the default cost limit lets through, then with 3.8 MB answers (cost
  # 180 400, so --max-cost 200000) with and without the per-address execution cap; both at once.
  echo
  echo "== serve under attack (Benchmarks/serve-fairness.py, STORM_SECONDS=${STORM_SECONDS:-25} each)"
  for round in 1 2; do
    python3 Benchmarks/serve-fairness.py "$bin" slowloris
    python3 Benchmarks/serve-fairness.py "$bin" slowloris --max-connections-per-ip 0
  done
  python3 Benchmarks/serve-fairness.py "$bin" readers
  for round in 1 2; do
    READER_ALIASES=200 python3 Benchmarks/serve-fairness.py "$bin" readers --max-cost 200000
    READER_ALIASES=200 python3 Benchmarks/serve-fairness.py "$bin" readers --max-cost 200000 --max-executions-per-ip 0
  done
  python3 Benchmarks/serve-fairness.py "$bin" both
  # A login flood from one address (15 s, 4 connections): the sessions it leaves with the default
  # --login-rate (at most 10 + 15) and without one; other clients' latency (target p99 <= 50 ms).
  for round in 1 2; do
    python3 Benchmarks/login-flood.py "$bin" 15 4
    python3 Benchmarks/login-flood.py "$bin" 15 4 -- --login-rate 0
  done
fi

if [ "$part" = all ] || [ "$part" = subscriptions ]; then
  # 1,000 WebSocket subscribers on one serve (commit -> last `next`, p99 <= 100 ms; RSS
  # <= 100 MB), and idle `watch` processes (<= 0.1 CPU s per 60 s; IDLE_SECONDS shortens it).
  echo
  echo "== subscriptions (Benchmarks/subscriptions.py)"
  /usr/bin/python3 Benchmarks/subscriptions.py "$bin"
fi

if [ "$part" = all ] || [ "$part" = websocket ]; then
  # WebSocket round trips on loopback (init -> ack, ping -> pong, subscribe -> next; medians
  # < 2 ms) and 2,000 WebSockets opened and acknowledged one after another (< 5 s); BEFORE too.
  echo
  echo "== WebSocket round trips and opening 2,000 WebSockets (Benchmarks/websocket-latency.py)"
  /usr/bin/python3 Benchmarks/websocket-latency.py "$bin" ${BEFORE:+"$BEFORE"}
  echo
  echo "== Python gql 4.4's multipart subscription: commit -> its result (target: each <= 50 ms)"
  /usr/bin/python3 Benchmarks/multipart-latency.py "$bin"
fi

if [ "$part" = all ] || [ "$part" = fanout ]; then
  # 10,000 subscribers on one serve over the four transports, events at 50/s: commit -> delivery
  # p50/p99 (target p99 <= 100 ms) and serve's RSS (<= 200 MB). SUBSCRIBERS, RATE, SECONDS.
  echo
  echo "== fan-out: 10,000 subscribers over four transports, 50 events/s (Benchmarks/fanout.py)"
  /usr/bin/python3 Benchmarks/fanout.py "$bin"
fi

if [ "$part" = all ] || [ "$part" = completion ]; then
  # The shell's Tab in a GraphQL document: the completion engine with the cursor at every offset
  # of Operations/LaunchList.graphql (target: at most 2 ms per Tab).
  echo
  echo "== completion on LaunchList.graphql, microseconds per Tab: mean (best of 5 sweeps), slowest"
  swift build -c release --product engine-benchmark >/dev/null
  ENGINE_STAGES=completion "$(swift build -c release --show-bin-path)/engine-benchmark" "$root"
fi

if [ "$part" = all ] || [ "$part" = database ]; then
  echo
  echo "== serve on SQLite, on PostgreSQL, and two serve on one PostgreSQL (wrk, loopback)"
  bash Benchmarks/database.sh "$bin"
  echo
  echo "== book/cancel on one PostgreSQL: WAL flushes, waits and CPU per transaction, 8 and 32 clients"
  bash Benchmarks/database-bound.sh "$bin"
fi

if [ "$part" = all ] || [ "$part" = defer ]; then
  # What @defer buys on PostgreSQL: the catalog part first, `me { trips }` after.
  echo
  echo "== @defer on PostgreSQL: time to the first and last part, against the same query whole (A B A B)"
  bash Benchmarks/defer.sh "$bin"
fi

if [ "$part" = all ] || [ "$part" = probes ]; then
  # Validation of the probe documents (Sources/Tools/EngineProbes/ProbeDocuments.swift), ours then
  # graphql-js's on the same files: CPU milliseconds, best of 5 (graphql-js: once when over 2 s, as
  # some take minutes). Each graphql-js probe runs in a node process of its own, stopped after
  # PROBE_TIMEOUT seconds of wall-clock time (default 60) and then shown as "> N s";
  # PROBES=name,name limits its side to some probes.
  echo
  echo "== validation of the probe documents, CPU ms (target: ours <= 50 ms each)"
  swift build -c release --product engine-benchmark >/dev/null
  "$(swift build -c release --show-bin-path)/engine-benchmark" --probes "$tmp/probes" "$root" | sed 's/^/ours /' | tee "$tmp/probes.txt"
  probe_timeout=${PROBE_TIMEOUT:-60}
  for file in "$tmp/probes"/*.graphql; do
    name=$(basename "$file" .graphql)
    if [ -n "${PROBES:-}" ] && [[ ",$PROBES," != *",$name,"* ]]; then continue; fi
    if ! line=$(PROBES=$name timeout "$probe_timeout" node "$bench/validate-probes.js" "$tmp/probes" "$root" 5); then
      line="$name $(wc -c <"$file") >$((probe_timeout * 1000)) ?"
    fi
    echo "graphql-js $line" | tee -a "$tmp/probes.txt"
  done
  awk '{ ms[$1 " " $2] = $4; bytes[$2] = $3; if (!($2 in seen)) { seen[$2] = 1; order[++n] = $2 } }
    END {
      printf "%-30s %7s %12s %15s %9s\n", "probe", "bytes", "ours (ms)", "graphql-js (ms)", "ratio"
      for (i = 1; i <= n; i++) { p = order[i]; o = ms["ours " p]; r = ms["graphql-js " p]
        if (r == "") { printf "%-30s %7d %12.2f %15s\n", p, bytes[p], o, "-"; continue }
        if (substr(r, 1, 1) == ">") {
          printf "%-30s %7d %12.2f %15s %8s\n", p, bytes[p], o, "> " substr(r, 2) / 1000 " s", "> " int(substr(r, 2) / o) "x"
          continue
        }
        printf "%-30s %7d %12.2f %15.2f %8.0fx\n", p, bytes[p], o, r, (o > 0 ? r / o : 0) }
    }' "$tmp/probes.txt"
fi

if [ "$part" = all ] || [ "$part" = gqlparser ]; then
  # Parse and validate against gqlparser 2.5.1 (Go; gqlgen's parser and validator), built by
  # `make bench-deps` from Benchmarks/reference/gopath: the LaunchList-shaped query of the engine
  # stages, then each document of Operations/ (stage/NAME). Rounds alternate ours and Go's, each
  # side keeps its best figure per stage; then alternating pairs per stage, median ratio.
  peer=$root/.build/gqlparser-peer
  if [ ! -x "$peer" ]; then
    echo "error: $peer is missing (make bench-deps builds it)" >&2
    exit 1
  fi
  echo
  echo "== parse and validate vs gqlparser 2.5.1 (Go), ops/s (targets: validate >= 1.0x, parse >= 3x)"
  swift build -c release --product engine-benchmark >/dev/null
  engine=$(swift build -c release --show-bin-path)/engine-benchmark
  "$engine" --documents "$tmp/documents" "$root"
  seconds=${GQLPARSER_SECONDS:-0.5}
  stages="parse,validate,documents"
  : >"$tmp/gqlparser.txt"
  for round in $(seq 1 "${GQLPARSER_ROUNDS:-2}"); do
    echo "round $round: ours, then gqlparser"
    ENGINE_STAGES=$stages "$engine" "$root" "$seconds" 2>/dev/null | sed 's/^/ours /' >>"$tmp/gqlparser.txt"
    ENGINE_STAGES=$stages "$peer" "$root" "$tmp/documents" "$seconds" 2>/dev/null | sed 's/^/gqlparser /' >>"$tmp/gqlparser.txt"
  done
  awk '{ if ($3 > best[$1 " " $2]) best[$1 " " $2] = $3; if (!($2 in seen)) { seen[$2] = 1; order[++n] = $2 } }
    END {
      printf "%-26s %10s %10s %7s\n", "stage (best of rounds)", "ours", "gqlparser", "ratio"
      for (i = 1; i <= n; i++) { s = order[i]; o = best["ours " s]; g = best["gqlparser " s]
        printf "%-26s %10d %10d %6.2fx\n", s, o, g, (g > 0 ? o / g : 0) }
    }' "$tmp/gqlparser.txt"
  pairs=${GQLPARSER_PAIRS:-5}
  if [ "$pairs" -gt 0 ]; then
    echo
    echo "== alternating pairs, $pairs per stage (0.25 s rounds): ours / gqlparser, median and range"
    for stage in $(awk '$1 == "ours" { print $2 }' "$tmp/gqlparser.txt" | awk '!seen[$0]++'); do
      : >"$tmp/pairs"
      for _ in $(seq "$pairs"); do
        ours=$(ENGINE_STAGES=$stage "$engine" "$root" 0.25 2>/dev/null | awk -v s="$stage" '$1 == s { print $2 }')
        ref=$(ENGINE_STAGES=$stage "$peer" "$root" "$tmp/documents" 0.25 2>/dev/null | awk -v s="$stage" '$1 == s { print $2 }')
        awk -v o="$ours" -v r="$ref" 'BEGIN { printf "%.3f\n", o / r }' >>"$tmp/pairs"
      done
      sort -n "$tmp/pairs" | awk -v s="$stage" '{ r[NR] = $1 } END {
        m = NR % 2 ? r[(NR + 1) / 2] : (r[NR / 2] + r[NR / 2 + 1]) / 2
        printf "%-26s median %.2fx (%.2f-%.2fx over %d pairs)\n", s, m, r[1], r[NR], NR }'
    done
  fi
fi

[ "$part" = all ] || [ "$part" = engine ] || exit 0

# The engine stages, ours and graphql-js's, alternated (A B A B) so both see the same machine load;
# each side keeps its best figure per stage.
echo
echo "== GraphQL engine: LaunchList-shaped query, ops/s (ours: Sources/Tools/engine-benchmark, graphql-js: $reference)"
swift build -c release --product engine-benchmark >/dev/null
engine=$(swift build -c release --show-bin-path)/engine-benchmark
for round in $(seq 1 "${ENGINE_ROUNDS:-3}"); do
  if [ -n "${ENGINE_BEFORE:-}" ]; then
    echo "round $round: before ($ENGINE_BEFORE)"
    "$ENGINE_BEFORE" "$root" | sed 's/^/before /' | tee -a "$tmp/engine.txt"
  fi
  echo "round $round: ours"
  "$engine" "$root" | sed 's/^/ours /' | tee -a "$tmp/engine.txt"
  echo "round $round: graphql-js"
  node "$reference" "$root" | sed 's/^/graphql-js /' | tee -a "$tmp/engine.txt"
done
echo
awk -v before="${ENGINE_BEFORE:+1}" '
  { if ($3 > best[$1 " " $2]) best[$1 " " $2] = $3 }
  END {
    if (before) printf "%-16s %10s %7s ", "stage", "before", "ratio"; else printf "%-16s ", "stage"
    printf "%10s %12s %7s\n", "ours", "graphql-js", "ratio"
    n = split("parse validate execute pipeline pipeline-cached", stages, " ")
    for (i = 1; i <= n; i++) {
      s = stages[i]; ours = best["ours " s]
      # graphql-js has no document cache: the cached pipeline is compared with its plain pipeline.
      ref = best["graphql-js " (s == "pipeline-cached" ? "pipeline" : s)]
      if (before) {
        old = best["before " s]
        printf "%-16s %10d %6.2fx ", s, old, (ref > 0 ? old / ref : 0)
      } else printf "%-16s ", s
      printf "%10d %12d %6.2fx\n", ours, ref, (ref > 0 ? ours / ref : 0)
    }
  }' "$tmp/engine.txt"

# Alternating pairs: each pair runs both sides back to back, so both see about the same machine;
# the median ratio of N pairs is what the stage's ratio is, whatever the load did meanwhile.
if [ "${ENGINE_PAIRS:-0}" -gt 0 ]; then
  echo
  echo "== alternating pairs, ${ENGINE_PAIRS} per stage (0.5 s rounds): ours / graphql-js, median and range"
  for stage in parse validate execute pipeline; do
    : >"$tmp/pairs"
    for _ in $(seq "$ENGINE_PAIRS"); do
      ours=$(ENGINE_STAGES=$stage "$engine" "$root" 0.5 2>/dev/null | awk -v s="$stage" '$1 == s { print $2 }')
      ref=$(ENGINE_STAGES=$stage node "$reference" "$root" 0.5 | awk -v s="$stage" '$1 == s { print $2 }')
      awk -v o="$ours" -v r="$ref" 'BEGIN { printf "%.3f\n", o / r }' >>"$tmp/pairs"
    done
    sort -n "$tmp/pairs" | awk -v s="$stage" '{ r[NR] = $1 } END {
      m = NR % 2 ? r[(NR + 1) / 2] : (r[NR / 2] + r[NR / 2 + 1]) / 2
      printf "%-10s median %.2fx (%.2f-%.2fx over %d pairs)\n", s, m, r[1], r[NR], NR }'
  done
fi
