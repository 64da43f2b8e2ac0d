"""Session 17's study (kept with its output; not a maintained tool): the solo win chance with the
player's strength as an input (heuristic 0, expert 1).

    python bench/results/s17_strength/strength_fit.py DIR > bench/results/s17_strength/strength_fit.out

DIR holds the games that session 16's experiment played (bench/results/s16_leaf/leaf_experiment.py
`gen heur DIR`, `gen expert DIR`, `gen val DIR`): the shipped file's 1,336 heuristic solo games
(seeds 50000-53999), 300 expert solo games at 8 worlds (56000-56299) and 60 more for validation
(61000-61059). A fifth of the heuristic games (every fifth seed) is held out. For each fit: log
loss, Brier and the worst judged bin's gap (bins of 0.1 with 20 positions or more) on the held-out
heuristic games (strength 0) and on the expert's validation games (strength 1); then the bins as
mean predicted / observed (positions). `inter` adds strength x feature products (a slope per
player); `ew` weights an expert position against a heuristic one.
"""
import gzip
import json
import os
import sys
from pathlib import Path

os.environ["OPENBLAS_NUM_THREADS"] = "1"
ROOT = Path(__file__).resolve().parents[3]
sys.path[:0] = [str(ROOT), str(ROOT / "tools")]
import numpy as np  # noqa: E402
import train_win_chance as T  # noqa: E402

DIR = Path(sys.argv[1])


def load(n):
    with gzip.open(DIR / f"{n}.json.gz", "rt") as fh:
        return json.load(fh)
heur, exp, val = load("heur"), load("expert"), load("val")
hseeds = sorted({r["seed"] for r in heur})
hold = set(hseeds[::5])
htr = [r for r in heur if r["seed"] not in hold]
hva = [r for r in heur if r["seed"] in hold]


def rows(games, strength):
    X, y, _w, g = T.matrices(games, "solo")
    return X, y, np.full(len(y), float(strength))


def aug(X, s, inter):
    cols = [X, s[:, None]] + ([X * s[:, None]] if inter else [])
    return np.hstack(cols)


def judged(p, y):
    for b in range(10):
        m = (p >= b / 10) & (p < (b + 1) / 10 + (b == 9))
        if m.sum() >= 20:
            yield b, m


def bins(p, y):
    return " ".join(f"{b / 10:.1f}:{p[m].mean():.2f}/{y[m].mean():.2f}({m.sum()})" for b, m in judged(p, y))


def worst(p, y):
    return round(max(abs(p[m].mean() - y[m].mean()) for _b, m in judged(p, y)), 3)


def line(name, p, y):
    sc = T.scores(p, y)
    return f"{name} log loss {sc['log_loss']} Brier {sc['brier']} (base {sc['brier_base_rate']}) worst bin {worst(p, y)}"


Xh, yh, sh = rows(htr, 0)
Xe, ye, se = rows(exp, 1)
Xhv, yhv, shv = rows(hva, 0)
Xev, yev, sev = rows(val, 1)
print(f"positions: heuristic {len(yh)} (+{len(yhv)} held out), expert {len(ye)} (+{len(yev)} validation); "
      f"won {yh.mean():.3f} / {yhv.mean():.3f}, {ye.mean():.3f} / {yev.mean():.3f}")
book = json.loads((ROOT / "data" / "bots" / "win_chance.json").read_text())
shipped = {k: np.asarray(book["models"]["solo"][k]) for k in ("mean", "scale", "weights")}
shipped["bias"] = book["models"]["solo"]["bias"]
ph, pe = T.predict(shipped, Xhv), T.predict(shipped, Xev)
print("shipped (trained on all these heuristic games):")
print("  " + line("heuristic held out:", ph, yhv))
print("  " + line("expert validation: ", pe, yev))
print("  expert bins", bins(pe, yev))
for inter in (False, True):
    for ew in (1.0, 3.0, 10.0):
        X = aug(np.vstack([Xh, Xe]), np.concatenate([sh, se]), inter)
        y = np.concatenate([yh, ye])
        w = np.concatenate([np.ones(len(yh)), np.full(len(ye), ew)])
        m = T.fit(X, y, w, 0, 1e-3, 1500, 50000)
        ph, pe = T.predict(m, aug(Xhv, shv, inter)), T.predict(m, aug(Xev, sev, inter))
        print(f"strength feature, inter={inter}, ew={ew}:")
        print("  " + line("heuristic held out:", ph, yhv))
        print("  " + line("expert validation: ", pe, yev))
        print("  expert bins   ", bins(pe, yev))
        print("  heuristic bins", bins(ph, yhv))
