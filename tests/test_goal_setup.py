"""The goal meter during set-up says the game is being set up and what the goal will be (it read
"Goal: 1 of 6 Achievements" while the first Settlements were still being placed). Real events on
a headless window."""
from __future__ import annotations

from test_label_fit import Recording, record_texts
from test_table_support import Table  # first: sets the dummy video driver

import pygame  # noqa: E402
import pytest  # noqa: E402

from faeriell.content.rules_loader import default_rules  # noqa: E402
from faeriell.engine import new_game  # noqa: E402
from faeriell.ui.table import goal, tooltips  # noqa: E402


@pytest.fixture(autouse=True)
def _display():
    yield
    pygame.display.quit()


def meter_texts(t, monkeypatch) -> list[str]:
    texts = record_texts(monkeypatch)
    rec = Recording(t.screen.get_size(), texts)
    t.scene.base = rec
    t.scene.redraw_base()
    t.scene.draw(rec)
    meter = t.scene.spots.first(goal.METER_KEY)
    assert meter is not None, "the goal meter is not on the table"
    return [text for text, r in rec.blits if meter.rect.contains(r)]


@pytest.mark.parametrize("players, mode, aim", [
    (1, "solo", ["Goal to come: 6 Achievements", "before Doom reaches 15"]),
    (2, "coop", ["Goal to come: ", "or "]),
    (2, "competitive", ["Goal to come: most Achievements", "once a tribe has "]),
])
def test_the_meter_says_set_up_is_under_way_and_the_goal_to_come(players, mode, aim, monkeypatch):
    g = new_game(default_rules(), players, mode, "medium", [], 3)
    assert g.state.stage == "setup"
    t = Table(g, size=(1024, 700), seats=["human"] * players)
    shown = meter_texts(t, monkeypatch)
    assert "Setting up the game" in shown, shown
    assert all(any(x.startswith(a) for x in shown) for a in aim), shown
    assert not any(x.startswith(("Goal:", "Team:", "Most held:")) for x in shown), shown
    # the mouse over the meter: its tooltip says set-up is under way first
    meter = t.scene.spots.first(goal.METER_KEY)
    t.move(meter.rect.center)
    t.frame()
    assert t.scene.board.hover_key == goal.METER_KEY
    title, lines = tooltips.tip(t.scene.board.hover_key, t.scene.painted)
    assert title == "The goal" and lines[0].startswith("Set-up is under way")


def test_once_play_begins_the_meter_counts_the_race(monkeypatch):
    g = new_game(default_rules(), 1, "solo", "medium", [], 3)
    while g.state.stage == "setup":            # the set-up played by its first legal choices
        assert g.apply(list(g.legal_actions())[0]) is None
    t = Table(g, size=(1024, 700), seats=["human"])
    shown = meter_texts(t, monkeypatch)
    held = len(g.state.tribes[0].achievements)
    assert f"Goal: {held} of 6 Achievements" in shown, shown
    assert "Setting up the game" not in shown
