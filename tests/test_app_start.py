"""The start screen, driven by real mouse events on a headless window."""
from __future__ import annotations

# first: it sets the dummy video driver before pygame is imported
from test_app_support import click, key, make_app, run_until

import pygame  # noqa: E402
import pytest  # noqa: E402

from faeriell.engine.setup import VARIANTS
from faeriell.ui.scenes.table import TableScreen
from faeriell.ui.scenes.start import StartScene


@pytest.fixture
def app(tmp_path, monkeypatch):
    a = make_app(tmp_path, monkeypatch)
    yield a
    pygame.display.quit()


def test_no_arguments_show_the_start_screen(app):
    assert isinstance(app.scene, StartScene)
    assert app.running and not app.errors


def test_one_click_on_quick_solo_starts_a_solo_game(app):
    click(app, "quick_solo")
    assert isinstance(app.scene, TableScreen), app.errors
    s = app.session.state
    assert (s.players, s.mode) == (1, "solo")
    assert app.session.seats == ["human"]
    assert not app.errors


def test_two_players_competitive_with_a_variant_by_clicks(app):
    click(app, "tab_new")
    click(app, "players:2")
    click(app, "mode:competitive")
    click(app, "difficulty:hard")
    click(app, "variant_drifter")
    scene = app.scene
    assert (scene.players, scene.mode, scene.variants) == (2, "competitive", ["drifter"])
    click(app, "start")
    assert isinstance(app.scene, TableScreen), app.errors
    s = app.session.state
    assert (s.players, s.mode, s.difficulty, s.variants) == (2, "competitive", "hard", ["drifter"])
    assert not app.errors


def test_solo_forces_one_player_and_one_player_forces_solo(app):
    scene = app.scene
    click(app, "players:3")
    assert (scene.players, scene.mode) == (3, "competitive")
    click(app, "mode:solo")
    assert (app.scene.players, app.scene.mode) == (1, "solo")
    click(app, "mode:coop")
    assert (app.scene.players, app.scene.mode) == (2, "coop")
    click(app, "players:1")
    assert app.scene.mode == "solo"
    click(app, "players:4")
    assert (app.scene.players, app.scene.mode) == (4, "coop")      # back to the last team mode


def test_every_engine_variant_has_a_toggle_with_its_name(app):
    scene = app.scene
    for v in VARIANTS:
        t = scene.find(f"variant_{v}")
        assert t is not None, v
        name, text = scene.variant_info(v)
        assert t.label == name and t.detail == text
        assert name != v               # the name comes from data/modes.yaml


def test_an_invalid_combination_is_explained_and_cannot_start(app):
    click(app, "players:3")
    click(app, "variant_twins")
    scene = app.scene
    assert scene.problem() == ("The Twins is a two-player competitive scenario and needs exactly two "
                               "players, not 3")    # SetupError's words
    assert scene.find("start").enabled is False
    assert scene.find("variant_twins").warn is True
    click(app, "start")
    assert isinstance(app.scene, StartScene)
    click(app, "players:2")
    assert app.scene.problem() is None and app.scene.find("start").enabled


@pytest.mark.parametrize("mode,where", [("coop", "Full Coop"), ("solo", "Solo")])
def test_r59_the_twins_in_full_coop_or_solo_is_refused_on_screen(app, monkeypatch, mode, where):
    # R59: The Twins is a two-player competitive scenario; the start screen says why it cannot start
    # (in the words of its own mode buttons) and starts nothing.
    from faeriell.ui.scenes import start
    click(app, "players:2")
    click(app, f"mode:{mode}")
    click(app, "variant_twins")
    scene = app.scene
    why = f"The Twins is a two-player competitive scenario, so it cannot be played in {where}"
    assert scene.problem() == why
    assert scene.find("start").enabled is False and scene.find("variant_twins").warn is True
    shown = []
    real = start.draw_wrapped                     # the start screen's own name for it
    monkeypatch.setattr(start, "draw_wrapped", lambda surf, text, *a, **k: (shown.append(text), real(surf, text, *a, **k))[1])
    app.dirty = True
    app.step()
    assert why in shown                           # the line below Start says it
    click(app, "start")
    assert isinstance(app.scene, StartScene) and not app.errors
    click(app, "mode:competitive")
    assert app.scene.players == 2 and app.scene.problem() is None and app.scene.find("start").enabled


def test_seed_field_takes_typed_digits(app):
    click(app, "seed")
    field = app.scene.find("seed")
    assert field.focused
    for _ in range(10):
        key(app, pygame.K_BACKSPACE)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="42x"))
    app.step()
    assert field.text == "42"
    key(app, pygame.K_RETURN)                 # Enter in the seed field starts the game
    assert isinstance(app.scene, TableScreen)
    assert app.session.state.seed == 42


def test_a_seat_can_be_a_bot(app):
    click(app, "players:2")
    click(app, "seat2:random")
    click(app, "start")
    assert isinstance(app.scene, TableScreen)
    assert app.session.seats == ["human", "random"]


def continue_known(app) -> bool:
    """The start screen found the game played last (or that there is none): read off the frame."""
    return run_until(app, lambda: isinstance(app.scene, StartScene) and app.scene.continue_info is not None)


def test_continue_opens_the_autosave(app):
    pytest.importorskip("faeriell.engine.saves")
    assert continue_known(app) and app.scene.find("continue").enabled is False
    assert app.scene.find("continue").sub == "no autosave yet"
    click(app, "quick_solo")
    session = app.session
    while session.state.stage == "setup":
        session.apply(session.legal()[0])
    session.autosave()
    saved = session.game.state
    app.go("start")
    app.step()
    assert continue_known(app) and app.scene.find("continue").enabled
    assert "Solo" in app.scene.find("continue").sub
    click(app, "continue")
    assert isinstance(app.scene, TableScreen), app.errors
    from faeriell.engine.state import to_dict
    assert to_dict(app.session.game.state) == to_dict(saved)


def test_load_tab_lists_saves_and_opens_one(app, tmp_path):
    pytest.importorskip("faeriell.engine.saves")
    from faeriell.storage.saves import save_game
    from faeriell.engine import new_game
    g = new_game(app.rules, 2, "coop", "easy", [], 5)
    g.apply(g.legal_actions()[0])
    path = save_game(g, tmp_path / "mine.json")
    click(app, "tab_load")
    lb = app.scene.find("saves")
    assert [item[0] for item in lb.items] == [str(path)]
    row = lb.row_rect(0).move(0, -app.scene.content.scroll)
    click(app, row)
    assert app.scene.find("load_path").text == str(path)
    click(app, "load")
    assert isinstance(app.scene, TableScreen), app.errors
    assert app.session.state.mode == "coop" and len(app.session.game.history) == 1


def test_load_of_a_broken_file_says_why_and_stays(app, tmp_path):
    bad = tmp_path / "broken.json"
    bad.write_text("{ not json")
    click(app, "tab_load")
    click(app, "load_path")
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=str(bad)))
    app.step()
    key(app, pygame.K_RETURN)
    assert isinstance(app.scene, StartScene)
    assert app.scene.status and app.scene.status[1] and "broken.json" in app.scene.status[0]
    assert not app.errors                   # a refused file is a message, not an error


def test_practice_lists_scenarios_and_opens_one(app):
    click(app, "practice")                     # the Practice screen opens on its Puzzles tab
    lb = app.scene.find("puzzles")
    if not lb.items:
        pytest.skip("no scenario files in this checkout")
    first = next(k for k, item in enumerate(lb.items) if item[0])       # row 0 is a theme's heading
    click(app, lb.row_rect(first))
    click(app, "play")
    assert isinstance(app.scene, TableScreen), (app.errors, app.scene.status)
    assert app.session.game.origin.get("kind") == "position"


def test_screen_survives_a_small_window(app):
    pygame.display.set_mode((320, 240), pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(320, 240), w=320, h=240))
    app.step()
    for tab in ("tab_load", "tab_new"):
        click(app, app.scene.find(tab).rect)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False))
    app.step()
    assert not app.errors


def test_every_shipped_puzzle_opens(app):
    from faeriell.puzzles.files import list_puzzles
    puzzles = [p for p, _, rel in list_puzzles() if rel.startswith("data")]
    if not puzzles:
        pytest.skip("no data/puzzles in this checkout")
    for p in puzzles:
        assert app.open_puzzle(p) is None, p
        assert app.session.game.origin.get("kind") == "position"
        assert app.session.autosave_enabled is False        # practice never replaces the autosave
        app.step()
    assert not app.errors


def test_no_caption_is_cut_in_half_while_the_new_game_tab_scrolls(tmp_path, monkeypatch):
    """At 1024x700 one wheel step (40 px) used to leave 'Variants' half shown at the bottom edge:
    each step now settles so that every caption is whole or out of view, down and back up."""
    a = make_app(tmp_path, monkeypatch, size=(1024, 700))
    try:
        content = a.scene.content
        assert content.max_scroll() > 0
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=content.rect.center, rel=(0, 0),
                                             buttons=(0, 0, 0)))
        a.step()
        seen = []
        for wheel in [-1] * 14 + [1] * 14:
            pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=wheel, flipped=False))
            a.step()
            content = a.scene.content
            seen.append(content.scroll)
            top, bottom = content.rect.top + content.scroll, content.rect.bottom + content.scroll
            for w in content.children:
                if type(w).__name__ == "Label" and not w.wrap_text:
                    assert not (w.rect.top < top < w.rect.bottom or w.rect.top < bottom < w.rect.bottom), \
                        (w.text, w.rect, content.scroll)
        assert max(seen) == content.max_scroll() and seen[-1] == 0      # it went all the way, and back
        assert any(getattr(w, "text", None) == "Variants" for w in content.children)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("size", [(1024, 700), (1280, 800), (1920, 1080), (1024, 600)])
@pytest.mark.parametrize("learning", [True, False])
def test_every_button_of_the_left_column_is_in_the_window_and_none_overlaps(tmp_path, monkeypatch, size,
                                                                           learning):
    if not learning:                 # a player who finished the guided game: its button moves down
        monkeypatch.setattr(StartScene, "tutorial_state", lambda self: (8, 8))
    a = make_app(tmp_path, monkeypatch, size=size)
    try:
        scene = a.scene
        ids = ["quick_solo", "continue", "tab_new", "tab_load", "practice", "settings", "rules",
               "tutorial", "quit"]
        rects = [scene.root.find(i).rect for i in ids]
        window = pygame.Rect(0, 0, *size)
        for i, r in zip(ids, rects, strict=True):
            assert window.contains(r), f"{i} at {r} is not wholly in the {size} window"
        for k, r in enumerate(rects):
            for j in range(k):
                assert not r.colliderect(rects[j]), f"{ids[k]} overlaps {ids[j]}"
    finally:
        pygame.display.quit()


# --------------------------------------------------------------------------- Continue off the frame
def _autosave(tmp_path, text: str | None = None):
    """An autosave in the data folder: a real game's, or `text` as the file's whole content."""
    from faeriell.content.rules_loader import default_rules
    from faeriell.engine import new_game
    from faeriell.storage.saves import write_save
    folder = tmp_path / "autosaves"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "20261201-120000-abcd.json"
    if text is None:
        g = new_game(default_rules(), 1, "solo", "medium", [], 4)
        g.apply(g.legal_actions()[0])
        write_save(g, path)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def test_the_first_frame_never_waits_for_the_autosave(tmp_path, monkeypatch):
    """A slow disk (a large autosave, a network folder): the start screen's first frame is drawn
    while the autosave's header is still being read; Continue says what it is once known."""
    import threading
    from faeriell import safe_read
    from faeriell.storage import headers
    _autosave(tmp_path)
    release, reading, done = threading.Event(), threading.Event(), threading.Event()
    real = safe_read.read_ends

    def slow(path, kind, *a, **k):
        if kind == "save":
            reading.set()
            release.wait(30)                      # the disk answers when the test says so
            try:
                return real(path, kind, *a, **k)
            finally:
                done.set()
        return real(path, kind, *a, **k)
    monkeypatch.setattr(headers, "read_ends", slow)
    headers._HEADERS.clear()
    try:
        app = make_app(tmp_path, monkeypatch)     # builds the start screen and draws its first frame
        assert isinstance(app.scene, StartScene) and not done.is_set(), "the first frame waited on the disk"
        button = app.scene.find("continue")
        assert button.enabled and "finding" in button.sub
        app.step()
        assert not done.is_set() and app.scene.continue_info is None
    finally:
        release.set()
    assert continue_known(app) and reading.is_set()
    button = app.scene.find("continue")
    assert button.enabled and "Solo" in button.sub and "round" in button.sub
    pygame.display.quit()


def test_a_damaged_autosave_says_so_and_loses_nothing(tmp_path, monkeypatch):
    path = _autosave(tmp_path, '{"format": 2, "origin": {"kind": "new", "players"')   # cut short
    before = path.read_bytes()
    app = make_app(tmp_path, monkeypatch)
    try:
        assert continue_known(app)
        button = app.scene.find("continue")
        assert button.enabled and "not readable" in button.sub
        click(app, "continue")
        assert isinstance(app.scene, StartScene) and not app.errors       # no traceback, a message
        said, is_error = app.scene.status
        assert is_error and "Traceback" not in said and len(said) < 400, said
        assert path.read_bytes() == before                                # the file kept as it was
    finally:
        pygame.display.quit()
