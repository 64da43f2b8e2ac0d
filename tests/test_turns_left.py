"""engine.turns.phases_left: the Phases every tribe still plays this round (R26: each Phase tile
once a round), the one being played not counted; the puzzle proofs' colour fold reads it."""
from __future__ import annotations

from faeriell.content.rules_loader import default_rules
from faeriell.engine import new_game
from faeriell.engine.turns import PHASES, phases_left


def test_phases_left_counts_down_through_a_round():
    g = new_game(default_rules(), 2, "coop", "medium", [], 3)
    while g.state.stage != "play" or not g.state.phase:
        g.apply(g.legal_actions()[0])
    s = g.state
    left = phases_left(s)
    assert len(left) == 2 * len(PHASES) - 1 - sum(len(t.phases_done) for t in s.tribes)
    start_round, seen = s.round, [len(left)]
    while g.state.round == start_round and not g.state.game_over:
        g.apply(next((a for a in g.legal_actions() if a.kind == "end_phase"), g.legal_actions()[0]))
        if g.state.round == start_round and g.state.phase:
            seen.append(len(phases_left(g.state)))
    assert seen == sorted(seen, reverse=True) and seen[-1] == 0, seen
