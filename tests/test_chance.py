"""engine.chance.set_chance: the hidden outcomes of a copied world set from a caller's generator
(the bag's order and each token's Guardian side, R6; optionally the game's generator, R36)."""
from __future__ import annotations

import random
from collections import Counter

from faeriell.bots.heuristic import playout_move
from faeriell.bots.observe import determinize, view_of
from faeriell.engine import new_game
from faeriell.engine.chance import bag_outcomes, set_chance
from faeriell.engine.state import to_dict
from faeriell.sim import rules


def _game(seed=3, steps=25):
    g = new_game(rules(), 2, "coop", "medium", [], seed)
    for _ in range(steps):
        g.apply(playout_move(g))
    return g


def test_the_bag_is_drawn_out_in_full_each_token_once_on_one_of_its_sides():
    g = _game()
    order = bag_outcomes(g, random.Random(1))
    assert Counter(t for t, _ in order) == Counter(g.state.bag)
    for tok, side in order:
        sides = g.rules.tokens[tok][1]
        assert (side in sides) if sides else side is None
    assert bag_outcomes(g, random.Random(1)) == order          # the same generator, the same bag
    assert bag_outcomes(g, random.Random(2)) != order


def test_a_world_with_its_chance_set_draws_its_tokens_in_that_order_whatever_else_drew_before():
    g = _game()
    w = g.copy(log=False)
    set_chance(w, random.Random(7))
    expected = list(w.state.bag_order)
    a, b = w.copy(log=False), w.copy(log=False)
    b.rng.below(5)                     # another move used the generator first: the bag does not care
    b.rng.below(9)
    drawn_a = [a.draw_token() for _ in range(4)]
    drawn_b = [b.draw_token() for _ in range(4)]
    assert drawn_a == drawn_b == [tuple(x) for x in expected[:4]]
    # left to the generator, the two copies would have met different bags
    c, d = g.copy(log=False), g.copy(log=False)
    d.rng.below(5)
    d.rng.below(9)
    assert [c.draw_token() for _ in range(4)] != [d.draw_token() for _ in range(4)]


def test_the_generator_is_reseeded_only_when_asked_and_the_real_game_is_untouched():
    g = _game()
    before = to_dict(g.state)
    w = g.copy(log=False)
    set_chance(w, random.Random(4))
    assert w.state.rng == g.state.rng
    set_chance(w, random.Random(4), generator=True)
    v = g.copy(log=False)
    set_chance(v, random.Random(4), generator=True)
    assert w.state.rng == v.state.rng != g.state.rng
    assert to_dict(g.state) == before


def test_determinized_worlds_with_chance_are_reproducible_and_play_alike():
    g = _game(seed=5, steps=40)
    p = g.acting
    view = view_of(g, p)
    w1 = determinize(g.rules, view, p, random.Random(11), chance=True)
    w2 = determinize(g.rules, view, p, random.Random(11), chance=True)
    assert to_dict(w1.state) == to_dict(w2.state)
    assert w1.state.bag_order and Counter(t for t, _ in w1.state.bag_order) == Counter(w1.state.bag)
    for _ in range(60):                # the same world played the same way stays the same
        if w1.state.game_over:
            break
        a = playout_move(w1)
        w1.apply(a)
        w2.apply(a)
    assert to_dict(w1.state) == to_dict(w2.state)
    w3 = determinize(g.rules, view, p, random.Random(12), chance=True)
    assert w3.state.bag_order != determinize(g.rules, view, p, random.Random(11), chance=True).state.bag_order
