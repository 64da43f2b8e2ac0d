"""Quiet moves and tasks (registry.Move.quiet, core.QUIET_TASKS): no Achievement check follows
them, which is only right if they never change what the check reads (R32). conftest.py turns on
Game.verify_quiet for every test game; these tests show the verification bites and the skip
happens."""
from __future__ import annotations

import random

import pytest

from faeriell.content.rules_loader import default_rules
from faeriell.engine import core, new_game, registry
from faeriell.engine.registry import Move

R = default_rules()


def _play(seed, players=3, steps=None):
    g = new_game(R, players, "competitive", "medium", (), seed)
    rnd = random.Random(seed)
    n = 0
    while not g.state.game_over and (steps is None or n < steps):
        g.apply(rnd.choice(g.legal_actions()))
        n += 1
    return g


def test_a_move_wrongly_declared_quiet_is_caught(monkeypatch):
    m = registry.MOVES["build_settlement"]
    monkeypatch.setitem(registry.MOVES, "build_settlement", Move(m.kind, m.enumerate, m.check, m.perform, True))
    with pytest.raises(AssertionError, match="declared quiet"):
        for seed in range(30):
            _play(seed)


def test_a_task_wrongly_declared_quiet_is_caught(monkeypatch):
    """next_turn is quiet; one that also moved a Corruption track would not be."""
    real = core.TASKS["next_turn"]

    def corrupting_next_turn(g, t):
        real(g, t)
        g.state.tribes[0].corruption += 1

    monkeypatch.setitem(core.TASKS, "next_turn", corrupting_next_turn)
    with pytest.raises(AssertionError, match="the task next_turn is declared quiet"):
        for seed in range(10):
            _play(seed)


def test_quiet_steps_skip_the_check_and_others_do_not(monkeypatch):
    calls = []
    real = core.check_achievements
    monkeypatch.setattr(core, "check_achievements", lambda g: calls.append(1) or real(g))
    g = _play(4, steps=60)
    assert g.state.stage == "play" and not g.state.game_over and g.state.pending is None
    while g.state.phase is not None or g.state.pending is not None:
        g.apply(g.legal_actions()[-1])
    acts = [a for a in g.legal_actions() if a.kind == "choose_phase"]
    assert acts and g._checked, "a check found nothing to do after the last move"
    calls.clear()
    g.apply(acts[0])                       # quiet: choosing a Phase changes no measure
    assert calls == []
    g.invalidate_legal()                   # after a hand edit the next step is checked again
    assert not g._checked


@pytest.mark.parametrize("players,mode", [(4, "competitive"), (3, "competitive"), (2, "coop"), (1, "solo")])
def test_remembered_qualifiers_equal_qualifiers_worked_out_afresh(players, mode):
    """achievements.qualifiers judges anew only the Achievements whose measures moved; after every
    action of random games its answer must equal one worked out from nothing."""
    from faeriell.engine.achievements import qualifiers
    from faeriell.engine.core import Game

    def Fresh(g):                       # the same position as a new Game: no remembered measures
        return Game(g.rules, g.state)

    rules = default_rules()
    checked = 0
    for seed in range(6):
        g = new_game(rules, players, mode, "medium", (), seed)
        rnd = random.Random(seed)
        while not g.state.game_over:
            g.apply(rnd.choice(g.legal_actions()))
            if g.state.stage == "play":
                assert qualifiers(g) == qualifiers(Fresh(g)), (seed, g.history[-1])
                checked += 1
    assert checked > 200


def test_a_face_down_draw_that_is_not_counted_is_caught(monkeypatch):
    """Game.apply marks an action random from counters (the generator, scenario draws, `reveals`)
    instead of measuring every face-down pile; with verification on, a draw that forgets to count
    itself as a reveal must fail loudly, or undo could go back past a revealed card."""
    class Forgetful(core.Game):
        # a subclass, not a patched method: a compiled Game's methods cannot be replaced
        def draw_card(self, colour):
            before = self.reveals
            card = super().draw_card(colour)
            self.reveals = before               # a draw that does not count itself
            return card

    rules = default_rules()
    with pytest.raises(AssertionError, match="face-down"):
        for seed in range(20):
            g0 = new_game(rules, 2, "competitive", "medium", (), seed)
            g = Forgetful(g0.rules, g0.state)
            g.origin, g.history = g0.origin, g0.history
            rnd = random.Random(seed)
            while not g.state.game_over:
                g.apply(rnd.choice(g.legal_actions()))
