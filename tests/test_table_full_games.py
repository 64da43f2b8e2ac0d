"""Whole games played with the mouse only, from set-up to the end (issue: the table).

A seeded picker chooses among the engine's legal moves; every move is then made by real mouse
events on the table (drags, clicks, the payment tray, the decision bar) and must reach the engine
as exactly that move. The game must end, and no invariant may break on the way.
"""
import random

import pytest

from faeriell.engine import invariants
from test_table_support import Table, same_move  # first: sets the dummy video driver

GAMES = [
    ("2-player hot-seat", {"players": 2, "mode": "competitive", "difficulty": "hard"}, 3),
    ("solo", {"players": 1, "mode": "solo", "difficulty": "hard"}, 5),
    ("3-player coop", {"players": 3, "mode": "coop", "difficulty": "very_hard"}, 7),
]


@pytest.mark.parametrize("label,cfg,seed", GAMES, ids=[g[0] for g in GAMES])
def test_a_whole_game_by_mouse(label, cfg, seed):
    from faeriell.content.rules_loader import default_rules
    from faeriell.engine import new_game
    game = new_game(default_rules(), cfg["players"], cfg["mode"], cfg["difficulty"], (), seed)
    t = Table(game, seats=["human"] * cfg["players"], curtain=cfg["players"] > 1)
    pick = random.Random(seed)
    moves = 0
    while not t.game.state.game_over:
        assert moves < 1500, "the game did not end"
        if t.scene.curtain_layer.tribe is not None:          # hot-seat: pass the screen to the next tribe
            t.click((5, 5))
        legal = t.game.legal_actions()
        # Prefer ending phases now and then so games move on as people play them.
        ends = [a for a in legal if a.kind == "end_phase"]
        a = ends[0] if ends and pick.random() < 0.35 else pick.choice(legal)
        before = len(t.game.history)
        t.perform(a)
        made = t.game.history[before:]
        assert made and same_move(made[0]["action"], a), f"move {moves}: wanted {a}, table made " \
            f"{made[0]['action'] if made else None} ({t.scene.message})"
        assert invariants.check(t.game) == []
        moves += 1
    assert t.game.state.end_reason
    print(label, moves, "moves,", t.game.state.round, "rounds:", t.game.state.end_reason)
