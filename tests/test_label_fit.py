"""Sizes that hold (issue 21, item 3): at 1024x700, 1280x800 and 1920x1080, with every Text size,
no label is cut and none runs out of its box. Every label the screens draw is recorded as it is
drawn (text.LABELS: text, what was shown, its rect, its box) and every text the table blits is
measured against the panel it sits in, on a real (headless) window."""
from __future__ import annotations

from test_table_support import Table  # first: sets the dummy video driver

import pygame  # noqa: E402
import pytest  # noqa: E402

from faeriell.bots import make_bot  # noqa: E402
from faeriell.content.rules_loader import default_rules  # noqa: E402
from faeriell.engine import new_game  # noqa: E402
from faeriell.ui.canvas import ui_factor  # noqa: E402
from faeriell.ui import text as UT  # noqa: E402
from faeriell.ui.settings import UI_SCALES  # noqa: E402
from faeriell.ui.table import theme as T  # noqa: E402

SIZES = [(1024, 640), (1024, 700), (1280, 800), (1920, 1080)]


@pytest.fixture(autouse=True)
def _display():
    yield
    UT.LABELS = None
    UT.set_text_scale(1.0)
    for hook in UT.SCALE.listeners:
        hook()
    pygame.display.quit()


class Recording(pygame.Surface):
    """A surface that remembers where each text surface (known by `texts`) was blitted."""

    def __init__(self, size, texts):
        super().__init__(size)
        self.texts = texts
        self.blits: list[tuple[str, pygame.Rect]] = []

    def blit(self, source, dest, area=None, special_flags=0):
        text = self.texts.get(id(source))
        if text is not None:            # where it goes whole (blit returns the part that fits)
            at = dest.topleft if isinstance(dest, pygame.Rect) else (int(dest[0]), int(dest[1]))
            size = pygame.Rect(area).size if area is not None else source.get_size()
            self.blits.append((text, pygame.Rect(at, size)))
        return super().blit(source, dest, area, special_flags)


def record_texts(monkeypatch) -> dict:
    """Every text rendered from now on, by the id of its surface (the surfaces are kept alive)."""
    for hook in UT.SCALE.listeners:            # what was drawn before is drawn again, and seen
        hook()
    UT._FONTS.clear()
    texts: dict[int, str] = {}
    keep: list = []
    real = UT.SafeFont.render

    def render(self, text, *a, **k):
        img = real(self, text, *a, **k)
        keep.append(img)
        texts[id(img)] = str(text)
        return img
    monkeypatch.setattr(UT.SafeFont, "render", render)
    real_outlined = T.outlined

    def outlined(s, *a, **k):
        img = real_outlined(s, *a, **k)
        keep.append(img)
        texts[id(img)] = str(s)
        return img
    monkeypatch.setattr(T, "outlined", outlined)
    texts["_keep"] = keep
    return texts


def played(players, mode, moves, seed=5):
    g = new_game(default_rules(), players, mode, "medium", [], seed)
    bot = make_bot("easy", seed=1)
    for _ in range(moves):
        if g.state.game_over:
            break
        g.apply(bot.choose(g, g.acting))
    return g


def cuts() -> list[str]:
    return [f"{text!r} shown as {shown!r} in {box} px" for text, shown, _r, box in UT.LABELS or ()
            if shown != text]


def table_problems(t: Table, texts) -> list[str]:
    """Labels the table cut, and texts that run out of their panel or the window."""
    scene = t.scene
    L = scene.layout
    rec = Recording(t.screen.get_size(), texts)
    scene.base = rec
    scene.redraw_base()
    UT.LABELS = []
    scene.draw(rec)
    panels = [L.banner] + ([L.goal] if L.goal else []) + [scene.log_layer.panel.rect, L.wheel, L.map, L.side, L.board,
                                                         L.others]
    screen = rec.get_rect()
    out = cuts()
    for text, r in rec.blits:
        if not text.strip():
            continue
        ink = r.inflate(-2, -2)
        side = L.side
        if scene.side_over and side.left <= ink.left and ink.right <= side.right and \
                (ink.bottom > side.bottom or ink.top < side.top):
            continue        # a column too tall for the window scrolls: its view cuts what lies past it
        home = next((p for p in panels if p.collidepoint(ink.topleft)), screen)
        if not home.contains(ink) or not screen.contains(ink):
            out.append(f"{text!r} at {r} runs out of its panel {home}")
    return out


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("scale", UI_SCALES)
def test_the_table_cuts_no_label(size, scale, monkeypatch):
    UT.set_text_scale(scale)
    texts = record_texts(monkeypatch)
    problems = []
    for players, mode, moves, seats in ((1, "solo", 60, ["human"]), (2, "competitive", 40, ["human", "human"])):
        t = Table(played(players, mode, moves), size=size, seats=seats)
        problems += [f"{mode}: {p}" for p in table_problems(t, texts)]
    assert not problems, f"{size} text x{scale}:\n" + "\n".join(sorted(set(problems))[:30])


def screen_cuts(app) -> list[str]:
    UT.LABELS = []
    app.dirty = True
    app.draw()
    out = cuts()
    UT.LABELS = None
    return out


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("scale", UI_SCALES)
def test_the_menus_and_dialogs_cut_no_label(size, scale, tmp_path, monkeypatch):
    from test_app_support import click, key, make_app
    app = make_app(tmp_path, monkeypatch, size=size)
    app.settings.ui_scale = scale
    app.settings_changed()
    problems = []
    for tab in ("new", "load"):
        click(app, f"tab_{tab}")
        problems += [f"start/{tab}: {c}" for c in screen_cuts(app)]
    click(app, "practice")
    for tab in ("puzzles", "rated", "drills", "ladder", "daily"):
        click(app, f"tab_{tab}")
        problems += [f"practice/{tab}: {c}" for c in screen_cuts(app)]
    click(app, "progress")
    problems += [f"progress: {c}" for c in screen_cuts(app)]
    click(app, "back")
    click(app, "back")
    click(app, "settings")
    problems += [f"settings: {c}" for c in screen_cuts(app)]
    key(app, pygame.K_ESCAPE)
    click(app, "quick_solo")
    key(app, pygame.K_ESCAPE)                          # the Esc menu over the table
    problems += [f"menu: {c}" for c in screen_cuts(app)]
    click(app, "settings")
    problems += [f"settings dialog: {c}" for c in screen_cuts(app)]
    assert not problems, f"{size} text x{scale}:\n" + "\n".join(sorted(set(problems))[:30])


@pytest.mark.parametrize("where", ["screen", "dialog"])
def test_a_text_size_change_moves_no_control(where, tmp_path, monkeypatch):
    """Click each Text size in turn: every control of Settings stays where it was (the next
    click lands on what the player aimed at)."""
    from test_app_support import click, key, make_app
    app = make_app(tmp_path, monkeypatch)
    if where == "dialog":
        click(app, "quick_solo")
        key(app, pygame.K_ESCAPE)
    click(app, "settings")
    holder = lambda: getattr(app.scene, "modal", None) or app.scene  # noqa: E731
    ids = ["bot_speed", "anim_speed", "ui_scale", "volume", "mute", "curtain", "colour_blind"]
    before = {i: holder().screen_rect(i) for i in ids}
    for value in ("1.3", "0.85", "1.15", "1.0"):
        click(app, f"ui_scale:{value}")
        assert app.settings.ui_scale == float(value)
        assert {i: holder().screen_rect(i) for i in ids} == before, value


def test_menus_and_dialogs_scale_with_the_window_and_the_interface_size(tmp_path, monkeypatch):
    """At 1920x1080 the start screen, Settings and the dialogs over the table are drawn larger as
    a whole (Interface size "Fit window"), and a click still lands on the control drawn there."""
    from test_app_support import click, key, make_app, rect_of

    def sizes(app):
        click(app, "settings")
        screen = rect_of(app, "bot_speed")
        key(app, pygame.K_ESCAPE)
        click(app, "quick_solo")
        key(app, pygame.K_ESCAPE)
        menu = rect_of(app, "resume")
        click(app, "settings")
        dialog = rect_of(app, "bot_speed")
        return screen, menu, dialog

    small = sizes(make_app(tmp_path / "a", monkeypatch, size=(1280, 800)))
    pygame.display.quit()
    app = make_app(tmp_path / "b", monkeypatch, size=(1920, 1080))
    big = sizes(app)
    for s, b in zip(small, big, strict=True):
        assert b.h >= s.h * 1.3 and b.w >= s.w * 1.3, (s, b)
    click(app, "layout_scale:1.0")                 # the player's own choice: 100%
    assert app.settings.layout_scale == 1.0
    assert rect_of(app, "bot_speed").h == small[2].h
    click(app, "done")
    assert app.scene.modal is None


def test_the_interface_size_setting_is_cleaned_and_bounded():
    from faeriell.ui.settings import Settings
    assert Settings(layout_scale=2.0).clean().layout_scale == 1.5
    assert Settings(layout_scale="big").clean().layout_scale == "auto"
    assert Settings().clean().layout_scale == "auto"
    assert ui_factor((1280, 800)) == 1.0 and ui_factor((1024, 700)) == 1.0
    assert ui_factor((1920, 1080)) == 1.35 and ui_factor((1920, 1080), 1.0) == 1.0
    assert ui_factor((1280, 800), 1.5) == 1.25            # a layout keeps at least 1024x640


def test_f11_switches_fullscreen_and_back(tmp_path, monkeypatch):
    from test_app_support import key, make_app
    app = make_app(tmp_path, monkeypatch, size=(1100, 700))
    key(app, pygame.K_F11)
    assert app.fullscreen and app.size == tuple(pygame.display.get_desktop_sizes()[0])
    assert app.scene.size == app.scene_size(app.scene)     # the screen laid itself out again
    key(app, pygame.K_F11)
    assert not app.fullscreen and app.size == (1100, 700) and app.scene.size == app.scene_size(app.scene)


def test_achievement_names_are_written_dark_on_light():
    """The band under a tile's name takes the tile's light parchment: the dark name reads on it."""
    from test_table_support import assets
    from faeriell.ui.table import boards
    pygame.display.init()
    pygame.display.set_mode((64, 64))
    for aid in default_rules().achievement_ids:
        for h in (38, 48, 64):
            paper = boards._paper(assets().scaled(f"achievement_tile_{aid}", h))
            assert sum(paper) > 3 * 140, (aid, h, paper)
