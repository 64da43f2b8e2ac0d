"""The rules screen's scroll arrows are the game's own: pygame_gui wrote them as "▲" "▼" in its
own symbol font (the game's font has no such glyph), unlike every other word of the screen; now
no arrow is written as text and a chevron is drawn in each arrow button, through every change of
the list (scrolled by the keys, a search). Real clicks from the start screen, at 1024x700 and 800x520."""
from __future__ import annotations

# first: it sets the dummy video driver before pygame is imported
from test_app_support import click, key, make_app, type_text

import pygame  # noqa: E402
import pytest  # noqa: E402

from faeriell.ui import text as UT  # noqa: E402
from faeriell.ui.theme import MUTED, TEXT  # noqa: E402
from faeriell.ui.scenes.rules import RulesScene  # noqa: E402


@pytest.fixture(autouse=True)
def _display():
    yield
    pygame.display.quit()


def ink_rows(screen, rect, colours) -> list[int]:
    """How many pixels of one of `colours` each row of `rect` holds (the rows that hold any)."""
    rows = []
    for y in range(rect.y, rect.bottom):
        n = sum(1 for x in range(rect.x, rect.right) if tuple(screen.get_at((x, y))[:3]) in colours)
        if n:
            rows.append(n)
    return rows


def check_arrows(app, scene: RulesScene) -> None:
    bar = scene.list.bar
    assert bar is not None and scene.list.max_scroll(), "the list overflows: it has a scroll bar"
    UT.TEXT_SIZES = []                                     # every text the next frame renders
    try:
        app.dirty = True
        app.step()
        written = {t for t, _ in UT.TEXT_SIZES}
    finally:
        UT.TEXT_SIZES = None
    screen = pygame.display.get_surface()
    ink = {TEXT, (255, 255, 255), MUTED}
    for rect, up in zip(bar.arrows(), (True, False), strict=True):
        assert not {t for t in written if "▲" in t or "▼" in t}, written   # no arrow written as a glyph
        rows = ink_rows(screen, rect, ink)
        assert len(rows) >= 3, rows                       # a chevron drawn there...
        assert (rows[0] < rows[-1]) if up else (rows[0] > rows[-1]), rows    # ...pointing its way


@pytest.mark.parametrize("size", [(1024, 700), (800, 520)])
def test_the_lists_scroll_arrows_are_drawn_chevrons(tmp_path, monkeypatch, size):
    app = make_app(tmp_path, monkeypatch, size=size)
    click(app, "rules")
    scene = app.scene
    assert isinstance(scene, RulesScene), app.errors
    app.step()
    check_arrows(app, scene)
    top = scene.list.scroll
    for _ in range(30):                              # Down goes through the sections: the list scrolls
        key(app, pygame.K_DOWN)
    assert scene.list.scroll > top
    check_arrows(app, scene)
    click(app, scene.search.rect.center)             # a search builds the list again
    type_text(app, "e")
    app.dirty = True
    app.step()
    app.step()
    check_arrows(app, scene)
