#!/usr/bin/env python3
"""Random real mouse and keyboard input on the real window, for a bounded time (not in CI).

    python3 tools/ui_fuzz.py                         # 120 s on the start screen, hostile saves listed
    python3 tools/ui_fuzz.py --seconds 600 --seed 3 -- --players 2 --seats human,random

Starts a private X server (Xvfb), opens `python main.py [ARGS after --]` in it with a fresh data
folder holding hostile files (an autosave that is a named pipe, a save whose first move names a
region of a million characters with a lone surrogate, a nested-array bomb, a save in Latin-1, a
YAML alias bomb among the saves, a folder named like a save), then sends random clicks, drags,
wheel turns and keys with xdotool. A Quit (exit 0) restarts the window; anything else is a failure:
a non-zero exit or a signal (a native crash), a traceback on stderr, or an error panel
("Error while ...") logged. Prints what it sent and what it saw; exit 1 on any failure.

Needs Xvfb and xdotool (Debian: apt-get install xvfb xdotool).
"""
from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TITLE = "Sons of Faeriell"
KEYS = ["Escape", "Return", "KP_Enter", "Tab", "BackSpace", "Delete", "space", "h", "F1", "Home", "0",
        "Up", "Down", "Left", "Right", "ctrl+z", "ctrl+s", "ctrl+o", "a", "x", "1", "2", "slash", "period",
        "ctrl+a", "ctrl+v", "shift+Tab", "Page_Up", "Page_Down"]


def hostile_data(folder: str) -> None:
    """Files the start screen's Load list, Continue and the file dialogs will meet."""
    os.mkfifo(os.path.join(folder, "autosave.json"))
    head = ('{"format": "faeriell-save", "version": 1, "origin": {"kind": "new", "players": 2, '
            '"mode": "competitive", "difficulty": "medium", "variants": [], "seed": 3}, ')
    tail = ', "players_of_actions": [1], "snapshot": {"hash": "x", "round": 1, "doom": 0, "active_player": 1}}'
    with open(os.path.join(folder, "huge-name.json"), "w", encoding="utf-8", errors="surrogatepass") as f:
        f.write(head + '"actions": [{"action": "place_settlement", "region": "'
                + "R" * 1_000_000 + '\\ud800"}]' + tail)
    with open(os.path.join(folder, "deep.json"), "w") as f:
        f.write('{"format": "faeriell-save", "x": ' + "[" * 100_000 + "]" * 100_000 + "}")
    with open(os.path.join(folder, "latin1.json"), "wb") as f:
        f.write((head + '"actions": []' + tail).replace("medium", "m\xe9dium").encode("latin-1"))
    with open(os.path.join(folder, "bomb.json"), "w") as f:
        f.write("a: &a [" + ",".join(["x"] * 9) + "]\n" + "".join(
            f"{c}: &{c} [{','.join(['*' + p] * 9)}]\n" for p, c in zip("abcdefgh", "bcdefghi", strict=True)))
    os.mkdir(os.path.join(folder, "a-folder.json"))
    with open(os.path.join(folder, "seats.idx"), "w") as f:
        json.dump({"x": "[" * 50}, f)


def start_x(display: int) -> subprocess.Popen:
    xvfb = subprocess.Popen(["Xvfb", f":{display}", "-screen", "0", "1400x900x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(1.0)
    if xvfb.poll() is not None:
        raise RuntimeError(f"Xvfb could not start on :{display}")
    return xvfb


def xdo(env, *args) -> str:
    p = subprocess.run(["xdotool", *map(str, args)], env=env, capture_output=True, text=True, timeout=20)
    return p.stdout.strip()


def find_window(env, app, timeout=400.0) -> str | None:
    end = time.monotonic() + timeout
    while time.monotonic() < end and app.poll() is None:
        # by process id: SDL names the window late under X (the title shows once it is drawn)
        wid = xdo(env, "search", "--pid", app.pid).split("\n")[0]
        if wid:
            time.sleep(3.0)                  # let the first screen load before input arrives
            return wid
        time.sleep(0.5)
    return None


def send_one(env, wid, rnd: random.Random, data: str, sent: dict[str, int]) -> None:
    """One random input event to the window `wid`, counted in `sent` by kind."""
    geo = xdo(env, "getwindowgeometry", wid)
    try:
        size = geo.split("Geometry:")[1].split()[0]
        w, h = (int(v) for v in size.split("x"))
    except (IndexError, ValueError):
        w, h = 1280, 800
    x, y = rnd.randrange(w), rnd.randrange(h)
    kind = rnd.choices(["click", "right", "drag", "wheel", "key", "type", "move"],
                       [40, 4, 20, 8, 15, 5, 8])[0]
    sent[kind] = sent.get(kind, 0) + 1
    if kind in ("click", "right"):
        xdo(env, "mousemove", "--window", wid, x, y, "click", "1" if kind == "click" else "3")
    elif kind == "drag":
        x2, y2 = rnd.randrange(w), rnd.randrange(h)
        xdo(env, "mousemove", "--window", wid, x, y, "mousedown", "1", "mousemove", "--window",
            wid, (x + x2) // 2, (y + y2) // 2, "mousemove", "--window", wid, x2, y2, "mouseup", "1")
    elif kind == "wheel":
        xdo(env, "mousemove", "--window", wid, x, y, "click", rnd.choice(["4", "5"]))
    elif kind == "key":
        xdo(env, "key", "--window", wid, rnd.choice(KEYS))
    elif kind == "type":
        xdo(env, "type", "--window", wid, rnd.choice([os.path.join(data, "huge-name.json"),
                                                      data, "/dev/zero", "~/nowhere", "é\u00e9"]))
    else:
        xdo(env, "mousemove", "--window", wid, x, y)


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    extra = []
    if "--" in argv:
        k = argv.index("--")
        argv, extra = argv[:k], argv[k + 1:]
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--seconds", type=float, default=120.0)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--display", type=int, default=91)
    p.add_argument("--rate", type=float, default=25.0, help="input events a second (default 25)")
    p.add_argument("--no-hostile", dest="hostile", action="store_false", help="an empty data folder")
    args = p.parse_args(argv)
    for tool in ("Xvfb", "xdotool"):
        if shutil.which(tool) is None:
            print(f"{tool} is not installed (apt-get install xvfb xdotool)", file=sys.stderr)
            return 2
    rnd = random.Random(args.seed)
    data = tempfile.mkdtemp(prefix="faeriell-fuzz-")
    if args.hostile:
        hostile_data(data)
    xvfb = start_x(args.display)
    env = dict(os.environ, DISPLAY=f":{args.display}", SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy",
               FAERIELL_DATA=data, PYTHONUNBUFFERED="1")
    sent: dict[str, int] = {}
    failures: list[str] = []
    windows = 0
    log_path = os.path.join(data, "stderr.log")
    app = None
    end = None
    try:
        while end is None or time.monotonic() < end:
            log = open(log_path, "a")  # noqa: SIM115 (the window's output for its whole life; closed after it ends)
            app = subprocess.Popen([sys.executable, os.path.join(ROOT, "main.py"), "--bot-delay", "0.1", *extra],
                                   cwd=ROOT, env=env, stdout=log, stderr=log)
            windows += 1
            wid = find_window(env, app)
            if end is None:                       # input time counts from the first window
                end = time.monotonic() + args.seconds
            if wid is None:
                failures.append("the window did not appear within 400 s" if app.poll() is None else
                                f"the window closed before it appeared (exit {app.returncode})")
                break
            while time.monotonic() < end and app.poll() is None:
                send_one(env, wid, rnd, data, sent)
                time.sleep(1.0 / args.rate)
            if app.poll() is None:
                app.send_signal(signal.SIGTERM)
                try:
                    app.wait(10)
                except subprocess.TimeoutExpired:
                    app.kill()
                    app.wait()
            code = app.returncode
            log.close()
            if code not in (0, -signal.SIGTERM):
                failures.append(f"window {windows} ended with {'signal ' + str(-code) if code < 0 else 'exit ' + str(code)}")
                break
    finally:
        if app is not None and app.poll() is None:
            app.kill()
        xvfb.terminate()
        xvfb.wait()
    with open(log_path) as f:
        text = f.read()
    if "Traceback" in text:
        failures.append("a traceback on stderr")
    panels = [line for line in text.splitlines() if "Error while" in line]
    if panels:
        failures.append(f"{len(panels)} error panel(s), first: {panels[0][:300]}")
    total = sum(sent.values())
    print(f"ui fuzz: {args.seconds:g} s, seed {args.seed}, {windows} window(s), {total} inputs "
          f"({', '.join(f'{k} {v}' for k, v in sorted(sent.items()))}); data folder {data}")
    refusals = [line for line in text.splitlines() if line.startswith("ERROR") or "Could not" in line]
    print(f"refusals logged: {len(refusals)}" + (f" (e.g. {refusals[0][:160]})" if refusals else ""))
    for f in failures:
        print("FAIL", f)
    print("OK: no crash, no traceback, no error panel" if not failures else f"{len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
