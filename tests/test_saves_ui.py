"""Saves you can find (issue 13 item 7): one autosave per game that never overwrites another
game's, a Load screen listing saves with mode, players, round and date, named saves (Ctrl+S asks a
name), Continue and --continue open the game played last. Real mouse and key events."""
from __future__ import annotations

import os
import time

# first: it sets the dummy video driver before pygame is imported
from test_app_support import click, ctrl, key, make_app, run_until, save_as, type_text

import pygame  # noqa: E402
import pytest  # noqa: E402

from faeriell.engine import new_game
from faeriell.engine.state import to_dict
from faeriell.storage import saves
from faeriell.storage.folders import game_id_of
from faeriell.storage.listing import list_saves
from faeriell.ui.scenes.table import TableScreen
from datetime import UTC

pytest.importorskip("faeriell.engine.saves")


@pytest.fixture(autouse=True)
def close_window():
    yield
    pygame.display.quit()


def through_setup(session, moves=None):
    n = 0
    while session.state.stage == "setup" and (moves is None or n < moves):
        assert session.apply(session.legal()[0]) is None
        n += 1


def test_each_game_keeps_its_own_autosave(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    click(app, "quick_solo")
    first = app.session
    through_setup(first)
    first_state = to_dict(first.state)
    key(app, pygame.K_ESCAPE)
    click(app, "new")                                  # leaving autosaves it
    click(app, "players:2")
    click(app, "start")
    second = app.session
    assert second is not first and second.game_id != first.game_id
    through_setup(second)
    key(app, pygame.K_ESCAPE)
    click(app, "new")
    files = sorted((tmp_path / "autosaves").glob("*.json"))
    assert {p.stem for p in files} == {first.game_id, second.game_id}
    # the first game's autosave still holds the first game
    g = saves.load_game(app.rules, first.autosave_path())
    assert to_dict(g.state) == first_state


def test_load_screen_lists_mode_players_round_and_date_and_opens_by_double_click(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    g = new_game(app.rules, 3, "coop", "hard", [], 5)
    while g.state.stage == "setup":
        g.apply(g.legal_actions()[0])
    named = saves.save_game(g, name="Our coop evening")
    from datetime import datetime, timedelta
    three_days_ago = (datetime.now(UTC) - timedelta(days=3)).strftime("%Y-%m-%dT%H:%M:%S.%fZ")
    with monkeypatch.context() as m:
        m.setattr(saves, "now_stamp", lambda: three_days_ago)     # the game's own record of when
        old = saves.save_game(new_game(app.rules, 1, "solo", "easy", [], 6), name="Solo try")
    click(app, "tab_load")
    lb = app.scene.find("saves")
    assert [item[0] for item in lb.items] == [str(named), str(old)]          # newest first
    title, detail = lb.items[0][1], lb.items[0][2]
    assert title == "Our coop evening"
    assert "Full Coop" in detail and "3 players" in detail and f"round {g.state.round}" in detail
    assert time.strftime("%Y") in detail and "hard" in detail
    assert "Solo" in lb.items[1][2] and "1 player" in lb.items[1][2]
    app.draw()
    row = lb.row_rect(0).move(0, -app.scene.content.scroll)
    click(app, row)
    click(app, row)                                    # a double click opens it
    assert isinstance(app.scene, TableScreen), (app.errors, getattr(app.scene, "status", None))
    assert app.session.state.mode == "coop" and to_dict(app.session.state) == to_dict(g.state)


def test_ctrl_s_asks_a_name_and_never_overwrites(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, players=2, seed=9)
    suggested = saves.suggest_save_name(app.session.game)
    assert suggested == "Competitive, 2 players, round 1"
    p1 = save_as(app, None)                            # Enter keeps the suggestion
    assert p1.name == f"{suggested}.json"
    p2 = save_as(app, "My game: 1/2")                  # a name with characters no file may hold
    assert p2.name == "My game 1 2.json"
    p3 = save_as(app, "My game 1 2")
    assert p3.name == "My game 1 2 2.json" and p2.exists()
    # Esc cancels without saving
    ctrl(app, pygame.K_s)
    type_text(app, "never")
    key(app, pygame.K_ESCAPE)
    assert app.scene.modal is None and not (tmp_path / "saves" / "never.json").exists()
    # the Ctrl+O list shows them by name
    ctrl(app, pygame.K_o)
    titles = [item[1] for item in app.scene.modal.listbox.items]
    assert {"My game 1 2", "My game 1 2 2", suggested} <= set(titles)


def test_continue_opens_the_game_played_last(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    assert run_until(app, lambda: app.scene.continue_info is not None)     # found off the frame
    assert app.scene.find("continue").enabled is False
    games = []
    for players, mode in ((1, "solo"), (2, "coop")):
        assert app.new_game(players, mode, "medium", [], 3, None) is None
        through_setup(app.session, moves=4)
        app.session.autosave()
        games.append((app.session.game_id, to_dict(app.session.state)))
        time.sleep(0.02)
    older = tmp_path / "autosaves" / f"{games[0][0]}.json"
    past = time.time() - 3600
    os.utime(older, (past, past))
    app.go("start")
    click(app, "continue")
    assert isinstance(app.scene, TableScreen)
    assert app.session.game_id == games[1][0] and to_dict(app.session.state) == games[1][1]
    # the continued game keeps writing its own autosave; the other one is untouched
    before = older.read_bytes()
    through_setup(app.session, moves=3)
    app.session.autosave()
    assert older.read_bytes() == before
    assert len(list((tmp_path / "autosaves").glob("*.json"))) == 2
    # a named save loaded and played on autosaves under a new name
    named = save_as(app, "Branch")
    assert app.load(named) is None
    assert game_id_of(named) is None and app.session.game_id not in (games[0][0], games[1][0])


def test_dash_dash_continue_opens_the_latest(tmp_path, monkeypatch):
    import main
    app = make_app(tmp_path, monkeypatch)
    ids = []
    for seed in (1, 2):
        assert app.new_game(2, "competitive", "medium", [], seed, None) is None
        through_setup(app.session, moves=2)
        app.session.autosave()
        ids.append(app.session.game_id)
    older = tmp_path / "autosaves" / f"{ids[0]}.json"
    os.utime(older, (time.time() + 86400, time.time() + 86400))     # a file dated in the future...
    app.scene.leave()                               # the first window closes (its game's lock with it)
    pygame.display.quit()
    from faeriell.ui.app import App
    opened = App((800, 600), options=main.launch_options(main.parse_args(["--continue"])))
    # ... does not win (issue 23 case 9): the game's own recorded time says which was played last
    assert isinstance(opened.scene, TableScreen) and opened.session.game_id == ids[1]
    assert opened.session.state.seed == 2


def test_a_save_list_survives_odd_files(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    (tmp_path / "saves").mkdir()
    (tmp_path / "saves" / "broken.json").write_text("{nope")
    (tmp_path / "settings.json").write_text("{}")
    items = list_saves()
    assert [i[1] for i in items] == ["broken"] and "not readable" in items[0][2]
    click(app, "tab_load")
    assert not app.errors


def test_the_load_list_shows_saves_only_never_the_practice_files(tmp_path, monkeypatch):
    """Issue 42 b: the practice files beside the saves (drills, ratings, stats, the guided game's
    progress) were listed as saves that are "not readable". A loose save of an older version,
    known by its own format marker, is still listed."""
    app = make_app(tmp_path, monkeypatch)
    for name in ("drills", "ratings", "stats", "tutorial", "ladder", "daily"):
        (tmp_path / f"{name}.json").write_text('{"version": 1, "items": {}}\n')
    g = new_game(app.rules, 1, "solo", "easy", [], 6)
    old = tmp_path / "an old save.json"
    saves.write_save(g, old)
    click(app, "tab_load")
    assert run_until(app, lambda: app.scene.save_items is not None)
    lb = app.scene.find("saves")
    assert [item[0] for item in lb.items] == [str(old)]
    assert not any("not readable" in item[2] for item in lb.items)
    ctrl_items = list_saves()
    assert [row[1] for row in ctrl_items] == ["an old save"]
