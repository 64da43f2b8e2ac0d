"""The table as a teacher (issue 20, items 2, 3, 5, 7), driven by real key and mouse events on a
headless window: undo never reveals, the goal in view, any seat any time, a hint that stays."""
from __future__ import annotations

import random

# first: it sets the dummy video driver before pygame is imported
from test_app_support import click, ctrl, key, make_app, record_flashes

import pygame  # noqa: E402
import pytest  # noqa: E402

from faeriell.engine.state import to_dict  # noqa: E402
from faeriell.ui.scenes.table import TableScreen  # noqa: E402


@pytest.fixture
def solo(tmp_path, monkeypatch):
    a = make_app(tmp_path, monkeypatch, players=1, mode="solo", seed=1)
    assert isinstance(a.scene, TableScreen), a.errors
    yield a
    pygame.display.quit()


def _random_until(session, cond, seed=1, limit=3000):
    rnd = random.Random(seed)
    for _ in range(limit):
        if session.state.game_over:
            break
        found = cond()
        if found:
            return found
        assert session.apply(rnd.choice(list(session.legal()))) is None
    pytest.fail("the seeded game never got there")


# ---------------------------------------------------------------- item 7: undo never reveals
def test_ctrl_z_after_a_level_up_that_showed_a_new_perk_tile_is_refused(solo):
    session = solo.session
    said = record_flashes(solo.scene)

    def revealing_level_up():
        for a in session.legal():
            if a.kind == "level_up":
                pile = next((p for p in session.state.perk_piles if p and p[0] == a["perk"]), None)
                if pile is not None and len(pile) > 1:
                    return a
        return None

    up = _random_until(session, revealing_level_up)
    assert session.apply(up) is None
    after = to_dict(session.state)
    ctrl(solo, pygame.K_z)
    assert to_dict(solo.session.state) == after           # the old Perk row did not come back
    assert "cannot be taken back" in said[-1] and "Levelling up a Hero" in said[-1]
    assert not solo.errors
