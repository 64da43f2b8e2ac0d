"""An Essence card is a small frozen value inside the program (engine/card.py, issue 43 item 1),
and "red@owl" in every saved form: states, actions, scenario positions."""
from __future__ import annotations

import copy
import json
import pickle

import pytest

from faeriell.content.rules_loader import default_rules
from faeriell.engine.actions import Action, matches
from faeriell.engine.card import Card, as_card, back_of, colour_of, parse
from faeriell.engine.randomplay import play_random
from faeriell.engine.state import copy_state, state_from_dict, to_dict

R = default_rules()


def test_one_card_per_colour_and_back():
    c = Card.of("red", "owl")
    assert c is Card.of("red", "owl") and c is parse("red@owl")
    assert (c.colour, c.back, c.seen) == ("red", "owl", True)
    unseen = Card.of("red")
    assert unseen is parse("red") and unseen.back is None and not unseen.seen
    assert unseen != c
    assert str(c) == repr(c) == c.packed == "red@owl" and str(unseen) == "red"


def test_a_card_is_frozen_and_made_only_through_its_constructor():
    c = Card.of("blue", "wolf")
    with pytest.raises(AttributeError):
        c.colour = "red"  # type: ignore[misc]
    with pytest.raises(TypeError):
        Card("blue", "wolf")
    # copies and pickles give the one instance back, so identity equality holds everywhere
    assert copy.copy(c) is c and copy.deepcopy([c])[0] is c and pickle.loads(pickle.dumps(c)) is c


def test_cards_sort_as_their_saved_form():
    texts = ["yellow@snake", "blue", "blue@wolf", "red@owl", "corruption@bear", "red"]
    assert [str(c) for c in sorted(parse(t) for t in texts)] == sorted(texts)


def test_parse_refuses_what_is_no_card_and_as_card_leaves_it():
    for bad in ("purple@owl", "doom", "red@", "", "@owl"):
        with pytest.raises(ValueError):
            parse(bad)
        assert as_card(bad) == bad
    assert as_card(3) == 3 and as_card(Card.of("green")) is Card.of("green")
    assert colour_of("green@stag") == colour_of(Card.of("green", "stag")) == "green"
    assert back_of("green") is None and back_of("green@stag") == back_of(Card.of("green", "stag")) == "stag"


def test_action_card_fields_hold_cards_and_save_the_packed_form():
    a = Action("build_settlement", region="bear-forest", pay=["red@owl", "red"])
    assert a["pay"] == (Card.of("red"), Card.of("red", "owl"))      # sorted as the strings were
    assert a.to_dict() == {"action": "build_settlement", "region": "bear-forest", "pay": ["red", "red@owl"]}
    assert Action.from_dict(json.loads(json.dumps(a.to_dict()))) == a
    assert repr(a) == "build_settlement(pay=[red, red@owl], region=bear-forest)"
    assert Action("solve_quest", hero="druid", card="green@owl")["card"] is Card.of("green", "owl")


def test_fields_that_are_no_essence_cards_stay_text():
    # a claim's `doom`, a Herb played by Lore, a Perk's `to` (a colour, a node, a Region)
    assert Action("claim", achievement="purity", token="red", pay="doom")["pay"] == "doom"
    assert Action("claim", achievement="purity", token="red", pay="red")["pay"] is Card.of("red")
    assert Action("lore", hero="druid", card="herb-red")["card"] == "herb-red"
    assert Action("perk", hero="druid", perk="alchemy", to=["red", "blue"])["to"] == ("red", "blue")


def test_a_colour_alone_matches_any_card_of_it():
    pattern = Action("build_settlement", region="bear-forest", pay=["red", "red"])
    assert matches(pattern, Action("build_settlement", region="bear-forest", pay=["red@owl", "red@bear"]))
    assert not matches(pattern, Action("build_settlement", region="bear-forest", pay=["red@owl", "blue@bear"]))
    named = Action("build_settlement", region="bear-forest", pay=["red@owl", "red@bear"])
    assert matches(named, Action("build_settlement", region="bear-forest", pay=["red@bear", "red@owl"]))
    assert not matches(named, Action("build_settlement", region="bear-forest", pay=["red@fox", "red@bear"]))
    assert matches(named, pattern)          # a payment of colours alone leaves the backs open


def test_a_played_state_holds_cards_and_saves_them_as_text():
    g, _ = play_random(R, 3, seed=5)
    s = g.state
    held = [c for t in s.tribes for c in t.essences] + [c for d in s.decks.values() for c in d]
    held += [q for t in s.tribes for h in t.heroes.values() for q in h.quests]
    assert held and all(c.__class__ is Card and c.seen for c in held)
    d = to_dict(s)
    text = json.dumps(d)                      # JSON-ready: no Card left in the saved form
    assert all(isinstance(c, str) and "@" in c for t in d["tribes"] for c in t["essences"])
    back = state_from_dict(json.loads(text))
    assert to_dict(back) == d
    assert back.tribes[0].essences == s.tribes[0].essences and back.decks == s.decks


def test_a_copied_state_shares_its_cards_but_not_its_lists():
    g, _ = play_random(R, 2, seed=2)
    s = g.state
    n = copy_state(s)
    assert n.tribes[0].essences == s.tribes[0].essences and n.tribes[0].essences is not s.tribes[0].essences
    assert all(a is b for a, b in zip(n.decks["red"], s.decks["red"], strict=True))
    n.tribes[0].essences.append(Card.of("red", "owl"))
    assert len(n.tribes[0].essences) == len(s.tribes[0].essences) + 1
