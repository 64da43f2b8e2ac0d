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


# ---------------------------------------------------------------- item 3: the goal in view
def _hover(app, pos):
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.step()


def test_the_goal_meter_counts_what_the_engine_counts_and_explains_the_rule(solo):
    from faeriell.ui.table import goal, tooltips
    session, table = solo.session, solo.scene.table
    rnd = random.Random(4)
    seen = set()
    while session.state.round < 4 and not session.state.game_over:
        assert session.apply(rnd.choice(list(session.legal()))) is None
        solo.step()
        if session.state.stage != "play":
            continue
        table.draw(pygame.display.get_surface())
        sp = table.spots.first(goal.METER_KEY)
        assert sp is not None, "the goal meter is not on the table"
        held = len(session.state.tribes[0].achievements)       # the solo win counts these (R35)
        top, doom = goal.meter_lines(goal.goal_progress(session.game))
        assert top == f"Goal: {held} of 6 Achievements"
        assert doom.startswith(f"Doom {session.state.doom} of 15")
        seen.add(held)
    _hover(solo, sp.rect.center)
    assert table.hover_key == goal.METER_KEY
    title, lines = tooltips.tip(table.hover_key, table._p)
    assert title == "The goal" and any("6 Achievements" in x for x in lines)
    assert not solo.errors


def test_a_round_card_sums_up_the_round_and_a_click_closes_it(solo):
    session, table = solo.session, solo.scene.table
    rnd = random.Random(2)
    while not (session.state.stage == "play" and session.state.round == 1):
        assert session.apply(rnd.choice(list(session.legal()))) is None
        solo.step()
    doom_at_start = session.state.doom
    while session.state.round == 1:
        assert session.apply(rnd.choice(list(session.legal()))) is None
        solo.step()
        assert not table.round_card.shown or session.state.round > 1
    assert table.round_card.shown and table.round_card.round == 1
    moved = session.state.doom - doom_at_start
    first_line = table.round_card.lines[0]
    assert first_line.startswith(f"Doom +{moved} (now {session.state.doom})") and "Automatic Doom +" in first_line
    table.draw(pygame.display.get_surface())
    click(solo, table.round_card.rect.center)
    assert not table.round_card.shown
    assert not solo.errors
