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
from faeriell.engine import Action, new_game  # noqa: E402
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
    assert g.why_not(listed.replace(player=0)) is None            # a seat, from 0
    for spelled in (1, "1"):                                       # as a file may spell player 1
        assert g.why_not(Action.from_dict({**listed.to_dict(), "player": spelled})) is None
    for bad in ("x", True, 1.0, ("1",)):
        assert g.why_not(listed.replace(player=bad)) == f"There is no player {listed.replace(player=bad)['player']} in this game."
    assert g.why_not(listed.replace(player=4)) == "There is no player 5 in this game."
    assert g.why_not(listed.replace(player=1)) == \
        f"It is not {g.tribe_name(1)}'s move: {g.tribe_name(0)} must act now."


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
    ({"bag": [["red@owl"]]}, {}, "board.bag[0]: must be an id"),
    ({"decks": {"red": [["red"]]}}, {}, "board.decks.red[0]: must be an id"),
    ({"decks": {"red": [5]}}, {}, "board.decks.red[0]: must be an id"),
    # check_shapes: each field's shape before the reader reads it (each raised TypeError or
    # AttributeError in the reader before)
    ({"totem": None}, {}, "board.totem: must be a mapping"),
    ({"decks": "red"}, {}, "board.decks: must be a mapping"),
    ({"under": {"owl": ["red"]}}, {}, "board.under.owl: must be an id"),
    ({"perk_piles": True}, {}, "board.perk_piles: must be a list"),
    ({}, {"settlements": None}, "tribes[0].settlements: must be a list of ids"),
    ({}, {"beacons": None}, "tribes[0].beacons: must be a mapping"),
    ({}, {"heroes": {"druid": {"node": {"x": 1}}}}, "is not a node"),
    ({}, {"heroes": {"druid": {"quests": 3}}}, "tribes[0].heroes.druid.quests: must be a list"),
])
def test_a_written_position_of_the_wrong_shape_is_refused_by_its_field(board, tribe, where):
    with pytest.raises(PositionError) as e:
        build_position(R, {"players": 2, "seed": 3, "position": "empty"}, board, [tribe, {}], {})
    assert where in str(e.value)


def test_a_whole_number_may_be_written_as_text_or_as_a_whole_float():
    for doom in (3, "3", 3.0):
        g = build_position(R, {"players": 2, "seed": 3, "position": "empty"}, {"doom": doom}, [{}, {}], {})
        assert g.state.doom == 3


def test_whole_sections_of_the_wrong_shape_are_refused_by_name():
    for setup, board, tribes, where in (({"players": 2, "variants": "drifter"}, {}, [{}, {}], "setup.variants"),
                                        ({"players": 2}, ["doom"], [{}, {}], "board: must be a mapping"),
                                        ({"players": 2}, {}, {"0": {}}, "tribes: must be a list")):
        with pytest.raises(PositionError) as e:
            build_position(R, setup, board, tribes, {})
        assert where in str(e.value)


def test_a_hero_written_off_the_map_is_refused_in_words_not_raised():
    # a written position may leave an active Hero without a node; its moves are refused in words
    # (the checks looked its node up and raised KeyError: None)
    from faeriell import scenario as runner
    sc = runner.load(ROOT / "tests" / "scenarios" / "variants2" / "drifter-after-heroes.yaml")
    tribes = [dict(t or {}) for t in sc.tribes]
    for t in tribes:
        t["heroes"] = {h: {k: v for k, v in (hd or {}).items() if k != "node"}
                       for h, hd in (t.get("heroes") or {}).items()}
    g = build_position(R, sc.setup, sc.board, tribes, sc.turn)
    me = g.state.tribes[g.acting]
    hero = next(iter(me.heroes))
    assert me.heroes[hero].node is None
    node = next(iter(R.board.nodes))
    reason = g.why_not(Action("move_hero", hero=hero, to=node))
    assert reason in (f"Your {hero} is not on the map.",
                      "A Hero cannot stop on a taken node; it may only pass through.")


def test_a_puzzle_theme_that_is_no_word_is_refused():
    # a list for the theme raised TypeError (unhashable) where the themes are looked up
    from faeriell.puzzles.goal import GoalError, PuzzleMeta
    with pytest.raises(GoalError, match="puzzle.theme must be one of"):
        PuzzleMeta.from_dict({"theme": ["harvest"]})


def test_a_null_guardians_field_is_read_as_none_written():
    # `guardians:` left empty (null) beside a Heartland raised TypeError where it was looked in
    g = build_position(R, {"players": 2, "seed": 3, "position": "empty"},
                       {"guardians": None, "heartlands": {"owl": {"region": "owl-forest"}}}, [{}, {}], {})
    assert g.state.guardians["owl"]["region"] == "owl-forest"
