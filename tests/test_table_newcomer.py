"""What got in a newcomer's way at the table, played with real mouse events (a session of
playing the game as a first-timer; each test failed before its fix)."""
from __future__ import annotations

from test_table_support import Table, position  # first: sets the dummy video driver

import pygame  # noqa: E402
import pytest  # noqa: E402

from faeriell.content.rules_loader import default_rules  # noqa: E402
from faeriell.engine import new_game  # noqa: E402
from faeriell.ui.table.keys import RegionSpot, SupplySettlement  # noqa: E402


@pytest.fixture(autouse=True)
def _display():
    yield
    pygame.display.quit()


def tribe_phase():
    t1 = {"settlements": ["bear-mountain", "bear-river"],
          "heroes": {"druid": {"node": {"near": "bear-forest"}}},
          "essences": ["red", "red", "blue"]}
    t2 = {"settlements": ["wolf-mountain", "wolf-meadow"], "heroes": {"shaman": {"node": {"near": "wolf-river"}}}}
    return position({}, {}, [t1, t2], {"player": 1, "phase": "tribe"})


def test_any_settlement_of_the_supply_can_be_dragged():
    # the supply shows every Settlement left; grabbing the second one did nothing at all
    t = Table(tribe_phase())
    first = t.scene.spots.first(SupplySettlement(0)).rect
    second = (first.right + first.w // 2 + 2, first.centery)        # the next Settlement along the row
    assert not first.collidepoint(second)
    region = t.session.legal_of("build_settlement")[0]["region"]
    t.drag(second, RegionSpot(region))
    assert t.scene.tray_layer.tray is not None, t.scene.message                  # the payment tray: the drop was taken
    t.key(pygame.K_RETURN)
    assert region in t.state.tribes[0].settlements


@pytest.mark.parametrize("size", [(1280, 800), (1024, 700)])
def test_the_starting_hero_choice_shows_whole_sentences(size):
    # solo set-up offers three Heroes; each tile cut its sentence ("... costs you one Blue Ess...")
    g = new_game(default_rules(), 1, "solo", "medium", [], 5)
    t = Table(g, size=size)
    while t.state.pending["kind"] == "place_settlement":
        t.click(RegionSpot(t.session.legal_of("place_settlement")[0]["region"]))
    assert t.state.pending["kind"] == "choose_hero"
    t.frame()
    ch = t.scene.decision.choice
    assert ch is not None and len(ch.rects) == 3
    for (_rect, option), lines in zip(ch.rects, ch.said, strict=True):
        assert " ".join(lines) == " ".join(option.label.split()), lines
        assert "…" not in " ".join(lines)


def test_the_rules_list_shows_every_section_title_whole(tmp_path, monkeypatch):
    # at 1280x800 "Event Phase: Beacons and the Totem solve Mena" was cut at the list's edge
    from test_app_support import click, make_app

    from faeriell.ui import text as UT
    from faeriell.ui.scenes.rules import RulesScene, list_font_size

    app = make_app(tmp_path, monkeypatch)
    click(app, "rules")
    assert isinstance(app.scene, RulesScene)
    font = pygame.font.Font(UT.font_path(False), list_font_size())
    lines = app.scene.list
    assert len(lines.items) > 20
    for k, (_sid, text) in enumerate(lines.items):
        row = lines.row_rect(k)
        if not lines.rect.contains(row):         # scrolled out of view: same width as the rest
            continue
        assert font.size(text)[0] + 2 * 8 <= row.width, text


def test_solving_a_quest_reads_as_a_sentence():
    # the log said "Your Chieftain solves the Quest Yellow Essence (the Wolf on its back)"
    from faeriell.engine import Action
    from faeriell.engine.describe import describe, narrate
    from faeriell.engine.names import Names

    names = Names.of(default_rules())
    a = Action("solve_quest", hero="chieftain", card="yellow@wolf")
    assert describe(a, names) == "The Chieftain solves the Quest on a Yellow Essence (the Wolf on its back)"
    assert "solves the Quest on a Yellow Essence" in narrate(a, names, "You")


def test_a_chapter_that_says_time_has_passed_starts_past_round_1():
    # chapter 4 opened with "A few rounds later", chapter 5 with "Later in the game: Doom has
    # reached 5", while the top bar said Round 1: a written position starts at round 1 unless its
    # turn names another
    import re

    from faeriell.tutorial.chapters import load_all

    for ch in load_all():
        if "position" not in ch.start:
            continue
        first = next(s for s in ch.steps if s.text)
        rnd = ch.start["position"].get("turn", {}).get("round", 1)
        if re.search(r"later|rounds in", first.text, re.I):
            assert rnd > 1, (ch.id, first.text)


@pytest.mark.parametrize("size", [(1280, 800), (1024, 700)])
def test_the_payment_trays_buttons_leave_the_pool_cards_whole(size):
    # with a full pool Confirm and Cancel sat on the bottom of the last cards (their backs hidden)
    t1 = {"settlements": ["bear-mountain", "bear-river"],
          "heroes": {"druid": {"node": {"near": "bear-forest"}}},
          "essences": ["red"] * 4 + ["yellow"] * 5 + ["blue"] * 2 + ["green"] * 4}
    t2 = {"settlements": ["wolf-mountain", "wolf-meadow"], "heroes": {"shaman": {"node": {"near": "wolf-river"}}}}
    t = Table(position({}, {}, [t1, t2], {"player": 1, "phase": "tribe"}), size=size)
    region = t.session.legal_of("build_settlement")[0]["region"]
    t.drag(SupplySettlement(0), RegionSpot(region))
    tray = t.scene.tray_layer.tray
    assert tray is not None, t.scene.message
    t.frame()
    cards = [r for r, it in tray.rects if it[0] == "pool"]
    assert len(cards) >= 10
    for button in (tray.confirm_rect, tray.cancel_rect):
        assert not button.colliderect(tray.pool_row), (button, tray.pool_row)
        assert not any(button.colliderect(c) for c in cards)
        assert tray.panel_rect.contains(button)


@pytest.mark.parametrize("size", [(1280, 800), (1024, 700)])
def test_a_refusal_in_the_guided_game_leaves_the_steps_card_readable(tmp_path, monkeypatch, size):
    # chapter 1, "drag a Settlement onto the Wolf's Meadow": a drop elsewhere said why in a line
    # drawn over the step's own card, hiding the instructions it refers to
    from test_app_support import make_app
    from test_tutorial_ui import drag

    app = make_app(tmp_path, monkeypatch, size=size)
    assert app.open_tutorial("1", 4) is None
    app.step()
    table, s = app.scene.table, app.session
    assert s.tutorial.step.action.get("action") == "place_settlement"
    before = len(s.game.history)
    drag(app, table.spot_pos(SupplySettlement(0)), table.spot_pos(RegionSpot("stag-river")))
    app.step()
    assert len(s.game.history) == before and table.message and table.message_bad
    card = table.tutorial.card
    assert card is not None and table.message_rect is not None
    assert not table.message_rect.colliderect(card), (table.message_rect, card)


def test_f1_in_a_guided_step_opens_the_rule_of_that_step(tmp_path, monkeypatch):
    # F1 with nothing refused or pointed at opened the rules at their first page ("What the game
    # is about"), far from the Harvest the step was teaching
    from test_app_support import key, make_app

    from faeriell.ui.scenes.rules import RulesScene

    app = make_app(tmp_path, monkeypatch)
    app.open_tutorial("2", 10)                       # "Drag the Harvest token three steps"
    app.step()
    assert app.session.tutorial.step.action.get("action") == "harvest"
    log = app.scene.table.layout.log                 # point at nothing that is a piece
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=log.center, rel=(0, 0), buttons=(0, 0, 0)))
    app.step()
    key(app, pygame.K_F1)
    assert isinstance(app.scene, RulesScene)
    assert app.scene.current.id == "harvest", app.scene.current.id


def test_the_log_of_a_game_begun_mid_game_heads_its_moves_with_the_round(drawn):
    # a guided chapter starting in round 4's Event Phase logged its first move under "Set-up"
    seen = drawn
    t1 = {"settlements": ["bear-mountain", "bear-river"],
          "heroes": {"druid": {"node": {"near": "bear-forest"}}},
          "essences": ["red", "red", "blue"]}
    t2 = {"settlements": ["wolf-mountain", "wolf-meadow"], "heroes": {"shaman": {"node": {"near": "wolf-river"}}}}
    t = Table(position({}, {}, [t1, t2], {"player": 1, "phase": "tribe", "round": 4}))
    region = t.session.legal_of("build_settlement")[0]["region"]
    t.drag(SupplySettlement(0), RegionSpot(region))
    t.key(pygame.K_RETURN)
    assert region in t.state.tribes[0].settlements and t.state.round == 4
    seen.clear()
    t.frame()
    assert "Round 4" in seen
    assert "Set-up" not in seen


@pytest.mark.parametrize("size", [(1280, 800), (1024, 700)])
def test_the_step_card_leaves_the_revealed_setup_cards_in_view(tmp_path, monkeypatch, size):
    # chapter 1, step 4 speaks of "the cards dealt to you for set-up" and its card lay over them
    from test_app_support import make_app

    app = make_app(tmp_path, monkeypatch, size=size)
    assert app.open_tutorial("1", 3) is None
    app.step()
    app.step()
    table = app.scene.table
    assert "cards dealt to you" in app.session.tutorial.step.text
    cards = [sp.rect for key, sps in table.spots.by_key.items() if key.tag == "setup_card" for sp in sps]
    assert cards and table.tutorial.card is not None
    assert not any(table.tutorial.card.colliderect(c) for c in cards), (table.tutorial.card, cards)
