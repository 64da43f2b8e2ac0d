"""The island's zoom by keys (issue 42): + (=, keypad +) and - (keypad -) zoom around the island's
visible centre in the wheel's steps and limits, Home fits it again; typed text never zooms."""
from __future__ import annotations

# first: it sets the dummy video driver before pygame is imported
from test_app_support import ctrl, key, make_app, type_text

import pygame  # noqa: E402
import pytest  # noqa: E402

from faeriell.ui.map_view import MAX_ZOOM_LEVEL
from faeriell.ui.scenes.table import HELP_TEXT, SHORTCUTS, TableScreen
from faeriell.ui.table.keyboard import KEYS_HELP


@pytest.fixture
def app(tmp_path, monkeypatch):
    a = make_app(tmp_path, monkeypatch, players=1, mode="solo", seed=3)
    assert isinstance(a.scene, TableScreen), a.errors
    yield a
    pygame.display.quit()


def view(app):
    mv = app.scene.table.map
    return mv.zoom_level, mv.offset


def centre_on_map(app):
    t = app.scene.table
    return t.map.screen_to_map(t.layout.map.center)


def test_plus_and_minus_zoom_the_island_round_its_centre_as_the_wheel_does(app):
    t = app.scene.table
    fitted = view(app)
    level = fitted[0]
    before = centre_on_map(app)
    key(app, pygame.K_EQUALS, pygame.KMOD_LSHIFT, "+")          # "+" on most keyboards
    assert t.map.zoom_level == level + 1
    after = centre_on_map(app)
    # the point at the island's visible centre stays there (within a screen pixel or two)
    assert abs(after[0] - before[0]) * t.map.scale <= 2 and abs(after[1] - before[1]) * t.map.scale <= 2
    key(app, pygame.K_KP_PLUS, 0, "+")
    assert t.map.zoom_level == level + 2
    key(app, pygame.K_EQUALS, 0, "=")                            # the same key without Shift
    assert t.map.zoom_level == min(MAX_ZOOM_LEVEL, level + 3)
    for _ in range(MAX_ZOOM_LEVEL + 2):                         # bounded as the wheel is
        key(app, pygame.K_PLUS, 0, "+")
    assert t.map.zoom_level == MAX_ZOOM_LEVEL
    key(app, pygame.K_MINUS, 0, "-")
    assert t.map.zoom_level == MAX_ZOOM_LEVEL - 1
    key(app, pygame.K_KP_MINUS, 0, "-")
    assert t.map.zoom_level == MAX_ZOOM_LEVEL - 2
    for _ in range(MAX_ZOOM_LEVEL + 2):
        key(app, pygame.K_MINUS, 0, "-")
    assert t.map.zoom_level == 0
    key(app, pygame.K_HOME)
    assert view(app) == fitted
    # one key step is one wheel notch: the wheel's zoom from the same place lands on the same scale
    key(app, pygame.K_PLUS, 0, "+")
    by_key = t.map.scale
    key(app, pygame.K_HOME)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=t.layout.map.center, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    app.step()
    assert t.map.scale == by_key
    assert not app.errors


def test_ctrl_minus_and_typed_text_do_not_zoom(app):
    fitted = view(app)
    key(app, pygame.K_MINUS, pygame.KMOD_LCTRL, "-")             # left to the system / other shortcuts
    key(app, pygame.K_EQUALS, pygame.KMOD_LCTRL, "=")
    assert view(app) == fitted
    ctrl(app, pygame.K_s)                                        # the save's name field has the keys
    dlg = app.scene.modal
    assert dlg is not None and dlg.find("name") is not None
    field = dlg.find("name")
    field.text = ""
    for k, ch in ((pygame.K_MINUS, "-"), (pygame.K_EQUALS, "+"), (pygame.K_KP_PLUS, "+")):
        key(app, k, 0, ch)
        type_text(app, ch)
    assert view(app) == fitted
    assert field.text == "-++"
    assert not app.errors


def test_the_zoom_keys_are_listed_where_the_shortcuts_are():
    assert "+/-: zoom" in SHORTCUTS and "Home" in SHORTCUTS
    assert "+ (or =) and - zoom the island" in HELP_TEXT + KEYS_HELP and "Home" in HELP_TEXT
    from pathlib import Path
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    assert "**+**" in readme and "**-**" in readme and "**Home**" in readme
