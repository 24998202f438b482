#!/bin/bash
# Draws `rocket-reserver launch 5` with its mission patch in a real terminal (xterm as a VT340,
# which draws sixel) on Xvfb and saves xterm's window as a PNG (default docs/launch-patch.png).
# Debian packages: xvfb xterm x11-apps (xwd) netpbm (xwdtopnm, pnmtopng) xfonts-base
# (`make screenshot` installs them).
#
# The embedded backend's patch URLs are on imgbox.com. Without a network, STAND_IN=FILE (a PNG
# or JPEG) is put in the program's patch cache under launch 5's URL, so the picture drawn is
# that file; say so wherever the screenshot is shown.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
binary=${BINARY:-$root/.build/debug/rocket-reserver}
output=${1:-$root/docs/launch-patch.png}
work=$(mktemp -d)
xvfb=""
cleanup() {
  if [ -n "$xvfb" ]; then kill "$xvfb" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

export HOME=$work XDG_CACHE_HOME=$work/cache XDG_DATA_HOME=$work/data XDG_CONFIG_HOME=$work/config
export XDG_STATE_HOME=$work/state LC_ALL=C.UTF-8
unset NO_COLOR NO_IMAGES

if [ -n "${STAND_IN:-}" ]; then
  url=$("$binary" --json launch 5 | python3 -c 'import json, sys; print(json.load(sys.stdin)["launch"]["mission"]["missionPatch"])')
  mkdir -p "$XDG_CACHE_HOME/rocket-reserver/patches"
  chmod 700 "$XDG_CACHE_HOME" "$XDG_CACHE_HOME/rocket-reserver" "$XDG_CACHE_HOME/rocket-reserver/patches"
  cp "$STAND_IN" "$XDG_CACHE_HOME/rocket-reserver/patches/$(printf %s "$url" | sha256sum | cut -d' ' -f1)"
fi

# Xvfb picks a free display and writes its number once it accepts clients.
Xvfb -displayfd 3 -screen 0 1024x768x24 -nolisten tcp 3>"$work/display" 2>"$work/xvfb.log" &
xvfb=$!
for _ in $(seq 100); do [ -s "$work/display" ] && break; sleep 0.1; done
export DISPLAY=":$(head -n1 "$work/display")"

# The window shows the command as typed, then its output; `done` marks the end of the drawing.
xterm -ti vt340 -xrm 'XTerm*numColorRegisters: 256' \
  -geometry 72x20 -bg white -fg black -T rocket-reserver -e sh -c \
  'printf "\$ rocket-reserver launch 5\n"; "$0" launch 5; touch "$1"; sleep 60' "$binary" "$work/done" &
for _ in $(seq 300); do [ -e "$work/done" ] && break; sleep 0.1; done
[ -e "$work/done" ] || { echo "readme-screenshot: the launch was not drawn" >&2; exit 1; }
sleep 0.5
xwd -name rocket-reserver -silent | xwdtopnm 2>/dev/null | pnmtopng > "$output"
echo "wrote $output"
