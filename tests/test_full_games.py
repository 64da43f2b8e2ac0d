"""Whole games from set-up to the end, move by move through the engine (issue: the rules engine).

The moves come from the heuristic bot (it only ever picks from the engine's legal list); each game
is then checked as a save: its actions replay from the seed to the same final state.
"""
import pytest

from faeriell.bots import make_bot
from faeriell.content.rules_loader import default_rules
from faeriell.engine import new_game
from faeriell.engine.saves import dumps, load
from faeriell.engine.state import to_dict

R = default_rules()


def play(players, mode, difficulty, seed, limit=4000):
    g = new_game(R, players, mode, difficulty, (), seed)
    bots = [make_bot("heuristic", seed * 10 + k) for k in range(players)]
    for _ in range(limit):
        if g.state.game_over:
            break
        p = g.acting
        g.apply(bots[p].choose(g, p))
    assert g.state.game_over, "the game did not end"
    assert to_dict(load(R, dumps(g)).state) == to_dict(g.state)      # the scripted actions replay
    return g


def test_two_players_play_to_a_winner_by_achievements():
    ends = []
    for seed in range(10):
        g = play(2, "competitive", "medium", seed)
        ends.append(g.state.end_reason)
        if g.state.winners and "Achievements" in g.state.end_reason:
            winner = g.state.winners[0]
            assert len(g.state.tribes[winner].achievements) >= 5
            assert g.state.ranking[0] == winner
            return
    pytest.fail(f"no Achievement win in 10 seeded games: {ends}")


@pytest.mark.parametrize("players,mode", [(1, "solo"), (3, "coop")])
def test_solo_and_coop_play_to_their_end(players, mode):
    g = play(players, mode, "easy", 2)
    assert g.state.end_reason
    if g.state.winners:                                   # coop/solo win together or not at all
        assert g.state.winners == list(range(players))
