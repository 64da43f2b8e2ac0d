"""Helper processes for the expert's search: more worlds in the same second (root parallelization).

A decision's search is a loop over imagined worlds, each independent of the others; only the
comparison at the end needs them all. So a helper process runs the same loop on the same
candidates, with worlds of its own, for the same budget, and hands back its values world by
world; the bot merges them with its own (paired comparisons need a candidate's values and the
favourite's from one world: a helper's worlds are keyed apart) and chooses as before.
On a 2-core machine one helper nearly doubles the worlds a decision reaches.

    ExpertBot(helpers=1)       # the expert seat and the hint at the table; --expert-opts in bench/bots.py

The pool starts on first use ("spawn": a fresh interpreter, safe beside the table's threads, and
the same on every platform) and lives until the program ends. Where no process can be started (a
daemonic benchmark worker, a sandbox), or a helper fails or is late, the bot goes on with its own
worlds: a helper only ever adds evidence. Fixed `iterations` (replays, tests) never use helpers,
so those moves stay reproducible.
"""
from __future__ import annotations

import os
import pickle
import random
import threading
import time
from concurrent.futures import Future, ProcessPoolExecutor
from multiprocessing import get_context

from faeriell import children
from .leaves import end_summary, expert_spec
from .lookahead import clock_of, sample_worlds
from .observe import determinize

# A helper's worlds are keyed from here on (the caller's own count from 0).
KEY_STRIDE = 1_000_000

_POOL: ProcessPoolExecutor | None = None
_POOL_SIZE = 0
_BROKEN = False                  # a pool could not be started here: never try again
_LOCK = threading.Lock()


def default_helpers() -> int:
    """The helpers the table gives the expert: one when a second core is there."""
    return 1 if (os.cpu_count() or 1) >= 2 else 0


def _pool(n: int) -> ProcessPoolExecutor | None:
    global _POOL, _POOL_SIZE, _BROKEN
    with _LOCK:
        if _BROKEN:
            return None
        if _POOL is not None and n <= _POOL_SIZE:
            return _POOL
        try:
            if _POOL is not None:
                _POOL.shutdown(wait=False, cancel_futures=True)
            # each helper leaves by itself once the game's process is gone (a kill -9): else it
            # would wait on its queue for good, and keep multiprocessing's resource tracker alive
            _POOL = ProcessPoolExecutor(max_workers=n, mp_context=get_context("spawn"),
                                        initializer=children.watch_parent)
            _POOL_SIZE = n
        except (OSError, RuntimeError, AssertionError, ValueError):   # daemonic parent, no semaphores...
            _POOL, _BROKEN = None, True
        return _POOL


def shutdown() -> None:
    """Stop the helpers (the window closed, at exit; tests): the next decision starts another
    pool. A helper that does not end by itself is killed (a stopped one too): at exit the pool's
    manager joins its workers without a timeout."""
    _forget_pool(end=True)


children.add_ender(shutdown)


def _track(pool) -> None:
    """The pool's worker processes (started as decisions need them) go where children.end_all
    finds them (the pool keeps them in a private dict: nothing is tracked if that changes)."""
    for p in list((getattr(pool, "_processes", None) or {}).values()):
        children.track(p)


def warm(n: int = 1) -> None:
    """Start the helpers now (they take a moment to import the game), so the first decision has them."""
    pool = _pool(n) if n > 0 else None
    if pool is not None:
        for _ in range(n):
            try:
                pool.submit(_ready)
                _track(pool)
            except (RuntimeError, AssertionError, OSError):
                _forget_pool(broken=_is_daemon())
                return


def _ready() -> bool:
    """The warm-up: unpickling this in a helper imports this module, and with it the search."""
    return True


def submit(n: int, job: dict) -> list[Future]:
    """Start `n` helpers on one decision's search (`job`, see `_search_part`); [] if none can run.
    Each helper gets its own world seed."""
    if n <= 0:
        return []
    pool = _pool(n)
    if pool is None:
        return []
    rules = job.pop("rules")
    key, blob = _rules_blob(rules)
    out = []
    for k in range(n):
        part = dict(job, rules_key=key, rules=blob, seed=job["seed"] + k, offset=(k + 1) * KEY_STRIDE)
        try:
            out.append(pool.submit(_search_part, part))
            _track(pool)
        except (RuntimeError, AssertionError, OSError):   # broken (a helper died), or no child allowed
            _forget_pool(broken=_is_daemon())
            return out
    return out


def _is_daemon() -> bool:
    from multiprocessing import current_process
    return bool(current_process().daemon)


def _forget_pool(broken: bool = False, end: bool = False) -> None:
    """Drop the pool (the next decision starts another); `broken`: never again in this process;
    `end`: its workers are ended now (children.end), not left to finish their task."""
    global _POOL, _POOL_SIZE, _BROKEN
    with _LOCK:
        pool, workers = _POOL, []
        if pool is not None:
            workers = list((getattr(pool, "_processes", None) or {}).values())   # shutdown forgets them
            pool.shutdown(wait=False, cancel_futures=True)
        _POOL, _POOL_SIZE = None, 0
        _BROKEN = _BROKEN or broken
    if end:
        for p in workers:
            children.end(p)
        # let the pool's manager thread finish closing its wake-up pipe now: at exit Python 3.11's
        # concurrent.futures hook writes to that pipe unlocked and printed "Bad file descriptor"
        # when the close raced it
        manager = getattr(pool, "_executor_manager_thread", None) if pool is not None else None
        if manager is not None and manager is not threading.current_thread():
            manager.join(children.JOIN_S)


_BLOBS: dict = {}                # id(rules) -> (rules, serial, pickled): held, so the id stays theirs
_SERIAL = [0]


def _rules_blob(rules) -> tuple[int, bytes]:
    """(a serial number, the rules pickled): once per rules object (a game's catalog and variants);
    a helper unpickles a serial once."""
    got = _BLOBS.get(id(rules))
    if got is None or got[0] is not rules:
        if len(_BLOBS) > 8:
            _BLOBS.clear()
        _SERIAL[0] += 1
        got = _BLOBS[id(rules)] = (rules, _SERIAL[0], pickle.dumps(rules, protocol=pickle.HIGHEST_PROTOCOL))
    return got[1], got[2]


# ---------------------------------------------------------------------------------------- in a helper
_RULES: dict = {}


def _search_part(job: dict) -> dict:
    """One helper's share of a decision: {vals: [{world key: value}] per candidate, worlds,
    ends: [[leaf summary]] per candidate, playouts}. Runs in the helper process."""

    rules = _RULES.get(job["rules_key"])
    if rules is None:
        if len(_RULES) > 8:
            _RULES.clear()
        rules = _RULES[job["rules_key"]] = pickle.loads(job["rules"])
    clock = clock_of(job["clock"])
    t0 = clock()                                    # its own clock: the budget starts when it starts
    budget = job["budget"]
    if job.get("deadline") is not None:             # the wall clock: the caller's deadline, shared
        budget = min(budget, job["deadline"] - time.perf_counter())   # (perf_counter is system-wide)
        if budget <= 0:                             # late (the pool was starting): nothing to add
            return {"vals": [{} for _ in job["cands"]], "worlds": 0, "ends": [[] for _ in job["cands"]],
                    "playouts": 0}
    spec = expert_spec(**job["spec"])
    player, view, offset = job["player"], job["view"], job["offset"]
    cands = job["cands"]
    ends: list[list] = [[] for _ in cands]
    stats: dict = {}

    def new_world(prng):
        return determinize(rules, view, player, prng, chance=True)

    vals, worlds = sample_worlds(spec, player, cands, new_world, rng=random.Random(job["seed"]),
                                 budget=budget, iterations=None, t0=t0, stats=stats,
                                 on_leaf=lambda j, w, v: ends[j].append(end_summary(w, player)), clock=clock)
    return {"vals": [{offset + k: v for k, v in d.items()} for d in vals], "worlds": worlds, "ends": ends,
            "playouts": stats.get("playouts", 0)}
