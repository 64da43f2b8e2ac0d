"""Why no move of a piece is legal (engine.explain.why_none), from the kind's spec: the moves
tried are each field's type's values (the tribe's own first), narrowed where one field bounds
another (a Hero's step, a Settlement's move, a Guardian's Area), with no branch per kind (issue 43
item 4). The reasons are the engine's why_not of the nearest of them."""
from __future__ import annotations

import ast
from pathlib import Path

from faeriell.content.rules_loader import default_rules
from faeriell.engine.action_schema import SPECS
from faeriell.engine.explain import candidates, why_none
from faeriell.engine.position import build

R = default_rules()


def game(turn, p1=None, board=None):
    t1 = {"settlements": ["bear-mountain", "bear-river"],
          "heroes": {"druid": {"node": {"near": "bear-forest"}}},
          "essences": ["blue", "blue", "green"]}
    t1.update(p1 or {})
    t2 = {"settlements": ["wolf-mountain", "wolf-meadow"], "heroes": {"shaman": {"node": {"near": "wolf-river"}}}}
    setup = {"players": 2, "mode": "competitive", "difficulty": "medium", "seed": 7, "position": "empty"}
    return build(R, setup, board or {}, [t1, t2], turn)


def test_a_cost_nobody_can_pay_is_said_once_in_the_cards_words():
    g = game({"player": 1, "phase": "tribe"})
    why = why_none(g, "build_beacon", color="red")
    # the payment's refusal already says "1 of any colour": said again it read "of of any colour colour"
    assert why == "It costs 1 Red + 1 Yellow + 1 of any colour; you have 2 Blue, 1 Green.", why


def test_the_totem_is_refused_at_the_tribes_beacon_before_its_other_settlements():
    # the Totem already stands on the tribe's only Beacon: that is the reason, though most Regions
    # (the other Settlement, the board) would say it goes on a Region with a Beacon
    g = game({"player": 1, "phase": "tribe"}, {"beacons": {"bear-mountain": "red"}, "essences": ["yellow"]},
             {"totem": {"region": "bear-mountain"}})
    assert why_none(g, "control_totem") == "The Totem is already there."


def test_a_herb_without_a_lore_action_says_so_not_which_hero_to_choose():
    g = game({"player": 1, "phase": "hero"}, {"herbs": ["herb-forest"]})
    why = why_none(g, "lore", card="herb-forest")
    assert why is not None and "no Lore Action" in why, why
    assert "Forest" in why and "herb-" not in why, why


def test_a_field_bounded_by_another_is_tried_only_where_it_can_go():
    g = game({"player": 1, "phase": "hero"})
    b = g.rules.board
    here = g.state.tribes[0].heroes["druid"].node
    steps = {a["to"] for _, a in candidates(g, "move_hero", {"hero": "druid"})}
    assert steps == set(b.node_adj[here])
    g = game({"player": 1, "phase": "tribe"})
    moves = [a for _, a in candidates(g, "move_settlement", {})]
    assert moves and all(a["to"] in b.region_adj[a["from"]] for a in moves)
    assert {a["from"] for a in moves} <= set(b.regions)
    at = g.state.guardians["bear"]["region"]
    regions = {a["region"] for _, a in candidates(g, "move_guardian", {"guardian": "bear"})}
    assert regions == set(b.areas["bear"]) - {at}


def test_the_tribes_own_places_come_first_and_the_given_fields_stay():
    g = game({"player": 1, "phase": "tribe"})
    aims = candidates(g, "build_beacon", {"color": "red"})
    assert all(a["color"] == "red" and a.get("pay") == () for _, a in aims)
    nearest = [a["region"] for far, a in aims if far == aims[0][0]]      # no Beacon yet: the Settlements
    assert sorted(nearest) == ["bear-mountain", "bear-river"]
    assert [far for far, _ in aims] == sorted(far for far, _ in aims)
    assert {a["region"] for _, a in aims} == set(g.rules.board.regions)


def test_explain_names_no_kind_of_move():
    # the candidates come from the spec: no kind is named in the module's code (its docstrings
    # give examples; "corruption" is a colour too)
    # the module's source file (not inspect.getsource: a compiled engine has none to give)
    source = Path(__file__).resolve().parents[1] / "faeriell" / "engine" / "explain.py"
    tree = ast.parse(source.read_text(encoding="utf-8"))
    docs = {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef)) and node.body
            and isinstance(node.body[0], ast.Expr)}
    named = {node.value for node in ast.walk(tree)
             if isinstance(node, ast.Constant) and id(node) not in docs and node.value in SPECS}
    assert named - {"corruption"} == set(), named
