"""A game that ended is never "open" and never offered by Continue, and one window never takes
its own game for another window's (issue 42, "False or wrong messages" a). Real mouse events."""
from __future__ import annotations

import logging

# first: it sets the dummy video driver before pygame is imported
from test_app_support import click, key, make_app, run_until

import pygame  # noqa: E402
import pytest  # noqa: E402

from faeriell.storage.listing import list_saves
from faeriell.engine import Action, build_position
from faeriell.ui.dialogs import Confirm
from faeriell.ui.scenes.end import EndScene
from faeriell.ui.scenes.start import StartScene
from faeriell.ui.scenes.table import TableScreen

pytest.importorskip("faeriell.engine.saves")


@pytest.fixture(autouse=True)
def close_window():
    yield
    pygame.display.quit()


def near_the_end(rules):
    """Doom 14 and a Corruption token about to be drawn: the next two moves end the game."""
    return build_position(
        rules, {"players": 2, "mode": "competitive", "difficulty": "medium", "seed": 101, "position": "empty"},
        {"doom": 14, "under": {"owl": "green"}, "bag": ["corruption@owl", "red@bear"]},
        [{"settlements": ["bear-mountain", "bear-river"], "achievements": ["purity"]},
         {"settlements": ["wolf-mountain", "wolf-meadow"], "corruption": 5}],
        {"player": 1, "phase": "event"})


def end_a_game(app):
    session = app.new_session(near_the_end(app.rules))
    app.open_session(session)
    app.step()
    assert session.apply(Action("draft")) is None
    assert session.apply(Action("corruption", choice="ignore")) is None
    assert session.state.game_over
    assert run_until(app, lambda: isinstance(app.scene, EndScene), 5)
    return session


def test_back_to_start_after_the_end_offers_no_finished_game_and_no_other_window(tmp_path, monkeypatch, caplog):
    caplog.set_level(logging.WARNING)
    app = make_app(tmp_path, monkeypatch)
    session = end_a_game(app)
    finished = session.autosave_path()
    assert finished.is_file()
    click(app, "back")                                   # "Back to start"
    assert isinstance(app.scene, StartScene)
    assert run_until(app, lambda: app.scene.continue_info is not None)
    button = app.scene.find("continue")
    assert button.enabled is False, button.sub          # nothing unfinished to continue
    assert "unfinished" in button.sub
    assert app.continue_game() is not None              # and --continue's way says so too
    # the finished game opened from the Load list is this window's own: no "another window"
    assert app.load(finished) is None
    assert isinstance(app.scene, TableScreen)
    assert not isinstance(app.scene.modal, Confirm), getattr(app.scene.modal, "text", "")
    assert not [r for r in caplog.records if "autosave failed" in r.getMessage()]
    assert not app.errors


def test_continue_offers_the_latest_unfinished_game(tmp_path, monkeypatch, caplog):
    caplog.set_level(logging.WARNING)
    app = make_app(tmp_path, monkeypatch)
    assert app.new_game(2, "competitive", "medium", [], 5, None) is None
    going = app.session
    for _ in range(3):
        assert going.apply(going.legal()[0]) is None
    key(app, pygame.K_ESCAPE)
    click(app, "new")                                    # left mid-game: autosaved
    end_a_game(app)                                      # a game played later, and finished
    click(app, "back")
    assert run_until(app, lambda: app.scene.continue_info is not None)
    assert app.scene.find("continue").enabled
    click(app, "continue")
    host = app.scene
    assert isinstance(host, TableScreen) and app.session.game_id == going.game_id
    assert host.modal is None                            # its own game: no "open in another window"
    assert not [r for r in caplog.records if "autosave failed" in r.getMessage()]
    # the finished game says so in the Load list
    rows = {row[0]: row[2] for row in list_saves()}
    assert any("ended" in text for text in rows.values()), rows


def test_the_same_game_opened_again_in_this_window_is_not_another_windows(tmp_path, monkeypatch, caplog):
    caplog.set_level(logging.WARNING)
    app = make_app(tmp_path, monkeypatch)
    assert app.new_game(2, "competitive", "medium", [], 7, None) is None
    first = app.session
    for _ in range(3):
        assert first.apply(first.legal()[0]) is None
    assert first.autosave()
    # the same autosave opened again here while its table still holds it (a load with other seats)
    assert app.load(first.autosave_path(), seats=["human", "easy"]) is None
    host = app.scene
    assert isinstance(host, TableScreen) and host.session is not first
    assert host.modal is None, getattr(host.modal, "text", "")
    assert host.session.autosave() and host.session.autosave_problem is None
    assert not [r for r in caplog.records if "autosave failed" in r.getMessage()]
