"""The game's fixed words (faeriell/engine/words.py): each tuple says exactly the words of its type,
in the rules' order, and the data files and the old homes of these tuples say the same words."""
from __future__ import annotations

import json
from typing import get_args

from faeriell.content.rules_loader import default_rules
from faeriell.engine import words as W
from faeriell.engine.setup import new_game
from faeriell.engine.state import state_from_dict, to_dict

PAIRS = [(W.Mode, W.MODES), (W.Difficulty, W.DIFFICULTIES), (W.Variant, W.VARIANTS), (W.Phase, W.PHASES),
         (W.Colour, W.COLORS), (W.EssenceColour, W.ESSENCE_COLOURS), (W.Terrain, W.TERRAINS)]


def test_each_tuple_says_its_types_words():
    for typ, words in PAIRS:
        assert get_args(typ) == words


def test_the_data_says_the_same_words():
    r = default_rules()
    cat = r.catalog
    assert tuple(cat.colors) == W.ESSENCE_COLOURS
    assert tuple(cat.essences) == W.ESSENCE_COLOURS
    assert tuple(cat.terrains) == W.TERRAINS == r.terrains
    assert {cat.terrains[t]["essence"] for t in W.TERRAINS} == set(W.COLORS)
    assert tuple(cat.modes["difficulties"]) == W.DIFFICULTIES
    assert tuple(cat.modes["variants"]) == W.VARIANTS
    assert {reg.terrain for reg in r.board.regions.values()} == set(W.TERRAINS)


def test_the_old_homes_are_the_same_tuples():
    from faeriell.engine import payment, position, rules, setup, turns
    assert rules.COLORS is payment.COLORS is W.COLORS
    assert turns.PHASES is position.PHASES is W.PHASES
    assert (setup.MODES, setup.DIFFICULTIES, setup.VARIANTS) == (W.MODES, W.DIFFICULTIES, W.VARIANTS)


def test_the_words_stay_plain_strings_in_a_saved_state():
    """Literals, not Enums: a state's JSON is the same text it always was."""
    g = new_game(default_rules(), 2, "coop", "hard", ["drifter"], 3)
    d = to_dict(g.state)
    for key in ("mode", "difficulty", "stage"):
        assert type(d[key]) is str
    assert json.loads(json.dumps(d))["mode"] == "coop"
    assert to_dict(state_from_dict(json.loads(json.dumps(d)))) == d
