"""Random 4-player games played over the same seeds `--passes` times: the loop bench/engine.py
times (its best-of-3 runs replay the same seeds, so every remembered answer is warm), with no
timing of its own, for counting instructions on a busy machine, where timings drift:

    PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
        python bench/warm_games.py --games 30 --passes 1
    # the same with --passes 2; the difference of the two "Collected" counts is one warm pass

It also serves a sampling profiler (py-spy record -- python bench/warm_games.py --passes 3).
"""
from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--passes", type=int, default=1)
    args = ap.parse_args(argv)
    from faeriell.content.rules_loader import default_rules
    from faeriell.engine import new_game
    rules = default_rules()
    actions = 0
    for _ in range(args.passes):
        for seed in range(args.games):
            g = new_game(rules, 4, "competitive", "medium", (), seed)
            rnd = random.Random(seed)
            while not g.state.game_over:
                g.apply(rnd.choice(g.legal_actions()))
                actions += 1
    print(f"{args.passes} pass(es) of {args.games} games: {actions} actions")
    return 0


if __name__ == "__main__":
    sys.exit(main())
