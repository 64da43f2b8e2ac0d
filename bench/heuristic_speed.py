"""The heuristic's speed in self-play: HeuristicBot decisions per second on seeded games (solo,
3-player Full Coop, 2-player competitive), and the time spent scoring moves (score_actions) per
action scored. Playouts (search, expert, review) call the same scorer, so this is their cost too.
Times are this process's CPU seconds (time.process_time), so other jobs on a shared machine
disturb them less than they disturb wall-clock time.

    python3 bench/heuristic_speed.py                 # 8 games a configuration
    python3 bench/heuristic_speed.py --games 20 --repeat 3

The machine's load varies: compare two commits by alternating runs (bench/README.md, session 9).
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import faeriell.bots.base as base  # noqa: E402
from faeriell.bots import make_bot  # noqa: E402
from faeriell.content.rules_loader import default_rules  # noqa: E402
from faeriell.engine import new_game  # noqa: E402

CONFIGS = ((1, "solo"), (3, "coop"), (2, "competitive"))


def run(games: int) -> tuple[int, int, float, float]:
    """(decisions, actions scored, CPU seconds in all, CPU seconds scoring) over the seeded games."""
    R = default_rules()
    scored = [0, 0.0]
    plain = base.score_actions

    def timed(g, i, actions, ctx=None):
        t = time.process_time()
        out = plain(g, i, actions, ctx)
        scored[1] += time.process_time() - t
        scored[0] += len(actions)
        return out

    base.score_actions = timed
    try:
        decisions = 0
        t0 = time.process_time()
        for players, mode in CONFIGS:
            for s in range(games):
                g = new_game(R, players, mode, "medium", [], 100 + s)
                bots = [make_bot("heuristic", seed=s * 7 + k) for k in range(players)]
                n = 0
                while not g.state.game_over and n < 4000:
                    g.apply(bots[g.acting].choose(g, g.acting))
                    n += 1
                decisions += n
        return decisions, int(scored[0]), time.process_time() - t0, float(scored[1])
    finally:
        base.score_actions = plain


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=8, help="games a configuration")
    ap.add_argument("--repeat", type=int, default=1)
    args = ap.parse_args(argv)
    for _ in range(args.repeat):
        dec, acts, secs, scoring = run(args.games)
        print(f"decisions {dec}  {dec / secs:.0f}/CPU s   actions scored {acts}  "
              f"{1e6 * scoring / max(1, acts):.1f} us each  (scoring {100 * scoring / secs:.0f}% of {secs:.1f} CPU s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
