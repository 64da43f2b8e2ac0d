"""The engine's remembered answers and fast constructors (issue 43's speed item) give what the
plain code gives, and a remembered answer cannot be changed by the caller that receives it."""
from __future__ import annotations

import pickle
import random

from faeriell.content.rules_loader import default_rules
from faeriell.engine import new_game
from faeriell.engine.actions import Action
from faeriell.engine.costs import _discounted, discounted, raw_cost
from faeriell.engine.tribe_phase import take_discard_pairs

R = default_rules()


def test_raw_action_is_the_constructed_one_and_pickles():
    a = Action.raw("go_quest", (("deck", "red"), ("hero", "druid")))
    b = Action("go_quest", hero="druid", deck="red")
    assert type(a) is Action and a == b and hash(a) == hash(b)
    # the expert's helper processes receive candidates pickled through Action.raw
    assert pickle.loads(pickle.dumps(a)) == b


def test_take_discard_pairs_are_a_row_no_caller_can_change():
    pairs = take_discard_pairs(["fox", "owl", "owl"])
    assert pairs == (("fox", "owl"), ("owl", "fox"), ("owl", "owl"))
    assert isinstance(pairs, tuple)          # remembered and shared between listings
    assert take_discard_pairs(["fox"]) == (("fox", None),)
    assert take_discard_pairs([]) == ()


def test_remembered_discounts_equal_fresh_ones_in_played_states():
    """Every Tribe Action's requirement met in a few random games, with no Herb, each usable
    Herb colour and every colour at once: the remembered answer equals a fresh computation."""
    kinds = [k for k in R.costs if "one_of" not in R.costs[k]]
    seen = 0
    for seed in range(3):
        g = new_game(R, 3, "competitive", "medium", (), seed)
        rnd = random.Random(seed)
        while not g.state.game_over:
            if g.state.phase == "tribe" and g.state.pending is None:
                i = g.state.active
                for kind in kinds:
                    for a in g.legal_actions():
                        if a.kind != kind:
                            continue
                        raw, inn = raw_cost(g, i, kind, a)
                        for herbs in ((), (("h1", "red"),), tuple((f"h{c}", c) for c in
                                                                   ("red", "blue", "green", "yellow"))):
                            assert discounted(raw, inn, herbs) == _discounted(raw, inn, herbs)
                            assert discounted(raw, inn, herbs) == _discounted(raw, inn, herbs)
                            seen += 1
                        break
            g.apply(rnd.choice(g.legal_actions()))
    assert seen > 50
