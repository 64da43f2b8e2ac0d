"""The one search loop of the searching bots: imagined worlds, every surviving candidate played in
each, pruned as the evidence grows (SearchBot and ExpertBot; issue 25, item 2).

    vals, worlds = sample_worlds(bot, cands, new_world, play, t0, prune_at=(3, 6, 12))

Each round of the loop imagines one world (`new_world(rng)`, seeded from the bot's generator),
plays each surviving candidate on a copy of it and scores the result with `play(w, rng)`: the
pluggable playout and leaf value (the search's evaluation, the expert's race value, ...). Every
candidate meets the same world and the same playout luck (common random numbers), so their
differences are paired. `vals[j]` maps a world's number to candidate j's value there.

The clock: with `bot.iterations` set, exactly that many worlds (replays, tests); else worlds until
`bot.budget` seconds from `t0` would run out, judged by the running cost of a playout.
`whole_first_world` plays every candidate in the first world whatever the clock (the search's
rule; the expert stops mid-world once it knows what a playout costs); `stop_at_deadline` starts
no world past the deadline, not even the first.
"""
from __future__ import annotations

import random
import time
from math import sqrt

from faeriell.engine.core import IllegalAction


def paired(a: dict, b: dict) -> tuple[float, float, int]:
    """Mean and standard error of a - b over the worlds both have; and their number."""
    common = [k for k in a if k in b]
    m = len(common)
    if m == 0:
        return 0.0, float("inf"), 0
    diffs = [a[k] - b[k] for k in common]
    mean = sum(diffs) / m
    if m < 2:
        return mean, float("inf"), m
    var = sum((d - mean) ** 2 for d in diffs) / (m - 1)
    return mean, sqrt(var / m), m


def prune(vals, alive):
    """Drop candidates clearly behind the best one (pairwise), keep at least two."""
    means = {j: (sum(vals[j].values()) / len(vals[j]) if vals[j] else float("-inf")) for j in alive}
    lead = max(alive, key=lambda j: means[j])
    keep = []
    for j in alive:
        if j in (0, lead):
            keep.append(j)
            continue
        d, se, m = paired(vals[j], vals[lead])
        if m >= 2 and d + 2.0 * se < 0:
            continue
        keep.append(j)
    return keep


def sample_worlds(bot, cands, new_world, play, t0: float, prune_at, whole_first_world: bool = True,
                  stop_at_deadline: bool = True, on_leaf=None) -> tuple[list[dict], int]:
    """(values per candidate by world, worlds imagined). `bot` gives rng, iterations, budget and
    last_stats; `on_leaf(j, w)` sees each played-out world (the expert's outlook)."""
    n = len(cands)
    vals: list[dict] = [dict() for _ in range(n)]
    alive = list(range(n))
    deadline = t0 + bot.budget
    it = 0
    cost = 0.0                                        # seconds per playout (running mean)
    while True:
        if bot.iterations is not None:
            if it >= bot.iterations:
                break
        elif it > 0 and time.perf_counter() + cost * len(alive) > deadline:
            break
        elif stop_at_deadline and time.perf_counter() > deadline:
            break
        seed = bot.rng.getrandbits(64)
        world = new_world(random.Random(seed))
        for j in list(alive):
            if bot.iterations is None and (it > 0 if whole_first_world else cost) \
                    and time.perf_counter() + cost > deadline:
                break
            p0 = time.perf_counter()
            w = world.copy(log=False)
            try:
                w.apply(cands[j], trusted=True)
                v = play(w, random.Random(seed))
            except (IllegalAction, RuntimeError) as e:   # a world the engine refuses (an imagined hand that
                # cannot pay: IllegalAction) or cannot settle (advance(): RuntimeError) is skipped, and counted
                bot.last_stats["failed_playouts"] = bot.last_stats.get("failed_playouts", 0) + 1
                bot.last_stats["last_failure"] = f"{type(e).__name__}: {e}"
                continue
            dt = time.perf_counter() - p0
            cost = dt if cost == 0 else 0.8 * cost + 0.2 * dt
            vals[j][it] = v
            if on_leaf is not None:
                on_leaf(j, w)
            bot.last_stats["playouts"] += 1
        it += 1
        if it in prune_at and len(alive) > 2:
            alive = prune(vals, alive)
    return vals, it
