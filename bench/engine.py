"""Engine speed: random self-play, 4 players, competitive (one process, no invariant checks).

    python3 bench/engine.py                 # 200 games
    python3 bench/engine.py --games 50 --json

Reports
  decisions/s        actions / wall time of whole games played with nothing timed per decision
                     (new_game, then list, choose, apply until the end): exactly how
                     bench/catanatron_ref.py measures catanatron; best of --repeat runs
  ... per decision   the instrumented pass: actions / the time inside (legal_actions() + choice +
                     apply), and the same with every listing rebuilt from scratch
  legal listing      median and p99 microseconds of g.legal_actions() with the per-state cache
                     cleared first (g._legal_cache = None), once at every decision; the p99 also
                     by thread CPU time, which other processes on the machine do not inflate
  apply              median microseconds of g.apply(action) (not `trusted`: a listed move is
                     recognised as listed, anything else is checked by why_not first)
  games/s            whole games (new_game + play to the end) by wall clock
  decisions/CPU-s    actions / process CPU time of the whole run (steadier on a shared machine)
  memory             tracemalloc peak over one game, and the process's maxrss

Targets (bench/README.md): legal listing p99 < 1 ms; >= 36,000 decisions/s.
"""
from __future__ import annotations

import argparse
import gc
import json
import platform
import random
import resource
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

TARGET_LISTING_P99_US = 1000.0
TARGET_DECISIONS_PER_S = 36000.0


def pct(values, q):
    if not values:
        return 0.0
    s = sorted(values)
    k = min(len(s) - 1, max(0, int(round(q / 100.0 * (len(s) - 1)))))
    return s[k]


def play(rules, players, mode, seed, listing, applying, counts=None, listing_cpu=None, natural=None):
    """One game. Per decision it records the uncached listing time (`listing`), the choice and
    apply times (`applying`) and, in `natural`, the time a client really spends: legal_actions()
    as the engine serves it (a pending decision's list was already built by advance() to see
    whether it resolves itself) + choice + apply."""
    from faeriell.engine import new_game
    g = new_game(rules, players, mode, "medium", (), seed)
    rnd = random.Random(seed)
    clock = time.perf_counter_ns
    cpu_clock = time.thread_time_ns
    n = 0
    while not g.state.game_over:
        served = g._legal_cache is not None          # a pending decision, listed by advance()
        c0 = cpu_clock()
        t0 = clock()
        acts = g.legal_actions()
        tl = clock()
        c1 = cpu_clock()
        a = rnd.choice(acts)
        t1 = clock()
        if served:
            # The uncached listing of this decision, timed on its own for the latency figures;
            # the list the client got is put back untouched.
            g._legal_cache = None
            c0 = cpu_clock()
            l0 = clock()
            g.legal_actions()
            listed_ns = clock() - l0
            c1 = cpu_clock()
            g._legal_cache = acts
        else:
            listed_ns = tl - t0
        t2 = clock()
        g.apply(a)
        t3 = clock()
        listing.append(listed_ns)
        if counts is not None:
            counts.append(len(acts))
            listing_cpu.append(c1 - c0)
        applying.append((t1 - tl, t3 - t2))
        if natural is not None:
            natural.append((t1 - t0) + (t3 - t2))
        n += 1
    return g, n


def throughput(rules, players, mode, seeds) -> tuple[int, float, float]:
    """(actions, wall s, CPU s) of whole games played the way a client plays them, with nothing
    timed inside: bench/catanatron_ref.py's method."""
    from faeriell.engine import new_game
    actions = 0
    gc.collect()
    c0 = time.process_time()
    t0 = time.perf_counter()
    for seed in seeds:
        g = new_game(rules, players, mode, "medium", (), seed)
        choice = random.Random(seed).choice
        legal, apply = g.legal_actions, g.apply
        while not g.state.game_over:
            apply(choice(legal()))
            actions += 1
    return actions, time.perf_counter() - t0, time.process_time() - c0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--players", type=int, default=4, choices=(1, 2, 3, 4))
    ap.add_argument("--mode", default="competitive", choices=("competitive", "coop", "solo"))
    ap.add_argument("--first-seed", type=int, default=0)
    ap.add_argument("--repeat", type=int, default=3, help="throughput runs (the best is reported)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)

    from faeriell.content.rules_loader import default_rules
    t = time.perf_counter()
    rules = default_rules()
    rules_ms = (time.perf_counter() - t) * 1000

    # warm-up (imports, caches), not measured
    play(rules, args.players, args.mode, 10 ** 6, [], [])

    seeds = range(args.first_seed, args.first_seed + args.games)
    runs = [throughput(rules, args.players, args.mode, seeds) for _ in range(max(1, args.repeat))]
    tp_actions, tp_wall, tp_cpu = min(runs, key=lambda r: r[1])

    listing, applying, counts, listing_cpu, natural = [], [], [], [], []
    actions = rounds = 0
    gc.collect()
    c0 = time.process_time()
    t0 = time.perf_counter()
    for k in range(args.games):
        g, n = play(rules, args.players, args.mode, args.first_seed + k, listing, applying,
                    counts, listing_cpu, natural)
        actions += n
        rounds += g.state.round
    wall = time.perf_counter() - t0
    cpu = time.process_time() - c0

    # saves and undo on finished games: dumps, load (full replay, checked), undo_points
    from faeriell.engine.saves import dumps, load, replay
    from faeriell.engine.undo import undo_points
    save_ms, load_ms, undo_us = [], [], []
    for k in range(min(20, args.games)):
        g, _ = play(rules, args.players, args.mode, args.first_seed + k, [], [])
        t1 = time.perf_counter()
        text = dumps(g)
        t2 = time.perf_counter()
        load(rules, text)
        t3 = time.perf_counter()
        save_ms.append((t2 - t1) * 1000)
        load_ms.append((t3 - t2) * 1000)
        # undo_points on the game before its last action (the first call replays the shadow)
        part = replay(rules, g.origin, [e["action"] for e in g.history[:-1]])
        undo_points(part)
        t4 = time.perf_counter()
        undo_points(part)
        undo_us.append((time.perf_counter() - t4) * 1e6)

    # memory: one game under tracemalloc (slow, so separate from the timings)
    tracemalloc.start()
    play(rules, args.players, args.mode, args.first_seed, [], [])
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    maxrss_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    if sys.platform == "darwin":
        maxrss_kb //= 1024

    decision_ns = sum(natural)
    relisted_ns = sum(listing) + sum(c + a for c, a in applying)
    apply_us = [a / 1000 for _, a in applying]
    list_us = [x / 1000 for x in listing]
    res = {
        "config": f"{args.players}p {args.mode}, random self-play, {args.games} games",
        "python": platform.python_version(), "machine": platform.machine(),
        "games": args.games, "actions": actions,
        "mean_actions_per_game": round(actions / args.games, 1) if args.games else 0,
        "mean_rounds": round(rounds / args.games, 2) if args.games else 0,
        "decisions_per_s": round(tp_actions / tp_wall) if tp_wall else 0,
        "decisions_per_cpu_s": round(tp_actions / tp_cpu) if tp_cpu else 0,
        "throughput_runs_s": [round(r[1], 3) for r in runs],
        "decisions_per_s_instrumented": round(actions / (decision_ns / 1e9)) if decision_ns else 0,
        "decisions_per_s_every_listing_uncached": round(actions / (relisted_ns / 1e9)) if relisted_ns else 0,
        "legal_listing_median_us": round(statistics.median(list_us), 1) if list_us else 0,
        "legal_listing_p99_us": round(pct(list_us, 99), 1),
        "legal_listing_max_us": round(max(list_us), 1) if list_us else 0,
        "legal_listing_p99_thread_cpu_us": round(pct([x / 1000 for x in listing_cpu], 99), 1),
        "listing_share_of_decision_time": round(sum(listing) / relisted_ns, 3) if relisted_ns else 0,
        "mean_legal_actions": round(sum(counts) / len(counts), 1) if counts else 0,
        "apply_median_us": round(statistics.median(apply_us), 1) if apply_us else 0,
        "apply_p99_us": round(pct(apply_us, 99), 1),
        "decisions_per_cpu_s_whole_games": round(actions / cpu) if cpu else 0,
        "cpu_share_of_wall": round(cpu / wall, 2) if wall else 0,
        "games_per_s": round(args.games / wall, 2) if wall else 0,
        "wall_s": round(wall, 2),
        "tracemalloc_peak_kib_one_game": round(peak / 1024, 1),
        "maxrss_mib": round(maxrss_kb / 1024, 1),
        "rules_load_ms": round(rules_ms, 1),
        "save_dumps_median_ms": round(statistics.median(save_ms), 2) if save_ms else 0,
        "load_replay_median_ms": round(statistics.median(load_ms), 1) if load_ms else 0,
        "undo_points_median_us": round(statistics.median(undo_us), 1) if undo_us else 0,
        "targets": {"legal_listing_p99_us": TARGET_LISTING_P99_US,
                    "decisions_per_s": TARGET_DECISIONS_PER_S},
    }
    res["meets_listing_target"] = res["legal_listing_p99_us"] < TARGET_LISTING_P99_US
    res["meets_decisions_target"] = res["decisions_per_s"] >= TARGET_DECISIONS_PER_S
    if args.json:
        print(json.dumps(res, indent=1))
        return 0
    ok = lambda b: "ok" if b else "BELOW TARGET"  # noqa: E731
    print(f"{res['config']} (Python {res['python']}, {res['machine']})")
    print(f"  actions            {actions} ({res['mean_actions_per_game']} a game, "
          f"{res['mean_rounds']} rounds)")
    print(f"  decisions/s        {res['decisions_per_s']:,}   target >= 36,000  "
          f"[{ok(res['meets_decisions_target'])}]")
    print(f"                     whole games, nothing timed per decision (catanatron_ref's method); "
          f"best of {len(runs)} runs: {', '.join(f'{w:.2f}' for w in res['throughput_runs_s'])} s; "
          f"{res['decisions_per_cpu_s']:,} per CPU-s")
    print(f"                     instrumented: {res['decisions_per_s_instrumented']:,} inside "
          f"list + choose + apply; {res['decisions_per_s_every_listing_uncached']:,} if every "
          f"listing is rebuilt (a pending decision's list is built twice)")
    print(f"  legal listing      median {res['legal_listing_median_us']} us, "
          f"p99 {res['legal_listing_p99_us']} us, max {res['legal_listing_max_us']} us   "
          f"target p99 < 1000 us  [{ok(res['meets_listing_target'])}]")
    print(f"                     p99 by thread CPU time {res['legal_listing_p99_thread_cpu_us']} us "
          f"(not inflated by other processes)")
    print(f"  legal actions      {res['mean_legal_actions']} on average; listing is "
          f"{round(100 * res['listing_share_of_decision_time'])}% of decision time")
    print(f"  apply              median {res['apply_median_us']} us, p99 {res['apply_p99_us']} us")
    print(f"  games/s            {res['games_per_s']} ({res['wall_s']} s); the process had the CPU "
          f"{round(100 * res['cpu_share_of_wall'])}% of that time")
    print(f"  decisions/CPU-s    {res['decisions_per_cpu_s_whole_games']:,} (whole games incl. "
          f"new_game and timing overhead, by process CPU time: steadier on a busy machine)")
    print(f"  memory             tracemalloc peak {res['tracemalloc_peak_kib_one_game']} KiB "
          f"(one game), maxrss {res['maxrss_mib']} MiB")
    print(f"  saves              dumps {res['save_dumps_median_ms']} ms, load (replay of a whole "
          f"game) {res['load_replay_median_ms']} ms; undo_points {res['undo_points_median_us']} us")
    print(f"  rules load         {res['rules_load_ms']} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
