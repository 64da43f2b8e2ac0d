"""Session 16's experiment (kept with its log; not a maintained tool): does the solo leaf learn
better from the expert's own games?

The shipped solo win chance learned from games that mostly the greedy heuristic played (6% of
them won), so it values a position by how often *that* player wins from it. This script plays
solo games of the expert at 8 worlds a decision, fits the solo model on them and on the shipped
heuristic games, and plays the expert with each leaf on the same seeds.

    python bench/results/s16_leaf/leaf_experiment.py gen expert DIR   # seeds 56000-56299, 8 worlds, keep 0.5
    python bench/results/s16_leaf/leaf_experiment.py gen val DIR      # seeds 61000-61059, the same
    python bench/results/s16_leaf/leaf_experiment.py gen heur DIR     # the shipped file's solo games (50000-53999)
    python bench/results/s16_leaf/leaf_experiment.py fit DIR          # DIR/wc_<name>.json, the solo model replaced
    python bench/results/s16_leaf/leaf_experiment.py pair DIR/wc_h+e10.json 85800 150 medium 8 LOG
    python bench/results/s16_leaf/leaf_experiment.py report LOG

Seeds: 56000-56299 training (50000-59999), 61000-61059 validation (60000-61999), 85800-85949 the
paired games (the tuning range 85000-85999); bench/README.md "Seed ranges".
"""
from __future__ import annotations

import collections
import copy
import gzip
import json
import sys
import time
from math import comb
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
for _p in (ROOT, ROOT / "tools"):
    if str(_p) not in sys.path:
        sys.path.insert(0, str(_p))

PARTS = {"expert": (56000, 300, 0.5, 8), "val": (61000, 60, 0.5, 8)}
FITS = (("h+e3", True, 3.0), ("h+e10", True, 10.0), ("e", False, 1.0))


def gen(what: str, out: Path) -> None:
    import win_chance_data as D
    if what == "heur":
        jobs = [j for j in D.jobs(50000, 4000, 0.2) if j["mode"] == "solo"]
    else:
        seed, n, keep, worlds = PARTS[what]
        jobs = D.jobs(seed, n, keep, worlds, tables=(("solo", 1),))
    res = D.run(jobs, 2)
    out.mkdir(parents=True, exist_ok=True)
    with gzip.open(out / f"{what}.json.gz", "wt") as fh:
        json.dump(res, fh)


def fit(folder: Path) -> None:
    import numpy as np
    import train_win_chance as T
    from faeriell.bots.features import mode_features
    from faeriell.sim import rules

    def load(name):
        with gzip.open(folder / f"{name}.json.gz", "rt") as fh:
            return json.load(fh)
    heur, exp, val = load("heur"), load("expert"), load("val")
    Xv, yv, _, _ = T.matrices(val, "solo")
    book = json.loads((ROOT / "data" / "bots" / "win_chance.json").read_text())
    shipped = {k: np.asarray(book["models"]["solo"][k]) for k in ("mean", "scale", "weights")}
    shipped["bias"] = book["models"]["solo"]["bias"]
    print("the expert's games won", np.mean([bool(r["won"]) for r in exp]))
    print("shipped, on the expert's validation games", T.scores(T.predict(shipped, Xv), yv))
    for name, with_heur, weight in FITS:
        X, y, w, _ = T.matrices((heur if with_heur else []) + exp, "solo", weight)
        m = T.fit(X, y, w, 0, 1e-3, 1500, 50000)
        print(name, len(y), T.scores(T.predict(m, Xv), yv))
        b = copy.deepcopy(book)
        b["models"]["solo"] = T.model_entry(m, mode_features("solo", rules()))
        (folder / f"wc_{name}.json").write_text(json.dumps(b))


_BOOKS: dict = {}


def play(job) -> dict:
    from faeriell.bots.expert import ExpertBot
    from faeriell.bots.win_chance import read_model_book, win_chance
    from faeriell.engine import new_game
    from faeriell.sim import rules
    seed, arm, path, difficulty, worlds = job
    leaf = "learned"
    if arm == "B":
        book = _BOOKS.setdefault(path, read_model_book(path))
        leaf = lambda weights=None: (lambda w, p: win_chance(w, p, book))  # noqa: E731
    g = new_game(rules(), 1, "solo", difficulty, [], seed)
    bot = ExpertBot(seed * 7 + 1, iterations=worlds, leaf=leaf)
    t, n = time.process_time(), 0
    while not g.state.game_over and n < 4000:
        g.apply(bot.choose(g, g.acting))
        n += 1
    s = g.state
    return {"seed": seed, "arm": arm, "won": bool(s.winners), "ach": len(s.tribes[0].achievements),
            "rounds": s.round, "cpu": time.process_time() - t}


def pair(path: str, seed0: int, n: int, difficulty: str, worlds: int, log: Path) -> None:
    from multiprocessing import get_context
    done = set()
    if log.exists():
        done = {(r["seed"], r["arm"]) for r in map(json.loads, log.read_text().splitlines())}
    jobs = [(s, arm, path, difficulty, worlds) for s in range(seed0, seed0 + n) for arm in "AB"
            if (s, arm) not in done]
    with log.open("a") as fh, get_context("fork").Pool(2) as pool:
        for r in pool.imap_unordered(play, jobs, chunksize=1):
            fh.write(json.dumps(r) + "\n")
            fh.flush()


def report(log: Path) -> str:
    by: dict = collections.defaultdict(dict)
    for r in map(json.loads, log.read_text().splitlines()):
        by[r["seed"]][r["arm"]] = r
    pairs = [v for v in by.values() if "A" in v and "B" in v]
    a, b = sum(v["A"]["won"] for v in pairs), sum(v["B"]["won"] for v in pairs)
    only_a = sum(v["A"]["won"] and not v["B"]["won"] for v in pairs)
    only_b = sum(v["B"]["won"] and not v["A"]["won"] for v in pairs)
    m, k = only_a + only_b, min(only_a, only_b)
    p = min(1.0, 2 * sum(comb(m, i) for i in range(k + 1)) / 2 ** m) if m else 1.0
    ach = [sum(v[x]["ach"] for v in pairs) / max(1, len(pairs)) for x in "AB"]
    return (f"{len(pairs)} seeds: shipped leaf {a} won, expert-trained leaf {b}; won by one only: "
            f"{only_a} / {only_b} (sign test p = {p:.2f}); Achievements {ach[0]:.2f} / {ach[1]:.2f}")


def main(argv: list[str]) -> int:
    cmd = argv[0]
    if cmd == "gen":
        gen(argv[1], Path(argv[2]))
    elif cmd == "fit":
        fit(Path(argv[1]))
    elif cmd == "pair":
        pair(argv[1], int(argv[2]), int(argv[3]), argv[4], int(argv[5]), Path(argv[6]))
    elif cmd == "report":
        print(report(Path(argv[1])))
    else:
        raise SystemExit(__doc__)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
