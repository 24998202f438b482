#!/usr/bin/env bash
# Builds and runs a libFuzzer target over the GraphQL module (see the Fuzz/ folder).
#
#   Fuzz/run.sh TARGET SECONDS      e.g. Fuzz/run.sh parser 600 (SECONDS 0: build only)
#
# TARGET names Fuzz/<Target>Entry.swift (parser -> ParserEntry.swift; http-head ->
# HTTPHeadEntry.swift, built with Sources/Server/GraphQLHTTP and Fuzz/HTTP/). The seeds in
# Fuzz/corpus/TARGET/ are read but never written: new inputs go to .build/fuzz/TARGET/corpus,
# crashes to .build/fuzz/TARGET/. Exits non-zero if libFuzzer finds a crash.
set -euo pipefail

target="${1:?usage: Fuzz/run.sh TARGET SECONDS}"
seconds="${2:-60}"
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$root/.build/fuzz/$target"
mkdir -p "$work/corpus" "$root/Fuzz/corpus/$target"
binary="$work/fuzz-$target"

# Every module is compiled with the sanitizers, and with one package name so that `package`
# declarations are seen across modules as in the package build.
swiftc_fuzz=(swiftc -sanitize=fuzzer,address -parse-as-library -package-name RocketReserver)

# source_dir NAME: the folder of module NAME, Sources/<layer>/NAME.
source_dir() {
  local dirs=("$root"/Sources/*/"$1")
  echo "${dirs[0]}"
}

# build_module DIR OPT NAME [SWIFTC_FLAG ...]: module NAME as a static library and module in
# DIR, rebuilt only when one of its sources is newer than the library.
build_module() {
  local dir=$1 opt=$2 name=$3
  shift 3
  mkdir -p "$dir"
  if [[ -f "$dir/lib$name.a" ]] && [[ -z "$(find "$(source_dir "$name")" -newer "$dir/lib$name.a" -name '*.swift')" ]]; then
    return
  fi
  # shellcheck disable=SC2046
  "${swiftc_fuzz[@]}" "$opt" -module-name "$name" -emit-module -emit-module-path "$dir/$name.swiftmodule" \
    -emit-library -static -o "$dir/lib$name.a" -I "$dir" "$@" \
    $(find "$(source_dir "$name")" -name '*.swift' | sort)
}

echo "building $binary"
case "$target" in
  http-head | http-body)
    # The HTTP targets drive a real GraphQLHTTPServer (Sources/Server/GraphQLHTTP on Sources/Server/HTTPServer
    # over libmicrohttpd): GraphQLWire, GraphQL, POSIXThreads, HTTPServer (with testing enabled:
    # the head entry checks its MessageFraming) and WebSocket are modules of their own, shared by
    # both targets; GraphQLHTTP's sources and the entry are another. -Onone: each input costs a
    # loopback round trip, so optimizing buys little and costs minutes.
    entry="$root/Fuzz/HTTP$(tr '[:lower:]' '[:upper:]' <<<"${target:5:1}")${target:6}Entry.swift"
    [[ -f "$entry" ]] || { echo "no fuzz entry $entry" >&2; exit 2; }
    lib="$root/.build/fuzz/modules-onone"
    build_module "$lib" -Onone GraphQLWire
    # GraphQL is rebuilt when GraphQLWire was.
    [[ "$lib/libGraphQLWire.a" -nt "$lib/libGraphQL.a" ]] && rm -f "$lib/libGraphQL.a"
    build_module "$lib" -Onone GraphQL
    build_module "$lib" -Onone POSIXThreads
    build_module "$lib" -Onone HTTPServer -enable-testing -I "$root/Sources/Shims/CMicroHTTPD/include"
    build_module "$lib" -Onone WebSocket -I "$root/Sources/Shims/CWslay/include" -I "$root/Sources/Shims/CCrypto"
    # SwiftPM makes CEventPoll's module map; here it is written out.
    printf 'module CEventPoll {\n  header "%s"\n  export *\n}\n' \
      "$root/Sources/Shims/CEventPoll/include/event_poll.h" >"$lib/CEventPoll.modulemap"
    # The server's C shims open libmicrohttpd and wslay on first use (Sources/Shims/CLazyLoad), so
    # their forwarders are compiled in as in the package build.
    shims=(CLazyLoad CMicroHTTPD CWslay CEventPoll)
    objects=()
    for shim in "${shims[@]}"; do
      for source in "$(source_dir "$shim")"/*.c; do
        object="$lib/$(basename "$source" .c).o"
        if [[ ! -f "$object" ]] || [[ "$source" -nt "$object" ]]; then
          clang -c -O1 -fPIC -I "$root/Sources/Shims/CLazyLoad/include" -I "$(source_dir "$shim")/include" \
            "$source" -o "$object"
        fi
        objects+=("$object")
      done
    done
    # The binary is relinked only when a source it is built from is newer.
    if [[ ! -f "$binary" ]] || [[ -n "$(find "$root/Sources/Server/GraphQLHTTP" "$root/Fuzz/HTTP" "$entry" \
      "$lib"/*.a "$lib"/*.o -newer "$binary" 2>/dev/null)" ]]; then
      # shellcheck disable=SC2046
      "${swiftc_fuzz[@]}" -Onone -module-name GraphQLHTTP \
        -I "$lib" -L "$lib" -lGraphQL -lGraphQLWire -lPOSIXThreads -lHTTPServer -lWebSocket \
        -I "$root/Sources/Shims/CMicroHTTPD/include" -I "$root/Sources/Shims/CWslay/include" -I "$root/Sources/Shims/CCrypto" \
        -Xcc -fmodule-map-file="$lib/CEventPoll.modulemap" -lcrypto "${objects[@]}" \
        $(find "$root/Sources/Server/GraphQLHTTP" "$root/Fuzz/HTTP" -name '*.swift' | sort) "$entry" -o "$binary"
    fi
    ;;
  *)
    # The entry is compiled into the GraphQL module itself (it reaches internal API);
    # GraphQLWire, which GraphQL re-exports, is a module of its own.
    entry="$root/Fuzz/${target^}Entry.swift"
    [[ -f "$entry" ]] || { echo "no fuzz entry $entry" >&2; exit 2; }
    lib="$root/.build/fuzz/modules-o"
    build_module "$lib" -O GraphQLWire
    # shellcheck disable=SC2046
    "${swiftc_fuzz[@]}" -O -module-name GraphQL -I "$lib" -L "$lib" -lGraphQLWire \
      $(find "$root/Sources/Engine/GraphQL" -name '*.swift' | sort) "$entry" -o "$binary"
    ;;
esac

if [[ "$seconds" == 0 ]]; then
  echo "built $binary"
  exit 0
fi

dict=()
[[ -f "$root/Fuzz/$target.dict" ]] && dict=(-dict="$root/Fuzz/$target.dict")

echo "fuzzing $target for ${seconds}s"
# Leak detection is off: Swift stores enum case tags in spare pointer bits, so LeakSanitizer
# cannot see references held by a global schema and reports them as leaks. Swift's own
# backtracer is off too: reading the crashed threads' stacks, it trips AddressSanitizer
# (dynamic-stack-buffer-overflow in memserver_read), which then hides the real report.
SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 "$binary" -max_total_time="$seconds" -detect_leaks=0 -timeout=10 -rss_limit_mb=2048 -max_len=4096 \
  -print_final_stats=1 -artifact_prefix="$work/" "${dict[@]}" \
  "$work/corpus" "$root/Fuzz/corpus/$target"
