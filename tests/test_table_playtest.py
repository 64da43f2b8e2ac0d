"""What stopped or confused a first-time player at the table, found by playing a solo game at
medium in a real window (Xvfb + xdotool) and replayed here with real posted mouse events; each
test failed before its fix."""
from __future__ import annotations

from test_table_support import Table, position  # first: sets the dummy video driver

import pygame  # noqa: E402
import pytest  # noqa: E402
from faeriell.ui.table.keys import Button, GuardianPiece, HarvestToken, HerbUp, HeroSlot, QuestCard, RegionSpot, TribeBoard, WheelSpace  # noqa: E402


@pytest.fixture(autouse=True)
def _display():
    yield
    pygame.display.quit()


QUEST = "blue@snake"


def hero_phase_with_a_far_quest():
    """The Hero Phase; the Shaman holds a Quest whose Guardian (the Snake) is far away."""
    t1 = {"settlements": ["owl-river", "owl-forest"],
          "heroes": {"shaman": {"node": {"near": "owl-river"}, "quests": [QUEST]}}}
    t2 = {"settlements": ["boar-mountain", "boar-meadow"], "heroes": {"druid": {"node": {"near": "boar-river"}}}}
    return position({}, {}, [t1, t2], {"player": 1, "phase": "hero"})


def test_a_quest_card_that_cannot_be_solved_says_why_and_never_picks_up_its_hero():
    # the Quest card lies on its Hero's panel; pressed while it could not be solved, the press fell
    # through to the panel and picked the Shaman up: dragged onto the Snake, the card "said"
    # "Not on the node between ... That node is 3 nodes away; your Shaman moves at most 1."
    t = Table(hero_phase_with_a_far_quest())
    quest = QuestCard(0, "shaman", QUEST)
    assert t.scene.spot(quest) is not None
    assert t.session.legal_of("move_hero"), "the Shaman can move: its panel is a grip"
    assert not t.session.legal_of("solve_quest")
    node = t.state.tribes[0].heroes["shaman"].node

    t.click(quest)                                   # a click on the card picks nothing up
    assert t.scene.drag_layer.drag is None
    said = t.scene.message or ""
    assert "Snake" in said and "moves at most" not in said, said

    t.drag(quest, GuardianPiece("snake"))              # nor does a drag of it
    said = t.scene.message or ""
    assert "Snake" in said and "moves at most" not in said and not said.startswith("Not on"), said
    assert t.state.tribes[0].heroes["shaman"].node == node


def test_the_hero_panel_around_the_quest_card_still_picks_up_the_hero():
    # the fix keeps the panel a grip: pressed beside the card, the Shaman comes up
    t = Table(hero_phase_with_a_far_quest())
    quest = t.scene.spot(QuestCard(0, "shaman", QUEST)).rect
    panel = next(sp.rect for sp in t.scene.spots.by_key[HeroSlot(0, "shaman")] if sp.rect.contains(quest))
    beside = (panel.right - 3, panel.y + 3)
    assert not quest.collidepoint(beside)
    t.click(beside)
    assert t.scene.drag_layer.drag is not None and t.scene.drag_layer.drag.grip == HeroSlot(0, "shaman")


def at_a_forest_harvest():
    """The Event Phase, the Harvest token one step before the Forest stop; of the two Forests the
    tribe owns, the Bear's is Threatened (a red Menace under the Bear)."""
    t1 = {"settlements": ["bear-forest", "owl-forest"], "heroes": {"druid": {"node": {"near": "owl-river"}}}}
    board = {"harvest": "turtle", "guardians": {"bear": "bear-forest"}, "under": {"bear": "red"},
             "bag": ["blue@wolf", "green@stag", "yellow@toad"]}
    return position({"players": 1, "mode": "solo"}, board, [t1], {"player": 1, "phase": "event"})


def to_the_forest_choice(t):
    t.click(Button("draft"))
    assert t.session.legal_of("harvest"), t.scene.message
    t.drag(HarvestToken(), WheelSpace(11))
    assert t.state.pending and t.state.pending["kind"] == "harvest_choice", t.state.pending
    assert set(t.state.pending["regions"]) == {"bear-forest", "owl-forest"}
    t.frame()


@pytest.mark.parametrize("size", [(1280, 800), (1024, 700)])
def test_a_harvest_choice_says_what_each_region_gives(size):
    # "Harvest a Forest Region: which one of yours?" offered "Harvest from the Stag's River" as if it
    # paid: picked, the log said "nothing to harvest" (it was Threatened, only a tooltip said so)
    t = Table(at_a_forest_harvest(), size=size)
    to_the_forest_choice(t)
    ch = t.scene.decision.choice
    said = {opt.actions[0]["region"]: " ".join(" ".join(lines).split()) for (_r, opt), lines in zip(ch.rects, ch.said, strict=True)}
    assert "Threatened" in said["bear-forest"] and "nothing" in said["bear-forest"], said
    assert "1 Green" in said["owl-forest"] and "Threatened" not in said["owl-forest"], said
    assert not any("…" in s for s in said.values()), said
    # and what it said is what happens
    before = len(t.state.tribes[0].essences)
    assert t.choose(next(a for a in t.session.legal_of("harvest_choice") if a["region"] == "owl-forest"))
    assert len(t.state.tribes[0].essences) == before + 1


def test_the_island_under_the_decision_bar_shows_no_tooltip():
    # resting the mouse on a choice of the bar showed "The Bear's River ... No Settlement": the
    # tooltip of the Region drawn under the bar
    from faeriell.ui.table.overlays import TIP_DELAY
    t = Table(at_a_forest_harvest())
    to_the_forest_choice(t)
    ch = t.scene.decision.choice
    covered = None
    for rect, _opt in ch.rects:
        for x in range(rect.x + 4, rect.right - 4, 6):
            p = (x, rect.centery)
            if t.scene.spots.hit_all(p):             # a piece, a panel or a Region lies under it
                covered = p
                break
        if covered:
            break
    assert covered is not None, "some choice lies over the island"
    t.move(covered)
    t.frame()
    t.scene.update(TIP_DELAY + 50)
    t.frame()
    assert t.scene.board.hover_key is None, t.scene.board.hover_key


def druid_gathers_a_herb():
    """The Tribe Phase: the Druid's tribe holds Ley Lines Herb (1 Green off) and one Yellow Essence."""
    t1 = {"settlements": ["bear-forest", "owl-forest", "stag-river"], "heroes": {"druid": {"node": {"near": "owl-river"}}},
          "essences": ["yellow"], "herbs": ["herb-green"]}
    board = {"herbs_up": ["herb-forest", "herb-shaman", "herb-blue"]}
    return position({"players": 1, "mode": "solo"}, board, [t1], {"player": 1, "phase": "tribe"})


@pytest.mark.parametrize("size", [(1280, 800), (1024, 700)])
def test_the_payment_tray_says_the_price_and_what_takes_it_down(size, drawn):
    # a Herb is printed at 1 Green + 2 of any colour; the tray only said "Pay 1 Yellow and turn
    # Ley Lines Herb": nothing told the player that the Druid and the Herb had taken two off
    t = Table(druid_gathers_a_herb(), size=size)
    herb = t.session.legal_of("gather_herb")[0]["herb"]
    t.drag(HerbUp(herb), TribeBoard(0))
    if t.scene.decision.choice is not None:                      # which other face-up Herb is discarded
        t.click(t.scene.decision.choice.rects[0][0].center)
    assert t.scene.tray_layer.tray is not None, t.scene.message
    drawn.clear()
    t.frame()
    assert "It costs 1 Green + 2 of any colour; your Druid takes 1 Green off." in drawn, drawn
    assert "turned: Ley Lines Herb (1 Green off)" in drawn, drawn
    tray = t.scene.tray_layer.tray
    assert tray.panel_rect.contains(tray.confirm_rect) and tray.confirm_rect.top > tray.pool_row.bottom
    t.key(pygame.K_RETURN)
    assert herb in t.state.tribes[0].herbs


def test_a_tooltip_does_not_come_back_where_the_mouse_no_longer_is_after_the_menu(tmp_path, monkeypatch):
    # what the mouse rested on before Esc kept its tooltip under the menu, and after Resume
    # it showed there again while the mouse was on the Resume button's place
    from test_app_support import click, key, make_app

    from faeriell.ui.dialogs import Menu
    from faeriell.ui.table.overlays import TIP_DELAY

    app = make_app(tmp_path, monkeypatch, players=1, mode="solo", seed=5)
    table = app.scene.table
    region = RegionSpot("toad-forest")
    p = tuple(round(v) for v in table.spot(region).center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(0, 0, 0)))
    app.step()
    assert table.board.hover_key is not None
    table.board.hover_since = table.now - TIP_DELAY - 1            # its tooltip is due
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene.modal, Menu)
    click(app, "resume")
    assert app.scene.modal is None
    assert table.board.hover_key is None, table.board.hover_key
    pygame.display.quit()


@pytest.mark.parametrize("size", [(1280, 800), (1024, 700)])
def test_an_empty_designated_area_says_it_is_empty(size, drawn):
    # the Achievements' label row read "Designated area:" followed by nothing, as if words were cut
    t = Table(druid_gathers_a_herb(), size=size)              # its first frame draws the boards
    assert not any(tr.designated for tr in t.state.tribes)
    assert "Designated area: empty" in drawn, [s for s in drawn if "Designated" in s]
