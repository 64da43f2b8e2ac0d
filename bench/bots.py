"""Bot benchmark: speed of each bot, think time of the search bot and of hint(), and win rates.

    python bench/bots.py                       # full run: 200 games per match-up
    python bench/bots.py --games 20 --quick    # a quick look
    python bench/bots.py --json bench.json

Measures
  * decisions per second of random, easy, heuristic (self-play games, think time only) and of the
    search bot at its budget;
  * p50 / p95 / max think time of the search bot ("normal", 0.3 s) and of hint() (1.0 s) on
    positions sampled from heuristic self-play in every mode;
  * 2-player competitive win rates, seats rotated: heuristic vs random and search vs heuristic.
    A game can end with nobody winning (Doom 15 without a Sower): a bot wins only when it is in
    `winners`; draws are counted apart and win rates are given over decided games and over all.

Targets (issue "Bots, hints and simulation"): heuristic vs random >= 90 %, search vs heuristic
>= 60 %, hint p95 < 1 s on a 2-core machine.

The expert (issue 11), with `--expert` (or only it, `--expert-only`):

    nice -n 5 python bench/bots.py --expert-only --expert-games 20 --workers 2

  * solo, medium: the expert's win rate (target >= 40 %, or 80 % of the clairvoyant ceiling);
  * Full Coop, 2 players, medium, the expert in both seats (the same target);
  * competitive, 2 players, expert against `hard`, seats rotated (target >= 65 % of decided games);
  * p95 think time of the expert per decision in those games (target <= 2 s) and of hint().
  Win rates come with 95 % Wilson intervals. The expert's work is fixed (`--expert-iterations`
  imagined worlds a decision; `hard` gets `--hard-iterations` playouts a candidate), so a seed
  plays the same games on any machine; `--expert-budget` uses the clock instead.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from faeriell import sim  # noqa: E402


def sample_positions(n: int, seed: int = 0):
    """Positions from heuristic self-play across modes (the acting player must choose)."""
    from faeriell.bots import HeuristicBot
    from faeriell.engine import new_game
    rules = sim.rules()
    configs = [(2, "competitive"), (1, "solo"), (3, "coop"), (4, "competitive"), (2, "coop")]
    rng = random.Random(seed)
    out = []
    k = 0
    while len(out) < n:
        players, mode = configs[k % len(configs)]
        g = new_game(rules, players, mode, "medium", [], seed * 1000 + k)
        bots = [HeuristicBot(j) for j in range(players)]
        stop = rng.randrange(20, 160)
        steps = 0
        while not g.state.game_over and steps < stop:
            p = g.acting
            g.apply(bots[p].choose(g, p))
            steps += 1
        if not g.state.game_over and len(g.legal_actions()) > 1:
            out.append(g)
        k += 1
    return out


def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def speed(levels=("random", "easy", "heuristic"), games=6, seed=0) -> dict:
    from faeriell.bots import make_bot
    from faeriell.engine import new_game
    rules = sim.rules()
    out = {}
    for lvl in levels:
        think = 0.0
        n = 0
        for k in range(games):
            players, mode = ((2, "competitive"), (1, "solo"), (3, "coop"))[k % 3]
            g = new_game(rules, players, mode, "medium", [], seed + k)
            bots = [make_bot(lvl, seed=k * 7 + j) for j in range(players)]
            while not g.state.game_over:
                p = g.acting
                t0 = time.perf_counter()
                a = bots[p].choose(g, p)
                think += time.perf_counter() - t0
                n += 1
                g.apply(a)
        out[lvl] = {"decisions": n, "seconds": think, "decisions_per_second": n / think if think else None}
    return out


def think_times(positions, make, label) -> dict:
    times = []
    searched = 0
    for g in positions:
        t0 = time.perf_counter()
        res = make(g)
        times.append(time.perf_counter() - t0)
        searched += bool(res)
    return {"what": label, "n": len(times), "mean_s": statistics.mean(times), "p50_s": pct(times, 0.5),
            "p95_s": pct(times, 0.95), "max_s": max(times), "decisions_per_second": len(times) / sum(times)}


def match(levels, games, seed, budget, iterations, workers) -> dict:
    args = sim.build_parser().parse_args(
        ["--players", "2", "--bots", ",".join(levels), "--rotate", "--games", str(games), "--seed", str(seed),
         "--workers", str(workers)] + (["--budget", str(budget)] if budget is not None else [])
        + (["--iterations", str(iterations)] if iterations else []))
    args.mode = "competitive"
    t0 = time.perf_counter()
    results = sim.run_jobs(sim.make_jobs(args), args.workers)
    sm = sim.summarize(results)
    a, b = levels
    ra, rb = sm["bots"][a], sm["bots"][b]
    decided = sm["decided"]
    sole = lost = shared = 0
    for r in results:
        if "error" in r or not r["winners"]:
            continue
        mine = {p for p, lvl in enumerate(r["bots"]) if lvl == a}
        won = bool(mine & set(r["winners"]))
        other = bool(set(r["winners"]) - mine)
        sole += won and not other
        lost += other and not won
        shared += won and other
    return {"bot": a, "opponent": b, "games": sm["finished"], "failed": sm["failed"],
            "wins": ra["wins"], "sole_wins": sole, "losses": lost, "shared": shared,
            "nobody_won": sm["nobody_won"],
            "win_rate_all": ra["wins"] / sm["finished"], "win_rate_decided": ra["wins"] / decided if decided else None,
            "opponent_win_rate_all": rb["wins"] / sm["finished"], "mean_rounds": sm["mean_rounds"],
            "endings": sm["endings"], "seconds": time.perf_counter() - t0,
            "budget": budget, "iterations": iterations}


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95 % Wilson score interval of k successes in n trials."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    d = 1 + z * z / n
    c = p + z * z / (2 * n)
    h = z * ((p * (1 - p) + z * z / (4 * n)) / n) ** 0.5
    return max(0.0, (c - h) / d), min(1.0, (c + h) / d)


# The strength cells of issue 25 (item 5): name -> (players, mode, difficulty, seats).
CELLS = {
    "solo": (1, "solo", "medium", "expert"),
    "solo_hard": (1, "solo", "hard", "expert"),
    "coop": (2, "coop", "medium", "expert,expert"),
    "coop3": (3, "coop", "medium", "expert,expert,expert"),
    "coop4": (4, "coop", "medium", "expert,expert,expert,expert"),
    "versus": (2, "competitive", "medium", "expert,hard"),
}
LABELS = {"solo": "solo medium", "solo_hard": "solo hard", "coop": "coop 2p medium, expert x2",
          "coop3": "coop 3p medium, expert x3", "coop4": "coop 4p medium, expert x4"}


def _log_key(r: dict) -> tuple:
    """What makes a logged game the same game as a job: its cell, seed, seats and bot settings."""
    return (r.get("cell"), r["cfg"]["seed"], tuple(r["bots"]),
            json.dumps(r.get("level_opts"), sort_keys=True), r.get("clock"))


def _logged(log_path) -> dict:
    """The games already in the JSON-lines log, by _log_key (a later line wins); torn lines skipped."""
    out: dict = {}
    if not log_path or not Path(log_path).exists():
        return out
    for line in Path(log_path).read_text().splitlines():
        try:
            r = json.loads(line)
            out[_log_key(r)] = r
        except (ValueError, KeyError, TypeError):
            continue                    # a line cut by a stopped run
    return out


def _pool_results(jobs, workers: int, log_path=None, resume: bool = False, play: bool = True) -> list[dict]:
    """sim.play_one over the jobs; each finished game is appended to `log_path` (JSON lines, with
    its cell, settings, think times and the load average when it ended) as it comes, so a run cut
    short still leaves its games. `resume`: games already in the log are taken from it, not played
    again; `play=False` plays nothing (the report of a stopped run: the logged games only)."""
    from multiprocessing import get_context
    results = []
    done = _logged(log_path) if (resume or not play) else {}
    todo = []
    for j in jobs:
        key = (j.get("cell"), j["seed"], tuple(j["bots"]), json.dumps(j.get("level_opts"), sort_keys=True),
               j.get("clock"))
        if key in done:
            results.append(done[key])
        elif play:
            todo.append(j)
    if results:
        print(f"  ({len(results)} games from {log_path}, {len(todo)} to play)", flush=True)
    log = open(log_path, "a") if log_path and todo else None  # noqa: SIM115 (optional; closed in the finally below)
    if log and log.tell() and not Path(log_path).read_bytes().endswith(b"\n"):
        log.write("\n")                # a line torn by a stopped run stays alone (and is skipped)
    try:
        if workers <= 1 or len(todo) <= 1:
            it = map(sim.play_one, todo)
            pool = None
        else:
            pool = get_context("fork" if sys.platform != "win32" else "spawn").Pool(workers)
            it = pool.imap_unordered(sim.play_one, todo, chunksize=1)
        by_seed = {j["seed"]: j for j in todo}
        for r in it:
            j = by_seed.get(r["cfg"]["seed"], {})
            r.update({"cell": j.get("cell"), "level_opts": j.get("level_opts"), "clock": j.get("clock"),
                      "load_average": os.getloadavg() if hasattr(os, "getloadavg") else None})
            results.append(r)
            if log:
                log.write(json.dumps(r, default=str) + "\n")
                log.flush()
        if pool is not None:
            pool.close()
            pool.join()
    finally:
        if log:
            log.close()
    results.sort(key=lambda r: r["cfg"]["seed"])
    return results


def expert_matches(games: int, seed: int, iterations, budget, hard_iterations, workers,
                   which=("solo", "coop", "versus"), hard_budget=None, log_path=None,
                   expert_opts=None, cpu_clock: bool = False, resume: bool = False,
                   play: bool = True) -> list[dict]:
    """The expert's strength cells (CELLS; see the module docstring). `budget` (seconds) puts the
    expert on the clock, as at the table; else `iterations` worlds a decision. `hard` likewise
    (`hard_budget`, else `hard_iterations` playouts a candidate). `expert_opts`: more ExpertBot
    settings (a dict). Every searched decision's worlds are kept (the clock's reach). `cpu_clock`:
    the budgets count each worker's CPU time, not wall time (the idle machine's reach on a loaded
    one). `log_path`, `resume`, `play`: see _pool_results."""
    eopts = {"iterations": iterations} if budget is None else {"budget": budget, "iterations": None}
    eopts.update(expert_opts or {})
    opts = {"expert": eopts,
            "hard": {"iterations": hard_iterations} if hard_budget is None else {"budget": hard_budget,
                                                                                 "iterations": None}}
    out = []
    for name in which:
        players, mode, difficulty, seats = CELLS[name]
        argv = ["--players", str(players), "--mode", mode, "--bots", seats, "--difficulty", difficulty,
                "--games", str(games), "--seed", str(seed), "--workers", str(workers),
                "--level-opts", json.dumps(opts)] + (["--rotate"] if name == "versus" else []) \
            + (["--cpu-clock"] if cpu_clock else [])
        args = sim.build_parser().parse_args(argv)
        t0 = time.perf_counter()
        jobs = sim.make_jobs(args)
        for j in jobs:
            j["timing"] = True              # keep every think time (for the p95) and the worlds
            j["cell"] = name
        results = _pool_results(jobs, args.workers, log_path, resume=resume, play=play)
        sm = sim.summarize(results)
        think = [t for r in results if "error" not in r for p, ts in (r.get("think") or {}).items()
                 if r["bots"][int(p)] == "expert" for t in ts]
        think_cpu = [t for r in results if "error" not in r for p, ts in (r.get("think_cpu") or {}).items()
                     if r["bots"][int(p)] == "expert" for t in ts]
        loads = sorted(r["load_average"][0] for r in results if r.get("load_average"))
        ok = [r for r in results if "error" not in r]
        worlds = sorted(w for r in results if "error" not in r for p, ws in (r.get("worlds") or {}).items()
                        if r["bots"][int(p)] == "expert" for w in ws)
        row = {"what": name, "players": players, "mode": mode, "difficulty": difficulty,
               "first_seed": seed, "last_seed": seed + games - 1,
               "games": sm["finished"], "failed": sm["failed"], "seconds": time.perf_counter() - t0,
               "mean_rounds": sm.get("mean_rounds"), "mean_doom_end": sm.get("mean_doom_end"),
               "achievements_per_tribe": sm.get("mean_achievements_per_tribe"),
               "expert_think_p95_s": pct(think, 0.95) if think else None,
               "expert_think_max_s": max(think) if think else None, "expert_decisions": len(think),
               "expert_think_mean_s": statistics.mean(think) if think else None,
               "expert_think_cpu_p95_s": pct(think_cpu, 0.95) if think_cpu else None,
               "expert_think_cpu_mean_s": statistics.mean(think_cpu) if think_cpu else None,
               "game_wall_s_total": sum(r["seconds"] for r in ok),
               "game_cpu_s_total": sum(r.get("cpu_seconds") or 0.0 for r in ok),
               "clock": "cpu" if cpu_clock else "wall",
               "load_1min_at_game_ends": ({"min": loads[0], "median": statistics.median(loads), "max": loads[-1]}
                                          if loads else None),
               "searched_decisions": len(worlds),
               "worlds_median": statistics.median(worlds) if worlds else None,
               "worlds_p10": pct(worlds, 0.10) if worlds else None,
               "worlds_mean": statistics.mean(worlds) if worlds else None,
               "endings": sm.get("endings"), "iterations": iterations, "budget": budget,
               "expert_opts": expert_opts or None,
               "hard_iterations": hard_iterations if name == "versus" and hard_budget is None else None,
               "hard_budget": hard_budget if name == "versus" else None,
               "load_average": os.getloadavg() if hasattr(os, "getloadavg") else None}
        if name == "versus":
            decided = sm["decided"]
            wins = sm["bots"]["expert"]["wins"]
            row.update({"wins": wins, "decided": decided, "win_rate_decided": wins / decided if decided else None,
                        "wilson_decided": wilson(wins, decided), "hard_wins": sm["bots"]["hard"]["wins"]})
        else:
            wins = sm["decided"]
            row.update({"wins": wins, "win_rate": wins / sm["finished"] if sm["finished"] else None,
                        "wilson": wilson(wins, sm["finished"])})
        out.append(row)
        print_expert([row])
    return out


def print_expert(rows) -> None:
    for r in rows:
        how = (f"{r['iterations']} worlds a decision" if r["budget"] is None else
               f"{r['budget']} s a decision ({'CPU' if r.get('clock') == 'cpu' else 'wall'} clock)")
        p95 = f"{r['expert_think_p95_s']:.2f} s" if r["expert_think_p95_s"] is not None else "-"
        reach = (f", worlds a searched decision median {r['worlds_median']:.0f} (p10 {r['worlds_p10']}, "
                 f"mean {r['worlds_mean']:.1f}, {r['searched_decisions']} decisions)"
                 if r.get("worlds_median") is not None else "")
        seeds = f"seeds {r['first_seed']}-{r['last_seed']}"
        if r.get("game_cpu_s_total") is not None and r.get("games"):
            ld = r.get("load_1min_at_game_ends") or {}
            reach += (f", a game {r['game_cpu_s_total'] / r['games']:.0f} CPU-s / {r['game_wall_s_total'] / r['games']:.0f}"
                      f" s wall" + (f", load {ld['min']:.1f}-{ld['max']:.1f} (median {ld['median']:.1f})" if ld else ""))
        if r["what"] == "versus":
            lo, hi = r["wilson_decided"]
            hard = (f"hard {r['hard_budget']} s a decision" if r.get("hard_budget") is not None
                    else f"hard {r['hard_iterations']} playouts a candidate")
            print(f"  expert vs hard ({how}; {hard}; {seeds}): expert wins "
                  f"{r['wins']} of {r['decided']} decided games ({r['games']} played): "
                  f"{100 * (r['win_rate_decided'] or 0):.0f}% (95% CI {100 * lo:.0f}-{100 * hi:.0f}%), "
                  f"think p95 {p95}{reach}  ({r['seconds']:.0f} s)", flush=True)
        else:
            lo, hi = r["wilson"]
            label = LABELS.get(r["what"], r["what"])
            print(f"  {label} ({how}; {seeds}): {r['wins']}/{r['games']} won = {100 * r['win_rate']:.0f}% "
                  f"(95% CI {100 * lo:.0f}-{100 * hi:.0f}%), Achievements per tribe "
                  f"{r['achievements_per_tribe']:.2f}, rounds {r['mean_rounds']:.1f}, think p95 {p95}{reach}  "
                  f"({r['seconds']:.0f} s)", flush=True)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=200, help="games per match-up (default 200)")
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--budget", type=float, default=None,
                    help="seconds per decision of the search bot in the match (default: --iterations)")
    ap.add_argument("--iterations", type=int, default=8,
                    help="playouts per candidate of the search bot in the match (default 8)")
    ap.add_argument("--positions", type=int, default=40, help="positions for think-time percentiles")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--quick", action="store_true", help="fewer positions and speed games")
    ap.add_argument("--skip-matches", action="store_true")
    ap.add_argument("--expert", action="store_true", help="also measure the expert (issue 11)")
    ap.add_argument("--expert-only", action="store_true", help="measure only the expert")
    ap.add_argument("--expert-games", type=int, default=20, help="games per expert measure (default 20)")
    ap.add_argument("--expert-iterations", type=int, default=6, help="imagined worlds per expert decision")
    ap.add_argument("--expert-budget", type=float, default=None, help="seconds per expert decision instead")
    ap.add_argument("--hard-iterations", type=int, default=8, help="playouts per candidate of `hard`")
    ap.add_argument("--hard-budget", type=float, default=None, help="seconds per decision of `hard` instead")
    ap.add_argument("--expert-which", default="solo,coop,versus",
                    help=f"a subset of {','.join(CELLS)} ('' for none)")
    ap.add_argument("--expert-opts", default=None, help='more ExpertBot settings as JSON, e.g. \'{"leaf": "learned"}\'')
    ap.add_argument("--cpu-clock", action="store_true",
                    help="budgets count each worker's CPU time, not wall time: a loaded machine does not "
                         "starve the search (the table, the hint and 'think longer' keep the wall clock)")
    ap.add_argument("--log", help="append every finished game here as it ends (JSON lines)")
    ap.add_argument("--resume", action="store_true",
                    help="with --log: games already in the log are taken from it, only the others played")
    ap.add_argument("--report-only", action="store_true",
                    help="with --log: play nothing, report the logged games of these cells (a stopped run)")
    ap.add_argument("--hint-positions", type=int, default=0, help="with --expert-only: hint p95 on this many positions")
    ap.add_argument("--json", help="write the results here")
    args = ap.parse_args(argv)
    if (args.resume or args.report_only) and not args.log:
        ap.error("--resume and --report-only read the games of --log FILE")
    if args.expert_opts and (json.loads(args.expert_opts) or {}).get("helpers") and args.workers > 1 \
            and not args.report_only:
        # a pool worker may not start processes: its expert would search alone, unseen
        ap.error("the expert's helpers are processes of its own: play with --workers 1 "
                 "(one game at a time, each on two cores)")
    if args.expert_only:
        from faeriell.bots import TABLE_HELPERS, hint
        report = {"cpu_count": os.cpu_count()}
        print(f"== the expert, {args.expert_games} games each, {args.workers} workers")
        rows = expert_matches(args.expert_games, args.seed, args.expert_iterations, args.expert_budget,
                              args.hard_iterations, args.workers, tuple(args.expert_which.split(",")),
                              hard_budget=args.hard_budget, log_path=args.log,
                              expert_opts=json.loads(args.expert_opts) if args.expert_opts else None,
                              cpu_clock=args.cpu_clock, resume=args.resume, play=not args.report_only) \
            if args.expert_which else []
        report["expert"] = rows
        if args.hint_positions:
            pos = sample_positions(args.hint_positions, seed=7)
            # as the table asks it: with its helper process where there is a second core
            h = think_times(pos, lambda g: hint(g, budget=1.0, helpers=TABLE_HELPERS),
                            f"hint(budget=1.0), from the expert, {TABLE_HELPERS} helper(s)")
            print(f"  {h['what']}: p50 {h['p50_s']:.3f} s  p95 {h['p95_s']:.3f} s  max {h['max_s']:.3f} s "
                  f"on {h['n']} positions")
            report["hint"] = h
        report["load_average"] = os.getloadavg() if hasattr(os, "getloadavg") else None
        if args.json:
            Path(args.json).write_text(json.dumps(report, indent=1, default=str))
        return 0
    if args.budget is not None:
        args.iterations = None
    from faeriell.bots import TABLE_HELPERS, SearchBot, hint
    report = {"cpu_count": os.cpu_count(), "load_average": os.getloadavg() if hasattr(os, "getloadavg") else None}
    npos = 10 if args.quick else args.positions

    print("== decisions per second (think time only)")
    sp = speed(games=3 if args.quick else 6)
    for lvl, row in sp.items():
        print(f"  {lvl:<10} {row['decisions_per_second']:9.0f} /s  ({row['decisions']} decisions)")
    report["speed"] = sp

    print(f"== think time on {npos} positions sampled from self-play in every mode")
    pos = sample_positions(npos, seed=7)
    rows = []
    for label, budget in (("search normal (0.3 s)", 0.3), ("search hard (1.0 s)", 1.0)):
        bot = SearchBot(1, budget=budget)
        rows.append(think_times(pos, lambda g, b=bot: b.decide(g, g.acting), label))
    rows.append(think_times(pos, lambda g: hint(g, budget=1.0, helpers=TABLE_HELPERS),
                            f"hint(budget=1.0), {TABLE_HELPERS} helper(s) as at the table"))
    if args.expert:
        from faeriell.bots import ExpertBot
        ebot = ExpertBot(1, budget=1.0)
        rows.insert(-1, think_times(pos, lambda g, b=ebot: b.decide(g, g.acting), "expert (1.0 s)"))
    for r in rows:
        print(f"  {r['what']:<22} p50 {r['p50_s']:.3f} s  p95 {r['p95_s']:.3f} s  max {r['max_s']:.3f} s  "
              f"({r['decisions_per_second']:.1f} decisions/s)")
    report["think"] = rows
    hint_p95 = rows[-1]["p95_s"]

    if not args.skip_matches:
        print(f"== 2-player competitive, {args.games} games each, seats rotated, {args.workers} workers")
        m1 = match(("heuristic", "random"), args.games, args.seed, None, None, args.workers)
        m2 = match(("search", "heuristic"), args.games, args.seed, args.budget, args.iterations, args.workers)
        for m in (m1, m2):
            how = (f"budget {m['budget']} s" if m["budget"] is not None else
                   f"{m['iterations']} playouts per candidate" if m["iterations"] else "")
            print(f"  {m['bot']} vs {m['opponent']} {('(' + how + ')') if how and m['bot'] == 'search' else ''}: "
                  f"{m['wins']} wins ({m['shared']} of them shared), {m['losses']} losses, "
                  f"{m['nobody_won']} nobody won, of {m['games']}; "
                  f"win rate {100 * m['win_rate_all']:.1f}% of all games, "
                  f"{100 * (m['win_rate_decided'] or 0):.1f}% of decided games  ({m['seconds']:.0f} s)")
        report["matches"] = [m1, m2]
        print("== targets")
        print(f"  heuristic vs random >= 90%: all games {100 * m1['win_rate_all']:.1f}%, "
              f"decided {100 * (m1['win_rate_decided'] or 0):.1f}%")
        print(f"  search vs heuristic >= 60%: all games {100 * m2['win_rate_all']:.1f}%, "
              f"decided {100 * (m2['win_rate_decided'] or 0):.1f}%")
    print(f"  hint p95 < 1 s: {hint_p95:.3f} s {'ok' if hint_p95 < 1.0 else 'MISSED'}")
    if args.expert:
        print(f"== the expert, {args.expert_games} games each")
        erows = expert_matches(args.expert_games, args.seed, args.expert_iterations, args.expert_budget,
                               args.hard_iterations, args.workers, tuple(args.expert_which.split(",")),
                               hard_budget=args.hard_budget, log_path=args.log, cpu_clock=args.cpu_clock,
                               resume=args.resume, play=not args.report_only)
        report["expert"] = erows
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=1, default=str))
    return 0


if __name__ == "__main__":
    sys.exit(main())
