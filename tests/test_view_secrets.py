"""player_view keeps hidden orders hidden: nothing in it rebuilds the Essence decks or the generator.

The generator is SplitMix64 over one integer (R36), so the seed (replaying the set-up) or the
generator's state and its number of draws would give back every hidden order and every future
draw. The attacker below tries exactly that with every integer the view holds, and must fail;
the bots must still imagine a playable world from the view (observe.determinize).
"""
from __future__ import annotations

import random

import pytest

from faeriell.bots.observe import determinize
from faeriell.content.rules_loader import default_rules
from faeriell.engine import new_game
from faeriell.engine.rng import next_u64, seed_state
from faeriell.engine.view import player_view

COLOURS = ("red", "yellow", "blue", "green")
CONFIGS = [
    (2, "competitive", "medium", []),
    (3, "competitive", "medium", ["shadows", "drifter"]),
    (1, "solo", "medium", []),
    (4, "coop", "hard", ["kickstarter"]),
]


@pytest.fixture(scope="module")
def rules():
    return default_rules()


def positions(rules):
    """(game, viewer) pairs at several stages of seeded random games with large seeds."""
    out = []
    for k, cfg in enumerate(CONFIGS):
        for j, steps in enumerate((5, 40, 90)):
            seed = 900_001 + 7919 * (3 * k + j)       # large, so no counter in the view is equal
            g = new_game(rules, *cfg, seed)
            rng = random.Random(seed)
            for _ in range(steps):
                if g.state.game_over:
                    break
                g.apply(rng.choice(g.legal_actions()))
            if not g.state.game_over:
                out.append((g, g.acting))
    return out


def _ints(v):
    if isinstance(v, bool):
        return
    if isinstance(v, int):
        yield v
    elif isinstance(v, dict):
        for x in v.values():
            yield from _ints(x)
    elif isinstance(v, (list, tuple)):
        for x in v:
            yield from _ints(x)


def _advance(state: int, draws: int) -> int:
    for _ in range(draws):
        state, _ = next_u64(state)
    return state


def rebuild(rules, view: dict) -> tuple[bool, bool]:
    """Try to rebuild (the Essence deck orders, the generator) from a view alone."""
    top = {k: v for k, v in view.items() if isinstance(v, int) and not isinstance(v, bool)}
    candidates = set(top.values()) | {view.get("seed", 0)}
    draws = [v for v in top.values() if 0 <= v < 100_000]
    decks_guess, rng_guess = [], []
    for c in candidates:
        try:
            g = new_game(rules, view["players"], view["mode"], view["difficulty"], view["variants"], c)
        except Exception:               # noqa: BLE001 - not a seed this set-up accepts
            continue
        guess = {}
        for col in COLOURS:
            deck, n = g.state.decks[col], len(view["decks"][col])
            guess[col] = deck[len(deck) - n:] if n else []
        decks_guess.append(guess)
        rng_guess.extend(_advance(seed_state(c), d) for d in draws[:4] if d < 5_000)
    return decks_guess, rng_guess


def test_no_view_rebuilds_the_decks_or_the_generator(rules):
    tried = 0
    for g, viewer in positions(rules):
        view = player_view(g, viewer)
        decks_guess, rng_guess = rebuild(rules, view)
        real = {col: list(g.state.decks[col]) for col in COLOURS}
        assert all(len(set(d)) > 1 for d in real.values()), "a deck too small to tell orders apart"
        assert real not in decks_guess, f"the deck orders were rebuilt from the view (seed {g.state.seed})"
        assert g.state.rng not in rng_guess, "the generator was rebuilt from the view"
        assert g.state.seed not in set(_ints(view)), "the seed is in the view"
        assert g.state.rng not in set(_ints(view)), "the generator's state is in the view"
        tried += 1
    assert tried >= 10


def test_the_attack_works_on_the_state_itself(rules):
    """The attacker is able: given what the state holds (seed, draws), it rebuilds everything."""
    g, viewer = positions(rules)[1]
    view = player_view(g, viewer)
    view.update(seed=g.state.seed, rng_draws=g.state.rng_draws)
    decks_guess, rng_guess = rebuild(rules, view)
    assert {col: list(g.state.decks[col]) for col in COLOURS} in decks_guess
    assert g.state.rng in rng_guess


def test_bots_still_imagine_a_playable_world_from_the_view(rules):
    for g, viewer in positions(rules)[:6]:
        world = determinize(rules, player_view(g, viewer), viewer, random.Random(3))
        assert world.legal_actions()
        assert sorted(world.legal_actions(), key=repr) == sorted(g.legal_actions(), key=repr)
