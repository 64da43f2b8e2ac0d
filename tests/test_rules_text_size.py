"""The rules screen follows the Text size: its list of sections, its search field and its Back
button grow with the player's Text size, as its text does, and the panel
still fits whole at 1024x700 and 1280x800. Driven by real clicks: the start screen's Settings, a
Text size, Back, then Rules.

Before: pygame_gui (the screen's toolkit then) took a font only from an element's own theme block,
and the theme gave one to the text box alone, so everything else kept its 14 px font at every
Text size."""
from __future__ import annotations

from typing import NamedTuple

# first: it sets the dummy video driver before pygame is imported
from test_app_support import click, make_app, type_text

import pygame  # noqa: E402
import pytest  # noqa: E402

from faeriell.ui.text import scaled, text_scale  # noqa: E402
from faeriell.ui.scenes.rules import RulesScene  # noqa: E402
from faeriell.ui.scenes.start import StartScene  # noqa: E402

TEXT_SIZES = (0.85, 1.0, 1.15, 1.3)          # Small, Normal, Large, Larger (settings_panel.TEXT_SIZES)
SIZES = ((1024, 700), (1280, 800))


def open_rules_at(tmp_path, monkeypatch, size, text_size):
    app = make_app(tmp_path, monkeypatch, size=size)
    assert isinstance(app.scene, StartScene)
    click(app, "settings")
    click(app, f"ui_scale:{text_size}")
    assert text_scale() == text_size
    click(app, "back")
    click(app, "rules")
    assert isinstance(app.scene, RulesScene), app.errors
    app.step()
    return app


class Worded(NamedTuple):
    """A part of the panel that shows words: the font it draws them in, its box, its words."""
    font: pygame.font.Font
    rect: pygame.Rect
    text: str


def list_lines(scene: RulesScene) -> list[Worded]:
    """The list's lines on screen."""
    lines = scene.list
    return [Worded(lines.face(), lines.row_rect(k), text) for k, (_sid, text) in enumerate(lines.items)
            if lines.rect.contains(lines.row_rect(k))]


def worded(scene: RulesScene) -> list:
    """Every element of the panel that shows words in a control's font: the search field, the
    Back button and the list's lines on screen."""
    items = list_lines(scene)
    assert len(items) >= 8
    return [Worded(scene.search.face(), scene.search.rect, scene.search.text),
            Worded(scene.back_button.face(), scene.back_button.rect, "Back")] + items


def check_fits(app, scene: RulesScene) -> None:
    w, h = app.size
    window = pygame.Rect(0, 0, w, h)
    panels = [scene.search.rect, scene.list.rect, scene.text.rect, scene.back_button.rect]
    for r in panels:
        assert window.contains(r), (r, window)
    for i, a in enumerate(panels):
        for b in panels[i + 1:]:
            assert not a.colliderect(b), (a, b)
    for el in worded(scene):
        font = el.font
        line = font.size("Ag")[1]                  # the height of a line of it (ink and room)
        assert el.rect.height >= line + 4, (el.rect, line)         # a line of text and some room
    for b in list_lines(scene):                                      # every line whole (nothing cut)
        assert b.font.size(b.text)[0] + 2 * 8 <= b.rect.width, (b.text, b.rect)
    back = worded(scene)[1]
    assert back.font.size("Back")[0] + 16 <= back.rect.width


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_rules_controls_grow_with_the_text_size_and_fit(tmp_path, monkeypatch, size):
    seen = []
    for n, text_size in enumerate(TEXT_SIZES):
        app = open_rules_at(tmp_path / str(n), monkeypatch, size, text_size)
        scene = app.scene
        points = {el.font.point_size for el in worded(scene)}
        assert len(points) == 1, points                 # one font for the controls and the list
        seen.append(points.pop())
        assert seen[-1] >= scaled(14), (text_size, seen)   # at least pygame_gui's old 14 px, grown
        check_fits(app, scene)
        # a search at this Text size: the found sections' lines fit too, in the same font
        click(app, scene.search.rect.center)
        type_text(app, "doom")
        app.step()
        assert scene.query == "doom" and scene.shown
        check_fits(app, scene)
        assert {el.font.point_size for el in worded(scene)} == {seen[-1]}
        assert not app.errors, app.errors
        pygame.display.quit()
    # Small, Normal, Large, Larger: each larger than the one before (pygame_gui's own was 14 px)
    assert seen == sorted(set(seen)) and len(seen) == len(TEXT_SIZES), seen
    assert seen[TEXT_SIZES.index(1.0)] > 14 and seen[-1] >= 20, seen


def test_the_rules_panel_is_built_once_per_open_and_the_arrows_build_nothing(tmp_path, monkeypatch):
    """The panel built once on an open at a new Text size, and nothing rebuilt on Up/Down; the
    screen it replaces is freed; Up/Down select in place (the panel used to be built again on
    every step, and the list jumped back to its top)."""
    import gc
    import weakref

    from faeriell.ui.scenes.table import TableScreen
    from test_app_support import key

    built: list = []
    real_build = RulesScene._build
    monkeypatch.setattr(RulesScene, "_build", lambda self: (built.append(self), real_build(self))[1])
    app = make_app(tmp_path, monkeypatch, size=(1280, 800), players=1, mode="solo", seed=3)
    assert isinstance(app.scene, TableScreen)
    last = None
    for text_size in (1.15, 1.3):                   # a Text size no panel was built at before
        key(app, pygame.K_ESCAPE)                   # the table's menu: Settings, a Text size, Done
        click(app, "settings")
        click(app, f"ui_scale:{text_size}")
        click(app, "done")
        assert app.scene.modal is None and text_scale() == text_size
        del built[:]
        key(app, pygame.K_F1)
        scene = app.scene
        assert isinstance(scene, RulesScene)
        assert built == [scene], built
        gc.collect()
        assert last is None or last() is None, "the screen replaced is still alive"
        last = weakref.ref(scene)
        del built[:]
        # Up/Down go through every section without building the panel again, the line chosen
        # always in sight
        lines = scene.list
        for k in [pygame.K_DOWN] * (len(lines.items) + 2) + [pygame.K_UP] * 5:
            key(app, k)
            assert lines.selected_key() == scene.current.id
            assert lines.rect.contains(lines.row_rect(lines.selected)), (lines.items[lines.selected], lines.rect)
        assert scene.current is scene.sections[-6]
        assert built == [], built
        key(app, pygame.K_ESCAPE)
        assert isinstance(app.scene, TableScreen)
        del scene, lines                            # the test's own hold on that panel
    key(app, pygame.K_F1)                            # again at the same size and Text size: built once
    assert built == [app.scene]
    assert not app.errors, app.errors
    pygame.display.quit()
