"""The window, headless (SDL_VIDEODRIVER=dummy): screenshot, quitting, zoom and pan, errors.

Without set-up options the start screen opens, so the map tests open a table (the one table of
faeriell/ui/table/): the zoom and pan tests press on open sea, where no piece is.
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from faeriell.content.catalog_loader import default_catalog  # noqa: E402
from faeriell.ui.app import App, LaunchOptions  # noqa: E402
from faeriell.ui.map_view import NODE_FILL  # noqa: E402
from faeriell.ui.table.keys import RegionSpot  # noqa: E402


def _screenshot(tmp_path: Path, *args: str) -> pygame.Surface:
    out = tmp_path / "shot.png"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", FAERIELL_DATA=str(tmp_path))
    proc = subprocess.run([sys.executable, "main.py", "--screenshot", str(out), *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr, proc.stderr
    assert proc.stderr.strip() == "", proc.stderr      # no error shown in the window either
    return pygame.image.load(str(out))


def _colour_counts(img: pygame.Surface) -> dict[tuple[int, int, int], int]:
    counts: dict[tuple[int, int, int], int] = {}
    w, h = img.get_size()
    for y in range(0, h, 2):
        for x in range(0, w, 2):
            c = tuple(img.get_at((x, y)))[:3]
            counts[c] = counts.get(c, 0) + 1
    return counts


def test_screenshot_is_the_island(tmp_path, monkeypatch):
    monkeypatch.setenv("FAERIELL_DATA", str(tmp_path))
    img = _screenshot(tmp_path, "--players", "1", "--seed", "1")
    assert img.get_size() == (1280, 800)
    counts = _colour_counts(img)
    assert len(counts) > 200, "the frame looks blank"
    # every terrain's map colour fills a good share of the frame (4 Regions of each Terrain per Area)
    for tid, terrain in default_catalog().terrains.items():
        rgb = tuple(terrain["rgb"])
        assert counts.get(rgb, 0) > 2000, f"{tid} {rgb} barely on screen"
    assert counts.get(NODE_FILL, 0) > 30, "no Nodes drawn"
    # the sea: bluish pixels all along the left edge of the map's view (the table may put panels
    # around it: the same options in-process say where the view is)
    a = App((1280, 800), options=LaunchOptions(players=1, seed=1))
    try:
        view = a.map_view.viewport
    finally:
        pygame.display.quit()
    edge = [img.get_at((view.left + 2, y)) for y in range(view.top + 20, view.bottom - 20, 25)]
    assert len(edge) >= 8 and all(c.b > c.r + 30 for c in edge)


def test_screenshot_respects_size(tmp_path):
    img = _screenshot(tmp_path, "--size", "800x600")          # the start screen
    assert img.get_size() == (800, 600)
    img = _screenshot(tmp_path, "--size", "800x600", "--players", "2")   # the table
    assert img.get_size() == (800, 600)


def test_bad_size_is_a_usage_error():
    proc = subprocess.run([sys.executable, "main.py", "--size", "big"], cwd=ROOT, capture_output=True,
                          text=True, timeout=60, env=dict(os.environ, SDL_VIDEODRIVER="dummy"))
    assert proc.returncode == 2 and "1280x800" in proc.stderr


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("FAERIELL_DATA", str(tmp_path))
    a = App((1280, 800), fps=240, options=LaunchOptions(players=1, seed=1))
    a.scene.table.dialogs.tips.dismissed.update(range(4))       # the Starting Scenario tips stay closed
    a.step()
    yield a
    pygame.display.quit()


@pytest.fixture
def start_app(tmp_path, monkeypatch):
    monkeypatch.setenv("FAERIELL_DATA", str(tmp_path))
    a = App((1000, 700), fps=240)
    yield a
    pygame.display.quit()


def test_quit_event_ends_the_loop(app):
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert app.run(max_frames=200) == 0
    assert app.running is False


def test_escape_ends_the_loop_on_the_start_screen(start_app):
    app = start_app
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b",
                                         scancode=41))
    assert app.run(max_frames=200) == 0
    assert app.running is False


def open_sea(app, reach=(0, 0)) -> tuple[int, int]:
    """A point of the island's view with no piece nor button on it (open sea, or a Region's
    bare ground: a press there pans), nor at `reach` from it."""
    table = app.scene.table
    view = table.layout.map

    def bare(p) -> bool:
        return all(isinstance(sp.key, RegionSpot) for sp in table.spots.hit_all(p))
    for y in range(view.top + 60, view.bottom - 60, 10):
        for x in range(view.left + 60, view.right - 60, 10):
            if bare((x, y)) and bare((x + reach[0], y + reach[1])):
                return x, y
    raise AssertionError("no open spot on the island's view")


def test_wheel_zooms_around_the_pointer(app):
    mv = app.map_view
    assert mv is not None and not app.errors
    pointer = open_sea(app)
    before_scale = mv.scale
    anchor = mv.screen_to_map(pointer)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pointer, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    app.step()
    assert mv.zoom_level == 1 and mv.scale > before_scale
    after = mv.screen_to_map(pointer)
    assert abs(after[0] - anchor[0]) < 2 and abs(after[1] - anchor[1]) < 2   # point under the mouse stays
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    app.step()
    assert mv.zoom_level == 0
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    app.step()
    assert mv.zoom_level == 0                      # never smaller than the fitted island


def test_drag_pans_the_map(app):
    mv = app.map_view
    centre = app.scene.table.layout.map.center          # the wheel zooms where the mouse is
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=centre, rel=(0, 0), buttons=(0, 0, 0)))
    for _ in range(3):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    app.step()
    assert mv.zoom_level == 3
    start = mv.offset
    x, y = open_sea(app, reach=(40, 30))
    events = [
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1),
        pygame.event.Event(pygame.MOUSEMOTION, pos=(x + 20, y + 10), rel=(20, 10), buttons=(1, 0, 0)),
        pygame.event.Event(pygame.MOUSEMOTION, pos=(x + 40, y + 30), rel=(20, 20), buttons=(1, 0, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x + 40, y + 30), button=1),
    ]
    for ev in events:
        pygame.event.post(ev)
    app.step()
    assert mv.offset == (start[0] + 40, start[1] + 30)
    # moving the mouse after the button is released pans no more
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x + 100, y + 100), rel=(60, 70),
                                         buttons=(0, 0, 0)))
    app.step()
    assert mv.offset == (start[0] + 40, start[1] + 30)


def test_redraws_only_when_something_changed(app):
    centre = app.scene.table.layout.map.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=centre, rel=(0, 0), buttons=(0, 0, 0)))
    app.step()
    drawn = []
    real = app.draw
    app.draw = lambda: (drawn.append(1), real())
    app.step()                     # the frame after the move was drawn already: nothing changed since
    app.step()
    app.step()
    assert len(drawn) == 0
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    app.step()
    assert len(drawn) == 1


def test_errors_are_shown_not_raised(app):
    def broken(_surface):
        raise RuntimeError("boom")
    app.scene.table.draw = broken
    app.dirty = True               # the next frame is drawn
    app.step()                     # must not raise
    assert any("boom" in e for e in app.errors)
    def broken_handle(_ev):
        raise ValueError("bad event")
    app.handle = broken_handle
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a", scancode=4))
    app.step()
    assert any("bad event" in e for e in app.errors)


def test_missing_map_opens_with_an_error(tmp_path):
    a = App((640, 480), map_path=str(tmp_path / "nowhere.tmx"))
    try:
        assert a.map_view is None
        assert a.errors and "nowhere.tmx" in a.errors[0]
        a.screenshot(str(tmp_path / "err.png"))    # still draws a frame
    finally:
        pygame.display.quit()
