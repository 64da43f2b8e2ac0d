"""Values are read only in the shapes they are declared with, and refused by explicit checks, not
by exceptions turned into refusals (issue 43). Game.why_not: a player number that is no number,
or a list field holding one value the rules would read letter by letter or not at all, is refused
in words before the rules see it. A written position (scenario, save): a field of the wrong shape
is refused naming the field (PositionError), not raised from deep in the reader."""
from __future__ import annotations

import random

import pytest
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from faeriell.content.rules_loader import default_rules  # noqa: E402
from faeriell.engine import new_game  # noqa: E402
from faeriell.engine.action_schema import shape_problem  # noqa: E402

R = default_rules()
VAGUE = "is missing something it needs, or names it wrongly."


def _until(kind: str, seed: int = 3):
    """A random game (seeded) played until `kind` is listed; that game and one listed move."""
    g = new_game(R, 2, "competitive", "medium", ["kickstarter"], seed)
    rng = random.Random(seed)
    while not g.state.game_over:
        listed = [a for a in g.legal_actions() if a.kind == kind]
        if listed:
            return g, listed[0]
        g.apply(rng.choice(list(g.legal_actions())))
    raise AssertionError(f"no {kind} was listed in the game")


def test_a_player_that_is_no_number_is_refused_in_words():
    g = new_game(R, 2, "competitive", "medium", [], 1)
    listed = g.legal_actions()[0]
    assert g.why_not(listed.replace(player=1)) is None
    assert g.why_not(listed.replace(player="1")) is None          # as a file may spell it
    for bad in ("x", True, 1.0, ("1",)):
        assert g.why_not(listed.replace(player=bad)) == f"There is no player {listed.replace(player=bad)['player']} in this game."
    assert g.why_not(listed.replace(player=2)) == "It is not player 2's move: player 1 must act now."


def test_a_list_field_holding_one_word_is_not_read_letter_by_letter():
    # discounts is a list of Herbs with no one-value spelling: "nope" was read as the Herbs
    # n, o, p and e ("You do not have the Herb n.")
    g, herb = _until("gather_herb")
    assert g.why_not(herb) is None
    assert g.why_not(herb.replace(discounts="nope")) == f"Gathering an Heirloom Herb {VAGUE}"


def test_a_list_field_of_the_wrong_shape_is_refused_before_the_rules_read_it():
    g, herb = _until("gather_herb")
    for bad in (3, ("red", 3), ("red", ("red",))):
        a = herb.replace(pay=bad)
        assert shape_problem(a) is not None
        assert g.why_not(a) == f"Gathering an Heirloom Herb {VAGUE}"
    # one card where a payment is a list: SCENARIOS.md's spelling, read as a list of one
    assert shape_problem(herb.replace(pay="red")) is None


def test_listed_moves_fit_their_shapes():
    g, _ = _until("gather_herb")
    assert all(shape_problem(a) is None for a in g.legal_actions())


# ---------------------------------------------------------------- written positions (issue 43)
from faeriell.engine import PositionError, build_position  # noqa: E402


@pytest.mark.parametrize("board, tribe, where", [
    ({"doom": 2.5}, {}, "board.doom"),                      # was read as 2
    ({}, {"solved": []}, "tribes[0].solved"),               # was an AttributeError
    ({}, {"settlements": 3}, "tribes[0].settlements"),      # was a TypeError
    ({}, {"achievements": 5}, "tribes[0].achievements"),
    ({"winter_gems": True}, {}, "board.winter_gems"),
    ({"bag": [["red@owl"]]}, {}, "is not a bag token"),
    ({"decks": {"red": [["red"]]}}, {}, "is not an Essence card"),
    ({"decks": {"red": [5]}}, {}, "is not an Essence card"),
])
def test_a_written_position_of_the_wrong_shape_is_refused_by_its_field(board, tribe, where):
    with pytest.raises(PositionError) as e:
        build_position(R, {"players": 2, "seed": 3, "position": "empty"}, board, [tribe, {}], {})
    assert where in str(e.value)


def test_a_whole_number_may_be_written_as_text_or_as_a_whole_float():
    for doom in (3, "3", 3.0):
        g = build_position(R, {"players": 2, "seed": 3, "position": "empty"}, {"doom": doom}, [{}, {}], {})
        assert g.state.doom == 3
