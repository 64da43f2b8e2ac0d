"""Every cost said before it is paid (issue 41, item 4): a choice that also loses an Achievement,
moves Doom or raises Tribe Corruption says so on its tile before the click, from the engine's own
preview of the move (engine.consequences); a draw's luck is never given away."""
from __future__ import annotations

from test_table_polish import _ask, decision_game  # first: sets the dummy video driver
from test_table_support import Table

import pygame  # noqa: E402
import pytest  # noqa: E402

import random  # noqa: E402

from faeriell.content.rules_loader import default_rules  # noqa: E402
from faeriell.engine.actions import Action  # noqa: E402
from faeriell.engine.consequences import Consequence, _outcome, _shuffled_world, consequences, cost_words  # noqa: E402
from faeriell.engine.setup import new_game  # noqa: E402
from faeriell.engine.names import Names  # noqa: E402
from faeriell.engine.state import to_dict  # noqa: E402


@pytest.fixture(autouse=True)
def _display():
    yield
    pygame.display.quit()


def holding_the_cleanser():
    """A tribe that cleansed while pure and claimed the Corruption Cleanser (R32), then meets
    another Corruption Event."""
    g = decision_game("corruption")
    g.apply(Action("corruption", choice="cleanse_corruption", pay=("green",), target="doom"))
    claim = next(a for a in g.legal_actions() if a.get("pay") == "doom")
    g.apply(claim)
    assert "cleanser" in g.state.tribes[0].achievements
    return _ask(g, 0, "corruption", token=None, guardian="bear", reward_track=False)


def tile(t, choice: str):
    return next((r, o) for r, o in t.scene.decision.choice.rects if o.actions[0].get("choice") == choice)


def test_ignore_names_the_achievement_it_loses_and_the_click_keeps_its_word():
    t = Table(holding_the_cleanser(), size=(1280, 800))
    t.frame()
    rect, ignore = tile(t, "ignore")
    assert ignore.label.startswith("Ignore: Doom")
    assert "you lose the Corruption Cleanser Achievement" in ignore.label
    assert ignore.label.count("Doom") == 1             # the label's own Doom +1 is not said twice
    _r, yld = tile(t, "yield")
    assert "you lose the Corruption Cleanser Achievement" in yld.label
    drawn = " ".join(" ".join(lines) for lines in t.scene.decision.choice.said)
    assert "Corruption Cleanser" in drawn               # on the tile, whole, before the click
    doom = t.state.doom
    t.click(rect.center)
    assert "cleanser" not in t.state.tribes[0].achievements and t.state.doom == doom + 1


def test_a_tile_says_nothing_more_when_the_move_costs_nothing_more():
    t = Table(decision_game("corruption"), size=(1280, 800))   # a tribe without the Cleanser
    _r, ignore = tile(t, "ignore")
    assert ignore.label.replace("\u00a0", " ") == "Ignore: Doom +1"


def test_consequences_come_from_the_engines_own_move_and_leave_the_game_alone():
    g = holding_the_cleanser()
    before = to_dict(g.state)
    ignore = Action("corruption", choice="ignore")
    cons = consequences(g, ignore)
    assert Consequence("lose", 1, 0, "cleanser") in cons
    assert Consequence("doom", 1, cause="Ignore Corruption") in cons
    assert cost_words(cons, Names.of(g.rules), 0)[0] == "you lose the Corruption Cleanser Achievement"
    assert cost_words(cons, Names.of(g.rules), 1, who=lambda k: "Mossback")[0] == \
        "Mossback loses the Corruption Cleanser Achievement"
    assert g.state.pending["kind"] == "corruption" and "cleanser" in g.state.tribes[0].achievements
    assert to_dict(g.state) == before                   # played on copies only
    assert consequences(g, Action("corruption", choice="nonsense")) == ()   # refused: no preview


def test_a_draw_never_gives_its_luck_away():
    """A Menace Draft's Doom depends on the tokens drawn: what the preview tells of it must hold
    in every dealing of the bag, so a Doom step from a lucky draw is never announced."""
    rules = default_rules()
    checked = 0
    for seed in range(40):
        g = new_game(rules, players=1, mode="solo", difficulty="medium", seed=seed)
        r = random.Random(seed)
        while not g.state.game_over and checked < 6:
            acts = list(g.legal_actions())
            draft = [a for a in acts if a.kind == "draft"]
            if draft:
                told = consequences(g, draft[0])
                # what was told holds again in worlds dealt anew (other than those it asked)
                for k in range(6, 10):
                    other = _outcome(_shuffled_world(g, k), draft[0])
                    assert other is not None
                    for c in told:
                        assert other[0][c] >= 1, (seed, c)
                checked += 1
            g.apply(r.choice(acts))
        if checked >= 6:
            break
    assert checked >= 6
