"""Fit the expert's chance: the learned win chance re-scaled to how the expert's own games ended.

    python tools/fit_expert_chance.py --saves DIR [DIR ...] [--out data/bots/expert_chance.json]

The learned model (data/bots/win_chance.json) was trained mostly on the heuristic's games, so its
chance is a weak player's: about 3% at the start of a solo Medium game that the expert, at the
table's setting, wins more than half of. The chance the game shows should mean "the coach, playing
on from here, wins" (issue 41, item 1). This fits, per table with expert games (solo; Full Coop and
competitive by their players: coop2-coop4, competitive2-competitive4), a Platt scaling of the learned model's logit with a round term,
chance = sigmoid(a * logit + c * round + b) (round standardized as the model reads it), on every
decision of the game in play of
the expert's saved games (`python -m faeriell.sim --bots expert --budget 1.0 --cpu-clock --level-opts
'{"expert": {"helpers": 1}}' --save-dir DIR`: the table's expert and clock). Three numbers, not a new
model: a few dozen games are enough to place them, and within a round the map is monotone, so it
keeps the learned model's order of the moves of a decision (what the coach at your elbow and the
review compare). The learned model is linear, so the result is the same model with changed weights.

Anchored start (`--anchor LOG.jsonl`): a few dozen games place the slope well but not the level (17
games that happened to win 8 put the start of a solo Medium game at 0.42 where the expert wins about
0.6). Outcomes alone are cheap to have in numbers: a bench/bots.py log of the same expert at the same
setting (no saves, just who won) gives the expert's win rate from the start; with it the intercept b
is moved so the fit's mean chance at the training games' first decisions equals that rate (pooled
with the training games' own outcomes), a and the round term kept. Leave-one-game-out over the 17
training games: Brier 0.2055 anchored against 0.2135 not (bench/README.md).

The file records the command, the seeds of the games and the fit's size; bench/calibration.py
--expert-saves checks it on games of another seed range (bench/README.md, "Seed ranges").
numpy is needed here only.
"""
from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

TRAIN_RANGE = (57000, 57999)      # bench/README.md: the expert's games this fit learns from
CALIBRATION_RANGE = (62000, 64999)  # bench/calibration.py's held-out games: never an anchor
# What a bench/bots.py log's games must have been to anchor a fit: the table's expert and clock.
ANCHOR_EXPERT = {"budget": 1.0, "helpers": 1}


def learned_logit(game, seat: int) -> tuple[float, float]:
    """(the shipped learned model's logit for `seat`'s side, its standardized round feature): what
    the scaling reads (before any scaling)."""
    from faeriell.bots.features import vector
    from faeriell.bots.win_chance import model_book
    model = model_book().of(game.state.mode)
    x = vector(game, seat, model.features)
    k = model.features.index("round")
    return model.logit(x), (x[k] - model.mean[k]) / model.scale[k]


def handover(path: Path) -> int:
    """Where the expert took over a saved game: 0, or for a game played on from another player's
    positions (`faeriell.sim --opening`), the actions before it, read from the file beside the save."""
    from faeriell.sim import handover_path
    side = handover_path(path)
    if not side.exists():
        return 0
    try:
        k = json.loads(side.read_text(encoding="utf-8"))["handover"]
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise SystemExit(f"{side}: cannot read where the expert took over ({type(e).__name__}: {e})") from e
    if not isinstance(k, int) or isinstance(k, bool) or k < 0:
        raise SystemExit(f"{side}: field 'handover' must be a whole number of actions, not {k!r}")
    return k


def positions(path: Path, rules, value=learned_logit) -> tuple[dict, list[tuple[float, int]]]:
    """(origin, [(value(game, seat), outcome)] at every decision in play, in order) of one finished
    expert save, from where the expert took over (handover: the start, or after another player's
    opening, `faeriell.sim --opening`). Solo and Full Coop have one side, seat 0 (the tribe; the
    team, every seat reads the same); a competitive game has a side per seat, so each decision gives
    a row for every seat, in seat order, with that seat's own outcome."""
    from faeriell.engine import Action
    from faeriell.engine.saves import parse, rebuild

    data = parse(path.read_text(encoding="utf-8"))
    origin = data["origin"]
    g = rebuild(rules, origin)
    sides = list(range(g.state.players)) if origin.get("mode") == "competitive" else [0]
    first = handover(path)
    rows = []
    for k, raw in enumerate(data["actions"]):
        if k >= first and g.state.stage == "play" and not g.state.game_over:
            rows.extend((seat, value(g, seat)) for seat in sides)
        g.apply(Action.from_dict(raw))
    if not g.state.game_over:
        raise ValueError(f"{path}: the game did not end; only finished games teach an outcome")
    return origin, [(x, 1 if seat in g.state.winners else 0) for seat, x in rows]


def with_rival(rows: list, players: int) -> list:
    """A competitive game's rows (each decision's seats in seat order, ((logit, round), outcome))
    with the strongest other seat's learned logit beside each seat's own: ((logit, round, rival),
    outcome). The learned model values each seat alone, so two seats can both read 90% where, with
    the expert in every seat, one of them goes on to win."""
    out = []
    for k in range(0, len(rows), players):
        group = rows[k:k + players]
        for i, ((x, r), y) in enumerate(group):
            out.append(((x, r, max(g[0][0] for j, g in enumerate(group) if j != i)), y))
    return out


def fit_platt(rows: list, l2: float = 1e-3) -> tuple[float, ...]:
    """Platt scaling by Newton's method with a small ridge toward "no change" (so a small set
    cannot run away): rows (x, y) give (a, b) of sigmoid(a x + b); rows ((x, r), y) also fit
    a round term c, sigmoid(a x + c r + b) (returned as (a, b, c)): the learned chance's error
    is not the same early and late (it learned from weaker play, whose early positions lose);
    rows ((x, r, v), y) a rival term d as well (sigmoid(a x + c r + d v + b), returned as (a, b,
    c, d)); any further inputs likewise, each with its own weight after b."""
    import numpy as np
    xs = [r[0] if isinstance(r[0], tuple) else (r[0],) for r in rows]
    extra = len(xs[0]) - 1
    x = np.array([v[0] for v in xs], dtype=float)
    y = np.array([r[1] for r in rows], dtype=float)
    cols = [x, np.ones_like(x)] + [np.array([v[1 + k] for v in xs], dtype=float) for k in range(extra)]
    X = np.stack(cols, axis=1)
    prior = np.array([1.0, 0.0] + [0.0] * extra)
    w = prior.copy()
    eye = np.eye(len(prior))
    ridge = l2 * len(y)

    def loss(v):
        z = X @ v           # the penalized log-loss, in a form that cannot overflow
        return float(np.sum(np.logaddexp(0.0, z) - y * z) + 0.5 * ridge * np.sum((v - prior) ** 2))

    for _ in range(100):
        p = 0.5 * (1.0 + np.tanh(0.5 * (X @ w)))          # sigmoid without overflow
        grad = X.T @ (p - y) + ridge * (w - prior)
        H = (X * (p * (1 - p))[:, None]).T @ X + ridge * eye
        step = np.linalg.solve(H, grad)
        # Newton's step, halved until it lowers the loss: one confident loss (a game lost from a
        # high chance) can send the plain step off to infinity
        t, before = 1.0, loss(w)
        while loss(w - t * step) > before and t > 1e-6:
            t /= 2
        w = w - t * step
        if float(np.abs(t * step).max()) < 1e-9:
            break
    return tuple(float(v) for v in w)


def sigmoid(t: float) -> float:
    """1 / (1 + exp(-t)), written so that no t overflows."""
    return 0.5 * (1.0 + math.tanh(0.5 * t))


def leave_one_out(games: list[list], l2: float = 1e-3, with_round: bool = True, rival: bool = False) -> float:
    """The Brier score of the fit over the positions of every game in turn, each predicted by a fit
    on the other games: how a form (with or without the round term, the rival term) or a ridge is
    chosen on the training games alone. `games` holds each game's rows ((logit, round), outcome), or
    ((logit, round, rival), outcome) for a competitive table (with_rival)."""
    def inputs(x):
        return (x[0],) + ((x[1],) if with_round else ()) + ((x[2],) if rival else ())
    se = n = 0.0
    for k, held in enumerate(games):
        train = [(inputs(x), y) for j, rows in enumerate(games) if j != k for x, y in rows]
        a, b, *w = fit_platt(train, l2=l2)
        for x, y in held:
            t = a * x[0] + b + sum(wk * v for wk, v in zip(w, inputs(x)[1:], strict=True))
            se += (sigmoid(t) - y) ** 2
            n += 1
    return se / n


def anchor_rate(paths: list[str], key: str, difficulty: str = "medium") -> tuple[int, int, list[int]]:
    """(games won, games, seeds) of the `difficulty` games at table `key` (a mode, or a Full Coop
    table such as "coop2": win_chance.table_key) of the table's expert in these bench/bots.py logs
    (JSON lines). A game of another setting, or of the calibration range, is refused by name: it
    would measure another player, or spoil the held-out check."""
    from faeriell.bots.win_chance import table_key
    won = n = 0
    seeds: list[int] = []
    for path in paths:
        for line_no, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip():
                continue
            try:
                r = json.loads(line)
                cfg, bots = r["cfg"], r["bots"]
                seed = int(cfg["seed"])
                table = table_key(str(cfg.get("mode")), int(cfg.get("players", 1)))
            except (ValueError, KeyError, TypeError) as exc:
                raise SystemExit(f"{path}:{line_no}: not a bench/bots.py game record ({exc})") from None
            if table != key or cfg.get("difficulty") != difficulty:
                continue
            opts = (r.get("level_opts") or {}).get("expert") or {}
            if bots != ["expert"] * len(bots) or r.get("clock") != "cpu" \
                    or any(opts.get(k) != v for k, v in ANCHOR_EXPERT.items()):
                raise SystemExit(f"{path}:{line_no}: seed {seed}: not the table's expert ({bots}, {opts}); "
                                 f"an anchor must be {ANCHOR_EXPERT} on the CPU clock")
            if CALIBRATION_RANGE[0] <= seed <= CALIBRATION_RANGE[1]:
                raise SystemExit(f"{path}:{line_no}: seed {seed} is in the calibration range {CALIBRATION_RANGE}")
            won += 1 if r.get("winners") else 0
            n += 1
            seeds.append(seed)
    return won, n, seeds


def anchored_b(a: float, c: float, starts: list[tuple[float, float]], rate: float) -> float:
    """The intercept b that makes the mean of sigmoid(a * x + c * r + b) over `starts` (x, r) equal
    `rate` (bisection: the mean rises with b)."""
    lo, hi = -20.0, 20.0
    for _ in range(100):
        mid = (lo + hi) / 2
        mean = sum(sigmoid(a * x + c * r + mid) for x, r in starts) / len(starts)
        lo, hi = (mid, hi) if mean < rate else (lo, mid)
    return (lo + hi) / 2


def print_leave_one_out(per_game: dict[str, list[list]]) -> None:
    """Per table, the Brier score of each form and ridge with every game left out in turn, beside the
    learned chance unscaled: what chooses a table's form on its training games alone."""
    for key, games in sorted(per_game.items()):
        rows = [r for g in games for r in g]
        rate = sum(y for _x, y in rows) / len(rows)
        won = sum(1 for g in games if any(y for _x, y in g))       # games somebody won
        print(f"{key}: {len(games)} games ({won} won), {len(rows)} positions; Brier with each game "
              f"left out (the base rate's {sum((rate - y) ** 2 for _x, y in rows) / len(rows):.4f}):")
        # the learned chance as it is (a=1, b=0): what a scaling must beat to be worth shipping
        same = sum((sigmoid(x) - y) ** 2 for (x, *_more), y in rows) / len(rows)
        print(f"  {'no scaling':>10}  (the learned chance as it is): {same:.4f}")
        rivals = (False, True) if key.startswith("competitive") else (False,)
        for rival in rivals:
            for with_round in (False, True):
                form = ("round term" if with_round else "plain") + (" + rival" if rival else "")
                for l2 in (1e-3, 1e-2, 1e-1):
                    print(f"  {form:>10}  ridge {l2:g}: {leave_one_out(games, l2, with_round, rival):.4f}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--saves", nargs="+", required=True, help="folders of finished expert saves")
    ap.add_argument("--out", default=str(ROOT / "data" / "bots" / "expert_chance.json"))
    ap.add_argument("--anchor", nargs="+", default=[], metavar="LOG",
                    help="bench/bots.py logs of the table's expert: their win rate (with the training "
                         "games') places the chance at the start of a game (solo Medium)")
    ap.add_argument("--ridge", nargs="+", default=[], metavar="TABLE=L2",
                    help="a table's ridge (e.g. competitive2=0.1), chosen with --leave-one-out; "
                         "every other table keeps the default 0.001")
    ap.add_argument("--leave-one-out", action="store_true",
                    help="write nothing: print, per table, the Brier score of each form and ridge with "
                         "every game left out in turn (to choose them on the training games alone)")
    args = ap.parse_args(argv)
    ridge: dict[str, float] = {}
    for item in args.ridge:
        key, _, value = item.partition("=")
        try:
            ridge[key] = float(value)
        except ValueError:
            raise SystemExit(f"--ridge {item}: expected TABLE=L2, such as competitive2=0.1") from None
    from faeriell.bots.win_chance import table_key
    from faeriell.content.rules_loader import default_rules
    rules = default_rules()
    by_mode: dict[str, list] = {}
    seeds: dict[str, list[int]] = {}
    starts: dict[str, list[tuple]] = {}
    per_game: dict[str, list[list]] = {}
    for folder in args.saves:
        for path in sorted(Path(folder).glob("*.json")):
            origin, rows = positions(path, rules)
            if origin["mode"] == "competitive":
                rows = with_rival(rows, int(origin["players"]))
            seed = int(origin["seed"])
            if not TRAIN_RANGE[0] <= seed <= TRAIN_RANGE[1]:
                raise SystemExit(f"{path}: seed {seed} is outside the training range {TRAIN_RANGE}: "
                                 f"another range's games would spoil its measure")
            if not rows:       # a game played on from an opening that ended before the expert took over
                print(f"{path.name}: no decision from the expert's handover on: left out")
                continue
            # one scaling per table: solo, Full Coop and competitive by their players (the learned model
            # is one per mode and reads the players, but the expert's reach differs by table)
            key = table_key(origin["mode"], int(origin["players"]))
            by_mode.setdefault(key, []).extend(rows)
            per_game.setdefault(key, []).append(rows)
            seeds.setdefault(key, []).append(seed)
            if origin.get("difficulty") == "medium" and not handover(path):
                starts.setdefault(key, []).append(rows[0])       # a game's start: not one played on
    if args.leave_one_out:
        print_leave_one_out(per_game)
        return 0
    out = {"format": 1,
           "about": "Platt scaling of data/bots/win_chance.json's logit to the expert's outcomes, "
                    "per table (solo; Full Coop and competitive by players, coop2-coop4 and competitive2-"
                    "competitive4, on their mode's model): chance = "
                    "1 / (1 + exp(-(a * logit + round * z_round + rival * rival_logit + b))), z_round the "
                    "model's standardized round feature, rival_logit (competitive) the strongest other "
                    "seat's learned logit",
           "command": "python tools/fit_expert_chance.py " + " ".join(sys.argv[1:] if argv is None else argv),
           "expert": "ExpertBot at 1 s a decision on the CPU clock with one helper process (the table's)",
           "modes": {}}
    for key, rows in sorted(by_mode.items()):
        a, b, c, *rival = fit_platt(rows, l2=ridge.get(key, 1e-3))
        if a <= 0 or len({y for _x, y in rows}) < 2:
            raise SystemExit(f"{key}: the games teach no scaling (a={a:.3f}; outcomes "
                             f"{sorted({y for _x, y in rows})}): play more games, won and lost")
        games = sorted(seeds[key])
        wins = sum(1 for _x, y in rows if y) / max(1, len(rows))
        entry = {"a": round(a, 6), "b": round(b, 6), "round": round(c, 6), "games": len(games),
                 "positions": len(rows), "seeds": [games[0], games[-1]], "position_win_share": round(wins, 4)}
        if rival:
            entry["rival"] = round(rival[0], 6)
        if key in ridge:
            entry["ridge"] = ridge[key]
        # a competitive game has a side per seat: no one rate of "the expert won" places its start
        anchored = args.anchor and not key.startswith("competitive")
        anchor_won, anchor_n, anchor_seeds = anchor_rate(args.anchor, key) if anchored else (0, 0, [])
        if anchor_n and starts.get(key):
            own = starts[key]
            rate = (anchor_won + sum(y for _x, y in own)) / (anchor_n + len(own))
            b = anchored_b(a, c, [x for x, _y in own], rate)
            entry.update(b=round(b, 6), fitted_b=entry["b"],
                         anchor={"rate": round(rate, 4), "games": anchor_n + len(own),
                                 "log_games": anchor_n, "log_seeds": [min(anchor_seeds), max(anchor_seeds)]})
            print(f"{key}: anchored at the start to {rate:.3f} ({anchor_won} of {anchor_n} logged games "
                  f"and the training games' own outcomes)")
        out["modes"][key] = entry
        print(f"{key}: a={a:.4f} b={b:.4f} round={c:.4f}" + (f" rival={rival[0]:.4f}" if rival else "")
              + f" from {len(rows)} positions of {len(games)} games")
    Path(args.out).write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    print("wrote", args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
