#!/usr/bin/env bash
# `make bench`: every benchmark of the project, side by side with the references in
# ../shared/bench/ where one exists. Figures go to the README by hand, with the date.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(swift build -c release --show-bin-path)/rocket-reserver
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export XDG_CONFIG_HOME=$tmp/config XDG_DATA_HOME=$tmp/data XDG_STATE_HOME=$tmp/state XDG_CACHE_HOME=$tmp/cache

echo "== cold start: rocket-reserver --version"
hyperfine --warmup 3 --runs 30 --style basic "$bin --version"
