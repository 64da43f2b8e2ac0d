#!/usr/bin/env bash
# CI stage (issue 46): build the standalone program with the README's one command, then run it
# as a player without Python would: moved out of the checkout, with an empty PATH and no Python
# variables (env -i), no display. Checks --help, a first frame (--screenshot: a PNG of the
# window's size), a guided game's first screen, the self-check (files, every guided chapter's
# moves, the expert's helper process, the review's process) and a refused option. ~1-2 minutes.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS

# the build's own virtual environment: PyInstaller stays out of the tests' .venv
python3 -m venv .venv-build
.venv-build/bin/python tools/build_app.py
build_s=$((SECONDS - started))

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/nothing" "$tmp/home" "$tmp/data"
cp -a dist/faeriell "$tmp/app"                 # nothing may come from the checkout
app="$tmp/app/faeriell"
if env -i PATH="$tmp/nothing" sh -c 'command -v python3 || command -v python' >/dev/null 2>&1; then
  echo "build-check: a python is reachable on the empty PATH" >&2; exit 1
fi
run() {   # the built program as a player without Python starts it
  (cd "$tmp" && env -i PATH="$tmp/nothing" HOME="$tmp/home" FAERIELL_DATA="$tmp/data" \
     SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy "$app" "$@")
}
png_check() {   # a valid PNG of the given size (read by the build's Python, outside the program's world)
  .venv-build/bin/python - "$1" "$2" <<'EOF'
import struct, sys, zlib
data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
length, kind = struct.unpack(">I4s", data[8:16])
assert kind == b"IHDR" and zlib.crc32(data[12:16 + length]) == struct.unpack(">I", data[16 + length:20 + length])[0]
size = "%dx%d" % struct.unpack(">II", data[16:24])
assert size == sys.argv[2], f"{size}, not {sys.argv[2]}"
assert b"IEND" in data[-12:], "cut short"
EOF
}

run --help > "$tmp/help.txt"
grep -q "usage: faeriell" "$tmp/help.txt"
grep -q -- "--self-check" "$tmp/help.txt"

t0=$(date +%s.%N)
run --screenshot "$tmp/first.png"
t1=$(date +%s.%N)
png_check "$tmp/first.png" 1280x800

run --tutorial --size 1024x700 --screenshot "$tmp/tutorial.png"
png_check "$tmp/tutorial.png" 1024x700

run --self-check

set +e
run --players 9 2> "$tmp/refused.txt"
code=$?
set -e
if [ "$code" != 2 ] || [ "$(wc -l < "$tmp/refused.txt")" != 1 ]; then
  echo "build-check: a bad option gave exit code $code and:" >&2; cat "$tmp/refused.txt" >&2; exit 1
fi

size=$(du -sm "$tmp/app" | cut -f1)
first=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }')
echo "build-check: ok: dist/faeriell/ ${size} MB, built in ${build_s} s, first frame in ${first} s," \
     "stage $((SECONDS - started)) s"
