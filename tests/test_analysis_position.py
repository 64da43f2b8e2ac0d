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
    assert refused.seat == 1 and refused.rule_kind == "build_settlement"     # F1: the rule of that piece
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


def test_the_engine_shorthand_is_said_in_words(empty):
    # six Perks: level 7, past the highest level (the engine's invariants say "p1 druid level 7 gems 3")
    pos = an.place_hero(empty, 0, "druid", None, perks=["swift", "swift", "quester", "cleanser", "pursuer",
                                                          "gem-red"], rules=RULES)
    assert isinstance(pos, an.Position)
    fault = an.check(pos, RULES)
    assert fault is not None and fault.seat == 0 and fault.field == "tribes[0].heroes.druid.perks"
    assert "Druid" in fault.message and "level 7" in fault.message
    assert not IDS.search(fault.message) and not re.search(r"\bp1\b", fault.message), fault.message
    twice = an.set_herbs(empty, 0, ["herb-red"] * 5, rules=RULES)
    assert isinstance(twice, an.Fault) and "Herb Herb" not in twice.message
    wrong = an.set_under(empty, "bear", "purple", rules=RULES)
    assert isinstance(wrong, an.Fault) and "Corruption" in wrong.message and "@" not in wrong.message


def test_a_moment_s_used_things_are_written_and_checked(empty):
    from faeriell.engine.hero_phase import card_free
    pos = an.set_herbs(empty, 0, ["herb-red"], rules=RULES)
    pos = an.set_rotated(pos, 0, ["herb-red"], rules=RULES)
    assert isinstance(pos, an.Position) and pos.tribes[0].rotated == ("herb-red",)
    g = an.build(pos, RULES)
    assert not card_free(g, g.state.tribes[0], "herb-red")          # turned: not usable again this round
    assert an.set_herbs(pos, 0, [], rules=RULES).tribes[0].rotated == ()   # given back: no longer turned
    refused = an.set_rotated(empty, 0, ["herb-red"], rules=RULES)   # a Herb the tribe does not hold
    assert isinstance(refused, an.Fault) and refused.field == "tribes[0].rotated"
    assert not IDS.search(refused.message), refused.message
    from dataclasses import replace
    hero = an.place_hero(empty, 0, "druid", None, perks=["swift"], rules=RULES)
    used = replace(hero, tribes=(replace(hero.tribes[0], used={"specials": [["druid", "swift", 0]],
                                                               "innate": ["druid"]}), hero.tribes[1]))
    assert an.check(used, RULES) is None
    g = an.build(used, RULES)
    assert g.state.tribes[0].specials == [["druid", "swift", 0]] and g.state.tribes[0].innate == ["druid"]
    assert an.from_game(g).tribes[0].used == {"specials": [["druid", "swift", 0]], "innate": ["druid"]}
    wrong = replace(hero, tribes=(replace(hero.tribes[0], used={"specials": [["shaman", "swift", 0]]}),
                                  hero.tribes[1]))
    fault = an.check(wrong, RULES)
    assert fault is not None and fault.field == "tribes[0].used.specials"


FILE = """
name: a table rebuilt
setup: {players: 2, mode: competitive, seed: 4, position: empty}
board: {doom: 2, harvest: owl, guardians: {bear: bear-river}, under: {owl: red}, totem: {region: owl-river, yellow: 1}}
tribes:
  - settlements: [bear-mountain, owl-river]
    beacons: {bear-mountain: red}
    heroes: {druid: {node: bear-meadow+bear-river+owl-forest, perks: [swift]}}
    essences: [red, red, blue]
    corruption: 1
    achievements: []
  - settlements: [snake-forest]
    essences: [green]
turn: {player: 2, lap: 2, round: 3}
"""


def test_edits_rebuild_the_position_a_scenario_file_writes():
    """The editor's path (one piece at a time) ends where the file's does."""
    start = an.import_text(FILE, RULES)
    pos = an.empty_position(players=2, seed=4, rules=RULES)
    for edit in (lambda p: an.set_doom(p, 2, rules=RULES),
                 lambda p: an.set_harvest(p, "owl", rules=RULES),
                 lambda p: an.move_guardian(p, "bear", "bear-river", rules=RULES),
                 lambda p: an.set_under(p, "owl", "red", rules=RULES),
                 lambda p: an.place_settlement(p, 0, "bear-mountain", rules=RULES),
                 lambda p: an.place_settlement(p, 0, "owl-river", rules=RULES),
                 lambda p: an.place_beacon(p, 0, "bear-mountain", "red", rules=RULES),
                 lambda p: an.place_totem(p, "owl-river", 1, rules=RULES),
                 lambda p: an.place_hero(p, 0, "druid", "bear-meadow+bear-river+owl-forest", perks=["swift"],
                                         rules=RULES),
                 lambda p: an.set_essences(p, 0, "red", 2, rules=RULES),
                 lambda p: an.set_essences(p, 0, "blue", 1, rules=RULES),
                 lambda p: an.set_corruption(p, 0, 1, rules=RULES),
                 lambda p: an.set_achievements(p, 0, [], rules=RULES),
                 lambda p: an.place_settlement(p, 1, "snake-forest", rules=RULES),
                 lambda p: an.set_essences(p, 1, "green", 1, rules=RULES),
                 lambda p: an.set_turn(p, 1, rules=RULES),
                 lambda p: an.set_lap(p, 2, rules=RULES),
                 lambda p: an.set_round(p, 3, rules=RULES)):
        pos = edit(pos)
        assert isinstance(pos, an.Position), pos
    # the same pieces, cards (backs included) and turn; the Herbs face up differ only because a
    # file that names no tribe's Herbs leaves the row empty (the engine refills it when one does)
    assert pos.tribes == start.position.tribes and pos.turn == start.position.turn
    assert pos.setup == start.position.setup
    a, b = an.build(pos, RULES), an.build(start.position, RULES)
    for path in ("doom", "harvest", "round", "lap", "active_player", "guardians.bear.region", "guardians.owl.under",
                 "totem.region", "totem.yellow", "p1.settlements", "p1.beacons", "p1.heroes.druid.level",
                 "p1.essences.red", "p1.essences.blue", "p1.corruption", "p1.achievements", "p2.settlements",
                 "p2.essences.green", "p2.phases_done", "p1.phases_done", "bag"):
        assert resolve(a, path) == resolve(b, path), path


def test_moves_removals_and_the_turn(empty):
    pos = an.place_settlement(empty, 0, "bear-mountain", rules=RULES)
    pos = an.move_settlement(pos, "bear-mountain", "bear-river", rules=RULES)
    assert pos.tribes[0].settlements == ("bear-river",)
    pos = an.place_beacon(pos, 0, "bear-river", "blue", rules=RULES)
    pos = an.place_totem(pos, "bear-river", 2, rules=RULES)
    pos = an.place_hero(pos, 1, "shaman", "bear-meadow+bear-river+owl-forest", rules=RULES)
    pos = an.move_hero(pos, 1, "shaman", None, rules=RULES)
    assert isinstance(pos, an.Position) and pos.tribes[1].heroes["shaman"].node is None
    g = an.build(pos, RULES)
    assert resolve(g, "totem.owner") == 1 and resolve(g, "totem.yellow") == 2 and resolve(g, "p1.beacons") == ["bear-river"]
    for edit in (lambda p: an.remove_beacon(p, "bear-river", rules=RULES),
                 lambda p: an.remove_totem(p, rules=RULES),
                 lambda p: an.remove_settlement(p, "bear-river", rules=RULES),
                 lambda p: an.remove_hero(p, 1, "shaman", rules=RULES)):
        pos = edit(pos)
        assert isinstance(pos, an.Position), pos
    assert an.build(pos, RULES).state.totem["region"] is None
    assert pos.tribes[0].settlements == () and pos.tribes[0].beacons == {} and pos.tribes[1].heroes == {}
    # whose turn, which lap and Phase: the engine's reading of them
    turn = an.set_turn(empty, 1, rules=RULES)
    turn = an.set_lap(turn, 2, rules=RULES)
    turn = an.set_phase(turn, "hero", rules=RULES)
    g = an.build(turn, RULES)
    assert (resolve(g, "active_player"), resolve(g, "lap"), resolve(g, "phase")) == (2, 2, "hero")
    assert resolve(g, "p1.phases_done") == ["tribe", "event"] and an.check(turn, RULES) is None
    refused = an.set_phase(turn, "hero", done=["hero"], rules=RULES)
    assert isinstance(refused, an.Fault) and refused.rule_kind == "choose_phase"
    three = an.set_setup(turn, players=3, rules=RULES)
    assert isinstance(three, an.Position) and len(three.tribes) == 3 and an.check(three, RULES) is None
    solo = an.set_setup(turn, players=1, mode="solo", rules=RULES)
    assert isinstance(solo, an.Position) and len(solo.tribes) == 1 and solo.turn.player == 1
