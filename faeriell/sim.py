"""Bots play many games without a window, on every core, and a table sums them up.

    python -m faeriell.sim --players 4 --mode coop --difficulty hard --bots heuristic --games 200 --seed 1
    python -m faeriell.sim --players 2 --bots search,heuristic --rotate --budget 0.1 --games 100
    python -m faeriell.sim --players 2 --games 4 --csv games.csv --json summary.json

`--bots` is one level for every seat or a comma list, one per seat (levels: random, easy, normal,
hard, expert, heuristic, search; `--budget` sets the seconds per decision of the searching levels,
`--iterations` fixes their work: playouts per candidate for search, imagined worlds for expert;
`--cpu-clock` counts `--budget` in each process's CPU time instead of wall time, so a loaded
machine does not starve the search: what the budget buys on an idle core).
`--rotate` turns the list one seat further each game, so every bot sits in every seat.
`--opening LEVEL:FIRST-LAST` has every seat played by LEVEL until a round from FIRST to LAST (the
game's seed picks it), then by its own bot: the seats' bots play on from positions another player
reached (the expert's win chance is fitted on such games: tools/fit_expert_chance.py). With
`--save-dir`, each such save has a `.handover` file beside it: where the seats' own bots took over.
`--save-dir DIR` writes every game as a save (one file a game, named by mode, bots and seed) that
the game loads and replays and `python -m faeriell.review FILE --text` reviews.
Game k is seeded `--seed + k`: the same command plays the same games (bots are seeded too; a
search bot's choices also depend on the clock unless `--iterations` fixes its work).

The table: win rate by seat (and by bot when the list rotates) over all games and over decided
games (a competitive game can end with nobody winning: Doom 15 without a Sower), mean rounds,
Doom at the end, Achievements per tribe, Sower rises, and how the games ended.
"""
from __future__ import annotations

import argparse
import csv
import json
import os
import sys
import time
import traceback
from collections import Counter, defaultdict
from multiprocessing import get_context

MODES = ("competitive", "coop", "solo")
DIFFICULTIES = ("easy", "medium", "hard", "very_hard")

_RULES = None


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95 % Wilson score interval of k wins in n games ((0, 0) for no games)."""
    if n == 0:
        return (0.0, 0.0)
    p = k / n
    d = 1 + z * z / n
    c = p + z * z / (2 * n)
    h = z * (p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5
    return (max(0.0, (c - h) / d), min(1.0, (c + h) / d))


def rules():
    global _RULES
    if _RULES is None:
        from faeriell.content.rules_loader import default_rules  # lazy: the engine and content, not for --help
        _RULES = default_rules()
    return _RULES


def end_kind(state) -> str:
    """A short name for how a game ended."""
    why = state.end_reason or ""
    if not state.game_over:
        return "unfinished (action cap)"
    if why.startswith("Doom reached"):
        return "Doom 15: the Sower wins" if state.winners else "Doom 15: all lose"
    if "7th Achievement" in why:
        return "7th Achievement: instant win"
    if why.startswith("The round is over"):
        return "5 Achievements: round end, shared" if len(state.winners) > 1 else "5 Achievements: round end"
    if why.startswith("Together"):
        return "coop win"
    if "you save Faeriell" in why:
        return "solo win"
    if why.startswith("Frost"):
        return "Winter's Grasp: frost"
    return why.split(":")[0][:40] or "?"


def play_one(job: dict) -> dict:
    """Play one game. job: players, mode, difficulty, variants, seed, bots (levels per seat),
    budget, iterations, max_actions, timing (bool), clock ("wall" or "cpu": what a searching bot's
    budget counts; None leaves the bot's own, the wall clock)."""
    from faeriell.bots import make_bot  # patched: tests/test_bench_bots.py spies on bots.make_bot; lazy too
    from faeriell.engine import new_game  # lazy: the engine, not for --help
    cfg = {k: job[k] for k in ("players", "mode", "difficulty", "variants", "seed")}
    levels = list(job["bots"])
    t0 = time.perf_counter()
    c0 = time.process_time()
    try:
        g = new_game(rules(), cfg["players"], cfg["mode"], cfg["difficulty"], list(cfg["variants"]), cfg["seed"])
        bots = []
        for k, lvl in enumerate(levels):
            b = make_bot(lvl, seed=cfg["seed"] * 31 + k, budget=job.get("budget"))
            if job.get("iterations") and hasattr(b, "iterations"):
                b.iterations = job["iterations"]
            if job.get("width") and hasattr(b, "width"):
                b.width = job["width"]
            if job.get("clock") and hasattr(b, "clock"):
                b.clock = job["clock"]
            for k, v in (job.get("search_opts") or {}).items():
                if hasattr(b, "iterations") and hasattr(b, k):
                    setattr(b, k, set(v) if k == "kinds" and v is not None else v)
            for k, v in ((job.get("level_opts") or {}).get(lvl) or {}).items():
                if not hasattr(b, k):
                    raise ValueError(f"a {lvl} bot has no setting {k!r}")
                setattr(b, k, v)
            bots.append(b)
        opening = job.get("opening")
        openers = ([make_bot(opening["level"], seed=cfg["seed"] * 31 + 17 + k) for k in range(len(levels))]
                   if opening else None)
        first_own = opening_round(opening, cfg["seed"]) if opening else 0
        handover = None if opening else 0          # actions played before the seats' own bots took over
        think = defaultdict(list)
        think_cpu = defaultdict(list)     # the same decisions in this process's CPU seconds
        worlds = defaultdict(list)        # worlds imagined by each searched decision (the clock's reach)
        n = 0
        cap = job.get("max_actions", 5000)
        while not g.state.game_over and n < cap:
            p = g.acting
            assert p is not None            # the game is not over: a seat acts
            if handover is None and g.state.round >= first_own:
                handover = n
            if openers is not None and handover is None:
                g.apply(openers[p].choose(g, p))
                n += 1
                continue
            a0 = time.perf_counter()
            ac = time.process_time()
            a = bots[p].choose(g, p)
            think[p].append(time.perf_counter() - a0)
            think_cpu[p].append(time.process_time() - ac)
            st = getattr(bots[p], "last_stats", None)
            if st and st.get("searched") and "worlds" in st:
                worlds[p].append(st["worlds"])
            g.apply(a)
            n += 1
    except Exception as e:  # noqa: BLE001 - a failing game is reported with its seed
        return {"cfg": cfg, "bots": levels, "error": f"{type(e).__name__}: {e}", "traceback": traceback.format_exc()}
    s = g.state
    saved = None
    if job.get("save_dir"):
        try:
            saved = str(save_game_file(g, job["save_dir"], cfg, levels,
                                       {"handover": handover if handover is not None else n,
                                        "round": first_own, "opening": opening["level"]} if opening else None))
        except (OSError, ValueError) as e:   # a full disk, a link (OSError); SaveError: reported with its seed
            return {"cfg": cfg, "bots": levels, "error": f"saving the game failed: {type(e).__name__}: {e}",
                    "traceback": traceback.format_exc()}
    return {
        "cfg": cfg, "bots": levels, "save": saved, "winners": list(s.winners), "rounds": s.round, "doom": s.doom,
        "end": end_kind(s), "actions": n, "seconds": time.perf_counter() - t0,
        "handover": handover if opening else None,
        "cpu_seconds": time.process_time() - c0,
        "achievements": [len(t.achievements) for t in s.tribes],
        "achievement_ids": [list(t.achievements) for t in s.tribes],
        "corruption": [t.corruption for t in s.tribes],
        "sower": s.sower, "think": {str(p): v for p, v in think.items()} if job.get("timing") else None,
        "think_cpu": {str(p): v for p, v in think_cpu.items()} if job.get("timing") else None,
        "think_max": {str(p): max(v) for p, v in think.items()},
        "decisions": {str(p): len(v) for p, v in think.items()},
        "worlds": {str(p): v for p, v in worlds.items()} if job.get("timing") else None,
    }


def save_name(cfg: dict, levels: list, opening: str | None = None) -> str:
    """The file name of a played game's save: what was played and its seed, so a folder of saves
    reads as the run that made it (competitive-2p-medium-expert+hard-seed1000.json; with an
    opening, coop-2p-medium-easy-then-expert-seed57507.json)."""
    bots = "+".join(levels) if len(set(levels)) > 1 else levels[0]
    if opening:
        bots = f"{opening}-then-{bots}"
    variants = "".join(f"-{v}" for v in cfg["variants"])
    return f"{cfg['mode']}-{cfg['players']}p-{cfg['difficulty']}{variants}-{bots}-seed{cfg['seed']}.json"


def opening_round(opening: dict, seed: int) -> int:
    """The round from which a game with an opening (--opening) is played by the seats' own bots."""
    first, last = opening["rounds"]
    return first + seed % (last - first + 1)


def parse_opening(text: str) -> dict:
    """'easy:2-6' -> {"level": "easy", "rounds": [2, 6]} (--opening)."""
    level, _, rounds = text.partition(":")
    first, _, last = rounds.partition("-")
    try:
        lo, hi = int(first), int(last or first)
    except ValueError:
        raise argparse.ArgumentTypeError(f"--opening wants LEVEL:FIRST-LAST (easy:2-6), not {text!r}") from None
    if not level or not 1 <= lo <= hi:
        raise argparse.ArgumentTypeError(f"--opening wants a level and rounds from 1 up (easy:2-6), not {text!r}")
    return {"level": level, "rounds": [lo, hi]}


def handover_path(save):
    """The file beside a save that says where the seats' own bots took over (--opening)."""
    from pathlib import Path
    save = Path(save)
    return save.with_name(save.stem + ".handover")


def save_game_file(game, folder, cfg: dict, levels: list, handover: dict | None = None):
    """Write `game` as a save the game can load, replay and review (storage.saves.write_save: atomic);
    `handover` (--opening), written beside it as JSON: {"handover": actions before the seats' own
    bots took over, "round": that round, "opening": the level that played until then}."""
    from pathlib import Path

    from faeriell.engine.saves import seats_record  # lazy: the engine, not for --help
    from faeriell.storage.saves import write_save  # lazy: the engine, not for --help
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    players = game.state.players          # bots alone played it: a person who opens it is credited nothing
    kinds = [levels[i % len(levels)] for i in range(players)]
    name = save_name(cfg, levels, handover["opening"] if handover else None)
    if handover is not None:            # first, so a save is never without its handover
        handover_path(folder / name).write_text(json.dumps(handover) + "\n", encoding="utf-8")
    return write_save(game, folder / name, seats=seats_record(kinds, []))


def make_jobs(args) -> list[dict]:
    levels = [x.strip() for x in args.bots.split(",") if x.strip()]
    players = args.players
    if len(levels) == 1:
        levels = levels * players
    if len(levels) != players:
        raise SystemExit(f"--bots names {len(levels)} bots for {players} players")
    jobs = []
    for k in range(args.games):
        seats = levels[-(k % players):] + levels[:-(k % players)] if (args.rotate and k % players) else list(levels)
        jobs.append({"players": players, "mode": args.mode, "difficulty": args.difficulty,
                     "variants": list(args.variants), "seed": args.seed + k, "bots": seats,
                     "budget": args.budget, "iterations": args.iterations, "max_actions": args.max_actions,
                     "clock": "cpu" if getattr(args, "cpu_clock", False) else None,
                     "search_opts": json.loads(args.search_opts) if args.search_opts else None,
                     "level_opts": json.loads(args.level_opts) if getattr(args, "level_opts", None) else None,
                     "timing": bool(args.json), "save_dir": args.save_dir,
                     "opening": getattr(args, "opening", None)})
    return jobs


def pool_map(fn, jobs: list, workers: int, progress=None, chunksize: int = 1) -> list:
    """fn(job) for every job, on `workers` processes (fork where there is one), in the order they
    finish; `progress(done, total)` after each. One process plays them in order, in this one."""
    results: list = []
    if workers <= 1 or len(jobs) <= 1:
        for j in jobs:
            results.append(fn(j))
            if progress:
                progress(len(results), len(jobs))
        return results
    ctx = get_context("fork" if sys.platform != "win32" else "spawn")
    with ctx.Pool(workers) as pool:
        for r in pool.imap_unordered(fn, jobs, chunksize=chunksize):
            results.append(r)
            if progress:
                progress(len(results), len(jobs))
    return results


def run_jobs(jobs, workers: int, progress=None) -> list[dict]:
    results = pool_map(play_one, jobs, workers, progress)
    results.sort(key=lambda r: r["cfg"]["seed"])
    return results


def summarize(results: list[dict]) -> dict:
    done = [r for r in results if "error" not in r]
    failed = [r for r in results if "error" in r]
    out = {"games": len(results), "finished": len(done), "failed": len(failed),
           "failed_seeds": [r["cfg"]["seed"] for r in failed]}
    if not done:
        return out
    players = done[0]["cfg"]["players"]
    mode = done[0]["cfg"]["mode"]
    decided = [r for r in done if r["winners"]]
    seat = []
    for p in range(players):
        wins = sum(1 for r in done if p in r["winners"])
        sole = sum(1 for r in done if r["winners"] == [p])
        seat.append({"seat": p + 1, "wins": wins, "sole_wins": sole,
                     "win_rate": wins / len(done), "win_rate_decided": wins / len(decided) if decided else None,
                     "achievements": sum(r["achievements"][p] for r in done) / len(done)})
    by_bot: dict = defaultdict(lambda: {"games": 0, "wins": 0, "decided": 0, "ach": 0, "think": []})
    for r in done:
        for p, lvl in enumerate(r["bots"]):
            b = by_bot[lvl]
            b["games"] += 1
            b["wins"] += p in r["winners"]
            b["decided"] += bool(r["winners"])
            b["ach"] += r["achievements"][p]
            if r.get("think") and str(p) in r["think"]:
                b["think"].extend(r["think"][str(p)])
    bots = {}
    for lvl, b in by_bot.items():
        row = {"seats_played": b["games"], "wins": b["wins"], "win_rate": b["wins"] / b["games"],
               "win_rate_decided": b["wins"] / b["decided"] if b["decided"] else None,
               "achievements": b["ach"] / b["games"]}
        if b["think"]:
            th = sorted(b["think"])
            row["think_mean_s"] = sum(th) / len(th)
            row["think_p95_s"] = th[min(len(th) - 1, int(0.95 * len(th)))]
            row["think_max_s"] = th[-1]
        bots[lvl] = row
    out.update({
        "players": players, "mode": mode, "difficulty": done[0]["cfg"]["difficulty"],
        "variants": done[0]["cfg"]["variants"],
        "team_win_rate": sum(1 for r in done if r["winners"]) / len(done) if mode != "competitive" else None,
        "decided": len(decided), "nobody_won": len(done) - len(decided),
        "seats": seat, "bots": bots,
        "mean_rounds": sum(r["rounds"] for r in done) / len(done),
        "mean_doom_end": sum(r["doom"] for r in done) / len(done),
        "mean_achievements_per_tribe": sum(sum(r["achievements"]) for r in done) / (len(done) * players),
        "sower_rises": sum(1 for r in done if r["sower"] is not None),
        "endings": dict(Counter(r["end"] for r in done).most_common()),
        "achievement_counts": dict(Counter(a for r in done for ids in r["achievement_ids"] for a in ids).most_common()),
        "mean_actions": sum(r["actions"] for r in done) / len(done),
        "mean_game_seconds": sum(r["seconds"] for r in done) / len(done),
    })
    return out


def _pct(x) -> str:
    return "  -  " if x is None else f"{100 * x:5.1f}%"


def format_table(sm: dict, wall: float | None = None) -> str:
    lines = []
    if not sm.get("finished"):
        return f"no game finished ({sm.get('failed', 0)} failed)"
    head = (f"{sm['finished']} games, {sm['players']} players, {sm['mode']}, {sm['difficulty']}"
            + (f", variants {','.join(sm['variants'])}" if sm["variants"] else ""))
    if wall is not None:
        head += f"  ({wall:.1f} s)"
    lines.append(head)
    if sm["failed"]:
        lines.append(f"FAILED games: {sm['failed']} (seeds {sm['failed_seeds'][:20]})")
    if sm["mode"] == "competitive":
        lines.append(f"decided {sm['decided']}, nobody won (Doom 15) {sm['nobody_won']}")
        lines.append("seat  wins  win rate  of decided  Achievements")
        for row in sm["seats"]:
            lines.append(f"{row['seat']:>4}  {row['wins']:>4}  {_pct(row['win_rate']):>8}  "
                         f"{_pct(row['win_rate_decided']):>10}  {row['achievements']:12.2f}")
    else:
        lines.append(f"team win rate {_pct(sm['team_win_rate'])} ({sm['decided']} of {sm['finished']})")
        lines.append("seat  Achievements")
        for row in sm["seats"]:
            lines.append(f"{row['seat']:>4}  {row['achievements']:12.2f}")
    if len(sm["bots"]) > 1 or sm["mode"] == "competitive":
        lines.append("bot         seats  wins  win rate  of decided  Achievements  think p95")
        for lvl, b in sorted(sm["bots"].items()):
            p95 = f"{b['think_p95_s'] * 1000:7.1f} ms" if "think_p95_s" in b else "      -"
            lines.append(f"{lvl:<10}  {b['seats_played']:>5}  {b['wins']:>4}  {_pct(b['win_rate']):>8}  "
                         f"{_pct(b['win_rate_decided']):>10}  {b['achievements']:12.2f}  {p95}")
    lines.append(f"mean rounds {sm['mean_rounds']:.2f}, Doom at the end {sm['mean_doom_end']:.2f}, "
                 f"Achievements per tribe {sm['mean_achievements_per_tribe']:.2f}, "
                 f"Sower rises {sm['sower_rises']}, actions per game {sm['mean_actions']:.0f}")
    lines.append("how games ended:")
    for why, n in sm["endings"].items():
        lines.append(f"  {n:6d}  {why}")
    return "\n".join(lines)


def write_csv(results, path):
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        players = max((r["cfg"]["players"] for r in results), default=0)
        w.writerow(["seed", "players", "mode", "difficulty", "variants", "bots", "winners", "end", "rounds",
                    "doom", "actions", "seconds", "sower"]
                   + [f"ach_p{p + 1}" for p in range(players)] + [f"corruption_p{p + 1}" for p in range(players)]
                   + ["error"])
        for r in results:
            c = r["cfg"]
            if "error" in r:
                w.writerow([c["seed"], c["players"], c["mode"], c["difficulty"], "+".join(c["variants"]),
                            "+".join(r["bots"])] + [""] * (7 + 2 * players) + [r["error"]])
                continue
            w.writerow([c["seed"], c["players"], c["mode"], c["difficulty"], "+".join(c["variants"]),
                        "+".join(r["bots"]), "+".join(str(x + 1) for x in r["winners"]), r["end"], r["rounds"],
                        r["doom"], r["actions"], round(r["seconds"], 3),
                        "" if r["sower"] is None else r["sower"] + 1]
                       + r["achievements"] + r["corruption"] + [""])


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="python -m faeriell.sim", description=__doc__.split("\n")[0])
    ap.add_argument("--players", type=int, default=2, choices=(1, 2, 3, 4))
    ap.add_argument("--mode", choices=MODES, default=None, help="default: solo for 1 player, else competitive")
    ap.add_argument("--difficulty", choices=DIFFICULTIES, default="medium")
    ap.add_argument("--bots", default="heuristic", help="a level, or a comma list (one per seat)")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--variants", type=lambda s: [v for v in s.split(",") if v], default=[])
    ap.add_argument("--rotate", action="store_true", help="rotate the bot list one seat per game")
    ap.add_argument("--opening", type=parse_opening, default=None, metavar="LEVEL:FIRST-LAST",
                    help="every seat played by LEVEL until a round from FIRST to LAST (by seed), then by "
                         "its own bot (easy:2-6)")
    ap.add_argument("--budget", type=float, default=None, help="seconds per decision of search bots")
    ap.add_argument("--iterations", type=int, default=None, help="fixed playouts per candidate (search)")
    ap.add_argument("--cpu-clock", action="store_true",
                    help="count --budget in each process's CPU time, not wall time (benchmarks on a shared "
                         "machine: what the budget buys on an idle core)")
    ap.add_argument("--search-opts", default=None,
                    help='SearchBot/ExpertBot settings as JSON, e.g. \'{"width": 4, "z": 1.5, "horizon": 2}\' '
                         'or \'{"rounds": 2, "clairvoyant": true}\'')
    ap.add_argument("--level-opts", default=None,
                    help='settings by level as JSON, applied last, e.g. '
                         '\'{"expert": {"iterations": 6}, "hard": {"iterations": 8}}\'')
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--max-actions", type=int, default=5000)
    ap.add_argument("--csv", help="write one row per game here")
    ap.add_argument("--json", help="write the summary (and per-game results) here")
    ap.add_argument("--save-dir", default=None,
                    help="write every game played here as a save the game can load, replay and review "
                         "(python -m faeriell.review SAVE --text)")
    ap.add_argument("--quiet", action="store_true")
    return ap


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    if args.mode is None:
        args.mode = "solo" if args.players == 1 else "competitive"
    if args.mode == "solo" and args.players != 1:
        raise SystemExit("solo is played by one player (--players 1)")
    jobs = make_jobs(args)
    t0 = time.perf_counter()

    def progress(k, n):
        if not args.quiet and sys.stderr.isatty():
            print(f"\r{k}/{n} games", end="", file=sys.stderr, flush=True)

    results = run_jobs(jobs, args.workers, progress)
    if not args.quiet and sys.stderr.isatty():
        print(file=sys.stderr)
    wall = time.perf_counter() - t0
    sm = summarize(results)
    sm["seconds"] = wall
    sm["workers"] = args.workers
    sm["command"] = " ".join(["python -m faeriell.sim"] + list(argv if argv is not None else sys.argv[1:]))
    print(format_table(sm, wall))
    for r in results:
        if "error" in r:
            c = r["cfg"]
            print(f"FAIL seed={c['seed']} bots={r['bots']}: {r['error']}")
            print("  " + r["traceback"].rstrip().replace("\n", "\n  "))
            break
    if args.csv:
        write_csv(results, args.csv)
    if args.json:
        slim = [{k: v for k, v in r.items() if k not in ("think", "think_cpu")} for r in results]
        with open(args.json, "w") as f:
            json.dump({"summary": sm, "games": slim}, f, indent=1)
    return 1 if sm.get("failed") else 0


if __name__ == "__main__":
    sys.exit(main())
