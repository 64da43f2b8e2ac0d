"""Fonts opened once: a session that walks through screens, window sizes and Text sizes keeps a
small, bounded number of font files open (one Font per file and point size, text.OPEN_FONTS),
and the rules screen raises no font warning while it opens and draws (its old toolkit, pygame_gui,
warned "not already loaded" when it loaded a font in the middle of a frame). Real key events on a
headless window."""
from __future__ import annotations

import os
import warnings

# first: it sets the dummy video driver before pygame is imported
from test_app_support import key, make_app

import pygame  # noqa: E402
import pytest  # noqa: E402

from faeriell.ui.text import OPEN_FONTS  # noqa: E402
from faeriell.ui.scenes.rules import RulesScene  # noqa: E402
from faeriell.ui.scenes.table import TableScreen  # noqa: E402

FD_DIR = "/proc/self/fd"
SIZES = [(1024, 700), (1280, 800), (1600, 900), (1920, 1080), (1100, 760), (1366, 768), (1440, 900)]
TEXT_SIZES = (0.85, 1.0, 1.15, 1.3)
# The shared fonts (text.OPEN_FONTS) and some room (the rules screen once held up to 9 more of its
# own toolkit's; now its fonts are shared ones too). Before: 96 and growing.
BOUND = OPEN_FONTS + 10


def open_font_files() -> int:
    n = 0
    for fd in os.listdir(FD_DIR):
        try:
            target = os.readlink(os.path.join(FD_DIR, fd))
        except OSError:               # closed since it was listed
            continue
        n += target.endswith((".ttf", ".otf"))
    return n


def _resize(app, size) -> None:
    pygame.display.set_mode(size, pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    app.step()


def _text_size(app, scale) -> None:
    app.settings.ui_scale = scale          # what the Settings screen's Text size control does
    app.settings_changed()
    app.step()


def _wheel(app, y) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(500, 380), rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0,
                                         precise_y=float(y)))
    app.step()


@pytest.fixture
def app(tmp_path, monkeypatch):
    a = make_app(tmp_path, monkeypatch, players=1, mode="solo", seed=3)
    assert isinstance(a.scene, TableScreen), a.errors
    yield a
    pygame.display.quit()


def _rules_and_back(app) -> None:
    key(app, pygame.K_F1)
    assert isinstance(app.scene, RulesScene)
    for k in (pygame.K_DOWN, pygame.K_DOWN, pygame.K_DOWN, pygame.K_UP):
        key(app, k)                         # each step lays the panel out again
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, TableScreen)


@pytest.mark.skipif(not os.path.isdir(FD_DIR), reason="no /proc/self/fd to count open files")
def test_a_long_session_keeps_few_font_files_open(app):
    most = 0
    for scale in TEXT_SIZES + TEXT_SIZES[::-1] + TEXT_SIZES:
        _text_size(app, scale)
        for size in SIZES:
            _resize(app, size)
            for y in (2, 2, -1, -3):          # the map's labels follow the zoom
                _wheel(app, y)
            for _ in range(5):
                app.step()
            most = max(most, open_font_files())
        _rules_and_back(app)
        most = max(most, open_font_files())
    assert not app.errors, app.errors
    assert 0 < most <= BOUND, f"{most} font files open at once (bound {BOUND})"


def test_the_rules_panel_loads_every_font_it_draws_before_it_draws(app):
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        for scale in TEXT_SIZES:
            _text_size(app, scale)
            for size in ((1280, 800), (1024, 700)):
                _resize(app, size)
                _rules_and_back(app)
    fonts = [str(w.message) for w in seen if "font" in str(w.message).lower()]
    assert not fonts, fonts[:3]
    assert not app.errors, app.errors


