"""Tune the heuristic's solo / Full Coop weights by self-play (coordinate search).

    python tools/tune_heuristic.py --mode solo --games 400
    python tools/tune_heuristic.py --mode coop --games 200 --start '{"ach": 8}'
    python tools/tune_heuristic.py --mode solo --only hero_step,level_gem    # feature weights too
    python tools/tune_heuristic.py --mode coop --games 200 --out /tmp/weights.yaml   # try, keep the shipped file

Every candidate plays the same seeded games (common random numbers) with the greedy heuristic on
every seat; the score is the win rate plus half the mean progress towards the mode's target
(Achievements held / 6 in solo; the nearer of distinct Achievements and tokens in coop), which
separates weights long before wins are frequent. A change is kept when it beats the incumbent by
more than `--margin`. The tuned mode's table is written into the weights file (`--out`, default
data/bots/weights.yaml, the file the bots read; the other modes' tables are kept as they are) with
the command and seeds in its comments, and the changes are printed. `--only` and `--start` name
the tuned parameters (`ach`, `hero_run`, ...) or feature weights (heuristic_meanings.FEATURES); by
default only the parameters are tried. A feature weight tuned for a mode is written as that mode's
own, under its table's `features:` (the shared table stays as it is).
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
    from faeriell.bots.clairvoyant import goal_progress
    from faeriell.bots.heuristic import playout_move
    from faeriell.bots.weights import Weights
    from faeriell.engine import new_game
    from faeriell.sim import rules
    w = Weights(**{**weights, "features": tuple(weights["features"].items())})   # the trial's, for every decision
    g = new_game(rules(), players, mode, difficulty, [], seed)
    n = 0
    while not g.state.game_over and n < 4000:
        g.apply(playout_move(g, weights=w), trusted=True)
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
    ap.add_argument("--out", default=None, help="the weights file to write (default: data/bots/weights.yaml)")
    ap.add_argument("--by-difficulty", action="store_true",
                    help="tune and write the mode's parameters at --difficulty only (the file's by_difficulty table)")
    args = ap.parse_args(argv)
    from faeriell.bots.heuristic_meanings import FEATURES
    from faeriell.bots.weights import NUMBERS, Weights, default_path, dumps, weight_book
    book = weight_book()
    own_difficulty = args.difficulty if args.by_difficulty else None
    weights = book.of(args.mode, own_difficulty).to_dict()
    weights["features"] = dict(weights["features"])      # {feature: weight} while tuning
    start = {k.lower(): v for k, v in json.loads(args.start).items()} if args.start else {}
    names = [k.strip().lower() for k in (args.only.split(",") if args.only else NUMBERS) if k.strip()]
    unknown = [k for k in names + list(start) if k not in NUMBERS and k not in FEATURES and k != "model"]
    if unknown:
        raise SystemExit(f"{unknown[0]!r} is not a weight (known: {', '.join(NUMBERS)}, or a feature of "
                         f"faeriell/bots/heuristic_meanings.py)")
    if own_difficulty and any(k not in NUMBERS for k in names + list(start)):
        # a difficulty's table holds numbers only: a feature weight or the model would not be written
        raise SystemExit("--by-difficulty tunes the parameters only, not feature weights or the model")
    for k, v in start.items():
        if k in FEATURES:
            weights["features"][k] = v
        else:
            weights[k] = v
    t0 = time.time()
    with (Pool(args.workers) if args.workers > 1 else _InProcess()) as pool:
        best, info = score(pool, weights, args)
        print(f"start {best:.3f} {info}", flush=True)
        for _ in range(args.rounds):
            for k in names:
                for m in STEPS:
                    trial = dict(weights, features=dict(weights["features"]))
                    table = trial["features"] if k in FEATURES else trial
                    table[k] = round(table[k] * m, 4)
                    sc, info = score(pool, trial, args)
                    print(f"  {k}={table[k]}: {sc:.3f} {info}", flush=True)
                    if sc > best + args.margin:
                        best, weights = sc, trial
                        print(f"  kept {k}={table[k]}", flush=True)
                        break
    before = book.of(args.mode, own_difficulty)
    changed = {k: v for k, v in weights.items() if k != "features" and v != getattr(before, k)}
    changed.update({k: v for k, v in weights["features"].items() if v != before.feature_weights[k]})
    print(f"best {best:.3f} after {time.time() - t0:.0f} s")
    tables = dict(book.tables)
    by_difficulty = dict(book.by_difficulty)
    tuned = Weights(**{**weights, "features": tuple((k, weights["features"][k]) for k in FEATURES)})
    if own_difficulty:
        by_difficulty[(args.mode, own_difficulty)] = tuned
    else:
        tables[args.mode] = tuned
    out = Path(args.out) if args.out else default_path()
    cmd = "python tools/tune_heuristic.py " + " ".join(argv if argv is not None else sys.argv[1:])
    note = (f"Last tuned: {args.mode}{' at ' + own_difficulty + ' only' if own_difficulty else ''}, by `{cmd}` ({args.games} games from seed {args.seed}, "
            f"{args.players if args.mode != 'solo' else 1} player(s), {args.difficulty}); score {best:.3f}.")
    from faeriell.bots.weights import notes_of
    from faeriell.storage.atomic import atomic_write
    kept = notes_of(default_path().read_text(encoding="utf-8")) if default_path().is_file() else ""
    atomic_write(out, dumps(tables, (kept + "\n" if kept else "") + note, by_difficulty))
    print(f"wrote {out}")
    print(json.dumps(changed))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
