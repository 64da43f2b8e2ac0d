"""The coach on the analysis board: at least three moves with plan, reason and chance, the table's
hint first, and a word that the hidden things were imagined."""
from __future__ import annotations

import re

import pytest

from faeriell import analysis as an
from faeriell.bots import hint
from faeriell.content.rules_loader import default_rules
from faeriell.engine.actions import Action

RULES = default_rules()
IDS = re.compile(r"\b[a-z]+-[a-z]+\b|[a-z]+@[a-z]+|\bR\d{1,2}\b")
WORK = {"seconds": 0.3, "worlds": 2, "iterations": 6}      # fixed work: the same answer every run


def seeded_game():
    pos = an.empty_position(players=2, seed=9, rules=RULES)
    pos = an.place_settlement(pos, 0, "bear-mountain", rules=RULES)
    pos = an.place_hero(pos, 0, "druid", "bear-meadow+bear-river+owl-forest", rules=RULES)
    pos = an.set_essences(pos, 0, "red", 2, rules=RULES)
    pos = an.set_essences(pos, 0, "green", 1, rules=RULES)
    assert isinstance(pos, an.Position)
    tree = an.Tree(pos, RULES)
    tree.play(Action("choose_phase", phase="tribe"))
    return tree.game()


def test_the_coach_lists_three_moves_with_plan_reason_and_chance():
    g = seeded_game()
    ans = an.coach_moves(g, n=3, **WORK)
    assert len(ans.moves) >= 3
    assert ans.player == 0 and ans.imagined and "imagined" in ans.note
    legal = set(g.legal_actions())
    for m in ans.moves:
        assert m.action in legal
        assert m.label and m.plan and m.plan[0] == m.label and m.reason
        assert 0.0 <= m.chance <= 1.0
        for text in (m.label, m.reason, *m.plan):
            assert not IDS.search(text), text
    assert len({m.action for m in ans.moves}) == len(ans.moves)
    # the first is the table's own hint, with its reason
    pick, reason = hint(g, budget=WORK["seconds"], iterations=WORK["iterations"])
    assert ans.moves[0].coach_pick and ans.moves[0].action == pick and ans.moves[0].reason == reason
    assert [m.chance for m in ans.moves[1:]] == sorted((m.chance for m in ans.moves[1:]), reverse=True)
    # the same question, the same answer (seeded)
    again = an.coach_moves(g, n=3, **WORK)
    assert [m.action for m in again.moves] == [m.action for m in ans.moves]


def test_fewer_moves_than_asked_when_fewer_are_legal_and_none_at_the_end():
    g = seeded_game()
    ans = an.coach_moves(g, n=50, **WORK)
    distinct = {a.without("pay", "discounts") for a in g.legal_actions()}
    assert 3 <= len(ans.moves) <= len(distinct)
    over = an.build(an.empty_position(rules=RULES), RULES)
    over.state.game_over = True
    with pytest.raises(an.AnalysisError):
        an.coach_moves(over, **WORK)


def test_the_chance_beside_a_node_is_the_coach_measure_of_that_move():
    from faeriell.bots.win_chance import chance_after
    pos = an.empty_position(players=2, seed=9, rules=RULES)
    pos = an.place_settlement(pos, 0, "bear-mountain", rules=RULES)
    tree = an.Tree(pos, RULES)
    node = tree.play(Action("choose_phase", phase="event"))
    assert an.node_chance(tree, 0) is None
    got = an.node_chance(tree, node.id, worlds=2)
    want = chance_after(tree.game(0), 0, [node.action], worlds=2)[0]
    assert got == want and tree.nodes[node.id].chance == got and 0.0 <= got <= 1.0
