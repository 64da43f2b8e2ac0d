"""The banner's buttons keep their places: when the last move is taken back, Undo stays greyed
where it was (its tooltip says why it cannot be pressed), so End Phase never slides under the
mouse and the second click of a double click on Undo presses nothing. Real mouse events on a
headless window, at 1280x800 and 800x520."""
from __future__ import annotations

from test_table_support import Table, position

import pygame  # noqa: E402
import pytest  # noqa: E402

from faeriell.engine.state import to_dict
from faeriell.ui.table import tooltips
from faeriell.ui.table.chrome import UNDO_OFF
from faeriell.ui.table.keys import Button, HeroSlot, NodeSpot  # noqa: E402


@pytest.fixture(autouse=True)
def _display():
    yield
    pygame.display.quit()


def hero_phase(size) -> Table:
    tribes = [{"settlements": ["bear-mountain", "bear-river"], "heroes": {"druid": {"node": {"near": "bear-forest"}}},
               "essences": ["red", "red", "blue"]},
              {"settlements": ["wolf-mountain", "wolf-meadow"], "heroes": {"shaman": {"node": {"near": "wolf-river"}}}}]
    return Table(position({}, {}, tribes, {"player": 1, "phase": "hero"}), size=size)


def press_at(t: Table, pos) -> None:
    t.move(pos)
    t.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    t.post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    t.frame()


@pytest.mark.parametrize("size", [(1280, 800), (800, 520)])
def test_a_double_click_on_undo_never_ends_the_phase(size):
    t = hero_phase(size)
    sc = t.scene
    end = sc.spot(Button("end_phase")).rect.copy()
    greyed = sc.spot(UNDO_OFF)
    assert greyed is not None and sc.spot(Button("undo")) is None   # nothing played yet: greyed
    to = t.session.legal_of("move_hero", hero="druid")[0]["to"]
    t.drag(HeroSlot(0, "druid"), NodeSpot(to))
    before = to_dict(t.state)
    undo = sc.spot(Button("undo")).rect.copy()
    assert undo == greyed.rect and sc.spot(Button("end_phase")).rect == end
    where = undo.center
    press_at(t, where)                     # the double click: the first takes the move back...
    assert to_dict(t.state)["tribes"] != before["tribes"] and t.state.phase == "hero"
    assert sc.spot(Button("end_phase")).rect == end          # End Phase stayed where it was
    assert sc.spot(UNDO_OFF).rect == undo and sc.spot(Button("undo")) is None
    press_at(t, where)                     # ...the second presses the greyed Undo: nothing happens
    assert t.state.phase == "hero" and t.state.active == 0 and len(t.game.history) == 0
    title, lines = tooltips.tip(UNDO_OFF, sc.painted)
    assert title == "Undo" and lines and lines[0].startswith("Nothing to take back now")


def test_the_greyed_undo_is_drawn_dimmer_than_a_live_button():
    t = hero_phase((1280, 800))
    sc = t.scene
    screen = pygame.display.get_surface()
    off = sc.spot(UNDO_OFF).rect
    end = sc.spot(Button("end_phase")).rect

    def brightest(r):
        return max(sum(screen.get_at((x, y))[:3]) for x in range(r.x + 2, r.right - 2) for y in range(r.y + 2, r.bottom - 2))
    assert brightest(off) < brightest(end)
