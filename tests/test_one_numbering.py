"""One player numbering (issue 43): inside the program an action names a player by its seat,
counted from 0 like the state, the history and a pending decision; the saved form (saves,
SCENARIOS.md steps) counts players from 1, converted only by Action.to_dict / from_dict."""
from __future__ import annotations

import json
from pathlib import Path

from faeriell.content.rules_loader import default_rules
from faeriell.engine import Action
from faeriell.engine.saves import dumps, loads
from faeriell.scenario import load, start

R = default_rules()
TWO_RIVALS = Path(__file__).parent / "scenarios" / "hero" / "hero-advanced-rule-two-rivals.yaml"


def _asked_for_a_rival():
    """Three players, the advanced Menace rule: player 1's full Blue track asks whose token steps
    back (players 2 and 3, seats 1 and 2)."""
    g = start(load(TWO_RIVALS), R)
    g.apply(Action("solve_menace", hero="shaman", guardian="toad"))
    assert g.state.pending is not None and g.state.pending["kind"] == "menace_rival"
    return g


def test_legal_actions_count_seats_from_0_and_a_save_counts_players_from_1():
    g = _asked_for_a_rival()
    listed = [a for a in g.legal_actions() if a.kind == "menace_rival"]
    assert sorted(a["target"] for a in listed) == g.state.pending["rivals"] == [1, 2]
    g.apply(next(a for a in listed if a["target"] == 2))           # the third player's token
    assert g.state.tribes[2].solved["blue"] == 0 and g.state.tribes[1].solved["blue"] == 3

    text = dumps(g)
    saved = json.loads(text)["actions"]
    assert saved[-1] == {"action": "menace_rival", "target": 3}     # player 3 in the file
    again = loads(R, text)
    assert again.history[-1]["action"] == Action("menace_rival", target=2)
    assert again.state.tribes[2].solved["blue"] == 0


def test_the_saved_form_converts_every_player_field_and_nothing_else():
    a = Action.from_dict({"action": "beacon_solve", "region": "bear-river", "guardian": "bear",
                          "target": 2, "player": "1"})
    assert a["target"] == 1 and a["player"] == 0
    assert a.to_dict() == {"action": "beacon_solve", "region": "bear-river", "guardian": "bear",
                           "target": 2, "player": 1}
    # a Corruption Event's target is a Guardian or Doom, not a player: kept as it is
    c = Action.from_dict({"action": "corruption", "choice": "cleanse_corruption", "target": "doom", "pay": ["red"]})
    assert c["target"] == "doom" and c.to_dict()["target"] == "doom"
    # a value that is no player number stays as written, for the checks to refuse in words
    assert Action.from_dict({"action": "menace_rival", "target": "p2"})["target"] == "p2"
    assert Action.from_dict({"action": "menace_rival", "target": True})["target"] is True


def test_a_refused_rival_is_named_by_its_tribe():
    g = _asked_for_a_rival()
    why = g.why_not(Action("menace_rival", target=0))         # the solver itself
    assert why is not None and g.tribe_name(1) in why and g.tribe_name(2) in why
    assert g.why_not(Action("menace_rival", target=2)) is None
    assert g.why_not(Action("menace_rival", target=2, player=0)) is None
    assert g.why_not(Action("menace_rival", target=2, player=1)) == \
        f"It is not {g.tribe_name(1)}'s move: {g.tribe_name(0)} must act now."
