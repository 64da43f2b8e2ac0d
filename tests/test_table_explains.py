"""The table is never silent (issue 13, item 1), played with real mouse events: a piece that
cannot be picked up says why (the engine's reason), a drop that misses every place names the
nearest place and why, and tooltips invite no move the rules refuse now."""
from __future__ import annotations

from test_table_support import Table, position  # first: sets the dummy video driver

import pygame  # noqa: E402
import pytest  # noqa: E402

from faeriell.engine import Action  # noqa: E402
from faeriell.engine.explain import why_none  # noqa: E402
from faeriell.engine.state import to_dict  # noqa: E402
from faeriell.ui.table import explain, tooltips  # noqa: E402
from faeriell.ui.table.keys import AttuneFree, GuardianPiece, HeroSlot, RegionSpot, SupplyBeacon, SupplySettlement  # noqa: E402
from faeriell.engine.card import back_of  # noqa: E402


@pytest.fixture(autouse=True)
def _display():
    yield
    pygame.display.quit()


def game(turn, p1=None, board=None):
    t1 = {"settlements": ["bear-mountain", "bear-river"],
          "heroes": {"druid": {"node": {"near": "bear-forest"}}},
          "essences": ["blue", "blue", "green"]}
    t1.update(p1 or {})
    t2 = {"settlements": ["wolf-mountain", "wolf-meadow"], "heroes": {"shaman": {"node": {"near": "wolf-river"}}}}
    return position({}, board or {}, [t1, t2], turn)


def press(t, key):
    p = t.pos(key)
    t.move(p)
    t.post(pygame.MOUSEBUTTONDOWN, pos=p, button=1)
    t.post(pygame.MOUSEBUTTONUP, pos=p, button=1)
    t.frame()


def test_a_red_beacon_without_red_essence_says_what_it_costs_and_what_you_have():
    t = Table(game({"player": 1, "phase": "tribe"}))
    assert not t.session.legal_of("build_beacon", color="red")
    before = to_dict(t.state)
    p = t.pos(SupplyBeacon("red"))
    assert t.scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p, button=1)) is True   # redraw
    t.scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=p, button=1))
    t.scene.message = None
    press(t, SupplyBeacon("red"))
    assert to_dict(t.state) == before and t.scene.drag_layer.drag is None
    msg = t.scene.message or ""
    assert t.scene.message_bad
    assert "costs" in msg and "red" in msg.lower(), msg
    assert "you have 2 Blue, 1 Green" in msg, msg              # what you have
    # the reason is the engine's: the same words the engine helper gives
    assert msg.endswith(t.scene.words.plain(why_none(t.game, "build_beacon", color="red")).split(" costs ", 1)[1])


def test_an_attunement_in_the_hero_phase_says_it_is_a_tribe_action():
    t = Table(game({"player": 1, "phase": "hero"}))
    free = t.state.attunements_free[0]
    press(t, AttuneFree(free))
    msg = t.scene.message or ""
    assert "Tribe Action" in msg and "Hero Phase" in msg, msg


def test_a_guardian_whose_card_you_do_not_hold_says_so():
    t = Table(game({"player": 1, "phase": "event"}))
    assert t.state.event_step == "guardian"
    held = {back_of(c) for c in t.state.tribes[0].essences if back_of(c) is not None}
    gd = next(g for g in t.state.guardians if g not in held)
    press(t, GuardianPiece(gd))
    msg = t.scene.message or ""
    assert "card" in msg and gd.capitalize() in msg, msg
    assert gd + " " not in msg                                   # named, not the id


def test_dragging_a_guardian_without_its_card_says_which_card_it_takes():
    # the playtest dragged the Bear with no card of the Bear in hand: the refusal says which card
    # moves it (any colour, the Bear on its back, kept: R29) and which Guardians the pool's backs show
    t = Table(game({"player": 1, "phase": "event"}, p1={"essences": ["blue@owl", "green@turtle", "red@wolf"]}))
    assert t.state.event_step == "guardian"
    before = to_dict(t.state)
    there = [r for r in t.game.rules.board.areas["bear"] if r != t.state.guardians["bear"]["region"]][0]
    t.drag(GuardianPiece("bear"), RegionSpot(there))
    msg = t.scene.message or ""
    assert to_dict(t.state) == before and t.scene.message_bad
    assert "To move the Bear, show an Essence card of any colour with the Bear on its back" in msg, msg
    assert "you hold none" in msg and "the Owl, the Turtle and the Wolf" in msg, msg
    # with no Guardian on any back, it says so
    t = Table(game({"player": 1, "phase": "event"}, p1={"essences": []}))
    t.drag(GuardianPiece("bear"), RegionSpot(there))
    assert "none of your Essences has a Guardian on its back" in (t.scene.message or ""), t.scene.message


def test_another_tribes_piece_and_a_bots_turn_say_whose_they_are():
    t = Table(game({"player": 1, "phase": "hero"}))
    press(t, HeroSlot(1, "shaman"))
    assert "belongs to" in (t.scene.message or ""), t.scene.message
    t2 = Table(game({"player": 1, "phase": "hero"}), seats=["hard", "human"])
    press(t2, HeroSlot(0, "druid"))
    assert "bot" in (t2.scene.message or ""), t2.scene.message


def test_a_drop_on_no_place_names_the_nearest_place_and_why():
    t = Table(game({"player": 1, "phase": "hero"}))
    legal = t.session.legal_of("move_hero", hero="druid")
    assert legal
    # a point in the sea, far from any node: the nearest node is named with its reason
    m = t.scene.layout.map
    t.drag(HeroSlot(0, "druid"), (m.x + 4, m.bottom - 4))
    msg = t.scene.message or ""
    assert msg and msg != "Drop it on a glowing place.", msg
    assert "node" in msg or "takes it" in msg, msg


def test_tooltips_invite_no_move_that_is_not_legal_now():
    t = Table(game({"player": 1, "phase": "hero"}))
    key = SupplySettlement(0)
    t.frame()
    title, lines = tooltips.honest(tooltips.tip(key, t.scene.painted), explain.cannot_pick(t.scene, key))
    assert not any(line.startswith("Drag") or " Drag " in line for line in lines), lines
    assert any(line.startswith("Not now:") for line in lines), lines
    # and in the Tribe Phase, where it is legal, the invitation stays
    t2 = Table(game({"player": 1, "phase": "tribe"}, {"essences": ["red", "red", "blue"]}))
    t2.frame()
    assert explain.cannot_pick(t2.scene, key) is None
    _title, lines2 = tooltips.honest(tooltips.tip(key, t2.scene.painted), explain.cannot_pick(t2.scene, key))
    assert any("Drag" in line for line in lines2)


def test_why_none_is_none_exactly_when_a_move_of_that_piece_is_listed():
    g = game({"player": 1, "phase": "tribe"}, {"essences": ["red", "yellow", "blue", "green"]})
    for color in ("red", "yellow", "blue", "green"):
        listed = any(a.kind == "build_beacon" and a.get("color") == color for a in g.legal_actions())
        assert (why_none(g, "build_beacon", color=color) is None) == listed
    assert why_none(g, "move_hero", hero="druid")              # Hero Phase only
    assert g.why_not(Action("build_beacon", color="red", region="bear-river", pay=("red", "yellow", "blue"))) is None


def test_a_piece_pressed_during_another_decision_names_that_decision():
    from faeriell.content.rules_loader import default_rules
    from faeriell.engine import new_game
    g = new_game(default_rules(), 2, "competitive", "medium", [], 5)
    assert g.state.pending and g.state.pending["kind"] == "place_settlement"
    t = Table(g)
    press(t, SupplyBeacon("red"))
    msg = t.scene.message or ""
    assert msg.startswith("First the decision on the table: Set-up: place a Settlement"), msg
