"""The coach at your elbow (issue 24, item 6), with real mouse events on a headless window: a move
that gives away more than its share of the win chance is questioned before it is made ("Are you
sure?", in the game's words) and is kept or taken back; values not ready yet never hold a move up;
the setting is off by default; in Full Coop a bot partner's line shows before its move is made.

The win chances are the contract's (faeriell.bots.win_chance.chance_after); these tests give fixed
ones, so what is asked is known in advance whatever the model says.
"""
from __future__ import annotations

import threading

from test_app_support import click, make_app, run_until  # first: sets the dummy video driver

import pygame  # noqa: E402
import pytest  # noqa: E402

from faeriell.ui import elbow_coach  # noqa: E402
from faeriell.ui.dialogs import Confirm  # noqa: E402
from faeriell.ui.scenes.table import TableScreen  # noqa: E402
from faeriell.ui.settings import Settings  # noqa: E402
from faeriell.ui.table.keys import Button  # noqa: E402


def ending_costs(game, seat, actions, worlds=8, seed=0, book=None):
    """Fixed chances: ending the Phase leaves a tenth, any other move six tenths."""
    return [0.1 if a.kind == "end_phase" else 0.6 for a in actions]


def app_with(tmp_path, monkeypatch, coach=True, **opts):
    app = make_app(tmp_path, monkeypatch, **opts)
    app.settings.coach = coach
    app.settings_changed()
    assert isinstance(app.scene, TableScreen), app.errors
    return app


def to_the_tribe_phase(app):
    """The human's first Tribe Phase (the set-up and the Phase tile by the engine's moves)."""
    s = app.session
    for _ in range(300):
        if s.state.stage == "play" and any(a.kind == "end_phase" for a in s.legal()):
            return
        legal = s.legal()
        pick = next((a for a in legal if a.kind == "choose_phase" and a.get("phase") == "tribe"), legal[0])
        assert s.apply(pick) is None
    pytest.fail("no Tribe Phase reached")


def press_end_phase(app):
    pos = app.scene.table.spot_pos(Button("end_phase"))
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))
    app.step()


@pytest.fixture
def solo(tmp_path, monkeypatch):
    monkeypatch.setattr(elbow_coach, "chance_after", ending_costs)
    app = app_with(tmp_path, monkeypatch, players=1, mode="solo", seed=7)
    to_the_tribe_phase(app)
    yield app
    pygame.display.quit()


def test_a_costly_move_is_questioned_then_taken_back_or_kept(solo):
    app, host = solo, solo.scene
    assert run_until(app, host.elbow.ready, 60)
    n = len(app.session.game.history)
    press_end_phase(app)
    dlg = host.modal
    assert isinstance(dlg, Confirm) and dlg.title == "Are you sure?"
    assert len(app.session.game.history) == n                   # not made until kept
    end = next(a for a in app.session.legal() if a.kind == "end_phase")
    said = dlg.text
    assert said.startswith(host.table.words.action(end)) and "10%" in said and "60%" in said and "Better:" in said
    from test_player_words import id_pattern
    assert not id_pattern(app.rules).search(said), said
    click(app, "cancel")                                         # Take it back
    assert host.modal is None and len(app.session.game.history) == n
    assert "Taken back" in host.table.message
    press_end_phase(app)                                         # asked again: this time kept
    assert isinstance(host.modal, Confirm)
    click(app, "yes")
    assert host.modal is None and len(app.session.game.history) == n + 1
    assert app.session.game.history[-1]["action"].kind == "end_phase"
    assert not app.errors


def test_a_move_within_the_share_is_made_at_once(solo, monkeypatch):
    monkeypatch.setattr(elbow_coach, "chance_after", lambda g, s, acts, worlds=8, seed=0, book=None:
                        [0.5 if a.kind == "end_phase" else 0.6 for a in acts])
    app, host = solo, solo.scene
    host.elbow.stop()
    app.step()
    assert run_until(app, host.elbow.ready, 60)
    n = len(app.session.game.history)
    press_end_phase(app)                                         # 10 points given away: under 15
    assert host.modal is None and len(app.session.game.history) == n + 1


def test_values_not_ready_never_hold_a_move_up(tmp_path, monkeypatch):
    gate = threading.Event()

    def slow(game, seat, actions, worlds=8, seed=0, book=None):
        gate.wait(30)
        return ending_costs(game, seat, actions)
    monkeypatch.setattr(elbow_coach, "chance_after", slow)
    app = app_with(tmp_path, monkeypatch, players=1, mode="solo", seed=7)
    try:
        to_the_tribe_phase(app)
        host = app.scene
        app.step()
        assert host.elbow.job is not None and not host.elbow.ready()
        n = len(app.session.game.history)
        press_end_phase(app)
        assert host.modal is None and len(app.session.game.history) == n + 1
    finally:
        gate.set()
        pygame.display.quit()


def test_the_coach_is_off_by_default(tmp_path, monkeypatch):
    assert Settings().coach is False and Settings(coach="yes").clean().coach is False
    monkeypatch.setattr(elbow_coach, "chance_after", ending_costs)
    app = make_app(tmp_path, monkeypatch, players=1, mode="solo", seed=7)
    try:
        to_the_tribe_phase(app)
        host = app.scene
        for _ in range(5):
            app.step()
        assert host.elbow.job is None and host.driver.announce == 0
        n = len(app.session.game.history)
        press_end_phase(app)
        assert host.modal is None and len(app.session.game.history) == n + 1
    finally:
        pygame.display.quit()


def test_the_setting_is_a_toggle_on_the_settings_screen(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    try:
        click(app, "settings")
        click(app, "coach")
        assert app.settings.coach is True and Settings.load(app.settings.path).coach is True
    finally:
        pygame.display.quit()


def test_a_full_coop_partner_says_its_move_before_it_makes_it(tmp_path, monkeypatch):
    app = app_with(tmp_path, monkeypatch, players=2, mode="coop", seats=["human", "easy"], seed=5)
    try:
        host, s = app.scene, app.session
        import time
        now = [time.monotonic() + 1.0]            # the driver's own clock, held still by the test
        host.driver.clock = lambda: now[0]
        for _ in range(400):                       # the human plays on until the partner is to move
            if s.state.stage == "play" and s.acting == 1:
                break
            assert s.apply(s.legal()[0]) is None
        assert s.state.stage == "play" and s.acting == 1
        n = len(s.game.history)
        assert run_until(app, lambda: bool(host.driver.announcement()), 30), host._indicator
        app.step()
        line = host._indicator
        partner = s.game.rules.catalog.tribes[s.state.tribes[1].id]["name"]
        assert line.startswith(f"{partner} (your partner) next: ") and len(s.game.history) == n
        for _ in range(5):                         # the line stays; the move waits for it
            app.step()
        assert len(s.game.history) == n and host._indicator == line
        now[0] += 2.5
        app.step()
        assert len(s.game.history) == n + 1 and not host.driver.announcement()
        made = s.game.history[n]["action"]
        assert host.table.words.action(made) in line
        assert not app.errors
    finally:
        pygame.display.quit()


def test_a_paid_tribe_action_is_questioned_from_the_payment_tray(tmp_path, monkeypatch):
    from test_app_support import key
    monkeypatch.setattr(elbow_coach, "chance_after", lambda g, s, acts, worlds=8, seed=0, book=None:
                        [0.1 if a.kind == "build_beacon" else 0.6 for a in acts])
    app = app_with(tmp_path, monkeypatch, players=1, mode="solo", seed=7)
    try:
        to_the_tribe_phase(app)
        host, table = app.scene, app.scene.table
        beacons = [a for a in app.session.legal() if a.kind == "build_beacon"]
        assert beacons and any(a.get("pay") for a in beacons)
        assert run_until(app, host.elbow.ready, 60)
        where = beacons[0].get("region")
        table.resolve([a for a in beacons if a.get("region") == where and a.get("color") == beacons[0].get("color")])
        assert table.tray_layer.is_open()
        n = len(app.session.game.history)
        key(app, pygame.K_RETURN)                                    # pay: the coach asks first
        assert isinstance(host.modal, Confirm) and len(app.session.game.history) == n
        assert not table.tray_layer.is_open()
        click(app, "yes")
        assert len(app.session.game.history) == n + 1
        assert app.session.game.history[-1]["action"].kind == "build_beacon"
        assert not app.errors
    finally:
        pygame.display.quit()


def test_the_real_model_measures_the_moves_of_a_position(tmp_path, monkeypatch):
    """The shipped model (bots.win_chance.chance_after) fills the coach's values: a chance in
    [0, 1] for every move measured, the best one among them."""
    app = app_with(tmp_path, monkeypatch, players=1, mode="solo", seed=7)
    try:
        to_the_tribe_phase(app)
        host = app.scene
        assert run_until(app, host.elbow.ready, 120), host.elbow.job.error
        values = host.elbow.job.values
        assert len(values) >= 2 and all(0.0 <= v <= 1.0 for v in values.values())
        end = next(a for a in app.session.legal() if a.kind == "end_phase")
        assert elbow_coach.move_key(end) in values
    finally:
        pygame.display.quit()


class _Done:
    """A finished measurement with given values (what judge reads of a job)."""

    def __init__(self, tag, values: dict):
        self.tag, self.values = tag, dict(values)
        self.moves = {k: k for k in values}


@pytest.mark.parametrize("best, mine, asked", [
    (0.06, 0.02, True),      # two thirds of a small chance thrown away: asked, though only 4 points
    (0.06, 0.05, False),     # a sixth of it, one point: not worth a question
    (0.04, 0.015, False),    # most of it, but under the 3-point floor six worlds cannot see
    (0.60, 0.45, False),     # 15 points of a good game is a quarter of it: not asked
    (0.60, 0.30, True),      # half of it
])
def test_the_threshold_is_a_share_of_the_chance(best, mine, asked, monkeypatch):
    class S:
        version, acting = 3, 0
    monkeypatch.setattr(elbow_coach, "move_key", lambda a: a)     # the moves here are their own keys
    coach = elbow_coach.ElbowCoach(S())
    good, bad = ("good",), ("bad",)
    coach.job = _Done((3, 0), {good: best, bad: mine})
    q = coach.judge(bad)
    assert (q is not None) == asked, (best, mine, q)
    if asked:
        assert q.best_action == good and q.value == mine and q.best == best
    assert coach.judge(good) is None          # the best move is never questioned
