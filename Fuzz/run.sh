#!/usr/bin/env bash
# Builds and runs a libFuzzer target over the GraphQL module (see ../shared notes: fuzzing.md).
#
#   Fuzz/run.sh TARGET SECONDS      e.g. Fuzz/run.sh parser 600
#
# TARGET names Fuzz/<Target>Entry.swift (parser -> ParserEntry.swift). The seeds in
# Fuzz/corpus/TARGET/ are read but never written: new inputs go to .build/fuzz/TARGET/corpus,
# crashes to .build/fuzz/TARGET/. Exits non-zero if libFuzzer finds a crash.
set -euo pipefail

target="${1:?usage: Fuzz/run.sh TARGET SECONDS}"
seconds="${2:-60}"
root="$(cd "$(dirname "$0")/.." && pwd)"
entry="$root/Fuzz/${target^}Entry.swift"
[[ -f "$entry" ]] || { echo "no fuzz entry $entry" >&2; exit 2; }

work="$root/.build/fuzz/$target"
mkdir -p "$work/corpus" "$root/Fuzz/corpus/$target"
binary="$work/fuzz-$target"

echo "building $binary"
# shellcheck disable=SC2046
swiftc -sanitize=fuzzer,address -parse-as-library -O -module-name GraphQL \
  $(find "$root/Sources/GraphQL" -name '*.swift' | sort) "$entry" -o "$binary"

dict=()
[[ -f "$root/Fuzz/$target.dict" ]] && dict=(-dict="$root/Fuzz/$target.dict")

echo "fuzzing $target for ${seconds}s"
# Leak detection is off: Swift stores enum case tags in spare pointer bits, so LeakSanitizer
# cannot see references held by a global schema and reports them as leaks.
ASAN_OPTIONS=detect_leaks=0 "$binary" -max_total_time="$seconds" -detect_leaks=0 -timeout=10 -rss_limit_mb=2048 -max_len=4096 \
  -print_final_stats=1 -artifact_prefix="$work/" "${dict[@]}" \
  "$work/corpus" "$root/Fuzz/corpus/$target"
