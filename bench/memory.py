#!/usr/bin/env python3
"""Memory over a long session: bots play game after game in ONE process; RSS is reported over time.

    python3 bench/memory.py                          # 30 minutes, the window (dummy video), 3 random bots
    python3 bench/memory.py --minutes 5 --seats hard,hard
    python3 bench/memory.py --minutes 10 --no-ui     # the engine and bots only, no pygame
    python3 bench/memory.py --minutes 5 --trace      # + the 12 biggest growths (tracemalloc) at the end

With the window (the default) the App runs its real loop headless (SDL_VIDEODRIVER=dummy): the
table draws every change, bots think in their threads, every turn autosaves (to a temporary data
folder), and a finished game is followed by a new one with the next seed, as a player restarting
would. Without it, the same bots play through the engine alone.

Prints one line per sample (elapsed, games, moves, RSS) and a summary: RSS at the start of the
second sample (after the first game warmed the caches), peak, end, and the slope over the second
half in MB per 10 minutes (flat memory: close to 0). Exit status 0.
"""
from __future__ import annotations

import argparse
import gc
import json
import os
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

CONFIGS = [  # (players, mode, variants): the shapes a player restarts with
    (3, "competitive", []), (3, "competitive", ["drifter", "shadows"]), (2, "coop", []),
    (3, "competitive", ["winters_grasp", "kickstarter"]), (2, "competitive", ["twins"]),
    (4, "coop", ["advanced_menace_rule"]), (3, "competitive", ["starting_scenario"]),
]


def rss_mb() -> float:
    """Resident set size of this process now (Linux /proc; ru_maxrss elsewhere)."""
    try:
        with open("/proc/self/statm") as f:
            pages = int(f.read().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, IndexError):
        import resource
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def config_for(k: int, seats: list[str]):
    players, mode, variants = CONFIGS[k % len(CONFIGS)]
    if len(seats) != players:          # the seat list given wins: keep its player count
        players = len(seats)
        mode = "solo" if players == 1 else mode
        if "twins" in variants and players != 2:
            variants = []
        if players == 1:
            variants = [v for v in variants if v not in ("twins",)]
    return players, mode, variants


ERRORS: list[str] = []         # bot exceptions met (engine mode); the game is dropped, the run goes on


class Sampler:
    def __init__(self, every_s: float, out):
        self.every = every_s
        self.t0 = time.monotonic()
        self.next = self.t0
        self.rows: list[tuple[float, int, int, float]] = []
        self.out = out

    def maybe(self, games: int, moves: int, force: bool = False) -> None:
        now = time.monotonic()
        if now < self.next and not force:
            return
        self.next = now + self.every
        row = (now - self.t0, games, moves, rss_mb())
        self.rows.append(row)
        extra = ""
        cache = sys.modules.get("faeriell.ui.surface_cache")
        if cache is not None:
            extra = f"  (surface caches {cache.surface_cache_bytes() / 2**20:5.1f} MB)"
        print(f"{row[0]:7.0f} s  games {games:4d}  moves {moves:7d}  RSS {row[3]:7.1f} MB{extra}", file=self.out,
              flush=True)


def run_engine(args, sampler) -> tuple[int, int]:
    from faeriell.content.rules_loader import default_rules
    from faeriell.engine import new_game
    from faeriell.bots import make_bot
    rules = default_rules()
    deadline = time.monotonic() + args.minutes * 60
    games = moves = 0
    k = args.seed
    while time.monotonic() < deadline:
        players, mode, variants = config_for(k, args.seats)
        g = new_game(rules, players, mode, "medium", variants, k)
        bots = [make_bot(args.seats[i % len(args.seats)], seed=k * 10 + i, budget=args.budget)
                for i in range(players)]
        n = 0
        while not g.state.game_over and n < args.max_moves and time.monotonic() < deadline:
            i = g.acting
            try:
                action = bots[i].choose(g, i)
            except Exception as e:      # a bot bug ends this game, not the measurement
                ERRORS.append(f"game {k} ({players}p {mode} {','.join(variants) or 'no variant'}), "
                              f"move {n + 1}: {type(e).__name__}: {e}")
                print(f"  bot error: {ERRORS[-1]}", flush=True)
                break
            g.apply(action)
            n += 1
            sampler.maybe(games, moves + n)
        games += 1
        moves += n
        k += 1
    return games, moves


def run_ui(args, sampler) -> tuple[int, int]:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from faeriell.ui.app import App, LaunchOptions
    k = args.seed
    players, mode, variants = config_for(k, args.seats)
    opts = LaunchOptions(players=players, mode=mode, variants=variants, seed=k,
                         seats=[args.seats[i % len(args.seats)] for i in range(players)],
                         bot_delay=0.0, end_delay=0.0)
    app = App(size=(1280, 800), options=opts)
    deadline = time.monotonic() + args.minutes * 60
    games = moves = 0
    seen_version = None
    while time.monotonic() < deadline:
        app.step()
        s = app.session
        if s is not None and s.version != seen_version:
            seen_version = s.version
            moves += 1
        over = s is None or s.state.game_over or type(app.scene).__name__ == "EndScene"
        if over:
            games += 1
            k += 1
            players, mode, variants = config_for(k, args.seats)
            err = app.start_new_game(players, mode, "medium", variants, k,
                                     [args.seats[i % len(args.seats)] for i in range(players)])
            if err:
                print(f"could not start game {k}: {err}", file=sys.stderr)
            seen_version = None
        sampler.maybe(games, moves)
    if app.errors:
        print(f"errors shown in the window: {len(app.errors)}; first: {app.errors[0]}", file=sys.stderr)
    return games, moves


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--minutes", type=float, default=30.0, help="how long to play (default 30)")
    p.add_argument("--seats", default="random,random,random",
                   help="bot level of each seat: random, easy, normal, hard, heuristic (default random x3)")
    p.add_argument("--budget", type=float, default=None, help="seconds per decision of searching bots")
    p.add_argument("--every", type=float, default=30.0, help="seconds between samples (default 30)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--max-moves", type=int, default=4000, help="a game longer than this is abandoned")
    p.add_argument("--no-ui", dest="ui", action="store_false", help="engine and bots only (no pygame)")
    p.add_argument("--trace", action="store_true", help="tracemalloc: print the biggest growths at the end")
    p.add_argument("--json", metavar="FILE", help="write the samples and the summary to FILE")
    args = p.parse_args(argv)
    args.seats = [s.strip() for s in args.seats.split(",") if s.strip()]
    data = tempfile.mkdtemp(prefix="faeriell-memory-")
    os.environ["FAERIELL_DATA"] = data          # autosaves go to a folder of their own
    if args.trace:
        import tracemalloc
        tracemalloc.start(12)
    sampler = Sampler(args.every, sys.stdout)
    print(f"memory bench: {args.minutes:g} min, seats {','.join(args.seats)}, "
          f"{'window (dummy video)' if args.ui else 'engine only'}, pid {os.getpid()}", flush=True)
    sampler.maybe(0, 0, force=True)
    first_snapshot = None
    if args.trace:
        first_snapshot_at = time.monotonic() + min(120.0, args.minutes * 60 / 4)
    runner = run_ui if args.ui else run_engine
    if args.trace:               # take the reference snapshot once the caches are warm
        orig = sampler.maybe

        def maybe(games, moves, force=False):
            nonlocal first_snapshot
            if first_snapshot is None and time.monotonic() >= first_snapshot_at:
                gc.collect()
                first_snapshot = tracemalloc.take_snapshot()
            orig(games, moves, force)
        sampler.maybe = maybe
    games, moves = runner(args, sampler)
    gc.collect()
    sampler.maybe(games, moves, force=True)
    rows = sampler.rows
    rss = [r[3] for r in rows]
    half = [r for r in rows if r[0] >= rows[-1][0] / 2]
    slope = 0.0
    if len(half) >= 2 and half[-1][0] > half[0][0]:
        n = len(half)
        mx = sum(r[0] for r in half) / n
        my = sum(r[3] for r in half) / n
        den = sum((r[0] - mx) ** 2 for r in half)
        slope = sum((r[0] - mx) * (r[3] - my) for r in half) / den * 600 if den else 0.0
    warm = rss[1] if len(rss) > 1 else rss[0]
    summary = {"minutes": args.minutes, "seats": args.seats, "ui": args.ui, "games": games, "moves": moves,
               "rss_start_mb": round(rss[0], 1), "rss_warm_mb": round(warm, 1),
               "rss_peak_mb": round(max(rss), 1), "rss_end_mb": round(rss[-1], 1),
               "slope_second_half_mb_per_10min": round(slope, 2)}
    if ERRORS:
        print(f"bot errors: {len(ERRORS)} (each ended its game)")
    print(f"games {games}, moves {moves}; RSS start {rss[0]:.1f} MB, after warm-up {warm:.1f} MB, "
          f"peak {max(rss):.1f} MB, end {rss[-1]:.1f} MB; second half {slope:+.2f} MB per 10 min")
    if args.trace and first_snapshot is not None:
        import tracemalloc
        top = tracemalloc.take_snapshot().compare_to(first_snapshot, "traceback")
        print("biggest growths since warm-up:")
        for stat in top[:12]:
            print(f"  {stat.size_diff / 1024:+9.1f} KiB {stat.count_diff:+7d} blocks  "
                  f"{stat.traceback.format()[-1].strip()}")
            for line in stat.traceback.format()[-8:-1]:
                print("        " + line.strip())
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"samples": rows, "summary": summary}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
