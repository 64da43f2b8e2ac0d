"""The hint follows its plan through the turn (hint_card.py), with real key and mouse events on a
headless window: the hinted move played, the card stays ("Done: ...") and shows the plan's next
step; another move closes it, and so does its Close button. No timing is asserted."""
from __future__ import annotations

import random
import time

from test_app_support import make_app  # first: sets the dummy video driver
from test_table_support import Table, same_move

import pygame  # noqa: E402
import pytest  # noqa: E402

import faeriell.bots as bots  # noqa: E402
import faeriell.ui.table.table_hints as table_hints  # noqa: E402
from faeriell.ui.scenes.table import TableScreen  # noqa: E402


class AppTable(Table):
    """Table's mouse helpers (drag, click through a choice, pay in the tray) on the App's own table
    screen, so the hint's background thinking runs as in the game."""

    def __init__(self, app):
        self.app = app
        self.session = app.session
        self.scene = app.scene.table
        self.screen = pygame.display.get_surface()
        self._fitted = (self.scene.map.zoom_level, self.scene.map.offset)

    def frame(self) -> None:
        self.app.step()


@pytest.fixture
def solo(tmp_path, monkeypatch):
    monkeypatch.setattr(table_hints, "HINT_BUDGET", 0.1)
    monkeypatch.setattr(bots, "THINK_HARDER_BUDGET", 0.3)
    expert = bots.hint                 # the real expert, its work fixed so the same hint comes each run
    monkeypatch.setattr(bots, "hint", lambda game, budget=1.0, think_harder=False, helpers=0, clock="wall":
                        expert(game, budget, think_harder=think_harder, iterations=3, helpers=helpers,
                               clock=clock))
    a = make_app(tmp_path, monkeypatch, players=1, mode="solo", seed=1)
    assert isinstance(a.scene, TableScreen), a.errors
    yield a
    pygame.display.quit()


def wait_for_hint(app) -> None:
    for _ in range(600):
        app.step()
        if app.scene.hints.job is None and app.scene.table.coach.hint.action is not None:
            break
        time.sleep(0.01)
    app.step()


def start_of_a_turn(app, seed=3):
    """Random moves into the game until the person's turn begins (a Phase tile to choose)."""
    rnd, s = random.Random(seed), app.session
    moves = 0
    while not (s.state.stage == "play" and s.state.phase is None and s.state.pending is None and moves > 20
               and len(s.legal()) > 1):
        assert s.apply(rnd.choice(list(s.legal()))) is None
        moves += 1
    app.step()


def test_the_hinted_move_played_keeps_the_card_with_the_next_step_and_another_move_closes_it(solo):
    start_of_a_turn(solo)
    t = AppTable(solo)
    card, s = t.scene.coach.hint, solo.session
    t.key(pygame.K_h)
    wait_for_hint(solo)
    first = card.action
    assert card.shown and first in s.legal() and first.kind == "choose_phase", first
    label = t.scene.words.action(first)
    turn = (s.state.round, s.state.lap, s.state.active)
    assert t.perform(first)                                # the player follows the hint, by mouse
    assert same_move(s.game.history[-1]["action"], first)
    assert (s.state.round, s.state.lap, s.state.active) == turn and s.is_human_turn()
    # the card stays: the step is done, the plan's next step is being asked, then shown
    assert card.shown and card.done == [label]
    wait_for_hint(solo)
    assert card.shown and card.done == [label] and card.action in s.legal()
    assert card.reason and card.version == s.version
    t.frame()
    assert card.rect is not None and set(card.buttons) >= {"close"}
    # another move than the plan's next step: the card goes
    others = [a for a in s.legal() if not same_move(a, card.action)]
    other = next((a for a in others if a.kind != "end_phase"), others[0])   # the turn goes on
    n = len(s.game.history)
    assert t.perform(other)
    assert len(s.game.history) == n + 1 and not card.shown
    assert not solo.errors


def test_the_close_button_ends_the_plan_and_the_next_move_brings_no_card(solo):
    start_of_a_turn(solo, seed=5)
    t = AppTable(solo)
    card = t.scene.coach.hint
    t.key(pygame.K_h)
    wait_for_hint(solo)
    hinted = card.action
    assert card.shown
    t.frame()
    t.click(card.buttons["close"].center)
    assert not card.shown
    assert t.perform(hinted)                               # the same move, the card already put away
    for _ in range(5):
        solo.step()
    assert not card.shown and solo.scene.hints.job is None
    assert not solo.errors


def test_closing_the_card_while_the_next_step_is_thought_out_keeps_it_closed(solo, monkeypatch):
    import threading
    start_of_a_turn(solo)
    release, calls = threading.Event(), []
    planned = bots.plan_hint                 # the plan's next step comes without the expert: hold it here

    def slow_second(game, plan=None, budget=1.0, think_harder=False, helpers=0):
        calls.append(1)
        if len(calls) > 1:
            release.wait(30)                 # the next step comes when the test says so
        return planned(game, plan, budget, think_harder=think_harder, helpers=helpers)
    monkeypatch.setattr(bots, "plan_hint", slow_second)
    t = AppTable(solo)
    card = t.scene.coach.hint
    t.key(pygame.K_h)
    wait_for_hint(solo)
    assert card.shown and t.perform(card.action)
    t.frame()
    assert card.wants_next and solo.scene.hints.job is not None      # the next step is being thought
    t.key(pygame.K_ESCAPE)
    assert not card.shown and solo.scene.modal is None
    release.set()
    for _ in range(600):
        solo.step()
        if solo.scene.hints.job is None:
            break
        time.sleep(0.01)
    solo.step()
    assert solo.scene.hints.job is None and not card.shown           # its answer is not shown
    assert not solo.errors


def test_the_cards_steps_inside_a_phase_are_the_plan_its_choice_said(solo):
    """Issue 41: "Play the Tribe Phase: spend Essences on a Beacon or an Attunement", then "End
    the Phase" inside it. At a Phase choice H shows the line the coach means to play this turn;
    the card then follows it step by step, by the player's mouse, each step the next of that line,
    to the Phase's end (solo Medium seed 1 after 41 moves of the greedy heuristic: the Tribe Phase
    buys an Attunement)."""
    from faeriell.ui.table.hint_card import same_step
    s = solo.session
    heur = bots.make_bot("heuristic", seed=1)
    while len(s.game.history) < 41:
        assert s.apply(heur.choose(s.game, s.game.acting)) is None
    solo.step()
    assert s.state.phase is None and s.is_human_turn()
    t = AppTable(solo)
    card = t.scene.coach.hint
    t.key(pygame.K_h)
    wait_for_hint(solo)
    first, said = card.action, card.reason
    assert first.kind == "choose_phase" and first.get("phase") == "tribe", said
    # the line and its aim, not the Phase's whole menu (what the old card said)
    assert "spend Essences on" not in said and "Aim: " in said, said
    plan = solo.scene.hints.plan
    assert plan is not None and plan.steps[0] == first and len(plan.steps) >= 3
    for label in plan.labels[:4]:
        assert label in said, (label, said)                    # the card says the whole line
    turn, shown = (s.state.round, s.state.lap, s.state.active), [first]
    assert t.perform(first)
    while (s.state.round, s.state.lap, s.state.active) == turn and s.is_human_turn():
        wait_for_hint(solo)
        k = len(shown)
        assert card.shown and card.action is not None, (k, card.reason)
        assert same_step(card.action, plan.steps[k]), (k, card.action, plan.steps)
        assert t.scene.words.action(card.action) in said or k >= 4      # a step the Phase's card named
        assert f"Step {k + 1} of {len(plan.steps)}" in card.reason, card.reason
        shown.append(card.action)
        assert t.perform(card.action)
    assert [a.kind for a in shown][-1] == "end_phase" and len(shown) == len(plan.steps)
    assert not solo.errors
