"""The rules screen on the game's own widgets (issue 44, item 4), driven by real posted events from
the start screen: a search word typed into the field narrows the list as the reference's search
does, a click on a line of the list opens that section, the wheel over the text scrolls it (and
its scroll bar's arrow too), and nothing of the repository imports pygame_gui any more."""
from __future__ import annotations

import sys
from pathlib import Path

# first: it sets the dummy video driver before pygame is imported
from test_app_support import click, make_app, type_text

import pygame  # noqa: E402
import pytest  # noqa: E402

from faeriell.content import rules_reference as ref  # noqa: E402
from faeriell.ui.scenes.rules import RulesScene  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def rules(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, size=(800, 520))        # small: a long section overflows
    click(app, "rules")
    assert isinstance(app.scene, RulesScene), app.errors
    app.step()
    yield app
    pygame.display.quit()


def wheel(app, pos, y: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0,
                                         precise_y=float(y)))
    app.step()


def pixels(app, rect: pygame.Rect) -> bytes:
    app.dirty = True
    app.step()
    return pygame.image.tobytes(pygame.display.get_surface().subsurface(rect), "RGB")


def test_type_a_search_pick_a_section_and_scroll_its_text(rules):
    app = rules
    scene = app.scene
    everything = len(scene.list.items)
    click(app, "search")                                   # the field takes the keyboard...
    for letter in "doom":                                  # ...and each letter narrows the list
        type_text(app, letter)
    assert scene.search.text == "doom" and scene.query == "doom"
    found = ref.search("doom", scene.sections)
    assert [sid for sid, _ in scene.list.items] == [s.id for s in found]       # the reference's order
    assert 1 < len(found) < everything
    assert [text for _, text in scene.list.items] == [s.title for s in found]  # titles alone while searching
    assert scene.current in found                       # the section shown is one of those found
    assert scene.list.selected_key() == scene.current.id
    key_back = pygame.K_BACKSPACE
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key_back, mod=0, unicode="", scancode=0))
    app.step()
    assert scene.query == "doo" and len(scene.list.items) >= len(found)

    # a click on another line of the list opens that section, its title heading the text
    want = next(s for s in scene.shown if s is not scene.current)
    line = [sid for sid, _ in scene.list.items].index(want.id)
    before = pixels(app, scene.text.rect)
    click(app, scene.list.row_rect(line).center)
    assert scene.current is want and scene.list.selected_key() == want.id
    assert scene.text.blocks[0] == ("title", want.title) and scene.text.scroll == 0
    assert pixels(app, scene.text.rect) != before

    # the wheel over the text scrolls it down and back; over the list it leaves the text alone
    longest = max(scene.sections, key=lambda s: len(s.text))
    click(app, "search")                                   # the click on the list took the keyboard away
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key_back, mod=pygame.KMOD_LCTRL, unicode="",
                                         scancode=0))
    app.step()
    assert scene.query == "" and len(scene.list.items) == everything       # the word erased: all again
    type_text(app, longest.title)                          # its title: found first
    assert scene.list.items[0][0] == longest.id
    click(app, scene.list.row_rect(0).center)
    assert scene.current is longest
    view = scene.text
    assert view.max_scroll() > 0, "the longest section overflows its panel at 800x520"
    top = pixels(app, view.rect)
    wheel(app, view.rect.center, -2)                       # the wheel towards the player: down
    assert view.scroll > 0
    assert pixels(app, view.rect) != top
    down = view.scroll
    wheel(app, view.rect.center, 1)
    assert 0 <= view.scroll < down
    wheel(app, view.rect.center, 99)
    assert view.scroll == 0 and pixels(app, view.rect) == top
    list_scroll = scene.list.scroll
    wheel(app, scene.list.rect.center, -1)
    assert view.scroll == 0 and scene.list.scroll >= list_scroll
    # the text's own scroll bar: its down arrow scrolls a line
    click(app, view.bar.arrows()[1].center)
    assert view.scroll == view.line_height()
    assert not app.errors, app.errors


def test_the_lists_scroll_bar_answers_its_arrows_thumb_and_track(rules):
    app = rules
    lines = app.scene.list
    bar = lines.bar
    top, bottom = bar.arrows()
    lines.scroll = 0
    click(app, bottom.center)                              # one line down
    assert lines.scroll == lines.row
    click(app, top.center)
    assert lines.scroll == 0
    thumb = bar.thumb(lines.scroll, lines.rect.height, len(lines.items) * lines.row)
    x, y = thumb.center
    for ev in (pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(0, 0, 0)),
               pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1),
               pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y + 60), rel=(0, 60), buttons=(1, 0, 0)),
               pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y + 60), button=1)):
        pygame.event.post(ev)
    app.step()
    dragged = lines.scroll
    assert dragged > 0
    assert app.scene.current is app.scene.sections[0]       # a drag on the bar opens no section
    click(app, (x, bottom.top - 2))                         # the track below the thumb: a page down
    assert lines.scroll == min(lines.max_scroll(), dragged + lines.rect.height)
    assert not app.errors, app.errors


def test_nothing_imports_pygame_gui():
    """pygame_gui is no dependency: no module, test, tool or benchmark imports it, and neither
    the requirements, the package's dependencies nor the bundled app name it."""
    from test_requirements import _sources, imported_top_levels, required_distributions

    importers = {m: f for m, f in imported_top_levels(_sources()).items() if m == "pygame_gui"}
    assert importers == {}, importers
    for name in ("requirements.txt", "requirements-dev.txt", "requirements-build.txt"):
        if (ROOT / name).is_file():
            assert "pygame-gui" not in required_distributions(name), name
    assert "pygame_gui" not in (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    sys.path.insert(0, str(ROOT / "tools"))
    import build_app                       # tools/ is on the path (test_build_app)
    assert not {b.lower().replace("_", "-") for b in build_app.BUNDLED} & {"pygame-gui"}


def test_the_guard_sees_an_import_of_pygame_gui(tmp_path):
    from test_requirements import imported_top_levels
    probe = tmp_path / "probe.py"
    probe.write_text("def f():\n    from pygame_gui.elements import UITextBox\n", encoding="utf-8")
    assert set(imported_top_levels([probe])) == {"pygame_gui"}


def test_the_search_field_edits_where_its_caret_is(rules):
    """A text field as every desktop one: the arrows, Home and End move the caret, typing goes
    there, Backspace and Delete take the letter before and after it, Ctrl+A then typing replaces
    the whole text, and a click puts the caret where it lands."""
    from test_app_support import ctrl, key
    app = rules
    scene = app.scene
    click(app, "search")
    type_text(app, "doom")
    field = scene.search
    assert field.caret == 4
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)
    type_text(app, "X")
    assert field.text == "doXom" and field.caret == 3
    key(app, pygame.K_BACKSPACE)
    assert field.text == "doom" and field.caret == 2
    key(app, pygame.K_HOME)
    key(app, pygame.K_DELETE)
    assert field.text == "oom" and field.caret == 0
    key(app, pygame.K_END)
    type_text(app, "s")
    assert field.text == "ooms" and scene.query == "ooms"       # the search follows every edit
    ctrl(app, pygame.K_a)
    assert field.all_selected
    type_text(app, "beacon")
    assert field.text == "beacon" and not field.all_selected and scene.query == "beacon"
    # a click near the field's left edge puts the caret before the first letter
    r = field.rect
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(r.x + 8, r.centery), button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(r.x + 8, r.centery), button=1))
    app.step()
    assert field.focused and field.caret == 0
    type_text(app, "a ")
    assert field.text == "a beacon"


def test_the_search_field_selects_with_shift_and_with_a_drag_of_the_mouse(rules):
    """Shift with the arrows, Home or End selects from the caret; typing replaces the selection and
    Backspace removes it; a drag of the mouse across the letters selects them; Ctrl+X cuts them
    (the clipboard may be absent here: the letters go all the same)."""
    from test_app_support import key
    app = rules
    scene = app.scene
    click(app, "search")
    type_text(app, "beacons")
    field = scene.search
    key(app, pygame.K_LEFT, pygame.KMOD_LSHIFT)
    key(app, pygame.K_LEFT, pygame.KMOD_LSHIFT)
    assert field.selection == (5, 7)
    type_text(app, "X")
    assert field.text == "beacoX" and field.selection == (6, 6) and scene.query == "beacoX"
    key(app, pygame.K_HOME, pygame.KMOD_LSHIFT)
    assert field.selection == (0, 6) and field.all_selected
    key(app, pygame.K_RIGHT)                      # an arrow ends the selection at its side
    assert field.selection == (6, 6)
    key(app, pygame.K_LEFT, pygame.KMOD_LSHIFT)
    key(app, pygame.K_BACKSPACE)
    assert field.text == "beaco" and field.caret == 5
    # a drag from before the first letter to the far right selects the whole text
    r = field.rect
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(r.x + 8, r.centery), button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(r.x + 40, r.centery), rel=(32, 0),
                                         buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(r.right - 4, r.centery), rel=(40, 0),
                                         buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(r.right - 4, r.centery), button=1))
    app.step()
    assert field.selection == (0, 5)
    key(app, pygame.K_x, pygame.KMOD_LCTRL)
    assert field.text == "" and scene.query == ""
    assert not app.errors, app.errors
