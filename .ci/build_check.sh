#!/usr/bin/env bash
# CI stage (issue 46): build the standalone program with the README's one command, then run it
# as a player without Python would: moved out of the checkout, with a PATH that holds no python
# and no Python variables (env -i), no display. Checks --help, a first frame (--screenshot: a whole
# PNG of the window's size that shows a picture), a guided game's first screen, the self-check
# (files, every guided chapter's moves, a whole game, a search by the expert's helper process, the
# review's process), a refused option and the desktop entry's command. Under a minute here; any
# failure fails the stage, and says which step.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS
fail() { echo "build-check: FAILED: $*" >&2; exit 1; }

# the build's own virtual environment: PyInstaller stays out of the tests' .venv
python3 -m venv .venv-build || fail "no virtual environment could be made (python3-venv?)"
.venv-build/bin/python tools/build_app.py || fail "the build failed (see above)"
build_s=$((SECONDS - started))
[ -x dist/faeriell/faeriell ] || fail "dist/faeriell/faeriell was not made"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/nothing" "$tmp/home" "$tmp/data"
cp -a dist/faeriell "$tmp/app"                 # nothing may come from the checkout
app="$tmp/app/faeriell"
if env -i PATH="$tmp/nothing" sh -c 'command -v python3 || command -v python' >/dev/null 2>&1; then
  fail "a python is reachable on the stripped PATH"
fi
run() {   # the built program as a player without Python starts it
  (cd "$tmp" && env -i PATH="$tmp/nothing" HOME="$tmp/home" FAERIELL_DATA="$tmp/data" \
     SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy "$app" "$@")
}
png_check() {   # a whole PNG of the given size that shows a picture (read outside the program's world)
  .venv-build/bin/python - "$1" "$2" <<'PY' || fail "$1 is not a good ${2} picture"
import os, struct, sys, zlib
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
import pygame
data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
length, kind = struct.unpack(">I4s", data[8:16])
assert kind == b"IHDR" and zlib.crc32(data[12:16 + length]) == struct.unpack(">I", data[16 + length:20 + length])[0]
size = "%dx%d" % struct.unpack(">II", data[16:24])
assert size == sys.argv[2], f"{size}, not {sys.argv[2]}"
assert data[-8:-4] == b"IEND", "cut short"
picture = pygame.image.load(sys.argv[1])          # decodes every row
w, h = picture.get_size()
colours = {tuple(picture.get_at((x, y))) for x in range(0, w, 16) for y in range(0, h, 16)}
assert len(colours) >= 50, f"only {len(colours)} colours: a blank frame?"
PY
}

run --help > "$tmp/help.txt" || fail "--help gave exit code $?"
grep -q "usage: faeriell" "$tmp/help.txt" || fail "--help printed no usage"
grep -q -- "--self-check" "$tmp/help.txt" || fail "--help does not list --self-check"

t0=$(date +%s.%N)
run --screenshot "$tmp/first.png" || fail "--screenshot gave exit code $?"
t1=$(date +%s.%N)
png_check "$tmp/first.png" 1280x800

run --tutorial --size 1024x700 --screenshot "$tmp/tutorial.png" || fail "the guided game's first screen failed"
png_check "$tmp/tutorial.png" 1024x700

run --self-check || fail "the self-check failed"

set +e
run --players 9 2> "$tmp/refused.txt"
code=$?
set -e
if [ "$code" != 2 ] || [ "$(wc -l < "$tmp/refused.txt")" != 1 ]; then
  cat "$tmp/refused.txt" >&2; fail "a bad option gave exit code $code and the lines above"
fi

# the desktop entry (tools/install_desktop.py, into a private XDG_DATA_HOME) starts this program
XDG_DATA_HOME="$tmp/xdg" .venv-build/bin/python tools/install_desktop.py --exec "$app" >/dev/null \
  || fail "the desktop entry could not be installed"
entry="$tmp/xdg/applications/faeriell.desktop"
[ -f "$tmp/xdg/icons/hicolor/256x256/apps/faeriell.png" ] || fail "the icon was not installed"
if command -v desktop-file-validate >/dev/null 2>&1; then
  desktop-file-validate "$entry" || fail "the desktop entry is not valid"
fi
exec_line=$(sed -n 's/^Exec=//p' "$entry")
# as a menu starts it: no FAERIELL_DATA, so the data folder is the system's (platformdirs)
(cd "$tmp" && env -i PATH="$tmp/nothing" HOME="$tmp/home" \
   SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy /bin/sh -c "$exec_line --screenshot desktop.png") \
  || fail "the desktop entry's command ($exec_line) failed"
png_check "$tmp/desktop.png" 1280x800
[ -d "$tmp/home/.local/share/faeriell" ] || fail "the data folder is not ~/.local/share/faeriell"

size=$(du -sh "$tmp/app" | cut -f1)
first=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }')
echo "build-check: ok: dist/faeriell/ ${size}, built in ${build_s} s, first frame in ${first} s," \
     "stage $((SECONDS - started)) s"
