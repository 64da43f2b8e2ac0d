"""The rules screen follows the Text size: its list of sections, its search field and its Back
button (pygame_gui elements) grow with the player's Text size, as its text does, and the panel
still fits whole at 1024x700 and 1280x800. Driven by real clicks: the start screen's Settings, a
Text size, Back, then Rules.

Before: pygame_gui took a font only from an element's own theme block, and the theme gave one to
the text box alone, so everything else kept pygame_gui's 14 px font at every Text size."""
from __future__ import annotations

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


def worded(scene: RulesScene) -> list:
    """Every element of the panel that shows words in a control's font: the search field, the
    Back button and the list's lines on screen."""
    items = [i["button_element"] for i in scene.list.item_list if i["button_element"] is not None]
    assert len(items) >= 8
    return [scene.search, scene.back_button] + items


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
        line = font.get_rect("Ag").height
        assert el.rect.height >= line + 4, (el.rect, line)         # a line of text and some room
    for i in scene.list.item_list:                                   # every line whole (nothing cut)
        b = i["button_element"]
        if b is not None:
            assert b.font.size(i["text"])[0] + 2 * 8 <= b.rect.width, (i["text"], b.rect)
    back = scene.back_button
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
        assert seen[-1] >= scaled(14), (text_size, seen)   # at least pygame_gui's 14 px, grown
        check_fits(app, scene)
        # a search at this Text size: the found sections' lines fit too, in the same font
        click(app, scene.search.get_abs_rect().center)
        type_text(app, "doom")
        app.step()
        assert scene.query == "doom" and scene.shown
        check_fits(app, scene)
        assert {el.font.point_size for el in worded(scene)} == {seen[-1]}
        assert not app.errors, app.errors
        pygame.display.quit()
    # Small, Normal, Large, Larger: each larger than the one before (pygame_gui's own is 14 px)
    assert seen == sorted(set(seen)) and len(seen) == len(TEXT_SIZES), seen
    assert seen[TEXT_SIZES.index(1.0)] > 14 and seen[-1] >= 20, seen


def test_the_rules_panel_is_built_once_per_open_and_the_arrows_build_nothing(tmp_path, monkeypatch):
    """One pygame_gui manager built on an open at a new Text size, and nothing rebuilt on any other
    manager; the one it replaces is freed (its font files closed); Up/Down select in place (the
    panel used to be built again on every step, and the list jumped back to its top)."""
    import gc
    import weakref

    import pygame_gui

    from faeriell.ui.scenes.table import TableScreen
    from test_app_support import key

    built, emptied = [], []
    real_init, real_reset = pygame_gui.UIManager.__init__, pygame_gui.UIManager.clear_and_reset
    monkeypatch.setattr(pygame_gui.UIManager, "__init__",
                        lambda self, *a, **k: (built.append(self), real_init(self, *a, **k))[1])
    monkeypatch.setattr(pygame_gui.UIManager, "clear_and_reset",
                        lambda self: (emptied.append(self), real_reset(self))[1])
    app = make_app(tmp_path, monkeypatch, size=(1280, 800), players=1, mode="solo", seed=3)
    assert isinstance(app.scene, TableScreen)
    last = None
    for text_size in (1.15, 1.3):                   # a Text size no panel was built at before
        key(app, pygame.K_ESCAPE)                   # the table's menu: Settings, a Text size, Done
        click(app, "settings")
        click(app, f"ui_scale:{text_size}")
        click(app, "done")
        assert app.scene.modal is None and text_scale() == text_size
        del built[:], emptied[:]
        key(app, pygame.K_F1)
        scene = app.scene
        assert isinstance(scene, RulesScene)
        assert built == [scene.manager] and emptied == [], (built, emptied)
        gc.collect()
        assert last is None or last() is None, "the manager replaced is still alive"
        last = weakref.ref(scene.manager)
        del built[:]
        # Up/Down go through every section without building the panel again, the line chosen
        # always in sight
        for k in [pygame.K_DOWN] * (len(scene.list.item_list) + 2) + [pygame.K_UP] * 5:
            key(app, k)
            line = next(i for i in scene.list.item_list if i["selected"])
            assert line["object_id"] == scene.current.id
            button = line["button_element"]
            assert button is not None and scene.list.rect.contains(button.rect), (line["text"], scene.list.rect)
        assert scene.current is scene.sections[-6]
        assert built == [] and emptied == [], (built, emptied)
        key(app, pygame.K_ESCAPE)
        assert isinstance(app.scene, TableScreen)
        del scene, line, button                     # the test's own hold on that panel
    key(app, pygame.K_F1)                            # again at the same size and Text size: the kept one
    assert built == [] and emptied == [app.scene.manager]
    assert not app.errors, app.errors
    pygame.display.quit()
