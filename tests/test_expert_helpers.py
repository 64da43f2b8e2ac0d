"""The expert's helper processes (faeriell/bots/helpers.py): more worlds in the same budget, merged
world by world; nothing changes where they do not apply (fixed worlds), and a helper that is late,
broken or impossible only leaves the bot to its own worlds."""
from __future__ import annotations

import pickle
import time

import pytest

from faeriell.bots import ExpertBot, HeuristicBot, helpers
from faeriell.bots.observe import view_of
from faeriell.bots.weights import weight_book
from faeriell.engine import new_game
from faeriell.sim import rules


def _searched_position(seed=85990):
    """A solo position where the expert searches (more than one candidate, no clear favourite)."""
    R = rules()
    g = new_game(R, 1, "solo", "medium", [], seed)
    probe = ExpertBot(1, iterations=2)
    hb = HeuristicBot(3)
    for _ in range(400):
        probe.choose(g, g.acting)
        if probe.last_stats.get("searched"):
            return g
        g.apply(hb.choose(g, g.acting))
    raise AssertionError("no searched decision")


@pytest.fixture(scope="module")
def position():
    return _searched_position()


@pytest.fixture(scope="module", autouse=True)
def _stop_helpers():
    yield
    helpers.shutdown()


def test_a_helper_adds_its_worlds_to_the_bots_own(position):
    g = position
    helpers.warm(1)
    bot = ExpertBot(5, budget=0.4, clock="cpu", helpers=1)
    a = bot.choose(g, g.acting)
    st = bot.last_stats
    assert a in g.legal_actions()
    assert st["searched"] and st.get("helpers_missed", 0) == 0
    assert st["helper_worlds"] > 0 and st["worlds"] == st["own_worlds"] + st["helper_worlds"]


def test_fixed_worlds_never_use_helpers_and_play_the_same_move(position, monkeypatch):
    g = position
    called = []
    monkeypatch.setattr(helpers, "submit", lambda *a, **k: called.append(1) or [])
    alone = ExpertBot(5, iterations=6).choose(g, g.acting)
    helped = ExpertBot(5, iterations=6, helpers=1)
    assert helped.choose(g, g.acting) == alone and not called
    assert "helper_worlds" not in helped.last_stats


def test_without_a_pool_the_bot_goes_on_alone(position, monkeypatch):
    g = position
    monkeypatch.setattr(helpers, "_pool", lambda n: None)          # a daemonic worker, a sandbox
    bot = ExpertBot(5, budget=0.2, clock="cpu", helpers=1)
    assert bot.choose(g, g.acting) in g.legal_actions()
    assert "helper_worlds" not in bot.last_stats and bot.last_stats["worlds"] == bot.last_stats["own_worlds"] > 0


def test_a_late_or_failing_helper_is_left_behind(position, monkeypatch):
    g = position

    class Late:
        def result(self, timeout=None):
            raise TimeoutError

        def cancel(self):
            return True
    monkeypatch.setattr(helpers, "submit", lambda n, job: [Late()])
    bot = ExpertBot(5, budget=0.2, clock="cpu", helpers=1)
    assert bot.choose(g, g.acting) in g.legal_actions()
    assert bot.last_stats["helpers_missed"] == 1 and bot.last_stats["worlds"] == bot.last_stats["own_worlds"]


def _job(g, deadline, budget=0.2):
    key, blob = helpers._rules_blob(g.rules)
    acts = g.legal_actions()[:2]
    spec = {"weights": weight_book().of("solo"), "leaf": "learned", "noise": 0.25, "rounds": 1, "max_playout": 600,
            "prune_at": (2, 4), "z": 1.0, "to_end": False}
    return {"rules_key": key, "rules": blob, "view": view_of(g, g.acting), "player": g.acting, "cands": acts,
            "spec": spec, "clock": "wall", "budget": budget, "deadline": deadline, "seed": 7,
            "offset": helpers.KEY_STRIDE}


def test_a_helper_past_the_deadline_returns_at_once_and_its_worlds_are_keyed_apart(position):
    g = position
    t = time.perf_counter()
    late = helpers._search_part(_job(g, deadline=time.perf_counter() - 0.1))     # in this process
    assert late["worlds"] == 0 and all(not v for v in late["vals"]) and time.perf_counter() - t < 0.1
    part = helpers._search_part(_job(g, deadline=time.perf_counter() + 0.3))
    assert part["worlds"] > 0
    assert all(k >= helpers.KEY_STRIDE for v in part["vals"] for k in v)       # never a key of the bot's own


def test_moves_and_rules_travel_to_a_helper_intact(position):
    g = position
    for a in g.legal_actions():
        b = pickle.loads(pickle.dumps(a))
        assert b == a and hash(b) == hash(a) and repr(b) == repr(a)
    k1, blob = helpers._rules_blob(g.rules)
    k2, _ = helpers._rules_blob(g.rules)
    assert k1 == k2                                   # pickled once per rules object
    assert pickle.loads(blob).all_cards == g.rules.all_cards
