#!/usr/bin/env python3
"""Are the win chances to be trusted? The shipped model on held-out games (issue 25, item 4).

    python bench/calibration.py                          # 1000 heuristic + 60 expert solo games, both cores
    python bench/calibration.py --games 40 --expert-games 0 --workers 1     # a quick look

Games come from seeds 62000-64999 (bench/README.md, "Seed ranges": never trained or validated
on), made like the training games (tools/win_chance_data.py: the same tables, difficulties and
policies; `--expert-games` solo games of the expert with `--expert-iterations` worlds). At a
share of the decisions, `win_chance(game, seat)` is asked (the shipped file, the game's own code
path) and set against how that game ended for that side.

The table: ten bins of predicted chance; for each, the positions and the distinct games in it,
the mean prediction, the observed win rate with a 95% interval that counts positions of one game
as one cluster (they are not independent), and whether the observed rate is within 0.10 of the
mean prediction (a bin needs 20 positions to be judged). Then the Brier score against the base
rate's (always predicting the set's own win rate), by mode and overall.
"""
from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
for p in (ROOT, ROOT / "tools"):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))

import win_chance_data as D  # noqa: E402

from faeriell.sim import wilson  # noqa: E402

RANGE = (62000, 64999)
BINS = 10
MIN_BIN = 20
TOLERANCE = 0.10


def rows_of(games: list[dict], mode: str | None = None, source: str | None = None) -> list[tuple]:
    """(predicted, outcome, game seed) of the kept positions."""
    return [(p, y, r["seed"]) for r in games
            if (mode is None or r["mode"] == mode) and (source is None or r["source"] == source)
            for p, y, _seat in r["rows"]]


def bins(rows: list[tuple]) -> list[dict]:
    out = []
    for b in range(BINS):
        lo, hi = b / BINS, (b + 1) / BINS
        inside = [r for r in rows if lo <= r[0] < hi or (b == BINS - 1 and r[0] == 1.0)]
        n = len(inside)
        entry = {"bin": f"{lo:.1f}-{hi:.1f}", "positions": n, "games": len({r[2] for r in inside})}
        if n:
            mean = sum(r[0] for r in inside) / n
            obs = sum(r[1] for r in inside) / n
            # cluster-robust standard error of the observed rate (clusters: games)
            per_game: dict = {}
            for _p, y, g in inside:
                per_game[g] = per_game.get(g, 0.0) + (y - obs)
            se = math.sqrt(sum(v * v for v in per_game.values())) / n
            entry.update(mean=mean, observed=obs, half_width=1.96 * se, gap=abs(obs - mean),
                         judged=n >= MIN_BIN, ok=(n < MIN_BIN) or abs(obs - mean) <= TOLERANCE)
        out.append(entry)
    return out


def brier(rows: list[tuple]) -> tuple[float, float]:
    """(the model's Brier score, the base rate's)."""
    if not rows:
        return (float("nan"), float("nan"))
    n = len(rows)
    base = sum(r[1] for r in rows) / n
    return (sum((p - y) ** 2 for p, y, _g in rows) / n, sum((base - y) ** 2 for _p, y, _g in rows) / n)


def table(title: str, rows: list[tuple]) -> tuple[str, bool]:
    """The table as text (Markdown), and whether every judged bin and the Brier score pass."""
    lines = [f"### {title}: {len({r[2] for r in rows})} games, {len(rows)} positions", "",
             "| predicted | positions | games | mean predicted | observed (95% by game) | gap | within 0.10 |",
             "| --- | --- | --- | --- | --- | --- | --- |"]
    ok = True
    for e in bins(rows):
        if not e["positions"]:
            lines.append(f"| {e['bin']} | 0 | 0 | | | | |")
            continue
        verdict = ("yes" if e["ok"] else "**no**") if e["judged"] else f"(under {MIN_BIN})"
        ok = ok and e["ok"]
        lines.append(f"| {e['bin']} | {e['positions']} | {e['games']} | {e['mean']:.3f} | "
                     f"{e['observed']:.3f} ± {e['half_width']:.3f} | {e['gap']:.3f} | {verdict} |")
    model, base = brier(rows)
    better = model < base
    ok = ok and better
    lines += ["", f"Brier score {model:.4f} against the base rate's {base:.4f}: "
                  f"{'better' if better else '**not better**'}.", ""]
    return "\n".join(lines), ok


def report(games: list[dict]) -> tuple[str, bool]:
    parts, ok = [], True
    for title, rows in [("All modes", rows_of(games))] + [
            (f"{m.title() if m != 'coop' else 'Full Coop'}", rows_of(games, m)) for m in D.MODES_ORDER] + [
            ("Solo, expert games only", rows_of(games, "solo", "expert"))]:
        if not rows:
            continue
        text, good = table(title, rows)
        parts.append(text)
        ok = ok and good
    return "\n".join(parts), ok


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="python bench/calibration.py", description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=RANGE[0])
    ap.add_argument("--games", type=int, default=1000, help="heuristic games (every table)")
    ap.add_argument("--expert-games", type=int, default=60, help="solo expert games after them")
    ap.add_argument("--expert-iterations", type=int, default=2)
    ap.add_argument("--keep", type=float, default=0.2, help="share of decisions asked")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--model", default=None,
                    help="check this model file instead of data/bots/win_chance.json (the games, and the "
                         "expert's own leaf in them, stay the shipped ones: only the chance asked changes)")
    ap.add_argument("--json", default=None, help="also write the bins as JSON here")
    ap.add_argument("--expert-saves", nargs="+", default=None, metavar="DIR",
                    help="instead of playing: check the chance the game shows (bots.win_chance.shown_chance, "
                         "the expert's) on these folders of finished expert saves of the calibration range")
    return ap


def expert_rows(folders: list[str]) -> tuple[dict[str, list[tuple]], list[tuple]]:
    """Per table ("Solo", "Full Coop 2 players", ...), (shown chance, outcome, seed) at every
    decision in play of the saved expert games; and (chance at the first decision, outcome, seed)."""
    import fit_expert_chance as F
    from faeriell.bots.win_chance import shown_chance
    from faeriell.content.rules_loader import default_rules
    from faeriell.review.text import MODE_NAMES
    rules = default_rules()
    by_table: dict[str, list[tuple]] = {}
    starts: list[tuple] = []
    for folder in folders:
        for path in sorted(Path(folder).glob("*.json")):
            origin, rows = F.positions(path, rules, shown_chance)
            seed = int(origin["seed"])
            if not RANGE[0] <= seed <= RANGE[1]:
                raise SystemExit(f"{path}: seed {seed} is outside the calibration range {RANGE[0]}-{RANGE[1]}")
            title = MODE_NAMES[origin["mode"]] + ("" if origin["mode"] == "solo" else f" {origin['players']} players")
            title += f", {origin['difficulty'].replace('_', ' ')}"
            by_table.setdefault(title, []).extend((p, y, seed) for p, y in rows)
            if rows and origin["mode"] == "solo" and origin["difficulty"] == "medium" and not F.handover(path):
                starts.append((rows[0][0], rows[0][1], seed))
    return by_table, starts


def expert_report(folders: list[str]) -> tuple[str, bool]:
    """The calibration table of the shown chance on held-out expert games, and at the start of a
    solo Medium game the mean shown chance against how often the expert won those games."""
    by_table, starts = expert_rows(folders)
    parts, ok = [], True
    for title, rows in sorted(by_table.items()):
        text, good = table(f"{title}, the expert's games", rows)
        parts.append(text)
        ok = ok and good
    if starts:
        mean = sum(p for p, _y, _s in starts) / len(starts)
        won = sum(y for _p, y, _s in starts)
        lo, hi = wilson(won, len(starts))
        near = abs(mean - won / len(starts)) <= TOLERANCE
        ok = ok and near
        parts.append(f"Start of a solo Medium game: the chance shown is {mean:.3f} on average; the expert won "
                     f"{won} of these {len(starts)} games ({won / len(starts):.3f}, 95% {lo:.2f}-{hi:.2f}): "
                     f"{'within' if near else '**not within**'} 0.10.")
    return "\n".join(parts), ok


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    if args.expert_saves:
        t0 = time.perf_counter()
        text, ok = expert_report(args.expert_saves)
        print(f"Calibration of the chance the game shows on the expert's saved games in "
              f"{', '.join(args.expert_saves)} ({time.perf_counter() - t0:.0f} s)\n")
        print(text)
        print(f"every judged bin within 0.10 and the start within 0.10: {'yes' if ok else 'no'}")
        return 0
    last = args.seed + args.games + args.expert_games - 1
    if not (RANGE[0] <= args.seed and last <= RANGE[1]):
        raise SystemExit(f"seeds {args.seed}-{last} leave the calibration range {RANGE[0]}-{RANGE[1]}")
    model = None
    if args.model:
        from faeriell.bots.win_chance import WinChanceModelError, read_model_book
        try:
            read_model_book(args.model)            # a bad file is named before any game is played
        except WinChanceModelError as exc:
            raise SystemExit(str(exc)) from None
        model = str(Path(args.model).resolve())
    t0 = time.perf_counter()
    jobs = D.jobs(args.seed, args.games, args.keep, chance=True, model=model)
    jobs += D.jobs(args.seed + args.games, args.expert_games, args.keep, args.expert_iterations,
                   tables=(("solo", 1),), chance=True, model=model)
    games = D.run(jobs, args.workers)
    text, ok = report(games)
    print(f"Calibration of {args.model or 'data/bots/win_chance.json'} on seeds {args.seed}-{last} "
          f"({time.perf_counter() - t0:.0f} s)\n")
    print(text)
    print("every judged bin within 0.10 and the Brier score better than the base rate's:"
          f" {'yes' if ok else 'no'}")
    if args.json:
        out = {m: bins(rows_of(games, m)) for m in D.MODES_ORDER}
        out["all"] = bins(rows_of(games))
        Path(args.json).write_text(json.dumps(out, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
