"""The table's input is a stack of layers (issue 22 item 3): every event, of every kind, meets the
layers top first in one order; a layer pushed by another module (a tutorial, a hint) gets the
events before the table under it; each open panel keeps what it owns. Real posted events only."""
from __future__ import annotations

from test_table_support import Table, position  # first: sets the dummy video driver

import pygame  # noqa: E402
import pytest  # noqa: E402

from faeriell.engine.state import to_dict  # noqa: E402
from faeriell.ui.table.layers import Layer  # noqa: E402
from faeriell.ui.table.keys import Button, HeroSlot, NodeSpot, PerkUp, RegionSpot, SupplySettlement  # noqa: E402


@pytest.fixture(autouse=True)
def _display():
    yield
    pygame.display.quit()


def two_tribes(turn, p1=None):
    t1 = {"settlements": ["bear-mountain", "bear-river"],
          "heroes": {"druid": {"node": {"near": "bear-forest"}}},
          "essences": ["red", "red", "blue"]}
    t1.update(p1 or {})
    t2 = {"settlements": ["wolf-mountain", "wolf-meadow"], "heroes": {"shaman": {"node": {"near": "wolf-river"}}}}
    return position({}, {}, [t1, t2], turn)


class Probe(Layer):
    """Passes every event on, writing down which it saw (and, `keep`: consumes them)."""

    def __init__(self, name, log, keep=False, modal=False):
        self.name, self.log, self.keep, self.modal = name, log, keep, modal

    def handle(self, ev) -> bool:
        self.log.append((ev.type, self.name))
        return self.keep


KINDS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN, pygame.MOUSEWHEEL)


def post_one_of_each(t, pos):
    t.move(pos)
    t.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    t.post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    t.post(pygame.KEYDOWN, key=pygame.K_F7, mod=0, unicode="", scancode=0)
    t.post(pygame.MOUSEWHEEL, x=0, y=0, flipped=False)
    t.frame()


def test_the_stack_top_first():
    t = Table(two_tribes({"player": 1, "phase": "hero"}))
    assert t.scene.layers.names() == ["pointer", "curtain", "result", "notices", "coach", "dialogs", "tray",
                                      "decision", "log", "drag", "board"]


def test_every_kind_of_event_meets_the_layers_in_one_order():
    t = Table(two_tribes({"player": 1, "phase": "hero"}))
    log: list = []
    stack = t.scene.layers
    real = stack.names()
    stack.push(Probe("top", log))
    for name in real:                                # a probe under every layer of the table
        stack.push(Probe(f"under {name}", log), below=name)
    order = ["top"] + [f"under {n}" for n in real]
    assert [n for n in stack.names() if n == "top" or n.startswith("under ")] == order
    sea = (t.scene.layout.map.x + 3, t.scene.layout.map.y + 3)
    post_one_of_each(t, sea)
    for k in KINDS:
        got = [n for (tp, n) in log if tp == k]
        assert got, pygame.event.event_name(k)
        assert got == order[:len(got)], (pygame.event.event_name(k), got)
        # nothing above the board is open or takes these: every kind reaches the board
        assert "under drag" in got, (pygame.event.event_name(k), got)


def test_a_pushed_modal_layer_takes_presses_and_keys_before_the_table():
    t = Table(two_tribes({"player": 1, "phase": "hero"}))
    log: list = []
    wall = t.scene.layers.push(Probe("tutorial", log, modal=True), below="result")
    to = t.session.legal_of("move_hero", hero="druid")[0]["to"]
    t.click(HeroSlot(0, "druid"))
    assert t.scene.drag_layer.drag is None                      # the press never reached the Hero
    t.scene.map.zoom_at(t.scene.map.viewport.center, 1)
    zoomed = t.scene.map.zoom_level
    t.key(pygame.K_HOME)
    assert t.scene.map.zoom_level == zoomed          # nor did Home (fit the island)
    assert {pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN} <= {tp for tp, _ in log}
    t.scene.layers.remove(wall)
    t.key(pygame.K_HOME)
    assert t.scene.map.zoom_level != zoomed
    t.click(HeroSlot(0, "druid"))
    assert t.scene.drag_layer.drag is not None and t.scene.drag_layer.drag.sticky
    t.click(NodeSpot(to))
    assert t.state.tribes[0].heroes["druid"].node == to


def test_a_consuming_layer_over_the_tray_gets_enter_first():
    t = Table(two_tribes({"player": 1, "phase": "tribe"}))
    region = t.session.legal_of("build_settlement")[0]["region"]
    t.drag(SupplySettlement(0), RegionSpot(region))
    assert t.scene.tray_layer.tray is not None
    log: list = []
    over = t.scene.layers.push(Probe("hint", log, keep=True), below="dialogs")
    t.key(pygame.K_RETURN)
    assert t.scene.tray_layer.tray is not None and region not in t.state.tribes[0].settlements
    t.scene.layers.remove(over)
    t.key(pygame.K_RETURN)                           # now the tray takes it: confirmed
    assert region in t.state.tribes[0].settlements


def test_the_open_tray_takes_a_right_click_and_esc_and_nothing_reaches_the_island():
    t = Table(two_tribes({"player": 1, "phase": "tribe"}))
    region = t.session.legal_of("build_settlement")[0]["region"]
    t.drag(SupplySettlement(0), RegionSpot(region))
    assert t.scene.tray_layer.tray is not None
    before = to_dict(t.state)
    hero = t.pos(HeroSlot(0, "druid"))
    t.click(hero)                                    # a press on a piece while paying: the tray's
    assert t.scene.drag_layer.drag is None and t.scene.tray_layer.tray is not None
    t.post(pygame.MOUSEBUTTONDOWN, pos=hero, button=3)
    t.frame()
    assert t.scene.tray_layer.tray is None and to_dict(t.state) == before
    t.drag(SupplySettlement(0), RegionSpot(region))
    assert t.scene.tray_layer.tray is not None
    t.post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
    consumed = [t.scene.handle_event(ev) for ev in pygame.event.get()]
    assert consumed == [True] and t.scene.tray_layer.tray is None      # Esc was the tray's, not the menu's
    t.post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
    assert [t.scene.handle_event(ev) for ev in pygame.event.get()] == [False]   # now the screen's menu


def test_the_curtain_is_modal_for_every_kind_of_event():
    g = two_tribes({"player": 1, "phase": "tribe"})
    g.state.tribes[1].essences.append(g.state.tribes[0].essences.pop())   # player 2 holds a card too
    t = Table(g, curtain=True)
    t.click(Button("end_phase"))
    assert t.scene.curtain_layer.tribe == 1
    log: list = []
    t.scene.layers.push(Probe("under the curtain", log), below="curtain")
    t.scene.layers.push(Probe("bottom", log), below="board")
    sea = (t.scene.layout.map.x + 3, t.scene.layout.map.y + 3)
    t.move(sea)
    t.post(pygame.KEYDOWN, key=pygame.K_F7, mod=0, unicode="", scancode=0)
    t.frame()
    assert log == [] and t.scene.curtain_layer.tribe == 1       # nothing under the curtain saw them
    t.key(pygame.K_RETURN)                           # Enter lifts it, as a click does
    assert t.scene.curtain_layer.tribe is None and pygame.KEYDOWN not in {tp for tp, _ in log}   # (its KEYUP goes on)


def test_a_click_on_the_decision_bar_is_the_bars_and_a_click_away_closes_it():
    board = {"perk_piles": [["swift"], ["quester"], ["cleanser"], ["pursuer"]]}
    g = position({}, board, [{"settlements": ["bear-mountain"], "heroes": {"druid": {"node": {"near": "bear-forest"}}},
                              "essences": ["green", "green"]}, {"settlements": ["wolf-mountain"]}],
                 {"player": 1, "phase": "tribe"})
    t = Table(g)
    t.drag(PerkUp("swift"), HeroSlot(0, "druid"))
    ch = t.scene.decision.choice
    assert ch is not None and not t.scene.decision.auto          # which Perk goes under its pile
    r = ch.panel_rect
    t.click((r.x + 3, r.y + 3))                      # inside the panel: the bar keeps it
    assert t.scene.decision.choice is ch
    sea = (t.scene.layout.map.x + 3, t.scene.layout.map.bottom - 3)
    t.click(sea)
    assert t.scene.decision.choice is None and t.scene.tray_layer.tray is None
