"""Legibility as a rule (issue 42): at 1280x800 and the default Text size no text the table draws
is under 11 px (a font's size in pixels, its em), and no sprite the table draws carries a name
printed into its picture (a Perk tile's, a Herb's, an Attunement's...: shrunk with the tile it fell
to 6 px); where room is short the table shows the picture and says the name on hover."""
from __future__ import annotations

import random

# first: it sets the dummy video driver before pygame is imported
from test_app_support import make_app

import pygame  # noqa: E402
import pytest  # noqa: E402

from faeriell.ui import text as UT
from faeriell.ui.scenes.table import TableScreen
from faeriell.ui.surface_cache import CACHES


SMALLEST_PX = 11


def forget_drawn_text() -> None:
    """Every remembered text picture dropped, so the next frame renders (and records) them all."""
    for cache in CACHES:
        cache.cache_clear()
    for fn in list(UT.SCALE.listeners):
        fn()


def rendered_sizes(app, frames: int = 3) -> list[tuple[str, int]]:
    forget_drawn_text()
    UT.TEXT_SIZES = []
    try:
        t = app.scene.table
        t.redraw_base()                     # the base picture is drawn afresh
        t.map._cache.clear()                   # and the island's names on it
        for _ in range(frames):
            app.dirty = True
            app.step()
        return list(UT.TEXT_SIZES)
    finally:
        UT.TEXT_SIZES = None


def asks_regions(legal) -> bool:
    """A Harvest choice of Regions is pending: the decision bar is open over the island."""
    return any(a.kind == "harvest_choice" and not a.has("color") for a in legal)


def play_on(app, seed: int, moves: int, until=None) -> None:
    s = app.session
    rng = random.Random(seed)
    for _ in range(moves):
        legal = s.legal()
        if not legal or s.state.game_over or (until is not None and until(legal)):
            break
        s.apply(rng.choice(legal))
    for _ in range(2):
        app.step()


POSITIONS = [(1, "solo", 3, 0), (1, "solo", 3, 60), (4, "competitive", 5, 90), (2, "coop", 9, 80),
             (2, "competitive", 0, -1)]
# the small windows too (issue 42's leftovers: they kept 10 px, one more had cut labels at 1024x700;
# tests/test_label_fit.py checks the cuts at these sizes)
CASES = [(1280, 800, *p) for p in POSITIONS] + [(w, h, *p) for w, h in ((1024, 640), (1024, 700))
                                                 for p in (POSITIONS[1], POSITIONS[2], POSITIONS[4])]


@pytest.mark.parametrize("w,h,players,mode,seed,moves", CASES)
def test_no_text_on_the_table_is_under_11_px(tmp_path, monkeypatch, w, h, players, mode, seed, moves):
    """Seeded positions (moves -1: up to the first Harvest choice of Regions: the decision bar)."""
    app = make_app(tmp_path, monkeypatch, size=(w, h), players=players, mode=mode, seed=seed, curtain=False,
                   end_delay=99)
    try:
        assert isinstance(app.scene, TableScreen), app.errors
        play_on(app, seed, moves if moves >= 0 else 400, asks_regions if moves < 0 else None)
        if moves < 0:
            assert asks_regions(app.session.legal()) and app.scene.table.decision.choice is not None
        seen = rendered_sizes(app)
        # the tooltips too: the mouse rests on each kind of thing the side column shows
        t = app.scene.table
        from faeriell.ui.table import tooltips
        tipped = []
        real_tip = tooltips.draw_tip
        monkeypatch.setattr(tooltips, "draw_tip", lambda surf, p, pos, title, lines:
                            (tipped.append(title), real_tip(surf, p, pos, title, lines)))
        kinds = {}
        for sp in list(t.spots.spots):
            kinds.setdefault(sp.key.tag, sp)
        for sp in list(kinds.values())[:12]:
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=sp.rect.center, rel=(0, 0),
                                                 buttons=(0, 0, 0)))
            app.step()
            t.now += 5000                      # past the tooltip's delay
            seen += rendered_sizes(app, 2)
        assert seen, "nothing was recorded"
        assert len(set(tipped)) >= 5, tipped
        small = sorted({(px, text) for text, px in seen if px < SMALLEST_PX})
        assert not small, f"{len(small)} texts under {SMALLEST_PX} px, e.g. {small[:12]}"
        assert not app.errors
    finally:
        pygame.display.quit()


def test_the_smallest_text_is_11_px_from_a_1024x640_window_up():
    from faeriell.ui.table import theme as T
    pygame.font.init()
    for size in ((1024, 640), (1024, 700), (1280, 800), (1920, 1080)):
        UT.set_window_size(size)
        assert UT.scaled(1) == UT.LEGIBLE_TEXT and T.font(1).point_size >= SMALLEST_PX, size
        assert T.font(9).point_size >= SMALLEST_PX
    UT.set_window_size((800, 600))             # under the smallest window the game is laid out for
    assert UT.scaled(1) == UT.MIN_TEXT


NAMELESS = ("perk_", "herb_", "attunement_", "essence_", "card_back_", "phase_", "achievement_tile_")


def test_no_card_or_tile_sprite_prints_a_name_into_its_picture(monkeypatch):
    """The table draws these at 20-50 px: a name printed into the picture shrank with it to
    4-7 px. Their names are said in the table's font where there is room, and on hover."""
    import sys
    from test_app_support import ROOT
    sys.path.insert(0, str(ROOT / "tools"))
    import make_sprites as ms
    pygame.display.init()
    pygame.font.init()
    printed = []
    monkeypatch.setattr(ms, "text", lambda surf, s, *a, **k: printed.append((name, s)))
    specs = [sp for sp in ms.build_specs(ms.load_catalog()) if sp.name.startswith(NAMELESS)]
    assert len(specs) > 60
    for sp in specs:
        name = sp.name
        sp.painter(sp.inputs)
    words = [(n, s) for n, s in printed if len(str(s).strip()) > 2]     # a big initial stands in for a missing icon
    assert not words, words[:10]


def _set_text_size(app, scale: float) -> None:
    """Esc menu > Settings > a Text size > Esc, by real clicks and keys."""
    from test_app_support import click, key
    key(app, pygame.K_ESCAPE)
    click(app, "settings")
    click(app, f"ui_scale:{scale}")
    key(app, pygame.K_ESCAPE)
    if app.scene.modal is not None:
        key(app, pygame.K_ESCAPE)
    assert UT.text_scale() == scale and app.scene.modal is None


def test_every_larger_text_size_draws_the_table_and_its_log_larger(tmp_path, monkeypatch):
    """Issue 42: "Large" barely changed the table or the log. The table's small texts sat on the
    smallest text, and the Text size scaled them only once they passed it: now every step scales
    the smallest text too."""
    app = make_app(tmp_path, monkeypatch, players=1, mode="solo", seed=3, curtain=False, end_delay=99)
    try:
        play_on(app, 3, 60)
        board, cat = app.session.game.rules.board, app.session.game.rules.catalog
        island_names = {a.replace("-", " ").title().upper() for a in board.area_labels}
        island_names |= {str((cat.guardians.get(a) or {}).get("name")) for a in board.area_labels}
        steps = []
        for scale in (1.0, 1.15, 1.3):
            if scale != 1.0:
                _set_text_size(app, scale)
            seen = rendered_sizes(app)
            # the island's own names (its Areas, their Guardians) are the map's print: they grow
            # with its zoom (the wheel, +), not with the Text size
            sizes = sorted(px for text, px in seen if text not in island_names)
            log = [px for text, px in seen if text.startswith("You ")]      # the log's lines (solo: "You ...")
            title = [px for text, px in seen if text == "Log"]
            assert log and title, [t for t, _ in seen][:40]
            steps.append((sizes[0], sizes[len(sizes) // 2], max(log), title[0]))
        for smaller, larger in zip(steps, steps[1:], strict=False):
            assert all(b > a for a, b in zip(smaller, larger, strict=True)), steps     # smallest, median, log, its title
        assert not app.errors
    finally:
        UT.set_text_scale(1.0)
        pygame.display.quit()


def test_no_text_on_the_other_screens_is_under_11_px_at_1280x800(tmp_path, monkeypatch):
    """The start screen's tabs, Practice and its tabs, Progress, Settings, the table's menu and
    its Keys and shortcuts: each drawn afresh, every text recorded."""
    from test_app_support import click, key
    app = make_app(tmp_path, monkeypatch)
    problems = []

    def look(name: str) -> None:
        forget_drawn_text()
        UT.TEXT_SIZES = []
        try:
            for _ in range(2):
                app.dirty = True
                app.step()
            seen = list(UT.TEXT_SIZES)
        finally:
            UT.TEXT_SIZES = None
        assert seen, name
        problems.extend(f"{name}: {text!r} at {px} px" for text, px in seen if px < SMALLEST_PX)

    try:
        look("start")
        click(app, "tab_load")
        look("start/load")
        click(app, "practice")
        for tab in ("puzzles", "rated", "drills", "ladder", "daily"):
            click(app, f"tab_{tab}")
            look(f"practice/{tab}")
        click(app, "progress")
        look("progress")
        click(app, "back")
        click(app, "back")
        click(app, "settings")
        look("settings")
        key(app, pygame.K_ESCAPE)
        click(app, "quick_solo")
        key(app, pygame.K_ESCAPE)
        look("menu")
        click(app, "keys")
        look("keys and shortcuts")
        assert not problems, problems[:20]
        assert not app.errors
    finally:
        pygame.display.quit()


def test_no_text_on_the_analysis_board_is_under_11_px_at_1280x800(tmp_path, monkeypatch):
    """The analysis board (issue 45): the table beside its panel (the tree with two branches, the
    coach's answer, the buttons), then the editor's palette, steppers and fault line."""
    from test_app_support import click, key
    from faeriell.analysis.coach import IMAGINED, CoachAnswer, CoachMove
    app = make_app(tmp_path, monkeypatch, seed=5, players=2, mode="competitive")
    try:
        s = app.session
        while s.state.stage != "play":
            s.apply(s.legal()[0])
        app.step()
        key(app, pygame.K_ESCAPE)
        click(app, "analyse")
        sc = app.scene
        assert type(sc).__name__ == "AnalysisScene"
        moves = list(sc.session.legal())[:2]
        sc.session.apply(moves[0])
        sc.back_move()
        sc.session.apply(moves[1])
        sc.coach.answer_key = sc.key()          # a coach's answer as the panel shows one
        sc.coach.answer = CoachAnswer(tuple(
            CoachMove(a, sc.table.words.action(a), (sc.table.words.action(a), "End the Phase"),
                      "It opens the way to a Beacon next turn.", 0.42) for a in moves), 0, True, IMAGINED, 6, 0.8)
        seen = rendered_sizes(app)
        assert seen
        small = [f"analysis: {t!r} at {px} px" for t, px in seen if px < SMALLEST_PX]
        click(app, "edit")
        assert sc.editor is not None
        for page in ("pieces", "board", "tribe", "cards"):     # every page of the editor
            click(app, f"page_{page}")
            seen = rendered_sizes(app)
            small += [f"editor, {page}: {t!r} at {px} px" for t, px in seen if px < SMALLEST_PX]
        assert not small, sorted(set(small))[:60]
        assert not app.errors
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_colour_blind_letters_are_drawn_at_11_px(tmp_path, monkeypatch, size):
    """Issue 42: with the colour-blind markings on, each piece's letter was baked into its picture
    and shrank with it (a Menace token of 18 px wore a 9 px disc with a 6 px letter). Every
    lettered piece the table draws now has its disc at its drawn size: at least 14 px (within the
    piece), the letter in it at 11 px or more."""
    from faeriell.ui import assets as A
    app = make_app(tmp_path, monkeypatch, size=size, players=2, mode="competitive", seed=5, curtain=False,
                   end_delay=99)
    try:
        app.settings.colour_blind = True
        app.settings_changed()
        play_on(app, 5, 80)
        drawn = set()
        real = A.Assets.scaled

        def scaled(self, name, h, lettered=True):
            if lettered and self.marks and A.mark_letter(name):
                drawn.add((name, int(h)))
            return real(self, name, h, lettered)
        monkeypatch.setattr(A.Assets, "scaled", scaled)
        app.assets.clear()
        seen = rendered_sizes(app)
        assert len({n.split("_")[0] for n, _ in drawn}) >= 4, drawn       # Menaces, Settlements, Essences...
        letters = {(text, px) for text, px in seen if text in "RYBG" or text.isupper() and len(text) == 1}
        assert letters and all(px >= SMALLEST_PX for _, px in letters), sorted(letters)
        for name, h in sorted(drawn):
            marked, plain = real(app.assets, name, h), real(app.assets, name, h, False)
            assert marked.get_size() == plain.get_size()
            w = min(marked.get_size())
            diff = [(x, y) for x in range(marked.get_width()) for y in range(marked.get_height())
                    if marked.get_at((x, y)) != plain.get_at((x, y))]
            ys = [y for _, y in diff]
            disc = max(ys) - min(ys) + 1 if ys else 0
            assert disc >= min(w, A.LEGIBLE_DISC) - 2, (name, h, disc)      # its rim: antialiased
        assert not app.errors
    finally:
        pygame.display.quit()
