#!/usr/bin/env bash
# Instructions per call of engine stages, counted by callgrind: repeatable whatever else the machine
# is doing, so small changes can be compared where wall-clock rates are too noisy.
#
# Usage: Benchmarks/instructions.sh [STAGE ...]   (default: parse validate execute pipeline)
# CALLS: calls per measurement (default 1000). Runs N and 2N calls and reports (I(2N) - I(N)) / N,
# which cancels the set-up and warm-up cost.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "error: valgrind is needed (make bench-deps installs it)" >&2; exit 1; }
# ENGINE_BIN: another engine-benchmark binary to count (such as one built from an older commit).
if [ -z "${ENGINE_BIN:-}" ]; then
  swift build -c release --product engine-benchmark >/dev/null
fi
# Valgrind 3.19 gives up on the DWARF 5 the toolchain writes; symbols are all callgrind needs.
bin=$(mktemp)
trap 'rm -f "$bin"' EXIT
strip --strip-debug -o "$bin" "${ENGINE_BIN:-$(swift build -c release --show-bin-path)/engine-benchmark}"
calls=${CALLS:-1000}
count() {
  ENGINE_STAGES=$1 ENGINE_ITERATIONS=$2 valgrind --tool=callgrind --callgrind-out-file=/dev/null \
    "$bin" . 2>&1 | awk '/Collected/ { print $4 }'
}
for stage in "${@:-parse validate execute pipeline}"; do
  for s in $stage; do
    one=$(count "$s" "$calls")
    two=$(count "$s" $((2 * calls)))
    printf '%-16s %10d instructions/call\n' "$s" $(((two - one) / calls))
  done
done
