#!/usr/bin/env bash
# Start-up of one-shot commands (issue 20's table): median of 40 cold runs each (hyperfine, warm page
# cache, embedded backend) of `--version`, `launch 5` and `launches`, and the binary's size.
# With a second binary (BEFORE), both are measured in alternating rounds (A B A B) in one run.
# Targets: --version <= 8 ms, launch 5 and launches <= 20 ms, binary <= 40 MB.
# Usage: Benchmarks/startup.sh BIN [BEFORE_BIN]
set -euo pipefail
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export XDG_CONFIG_HOME=$tmp/config XDG_DATA_HOME=$tmp/data XDG_STATE_HOME=$tmp/state XDG_CACHE_HOME=$tmp/cache
names=(after)
bins=("$1")
if [ -n "${2:-}" ]; then names+=(before); bins+=("$2"); fi
"$1" launches >/dev/null   # create the database once, as any later run finds it

for round in 1 2; do
  for i in "${!bins[@]}"; do
    bin=${bins[$i]}
    hyperfine -N --warmup 5 --runs 40 --style none --export-json "$tmp/${names[$i]}-$round.json" \
      "$bin --version" "$bin launch 5" "$bin launches" >/dev/null 2>&1
  done
done
python3 - "$tmp" "${names[@]}" -- "${bins[@]}" <<'PY'
import glob, json, os, statistics, sys
tmp = sys.argv[1]
split = sys.argv.index("--")
names, bins = sys.argv[2:split], sys.argv[split + 1:]
commands = ["--version", "launch 5", "launches"]
medians, cpu = {}, {}
for name in names:
    for path in sorted(glob.glob(f"{tmp}/{name}-*.json")):
        for command, result in zip(commands, json.load(open(path))["results"]):
            medians.setdefault((name, command), []).append(result["median"] * 1000)
            cpu.setdefault((name, command), []).append((result["user"] + result["system"]) * 1000)
# Wall-clock median, and the CPU time (user + system) per run, which a busy machine disturbs less.
header = "%-26s" % "command" + "".join("%14s %12s" % (n + " wall", "cpu") for n in names)
print(header)
for command in commands:
    # The better round per side: the other round saw the same machine, later or earlier.
    print("%-26s" % ("rocket-reserver " + command)
          + "".join("%11.1f ms %9.1f ms" % (min(medians[(n, command)]), min(cpu[(n, command)]))
                    for n in names))
print("%-26s" % "binary size" + "".join("%11.1f MB %12s" % (os.path.getsize(b) / 1e6, "") for b in bins))
PY
