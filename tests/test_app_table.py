"""The services around the table (menu, undo, save/load, hint, bots) and the end screen, driven by
real key and mouse events on a headless window."""
from __future__ import annotations

import os


# first: it sets the dummy video driver before pygame is imported
from test_app_support import click, ctrl, key, make_app, play_first_legal, record_flashes, run_until, save_as

import pygame  # noqa: E402
import pytest  # noqa: E402

from faeriell.engine import Action, build_position, invariants
from faeriell.engine.state import to_dict
from faeriell.ui.bot_driver import BotDriver
from faeriell.ui.dialogs import FileDialog, Menu
from faeriell.ui.scenes.end import EndScene
from faeriell.ui.scenes.table import TableScreen
from faeriell.ui.scenes.start import StartScene


@pytest.fixture
def app(tmp_path, monkeypatch):
    a = make_app(tmp_path, monkeypatch, players=2, seed=11)
    assert isinstance(a.scene, TableScreen), a.errors
    yield a
    pygame.display.quit()


def near_the_end(rules):
    """Doom 14 and a Corruption token about to be drawn; player 2 is the Corruption Sower."""
    return build_position(
        rules, {"players": 2, "mode": "competitive", "difficulty": "medium", "seed": 101, "position": "empty"},
        {"doom": 14, "under": {"owl": "green"}, "bag": ["corruption@owl", "red@bear"]},
        [{"settlements": ["bear-mountain", "bear-river"], "heroes": {"shaman": {"node": {"near": "bear-forest"}}},
          "achievements": ["purity"]},
         {"settlements": ["wolf-mountain", "wolf-meadow"], "heroes": {"sower": {"node": {"near": "wolf-river"}}},
          "corruption": 5}],
        {"player": 1, "phase": "event"})


def test_set_up_on_the_command_line_opens_the_table(app):
    s = app.session.state
    assert (s.players, s.mode, s.seed) == (2, "competitive", 11)
    assert not app.errors


def test_escape_opens_the_menu_and_resume_closes_it(app):
    key(app, pygame.K_ESCAPE)
    assert app.running
    assert isinstance(app.scene.modal, Menu)
    click(app, "resume")
    assert app.scene.modal is None and app.running
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)                 # Esc again resumes too
    assert app.scene.modal is None and app.running


def test_menu_new_game_goes_to_the_start_screen_with_the_same_settings(app):
    key(app, pygame.K_ESCAPE)
    click(app, "new")
    assert isinstance(app.scene, StartScene)
    assert (app.scene.players, app.scene.mode) == (2, "competitive")


def test_menu_quit_closes_the_window(app):
    key(app, pygame.K_ESCAPE)
    click(app, "quit")
    assert app.running is False


def test_ctrl_z_undoes_a_move_that_drew_nothing(app):
    session = app.session
    host = app.scene
    said = record_flashes(host)
    play_first_legal(session, lambda: session.state.stage == "play" and session.state.pending is None
                     and session.state.phase is None)
    before = to_dict(session.state)
    assert session.apply(Action("choose_phase", phase="tribe")) is None
    assert to_dict(session.state) != before
    ctrl(app, pygame.K_z)
    assert to_dict(app.session.state) == before
    assert said[-1] == "Move taken back."
    # nothing of this player's own is left to take back in this turn: the refusal says why
    ctrl(app, pygame.K_z)
    assert to_dict(app.session.state) == before
    assert said[-1].startswith("Nothing can be undone")
    assert not app.errors


def test_a_refused_undo_from_the_menu_names_the_move_in_the_games_words(app):
    # The Undo of the Esc menu, clicked when the last move was the other player's: the message
    # line names that move and its tribe as the table does, never the action's id ('end_phase()').
    session = app.session
    said = record_flashes(app.scene)
    play_first_legal(session, lambda: session.state.stage == "play" and session.state.pending is None
                     and session.state.phase is None)
    me = session.acting
    assert session.apply(Action("choose_phase", phase="tribe")) is None
    assert session.apply(Action("end_phase")) is None
    assert session.acting != me and not session.game.history[-1]["revealed"]
    before = to_dict(session.state)
    key(app, pygame.K_ESCAPE)
    click(app, "undo")
    tribe = session.game.rules.catalog.tribes[session.state.tribes[me].id]["name"]
    plain = (f"Nothing can be undone: “End the Tribe Phase” was {tribe} (player {me + 1})'s move, not "
             f"yours; you may take back only your own latest moves.")
    assert said[-1] == plain and app.scene.table.message == plain
    assert to_dict(app.session.state) == before and not app.errors


def test_ctrl_s_then_ctrl_o_restores_the_same_state(app, tmp_path):
    pytest.importorskip("faeriell.engine.saves")
    session = app.session
    host = app.scene
    said = record_flashes(host)
    for _ in range(5):
        session.apply(session.legal()[0])
    saved = to_dict(session.state)
    files = [save_as(app, "Before the storm")]
    assert files[0] == tmp_path / "saves" / "Before the storm.json"
    assert str(files[0]) in said[-1] and "Before the storm" in said[-1]
    for _ in range(4):
        session.apply(session.legal()[-1])
    assert to_dict(app.session.state) != saved
    ctrl(app, pygame.K_o)
    dlg = app.scene.modal
    assert isinstance(dlg, FileDialog)
    row = next(k for k, item in enumerate(dlg.listbox.items) if item[0] == str(files[0]))
    click(app, dlg.listbox.row_rect(row))
    click(app, "open")
    assert app.scene.modal is None, dlg.message
    assert to_dict(app.session.state) == saved
    assert not app.errors


def test_load_dialog_refuses_a_bad_path_and_stays_open(app, tmp_path):
    ctrl(app, pygame.K_o)
    dlg = app.scene.modal
    click(app, "path")
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=str(tmp_path / "none.json")))
    app.step()
    key(app, pygame.K_RETURN)
    assert app.scene.modal is dlg and "No such file" in dlg.message
    click(app, "cancel")
    assert app.scene.modal is None


def test_end_screen_shows_the_ranking(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    try:
        session = app.new_session(near_the_end(app.rules))
        app.open_session(session)
        app.step()
        assert session.apply(Action("draft")) is None
        assert session.apply(Action("corruption", choice="ignore")) is None
        assert session.state.game_over
        assert run_until(app, lambda: isinstance(app.scene, EndScene), 5)
        end = app.scene
        s = session.state
        assert s.ranking == [1, 0] and s.winners == [1]
        assert end.rows() == [("1st", 1), ("2nd", 0)]
        assert end.headline() == "Berrywort wins!"
        assert "Doom reached 15" in s.end_reason
        assert [end.achievement_name(a) for a in s.tribes[0].achievements] == ["Purity"]
        app.screenshot(str(tmp_path / "end.png"))
        assert not app.errors
        click(app, "table")                   # look at the final position; no bounce back
        assert isinstance(app.scene, TableScreen)
        for _ in range(3):
            app.step()
        assert isinstance(app.scene, TableScreen)
        app.scene.show_results()
        click(app, "back")
        assert isinstance(app.scene, StartScene)
    finally:
        pygame.display.quit()


def test_everyone_loses_is_shown_without_a_ranking(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    try:
        g = build_position(app.rules, {"players": 2, "mode": "coop", "seed": 3, "position": "empty"},
                           {"doom": 14, "under": {"owl": "green"}, "bag": ["corruption@owl", "red@bear"]},
                           [{"settlements": ["bear-mountain"]}, {"settlements": ["wolf-mountain"]}],
                           {"player": 1, "phase": "event"})
        session = app.new_session(g)
        app.open_session(session)
        session.apply(Action("draft"))
        session.apply(Action("corruption", choice="ignore"))
        assert run_until(app, lambda: isinstance(app.scene, EndScene), 5)
        assert app.scene.headline() == "Faeriell falls"
        assert app.scene.rows() == [("–", 0), ("–", 1)]
        click(app, "new_game")
        assert isinstance(app.scene, StartScene) and app.scene.mode == "coop"
    finally:
        pygame.display.quit()


def test_bots_play_in_the_background_without_blocking_input(tmp_path, monkeypatch):
    """A bot thinks on a thread of its own: while its search is held, frames go on and the table
    takes input; once it answers, its move is played (no clock in the assertions)."""
    import threading

    from faeriell.ui import bot_driver
    held, threads = threading.Event(), []
    real = bot_driver.make_level_bot

    class Held:
        def __init__(self, bot):
            self.bot = bot

        def choose(self, game, player):
            threads.append(threading.current_thread().name)
            assert held.wait(30), "the test never let the bot answer"
            return self.bot.choose(game, player)

    monkeypatch.setattr(bot_driver, "make_level_bot", lambda level, seed: Held(real(level, seed)))
    app = make_app(tmp_path, monkeypatch, players=2, seats=["hard", "hard"], seed=4)
    try:
        session = app.session
        assert run_until(app, lambda: bool(threads), 10)
        for _ in range(20):                       # frames while the bot is still thinking
            app.step()
        assert session.game.history == [] and app.scene.driver.thinking()
        key(app, pygame.K_ESCAPE)                 # the window still answers: the menu opens
        assert isinstance(app.scene.modal, Menu)
        key(app, pygame.K_ESCAPE)
        held.set()
        assert run_until(app, lambda: len(session.game.history) >= 1, 30), app.errors
        assert threads[0] != threading.main_thread().name
        assert invariants.check(session.game) == []
        assert not app.errors
    finally:
        held.set()
        pygame.display.quit()


def test_bot_driver_keeps_its_pace():
    class FakeSession:
        def __init__(self):
            self.seats = ["random"]
            self.version = 0
            self.applied = []
            from faeriell.content.rules_loader import default_rules
            from faeriell.engine import new_game
            self.game = new_game(default_rules(), 1, "solo", "easy", [], 3)

        state = property(lambda self: self.game.state)
        acting = property(lambda self: self.game.acting)

        def apply(self, action, person=True):
            assert person is False                    # a bot's move is never a person's (issue 40, item 8)
            self.game.apply(action)
            self.version += 1
            self.applied.append(action)

    now = [100.0]
    fs = FakeSession()
    d = BotDriver(fs, delay=0.6, clock=lambda: now[0])
    assert d.update() is None                  # starts thinking
    d._job.join(5)
    assert d.update() is None                  # thought, but 0.6 s have not passed
    now[0] += 0.61
    moved = d.update()
    assert moved is not None and fs.applied == [moved[0]]


def test_h_asks_for_a_hint_in_the_background(app, monkeypatch):
    import faeriell.ui.table.table_hints as sc
    monkeypatch.setattr(sc, "HINT_BUDGET", 0.2)
    card = app.scene.table.coach.hint
    import threading
    from faeriell import bots
    thinkers = []
    real_hint = bots.hint

    def hint(*args, **kw):
        thinkers.append((threading.current_thread(), kw.get("helpers")))
        return real_hint(*args, **kw)

    monkeypatch.setattr(bots, "hint", hint)
    key(app, pygame.K_h)
    assert run_until(app, lambda: card.shown, 10)
    assert card.action in app.session.legal() and card.reason
    assert thinkers and threading.main_thread() not in [t for t, _ in thinkers]   # the search ran off the frame loop
    # with a second core the hint searches with the table's helper process as well (bots/helpers.py)
    assert [h for _, h in thinkers] == [bots.TABLE_HELPERS] * len(thinkers)
    assert (1 if (os.cpu_count() or 1) >= 2 else 0) == bots.TABLE_HELPERS
    from faeriell.ui.bot_driver import make_level_bot
    assert make_level_bot("expert", 3).helpers == bots.TABLE_HELPERS
    assert not app.errors


def test_the_menu_shows_the_shortcuts_and_f1_the_rules(app):
    key(app, pygame.K_ESCAPE)
    click(app, "keys")
    assert app.scene.modal is not None and "Ctrl+Z" in app.scene.modal.text
    key(app, pygame.K_RETURN)
    assert app.scene.modal is None
    key(app, pygame.K_F1)
    from faeriell.ui.scenes.rules import RulesScene
    assert isinstance(app.scene, RulesScene)


def test_saves_remember_who_played_each_seat(tmp_path, monkeypatch):
    pytest.importorskip("faeriell.engine.saves")
    app = make_app(tmp_path, monkeypatch, players=2, seats=["human", "random"], seed=8)
    try:
        path = save_as(app, None)
        assert app.load(path) is None
        assert app.session.seats == ["human", "random"]
        # the autosave keeps them too: Continue brings the bot back
        session = app.session
        play_first_legal(session, lambda: session.autosave_path().exists())
        app.go("start")
        click(app, "continue")
        assert isinstance(app.scene, TableScreen) and app.session.seats == ["human", "random"]
    finally:
        pygame.display.quit()


def test_leaving_the_table_keeps_the_game_for_continue(app):
    pytest.importorskip("faeriell.engine.saves")
    session = app.session
    for _ in range(3):
        session.apply(session.legal()[0])
    now = to_dict(session.state)
    key(app, pygame.K_ESCAPE)
    click(app, "new")                          # to the start screen, mid-turn
    assert isinstance(app.scene, StartScene)
    click(app, "continue")
    assert isinstance(app.scene, TableScreen) and to_dict(app.session.state) == now
