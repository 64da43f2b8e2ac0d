"""The engine beside catanatron's loop in one run (issue 43 item 6): rounds interleaved, each round
catanatron, then bench/engine.py compiled, then pure, each in a process of its own, with the load
average before each, so every ratio compares figures taken within the same minute.

    python bench/side_by_side.py --rounds 4 --catanatron /tmp/catvenv/bin/python

Run it with the Python whose environment holds the compiled engine (pip install -r requirements.txt);
a round whose compiled run does not load compiled fails (FAERIELL_ENGINE=compiled). catanatron is
not a dependency: see bench/catanatron_ref.py for its throw-away environment.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _load() -> float:
    return os.getloadavg()[0]


def engine(kind: str, games: int) -> dict[str, float]:
    env = dict(os.environ, FAERIELL_ENGINE=kind)
    out = subprocess.run([sys.executable, str(ROOT / "bench" / "engine.py"), "--json", "--games", str(games)],
                         cwd=ROOT, env=env, capture_output=True, text=True, check=True).stdout
    data = json.loads(out)
    return {"wall": data["decisions_per_s"], "cpu": data["decisions_per_cpu_s"]}


def catanatron(python: str, seconds: float) -> float:
    out = subprocess.run([python, str(ROOT / "bench" / "catanatron_ref.py"), "--seconds", str(seconds)],
                         cwd=ROOT, capture_output=True, text=True, check=True).stdout
    found = re.search(r"([\d,]+) actions/s", out)
    if not found:
        raise SystemExit(f"catanatron_ref.py said: {out.strip()}")
    return float(found.group(1).replace(",", ""))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=4)
    ap.add_argument("--games", type=int, default=200, help="bench/engine.py --games")
    ap.add_argument("--seconds", type=float, default=10.0, help="catanatron_ref.py --seconds")
    ap.add_argument("--catanatron", default="/tmp/catvenv/bin/python", help="a Python with catanatron 3.2.1")
    args = ap.parse_args(argv)
    print("| round | load | catanatron actions/s | compiled decisions/s (per CPU-s) | pure decisions/s (per CPU-s) "
          "| compiled / catanatron | pure / catanatron |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for r in range(1, args.rounds + 1):
        load = _load()
        cat = catanatron(args.catanatron, args.seconds)
        comp = engine("compiled", args.games)
        pure = engine("pure", args.games)
        print(f"| {r} | {load:.2f} | {cat:,.0f} | {comp['wall']:,.0f} ({comp['cpu']:,.0f}) "
              f"| {pure['wall']:,.0f} ({pure['cpu']:,.0f}) | {comp['wall'] / cat:.2f}x | {pure['wall'] / cat:.2f}x |",
              flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
