"""The hot-seat curtain (issue 13 item 8) falls only when hidden information changes hands - not
between set-up steps where nobody holds a secret - and a hot-seat game loaded or continued opens
behind it. Real mouse events on a headless window."""
from __future__ import annotations

# first: it sets the dummy video driver before pygame is imported
from test_app_support import click, make_app

import pygame  # noqa: E402
import pytest  # noqa: E402

from faeriell.engine import new_game
from faeriell.ui.curtain import has_secrets, needs_curtain

pytest.importorskip("faeriell.engine.saves")


@pytest.fixture(autouse=True)
def close_window():
    yield
    pygame.display.quit()


def step(app, action):
    assert app.session.apply(action) is None
    app.step()


def lift(app):
    """The curtain goes with a click, as a player passing the screen would do."""
    click(app, (app.size[0] // 2, app.size[1] // 2))


def test_no_curtain_between_set_up_steps_then_one_when_cards_change_hands(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, players=3, seed=5)
    table, session = app.scene.table, app.session
    assert table.hotseat_curtain and table.curtain_layer.tribe is None
    handovers = curtains = 0
    for _ in range(400):
        if session.state.game_over:
            break
        before = session.acting
        step(app, session.legal()[0])
        after = session.acting
        if after is None or after == before:
            continue
        handovers += 1
        expected = has_secrets(session.game, after, before)
        if session.state.stage == "setup" and not any(t.essences for t in session.state.tribes):
            assert table.curtain_layer.tribe is None, "a curtain before a set-up step where nobody holds a card"
        assert (table.curtain_layer.tribe == after) == expected, (session.state.stage, before, after)
        if table.curtain_layer.tribe is not None:
            curtains += 1
            lift(app)
            assert table.curtain_layer.tribe is None
        if curtains >= 3:
            break
    assert handovers > curtains >= 3                      # some hand-overs hid, some did not


def test_a_hot_seat_game_continued_opens_behind_the_curtain(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, players=2, seed=5)
    session = app.session
    while not has_secrets(session.game, session.acting):
        step(app, session.legal()[0])
    table = app.scene.table
    if table.curtain_layer.tribe is not None:
        lift(app)
    session.autosave()
    app.go("start")
    click(app, "continue")
    assert app.session is not session and app.scene.table.curtain_layer.tribe == app.session.acting
    lift(app)
    assert app.scene.table.curtain_layer.tribe is None


def test_no_curtain_on_load_against_a_bot_or_when_switched_off(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, players=2, seats=["human", "random"], seed=5)
    g = new_game(app.rules, 2, "competitive", "medium", [], 5)
    while not has_secrets(g, g.acting):
        g.apply(g.legal_actions()[0])
    from faeriell.storage.saves import save_game
    path = save_game(g, tmp_path / "two.json")
    assert app.load(path, seats=["human", "random"]) is None
    assert app.scene.table.curtain_layer.tribe is None                 # one human: nobody to hide from
    app.settings.curtain = False
    app.settings_changed()
    hot_seat = ["human", "human"]
    assert app.load(path, seats=hot_seat) is None          # hot-seat, but the curtain is off
    assert app.scene.table.curtain_layer.tribe is None
    app.settings.curtain = True
    app.settings_changed()
    assert app.load(path, seats=hot_seat) is None
    assert app.scene.table.curtain_layer.tribe == g.acting


def test_needs_curtain_reads_the_engine_view(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    g = new_game(app.rules, 3, "competitive", "medium", [], 5)
    assert not needs_curtain(g, 0, 1) and not needs_curtain(g, None, 1) and not needs_curtain(g, 1, 1)
    while not g.state.tribes[1].essences:
        g.apply(g.legal_actions()[0])
    assert needs_curtain(g, 0, 1) and has_secrets(g, 1)
