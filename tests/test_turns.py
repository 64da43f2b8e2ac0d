"""Rounds, laps and turns (R26), set-up (General Setup, R33) and the end of a round."""
import pytest

from faeriell.content.rules_loader import default_rules
from faeriell.engine import Action, new_game, build_position, IllegalAction
from faeriell.engine.view import resolve

R = default_rules()


def setup_done(players=2, mode="competitive", difficulty="medium", seed=1, variants=()):
    g = new_game(R, players, mode, difficulty, variants, seed)
    while g.state.stage == "setup":
        g.apply(g.legal_actions()[0])
    return g


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_gives_settlements_heroes_essences(players):
    g = setup_done(players)
    s = g.state
    per = 3 if players == 2 else 2                      # two-player setup adds a Settlement
    for t in s.tribes:
        assert len(t.settlements) == per
        assert len(t.heroes) == (2 if players == 2 else 1)
        assert all(h.node for h in t.heroes.values())
        assert t.achievements == ["purity"]
    # step 22: one Essence per Region owned at that time (+1 for three players' Heartland bonus)
    assert all(len(t.essences) >= 2 for t in s.tribes)
    assert s.phase is None and s.active == s.first_player and s.round == 1


@pytest.mark.parametrize("difficulty,menace,corruption", [("easy", 3, 0), ("medium", 4, 0),
                                                           ("hard", 3, 1), ("very_hard", 3, 2)])
def test_menace_setup_by_difficulty(difficulty, menace, corruption):       # R33
    g = setup_done(2, difficulty=difficulty, seed=5)
    kinds = [g.under(gd) for gd in g.state.guardians]
    assert sum(k not in (None, "corruption") for k in kinds) == menace
    assert kinds.count("corruption") == corruption
    assert len(g.state.bag) == 21 - menace - corruption                  # R6: all else back in the bag


def test_three_laps_then_the_first_player_passes_clockwise():             # R26
    g = setup_done(2)
    order = []
    for _ in range(6):
        p = g.state.active
        order.append(p)
        tile = [a for a in g.legal_actions() if a.kind == "choose_phase"][0]
        if tile["phase"] == "event":
            tile = Action("choose_phase", phase=[x["phase"] for x in g.legal_actions()
                                                 if x["phase"] != "event"][0]) \
                if len(g.legal_actions()) > 1 else tile
        g.apply(tile)
        while g.state.phase is not None or g.state.pending is not None:
            acts = g.legal_actions()
            end = [a for a in acts if a.kind == "end_phase"]
            g.apply(end[0] if end else acts[0])
        if g.state.game_over:
            pytest.skip("the game ended early")
    assert order == [0, 1, 0, 1, 0, 1]
    assert g.state.round == 2 and g.state.first_player == 1 and g.state.active == 1
    assert all(t.phases_done == [] for t in g.state.tribes)


def test_a_phase_tile_is_used_once_a_round():
    g = build_position(R, {"players": 2, "seed": 3}, {}, [{"settlements": ["bear-river"]},
                                                           {"settlements": ["owl-river"]}],
                       {"player": 1, "phase": None, "done": ["tribe"]})
    with pytest.raises(IllegalAction) as e:
        g.apply(Action("choose_phase", phase="tribe"))
    assert "already" in e.value.reason
    g.apply(Action("choose_phase", phase="hero"))
    assert resolve(g, "phase") == "hero"
