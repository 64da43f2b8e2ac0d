"""Tune the heuristic's solo / Full Coop weights by self-play (coordinate search).

    python tools/tune_heuristic.py --mode solo --games 400
    python tools/tune_heuristic.py --mode coop --games 200 --start '{"ACH": 8}'

Every candidate plays the same seeded games (common random numbers) with the greedy heuristic on
every seat; the score is the win rate plus half the mean progress towards the mode's target
(Achievements held / 6 in solo; the nearer of distinct Achievements and tokens in coop), which
separates weights long before wins are frequent. A change is kept when it beats the incumbent by
more than `--margin`. The result is printed as the `WEIGHTS[mode]` table for faeriell/bots/knowledge.py.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

# Each weight is tried at these multiples of its current value.
STEPS = (0.6, 1.5)


def play(job) -> tuple[bool, float, int]:
    weights, mode, players, difficulty, seed = job
    from faeriell.bots import knowledge
    from faeriell.bots.clairvoyant import goal_progress
    from faeriell.bots.heuristic import playout_move
    from faeriell.engine import new_game
    from faeriell.sim import rules
    knowledge.WEIGHTS[mode] = dict(weights)
    knowledge._family = None             # re-read the table at the next decision
    g = new_game(rules(), players, mode, difficulty, [], seed)
    n = 0
    while not g.state.game_over and n < 4000:
        g.apply(playout_move(g), trusted=True)
        n += 1
    return bool(g.state.winners), goal_progress(g), g.state.round


def score(pool, weights, args) -> tuple[float, dict]:
    players = 1 if args.mode == "solo" else args.players
    jobs = [(weights, args.mode, players, args.difficulty, args.seed + k) for k in range(args.games)]
    res = pool.map(play, jobs, chunksize=8)
    n = len(res)
    wins = sum(r[0] for r in res) / n
    prog = sum(r[1] for r in res) / n
    rounds = sum(r[2] for r in res) / n
    return wins + 0.5 * prog, {"wins": round(wins, 3), "progress": round(prog, 3), "rounds": round(rounds, 2)}


class _InProcess:
    """Pool's map without processes (one worker; a test)."""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def map(self, fn, jobs, chunksize=1):
        return [fn(j) for j in jobs]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mode", choices=("solo", "coop"), default="solo")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--difficulty", default="medium")
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=5000)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--rounds", type=int, default=1, help="passes over the weights")
    ap.add_argument("--margin", type=float, default=0.015)
    ap.add_argument("--only", default="", help="comma list of weights to try (default: all)")
    ap.add_argument("--start", default="", help="JSON weights to start from (default: the current table)")
    args = ap.parse_args(argv)
    from faeriell.bots import knowledge
    weights = dict(knowledge.WEIGHTS["competitive"])
    weights.update(knowledge.WEIGHTS.get(args.mode, {}))
    if args.start:
        weights.update(json.loads(args.start))
    names = [k for k in (args.only.split(",") if args.only else knowledge.TUNED) if k]
    t0 = time.time()
    with (Pool(args.workers) if args.workers > 1 else _InProcess()) as pool:
        best, info = score(pool, weights, args)
        print(f"start {best:.3f} {info}", flush=True)
        for _ in range(args.rounds):
            for k in names:
                for m in STEPS:
                    trial = dict(weights)
                    trial[k] = round(weights[k] * m, 4)
                    sc, info = score(pool, trial, args)
                    print(f"  {k}={trial[k]}: {sc:.3f} {info}", flush=True)
                    if sc > best + args.margin:
                        best, weights = sc, trial
                        print(f"  kept {k}={trial[k]}", flush=True)
                        break
    changed = {k: v for k, v in weights.items() if v != knowledge.WEIGHTS["competitive"].get(k)}
    print(f"best {best:.3f} after {time.time() - t0:.0f} s")
    print(json.dumps(changed))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
