"""Reference figure for bench/engine.py: catanatron's random self-play on this machine.

Catanatron is not a dependency of Faeriell; install it into a throw-away environment first:

    python3 -m venv /tmp/catvenv && /tmp/catvenv/bin/pip install catanatron
    /tmp/catvenv/bin/python bench/catanatron_ref.py --seconds 20

It plays 4-player games of RandomPlayers with catanatron's own loop (list the playable actions,
choose one, execute it with validation) and reports actions per second over whole games, the
figure bench/engine.py's decisions/s is compared with.
"""
from __future__ import annotations

import argparse
import platform
import random
import sys
import time


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seconds", type=float, default=20.0)
    args = ap.parse_args(argv)
    try:
        import catanatron
        from catanatron import Color, Game, RandomPlayer
    except ImportError:
        print("catanatron is not installed here (see this file's docstring)")
        return 2
    version = getattr(catanatron, "__version__", None)
    if version is None:
        try:
            from importlib.metadata import version as dist_version
            version = dist_version("catanatron")
        except Exception:  # noqa: BLE001
            version = "?"
    random.seed(0)
    players = [RandomPlayer(c) for c in (Color.RED, Color.BLUE, Color.ORANGE, Color.WHITE)]
    actions = games = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < args.seconds:
        g = Game(players)
        g.play()
        actions += len(g.state.actions)
        games += 1
    wall = time.perf_counter() - t0
    print(f"catanatron {version} (Python {platform.python_version()}): {games} games, "
          f"{actions} actions, {actions / wall:,.0f} actions/s by wall clock over whole games")
    return 0


if __name__ == "__main__":
    sys.exit(main())
