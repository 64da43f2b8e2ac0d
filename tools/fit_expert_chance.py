"""Fit the expert's chance: the learned win chance re-scaled to how the expert's own games ended.

    python tools/fit_expert_chance.py --saves DIR [DIR ...] [--out data/bots/expert_chance.json]

The learned model (data/bots/win_chance.json) was trained mostly on the heuristic's games, so its
chance is a weak player's: about 3% at the start of a solo Medium game that the expert, at the
table's setting, wins more than half of. The chance the game shows should mean "the coach, playing
on from here, wins" (issue 41, item 1). This fits, per mode with expert games, a Platt scaling of
the learned model's logit with a round term, chance = sigmoid(a * logit + c * round + b) (round
standardized as the model reads it), on every decision of the game in play of
the expert's saved games (`python -m faeriell.sim --bots expert --budget 1.0 --cpu-clock --level-opts
'{"expert": {"helpers": 1}}' --save-dir DIR`: the table's expert and clock). Three numbers, not a new
model: a few dozen games are enough to place them, and within a round the map is monotone, so it
keeps the learned model's order of the moves of a decision (what the coach at your elbow and the
review compare). The learned model is linear, so the result is the same model with changed weights.

The file records the command, the seeds of the games and the fit's size; bench/calibration.py
--expert-saves checks it on games of another seed range (bench/README.md, "Seed ranges").
numpy is needed here only.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

TRAIN_RANGE = (57000, 57999)      # bench/README.md: the expert's games this fit learns from


def learned_logit(game, seat: int) -> tuple[float, float]:
    """(the shipped learned model's logit for `seat`'s side, its standardized round feature): what
    the scaling reads (before any scaling)."""
    from faeriell.bots.features import vector
    from faeriell.bots.win_chance import model_book
    model = model_book().of(game.state.mode)
    x = vector(game, seat, model.features)
    k = model.features.index("round")
    return model.logit(x), (x[k] - model.mean[k]) / model.scale[k]


def positions(path: Path, rules, value=learned_logit) -> tuple[dict, list[tuple[float, int]]]:
    """(origin, [(value(game, seat), outcome)] at every decision in play, in order) of one finished
    expert save; seat 0 is the side (solo: the tribe; Full Coop: the team, every seat reads the same)."""
    from faeriell.engine import Action
    from faeriell.engine.saves import parse, rebuild

    data = parse(path.read_text(encoding="utf-8"))
    origin = data["origin"]
    if origin.get("mode") == "competitive":
        raise ValueError(f"{path}: a competitive game has a side per seat; fit Full Coop and solo only")
    g = rebuild(rules, origin)
    seat = 0
    rows = []
    for raw in data["actions"]:
        if g.state.stage == "play" and not g.state.game_over:
            rows.append(value(g, seat))
        g.apply(Action.from_dict(raw))
    if not g.state.game_over:
        raise ValueError(f"{path}: the game did not end; only finished games teach an outcome")
    won = 1 if seat in g.state.winners else 0
    return origin, [(x, won) for x in rows]


def fit_platt(rows: list, l2: float = 1e-3) -> tuple[float, ...]:
    """Platt scaling by Newton's method with a small ridge toward "no change" (so a small set
    cannot run away): rows (x, y) give (a, b) of sigmoid(a x + b); rows ((x, r), y) also fit
    a round term c, sigmoid(a x + c r + b) (returned as (a, b, c)): the learned chance's error
    is not the same early and late (it learned from weaker play, whose early positions lose)."""
    import numpy as np
    with_round = isinstance(rows[0][0], tuple)
    x = np.array([r[0][0] if with_round else r[0] for r in rows], dtype=float)
    y = np.array([r[1] for r in rows], dtype=float)
    cols = [x, np.ones_like(x)] + ([np.array([r[0][1] for r in rows], dtype=float)] if with_round else [])
    X = np.stack(cols, axis=1)
    prior = np.array([1.0, 0.0] + [0.0] * with_round)
    w = prior.copy()
    eye = np.eye(len(prior))
    for _ in range(60):
        p = 1.0 / (1.0 + np.exp(-(X @ w)))
        grad = X.T @ (p - y) + l2 * len(y) * (w - prior)
        H = (X * (p * (1 - p))[:, None]).T @ X + l2 * len(y) * eye
        step = np.linalg.solve(H, grad)
        w = w - step
        if float(np.abs(step).max()) < 1e-9:
            break
    return tuple(float(v) for v in w)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--saves", nargs="+", required=True, help="folders of finished expert saves")
    ap.add_argument("--out", default=str(ROOT / "data" / "bots" / "expert_chance.json"))
    args = ap.parse_args(argv)
    from faeriell.content.rules_loader import default_rules
    rules = default_rules()
    by_mode: dict[str, list] = {}
    seeds: dict[str, list[int]] = {}
    for folder in args.saves:
        for path in sorted(Path(folder).glob("*.json")):
            origin, rows = positions(path, rules)
            seed = int(origin["seed"])
            if not TRAIN_RANGE[0] <= seed <= TRAIN_RANGE[1]:
                raise SystemExit(f"{path}: seed {seed} is outside the training range {TRAIN_RANGE}: "
                                 f"another range's games would spoil its measure")
            key = origin["mode"]      # one scaling per mode, as win_chance.json has one model per mode
            by_mode.setdefault(key, []).extend(rows)
            seeds.setdefault(key, []).append(seed)
    out = {"format": 1,
           "about": "Platt scaling of data/bots/win_chance.json's logit to the expert's outcomes, "
                    "per mode: chance = 1 / (1 + exp(-(a * logit + round * z_round + b))), z_round the model's standardized "
                    "round feature",
           "command": "python tools/fit_expert_chance.py " + " ".join(sys.argv[1:] if argv is None else argv),
           "expert": "ExpertBot at 1 s a decision on the CPU clock with one helper process (the table's)",
           "modes": {}}
    for key, rows in sorted(by_mode.items()):
        a, b, c = fit_platt(rows)
        if a <= 0 or len({y for _x, y in rows}) < 2:
            raise SystemExit(f"{key}: the games teach no scaling (a={a:.3f}; outcomes "
                             f"{sorted({y for _x, y in rows})}): play more games, won and lost")
        games = sorted(seeds[key])
        wins = sum(1 for _x, y in rows if y) / max(1, len(rows))
        out["modes"][key] = {"a": round(a, 6), "b": round(b, 6), "round": round(c, 6), "games": len(games),
                             "positions": len(rows), "seeds": [games[0], games[-1]],
                             "position_win_share": round(wins, 4)}
        print(f"{key}: a={a:.4f} b={b:.4f} round={c:.4f} from {len(rows)} positions of {len(games)} games")
    Path(args.out).write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    print("wrote", args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
