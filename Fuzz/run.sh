#!/usr/bin/env bash
# Builds and runs a libFuzzer target over the GraphQL module (see ../shared notes: fuzzing.md).
#
#   Fuzz/run.sh TARGET SECONDS      e.g. Fuzz/run.sh parser 600
#
# TARGET names Fuzz/<Target>Entry.swift (parser -> ParserEntry.swift; http-head ->
# HTTPHeadEntry.swift, built with Sources/GraphQLServer and Fuzz/HTTP/). The seeds in
# Fuzz/corpus/TARGET/ are read but never written: new inputs go to .build/fuzz/TARGET/corpus,
# crashes to .build/fuzz/TARGET/. Exits non-zero if libFuzzer finds a crash.
set -euo pipefail

target="${1:?usage: Fuzz/run.sh TARGET SECONDS}"
seconds="${2:-60}"
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$root/.build/fuzz/$target"
mkdir -p "$work/corpus" "$root/Fuzz/corpus/$target"
binary="$work/fuzz-$target"

graphql_sources() { find "$root/Sources/GraphQL" -name '*.swift' | sort; }

echo "building $binary"
case "$target" in
  http-head | http-body)
    # The HTTP targets drive a real GraphQLHTTPServer (Sources/GraphQLServer over libmicrohttpd):
    # GraphQL is built as a module of its own, the server's sources and the entry as another.
    entry="$root/Fuzz/HTTP$(tr '[:lower:]' '[:upper:]' <<<"${target:5:1}")${target:6}Entry.swift"
    [[ -f "$entry" ]] || { echo "no fuzz entry $entry" >&2; exit 2; }
    # Both HTTP targets share one build of GraphQL, redone only when a source is newer. -Onone:
    # each input costs a loopback round trip, so optimizing buys little and costs minutes.
    lib="$root/.build/fuzz/graphql-module"
    mkdir -p "$lib"
    if [[ ! -f "$lib/libGraphQL.a" ]] || [[ -n "$(find "$root/Sources/GraphQL" -newer "$lib/libGraphQL.a" -name '*.swift')" ]]; then
      # shellcheck disable=SC2046
      swiftc -sanitize=fuzzer,address -parse-as-library -Onone -module-name GraphQL -emit-module \
        -emit-module-path "$lib/GraphQL.swiftmodule" -emit-library -static -o "$lib/libGraphQL.a" \
        $(graphql_sources)
    fi
    # The server's C shims open libmicrohttpd and wslay on first use (Sources/CLazyLoad), so
    # their forwarders are compiled in as in the package build.
    shims=(CLazyLoad CMicroHTTPD CWslay)
    objects=()
    for shim in "${shims[@]}"; do
      for source in "$root/Sources/$shim"/*.c; do
        object="$lib/$(basename "$source" .c).o"
        clang -c -O1 -fPIC -I "$root/Sources/CLazyLoad/include" -I "$root/Sources/$shim/include" \
          "$source" -o "$object"
        objects+=("$object")
      done
    done
    # shellcheck disable=SC2046
    swiftc -sanitize=fuzzer,address -parse-as-library -Onone -module-name GraphQLServer \
      -I "$lib" -L "$lib" -lGraphQL -I "$root/Sources/CMicroHTTPD/include" -I "$root/Sources/CWslay/include" \
      "${objects[@]}" \
      $(find "$root/Sources/GraphQLServer" "$root/Fuzz/HTTP" -name '*.swift' | sort) "$entry" -o "$binary"
    ;;
  *)
    entry="$root/Fuzz/${target^}Entry.swift"
    [[ -f "$entry" ]] || { echo "no fuzz entry $entry" >&2; exit 2; }
    # shellcheck disable=SC2046
    swiftc -sanitize=fuzzer,address -parse-as-library -O -module-name GraphQL \
      $(graphql_sources) "$entry" -o "$binary"
    ;;
esac

dict=()
[[ -f "$root/Fuzz/$target.dict" ]] && dict=(-dict="$root/Fuzz/$target.dict")

echo "fuzzing $target for ${seconds}s"
# Leak detection is off: Swift stores enum case tags in spare pointer bits, so LeakSanitizer
# cannot see references held by a global schema and reports them as leaks.
ASAN_OPTIONS=detect_leaks=0 "$binary" -max_total_time="$seconds" -detect_leaks=0 -timeout=10 -rss_limit_mb=2048 -max_len=4096 \
  -print_final_stats=1 -artifact_prefix="$work/" "${dict[@]}" \
  "$work/corpus" "$root/Fuzz/corpus/$target"
