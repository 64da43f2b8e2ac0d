"""The one search (bots/lookahead.py) every bot that looks ahead calls: worlds, paired values,
pruning, a pluggable playout policy and leaf evaluator (issue 25, item 2)."""
from __future__ import annotations

import random

from faeriell.bots import hint, lookahead
from faeriell.bots.clairvoyant import ClairvoyantPlanner
from faeriell.bots.expert import ExpertBot
from faeriell.bots.heuristic import playout_move
from faeriell.bots.leaves import LEAVES, make_leaf, race_value, review_spec
from faeriell.bots.search import SearchBot
from faeriell.engine import new_game
from faeriell.engine.state import to_dict
from faeriell.sim import rules


def _position():
    g = new_game(rules(), 2, "competitive", "medium", [], 9)
    cands = []
    for a in g.legal_actions():
        if a not in cands:
            cands.append(a)
    return g, cands[:3]


class _TableLeaf:
    """A test evaluator: a value per first move of the playout, plus the world's noise."""

    def __init__(self, worth):
        self.worth = worth

    def __call__(self, w, player):
        return self.worth[repr(w.history[-1]["action"])]


def _spec(leaf, prune_at=()):
    class Still:                       # a policy that stops at once (the horizon is reached)
        def __call__(self, w, rng):
            raise AssertionError("never asked")
    return lookahead.Spec(policy=Still(), leaf=leaf, horizon=lookahead.Horizon(rounds=0, max_steps=0),
                          prune_at=prune_at)


def test_every_candidate_meets_the_same_worlds_and_the_clearly_worse_is_pruned():
    g, cands = _position()
    worth = {repr(cands[0]): 0.0, repr(cands[1]): -10.0, repr(cands[2]): 5.0}
    noise = {}

    def leaf(w, player):              # the same world's luck for every candidate
        return worth[repr(w.history[-1]["action"])] + noise[w.state.rng]

    def new_world(prng):
        w = g.copy(log=False)
        w.state.rng = prng.getrandbits(64)
        noise[w.state.rng] = prng.gauss(0.0, 1.0)
        return w

    # the copies keep the same rng value (the candidates draw nothing), so the noise is looked up
    # per world by it (not by the int's id(), which a compiled engine does not keep)
    seen = []
    stats = {"playouts": 0}
    vals, worlds = lookahead.sample_worlds(_spec(leaf, prune_at=(3,)), 0, cands, new_world,
                                           rng=random.Random(5), budget=0.0, iterations=6, t0=0.0,
                                           stats=stats, on_leaf=lambda j, w, v: seen.append(j))
    assert worlds == 6
    assert sorted(vals[0]) == sorted(vals[2]) == list(range(6))
    assert sorted(vals[1]) == [0, 1, 2]               # pruned after the third world
    assert stats["playouts"] == len(seen) == 15
    d, se, m = lookahead.paired(vals[2], vals[0])
    assert m == 6 and abs(d - 5.0) < 1e-9


def test_a_world_the_engine_cannot_play_is_skipped_and_counted():
    g, cands = _position()

    def leaf(w, player):
        if w.history[-1]["action"] == cands[1]:
            raise RuntimeError("no such world")
        return 1.0

    stats = {"playouts": 0}
    vals, _ = lookahead.sample_worlds(_spec(leaf), 0, cands, lambda prng: g.copy(log=False),
                                      rng=random.Random(5), budget=0.0, iterations=2, t0=0.0, stats=stats)
    assert vals[1] == {} and len(vals[0]) == 2
    assert stats["failed_playouts"] == 2 and "no such world" in stats["last_failure"]


def test_the_picks_read_the_evidence_as_their_bots_do():
    vals = [{0: 0.0, 1: 0.0, 2: 0.0}, {0: 3.0, 1: 3.0, 2: 3.0}, {0: 5.0, 1: -4.0, 2: 9.0}]
    leader = lookahead.Spec(policy=None, leaf=None, pick="leader")          # type: ignore[arg-type]
    gain = lookahead.Spec(policy=None, leaf=None, pick="best_gain")         # type: ignore[arg-type]
    single = lookahead.Spec(policy=None, leaf=None, pick="best_single")     # type: ignore[arg-type]
    # the leader (mean 3.33) is candidate 2, but its lead over 0 is within one standard error
    assert lookahead.choose(leader, vals)[0] == 0
    # the surest gain: candidate 1 leads 0 by 3 with no spread
    assert lookahead.choose(gain, vals)[:2] == (1, 3.0)
    # the best single playout: candidate 2's 9
    assert lookahead.choose(single, vals)[:2] == (2, 9.0)


def test_every_bot_that_looks_ahead_searches_through_it(monkeypatch):
    calls = []
    real = lookahead.search

    def spy(spec, *a, **k):
        calls.append((spec.pick, spec.prune_at, type(spec.policy).__name__))
        return real(spec, *a, **k)

    import faeriell.bots.clairvoyant as clair_mod
    import faeriell.bots.expert as expert_mod
    import faeriell.bots.search as search_mod
    for mod in (search_mod, expert_mod, clair_mod):
        monkeypatch.setattr(mod, "search", spy)
    for bot in (SearchBot(1, iterations=2, clear_margin=None), ExpertBot(1, iterations=2, clear_margin=None),
                ClairvoyantPlanner(1, width=2, rollouts=1)):
        g = new_game(rules(), 2, "competitive", "medium", [], 4)
        for _ in range(30):
            g.apply(bot.choose(g, g.acting))
    g = new_game(rules(), 1, "solo", "medium", [], 4)
    for _ in range(12):
        g.apply(playout_move(g))
    n = len(calls)
    hint(g, iterations=2)
    assert ("best_gain", (3, 6, 12, 24, 48), "HeuristicPolicy") in calls
    assert ("leader", (2, 4, 8, 16, 32, 64), "HeuristicPolicy") in calls[:n]
    assert ("best_single", (), "HeuristicPolicy") in calls
    assert len(calls) > n and calls[-1][0] == "leader"          # the hint is the expert's search


def _choice_position():
    """A solo position where the expert searches (several candidates, no clear favourite)."""
    g = new_game(rules(), 1, "solo", "medium", [], 31)
    for _ in range(200):
        if g.state.game_over:
            break
        bot = ExpertBot(0, iterations=1, clear_margin=None)
        acts = g.legal_actions()
        if g.state.stage == "play" and len({a.without("pay", "discounts") if a.has("pay") else a for a in acts}) >= 3:
            bot.decide(g, g.acting)
            if bot.last_stats.get("searched"):
                return g
        g.apply(playout_move(g))
    raise AssertionError("no position with a search")


def test_the_leaf_evaluator_is_a_parameter_and_changes_the_choice():
    g = _choice_position()
    p = g.acting
    base = ExpertBot(3, iterations=4, clear_margin=None)
    a0, _ = base.decide(g, p)
    # an evaluator that prizes one move above all: the last candidate the expert weighs
    from faeriell.bots.heuristic import score_actions
    acts = g.legal_actions()
    scores = score_actions(g, p, acts, base.ctx(g, p))
    cands = [acts[k] for k in lookahead.candidates(acts, scores, base.width)]
    target = next(c for c in reversed(cands) if c != a0)

    def prize(weights):
        def leaf(w, player):
            first = w.history[0]["action"]            # an imagined world starts with no history
            return 100.0 if first == target else race_value(w, player, weights=weights)
        return leaf

    a1, _ = ExpertBot(3, iterations=4, clear_margin=None, leaf=prize).decide(g, p)
    assert a1 == target and a1 != a0
    # the same bot with the named default leaf plays as before
    assert ExpertBot(3, iterations=4, clear_margin=None, leaf="race").decide(g, p)[0] == a0
    assert set(LEAVES) >= {"race", "position"}


def test_the_review_measure_is_the_heuristic_to_the_rounds_end_valued_by_the_race():
    g = new_game(rules(), 1, "solo", "medium", [], 12)
    for _ in range(30):
        g.apply(playout_move(g))
    p = g.acting
    for a in list(g.legal_actions())[:4]:
        v, end = lookahead.played_out(g, a, p, review_spec())
        w = g.copy(log=False)
        start = g.state.round
        w.apply(a, trusted=True)
        while not w.state.game_over and w.state.round == start:
            w.apply(playout_move(w), trusted=True)
        assert v == race_value(w, p) and to_dict(end.state) == to_dict(w.state)
    assert make_leaf("race")(g, p) == race_value(g, p)


def test_the_learned_win_chance_is_a_named_leaf(monkeypatch):
    import faeriell.bots.learned_leaf as learned
    calls = []
    real = learned.win_chance

    def spy(w, seat):
        calls.append(seat)
        return real(w, seat)
    monkeypatch.setattr(learned, "win_chance", spy)
    g = _choice_position()
    a, _ = ExpertBot(3, iterations=3, clear_margin=None, leaf="learned").decide(g, g.acting)
    assert a in g.legal_actions()
    assert calls and set(calls) == {g.acting}            # every leaf valued by the win chance
    v = make_leaf("learned")(g, g.acting)
    assert 0.0 <= v <= 1.0


class _TickClock:
    """A fake clock: it stands still except when a playout's leaf makes it tick (one second a
    playout), so when the search stops depends only on how many playouts it made."""

    def __init__(self):
        self.now = 0.0
        self.ticks = 0

    def __call__(self):
        return self.now

    def tick(self):
        self.now += 1.0
        self.ticks += 1


def test_the_search_counts_its_budget_on_the_clock_it_is_given():
    g, cands = _position()
    clock = _TickClock()

    def leaf(w, player):
        clock.tick()
        return 0.0

    stats = {"playouts": 0}
    vals, worlds = lookahead.sample_worlds(_spec(leaf), 0, cands, lambda prng: g.copy(log=False),
                                           rng=random.Random(5), budget=7.5, iterations=None, t0=0.0,
                                           stats=stats, clock=clock)
    # world 1 ends at 3 s, world 2 at 6 s; a third (3 playouts of 1 s each) would end past 7.5 s
    assert worlds == 2 and stats["playouts"] == clock.ticks == 6
    assert all(sorted(v) == [0, 1] for v in vals)
    # fixed work ignores the clock, whatever it says
    frozen = lookahead.sample_worlds(_spec(lambda w, p: 0.0), 0, cands, lambda prng: g.copy(log=False),
                                     rng=random.Random(5), budget=0.0, iterations=4, t0=0.0,
                                     stats={"playouts": 0}, clock=lambda: 1e9)[1]
    assert frozen == 4


def test_the_clocks_by_name():
    import time

    import pytest
    assert lookahead.clock_of(None) is lookahead.clock_of("wall") is time.perf_counter
    assert lookahead.clock_of("cpu") is time.process_time
    fake = _TickClock()
    assert lookahead.clock_of(fake) is fake
    with pytest.raises(ValueError, match="unknown clock 'sundial'"):
        lookahead.clock_of("sundial")
    assert ExpertBot(0).clock == SearchBot(0).clock == "wall"      # the table's bots wait in wall time


def test_the_expert_and_the_search_bot_stop_when_their_clock_says_so():
    clock = _TickClock()

    def ticking(weights):                 # a leaf factory: the race value, and a tick a playout
        race = make_leaf("race", weights)

        def leaf(w, player):
            clock.tick()
            return race(w, player)
        return leaf

    g = new_game(rules(), 1, "solo", "medium", [], 3)
    bot = ExpertBot(0, budget=40.5, clock=clock, leaf=ticking, clear_margin=None)
    steps = 0
    while not bot.last_stats.get("searched"):
        assert steps < 40, "no searched decision in the first 40 moves"
        clock.ticks = 0
        bot.decide(g, g.acting)
        if not bot.last_stats.get("searched"):
            g.apply(bot.choose(g, g.acting))
        steps += 1
    n = bot.last_stats["candidates"]
    # no playout starts once the next one would end past 40.5 s, nor a world that could not end
    # in time: at most 40 playouts, and more than 40 - 2n (the last world's candidates)
    assert bot.last_stats["playouts"] == clock.ticks
    assert 40 - 2 * n < clock.ticks <= 40
    assert bot.last_stats["worlds"] >= (40 - 2 * n) // n
    # the search bot (`hard`) counts its budget the same way
    clock2 = _TickClock()
    sb = SearchBot(0, budget=12.5, clock=clock2, clear_margin=None, noise=0.0)
    sb.spec = lambda mode, difficulty=None: lookahead.Spec(policy=lookahead.HeuristicPolicy(0.0),      # type: ignore[method-assign]
                                          leaf=lambda w, p: (clock2.tick(), 0.0)[1],
                                          horizon=lookahead.Horizon(rounds=0, max_steps=0))
    g2 = new_game(rules(), 2, "competitive", "medium", [], 9)
    sb.decide(g2, g2.acting)
    assert sb.last_stats["searched"] and sb.last_stats["playouts"] == clock2.ticks <= 12
