"""Every Text size step grows (or keeps) every text of the menu screens, and clips none (issue 42):
"Large" clipped the start screen's seed field, the start and Practice screens' small texts stayed
as they were at every step, and "Larger" drew one chapter's description smaller than at "Normal".

Each screen is drawn afresh at each Text size (the real setting, applied as the Settings screen
applies it) and every text rendered is recorded (text.TEXT_SIZES), with every label and field
measured against its box (text.LABELS)."""
from __future__ import annotations

# first: it sets the dummy video driver before pygame is imported
from test_app_support import click, finished, make_app

import pygame  # noqa: E402
import pytest  # noqa: E402

from faeriell.ui import text as UT
from faeriell.ui.settings import UI_SCALES
from faeriell.ui.surface_cache import CACHES

SCREENS = ["start/new", "start/load", "practice/puzzles", "practice/rated", "practice/drills",
           "practice/ladder", "practice/daily", "progress", "settings", "tutorial"]


def drawn(app) -> tuple[dict[str, int], list[str]]:
    """The frame drawn afresh: each text's smallest size in px, and the labels or fields it cut."""
    for cache in CACHES:
        cache.cache_clear()
    for fn in list(UT.SCALE.listeners):
        fn()
    UT.TEXT_SIZES, UT.LABELS = [], []
    try:
        for _ in range(2):
            app.dirty = True
            app.step()
        sizes: dict[str, int] = {}
        for text, px in UT.TEXT_SIZES:
            sizes[text] = min(px, sizes.get(text, px))
        cuts = [f"{text!r} shown as {shown!r} in {box} px" for text, shown, _r, box in UT.LABELS if shown != text]
        return sizes, cuts
    finally:
        UT.TEXT_SIZES, UT.LABELS = None, None


def set_text_size(app, scale: float) -> None:
    """The setting changed, and the screen shown afresh (as when the player comes back from Settings)."""
    app.settings.ui_scale = scale
    app.settings_changed()
    app.scene.resize(app.scene_size(app.scene))
    assert UT.text_scale() == scale


def go_to(app, screen: str) -> None:
    """From the start screen, by clicks."""
    first, _, tab = screen.partition("/")
    if first == "start":
        click(app, f"tab_{tab}")
    elif first == "practice":
        click(app, "practice")
        click(app, f"tab_{tab}")
    elif first == "progress":
        click(app, "practice")
        click(app, "progress")
    elif first == "settings":
        click(app, "settings")
    elif first == "tutorial":
        click(app, "tutorial")


def check_steps(app, name: str, steps: dict[float, tuple[dict[str, int], list[str]]]) -> list[str]:
    problems = []
    scales = sorted(steps)
    for scale in scales:
        problems += [f"{name} x{scale}: cut {c}" for c in steps[scale][1]]
    for small, large in zip(scales, scales[1:], strict=False):
        a, b = steps[small][0], steps[large][0]
        problems += [f"{name}: {t!r} {a[t]} px at x{small}, {b[t]} px at x{large}"
                     for t in a if t in b and b[t] < a[t]]
    # the smallest texts grow too: at "Larger" none stays as small as the smallest at "Normal"
    normal, larger = steps[1.0][0], steps[max(scales)][0]
    least = min(normal.values())
    problems += [f"{name}: {t!r} stays {least} px at x{max(scales)}" for t, px in normal.items()
                 if px == least and larger.get(t, least + 1) <= least]
    return problems


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("screen", SCREENS)
def test_every_text_size_step_grows_every_text_and_clips_none(tmp_path, monkeypatch, size, screen):
    app = make_app(tmp_path, monkeypatch, size=size)
    try:
        go_to(app, screen)
        steps = {}
        for scale in UI_SCALES:
            set_text_size(app, scale)
            steps[scale] = drawn(app)
            assert steps[scale][0], (screen, scale)
        problems = check_steps(app, screen, steps)
        assert not problems, "\n".join(problems[:25])
        assert not app.errors
    finally:
        set_text_size(app, 1.0)
        pygame.display.quit()


def test_the_end_screen_and_the_review_grow_with_every_text_size_step(tmp_path, monkeypatch):
    from faeriell.ui.scenes.review import ReviewScene
    app = make_app(tmp_path, monkeypatch, players=1, mode="solo", seed=7)
    try:
        finished(app)
        problems = []
        for name in ("end", "review"):
            if name == "review":
                click(app, "review")
                assert isinstance(app.scene, ReviewScene)
            steps = {}
            for scale in UI_SCALES:
                set_text_size(app, scale)
                steps[scale] = drawn(app)
            problems += check_steps(app, name, steps)
        assert not problems, "\n".join(problems[:25])
        assert not app.errors
    finally:
        set_text_size(app, 1.0)
        pygame.display.quit()

