"""The Expert level at the table: chosen on the start screen or by --seats, named for what it does,
and a thinking bot says so (real pygame events on a headless window)."""
from __future__ import annotations

# first: it sets the dummy video driver before pygame is imported
from test_app_support import click, make_app, run_until

import threading  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

import main  # noqa: E402
from faeriell.ui import bot_driver  # noqa: E402
from faeriell.ui.bot_driver import BOT_LABELS  # noqa: E402
from faeriell.ui.scenes.table import TableScreen as TableHost  # noqa: E402



@pytest.fixture
def app(tmp_path, monkeypatch):
    a = make_app(tmp_path, monkeypatch)
    yield a
    pygame.display.quit()


def _label_text(app, wid):
    w = app.scene.content.find(wid)
    assert w is not None, f"no widget {wid!r}"
    return w.text


def test_expert_is_picked_on_the_start_screen_and_named_for_what_it_does(app):
    click(app, "players:2")
    click(app, "seat2:expert")
    info = _label_text(app, "seat_info")
    assert info.startswith("Expert (thinks)") and "round" in info
    click(app, "start")
    assert isinstance(app.scene, TableHost), app.errors
    assert app.session.seats == ["human", "expert"]
    bot = app.scene.driver.bot_for(1)
    assert callable(getattr(bot, "choose", None))
    assert type(bot).__name__ in ("ExpertBot", "SearchBot")      # the expert, or the strongest stand-in


def test_a_thinking_bot_shows_its_tribe_is_thinking(app):
    click(app, "players:2")
    click(app, "seat1:expert")
    click(app, "start")
    host = app.scene
    assert isinstance(host, TableHost), app.errors
    assert host.session.acting == 0
    release = threading.Event()

    class SlowBot:                      # thinks until the test lets it answer
        def choose(self, game, player):
            release.wait(10)
            return game.legal_actions()[0]

    host.driver._bots[(0, "expert")] = SlowBot()
    tribe = host.session.game.state.tribes[0].id
    name = host.session.game.rules.catalog.tribes[tribe].get("name") or tribe.capitalize()
    assert run_until(app, lambda: host._indicator == f"{name} is thinking…", 30), host._indicator
    release.set()
    assert run_until(app, lambda: host._indicator == "", 30)


def test_seats_option_takes_expert_and_starts_the_table(tmp_path, monkeypatch):
    from faeriell.ui.app import App
    monkeypatch.setenv("FAERIELL_DATA", str(tmp_path))
    args = main.parse_args(["--seats", "human,expert", "--seed", "5"])
    assert args.seats == ["human", "expert"]
    a = App((800, 600), options=main.launch_options(args))
    try:
        assert isinstance(a.scene, TableHost), a.errors
        assert a.session.seats == ["human", "expert"] and a.session.state.players == 2
    finally:
        pygame.display.quit()


def test_every_level_has_a_label_and_a_description():
    for lv in bot_driver.BOT_LEVELS:
        assert BOT_LABELS[lv] and bot_driver.BOT_DESCRIPTIONS[lv].startswith(BOT_LABELS[lv].split(" (")[0])
    assert BOT_LABELS["expert"] == "Expert (thinks)"
    assert set(bot_driver.SEAT_CHOICES) == set(main.SEATS)
