#!/usr/bin/env bash
# Start-up of one-shot commands: median of 40 cold runs each (hyperfine, warm
# page cache, embedded backend, fresh XDG directories) of `--version`, `launch 5` and `launches`,
# with `git --version` in the same hyperfine run as the floor a well-made native command reaches on
# this machine, and the binary's size. With a second binary (BEFORE), both are measured in
# alternating rounds (A B A B).
# Targets: --version <= 2.5x git --version, launch 5 <= 5x; binary <= 40 MB.
# Usage: Benchmarks/startup.sh BIN [BEFORE_BIN]   (ROUNDS: default 2)
set -euo pipefail
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
names=(after)
bins=("$1")
if [ -n "${2:-}" ]; then names+=(before); bins+=("$2"); fi
# use NAME: fresh XDG directories per binary (an older binary may not read a newer one's database).
use() {
  export XDG_CONFIG_HOME=$tmp/$1/config XDG_DATA_HOME=$tmp/$1/data XDG_STATE_HOME=$tmp/$1/state \
    XDG_CACHE_HOME=$tmp/$1/cache
}
for i in "${!bins[@]}"; do
  use "${names[$i]}"
  "${bins[$i]}" launches >/dev/null   # create the database once, as any later run finds it
done
git=$(command -v git) || { echo "missing git (the floor)"; exit 2; }

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
for round in $(seq "${ROUNDS:-2}"); do
  for i in "${!bins[@]}"; do
    bin=${bins[$i]}
    use "${names[$i]}"
    hyperfine -N --warmup 5 --runs 40 --style none --export-json "$tmp/${names[$i]}-$round.json" \
      "$git --version" "$bin --version" "$bin launch 5" "$bin launches" >/dev/null 2>&1
  done
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 - "$tmp" "${names[@]}" -- "${bins[@]}" <<'PY'
import glob, json, os, statistics, sys
tmp = sys.argv[1]
split = sys.argv.index("--")
names, bins = sys.argv[2:split], sys.argv[split + 1:]
commands = ["git --version", "--version", "launch 5", "launches"]
targets = {"--version": 2.5, "launch 5": 5.0}
medians, cpu, ratios, cpu_ratios = {}, {}, {}, {}
for name in names:
    for path in sorted(glob.glob(f"{tmp}/{name}-*.json")):
        results = dict(zip(commands, json.load(open(path))["results"]))
        floor = results["git --version"]
        for command, result in results.items():
            medians.setdefault((name, command), []).append(result["median"] * 1000)
            cpu.setdefault((name, command), []).append((result["user"] + result["system"]) * 1000)
            # Against git in the same hyperfine run, so both saw the same machine.
            ratios.setdefault((name, command), []).append(result["median"] / floor["median"])
            cpu_ratios.setdefault((name, command), []).append(
                (result["user"] + result["system"]) / (floor["user"] + floor["system"]))
# Wall-clock median, the CPU time (user + system) per run, which a busy machine disturbs less, and
# their ratios to git --version's; the better round per side (the other saw the same machine).
header = "%-28s" % "command" + "".join("%14s %10s %8s %8s" % (n + " wall", "cpu", "x git", "cpu x") for n in names)
print(header + "   target")
for command in commands:
    label = command if command.startswith("git") else "rocket-reserver " + command
    target = "%.1fx" % targets[command] if command in targets else ""
    print("%-28s" % label
          + "".join("%11.2f ms %7.2f ms %7.2fx %7.2fx" % (
              min(medians[(n, command)]), min(cpu[(n, command)]), min(ratios[(n, command)]),
              min(cpu_ratios[(n, command)])) for n in names)
          + "   " + target)
print("%-28s" % "binary size" + "".join("%11.1f MB %28s" % (os.path.getsize(b) / 1e6, "") for b in bins))
PY
