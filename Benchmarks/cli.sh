#!/usr/bin/env bash
# The command-line program's own speed: a cold one-shot `rocket-reserver launches` on the
# embedded backend (hyperfine, median; target 50 ms or less) and the resident memory of the
# interactive shell idling at its prompt in a pseudo-terminal (target 30 MB or less).
# Usage: Benchmarks/cli.sh BIN
set -euo pipefail
bin=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export XDG_CONFIG_HOME=$tmp/config XDG_DATA_HOME=$tmp/data XDG_STATE_HOME=$tmp/state XDG_CACHE_HOME=$tmp/cache
"$bin" launches >/dev/null   # create the database once, as any later run finds it

hyperfine --warmup 3 --runs 40 --style basic --export-json "$tmp/cold.json" "$bin launches" >/dev/null
python3 - "$tmp/cold.json" <<'PY'
import json, sys
result = json.load(open(sys.argv[1]))["results"][0]
print("one-shot 'launches', cold process: median %.1f ms (mean %.1f ms, min %.1f ms, %d runs)" % (
    result["median"] * 1000, result["mean"] * 1000, result["min"] * 1000, len(result["times"])))
PY

# The shell in a pty: wait for its prompt, then for it to settle, and read its RSS.
python3 - "$bin" <<'PY'
import os, pty, sys, time, select
pid, fd = pty.fork()
if pid == 0:
    os.execv(sys.argv[1], [sys.argv[1]])
out = b""
deadline = time.time() + 30
while b"rocket-reserver>" not in out and time.time() < deadline:
    ready, _, _ = select.select([fd], [], [], 0.5)
    if ready:
        out += os.read(fd, 4096)
time.sleep(1.0)
rss = [line for line in open("/proc/%d/status" % pid) if line.startswith("VmRSS")][0].split()[1]
print("interactive shell idle at its prompt: %.1f MB resident" % (int(rss) / 1024))
os.write(fd, b"\x04")
os.waitpid(pid, 0)
PY
