"""How winnable is each mode? Solo and Full Coop played by a clairvoyant planner (the ceiling).

    nice -n 5 python bench/ceiling.py                                   # solo + coop-2 + coop-3, medium
    nice -n 5 python bench/ceiling.py --modes solo,coop2 --difficulties all --games 20
    python bench/ceiling.py --games 4 --width 3 --rollouts 1            # a quick look
    python bench/ceiling.py --planner expert --iterations 8             # ExpertBot(clairvoyant=True), if present
    python bench/ceiling.py --planner honest --modes solo --difficulties medium --games 40
        # the same planner on imagined worlds (what the player may know): the control that shows
        # how much of the ceiling is foresight

The planner (faeriell/bots/clairvoyant.py) reads the real state and plans on copies of the real
game, whose generator is the game's own: it knows every draw to come. Its win rate is the ceiling
an honest bot (one that sees only its player's view) can approach. Its work is counted in playouts
(`--width` candidate moves x `--rollouts` whole-game playouts each, per decision), not seconds, so
the same command plays the same games on any machine. Game k of a cell is seeded `--seed + k`.

Reported per mode and difficulty: wins with a 95% Wilson interval; Doom by cause (every step the
engine's `move_doom` takes on the real game, sorted by the reason it gives); the Achievements the
team held at the end, by name, for won and for lost games; mean rounds and Doom at the end.
`--json FILE` writes everything (tools/balance_report.py reads it with `--ceiling FILE`).
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from multiprocessing import get_context
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from faeriell.sim import wilson  # noqa: E402

MODES = {"solo": (1, "solo"), "coop2": (2, "coop"), "coop3": (3, "coop")}
DIFFS = ("easy", "medium", "hard", "very_hard")

# The reasons the engine gives to move_doom, sorted into the causes a reader knows.
CAUSES = ("Automatic Doom", "Ignore", "Havoc", "unpaid claims", "Menace on a taken Guardian",
          "Lost to Corruption", "Sower abilities", "The Twins", "other", "Cleanse Corruption (back)")


def doom_cause(why: str) -> str:
    if why == "Automatic Doom":
        return "Automatic Doom"
    if why.startswith("Ignore"):
        return "Ignore"
    if why == "Havoc":
        return "Havoc"
    if "unpaid Achievement" in why:
        return "unpaid claims"
    if "already Threatened" in why or "already Corrupted" in why:
        return "Menace on a taken Guardian"
    if "lost to Corruption" in why:
        return "Lost to Corruption"
    if why in ("Ravage", "Ruin"):
        return "Sower abilities"
    if why.startswith("Cleanse"):
        return "Cleanse Corruption (back)"
    if why == "The Twins":
        return "The Twins"
    return "other"


class _DoomSteps:
    """This game's (not its copies') Doom steps, as plain data in `steps` (Game.listener)."""

    def __init__(self, game, steps: list) -> None:
        self.game, self.steps = game, steps

    def on_doom(self, moved: int, why: str) -> None:
        step = {"cause": doom_cause(why), "steps": moved, "round": self.game.state.round}
        if step["cause"] == "other":
            step["why"] = why              # a reason this bench does not know yet
        self.steps.append(step)

    def on_gain(self, i: int, colour: str, got: int) -> None:
        pass

    def on_track(self, i: int, colour: str) -> None:
        pass


def _record_doom(game, steps: list) -> None:
    """Every Doom step of this game (not its copies) lands in `steps` as plain data."""
    game.listener = _DoomSteps(game, steps)


def _honest_planner(seed, width, rollouts, noise):
    """The clairvoyant planner made honest: every rollout world is imagined from the acting
    player's view (observe.determinize, its chance set by the engine), not the real future."""
    from faeriell.bots.clairvoyant import ClairvoyantPlanner
    from faeriell.bots.observe import determinize, view_of

    class HonestPlanner(ClairvoyantPlanner):
        name = "honest"

        def _world(self, game, prng):
            p = game.acting
            return determinize(game.rules, view_of(game, p), p, prng, chance=True)

    return HonestPlanner(seed, width=width, rollouts=rollouts, noise=noise)


def make_planner(job: dict):
    if job["planner"] == "honest":
        return _honest_planner(job["seed"], job["width"], job["rollouts"], job["noise"])
    if job["planner"] == "expert":
        from faeriell.bots.expert import ExpertBot          # the other engineer's bot, when present
        return ExpertBot(seed=job["seed"], budget=job["budget"], iterations=job.get("iterations"),
                         clairvoyant=True)
    from faeriell.bots.clairvoyant import ClairvoyantPlanner
    return ClairvoyantPlanner(job["seed"], width=job["width"], rollouts=job["rollouts"], noise=job["noise"])


def play_one(job: dict) -> dict:
    from faeriell.engine import new_game
    from faeriell.sim import end_kind, rules
    players, mode = MODES[job["mode"]]
    t0 = time.perf_counter()
    g = new_game(rules(), players, mode, job["difficulty"], [], job["seed"])
    steps: list = []
    _record_doom(g, steps)
    bot = make_planner(job)
    n = 0
    while not g.state.game_over and n < job["max_actions"]:
        g.apply(bot.choose(g, g.acting))
        n += 1
    s = g.state
    held = sorted({a for t in s.tribes for a in t.achievements})
    return {"mode": job["mode"], "difficulty": job["difficulty"], "seed": job["seed"],
            "won": bool(s.winners), "end": end_kind(s), "rounds": s.round, "doom": s.doom,
            "doom_steps": steps, "achievements": held,
            "tokens": sum(len(t.achievements) for t in s.tribes),
            "actions": n, "seconds": time.perf_counter() - t0,
            "planner_stats": getattr(bot, "stats", None)}


def summarize(games: list[dict], names: dict) -> dict:
    won = [r for r in games if r["won"]]
    lost = [r for r in games if not r["won"]]
    n, k = len(games), len(won)
    lo, hi = wilson(k, n)

    def doom(rs):
        c = Counter()
        for r in rs:
            for st in r["doom_steps"]:
                c[st["cause"]] += st["steps"]
        return {cause: c[cause] / len(rs) for cause in CAUSES if c[cause]} if rs else {}

    def ach(rs):
        c = Counter(a for r in rs for a in r["achievements"])
        return {names.get(a, a): v / len(rs) for a, v in c.most_common()} if rs else {}

    return {"games": n, "wins": k, "win_rate": k / n if n else 0.0, "ci95": [lo, hi],
            "mean_rounds": sum(r["rounds"] for r in games) / n if n else 0.0,
            "mean_doom_end": sum(r["doom"] for r in games) / n if n else 0.0,
            "mean_achievements": sum(len(r["achievements"]) for r in games) / n if n else 0.0,
            "doom_per_game": {"won": doom(won), "lost": doom(lost), "all": doom(games)},
            "achievements_held": {"won": ach(won), "lost": ach(lost)},
            "endings": dict(Counter(r["end"] for r in games).most_common()),
            "seconds_per_game": sum(r["seconds"] for r in games) / n if n else 0.0,
            "seeds_won": [r["seed"] for r in won]}


def _pct(k, n) -> str:
    lo, hi = wilson(k, n)
    return f"{100 * k / n:.0f}% ({k}/{n}; 95% CI {100 * lo:.0f}-{100 * hi:.0f}%)" if n else "-"


def format_cell(label: str, d: str, sm: dict) -> str:
    L = [f"{label} {d}: wins {_pct(sm['wins'], sm['games'])}, mean rounds {sm['mean_rounds']:.1f}, "
         f"Doom at the end {sm['mean_doom_end']:.1f}, Achievements held {sm['mean_achievements']:.1f}, "
         f"{sm['seconds_per_game']:.0f} s/game"]
    for part in ("won", "lost"):
        dm = sm["doom_per_game"][part]
        if dm:
            L.append(f"  Doom per {part} game: " + ", ".join(f"{c} {v:.1f}" for c, v in dm.items()))
    for part in ("won", "lost"):
        ac = sm["achievements_held"][part]
        if ac:
            L.append(f"  held in {part} games: " + ", ".join(f"{a} {100 * v:.0f}%" for a, v in ac.items()))
    return "\n".join(L)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--modes", default="solo,coop2,coop3", help="comma list of solo, coop2, coop3")
    ap.add_argument("--difficulties", default="medium", help="comma list, or 'all'")
    ap.add_argument("--games", type=int, default=12, help="games per mode and difficulty")
    ap.add_argument("--games-coop3", type=int, default=None, help="games per coop3 cell (default --games)")
    # 70000 up: no bot was tuned, trained or measured there (bench/README.md "Seed ranges"); the
    # results of bench/results/ceiling.json were played on 30000 up, before the range was reserved
    ap.add_argument("--seed", type=int, default=70000)
    ap.add_argument("--planner", choices=("clairvoyant", "honest", "expert"), default="clairvoyant")
    ap.add_argument("--width", type=int, default=5, help="candidate moves per decision")
    ap.add_argument("--rollouts", type=int, default=2, help="whole-game playouts per candidate (1 greedy + noisy)")
    ap.add_argument("--noise", type=float, default=1.5, help="score noise of the extra playouts (card units)")
    ap.add_argument("--budget", type=float, default=2.0, help="seconds per decision (--planner expert)")
    ap.add_argument("--iterations", type=int, default=None,
                    help="worlds per decision instead of seconds (--planner expert; reproducible)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--max-actions", type=int, default=6000)
    ap.add_argument("--json", help="write the figures (and every game) here")
    ap.add_argument("--merge", action="store_true",
                    help="keep the cells already in --json that this run does not play (runs with other settings)")
    args = ap.parse_args(argv)
    modes = [m.strip() for m in args.modes.split(",") if m.strip()]
    for m in modes:
        if m not in MODES:
            raise SystemExit(f"unknown mode {m!r} (known: {', '.join(MODES)})")
    diffs = list(DIFFS) if args.difficulties == "all" else [d.strip() for d in args.difficulties.split(",")]
    for d in diffs:
        if d not in DIFFS:
            raise SystemExit(f"unknown difficulty {d!r} (known: {', '.join(DIFFS)})")

    from faeriell.sim import rules
    names = {aid: a.get("name", aid) for aid, a in rules().catalog.achievements.items()}
    jobs = []
    for m in modes:
        count = args.games_coop3 if (m == "coop3" and args.games_coop3 is not None) else args.games
        for d in diffs:
            for k in range(count):
                jobs.append({"mode": m, "difficulty": d, "seed": args.seed + k, "planner": args.planner,
                             "width": args.width, "rollouts": args.rollouts, "noise": args.noise,
                             "budget": args.budget, "iterations": args.iterations,
                             "max_actions": args.max_actions})
    t0 = time.perf_counter()
    results = []
    if args.workers <= 1:
        it = map(play_one, jobs)
        pool = None
    else:
        pool = get_context("fork" if sys.platform != "win32" else "spawn").Pool(args.workers)
        it = pool.imap_unordered(play_one, jobs, chunksize=1)
    for r in it:
        results.append(r)
        print(f"[{time.perf_counter() - t0:6.0f} s] {len(results)}/{len(jobs)} {r['mode']} {r['difficulty']} "
              f"seed {r['seed']}: {'WON' if r['won'] else 'lost'} in round {r['rounds']}, Doom {r['doom']}, "
              f"{len(r['achievements'])} Achievements", file=sys.stderr, flush=True)
    if pool is not None:
        pool.close()
        pool.join()
    wall = time.perf_counter() - t0
    cells = {}
    for m in modes:
        for d in diffs:
            games = sorted((r for r in results if r["mode"] == m and r["difficulty"] == d), key=lambda r: r["seed"])
            if games:
                cells.setdefault(m, {})[d] = summarize(games, names)
                print(format_cell(m, d, cells[m][d]))
    cmd = ("python bench/ceiling.py " + " ".join(argv if argv is not None else sys.argv[1:])).strip()
    settings = {"planner": args.planner, "width": args.width, "rollouts": args.rollouts, "noise": args.noise,
                "budget": args.budget if args.planner == "expert" else None,
                "iterations": args.iterations if args.planner == "expert" else None, "seed": args.seed}
    for m in cells:
        for d in cells[m]:
            cells[m][d].update({"settings": settings, "command": cmd})
    print(f"{len(results)} games in {wall / 60:.1f} minutes with {args.workers} workers: {cmd}")
    if args.json:
        path = Path(args.json)
        out = {"commands": [], "cells": {}, "games": []}
        if args.merge and path.exists():
            out = json.loads(path.read_text())
        played = {(r["mode"], r["difficulty"]) for r in results}
        out["games"] = [r for r in out.get("games", []) if (r["mode"], r["difficulty"]) not in played] + results
        out["games"].sort(key=lambda r: (r["mode"], r["difficulty"], r["seed"]))
        for m in cells:
            out["cells"].setdefault(m, {}).update(cells[m])
        # The commands whose cells are still in the file (a cell played again replaces its old one).
        out["commands"] = list(dict.fromkeys(sm["command"] for m in out["cells"].values() for sm in m.values()
                                             if sm.get("command")))
        out["command"] = " ; ".join(out["commands"])
        out["planner"] = args.planner
        out["settings"] = settings
        out["wall_seconds"] = out.get("wall_seconds", 0.0) + wall
        out["workers"] = args.workers
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(out, separators=(",", ":")) + "\n")
        print(f"wrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
