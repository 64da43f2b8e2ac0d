"""The log said to "you" (describe.second_person, the log panel's you_form): every move kind's
line, told in the third person by narrate, turns back into the mover's own label in the second
person, with no third-person leftovers ("You cleanse its Tribe" where the rulebook's Corruption
Event option is "Cleanse your Tribe"); a line about another player's move that names you says so."""
from __future__ import annotations

import random
import re

import pytest

from faeriell.content.rules_loader import default_rules
from faeriell.engine import Action, new_game
from faeriell.engine.action_schema import SPECS
from faeriell.engine.describe import describe, narrate, second_person
from faeriell.engine.names import Names

R = default_rules()
NAMES = Names.of(R)
ME = "Longfeather (player 1)"
SEATS = ("longfeather", "berrywort")
# what a third person left in a sentence said to you would look like
# ("its track" may be a rival's: those lines are checked word for word below)
LEFTOVER = re.compile(r"\byou [a-z]+s\b|\bits (?:Tribe|Essences?|token|[A-Za-z]+ slot|[A-Za-z]+ tracking)\b"
                      r"|\bof you\b|\bLongfeather\b|\(player 1\)")


def _expected(a: Action, label: str) -> str:
    """The mover's label said by the mover: "Cleanse your Tribe" -> "You cleanse your Tribe"."""
    if a.kind == "corruption" and a.get("choice") in ("yield", "ignore"):      # narrate names the Event
        label = label.replace("Yield:", "Yield to the Corruption Event:").replace(
            "Ignore:", "Ignore the Corruption Event:")
    head, _, rest = label.partition(" ")
    if head == "Your" or (head == "The" and rest.split(" ", 1)[0] in NAMES.owned_words):
        return f"Your {rest}."
    if a.kind in ("perk", "lore") and not label.startswith("The "):
        return f"You use {label}."
    return f"You {head.lower()} {rest}."


def _moves():
    """At least one move of every kind: random games over the modes and variants, plus the two
    kinds short random games may not reach (a rival sent back on its track, a Corruption Sower...)."""
    out: dict[str, list] = {}
    for seed, (players, mode, variants) in enumerate([
            (1, "solo", []), (2, "competitive", ["shadows", "drifter", "advanced_menace_rule"]),
            (2, "competitive", ["twins", "kickstarter"]), (3, "coop", ["winters_grasp"])]):
        g = new_game(R, players, mode, "medium", variants, seed)
        rnd = random.Random(seed)
        while not g.state.game_over and len(g.history) < 400:
            acts = g.legal_actions()
            for a in list(acts)[:30]:
                if len(out.setdefault(a.kind, [])) < 40 and a not in out[a.kind]:
                    out[a.kind].append(a)
            g.apply(rnd.choice(acts))
    for d in ({"action": "menace_rival", "target": 2}, {"action": "become_sower", "hero": "shaman"},
              {"action": "track_choice", "color": "red"},
              {"action": "build_settlement", "region": "bear-river", "pay": ["red"]},
              {"action": "corruption", "choice": "cleanse_tribe", "pay": ["red@owl"]},
              {"action": "twins_swap", "pay": []},
              {"action": "claim", "achievement": "shire", "token": "red", "pay": "doom"},
              {"action": "beacon_solve", "region": "bear-river", "guardian": "bear", "target": 2},
              {"action": "solve_menace", "hero": "shaman", "guardian": "bear", "target": 2}):
        a = Action.from_dict(d)
        out.setdefault(a.kind, []).append(a)
    return out


MOVES = _moves()


def test_every_kind_is_said_to_you():
    assert set(MOVES) == set(SPECS)


@pytest.mark.parametrize("kind", sorted(SPECS))
def test_a_move_said_to_its_mover_is_its_label_in_the_second_person(kind):
    for a in MOVES[kind]:
        line = narrate(a, NAMES, ME, SEATS) + "."
        said = second_person(line, ME)
        assert not LEFTOVER.search(said), (a, said)
        if kind != "discard_quest":                 # told to all: its card's back stays hidden
            assert said == _expected(a, describe(a, NAMES, SEATS)), (a, line)
        else:
            assert said.startswith("You discard a ") and "on its back" not in said


def test_the_examples_in_the_games_words():
    said = [second_person(narrate(Action.from_dict(d), NAMES, ME, SEATS) + ".", ME) for d in (
        {"action": "corruption", "choice": "cleanse_tribe", "pay": ["red@owl"]},
        {"action": "twins_swap", "pay": []},
        {"action": "track_choice", "color": "blue"},
        {"action": "claim", "achievement": "shire", "token": "red", "pay": "doom"},
        {"action": "level_up", "hero": "shaman", "perk": "cleanser", "discard": "vigor-focus",
         "pay": ["red@owl"]},
        {"action": "solve_quest", "hero": "shaman", "card": "red@owl"})]
    assert said[0] == "You cleanse your Tribe (pay 1 Red): Tribe Corruption -1."
    assert said[1] == "You keep your Essences (no swap)."
    assert said[2] == "You move your Blue tracking token forward."
    assert said[3].startswith("You claim Shire with the token of your Red slot")   # the colour as printed
    assert said[4].endswith("Vigor Focus goes under its pile.")          # the pile's, not yours
    assert said[5].endswith("(the Owl on its back).")                    # the card's back


def test_another_players_move_that_names_you():
    seats = ("berrywort", "longfeather")          # Berrywort moves; you are Longfeather, player 2
    me = "Longfeather (player 2)"

    def told(d):
        return second_person(narrate(Action.from_dict(d), NAMES, "Berrywort (player 1)", seats) + ".", me)
    assert told({"action": "menace_rival", "target": 2}) == \
        "Berrywort (player 1) sends you back on your track."
    assert told({"action": "solve_menace", "hero": "shaman", "guardian": "bear", "target": 2}) == \
        "Berrywort (player 1)'s Shaman solves the Menace of Rhudo the Bear (you step back on your track)."
    # a rival sent back who is not you keeps its own track
    assert second_person("You send Berrywort (player 2) back on its track.", ME) == \
        "You send Berrywort (player 2) back on its track."
    # the engine's own lines about you
    assert second_person(f"The Bear's River is Threatened: {ME} harvests nothing there.", ME) == \
        "The Bear's River is Threatened: you harvest nothing there."
    assert second_person(f"{ME} loses the Shire Achievement; its token goes to the designated area.", ME) == \
        "You lose the Shire Achievement; your token goes to the designated area."
    assert second_person("Doom is at its end.", ME) == "Doom is at its end."


def test_the_any_colour_slot_is_named_as_players_see_it():
    # A claim from the slot that takes a card of any colour: "your any-colour slot", not "your any slot".
    a = Action.from_dict({"action": "claim", "achievement": "shire", "token": "any", "pay": "red@owl"})
    label = describe(a, NAMES)
    assert "your any-colour slot" in label and "any slot" not in label
    said = second_person(narrate(a, NAMES, ME, SEATS) + ".", ME)
    assert said.startswith("You claim Shire with the token of your any-colour slot")
