"""Train the learned win chance (faeriell/bots/win_chance.py) on self-play games; seeded, reproducible.

    python tools/train_win_chance.py                         # the shipped file's defaults, both cores
    python tools/train_win_chance.py --games 40 --expert-games 0 --val-games 20 --out /tmp/wc.json

1. Games (tools/win_chance_data.py, a pool of `--workers` processes): `--games` heuristic games
   from `--seed` (50000), then `--expert-games` solo games of the expert (a tiny fixed
   `--expert-iterations`) right after them, so the coach's chances also know good play, then
   `--coop-games` more heuristic Full Coop games (a won coop game is rare); and
   `--val-games` heuristic plus `--val-expert-games` expert games from `--val-seed` (60000) to
   watch the fit. Seeds 50000-59999 are for training, 60000-61999 for this validation, 62000-64999
   for bench/calibration.py (bench/README.md, "Seed ranges"); 20000-39999 are never used here.
2. One model per mode on that mode's features (features.py), standardized: a logistic
   regression (`--hidden 0`) or a network with one tanh layer of `--hidden` units, fitted by
   full-batch gradient descent (Adam) with an L2 penalty, from weights drawn by a generator seeded
   by `--seed`: the same arguments give the same weights.
3. The file (`--out`, default data/bots/win_chance.json) holds the models, the command that made
   it, the seed ranges, the dataset's size and the validation's log loss and Brier score.

`--cache DIR` keeps the played games (one JSON file per part, named by its arguments) so a second
fit with other model settings does not play them again. numpy is needed here only (training);
the game reads the file in plain Python.
"""
from __future__ import annotations

import argparse
import gzip
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for p in (ROOT, ROOT / "tools"):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))

import win_chance_data as D  # noqa: E402

# one BLAS thread: the fit's sums come out in the same order on every run (the same weights for
# the same seed), and a shared 2-core machine is not oversubscribed
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

MODES = ("solo", "coop", "competitive")
TRAIN_RANGE = (50000, 59999)
VAL_RANGE = (60000, 61999)
CALIBRATION_RANGE = (62000, 64999)


def _part(name: str, job_list: list, args, cache: Path | None) -> list[dict]:
    if not job_list:
        return []
    lo, hi = job_list[0]["seed"], job_list[-1]["seed"]
    key = f"{name}-{lo}-{hi}-keep{job_list[0]['keep']}-x{job_list[0]['expert']}.json.gz"
    if cache is not None and (cache / key).is_file():
        with gzip.open(cache / key, "rt") as fh:
            return json.load(fh)
    t0 = time.perf_counter()

    def progress(done, total):
        if not args.quiet and (done == total or done % 100 == 0):
            print(f"  {name}: {done}/{total} games, {time.perf_counter() - t0:.0f} s", file=sys.stderr, flush=True)
    res = D.run(job_list, args.workers, progress)
    if not args.quiet:
        print(f"  {name}: {len(res)} games in {time.perf_counter() - t0:.0f} s", file=sys.stderr, flush=True)
    if cache is not None:
        cache.mkdir(parents=True, exist_ok=True)
        with gzip.open(cache / key, "wt") as fh:
            json.dump(res, fh)
    return res


def matrices(games: list[dict], mode: str, expert_weight: float = 1.0):
    """(X, y, weight, game id) of one mode's positions."""
    import numpy as np
    X, y, w, gid = [], [], [], []
    for r in games:
        if r["mode"] != mode:
            continue
        wt = expert_weight if r["source"] == "expert" else 1.0
        for x, label, _seat in r["rows"]:
            X.append(x)
            y.append(label)
            w.append(wt)
            gid.append(r["seed"])
    if not X:
        return None
    return (np.asarray(X, dtype=float), np.asarray(y, dtype=float), np.asarray(w, dtype=float),
            np.asarray(gid))


def fit(X, y, w, hidden: int, l2: float, epochs: int, seed: int, lr: float = 0.03):
    """Standardize, then fit by full-batch Adam on the weighted log loss + l2. Returns the model dict."""
    import numpy as np
    mean = X.mean(axis=0)
    scale = X.std(axis=0)
    scale[scale < 1e-6] = 1.0
    Z = (X - mean) / scale
    n, d = Z.shape
    rng = np.random.default_rng(seed)
    w = w / w.sum()
    params = {}
    if hidden:
        params["H"] = rng.normal(0.0, 1.0 / np.sqrt(d), size=(hidden, d))
        params["c"] = np.zeros(hidden)
        params["v"] = rng.normal(0.0, 1.0 / np.sqrt(hidden), size=hidden)
    else:
        params["v"] = np.zeros(d)
    base = float(np.clip((w * y).sum(), 1e-4, 1 - 1e-4))
    params["b"] = np.array([np.log(base / (1 - base))])
    m = {k: np.zeros_like(p) for k, p in params.items()}
    s2 = {k: np.zeros_like(p) for k, p in params.items()}
    b1, b2, eps = 0.9, 0.999, 1e-8
    for t in range(1, epochs + 1):
        if hidden:
            A = np.tanh(Z @ params["H"].T + params["c"])
            out = A @ params["v"] + params["b"][0]
        else:
            out = Z @ params["v"] + params["b"][0]
        p = 1.0 / (1.0 + np.exp(-np.clip(out, -30, 30)))
        g_out = w * (p - y)                      # d(loss)/d(out), the weighted mean log loss
        grads = {"b": np.array([g_out.sum()])}
        if hidden:
            grads["v"] = A.T @ g_out + l2 * params["v"]
            g_a = np.outer(g_out, params["v"]) * (1 - A * A)
            grads["H"] = g_a.T @ Z + l2 * params["H"]
            grads["c"] = g_a.sum(axis=0)
        else:
            grads["v"] = Z.T @ g_out + l2 * params["v"]
        for k in params:
            m[k] = b1 * m[k] + (1 - b1) * grads[k]
            s2[k] = b2 * s2[k] + (1 - b2) * grads[k] ** 2
            mh = m[k] / (1 - b1 ** t)
            sh = s2[k] / (1 - b2 ** t)
            params[k] = params[k] - lr * mh / (np.sqrt(sh) + eps)
    out = {"mean": mean, "scale": scale, "weights": params["v"], "bias": float(params["b"][0])}
    if hidden:
        out["hidden"] = params["H"]
        out["hidden_bias"] = params["c"]
    return out


def predict(model: dict, X):
    import numpy as np
    Z = (X - model["mean"]) / model["scale"]
    if "hidden" in model:
        Z = np.tanh(Z @ model["hidden"].T + model["hidden_bias"])
    out = Z @ model["weights"] + model["bias"]
    return 1.0 / (1.0 + np.exp(-np.clip(out, -30, 30)))


def scores(p, y) -> dict:
    import numpy as np
    if len(y) == 0:
        return {}
    eps = 1e-6
    pc = np.clip(p, eps, 1 - eps)
    base = float(y.mean())
    return {"positions": int(len(y)), "win_rate": round(base, 4),
            "log_loss": round(float(-(y * np.log(pc) + (1 - y) * np.log(1 - pc)).mean()), 4),
            "brier": round(float(((p - y) ** 2).mean()), 4),
            "brier_base_rate": round(float(((base - y) ** 2).mean()), 4)}


def _r(x, digits: int = 6):
    """Numbers written with `digits` significant digits (the file stays readable and stable)."""
    import numpy as np
    if isinstance(x, np.ndarray):
        return [_r(v, digits) for v in x.tolist()]
    if isinstance(x, list):
        return [_r(v, digits) for v in x]
    return float(f"{float(x):.{digits}g}")


def model_entry(model: dict, features) -> dict:
    """A fitted model as the file holds it (faeriell/bots/win_chance.py reads it back)."""
    entry = {"features": list(features), "mean": _r(model["mean"]), "scale": _r(model["scale"]),
             "weights": _r(model["weights"]), "bias": _r(model["bias"])}
    if "hidden" in model:
        entry["hidden"] = _r(model["hidden"])
        entry["hidden_bias"] = _r(model["hidden_bias"])
    return entry


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="python tools/train_win_chance.py", description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=50000, help="first training seed (and the fit's seed)")
    ap.add_argument("--games", type=int, default=4000, help="heuristic training games")
    ap.add_argument("--expert-games", type=int, default=150, help="solo expert training games")
    ap.add_argument("--coop-games", type=int, default=0,
                    help="more heuristic Full Coop games after the expert's (a won coop game is rare: "
                         "its middle chances need more of them)")
    ap.add_argument("--expert-iterations", type=int, default=2, help="the expert's worlds a decision")
    ap.add_argument("--expert-weight", type=float, default=3.0,
                    help="weight of an expert game's positions against a heuristic game's")
    ap.add_argument("--val-seed", type=int, default=60000, help="first validation seed")
    ap.add_argument("--val-games", type=int, default=1000)
    ap.add_argument("--val-expert-games", type=int, default=50)
    ap.add_argument("--keep", type=float, default=0.2, help="share of decisions kept as positions")
    ap.add_argument("--hidden", type=int, default=0, help="hidden units (0: logistic regression)")
    ap.add_argument("--l2", type=float, default=1e-3)
    ap.add_argument("--epochs", type=int, default=1500)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--cache", default=None, help="folder keeping the played games between fits")
    ap.add_argument("--out", default=str(ROOT / "data" / "bots" / "win_chance.json"))
    ap.add_argument("--quiet", action="store_true")
    return ap


def check_ranges(args) -> None:
    n_train = args.games + args.expert_games + args.coop_games
    n_val = args.val_games + args.val_expert_games
    for name, lo, n, (a, b) in (("training", args.seed, n_train, TRAIN_RANGE),
                                ("validation", args.val_seed, n_val, VAL_RANGE)):
        if n and not (a <= lo and lo + n - 1 <= b):
            raise SystemExit(f"the {name} games would use seeds {lo}-{lo + n - 1}, outside {a}-{b} "
                             "(bench/README.md, 'Seed ranges')")


def _weighty(argv: list) -> list:
    """The arguments that decide the weights (the cache, the file written, the workers and the
    progress lines do not), as given."""
    out, skip = [], False
    for a in argv:
        if skip:
            skip = False
            continue
        name = a.split("=", 1)[0]
        if name in ("--cache", "--out", "--workers"):
            skip = "=" not in a
            continue
        if name == "--quiet":
            continue
        out.append(a)
    return out


def train(args, argv) -> dict:
    import numpy as np
    check_ranges(args)
    cache = Path(args.cache) if args.cache else None
    t0 = time.perf_counter()
    heur = _part("train", D.jobs(args.seed, args.games, args.keep), args, cache)
    exp_jobs = D.jobs(args.seed + args.games, args.expert_games, args.keep, args.expert_iterations,
                      tables=(("solo", 1),))
    expert = _part("train-expert", exp_jobs, args, cache)
    coop_tables = tuple(t for t in D.TABLES if t[0] == "coop")
    heur += _part("train-coop", D.jobs(args.seed + args.games + args.expert_games, args.coop_games, args.keep,
                                       tables=coop_tables), args, cache)
    val = _part("val", D.jobs(args.val_seed, args.val_games, args.keep), args, cache)
    val_exp = _part("val-expert", D.jobs(args.val_seed + args.val_games, args.val_expert_games, args.keep,
                                         args.expert_iterations, tables=(("solo", 1),)), args, cache)
    if not args.quiet:
        print(f"games played (or read from the cache) in {time.perf_counter() - t0:.0f} s", file=sys.stderr)
    from faeriell.bots.features import mode_features
    from faeriell.sim import rules
    R = rules()
    models, report = {}, {}
    for k, mode in enumerate(MODES):
        data = matrices(heur + expert, mode, args.expert_weight)
        if data is None:
            raise SystemExit(f"no {mode} positions: play more games (--games)")
        X, y, w, gid = data
        model = fit(X, y, w, args.hidden, args.l2, args.epochs, args.seed + k)
        models[mode] = model_entry(model, mode_features(mode, R))
        rep = {"train": {"games": int(len(set(gid.tolist()))), **scores(predict(model, X), y)}}
        for name, part in (("validation", val), ("validation_expert", val_exp)):
            vd = matrices(part, mode)
            if vd is not None:
                rep[name] = {"games": int(len(set(vd[3].tolist()))), **scores(predict(model, vd[0]), vd[1])}
        report[mode] = rep
    counts = {"heuristic_games": len(heur), "of_them_more_coop": args.coop_games, "expert_games": len(expert),
              "positions": int(sum(len(r["rows"]) for r in heur + expert)),
              "validation_games": len(val) + len(val_exp),
              "validation_positions": int(sum(len(r["rows"]) for r in val + val_exp))}
    seeds = {"training": [args.seed, args.seed + args.games + args.expert_games + args.coop_games - 1],
             "validation": [args.val_seed, args.val_seed + args.val_games + args.val_expert_games - 1],
             "calibration (bench/calibration.py)": list(CALIBRATION_RANGE)}
    doc = {"format": 1,
           "about": "The learned win chance (faeriell/bots/win_chance.py): one model per mode on the "
                    "features of faeriell/bots/features.py, trained on self-play by "
                    "tools/train_win_chance.py. Do not edit by hand: train again.",
           "command": "python tools/train_win_chance.py " + " ".join(_weighty(argv)),
           "arguments": {k: v for k, v in vars(args).items() if k not in ("out", "cache", "quiet", "workers")},
           "seeds": seeds, "dataset": counts, "expert_iterations": args.expert_iterations,
           "model": "logistic regression" if not args.hidden else f"one tanh layer of {args.hidden}",
           "l2": args.l2, "epochs": args.epochs, "fit": report}
    doc["models"] = models
    np.seterr(all="ignore")
    return doc


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    args = build_parser().parse_args(argv)
    doc = train(args, argv)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    from faeriell.storage.atomic import atomic_write
    atomic_write(out, json.dumps(doc, indent=1) + "\n")
    if not args.quiet:
        print(json.dumps({"dataset": doc["dataset"], "fit": doc["fit"]}, indent=1))
        print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
