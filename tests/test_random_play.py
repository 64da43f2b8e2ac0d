"""Seeded random games with the invariants checked after every action (R36 replay included).

About 120 short games in all (a random game ends at Doom 15 after some 150 actions): every
(players, mode) pair at every difficulty, every variant the engine accepts, save/load at several
points, and replay determinism. The long soak is bench/random_games.py.
"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from faeriell.content.rules_loader import default_rules  # noqa: E402
from faeriell.engine import invariants, new_game, Action  # noqa: E402
from faeriell.engine import randomplay  # noqa: E402
from faeriell.engine.randomplay import play_random, RandomPlayFailure  # noqa: E402
from faeriell.engine.saves import save, dumps, load  # noqa: E402
from faeriell.engine.setup import SetupError, VARIANTS  # noqa: E402
from faeriell.engine.state import to_dict  # noqa: E402

R = default_rules()

PAIRS = [(1, "solo"), (2, "competitive"), (3, "competitive"), (4, "competitive"),
         (2, "coop"), (3, "coop"), (4, "coop")]
DIFFICULTIES = ("easy", "medium", "hard", "very_hard")


def _finished(g, n):
    s = g.state
    assert s.game_over, "the game must end"
    assert s.end_reason, "an ended game says why"
    assert n == len(g.history)
    assert g.legal_actions() == []


@pytest.mark.parametrize("players,mode", PAIRS, ids=[f"{p}p-{m}" for p, m in PAIRS])
@pytest.mark.parametrize("difficulty", DIFFICULTIES)
def test_random_games_keep_invariants(players, mode, difficulty):
    # 3 seeds per configuration: 7 x 4 x 3 = 84 games
    base = 1000 * PAIRS.index((players, mode)) + 100 * DIFFICULTIES.index(difficulty)
    for seed in range(base, base + 3):
        g, n = play_random(R, players, mode, difficulty, (), seed)
        _finished(g, n)


def _variant_config(v, k):
    if v == "twins":
        return 2, "competitive"
    return [(2, "competitive"), (3, "competitive"), (4, "competitive")][k % 3]


@pytest.mark.parametrize("variant", VARIANTS)
def test_each_variant_one_competitive_game(variant):
    players, mode = _variant_config(variant, VARIANTS.index(variant))
    try:
        new_game(R, players, mode, "medium", [variant], 0)
    except SetupError as e:
        pytest.skip(f"the engine refuses {variant}: {e}")
    g, n = play_random(R, players, mode, "medium", [variant], 77 + VARIANTS.index(variant))
    _finished(g, n)


@pytest.mark.parametrize("players,mode", [(3, "coop"), (1, "solo")], ids=["3p-coop", "solo"])
@pytest.mark.parametrize("variant", VARIANTS)
def test_each_variant_cooperative(variant, players, mode):
    try:
        new_game(R, players, mode, "hard", [variant], 0)
    except SetupError as e:
        pytest.skip(f"the engine refuses {variant} for {players}p {mode}: {e}")
    g, n = play_random(R, players, mode, "hard", [variant], 300 + VARIANTS.index(variant))
    _finished(g, n)


@pytest.mark.parametrize("players,mode,seed", [(2, "coop", 4), (3, "coop", 0), (4, "coop", 1),
                                               (1, "solo", 3)])
def test_starting_scenario_with_coop_sets_up(players, mode, seed):
    # regression: found by random play - the coop set-aside could take the Hero the Starting
    # Scenario activates (ValueError in setup._activate); fixed in 40c72d5
    g = new_game(R, players, mode, "easy", ["starting_scenario"], seed)
    assert all(len(t.heroes) >= 1 for t in g.state.tribes)
    assert invariants.check(g) == []


# ---------------------------------------------------------------- saves inside random games
@pytest.mark.parametrize("players,mode,variants,seed", [
    (4, "competitive", [], 11), (1, "solo", ["drifter"], 12), (2, "competitive", ["twins"], 13),
    (3, "coop", ["shadows", "kickstarter"], 14), (2, "coop", ["starting_scenario"], 15)])
def test_save_load_identical_at_several_points(players, mode, variants, seed):
    points = {1, 5, 20, 60, 120}
    checked = []

    def at(g, n):
        if n in points:
            g2 = load(R, dumps(g))
            assert to_dict(g2.state) == to_dict(g.state), f"state differs after load at action {n}"
            assert [h["action"] for h in g2.history] == [h["action"] for h in g.history]
            assert [h["player"] for h in g2.history] == [h["player"] for h in g.history]
            assert [h["revealed"] for h in g2.history] == [h["revealed"] for h in g.history]
            assert g2.legal_actions() == g.legal_actions()
            checked.append(n)

    g, n = play_random(R, players, mode, "medium", variants, seed, on_action=at)
    g2 = load(R, save(g))                              # and the finished game
    assert to_dict(g2.state) == to_dict(g.state)
    assert g2.state.game_over
    assert checked, "the game was too short to test any point"


def test_loaded_game_plays_on_like_the_original():
    g, _ = play_random(R, 2, "competitive", "medium", (), 21, max_actions=20000)
    actions = [h["action"] for h in g.history]
    half = len(actions) // 2
    a = new_game(R, 2, "competitive", "medium", (), 21)
    for act in actions[:half]:
        a.apply(act)
    b = load(R, dumps(a))
    for act in actions[half:]:
        a.apply(act)
        b.apply(act)
    assert to_dict(a.state) == to_dict(b.state) == to_dict(g.state)


# ---------------------------------------------------------------- determinism (R36)
@pytest.mark.parametrize("players,mode,seed", [(4, "competitive", 5), (1, "solo", 6), (3, "coop", 7)])
def test_replay_is_deterministic(players, mode, seed):
    g, n = play_random(R, players, mode, "medium", (), seed, check_every=False)
    again = new_game(R, players, mode, "medium", (), seed)
    for h in g.history:
        again.apply(h["action"])
    assert to_dict(again.state) == to_dict(g.state)
    assert [h["revealed"] for h in again.history] == [h["revealed"] for h in g.history]
    g3, n3 = play_random(R, players, mode, "medium", (), seed, check_every=False)
    assert n3 == n and to_dict(g3.state) == to_dict(g.state)


def test_different_seeds_give_different_games():
    a, _ = play_random(R, 2, "competitive", "medium", (), 1, check_every=False)
    b, _ = play_random(R, 2, "competitive", "medium", (), 2, check_every=False)
    assert to_dict(a.state) != to_dict(b.state)


# ---------------------------------------------------------------- the harness reports failures
def test_failure_names_seed_action_number_and_action(monkeypatch):
    real = invariants.check
    calls = {"n": 0}

    def broken(g):
        calls["n"] += 1
        return ["made-up problem"] if len(g.history) == 3 else real(g)

    monkeypatch.setattr(randomplay.invariants, "check", broken)
    with pytest.raises(RandomPlayFailure) as e:
        play_random(R, 2, "competitive", "easy", (), 42)
    msg = str(e.value)
    assert "at action 3 (" in msg and "made-up problem" in msg
    assert "seed=42" in msg and "players=2" in msg and "mode='competitive'" in msg
    assert e.value.action_number == 3 and isinstance(e.value.action, Action)
    assert e.value.config["seed"] == 42 and e.value.problems == ["made-up problem"]
    assert isinstance(e.value, AssertionError)


def test_engine_exception_is_reported_with_its_seed(monkeypatch):
    from faeriell.engine.core import Game

    class Exploding(Game):
        # a subclass, not a patched method: a compiled Game's methods cannot be replaced
        def apply(self, action, trusted=False):
            if len(self.history) == 4:
                raise KeyError("boom")
            return super().apply(action, trusted)

    def exploding_game(*args, **kwargs):
        g = new_game(*args, **kwargs)
        x = Exploding(g.rules, g.state)
        x.origin, x.history = g.origin, g.history
        return x

    monkeypatch.setattr(randomplay, "new_game", exploding_game)
    with pytest.raises(RandomPlayFailure) as e:
        play_random(R, 3, "coop", "medium", (), 9)
    assert "at action 5" in str(e.value) and "KeyError" in str(e.value) and "seed=9" in str(e.value)
    assert isinstance(e.value.__cause__, KeyError)


def test_a_game_that_does_not_end_is_a_failure():
    with pytest.raises(RandomPlayFailure, match="did not end within 10 actions"):
        play_random(R, 2, "competitive", "medium", (), 1, max_actions=10)


def test_random_choice_does_not_touch_the_game_generator():
    g, _ = play_random(R, 2, "competitive", "medium", (), 3, check_every=False)
    h = new_game(R, 2, "competitive", "medium", (), 3)
    for e in g.history:
        h.apply(e["action"])
    assert h.state.rng == g.state.rng and h.state.rng_draws == g.state.rng_draws


ALL_TOGETHER = ["shadows", "drifter", "winters_grasp", "kickstarter", "advanced_menace_rule",
                "no_doom_end_after_five", "starting_scenario"]


@pytest.mark.parametrize("players,mode,variants,seed", [
    (4, "competitive", ALL_TOGETHER, 31),
    (3, "competitive", [v for v in ALL_TOGETHER if v != "winters_grasp"], 32),
    (2, "competitive", ["twins"] + [v for v in ALL_TOGETHER if v != "starting_scenario"], 33),
    (3, "coop", ALL_TOGETHER, 34),
    (1, "solo", [v for v in ALL_TOGETHER if v != "winters_grasp"], 35),
], ids=["4p-all", "3p-all-but-winter", "twins-and-all", "coop-all", "solo-all-but-winter"])
def test_every_variant_switched_on_keeps_invariants(players, mode, variants, seed):
    """Issue 5: random play with every variant on at once keeps all the engine's invariants."""
    g, n = play_random(R, players, mode, "hard", variants, seed)
    assert g.state.game_over and n > 0
