"""The one search loop (bots/sampling.py) both searching bots use: worlds, paired values, pruning,
and a pluggable playout-and-leaf value (issue 25, item 2)."""
from __future__ import annotations

import random

from faeriell.bots import sampling
from faeriell.bots.expert import ExpertBot
from faeriell.bots.search import SearchBot
from faeriell.engine import new_game
from faeriell.sim import rules


class _Bot:
    def __init__(self, iterations):
        self.rng = random.Random(5)
        self.iterations = iterations
        self.budget = 0.0
        self.last_stats = {"playouts": 0}


def _position():
    g = new_game(rules(), 2, "competitive", "medium", [], 9)
    cands = []
    for a in g.legal_actions():
        if a not in cands:
            cands.append(a)
    return g, cands[:3]


def test_every_candidate_meets_the_same_worlds_and_the_clearly_worse_is_pruned():
    g, cands = _position()
    worth = {repr(cands[0]): 0.0, repr(cands[1]): -10.0, repr(cands[2]): 5.0}
    seen = []

    def play(w, rng):                 # the leaf value is the caller's: here, a table plus noise
        return worth[repr(w.history[-1]["action"])] + rng.gauss(0.0, 1.0)

    bot = _Bot(iterations=6)
    vals, worlds = sampling.sample_worlds(bot, cands, lambda prng: g.copy(log=False), play, 0.0,
                                          prune_at=(3,), on_leaf=lambda j, w: seen.append(j))
    assert worlds == 6
    assert sorted(vals[0]) == sorted(vals[2]) == list(range(6))
    assert sorted(vals[1]) == [0, 1, 2]               # pruned after the third world
    assert bot.last_stats["playouts"] == len(seen) == 15
    # the same world's luck for every candidate: the noise cancels in the paired difference
    d, se, m = sampling.paired(vals[2], vals[0])
    assert m == 6 and abs(d - 5.0) < 1e-9


def test_a_world_the_engine_cannot_play_is_skipped_and_counted():
    g, cands = _position()

    def play(w, rng):
        if w.history[-1]["action"] == cands[1]:
            raise RuntimeError("no such world")
        return 1.0

    bot = _Bot(iterations=2)
    vals, _ = sampling.sample_worlds(bot, cands, lambda prng: g.copy(log=False), play, 0.0, prune_at=())
    assert vals[1] == {} and len(vals[0]) == 2
    assert bot.last_stats["failed_playouts"] == 2 and "no such world" in bot.last_stats["last_failure"]


def test_both_searching_bots_search_through_it(monkeypatch):
    calls = []
    real = sampling.sample_worlds

    def spy(bot, *a, **k):
        calls.append((type(bot).__name__, k.get("prune_at")))
        return real(bot, *a, **k)

    import faeriell.bots.expert as expert_mod
    import faeriell.bots.search as search_mod
    monkeypatch.setattr(search_mod, "sample_worlds", spy)
    monkeypatch.setattr(expert_mod, "sample_worlds", spy)
    for bot in (SearchBot(1, iterations=2, clear_margin=None), ExpertBot(1, iterations=2, clear_margin=None)):
        g = new_game(rules(), 2, "competitive", "medium", [], 4)
        for _ in range(40):
            g.apply(bot.choose(g, g.acting))
    assert ("SearchBot", (3, 6, 12, 24, 48)) in calls
    assert ("ExpertBot", (2, 4, 8, 16, 32, 64)) in calls
