"""The analysis board's editable position (faeriell/analysis): edits, refusals, the position check."""
from __future__ import annotations

import re

import pytest

from faeriell import analysis as an
from faeriell.content.rules_loader import default_rules
from faeriell.engine.view import resolve

RULES = default_rules()
# What a player must never read: an id with a dash (bear-mountain), a card id, a node, a ruling
IDS = re.compile(r"\b[a-z]+-[a-z]+\b|[a-z]+@[a-z]+|\bR\d{1,2}\b|tribes\[|board\.|turn\.")


@pytest.fixture(scope="module")
def empty():
    return an.empty_position(rules=RULES)


def test_an_empty_board_is_a_legal_position(empty):
    assert an.check(empty, RULES) is None
    g = an.build(empty, RULES)
    assert resolve(g, "p1.settlements") == [] and resolve(g, "doom") == 0


def test_edits_return_a_new_position_and_the_engine_places_the_pieces(empty):
    pos = an.place_settlement(empty, 0, "bear-mountain", rules=RULES)
    assert isinstance(pos, an.Position)
    pos = an.place_hero(pos, 0, "druid", None, perks=["swift"], rules=RULES)
    pos = an.set_essences(pos, 0, "red", 3, rules=RULES)
    pos = an.set_doom(pos, 4, rules=RULES)
    assert isinstance(pos, an.Position)
    assert empty.tribes[0].settlements == ()            # the position given is never changed
    g = an.build(pos, RULES)
    assert resolve(g, "p1.settlements") == ["bear-mountain"]
    assert resolve(g, "p1.heroes.druid.level") == 2
    assert resolve(g, "p1.essences.red") == 3
    assert resolve(g, "doom") == 4
    # the cards are said one way: the backs the engine dealt
    assert all("@" in c for c in pos.tribes[0].essences)


def test_a_refused_edit_says_why_in_the_game_words_and_changes_nothing(empty):
    pos = an.place_settlement(empty, 0, "bear-mountain", rules=RULES)
    before = pos
    refused = an.place_settlement(pos, 1, "bear-mountain", rules=RULES)
    assert isinstance(refused, an.Fault)
    assert "Bear's Mountain" in refused.message and "already has a Settlement" in refused.message
    assert not IDS.search(refused.message), refused.message
    assert "bear-mountain" in refused.marks
    assert refused.seat == 1
    assert pos == before
    doom = an.set_doom(pos, 99, rules=RULES)
    assert isinstance(doom, an.Fault) and doom.message.startswith("Doom:") and doom.field == "board.doom"


def test_check_names_an_impossible_position(empty):
    # written directly (as a file could), not through the editor's refusing edits
    from dataclasses import replace
    tribes = (replace(empty.tribes[0], settlements=("bear-river",)),
              replace(empty.tribes[1], settlements=("bear-river",)))
    pos = replace(empty, tribes=tribes)
    fault = an.check(pos, RULES)
    assert fault is not None
    assert "Bear's River" in fault.message and "bear-river" in fault.marks
    assert not IDS.search(fault.message), fault.message
    assert "\n" not in fault.message
    assert an.check(replace(empty, board=replace(empty.board, doom=16)), RULES).field == "board.doom"
