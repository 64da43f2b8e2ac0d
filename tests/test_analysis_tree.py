"""The analysis board's tree of variations: play, back, forward, jump, delete, promote; the Game at a node."""
from __future__ import annotations

import pytest

from faeriell import analysis as an
from faeriell.content.rules_loader import default_rules
from faeriell.engine.actions import Action
from faeriell.engine.state import to_dict

RULES = default_rules()


def start_position():
    pos = an.empty_position(rules=RULES)
    pos = an.place_settlement(pos, 0, "bear-mountain", rules=RULES)
    pos = an.place_hero(pos, 0, "druid", "bear-meadow+bear-river+owl-forest", rules=RULES)
    pos = an.set_essences(pos, 0, "red", 2, rules=RULES)
    assert isinstance(pos, an.Position)
    return pos


TRIBE = Action("choose_phase", phase="tribe")
HERO = Action("choose_phase", phase="hero")
END = Action("end_phase")


def test_two_branches_step_back_and_forth():
    tree = an.Tree(start_position(), RULES)
    a = tree.play(TRIBE)
    b = tree.play(END)
    assert tree.current == b.id and [n.id for n in tree.main_line()] == [a.id, b.id]
    tree.back()
    tree.back()
    assert tree.current == 0
    h = tree.play(HERO)                                  # a second branch at the root
    assert tree.nodes[0].children == [a.id, h.id]
    assert h.text and "hero" in h.text.lower()
    tree.back()
    assert tree.forward().id == a.id                     # forward follows the main line
    assert tree.forward().id == b.id
    tree.jump(h.id)
    assert tree.game().state.phase == "hero"
    tree.jump(a.id)
    assert tree.game().state.phase == "tribe"
    # playing a move that is already a child follows it, no duplicate
    tree.jump(0)
    assert tree.play(HERO).id == h.id and len(tree.nodes[0].children) == 2


def test_the_game_at_a_node_is_the_line_replayed_and_a_copy():
    tree = an.Tree(start_position(), RULES)
    tree.play(TRIBE)
    tree.play(END)
    direct = an.build(tree.root, RULES)
    for a in tree.line():
        direct.apply(a)
    g = tree.game()
    assert to_dict(g.state) == to_dict(direct.state)
    g.apply(g.legal_actions()[0])                         # changing the copy changes nothing kept
    assert to_dict(tree.game().state) == to_dict(direct.state)
    tree._cache.clear()                                   # and without a cached copy: replayed from the root
    tree._cache[0] = an.build(tree.root, RULES)
    assert to_dict(tree.game().state) == to_dict(direct.state)


def test_a_refused_move_says_why_and_leaves_the_tree_alone():
    tree = an.Tree(start_position(), RULES)
    with pytest.raises(an.AnalysisError) as e:
        tree.play(Action("build_settlement", region="owl-river", pay=("red", "red")))
    assert "owl-river" not in str(e.value) and "\n" not in str(e.value)
    assert e.value.rule_kind == "build_settlement"                  # F1 opens that move's rules
    assert tree.current == 0 and tree.nodes[0].children == []


def test_delete_and_promote():
    tree = an.Tree(start_position(), RULES)
    a = tree.play(TRIBE)
    b = tree.play(END)
    tree.jump(0)
    h = tree.play(HERO)
    tree.promote(h.id)
    assert [n.id for n in tree.main_line()] == [h.id]
    tree.jump(b.id)
    tree.delete(a.id)                                     # the current node was inside: it moves up
    assert tree.current == 0 and a.id not in tree.nodes and b.id not in tree.nodes
    assert tree.nodes[0].children == [h.id]
    with pytest.raises(an.AnalysisError):
        tree.delete(0)
    with pytest.raises(an.AnalysisError):
        tree.jump(b.id)


def test_a_live_moment_is_played_on_its_position_s_own_build():
    import random
    from faeriell.engine.setup import new_game
    g = new_game(RULES, 2, "competitive", "medium", [], 17)
    chooser = random.Random(17)
    while not (len(g.history) > 40 and an.representable(g) is None):
        g.apply(chooser.choice(list(g.legal_actions())))
    tree = an.Tree.from_game(g)
    assert to_dict(tree.game(0).state) == to_dict(an.board_game(g).state)
    assert an.from_game(an.board_game(g)) == an.from_game(g)
