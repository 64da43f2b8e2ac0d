"""A seeded solo game with one slip in it, for the tests of the review and of the drills.

A greedy bot plays; at every other decision a random legal move is tried, and the first one the
review's measure accepts (`accept(moment)`) is the slip. A good player's slip from a position worth
something: a blundering bot's game is soon lost, and a lost game has no win chance left to give away.
"""
from __future__ import annotations

import random

import pytest

from faeriell.bots.base import HeuristicBot
from faeriell.engine import new_game
from faeriell.review.moments import assess


def first_slip(rules, accept, seed: int = 7, bot_seed: int = 3, rng_seed: int = 1):
    """(game stopped before the slip, the slip, its Moment with `index` set)."""
    g = new_game(rules, 1, "solo", "medium", [], seed)
    bot = HeuristicBot(bot_seed)
    rng = random.Random(rng_seed)
    n = 0
    while not g.state.game_over:
        a = bot.choose(g, g.acting)
        if g.state.stage == "play" and len(g.legal_actions()) > 1:
            n += 1
            slip = rng.choice(list(g.legal_actions()))
            if n % 2 == 0 and slip != a:
                m = assess(g, g.acting, slip)
                if m is not None and accept(m):
                    m.index = len(g.history)
                    return g, slip, m
        g.apply(a)
    pytest.fail("no slip in the seeded game")
